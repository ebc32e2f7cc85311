/// Renders a diagnostic with the source line and a caret under the offending bytes, the one
/// layout used everywhere (STYLE.md, "Carets"):
///
/// ```
/// error: typographic quote '”' is not a string delimiter; use '"' [typographic-quote]
///  --> ShareExtension/Info.plist:31:61
///    |
/// 31 |   ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO ”public.image”
///    |                                                             ^ typographic quote
///    = help: replace '”' with '"'
/// ```
///
/// Lines longer than `maximumWidth` columns are cut around the caret and marked with `…`. The source line,
/// the message, the labels, the notes and the file's name come from input: they are printed through
/// `PrintableText`, a control character in the excerpt shown as its escape with the caret still under it.
public struct CaretRenderer: Sendable {
  /// Whether to use ANSI colours (only on a terminal, never under `NO_COLOR`: the caller decides).
  public var colour: Bool
  /// The widest source excerpt shown, in columns.
  public var maximumWidth: Int

  /// A renderer; colours off by default.
  public init(colour: Bool = false, maximumWidth: Int = 100) {
    self.colour = colour
    self.maximumWidth = maximumWidth
  }

  /// One note or help line under the snippet.
  public struct Annotation: Sendable {
    /// `note` or `help`.
    public var kind: String
    /// The text.
    public var message: String
    /// Where it points, when it points somewhere.
    public var range: ByteRange?

    /// An annotation of `kind` saying `message`.
    public init(kind: String, message: String, range: ByteRange? = nil) {
      self.kind = kind
      self.message = message
      self.range = range
    }
  }

  /// Renders any diagnostic: a headline, the location, the excerpt with its caret, then notes.
  public func render(
    severity: Severity, message: String, code: String?, range: ByteRange?, label: String?,
    annotations: [Annotation], in source: SourceText
  ) -> String {
    var lines: [String] = []
    let codeSuffix = code.map { " [\($0)]" } ?? ""
    lines.append(paint(severity.rawValue, severity) + bold(": " + PrintableText.escaped(message)) + codeSuffix)
    let name = PrintableText.path(source.name)
    guard let range else {
      lines.append(" --> " + name)
      lines += annotations.map { "   = \($0.kind): \(PrintableText.escaped($0.message))" }
      return lines.joined(separator: "\n")
    }
    let start = source.position(of: range.start)
    let gutter = String(repeating: " ", count: String(start.line).count)
    lines.append(gutter + "--> \(name):\(start.line):\(start.column)")
    lines.append(snippet(severity: severity, range: range, label: label, annotations: annotations, in: source))
    return lines.joined(separator: "\n")
  }

  /// The excerpt with its caret and the annotations, without headline or location: what the
  /// lint reporter prints under its own `file:line:col: …` line.
  public func snippet(
    severity: Severity, range: ByteRange, label: String?, annotations: [Annotation], in source: SourceText
  ) -> String {
    var output = ""
    writeSnippet(severity: severity, range: range, label: label, annotations: annotations, in: source, into: &output)
    output.removeLast()
    return output
  }

  /// `snippet`, each line ended by a line feed, appended to `output`: a report of thousands of
  /// findings writes them without building and joining an array of lines for each.
  public func writeSnippet(
    severity: Severity, range: ByteRange, label: String?, annotations: [Annotation], in source: SourceText,
    into output: inout String
  ) {
    let start = source.position(of: range.start)
    let lineNumber = String(start.line)
    let gutter = String(repeating: " ", count: lineNumber.count)
    output += gutter
    output += " |\n"
    let (excerpt, caretColumn, caretWidth) = excerptLine(for: range, in: source)
    output += lineNumber
    output += " | "
    output += excerpt.text
    output += "\n"
    output += gutter
    output += " | "
    output += excerpt.padding(upTo: caretColumn)
    output += paint(String(repeating: "^", count: max(1, caretWidth)), severity)
    if let label {
      output += " "
      output += PrintableText.escaped(label)
    }
    output += "\n"
    for annotation in annotations {
      output += "\(gutter) = \(annotation.kind): \(PrintableText.escaped(annotation.message))"
      if let pointed = annotation.range {
        let position = source.position(of: pointed.start)
        output += " (\(PrintableText.path(source.name)):\(position.line):\(position.column))"
      }
      output += "\n"
    }
  }

  // MARK: - Excerpt

  struct Excerpt {
    /// The line as shown: escapes for its control characters, cut around the caret.
    var text: String
    /// The scalars of `text`, to align the caret (tabs are kept so it lines up in a terminal).
    var scalars: [Unicode.Scalar]

    func padding(upTo column: Int) -> String {
      let blanks = scalars.prefix(column).map { $0 == "\t" ? UInt8(ascii: "\t") : UInt8(ascii: " ") }
      return String(decoding: blanks, as: UTF8.self)
    }
  }

  /// The line holding `range.start` as shown (`PrintableText` escapes in place of its control
  /// characters), cut to `maximumWidth` around the caret, with the caret's 0-based column and width in
  /// that excerpt.
  func excerptLine(for range: ByteRange, in source: SourceText) -> (Excerpt, Int, Int) {
    let lineIndex = source.lineIndex(of: range.start)
    let lineStart = source.lineStarts[lineIndex]
    let lineBytes = source.lineBytes(lineIndex)
    let lineText = String(decoding: lineBytes, as: UTF8.self)
    let lineScalars = Array(lineText.unicodeScalars)
    let lineEnd = lineStart + lineBytes.count
    // The line as shown, and where each of its scalars starts in it (one more: where the line ends); nearly
    // every line needs no escape and is shown as it is.
    var scalars = lineScalars
    var shownColumns: [Int]?
    if !PrintableText.isPrintable(lineText) {
      scalars = []
      var columns: [Int] = []
      columns.reserveCapacity(lineScalars.count + 1)
      for index in lineScalars.indices {
        columns.append(scalars.count)
        if let escape = PrintableText.escape(at: index, in: lineScalars) {
          scalars += escape.unicodeScalars
        } else {
          scalars.append(lineScalars[index])
        }
      }
      columns.append(scalars.count)
      shownColumns = columns
    }
    /// Where the scalar at the 1-based `column` of the line starts in what is shown.
    func shown(_ column: Int) -> Int {
      let index = max(0, min(column - 1, lineScalars.count))
      return shownColumns?[index] ?? index
    }
    let startColumn = shown(source.position(of: range.start).column)
    let endColumn = shown(source.position(of: min(max(range.end, range.start), lineEnd)).column)
    var width = max(1, endColumn - startColumn)
    guard scalars.count > maximumWidth else {
      let text = shownColumns == nil ? lineText : String(String.UnicodeScalarView(scalars))
      return (Excerpt(text: text, scalars: scalars), startColumn, width)
    }
    let half = maximumWidth / 2
    let windowStart = max(0, min(startColumn - half, scalars.count - maximumWidth))
    let windowEnd = min(scalars.count, windowStart + maximumWidth)
    var shown = Array(scalars[windowStart..<windowEnd])
    var caret = startColumn - windowStart
    if windowStart > 0 {
      shown.insert("…", at: 0)
      caret += 1
    }
    if windowEnd < scalars.count { shown.append("…") }
    width = min(width, max(1, shown.count - caret))
    return (Excerpt(text: String(String.UnicodeScalarView(shown)), scalars: shown), caret, width)
  }

  // MARK: - Colour

  private func paint(_ text: String, _ severity: Severity) -> String {
    TerminalStyle(isEnabled: colour).severity(text, severity)
  }

  private func bold(_ text: String) -> String { TerminalStyle(isEnabled: colour).bold(text) }
}

/// The public entry point: parses a predicate format string into a `PredicateNode`.
///
/// ```swift
/// let outcome = PredicateParser.parse("ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\"")
/// if let predicate = outcome.predicate { … } else { print(outcome.diagnostics) }
/// ```
import SharelintBase

public enum PredicateParser {
  /// How deep the parser may descend (parentheses, operands, arguments), and how high the tree may be
  /// (`PredicateNode.height`), left-deep chains such as `a[0][0]…` or `1 + 1 + …` included: code
  /// walking a tree the parser built recurses at most this deep. Real rules nest a dozen levels. The
  /// bound was 512; under AddressSanitizer, whose unoptimized frames take some 4 KiB in the larger
  /// productions, 512 parenthesized expressions (four frames each) filled the 8 MiB stack of a
  /// Dispatch worker thread, where lint runs its rules. 256 leaves half of it.
  public static let maximumNesting = 256

  /// How long a predicate may be, in UTF-8 bytes: the lexer's tokens take some 50 bytes each, and
  /// real activation rules are a few hundred bytes long, a few thousand when generated.
  public static let maximumLength = 1 << 20

  /// The result of a parse.
  public struct Outcome: Sendable {
    /// The tree, when the text parsed (in lenient mode, possibly with diagnostics too).
    public var predicate: PredicateNode?
    /// Every problem found, in source order. In strict mode a failed parse has exactly one error.
    public var diagnostics: [SyntaxDiagnostic]

    /// Whether the text parsed without any error.
    public var isValid: Bool { predicate != nil && !diagnostics.contains { $0.severity == .error } }
  }

  /// Parses `text`. In `lenient` mode typographic quotes act as quotes and are reported as errors
  /// (with their fix), but the tree is still built so later analysis can go on.
  public static func parse(_ text: String, lenient: Bool = false) -> Outcome {
    parse(bytes: Array(text.utf8), lenient: lenient)
  }

  /// Parses UTF-8 `bytes`; see `parse(_:lenient:)`.
  public static func parse(bytes: [UInt8], lenient: Bool = false) -> Outcome {
    guard bytes.count <= maximumLength else {
      let message = "the predicate is longer than \(maximumLength) bytes (1 MiB); sharelint reads no further"
      return Outcome(predicate: nil, diagnostics: [
        SyntaxDiagnostic(.predicateTooLong, message, at: .empty(at: maximumLength))
      ])
    }
    let strict = parseOnce(bytes, lenient: false)
    switch strict {
    case .success(let predicate):
      return Outcome(predicate: predicate, diagnostics: [])
    case .failure(let failure):
      guard bytes.containsTypographicQuote else {
        return Outcome(predicate: nil, diagnostics: [failure.diagnostic])
      }
      // Typographic quotes are the likely culprit: read them as quotes and see whether that parses.
      let relaxed = parseOnce(bytes, lenient: true)
      if case .success(let predicate) = relaxed {
        let quotes = failure.lenientDelimiters(bytes)
        let diagnostics = typographicQuoteDiagnostics(quotes, in: bytes, failure: failure.diagnostic)
        return Outcome(predicate: lenient ? predicate : nil, diagnostics: lenient ? diagnostics : [diagnostics[0]])
      }
      if let explained = explainWithTypographicQuote(failure, in: bytes) {
        return Outcome(predicate: nil, diagnostics: [explained])
      }
      return Outcome(predicate: nil, diagnostics: [failure.diagnostic])
    }
  }

  // MARK: - One pass

  struct Failure: Error {
    var diagnostic: SyntaxDiagnostic
    var typographicQuotesInStrings: [ByteRange]

    func lenientDelimiters(_ bytes: [UInt8]) -> [ByteRange] {
      (try? Lexer.lex(bytes, lenient: true).typographicDelimiters) ?? []
    }
  }

  static func parseOnce(_ bytes: [UInt8], lenient: Bool) -> Result<PredicateNode, Failure> {
    let lexed: LexedText
    do {
      lexed = try Lexer.lex(bytes, lenient: lenient)
    } catch {
      return .failure(Failure(diagnostic: error, typographicQuotesInStrings: []))
    }
    do {
      var parser = try Parser(lexed, bytes: bytes)
      return .success(try parser.parseTopLevel())
    } catch {
      return .failure(Failure(diagnostic: error, typographicQuotesInStrings: lexed.typographicQuotesInStrings))
    }
  }

  // MARK: - Typographic quotes

  /// One diagnostic per typographic quote read as a delimiter; the first carries the fix for all.
  static func typographicQuoteDiagnostics(
    _ quotes: [ByteRange], in bytes: [UInt8], failure: SyntaxDiagnostic
  ) -> [SyntaxDiagnostic] {
    let edits = quotes.map { range in
      TextEdit(range: range, replacement: bytes.isDoubleTypographicQuote(at: range.start) ? "\"" : "'")
    }
    let fix = FixIt(
      title: quotes.count == 1 ? "replace the typographic quote" : "replace the \(quotes.count) typographic quotes",
      edits: edits, applicability: .safe)
    return quotes.enumerated().map { index, range in
      let quote = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
      let ascii = bytes.isDoubleTypographicQuote(at: range.start) ? "\"" : "'"
      return SyntaxDiagnostic(
        .typographicQuote, "typographic quote '\(quote)' is not a string delimiter; use '\(ascii)'",
        at: range, label: "typographic quote",
        fixIts: index == 0 ? [fix] : [])
    }
  }

  /// When a string literal swallowed a typographic quote and parsing then failed further on, the
  /// quote is where the author went wrong: point there, and keep the far-away failure as a note.
  static func explainWithTypographicQuote(_ failure: Failure, in bytes: [UInt8]) -> SyntaxDiagnostic? {
    if failure.diagnostic.id == .typographicQuote {
      var diagnostic = failure.diagnostic
      let quotes = allTypographicQuotes(in: bytes)
      if quotes.count > 1 {
        diagnostic.fixIts = typographicQuoteDiagnostics(quotes, in: bytes, failure: diagnostic)[0].fixIts
      }
      return diagnostic
    }
    guard let quote = failure.typographicQuotesInStrings.first(where: { $0.start < failure.diagnostic.range.end })
    else { return nil }
    let text = String(decoding: bytes[quote.start..<quote.end], as: UTF8.self)
    let ascii = bytes.isDoubleTypographicQuote(at: quote.start) ? "\"" : "'"
    let replacement = TextEdit(range: quote, replacement: ascii)
    return SyntaxDiagnostic(
      .typographicQuote,
      "typographic quote '\(text)' does not close the string; use '\(ascii)'",
      at: quote, label: "typographic quote",
      notes: [.init(message: "the string runs on, and parsing fails here: \(failure.diagnostic.message)",
                    range: failure.diagnostic.range)],
      fixIts: [FixIt(title: "replace '\(text)' with '\(ascii)'", edits: [replacement], applicability: .safe)])
  }

  static func allTypographicQuotes(in bytes: [UInt8]) -> [ByteRange] {
    var ranges: [ByteRange] = []
    var index = 0
    while index + 2 < bytes.count {
      if bytes.isTypographicQuote(at: index) {
        ranges.append(ByteRange(start: index, end: index + 3))
        index += 3
      } else {
        index += 1
      }
    }
    return ranges
  }
}

extension Array where Element == UInt8 {
  /// Whether `“ ” ‘ ’` starts at `index`.
  func isTypographicQuote(at index: Int) -> Bool {
    guard index + 2 < count, self[index] == 0xE2, self[index + 1] == 0x80 else { return false }
    let last = self[index + 2]
    return last == 0x98 || last == 0x99 || last == 0x9C || last == 0x9D
  }

  /// Whether `“` or `”` starts at `index`.
  func isDoubleTypographicQuote(at index: Int) -> Bool {
    index + 2 < count && self[index] == 0xE2 && self[index + 1] == 0x80 && (0x9C...0x9D).contains(self[index + 2])
  }

  var containsTypographicQuote: Bool {
    var index = 0
    while index + 2 < count {
      if self[index] == 0xE2 && isTypographicQuote(at: index) { return true }
      index += 1
    }
    return false
  }
}

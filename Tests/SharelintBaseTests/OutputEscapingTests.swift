import Foundation
import SharelintBase
import Testing

/// The caret excerpt and JSON strings carry text from the files (issue 26): the excerpt shows control characters
/// as `PrintableText` escapes with the caret still under the right text, and JSON escapes them as `\u…` while
/// reading back the same value.
@Suite struct OutputEscapingTests {
  /// The excerpt and caret lines of `renderer`'s snippet for `range` of `text`, without their gutters.
  private static func excerpt(_ text: String, _ range: ByteRange, renderer: CaretRenderer = CaretRenderer())
    -> (line: String, carets: String)
  {
    let snippet = renderer.snippet(
      severity: .error, range: range, label: "label\u{1B}]0;title\u{7}", annotations: [],
      in: SourceText(name: "Info.plist", string: text))
    let lines = snippet.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return (String(lines[1].dropFirst(4)), String(lines[2].dropFirst(4)))
  }

  /// The text of `line` under the carets of `carets`.
  private static func underCarets(_ line: String, _ carets: String) -> String {
    let scalars = Array(line.unicodeScalars)
    let marks = Array(carets.unicodeScalars)
    guard let first = marks.firstIndex(of: "^") else { return "" }
    let last = marks[first...].firstIndex(where: { $0 != "^" }) ?? marks.count
    return String(String.UnicodeScalarView(scalars[first..<min(last, scalars.count)]))
  }

  @Test func theCaretStaysUnderItsTextAfterEscapes() {
    let text = "<string>\u{1B}[2J\u{7F}\u{202E}\u{85}</string><integer>zz</integer>"
    let start = text.utf8.count - "zz</integer>".utf8.count
    let (line, carets) = Self.excerpt(text, ByteRange(start: start, end: start + 2))
    #expect(line == #"<string>\u{1B}[2J\u{7F}\u{202E}\u{85}</string><integer>zz</integer>"#)
    #expect(Self.underCarets(line, carets) == "zz")
    #expect(carets.hasSuffix(#"^^ label\u{1B}]0;title\u{7}"#))
  }

  @Test func aCaretOnAnEscapedCharacterCoversItsWholeEscape() {
    let text = "<string>a\u{1B}b</string>"
    let (line, carets) = Self.excerpt(text, ByteRange(start: 9, end: 10))
    #expect(Self.underCarets(line, carets) == #"\u{1B}"#)
  }

  @Test func tabsStayTabsUnderTheLineAndACarriageReturnIsShown() {
    let text = "\t<key>a\rb</key>\t<true/>\n"
    let start = text.utf8.count - "<true/>\n".utf8.count
    let (line, carets) = Self.excerpt(text, ByteRange(start: start, end: start + 7))
    #expect(line == "\t<key>a\\rb</key>\t<true/>")
    #expect(carets.hasPrefix("\t") && Self.underCarets(line, carets) == "<true/>")
  }

  @Test func aLongLineIsCutAroundTheCaretAfterEscaping() {
    let text = String(repeating: "\u{1B}", count: 80) + "<true/>" + String(repeating: "x", count: 80)
    let start = 80
    let (line, carets) = Self.excerpt(text, ByteRange(start: start, end: start + 7))
    #expect(line.hasPrefix("…") && line.hasSuffix("…"))
    #expect(line.unicodeScalars.count <= 102)
    #expect(Self.underCarets(line, carets) == "<true/>")
  }

  @Test func theHeadlineNameAndNotesAreEscaped() {
    let source = SourceText(name: "::error::x/Info.plist", string: "<true/>\n")
    let rendered = CaretRenderer().render(
      severity: .warning, message: "value 'a\n::error::b'", code: "X1", range: ByteRange(start: 0, end: 7),
      label: nil, annotations: [.init(kind: "note", message: "bell\u{7}", range: ByteRange(start: 0, end: 1))],
      in: source)
    #expect(rendered.hasPrefix(#"warning: value 'a\n::error::b' [X1]"#))
    #expect(rendered.contains(" --> ./::error::x/Info.plist:1:1\n"))
    #expect(rendered.hasSuffix(#" = note: bell\u{7} (./::error::x/Info.plist:1:1)"#))
    #expect(rendered.unicodeScalars.allSatisfy { $0 == "\n" || !PrintableText.isEscaped($0) })
  }

  @Test func jsonEscapesControlsAndReadsBackTheSameValue() throws {
    let value = "a\u{0}\u{1B}\n\t\"\\ del\u{7F} c1\u{85}\u{9B} \u{2028}\u{202E}\u{61C} é 🎉"
    let written = JSONValue.array([.string(value)]).serialized()
    #expect(written == #"["a\u0000\u001b\n\t\"\\ del\u007f c1\u0085\u009b \u2028\u202e\u061c é 🎉"]"#)
    let read = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String]
    #expect(read == [value])
  }

  @Test func invalidUTF8FromInputStillWritesValidJSON() throws {
    let decoded = String(decoding: [0x61, 0xFF, 0xC2, 0x62, 0xE2, 0x80] as [UInt8], as: UTF8.self)
    let written = JSONValue.string(decoded).serialized()
    let read = try JSONSerialization.jsonObject(with: Data(written.utf8), options: .fragmentsAllowed) as? String
    #expect(read == decoded)
    #expect(decoded.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == 3)
  }
}

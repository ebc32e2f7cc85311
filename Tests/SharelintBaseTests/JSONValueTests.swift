import Testing

@testable import SharelintBase

@Suite("JSON strings")
struct JSONValueTests {
  /// Every escape JSON needs, and the `\u` escapes of what `PrintableText` escapes (DEL, C1 controls, separators,
  /// bidirectional controls), in runs of plain text and multi-byte characters, against a character-by-character
  /// reference writer.
  @Test(arguments: [
    "", "plain", "\"", "\\", "a\"b\\c", "line\nfeed\rreturn\ttab", "\u{0}\u{1}\u{1F}", "é“quotes”\u{7}x",
    "🙂\"🙂", "end\\", "\"start", "日本語\n", "\u{7F}\u{80}", "a\u{85}b\u{9F}\u{A0}", "\u{61C}\u{61B}",
    "\u{200D}\u{200E}\u{200F}\u{2027}\u{2028}\u{202E}\u{202F}\u{2065}\u{2066}\u{2069}\u{206A}", "\u{2028}",
  ])
  func escapesWhatJSONRequiresAndWhatPrintableTextEscapes(_ text: String) {
    var output = ""
    JSONValue.writeString(text, into: &output)
    #expect(output == Self.reference(text))
  }

  static func reference(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 || PrintableText.isEscaped(scalar) {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }
}

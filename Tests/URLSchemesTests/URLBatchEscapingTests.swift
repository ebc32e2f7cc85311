import SharelintBase
import Testing
import URLSchemes

/// `url check` echoes the URLs it reads, which may come from a hostile repository (issue 26): in text and tsv a
/// URL is percent-encoded wherever it could add a column or a row, send a control character to a terminal, or
/// start a GitHub Actions command; JSON lines escape the same characters and stay valid.
@Suite struct URLBatchEscapingTests {
  func batch(_ format: URLVerdictFormat) throws -> URLBatchChecker {
    let checker = try URLAllowanceChecker(
      policy: IntunePolicy(allowedOutboundDataTransferDestinations: .managedApps), queriesSchemes: [])
    return URLBatchChecker(checker: checker, format: format)
  }

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func tsvKeepsFiveFieldsAndNoLineStartsACommand() throws {
    let urls = [
      "::error::forged", " ::warning::x", "tel:1\u{85}2\u{2028}3\u{202E}4", "tel:a##[stop-commands]b", "tel:é#x",
      "x:\u{1B}[2J",
    ]
    let (bytes, summary) = try batch(.tsv).output(for: urls)
    let lines = text(bytes).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == urls.count && summary.urls == urls.count)
    for line in lines {
      #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 5, "\(line)")
      #expect(!line.drop(while: { $0.isWhitespace }).hasPrefix("::"), "\(line)")
      #expect(!line.contains("##[") && !line.unicodeScalars.contains(where: PrintableText.isEscaped), "\(line)")
    }
    #expect(lines[0].hasPrefix("%3A%3Aerror::forged\t"))
    #expect(lines[1].hasPrefix(" %3A%3Awarning::x\t"))
    #expect(lines[2].hasPrefix("tel:1%C2%852%E2%80%A83%E2%80%AE4\t"))
    #expect(lines[3].hasPrefix("tel:a#%23[stop-commands]b\t"))
    #expect(lines[4].hasPrefix("tel:é#x\t"))
    #expect(lines[5].hasPrefix("x:%1B[2J\t"))
  }

  @Test func textEscapesTheSameWay() throws {
    let (bytes, _) = try batch(.text).output(for: ["::error::forged", "tel:\u{9B}31m"])
    #expect(
      text(bytes) == """
        %3A%3Aerror::forged: invalid by invalidScheme; opens nothing; canOpenURL not-checked
        tel:%C2%9B31m: allowed-if-managed-target by allowedOutboundDataTransferDestinations; \
        opens tel-intunemam:%C2%9B31m; canOpenURL undeclared

        """)
  }

  @Test func bytesThatAreNotUTF8ArePercentEncodedInTextAndReplacedInJSON() throws {
    let input: [UInt8] = Array("tel:a".utf8) + [0xFF, 0xC2] + Array("b\n".utf8)
    var tsv: [UInt8] = []
    var chunks = [input]
    _ = try batch(.tsv).run(readingChunksFrom: { chunks.popLast() }, writingTo: { tsv.append(contentsOf: $0) })
    #expect(text(tsv).hasPrefix("tel:a%FF%C2b\t"))
    var json: [UInt8] = []
    chunks = [input]
    _ = try batch(.json).run(readingChunksFrom: { chunks.popLast() }, writingTo: { json.append(contentsOf: $0) })
    #expect(text(json).contains(#""url":"tel:a\#u{FFFD}\#u{FFFD}b""#))
  }

  @Test func jsonLinesEscapeWhatJSONValueEscapes() throws {
    let url = "tel:1\u{7F}\u{85}\u{202E}"
    let (bytes, _) = try batch(.json).output(for: [url])
    #expect(text(bytes).contains(#""url":"tel:1\u007f\u0085\u202e""#))
    #expect(text(bytes).contains(JSONValue.string(url).serialized()))
  }
}

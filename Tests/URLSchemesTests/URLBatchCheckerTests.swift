import Testing
import URLSchemes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct URLBatchCheckerTests {
  let input = ["ms-word://open?doc=1", "https://maps.apple.com/?q=a\"b", "tel:+1555", "no scheme", "1x:y"]

  func batch(_ format: URLVerdictFormat, maximumLineLength: Int = 1 << 20) throws -> URLBatchChecker {
    let checker = try URLAllowanceChecker(
      policy: IntunePolicy(allowedOutboundDataTransferDestinations: .managedApps),
      queriesSchemes: ["ms-word", "ms-word-intunemam", "https"])
    return URLBatchChecker(checker: checker, format: format, maximumLineLength: maximumLineLength)
  }

  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func tsvBytes() throws {
    let (bytes, summary) = try batch(.tsv).output(for: input)
    #expect(
      text(bytes) == """
        ms-word://open?doc=1\tallowed-if-managed-target\tallowedOutboundDataTransferDestinations\t\
        ms-word-intunemam://open?doc=1\tdeclared
        https://maps.apple.com/?q=a"b\tallowed\texemptedUniversalLinks\thttps://maps.apple.com/?q=a"b\tdeclared
        tel:+1555\tallowed-if-managed-target\tallowedOutboundDataTransferDestinations\ttel-intunemam:+1555\tundeclared
        no scheme\tinvalid\tmissingScheme\t-\tnot-checked
        1x:y\tinvalid\tinvalidScheme\t-\tnot-checked

        """)
    #expect(summary.urls == 5 && summary.allowed == 1 && summary.allowedIfManagedTarget == 2 && summary.invalid == 2)
    #expect(summary.blocked == 0)
  }

  @Test func jsonLinesBytes() throws {
    let (bytes, _) = try batch(.json).output(for: input)
    let expected = [
      #"{"canOpenURL":"declared","opens":"ms-word-intunemam://open?doc=1","#
        + #""reason":"allowedOutboundDataTransferDestinations","url":"ms-word://open?doc=1","#
        + #""verdict":"allowed-if-managed-target"}"#,
      #"{"canOpenURL":"declared","opens":"https://maps.apple.com/?q=a\"b","reason":"exemptedUniversalLinks","#
        + #""url":"https://maps.apple.com/?q=a\"b","verdict":"allowed"}"#,
      #"{"canOpenURL":"undeclared","opens":"tel-intunemam:+1555","reason":"allowedOutboundDataTransferDestinations","#
        + #""url":"tel:+1555","verdict":"allowed-if-managed-target"}"#,
      #"{"canOpenURL":"not-checked","opens":null,"reason":"missingScheme","url":"no scheme","verdict":"invalid"}"#,
      #"{"canOpenURL":"not-checked","opens":null,"reason":"invalidScheme","url":"1x:y","verdict":"invalid"}"#,
    ]
    #expect(text(bytes) == expected.joined(separator: "\n") + "\n")
  }

  @Test func jsonLinesMatchTheVerdictJSON() throws {
    let batch = try batch(.json)
    let (bytes, _) = try batch.output(for: input)
    let lines = text(bytes).split(separator: "\n").map(String.init)
    #expect(lines == input.map { batch.checker.isURLAllowed($0).json.serialized() })
  }

  @Test func textBytes() throws {
    let (bytes, _) = try batch(.text).output(for: ["tel:1", "x"])
    #expect(
      text(bytes) == """
        tel:1: allowed-if-managed-target by allowedOutboundDataTransferDestinations; opens tel-intunemam:1; \
        canOpenURL undeclared
        x: invalid by missingScheme; opens nothing; canOpenURL not-checked

        """)
  }

  @Test func malformedLinesAreEscapedNotFatal() throws {
    let lines = ["a\tb:c", "mailto:\u{1}x", "bad\u{7F}:x", "zz:\u{FFFD}ok"]
    let (tsv, summary) = try batch(.tsv).output(for: lines)
    #expect(
      text(tsv) == """
        a%09b:c\tinvalid\tinvalidScheme\t-\tnot-checked
        mailto:%01x\tallowed-if-managed-target\tallowedOutboundDataTransferDestinations\t\
        mailto-intunemam:%01x\tundeclared
        bad%7F:x\tinvalid\tinvalidScheme\t-\tnot-checked
        zz:\u{FFFD}ok\tallowed-if-managed-target\tallowedOutboundDataTransferDestinations\t\
        zz-intunemam:\u{FFFD}ok\tundeclared

        """)
    #expect(summary.invalid == 2)
    let (json, _) = try batch(.json).output(for: ["a\tb:c", "mailto:\u{1}x"])
    #expect(text(json).contains(#""url":"a\tb:c""#))
    #expect(text(json).contains(#""opens":"mailto-intunemam:\u0001x""#))
  }

  @Test func invalidUTF8BecomesReplacementCharacterInJSON() throws {
    let bytes: [UInt8] = Array("x:a".utf8) + [0xFF, 0xC3] + Array("b\n".utf8)
    var written: [UInt8] = []
    var chunks = [bytes]
    _ = try batch(.json).run(readingChunksFrom: { chunks.popLast() }, writingTo: { written.append(contentsOf: $0) })
    #expect(text(written).contains(#""url":"x:a\#u{FFFD}\#u{FFFD}b""#))
  }

  @Test func chunkBoundariesCarriageReturnsAndBlankLines() throws {
    let data = Array("tel:1\r\n\nms-word://a\n\r\nhttps://x.example/p\nlast:line".utf8)
    let batch = try batch(.tsv)
    let (whole, wholeSummary) = try batch.output(for: ["tel:1", "ms-word://a", "https://x.example/p", "last:line"])
    for chunkSize in [1, 2, 3, 7, 64] {
      var offset = 0
      var written: [UInt8] = []
      let summary = try batch.run(
        readingChunksFrom: {
          guard offset < data.count else { return nil }
          defer { offset += chunkSize }
          return Array(data[offset..<min(offset + chunkSize, data.count)])
        },
        writingTo: { written.append(contentsOf: $0) })
      #expect(written == whole, "chunk size \(chunkSize)")
      #expect(summary == wholeSummary)
    }
    #expect(wholeSummary.urls == 4)
  }

  @Test func overlongLinesGetTheirOwnVerdict() throws {
    let long = "https://example.com/" + String(repeating: "a", count: 30)
    let data = Array("tel:1\n\(long)\ntel:2\n".utf8)
    let batch = try batch(.tsv, maximumLineLength: 24)
    for chunkSize in [5, data.count] {
      var offset = 0
      var written: [UInt8] = []
      let summary = try batch.run(
        readingChunksFrom: {
          guard offset < data.count else { return nil }
          defer { offset += chunkSize }
          return Array(data[offset..<min(offset + chunkSize, data.count)])
        },
        writingTo: { written.append(contentsOf: $0) })
      let lines = text(written).split(separator: "\n")
      #expect(lines.count == 3, "chunk size \(chunkSize)")
      #expect(lines[1] == "https://example.com/aaaa\tinvalid\tlineTooLong\t-\tnot-checked")
      #expect(lines[2].hasPrefix("tel:2\t"))
      #expect(summary.invalid == 1 && summary.urls == 3)
    }
  }

  @Test func readsAndWritesFileDescriptors() throws {
    var inputPipe: [Int32] = [0, 0]
    var outputPipe: [Int32] = [0, 0]
    #expect(pipe(&inputPipe) == 0 && pipe(&outputPipe) == 0)
    let data = Array("tel:1\nno scheme\n".utf8)
    #expect(write(inputPipe[1], data, data.count) == data.count)
    close(inputPipe[1])
    let summary = try batch(.tsv).run(inputFileDescriptor: inputPipe[0], outputFileDescriptor: outputPipe[1])
    close(inputPipe[0])
    close(outputPipe[1])
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(outputPipe[0], &buffer, buffer.count)
    close(outputPipe[0])
    #expect(summary.urls == 2 && summary.invalid == 1)
    #expect(
      text(Array(buffer.prefix(max(0, count)))) == """
        tel:1\tallowed-if-managed-target\tallowedOutboundDataTransferDestinations\ttel-intunemam:1\tundeclared
        no scheme\tinvalid\tmissingScheme\t-\tnot-checked

        """)
  }

  @Test func emptyInputWritesNothing() throws {
    let (bytes, summary) = try batch(.json).output(for: [])
    #expect(bytes.isEmpty && summary == URLBatchSummary())
  }
}

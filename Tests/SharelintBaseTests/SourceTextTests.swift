import Testing

@testable import SharelintBase

struct SourceTextTests {
  /// The line starts, the simple way: after every line feed.
  private static func expectedLineStarts(_ bytes: [UInt8]) -> [Int] {
    [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
  }

  @Test func lineStartsFollowEveryLineFeedWhereverItFallsInAWord() {
    var texts = ["", "\n", "a", "a\n", "\n\n\n", "a\r\nb\r\n", "“quoted”\nnext", String(repeating: "\n", count: 17)]
    // A line feed at every offset of two 8-byte words and a tail, and next to bytes one away from it.
    for offset in 0..<20 {
      var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 21)
      bytes[offset] = UInt8(ascii: "\n")
      bytes[(offset + 7) % 21] = 0x0B
      bytes[(offset + 3) % 21] = 0x09
      texts.append(String(decoding: bytes, as: UTF8.self))
    }
    for text in texts {
      let source = SourceText(name: "t", string: text)
      #expect(source.lineStarts == Self.expectedLineStarts(Array(text.utf8)), "\(Array(text.utf8))")
    }
  }

  @Test func positionsCountLinesAndScalars() {
    let source = SourceText(name: "t", string: "ab\n“c”d\n")
    #expect(source.position(of: 0) == .init(line: 1, column: 1))
    #expect(source.position(of: 3) == .init(line: 2, column: 1))
    #expect(source.position(of: 7) == .init(line: 2, column: 3))   // after “ (3 bytes) and c
    #expect(source.position(of: 99) == .init(line: 3, column: 1))
  }
}

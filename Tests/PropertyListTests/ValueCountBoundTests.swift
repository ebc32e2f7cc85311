import Foundation
@testable import PropertyList
import SharelintBase
import TestSupport
import Testing

/// However a plist is written, it holds at most `XMLPlistReader.maximumValueCount` values: 4 million `<true/>` took
/// 750 MB to read, 4 million shared `true`s in a binary plist 860 MB.
@Suite struct ValueCountBoundTests {
  static func xmlArray(of count: Int) -> [UInt8] {
    Array(("<plist><array>" + String(repeating: "<true/>", count: count) + "</array></plist>").utf8)
  }

  @Test func anXMLPlistOfMoreValuesIsRefusedWhereTheBoundIsPassed() throws {
    let limit = XMLPlistReader.maximumValueCount
    // The array is one value: `limit - 1` elements make `limit` values in all.
    #expect(try PropertyListDocument(bytes: Self.xmlArray(of: limit - 1), name: "Info.plist").root.elements?.count
      == limit - 1)
    let bytes = Self.xmlArray(of: limit)
    let error = try #require(throws: PropertyListError.self) {
      try PropertyListDocument(bytes: bytes, name: "Info.plist")
    }
    #expect(error.kind == .limitExceeded)
    #expect(error.message == "the plist holds more than \(limit) values; an Info.plist holds a few hundred")
    #expect(error.offset == "<plist><array>".utf8.count + (limit - 1) * "<true/>".utf8.count)
    // A read that keeps a few keys only fails where a whole read fails.
    let pairing = try #require(throws: PropertyListError.self) {
      try PropertyListDocument(
        source: SourceText(name: "Info.plist", bytes: bytes), knownWellFormed: false,
        keepingOnly: [["CFBundleIdentifier"]])
    }
    #expect(pairing.message == error.message)
  }

  @Test func aBinaryPlistOfMoreValuesIsRefusedWhateverItsSize() throws {
    let count = 2 * XMLPlistReader.maximumValueCount
    let references = Array(repeating: 1, count: count)
    let bytes = CraftedBinaryPlist.plist(
      [CraftedBinaryPlist.array(references, referenceSize: 1), [0x09]], offsetSize: 4, referenceSize: 1)
    let error = try #require(throws: PropertyListError.self) {
      try PropertyListDocument(bytes: bytes, name: "Info.plist")
    }
    #expect(error.kind == .limitExceeded)
    #expect(error.message.hasPrefix("binary plist expands to more than \(count) values"))
  }
}

import Foundation
import Testing

@testable import PropertyList

/// `BinaryPropertyListWriter`: Foundation and our reader read back what it writes, the bytes depend only
/// on the value, and dictionaries keep their entries' order.
@Suite struct BinaryWriterTests {
  /// A value with every type, counts past the one-nibble limit, integers at every width's edge, and
  /// enough objects and bytes for two-byte references and four-byte offsets. Built at each use: a
  /// static stored value of this enum looks leaked to LeakSanitizer (its pointers carry tag bits).
  static var everything: PropertyListValue {
    .dictionary([
      .init("zeta first", .string("keys stay in this order")),
      .init("Integers", .array([0, 1, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, Int.max, -1, Int.min].map {
        PropertyListValue.integer($0)
      })),
      .init("Reals", .array([.real(0), .real(-0.5), .real(1e300), .real(.infinity)])),
      .init("Flags", .array([.boolean(true), .boolean(false)])),
      .init("When", .date(Date(timeIntervalSinceReferenceDate: 785_000_000.25))),
      .init("Blobs", .array([.data(Data()), .data(Data([1, 2, 3])), .data(Data((0..<70_000).map { UInt8($0 & 0xFF) }))])),
      .init("Strings", .array([.string(""), .string("ascii"), .string("ünïcode “quotes” 🎉"), .string(String(repeating: "é", count: 40))])),
      .init("Many", .array((0..<400).map { .string("item \($0)") })),
      .init("Shared", .array([.string("ascii"), .string("ascii")])),
      .init("Nested", .dictionary([.init("a", .dictionary([.init("b", .array([.dictionary([])]))]))])),
      .init("alpha last", .boolean(true)),
    ])
  }

  /// `value` with every dictionary's keys sorted, as the binary reader gives them back.
  static func sortedKeys(_ value: PropertyListValue) -> PropertyListValue {
    switch value {
    case .array(let elements): return .array(elements.map(sortedKeys))
    case .dictionary(let entries):
      return .dictionary(entries.sorted { $0.key < $1.key }.map { .init($0.key, sortedKeys($0.value)) })
    default: return value
    }
  }

  @Test func ourReaderReadsBackWhatItWrites() throws {
    let bytes = try BinaryPropertyList.serialize(Self.everything)
    #expect(bytes.count > 70_000, "large enough for four-byte offsets")
    #expect(try BinaryPropertyList.read(bytes).value == Self.sortedKeys(Self.everything))
  }

  @Test func foundationReadsWhatItWrites() throws {
    let bytes = try BinaryPropertyList.serialize(Self.everything)
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
    #expect(format == .binary)
    let dictionary = try #require(object as? [String: Any])
    #expect(Set(dictionary.keys).count == 11)
    let integers = try #require(dictionary["Integers"] as? [NSNumber])
    #expect(integers.map(\.int64Value) == [0, 1, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, Int64.max, -1, Int64.min])
    #expect((dictionary["Reals"] as? [Double]) == [0, -0.5, 1e300, .infinity])
    #expect((dictionary["Strings"] as? [String])?[2] == "ünïcode “quotes” 🎉")
    #expect((dictionary["Blobs"] as? [Data])?[2].count == 70_000)
    #expect((dictionary["Many"] as? [String])?.last == "item 399")
    #expect((dictionary["When"] as? Date) == Date(timeIntervalSinceReferenceDate: 785_000_000.25))
  }

  @Test func theSameValueGivesTheSameBytesAndKeysKeepTheirOrder() throws {
    let bytes = try BinaryPropertyList.serialize(Self.everything)
    #expect(try BinaryPropertyList.serialize(Self.everything) == bytes)
    func offset(of key: String) throws -> Int {
      let needle = Array(key.utf8)
      return try #require((0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) })
    }
    #expect(try offset(of: "zeta first") < offset(of: "Integers"))
    #expect(try offset(of: "Nested") < offset(of: "alpha last"))
  }

  @Test func equalStringsAreWrittenOnce() throws {
    let bytes = try BinaryPropertyList.serialize(.array([.string("twice"), .string("twice")]))
    let needle = Array("twice".utf8)
    let occurrences = (0...(bytes.count - needle.count)).filter { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    #expect(occurrences.count == 1)
    #expect(try BinaryPropertyList.read(bytes).value == .array([.string("twice"), .string("twice")]))
  }

  @Test func aDuplicateKeyIsWrittenOnceWithItsLastValue() throws {
    let value = PropertyListValue.dictionary([.init("a", .integer(1)), .init("b", .integer(2)), .init("a", .integer(3))])
    let read = try BinaryPropertyList.read(try BinaryPropertyList.serialize(value)).value
    #expect(read == .dictionary([.init("a", .integer(3)), .init("b", .integer(2))]))
  }

  @Test func nestingPastTheLimitIsRefused() {
    var value = PropertyListValue.array([])
    for _ in 0...XMLPlistReader.maximumNestingDepth { value = .array([value]) }
    #expect(throws: PropertyListError.self) { try BinaryPropertyList.serialize(value) }
  }
}

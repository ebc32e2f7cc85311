import Foundation
import TestSupport
import Testing

@testable import PropertyList

/// `BinaryPropertyListReader` against Foundation's `PropertyListSerialization`, the reader it replaced:
/// on valid plists and on thousands of damaged ones, both accept the same inputs and read the same values.
@Suite("The binary reader agrees with Foundation")
struct BinaryReaderAgreementTests {
  /// What Foundation reads, as a value (`nil`: Foundation refuses the bytes or holds something no plist value can).
  private static func foundationValue(_ bytes: [UInt8]) -> PropertyListValue? {
    var format = PropertyListSerialization.PropertyListFormat.binary
    guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
    else { return nil }
    return value(of: object)
  }

  private static func value(of object: Any) -> PropertyListValue? {
    switch object {
    case let text as String: return .string(text)
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": return .boolean(number.boolValue)
      case "f", "d": return .real(number.doubleValue)
      case "Q": return number.uint64Value <= UInt64(Int.max) ? .integer(Int(number.uint64Value)) : nil
      default: return .integer(number.intValue)
      }
    case let date as Date: return .date(date)
    case let data as Data: return .data(data)
    case let array as [Any]:
      var elements: [PropertyListValue] = []
      for element in array {
        guard let value = value(of: element) else { return nil }
        elements.append(value)
      }
      return .array(elements)
    case let dictionary as [String: Any]:
      var entries: [PropertyListValue.Entry] = []
      for key in dictionary.keys.sorted() {
        guard let value = value(of: dictionary[key]!) else { return nil }
        entries.append(.init(key, value))
      }
      return .dictionary(entries)
    default: return nil
    }
  }

  /// Our reading of `bytes`, as a value (`nil`: refused).
  private static func ourValue(_ bytes: [UInt8]) -> PropertyListValue? {
    (try? BinaryPropertyList.read(bytes))?.value
  }

  private static let valid: [[UInt8]] = {
    let values: [PropertyListValue] = [
      .dictionary([
        .init("CFBundleIdentifier", .string("com.example.app")),
        .init("ünïcode “quotes” 🎉", .array([.integer(-7), .integer(0), .integer(255), .integer(70_000), .integer(Int.max)])),
        .init("Flags", .array([.boolean(true), .boolean(false), .real(0.5), .real(-1e300)])),
        .init("When", .date(Date(timeIntervalSince1970: 1_715_938_200))),
        .init("Blob", .data(Data((0..<40).map { UInt8($0) }))),
        .init("Nested", .dictionary([.init("a", .dictionary([.init("b", .array([.string(""), .dictionary([])]))]))])),
        .init("Long", .string(String(repeating: "x", count: 300))),
      ]),
      .array((0..<20).map { .string("item \($0)") }),
    ]
    return values.map { try! BinaryPropertyList.serialize($0) }
      + ["Northwind", "NorthwindShare"].map { target in
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
          .deletingLastPathComponent().appendingPathComponent("Samples/NorthwindBinary/\(target)/Info.plist").path
        return [UInt8](FileManager.default.contents(atPath: path)!)
      }
  }()

  @Test func validPlistsReadTheSame() throws {
    for bytes in Self.valid {
      let ours = try #require(Self.ourValue(bytes))
      #expect(ours == Self.foundationValue(bytes))
    }
  }

  /// Where both readers read a damaged plist, they read the same value. Which damaged plists are refused
  /// differs a little: Foundation reads some counts of unusual widths that no writer produces, and this
  /// reader refuses them.
  @Test func damagedPlistsAreRefusedOrReadTheSame() {
    var generator = SeededGenerator(seed: 0xB1157)
    var compared = 0
    var bothRead = 0
    var onlyOneRead = 0
    for round in 0..<6_000 {
      var bytes = Self.valid[round % Self.valid.count]
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let at = Int.random(in: 8..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 2: bytes[at] = [0x00, 0x01, 0x0F, 0x10, 0x7F, 0x80, 0xFF].randomElement(using: &generator)!
        default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...3, using: &generator)))
        }
      }
      // Sets are refused before either reader runs (Foundation crashes bridging them).
      guard bytes.count > 8, BinaryPropertyList.firstSetObject(in: bytes) == nil else { continue }
      compared += 1
      switch (Self.ourValue(bytes), Self.foundationValue(bytes)) {
      case (let ours?, let foundation?):
        bothRead += 1
        #expect(ours == foundation, "round \(round)")
      case (nil, nil): break
      default: onlyOneRead += 1
      }
    }
    #expect(bothRead > 500)
    #expect(onlyOneRead * 100 <= compared, "\(onlyOneRead) of \(compared) damaged plists read by one reader only")
  }

  @Test func anArrayHoldingItselfIsRefused() {
    let looped = FuzzRegressionTests.binaryPlist([[0xA2, 1, 0], [0x51, 0x78]])   // [ "x", <itself> ]
    let error = #expect(throws: PropertyListError.self) { try BinaryPropertyList.read(looped) }
    #expect(error?.kind == .invalidBinaryPropertyList)
    #expect(Self.foundationValue(looped) == nil)
  }

  @Test func objectsSharedOverAndOverAreRefusedNotExpanded() {
    // Six levels of arrays, each holding the next level 15 times: 15^6 (11 million) strings from 150 bytes.
    let levels = (0..<6).map { level in [0xAF, 0x10, 15] + [UInt8](repeating: UInt8(level + 1), count: 15) }
    let laughs = FuzzRegressionTests.binaryPlist(levels + [[0x51, 0x78]])
    let error = #expect(throws: PropertyListError.self) { try BinaryPropertyList.read(laughs) }
    #expect(error?.kind == .limitExceeded)
    #expect(error?.message.contains("expands to more than") == true)
    // Two levels (225 strings) read, as Foundation reads them.
    let shallow = FuzzRegressionTests.binaryPlist(Array(levels.prefix(2)) + [[0x51, 0x78]])
    #expect(Self.ourValue(shallow) == .array(Array(repeating: .array(Array(repeating: .string("x"), count: 15)), count: 15)))
    #expect(Self.ourValue(shallow) == Self.foundationValue(shallow))
  }
}

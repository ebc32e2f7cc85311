import PropertyList
import SharelintBase
import Testing
import TestSupport

/// `StringsFile`: the entries of `InfoPlist.strings` files in UTF-8 and UTF-16, with the byte ranges of keys and
/// values, and one located error for anything else.
@Suite struct StringsFileTests {
  static let text = """
    /* Localized versions of Info.plist keys */
    "CFBundleDisplayName" = "Öffnen in Notes";
    // a line comment
    CFBundleName = Notes;
    "NSCameraUsageDescription" = "Scan \\"receipts\\"\\nwith \\U00e9clat";
    "Lone";

    """

  func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
    var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
      let high = UInt8(unit >> 8)
      let low = UInt8(unit & 0xFF)
      bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
  }

  @Test func readsEntriesWithTheirRanges() throws {
    let file = try StringsFile(bytes: Array(Self.text.utf8), name: "de.lproj/InfoPlist.strings")
    #expect(file.encoding == .utf8)
    #expect(file.entries.map(\.key) == ["CFBundleDisplayName", "CFBundleName", "NSCameraUsageDescription", "Lone"])
    #expect(file["CFBundleDisplayName"]?.value == "Öffnen in Notes")
    #expect(file["CFBundleName"]?.value == "Notes")
    #expect(file["NSCameraUsageDescription"]?.value == "Scan \"receipts\"\nwith éclat")
    #expect(file["Lone"]?.value == "Lone")
    let entry = try #require(file["CFBundleDisplayName"])
    let bytes = Array(Self.text.utf8)
    #expect(String(decoding: bytes[entry.valueRange.start..<entry.valueRange.end], as: UTF8.self)
      == "\"Öffnen in Notes\"")
    #expect(String(decoding: bytes[entry.keyRange.start..<entry.keyRange.end], as: UTF8.self)
      == "\"CFBundleDisplayName\"")
    #expect(file.source.position(of: entry.valueRange.start) == SourceText.Position(line: 2, column: 25))
  }

  @Test(arguments: [(false, true), (true, true), (false, false), (true, false)])
  func readsUTF16WithAndWithoutByteOrderMark(_ bigEndian: Bool, _ mark: Bool) throws {
    let file = try StringsFile(bytes: utf16(Self.text, bigEndian: bigEndian, mark: mark), name: "InfoPlist.strings")
    #expect(file.encoding == (bigEndian ? .utf16BigEndian : .utf16LittleEndian))
    #expect(file["CFBundleDisplayName"]?.value == "Öffnen in Notes")
    // Positions are in the UTF-8 text, so lines and columns are those of the file.
    let entry = try #require(file["CFBundleDisplayName"])
    #expect(file.source.position(of: entry.valueRange.start) == SourceText.Position(line: 2, column: 25))
  }

  @Test func readsUTF8WithByteOrderMark() throws {
    let file = try StringsFile(bytes: [0xEF, 0xBB, 0xBF] + Array("\"A\" = \"b\";".utf8), name: "x.strings")
    #expect(file["A"]?.value == "b")
    #expect(file["A"]?.keyRange == ByteRange(start: 0, end: 3))
  }

  @Test(arguments: [
    ("\"A\" = \"b\"", "1:10: expected ';' after the entry for 'A'"),
    ("\"A\" = \"b;", "1:7: a string is not closed"),
    ("/* open", "1:1: a comment is not closed"),
    ("\"A\" = ;", "1:7: unexpected ';'"),
    ("= \"b\";", "1:1: unexpected '='"),
  ])
  func malformedTextIsOneLocatedError(_ text: String, _ expected: String) {
    #expect(throws: PropertyListError.self) { try StringsFile(bytes: Array(text.utf8), name: "x.strings") }
    do {
      _ = try StringsFile(bytes: Array(text.utf8), name: "x.strings")
    } catch {
      #expect(error.description == "x.strings:" + expected)
    }
  }

  @Test func refusesWhatIsNoText() {
    #expect(throws: PropertyListError.self) { try StringsFile(bytes: [0xFF, 0xFE, 0x41], name: "odd.strings") }
    #expect(throws: PropertyListError.self) { try StringsFile(bytes: [0xC3, 0x28], name: "bad.strings") }
    #expect(throws: PropertyListError.self) {
      try StringsFile(bytes: [0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00], name: "surrogate.strings")
    }
    let large = [UInt8](repeating: UInt8(ascii: " "), count: StringsFile.maximumSize + 1)
    #expect(throws: PropertyListError.self) { try StringsFile(bytes: large, name: "large.strings") }
  }

  /// Random bytes and random cuts of a valid file read or fail, never trap or hang.
  @Test func arbitraryBytesNeverTrap() {
    var generator = SeededGenerator(seed: 20)
    let valid = Array(Self.text.utf8)
    for _ in 0..<500 {
      let count = Int.random(in: 0...64, using: &generator)
      let noise = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      _ = try? StringsFile(bytes: noise, name: "noise.strings")
      let cut = Int.random(in: 0...valid.count, using: &generator)
      _ = try? StringsFile(bytes: Array(valid[..<cut]), name: "cut.strings")
    }
  }
}

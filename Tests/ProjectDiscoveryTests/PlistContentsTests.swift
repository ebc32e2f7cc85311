import Foundation

import Testing

@testable import ProjectDiscovery
@testable import PropertyList

@Suite("Plist contents read again from disk")
struct PlistContentsTests {
  private static let plist = Array("""
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string></dict></plist>
    """.utf8)

  /// A fresh file holding `bytes`.
  private func file(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-contents-\(UUID().uuidString).plist").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aFileIsReadAgainAndMustNotChange() throws {
    let path = try file(Self.plist)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let contents = PlistContents(file: path)
    #expect(try contents.bytes() == Self.plist)   // the first read records the fingerprint
    #expect(try contents.bytes() == Self.plist)
    var changed = Self.plist
    changed[changed.count - 20] = UInt8(ascii: "X")   // same length, other bytes
    try Data(changed).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: PropertyListError.self) { try contents.bytes() }
    #expect(error?.kind == .fileChanged)
    #expect(error?.message.contains("changed while sharelint was reading it") == true)
    try Data(Self.plist).write(to: URL(fileURLWithPath: path))
    #expect(try contents.bytes() == Self.plist)
  }

  /// The fingerprint takes eight bytes at a time, then the tail: a change of any one byte, or two bytes
  /// swapped, anywhere, gives another fingerprint.
  @Test func everyOneByteChangeChangesTheFingerprint() {
    let base = Self.plist
    let original = PlistContents.fingerprint(of: base)
    for offset in base.indices {
      var changed = base
      changed[offset] ^= 0x20
      #expect(PlistContents.fingerprint(of: changed) != original, "offset \(offset)")
      if offset + 1 < base.count, base[offset] != base[offset + 1] {
        var swapped = base
        swapped.swapAt(offset, offset + 1)
        #expect(PlistContents.fingerprint(of: swapped) != original, "swap at \(offset)")
      }
    }
    #expect(PlistContents.fingerprint(of: []) != PlistContents.fingerprint(of: [0]))
  }

  @Test func aFingerprintGivenUpFrontIsChecked() throws {
    let path = try file(Self.plist + [0x0A])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = #expect(throws: PropertyListError.self) {
      try PlistContents(file: path, firstRead: Self.plist).bytes()
    }
    #expect(error?.kind == .fileChanged)
  }

  @Test func aRemovedFileIsAFileSystemError() throws {
    let path = try file(Self.plist)
    let contents = PlistContents(file: path, firstRead: Self.plist)
    try FileManager.default.removeItem(atPath: path)
    let error = #expect(throws: PropertyListError.self) { try contents.bytes() }
    #expect(error?.kind == .fileSystem)
  }

  @Test func aReleasedDocumentIsParsedAgain() throws {
    let path = try file(Self.plist)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let plist = DiscoveredPlist(displayPath: "Info.plist", filePath: path, location: .sourceFile, bytes: Self.plist)
    let first = try plist.document()
    plist.releaseDocument()
    let second = try plist.document()
    #expect(first.root == second.root)
    #expect(second.source.bytes == Self.plist)
  }

  @Test func aFileChangedBeforeItsTargetIsLintedDoesNotParse() throws {
    let path = try file(Self.plist)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let plist = DiscoveredPlist(displayPath: "Info.plist", filePath: path, location: .sourceFile, bytes: Self.plist)
    try Data(Self.plist + Array("<!-- edited -->".utf8)).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: PropertyListError.self) { try plist.document() }
    #expect(error?.kind == .fileChanged)
  }

  @Test func theParseAfterPairingGivesTheTreeOfAFullParse() throws {
    let path = try file(Self.plist)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let plist = DiscoveredPlist(displayPath: "Info.plist", unreadFile: path, location: .sourceFile)
    try plist.firstRead(readingPairingFacts: true)   // parses once, with libxml2's check
    #expect(plist.pairingFacts.bundleIdentifier == "com.example.app")
    let reparsed = try plist.document()               // the same bytes again: the check is skipped
    let direct = try PropertyListDocument(bytes: Self.plist, name: path)
    #expect(reparsed.root == direct.root)
    #expect(reparsed.duplicateKeys == direct.duplicateKeys)
  }

  @Test func xmlOnlyLibXML2RejectsStaysRejectedOnEveryParse() throws {
    // The scanner finds the comment's end; only libxml2 knows "--" may not appear inside it.
    let malformed = Array("""
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><!-- a -- b --><key>K</key><string>v</string></dict></plist>
      """.utf8)
    let path = try file(malformed)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let plist = DiscoveredPlist(displayPath: "Info.plist", unreadFile: path, location: .sourceFile)
    try plist.firstRead(readingPairingFacts: true)
    #expect(!plist.pairingFacts.isDictionary)
    for _ in 0..<2 {
      let error = #expect(throws: PropertyListError.self) { try plist.document() }
      #expect(error?.kind == .malformedXML)
      plist.releaseDocument()
    }
  }

  /// A file discovery reads is read once: the job parses the bytes of the first read, even if the file changed
  /// since; once its last job released them, a read (a report's excerpt) must find the same bytes again.
  @Test func aDiscoveredFileIsReadOnceUntilReleased() throws {
    let path = try file(Self.plist)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let plist = DiscoveredPlist(displayPath: "Info.plist", unreadFile: path, location: .sourceFile)
    try plist.firstRead(readingPairingFacts: true)
    try Data(Self.plist + Array("<!-- edited -->".utf8)).write(to: URL(fileURLWithPath: path))
    #expect(try plist.document().source.bytes == Self.plist)
    #expect(try plist.bytes() == Self.plist)
    plist.releaseDocumentAndBytes()
    let error = #expect(throws: PropertyListError.self) { try plist.bytes() }
    #expect(error?.kind == .fileChanged)
  }

  /// Kept bytes take room in slabs of the budget; past it a file is read again each time, and a slab whose bytes
  /// are all released is given back.
  @Test func theBudgetBoundsWhatIsKept() throws {
    let piece = [UInt8](repeating: UInt8(ascii: "a"), count: KeptBytesBudget.largestKept)
    let budget = KeptBytesBudget(bytes: KeptBytesBudget.slabSize)
    var kept = (0..<(KeptBytesBudget.slabSize / piece.count)).map { _ in budget.keep(piece) }
    #expect(kept.allSatisfy { $0?.bytes == piece })
    #expect(budget.keep([1]) == nil)   // the one slab is full
    #expect(KeptBytesBudget(bytes: KeptBytesBudget.slabSize).keep(piece + [1]) == nil)   // too large to keep
    let path = try file(Self.plist)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let contents = PlistContents(file: path, keepingWithin: budget)
    #expect(try contents.bytes() == Self.plist)
    try Data(Self.plist + [0x0A]).write(to: URL(fileURLWithPath: path))
    #expect(throws: PropertyListError.self) { try contents.bytes() }   // not kept: read again, and changed
    kept.removeLast()
    #expect(budget.keep([1]) == nil)   // the slab stays while any of its bytes are kept
    kept.removeAll()
    #expect(budget.keep([1])?.bytes == [1])   // given back once all are released
  }

  @Test func anArchiveEntryStaysInMemory() throws {
    let plist = DiscoveredPlist(displayPath: "A.ipa/Payload/A.app/Info.plist", filePath: nil, location: .archiveEntry, bytes: Self.plist)
    plist.releaseDocument()
    #expect(try plist.bytes() == Self.plist)
    #expect(try plist.document().root["CFBundleIdentifier"]?.string == "com.example.app")
  }
}

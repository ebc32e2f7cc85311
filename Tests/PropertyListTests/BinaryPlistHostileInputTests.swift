import Foundation
import TestSupport
import Testing

@testable import PropertyList

/// Binary plists built to hurt the reader (issue 26): shared objects that expand without end, cycles,
/// references and offsets past the file, deep nesting and counts the bytes cannot hold. Each is refused
/// with a one-line error, before anything is allocated for it; what real writers produce still reads.
@Suite("Hostile binary plists")
struct BinaryPlistHostileInputTests {
  private typealias Crafted = CraftedBinaryPlist

  /// The error reading `bytes` throws, if it throws one.
  private static func readError(_ bytes: [UInt8]) -> PropertyListError? {
    do {
      _ = try BinaryPropertyList.read(bytes)
      return nil
    } catch {
      return error as? PropertyListError
    }
  }

  /// Where object `index` of a plist built by `CraftedBinaryPlist.plist` starts.
  private static func offset(ofObject index: Int, in bytes: [UInt8]) -> Int {
    let table = bytes[(bytes.count - 8)...].reduce(0) { $0 << 8 | Int($1) }
    return Int(bytes[table + 2 * index]) << 8 | Int(bytes[table + 2 * index + 1])
  }

  @Test func sharedArraysAreRefusedAtTheObjectWhereTheBoundIsPassed() throws {
    let laughs = Crafted.sharedArrays()
    #expect(laughs.count < 4_000)
    let error = try #require(Self.readError(laughs))
    #expect(error.kind == .limitExceeded)
    let bound = BinaryPropertyListReader.maximumExpansion(forFileOf: laughs.count)
    #expect(error.message.hasPrefix("binary plist expands to more than \(bound) values"))
    let offset = try #require(error.offset)
    #expect(error.message.hasSuffix("the limit is passed at the object at byte \(offset))"))
    // The bound is passed opening one of the arrays that hold the next level twice.
    let doubling = (490..<509).map { Self.offset(ofObject: $0, in: laughs) }
    #expect(doubling.contains(offset))
  }

  @Test func theDocumentNamesTheFileAndTheByteButNoLine() throws {
    let error = try #require(throws: PropertyListError.self) {
      try PropertyListDocument(bytes: Crafted.sharedArrays(), name: "Share/Info.plist")
    }
    #expect(error.position == nil)
    #expect(error.description.hasPrefix("Share/Info.plist: binary plist expands to more than"))
  }

  /// An array shared `outer` times, holding `inner` references each: read up to the bound exactly.
  @Test func theBoundCountsEveryValueTheTreeHolds() throws {
    let outer = 256
    var read = 0
    var refused = 0
    for inner in 250...270 {
      let bytes = Crafted.plist([
        Crafted.array(Array(repeating: 1, count: outer)), Crafted.array(Array(repeating: 2, count: inner)), [0x09],
      ])
      let values = 1 + outer + outer * inner
      let error = Self.readError(bytes)
      if values <= BinaryPropertyListReader.maximumExpansion(forFileOf: bytes.count) {
        #expect(error == nil, "\(values) values")
        read += 1
      } else {
        #expect(error?.kind == .limitExceeded, "\(values) values")
        #expect(error?.offset == Self.offset(ofObject: 1, in: bytes))
        refused += 1
      }
    }
    #expect(read > 0 && refused > 0)
  }

  /// What a writer makes of a tree expands to fewer values than its file has bytes, whatever its size:
  /// here 100,001 values (more than the allowance) from one string shared by every element.
  @Test func aTreeSharingOnlyItsScalarsReadsPastTheAllowance() throws {
    let count = 100_000
    #expect(count > BinaryPropertyListReader.expansionAllowance)
    let bytes = Crafted.plist(
      [Crafted.string("public.image"), Crafted.array(Array(repeating: 0, count: count), referenceSize: 1)],
      offsetSize: 4, referenceSize: 1, top: 1)
    #expect(bytes.count < BinaryPropertyListReader.maximumExpansion(forFileOf: bytes.count))
    let root = try BinaryPropertyList.read(bytes)
    #expect(root.elements?.count == count)
    #expect(root[count - 1]?.string == "public.image")
    #expect(root[count - 1]?.path == [.index(count - 1)])
  }

  @Test func aContainerSharedAFewTimesReadsAsATree() throws {
    // {"a": ["x"], "b": ["x"]} with the array written once, as Core Foundation writes one instance held twice.
    let bytes = Crafted.plist([
      Crafted.dictionary(keys: [1, 2], values: [3, 3]), Crafted.string("b"), Crafted.string("a"), Crafted.array([4]),
      Crafted.string("x"),
    ])
    let root = try BinaryPropertyList.read(bytes)
    #expect(root.value == .dictionary([.init("a", .array([.string("x")])), .init("b", .array([.string("x")]))]))
    #expect(root["b"]?[0]?.path == [.key("b"), .index(0)])
  }

  @Test func aCycleThroughAnotherContainerIsRefusedWhereItCloses() throws {
    let bytes = Crafted.plist([Crafted.array([1]), Crafted.dictionary(keys: [2], values: [0]), Crafted.string("k")])
    let error = try #require(Self.readError(bytes))
    #expect(error.kind == .invalidBinaryPropertyList)
    #expect(error.message == "binary plist object at byte 8 holds itself (a reference cycle)")
    #expect(error.offset == 8)
  }

  @Test func twoOffsetsOfTheSameObjectMakeNoCycleUnseen() throws {
    // Object 1's offset is object 0's: the array [object 1] is the array holding itself.
    var bytes = Crafted.plist([Crafted.array([1]), [0x09]])
    let table = bytes.count - 32 - 4
    bytes[table + 2] = bytes[table]
    bytes[table + 3] = bytes[table + 1]
    #expect(Self.readError(bytes)?.message == "binary plist object at byte 8 holds itself (a reference cycle)")
  }

  @Test func referencesPastTheTableAndOffsetsPastTheObjectsAreDamage() throws {
    let pastTable = Crafted.plist([Crafted.array([0, 2]), [0x09]])
    #expect(Self.readError(pastTable)?.message == "binary plist is damaged or truncated")
    var pastObjects = Crafted.plist([Crafted.array([1]), [0x09]])
    pastObjects[pastObjects.count - 32 - 2] = 0xFF
    pastObjects[pastObjects.count - 32 - 1] = 0xF0
    #expect(Self.readError(pastObjects)?.message == "binary plist is damaged or truncated")
    var topPastTable = Crafted.plist([[0x09]])
    topPastTable[topPastTable.count - 9] = 1
    #expect(Self.readError(topPastTable)?.message == "binary plist is damaged or truncated")
  }

  /// A chain of `depth` arrays, the innermost holding `true`.
  private static func nestedArrays(_ depth: Int) -> [UInt8] {
    Crafted.plist((0..<depth).map { Crafted.array([$0 + 1]) } + [[0x09]])
  }

  @Test func nestingIsReadWithoutRecursionUpToTheLimit() throws {
    let limit = XMLPlistReader.maximumNestingDepth
    var node = try BinaryPropertyList.read(Self.nestedArrays(limit))
    for _ in 0..<limit { node = try #require(node[0]) }
    #expect(node.boolean == true)
    #expect(node.path == Array(repeating: .index(0), count: limit))
    let error = try #require(Self.readError(Self.nestedArrays(limit + 1)))
    #expect(error.kind == .limitExceeded)
    let innermost = Self.offset(ofObject: limit, in: Self.nestedArrays(limit + 1))
    #expect(
      error.message == "arrays and dictionaries nested deeper than \(limit) levels (object at byte \(innermost))")
    #expect(error.offset == innermost)
  }

  /// Counts far beyond the file, in each place a count is read: refused as damage, with nothing reserved for them.
  @Test(arguments: [
    ("array", Crafted.marker(0xA, count: 1 << 62) + [0, 1]),
    ("dictionary", Crafted.marker(0xD, count: 1 << 62) + [0, 1, 0, 1]),
    ("dictionary count doubling past Int.max", Crafted.marker(0xD, count: Int.max / 2 + 1)),
    ("ASCII string", Crafted.marker(0x5, count: 1 << 62) + Array("abc".utf8)),
    ("UTF-16 string", Crafted.marker(0x6, count: Int.max / 2 + 1) + [0, 0x61]),
    ("data", Crafted.marker(0x4, count: 1 << 62) + [1, 2, 3]),
    ("16-byte count", [0xAF, 0x14] + [UInt8](repeating: 0xFF, count: 16)),
  ] as [(String, [UInt8])])
  func countsTheBytesCannotHoldAreDamage(what: String, object: [UInt8]) throws {
    let bytes = Crafted.plist([object, [0x09]])
    #expect(Self.readError(bytes)?.message == "binary plist is damaged or truncated", "\(what)")
  }

  @Test func anObjectCountPastTheFileIsDamage() throws {
    var bytes = Crafted.plist([[0x09]])
    bytes.replaceSubrange((bytes.count - 24)..<(bytes.count - 16), with: Crafted.bigEndian(1 << 40, size: 8))
    #expect(Self.readError(bytes)?.message == "binary plist is damaged or truncated")
  }
}

/// A path is kept as links shared by the nodes of a container (so a deep container costs one link); the
/// same path stored as a whole chain, or as its container's chain and a last step, is equal and hashes alike.
@Suite struct StoredPathTests {
  @Test func pathsStoredEitherWayAreEqualAndHashAlike() {
    let steps: [PropertyListPathComponent] = [.key("NSExtension"), .index(2), .key("Rule")]
    let whole = PropertyListStoredPath(steps)
    let split = PropertyListStoredPath(prefix: PropertyListPathLink.chain(Array(steps.dropLast())), last: steps.last)
    #expect(whole == split && split == whole)
    #expect(whole.hashValue == split.hashValue)
    #expect(whole.components == steps && split.components == steps)
    #expect(split.link?.components() == steps)
    let other = PropertyListStoredPath(
      prefix: PropertyListPathLink.chain([.key("NSExtension"), .index(3)]), last: .key("Rule"))
    #expect(other != split && other != whole)
    #expect(PropertyListStoredPath([]) == .root)
    #expect(PropertyListStoredPath(prefix: nil, last: .index(0)) != .root)
  }
}

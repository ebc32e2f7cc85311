import Foundation

/// Reads a `bplist00` binary property list straight from its bytes into nodes (without positions).
///
/// It reads what Foundation's reader reads and refuses what it refuses (a test compares the two on
/// every binary plist of the samples and the fuzz corpus), at a fraction of the cost: Foundation builds
/// `NSDictionary`/`NSArray` objects first, and bridging them to Swift cost half a millisecond per
/// Info.plist. Differences are deliberate: a plist whose objects, shared over and over, expand to more
/// values than `maximumExpansion(forFileOf:)` allows (a binary "billion laughs") is refused instead of
/// expanded, and so is one nested deeper than `XMLPlistReader.maximumNestingDepth`.
///
/// The format: the 8-byte magic, the objects, an offset table giving where each object starts, and
/// a 32-byte trailer (sizes of offsets and object references, object count, top object, where the
/// offset table starts). Integers are big-endian. An object starts with a marker byte: its type in
/// the high nibble, a small count or size in the low one (`0xF`: the count follows as an integer).
///
/// The tree is built without recursion (a stack of open containers), every count is checked against
/// the bytes that must hold it before anything is allocated for it, and strings and data shared by
/// many references are decoded once and share their storage.
struct BinaryPropertyListReader {
  /// How many values a plist may expand to beyond one per byte of its file (see `maximumExpansion`).
  static let expansionAllowance = 1 << 16

  /// The most values (nodes and dictionary keys) a binary plist of `byteCount` bytes may expand to.
  ///
  /// A plist whose arrays and dictionaries are each referenced once, which is what a writer makes of a
  /// tree, expands to one value per object reference plus the top object, and each reference takes at
  /// least one byte of the file: it never reaches its own size. Only a container referenced several times
  /// expands further; Core Foundation's writer does write one object for an array the tree holds twice, and the
  /// allowance of 65,536 values lets a small plist do so thousands of times over (a real Info.plist
  /// holds a few hundred values) while keeping what a crafted few kilobytes can build to about 10 MB.
  /// Whatever the file's size, twice `XMLPlistReader.maximumValueCount` (keys count here) caps it, as for XML:
  /// a 4 MiB array of 4 million shared `true`s (12 MB with three-byte references) took 860 MB to read before.
  static func maximumExpansion(forFileOf byteCount: Int) -> Int {
    min(expansionAllowance + byteCount, 2 * XMLPlistReader.maximumValueCount)
  }

  /// A container being read: its node's path, the objects it holds and the nodes read from them so far.
  private struct OpenContainer {
    /// One object of the container, with the step leading to it.
    struct Member {
      /// The object's index in the offset table.
      var object: Int
      /// `.index` in an array, `.key` in a dictionary.
      var step: PropertyListPathComponent
    }

    /// Where the container's marker is.
    var start: Int
    /// Whether it is a dictionary (else an array).
    var isDictionary: Bool
    /// The container's own path.
    var path: PropertyListStoredPath
    /// The same path as one link, shared by the paths of its members.
    var membersPrefix: PropertyListPathLink?
    /// The members, in the order their nodes are built (a dictionary's by key).
    var members: [Member]
    /// The nodes of the first members, one per member read.
    var nodes: [PropertyListNode] = []

    /// The container's node, once every member is read.
    consuming func node() -> PropertyListNode {
      let content: PropertyListNode.Content
      if isDictionary {
        var entries: [PropertyListNode.Entry] = []
        entries.reserveCapacity(nodes.count)
        for (member, value) in zip(members, nodes) {
          guard case .key(let text) = member.step else { continue }
          entries.append(.init(key: PropertyListKey(text: text), value: value))
        }
        content = .dictionary(entries)
      } else {
        content = .array(nodes)
      }
      return PropertyListNode(content: content, storedPath: path, elementRange: nil, contentRange: nil)
    }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let topObject: Int
  private let offsetTable: Int
  /// The most values the tree may hold (`maximumExpansion`).
  private let maximumValueCount: Int
  /// The values counted so far: the top object, then every reference of every container opened.
  private var valueCount = 0
  /// The containers being read, innermost last.
  private var open: [OpenContainer] = []
  /// Where the open containers start, to refuse a container that holds itself.
  private var openStarts: Set<Int> = []
  /// Strings already decoded, by where their object starts.
  private var strings: [Int: String] = [:]
  /// Data already read, by where its object starts.
  private var blobs: [Int: Data] = [:]

  /// Reads `bytes` (which start with `bplist00`).
  static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListNode {
    try bytes.withUnsafeBufferPointer { (buffer) throws(PropertyListError) -> PropertyListNode in
      var reader = try BinaryPropertyListReader(buffer)
      return try reader.tree()
    }
  }

  private static var damaged: PropertyListError {
    PropertyListError(.invalidBinaryPropertyList, "binary plist is damaged or truncated")
  }

  /// Checks the trailer, that the offset table ends where it starts, and the table's offsets.
  private init(_ bytes: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
    self.bytes = bytes
    let trailer = bytes.count - 32
    guard trailer > 8 else { throw Self.damaged }
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    let count = Self.unsigned(bytes, at: trailer + 8, size: 8)
    let top = Self.unsigned(bytes, at: trailer + 16, size: 8)
    let table = Self.unsigned(bytes, at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      count >= 1, count <= UInt64(trailer), top < count, table >= 9, table < UInt64(trailer),
      UInt64(trailer) - table == count * UInt64(offsetSize),
      referenceSize == 8 || count < UInt64(1) << (8 * referenceSize),
      offsetSize == 8 || table < UInt64(1) << (8 * offsetSize)
    else { throw Self.damaged }
    objectCount = Int(count)
    topObject = Int(top)
    offsetTable = Int(table)
    maximumValueCount = Self.maximumExpansion(forFileOf: bytes.count)
    // Like Foundation, every offset must point before the table, used or not.
    for index in 0..<objectCount
    where Self.unsigned(bytes, at: offsetTable + index * offsetSize, size: offsetSize) >= table {
      throw Self.damaged
    }
  }

  /// The big-endian unsigned integer of `size` (1…8) bytes at `start`; the caller checked the bounds.
  private static func unsigned(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in start..<(start + size) { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  /// Where object `index` starts: inside the object area, after the magic.
  private func offset(of index: Int) throws(PropertyListError) -> Int {
    guard index < objectCount else { throw Self.damaged }
    let offset = Self.unsigned(bytes, at: offsetTable + index * offsetSize, size: offsetSize)
    guard offset >= 8, offset < UInt64(offsetTable) else { throw Self.damaged }
    return Int(offset)
  }

  /// The `length` bytes at `start`, which must end before the offset table.
  private func span(_ start: Int, _ length: Int) throws(PropertyListError) -> UnsafeBufferPointer<UInt8> {
    guard length >= 0, start <= offsetTable, length <= offsetTable - start else { throw Self.damaged }
    return UnsafeBufferPointer(rebasing: bytes[start..<(start + length)])
  }

  /// The count in the low nibble of the marker at `offset`, or the integer after it; and where the
  /// object's payload starts.
  private func count(at offset: Int) throws(PropertyListError) -> (count: Int, payload: Int) {
    let nibble = Int(bytes[offset] & 0x0F)
    guard nibble == 0x0F else { return (nibble, offset + 1) }
    let marker = try span(offset + 1, 1)[0]
    guard marker & 0xF0 == 0x10 else { throw Self.damaged }
    let size = 1 << Int(marker & 0x0F)
    guard size <= 8 else { throw Self.damaged }
    let value = Self.unsigned(bytes, at: offset + 2, size: try span(offset + 2, size).count)
    guard value <= UInt64(Int.max) else { throw Self.damaged }
    return (Int(value), offset + 2 + size)
  }

  /// Checks that `count` object references at `start` end before the offset table.
  private func checkReferences(_ start: Int, count: Int) throws(PropertyListError) {
    guard start <= offsetTable, count <= (offsetTable - start) / referenceSize else { throw Self.damaged }
  }

  /// The object references of a container: `count` of them at `start`.
  private func references(_ start: Int, count: Int) throws(PropertyListError) -> [Int] {
    try checkReferences(start, count: count)
    let area = try span(start, count * referenceSize)
    var references: [Int] = []
    references.reserveCapacity(count)
    for position in stride(from: 0, to: area.count, by: referenceSize) {
      // An 8-byte reference can exceed Int.max; any reference past the object count is damage anyway.
      let reference = Self.unsigned(bytes, at: start + position, size: referenceSize)
      guard reference < UInt64(objectCount) else { throw Self.damaged }
      references.append(Int(reference))
    }
    return references
  }

  /// The top object's tree, read container by container from a stack of open ones.
  private mutating func tree() throws(PropertyListError) -> PropertyListNode {
    valueCount = 1
    var finished = try start(object: topObject, path: .root)
    while true {
      if let node = finished.take() {
        guard !open.isEmpty else { return node }
        open[open.count - 1].nodes.append(node)
      }
      let innermost = open.count - 1
      let read = open[innermost].nodes.count
      if read < open[innermost].members.count {
        let member = open[innermost].members[read]
        finished = try start(
          object: member.object,
          path: PropertyListStoredPath(prefix: open[innermost].membersPrefix, last: member.step))
      } else {
        let container = open.removeLast()
        openStarts.remove(container.start)
        finished = container.node()
      }
    }
  }

  /// Reads object `object` at `path`: a scalar's node, or `nil` after opening a container, whose members
  /// the caller reads next.
  private mutating func start(object: Int, path: PropertyListStoredPath) throws(PropertyListError)
    -> PropertyListNode?
  {
    let start = try offset(of: object)
    let marker = bytes[start]
    let content: PropertyListNode.Content
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: content = .boolean(false)
      case 0x09: content = .boolean(true)
      default: throw Self.damaged
      }
    case 0x1:
      content = .integer(try integer(at: start, path: path))
    case 0x2:
      switch marker & 0x0F {
      case 2:
        let bits = Self.unsigned(bytes, at: start + 1, size: try span(start + 1, 4).count)
        content = .real(Double(Float(bitPattern: UInt32(bits))))
      case 3:
        content = .real(Double(bitPattern: Self.unsigned(bytes, at: start + 1, size: try span(start + 1, 8).count)))
      default: throw Self.damaged
      }
    case 0x3:
      guard marker == 0x33 else { throw Self.damaged }
      let seconds = Double(bitPattern: Self.unsigned(bytes, at: start + 1, size: try span(start + 1, 8).count))
      content = .date(Date(timeIntervalSinceReferenceDate: seconds))
    case 0x4:
      if let data = blobs[start] {
        content = .data(data)
      } else {
        let (count, payload) = try count(at: start)
        let data = Data(try span(payload, count))
        blobs[start] = data
        content = .data(data)
      }
    case 0x5, 0x6:
      content = .string(try string(at: start))
    case 0xA:
      let (count, payload) = try count(at: start)
      try checkReferences(payload, count: count)
      try countValues(count, at: start)
      let elements = try references(payload, count: count)
      var members: [OpenContainer.Member] = []
      members.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() { members.append(.init(object: element, step: .index(index))) }
      try open(start: start, isDictionary: false, path: path, members: members)
      return nil
    case 0xD:
      let (count, payload) = try count(at: start)
      guard count <= Int.max / 2 else { throw Self.damaged }
      try checkReferences(payload, count: count * 2)
      try countValues(count * 2, at: start)
      let references = try references(payload, count: count * 2)
      let members = try members(keys: references[..<count], values: references[count...])
      try open(start: start, isDictionary: true, path: path, members: members)
      return nil
    default:
      // 0x8 (a keyed archiver's UID) and 0xC (a set) are not property list values; the rest are unused markers.
      throw Self.damaged
    }
    return PropertyListNode(content: content, storedPath: path, elementRange: nil, contentRange: nil)
  }

  /// Counts `added` more values, the references of the container at `start`, refusing to pass
  /// `maximumValueCount` (before anything is allocated for them).
  private mutating func countValues(_ added: Int, at start: Int) throws(PropertyListError) {
    guard added <= maximumValueCount - valueCount else {
      throw PropertyListError(
        .limitExceeded,
        "binary plist expands to more than \(maximumValueCount) values (objects shared over and over, or far "
          + "more values than an Info.plist holds; "
          + "the limit is passed at the object at byte \(start))",
        offset: start)
    }
    valueCount += added
  }

  /// Opens the container at `start`, refusing one that (through others) holds itself.
  private mutating func open(
    start: Int, isDictionary: Bool, path: PropertyListStoredPath, members: [OpenContainer.Member]
  ) throws(PropertyListError) {
    guard open.count < XMLPlistReader.maximumNestingDepth else {
      throw PropertyListError(
        .limitExceeded,
        "arrays and dictionaries nested deeper than \(XMLPlistReader.maximumNestingDepth) levels "
          + "(object at byte \(start))",
        offset: start)
    }
    guard openStarts.insert(start).inserted else {
      throw PropertyListError(
        .invalidBinaryPropertyList, "binary plist object at byte \(start) holds itself (a reference cycle)",
        offset: start)
    }
    open.append(
      OpenContainer(start: start, isDictionary: isDictionary, path: path, membersPrefix: path.link, members: members))
  }

  /// A dictionary's members, in key order (a binary plist keeps none); of keys that compare equal,
  /// the first one written wins, as in Foundation.
  private mutating func members(keys: ArraySlice<Int>, values: ArraySlice<Int>) throws(PropertyListError)
    -> [OpenContainer.Member]
  {
    var first: [String: Int] = [:]
    first.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() {
      let start = try offset(of: key)
      guard bytes[start] >> 4 == 0x5 || bytes[start] >> 4 == 0x6 else { throw Self.damaged }
      let text = try string(at: start)
      if first[text] == nil { first[text] = index }
    }
    return first.sorted(by: { $0.key < $1.key }).map { (text, index) in
      OpenContainer.Member(object: values[values.startIndex + index], step: .key(text))
    }
  }

  /// An integer object: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes of which the low 8 count.
  private func integer(at start: Int, path: PropertyListStoredPath) throws(PropertyListError) -> Int {
    let size = 1 << Int(bytes[start] & 0x0F)
    guard size <= 16 else { throw Self.damaged }
    let payload = try span(start + 1, size)
    let low = Self.unsigned(bytes, at: start + 1 + size - min(size, 8), size: min(size, 8))
    switch payload.count {
    case 8: return Int(Int64(bitPattern: low))
    case 16:
      guard low <= UInt64(Int.max) else {
        throw PropertyListError(
          .invalidBinaryPropertyList, "integer \(low) at '\(path.components.keyPathDescription)' is too large")
      }
      return Int(low)
    default: return Int(low)
    }
  }

  /// The ASCII (`0x5_`) or UTF-16 big-endian (`0x6_`) string object at `start`, decoded once.
  private mutating func string(at start: Int) throws(PropertyListError) -> String {
    if let text = strings[start] { return text }
    let text = try decodedString(at: start)
    strings[start] = text
    return text
  }

  /// The string object at `start`, decoded.
  private func decodedString(at start: Int) throws(PropertyListError) -> String {
    let (count, payload) = try count(at: start)
    if bytes[start] >> 4 == 0x5 {
      // Writers put only ASCII here; Foundation reads any other byte as Latin-1, and so does this.
      let text = try span(payload, count)
      if text.allSatisfy({ $0 < 0x80 }) { return String(decoding: text, as: UTF8.self) }
      return String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) }))
    }
    guard count <= Int.max / 2 else { throw Self.damaged }
    let text = try span(payload, count * 2)
    var units: [UInt16] = []
    units.reserveCapacity(count)
    for index in stride(from: 0, to: text.count, by: 2) {
      units.append(UInt16(text[index]) << 8 | UInt16(text[index + 1]))
    }
    return String(decoding: units, as: UTF16.self)
  }
}

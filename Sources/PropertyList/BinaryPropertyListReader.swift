import Foundation

/// Reads a `bplist00` binary property list straight from its bytes into nodes (without positions).
///
/// It reads what Foundation's reader reads and refuses what it refuses (a test compares the two on
/// every binary plist of the samples and the fuzz corpus), at a fraction of the cost: Foundation builds
/// `NSDictionary`/`NSArray` objects first, and bridging them to Swift cost half a millisecond per
/// Info.plist. Differences are deliberate: a value that expands to more than `maximumValueCount`
/// values (objects shared many times over: a binary "billion laughs") is refused instead of expanded.
///
/// The format: the 8-byte magic, the objects, an offset table giving where each object starts, and
/// a 32-byte trailer (sizes of offsets and object references, object count, top object, where the
/// offset table starts). Integers are big-endian. An object starts with a marker byte: its type in
/// the high nibble, a small count or size in the low one (`0xF`: the count follows as an integer).
struct BinaryPropertyListReader {
  /// The most values a plist may expand to: far more than any real Info.plist holds.
  static let maximumValueCount = 1 << 20

  private let bytes: UnsafeBufferPointer<UInt8>
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let topObject: Int
  private let offsetTable: Int
  /// Where the containers being read start, to refuse a container that holds itself.
  private var open: Set<Int> = []
  private var valueCount = 0

  /// Reads `bytes` (which start with `bplist00`).
  static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListNode {
    try bytes.withUnsafeBufferPointer { (buffer) throws(PropertyListError) -> PropertyListNode in
      var reader = try BinaryPropertyListReader(buffer)
      return try reader.node(object: reader.topObject, path: [], depth: 0)
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

  /// The object references of a container: `count` of them at `start`.
  private func references(_ start: Int, count: Int) throws(PropertyListError) -> [Int] {
    guard count <= (offsetTable - start) / referenceSize else { throw Self.damaged }
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

  private mutating func node(object: Int, path: [PropertyListPathComponent], depth: Int)
    throws(PropertyListError) -> PropertyListNode
  {
    guard depth <= XMLPlistReader.maximumNestingDepth else {
      throw PropertyListError(
        .limitExceeded, "arrays and dictionaries nested deeper than \(XMLPlistReader.maximumNestingDepth) levels")
    }
    valueCount += 1
    guard valueCount <= Self.maximumValueCount else {
      throw PropertyListError(
        .limitExceeded, "binary plist expands to more than \(Self.maximumValueCount) values (objects shared over and over)")
    }
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
      case 2: content = .real(Double(Float(bitPattern: UInt32(Self.unsigned(bytes, at: start + 1, size: try span(start + 1, 4).count)))))
      case 3: content = .real(Double(bitPattern: Self.unsigned(bytes, at: start + 1, size: try span(start + 1, 8).count)))
      default: throw Self.damaged
      }
    case 0x3:
      guard marker == 0x33 else { throw Self.damaged }
      let seconds = Double(bitPattern: Self.unsigned(bytes, at: start + 1, size: try span(start + 1, 8).count))
      content = .date(Date(timeIntervalSinceReferenceDate: seconds))
    case 0x4:
      let (count, payload) = try count(at: start)
      content = .data(Data(try span(payload, count)))
    case 0x5, 0x6:
      content = .string(try string(at: start))
    case 0xA:
      let (count, payload) = try count(at: start)
      let elements = try references(payload, count: count)
      content = .array(try container(at: start) { (reader) throws(PropertyListError) in
        var nodes: [PropertyListNode] = []
        nodes.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
          nodes.append(try reader.node(object: element, path: path + [.index(index)], depth: depth + 1))
        }
        return nodes
      })
    case 0xD:
      let (count, payload) = try count(at: start)
      guard count <= Int.max / 2 else { throw Self.damaged }
      let references = try references(payload, count: count * 2)
      content = .dictionary(try container(at: start) { (reader) throws(PropertyListError) in
        try reader.entries(keys: references[..<count], values: references[count...], path: path, depth: depth)
      })
    default:
      // 0x8 (a keyed archiver's UID) and 0xC (a set) are not property list values; the rest are unused markers.
      throw Self.damaged
    }
    return PropertyListNode(content: content, path: path)
  }

  /// Reads a container's elements, refusing one that (through others) holds itself.
  private mutating func container<Result>(
    at start: Int, _ read: (inout BinaryPropertyListReader) throws(PropertyListError) -> Result
  ) throws(PropertyListError) -> Result {
    guard open.insert(start).inserted else { throw Self.damaged }
    defer { open.remove(start) }
    return try read(&self)
  }

  /// A dictionary's entries, in key order (a binary plist keeps none); of keys that compare equal,
  /// the first one written wins, as in Foundation.
  private mutating func entries(
    keys: ArraySlice<Int>, values: ArraySlice<Int>, path: [PropertyListPathComponent], depth: Int
  ) throws(PropertyListError) -> [PropertyListNode.Entry] {
    var texts: [String] = []
    texts.reserveCapacity(keys.count)
    for key in keys {
      let start = try offset(of: key)
      guard bytes[start] >> 4 == 0x5 || bytes[start] >> 4 == 0x6 else { throw Self.damaged }
      texts.append(try string(at: start))
    }
    var first: [String: Int] = [:]
    for (index, text) in texts.enumerated() where first[text] == nil { first[text] = index }
    var entries: [PropertyListNode.Entry] = []
    entries.reserveCapacity(first.count)
    for (text, index) in first.sorted(by: { $0.key < $1.key }) {
      let value = try node(object: values[values.startIndex + index], path: path + [.key(text)], depth: depth + 1)
      entries.append(.init(key: PropertyListKey(text: text), value: value))
    }
    return entries
  }

  /// An integer object: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes of which the low 8 count.
  private func integer(at start: Int, path: [PropertyListPathComponent]) throws(PropertyListError) -> Int {
    let size = 1 << Int(bytes[start] & 0x0F)
    guard size <= 16 else { throw Self.damaged }
    let payload = try span(start + 1, size)
    let low = Self.unsigned(bytes, at: start + 1 + size - min(size, 8), size: min(size, 8))
    switch payload.count {
    case 8: return Int(Int64(bitPattern: low))
    case 16:
      guard low <= UInt64(Int.max) else {
        throw PropertyListError(.invalidBinaryPropertyList, "integer \(low) at '\(path.keyPathDescription)' is too large")
      }
      return Int(low)
    default: return Int(low)
    }
  }

  /// An ASCII (`0x5_`) or UTF-16 big-endian (`0x6_`) string object.
  private func string(at start: Int) throws(PropertyListError) -> String {
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
    for index in stride(from: 0, to: text.count, by: 2) { units.append(UInt16(text[index]) << 8 | UInt16(text[index + 1])) }
    return String(decoding: units, as: UTF16.self)
  }
}

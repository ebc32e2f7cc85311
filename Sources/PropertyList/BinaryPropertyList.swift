import Foundation

/// Binary plists (`bplist00`): read by `BinaryPropertyListReader`, written by
/// `BinaryPropertyListWriter`.
///
/// A binary plist has no positions, so nodes read here have `nil` ranges (diagnostics name the key
/// path instead), and no key order: dictionary keys come back sorted.
public enum BinaryPropertyList {
  /// The first bytes of a binary plist.
  public static let magic: [UInt8] = Array("bplist".utf8)

  /// Whether `bytes` start like a binary plist (any version).
  public static func looksBinary(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

  /// Reads the binary plist `bytes` into nodes without positions.
  public static func read(_ bytes: [UInt8]) throws -> PropertyListNode {
    guard bytes.starts(with: Array("bplist00".utf8)) else {
      let version = String(decoding: bytes.prefix(8).dropFirst(6), as: UTF8.self)
      throw PropertyListError(.invalidBinaryPropertyList, "binary plist version '\(version)' is not supported")
    }
    guard bytes.count <= XMLPlistReader.maximumInputSize else {
      throw PropertyListError(
        .limitExceeded, "file is larger than \(XMLPlistReader.maximumInputSize >> 20) MiB (\(bytes.count) bytes)")
    }
    if let offset = firstSetObject(in: bytes) {
      throw PropertyListError(
        .invalidBinaryPropertyList,
        "binary plist holds a set (object at byte \(offset)), which property lists do not allow")
    }
    return try BinaryPropertyListReader.read(bytes)
  }

  /// The byte offset of the first object of the offset table that is a set (marker `0xC_`), if any. No property
  /// list writer produces sets, so a file holding one is refused up front, with the set's offset. (Foundation, the
  /// reader before `BinaryPropertyListReader`, crashed bridging them: Fuzz/fuzz-plist-binary found it.)
  /// A trailer or offset table that does not make sense is left for the reader to reject.
  static func firstSetObject(in bytes: [UInt8]) -> Int? {
    let trailer = bytes.count - 32
    guard trailer >= 8 else { return nil }
    /// The big-endian unsigned integer of `size` bytes at `start`, if it lies inside `bytes` and fits in an Int.
    func integer(at start: Int, size: Int) -> Int? {
      guard (1...8).contains(size), start >= 0, start <= bytes.count - size else { return nil }
      var value: UInt64 = 0
      for byte in bytes[start..<(start + size)] { value = value << 8 | UInt64(byte) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }
    let offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize), let count = integer(at: trailer + 8, size: 8),
      let table = integer(at: trailer + 24, size: 8), table <= trailer, count <= (trailer - table) / offsetSize
    else { return nil }
    for index in 0..<count {
      guard let offset = integer(at: table + index * offsetSize, size: offsetSize), offset < bytes.count else {
        continue
      }
      if bytes[offset] & 0xF0 == 0xC0 { return offset }
    }
    return nil
  }

  /// The binary plist of `value`, written by `BinaryPropertyListWriter`: the same bytes for the same
  /// value, dictionary entries in their order. A duplicate key is written once, with its last value.
  public static func serialize(_ value: PropertyListValue) throws -> [UInt8] {
    try BinaryPropertyListWriter.write(value)
  }
}

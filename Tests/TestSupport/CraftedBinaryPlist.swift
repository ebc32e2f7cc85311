/// Binary plists (`bplist00`) built byte by byte, for the tests of hostile input: objects that share
/// references over and over, cycles, counts the file cannot hold.
public enum CraftedBinaryPlist {
  /// The plist of `objects` (each one's bytes, marker first), with offsets of `offsetSize` bytes,
  /// references of `referenceSize` bytes, and `top` as the top object.
  public static func plist(_ objects: [[UInt8]], offsetSize: Int = 2, referenceSize: Int = 2, top: Int = 0)
    -> [UInt8]
  {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += bigEndian(offset, size: offsetSize) }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    for value in [objects.count, top, table] { bytes += bigEndian(value, size: 8) }
    return bytes
  }

  /// `value` as `size` big-endian bytes.
  public static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// A marker of `type` (its high nibble) with `count`: in the low nibble, or after it as an integer object.
  public static func marker(_ type: UInt8, count: Int) -> [UInt8] {
    if count < 15 { return [type << 4 | UInt8(count)] }
    if count <= 0xFFFF { return [type << 4 | 0xF, 0x11] + bigEndian(count, size: 2) }
    return [type << 4 | 0xF, 0x13] + bigEndian(count, size: 8)
  }

  /// An array object holding `references` (each `referenceSize` bytes).
  public static func array(_ references: [Int], referenceSize: Int = 2) -> [UInt8] {
    marker(0xA, count: references.count) + references.flatMap { bigEndian($0, size: referenceSize) }
  }

  /// A dictionary object: `keys` then `values`, as references.
  public static func dictionary(keys: [Int], values: [Int], referenceSize: Int = 2) -> [UInt8] {
    marker(0xD, count: keys.count) + (keys + values).flatMap { bigEndian($0, size: referenceSize) }
  }

  /// An ASCII string object.
  public static func string(_ text: String) -> [UInt8] {
    marker(0x5, count: text.utf8.count) + Array(text.utf8)
  }

  /// A binary "billion laughs": `chain` arrays each holding the next once (the paths get long), then
  /// `levels` arrays each holding the next twice, then `true`: 2.6 KB for `(490, 19)`, which expand to
  /// 2^20 values on paths 500 steps long.
  public static func sharedArrays(chain: Int = 490, levels: Int = 19) -> [UInt8] {
    var objects: [[UInt8]] = []
    for index in 0..<chain { objects.append(array([index + 1])) }
    for index in chain..<(chain + levels) { objects.append(array([index + 1, index + 1])) }
    objects.append([0x09])
    return plist(objects)
  }
}

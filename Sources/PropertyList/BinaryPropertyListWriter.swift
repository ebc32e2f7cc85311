import Foundation

/// Writes `bplist00` files, the format `BinaryPropertyListReader` reads (Apple's `CFBinaryPList`).
///
/// The output depends only on the value: dictionaries keep their entries' order, equal strings are
/// written once, and nothing depends on hashing. (Foundation's writer, used before, wrote a
/// dictionary in its hash order, which changed from run to run: `fix` on a binary plist gave other
/// bytes every time.) A key given twice is written once, where it first appears, with its last value,
/// as a dictionary built from the entries would hold it.
///
/// Layout: the header `bplist00`; the objects (top object first); a table of their offsets; a 32-byte
/// trailer (six unused bytes, the offset size, the reference size, the object count, the top object,
/// the offset table's start). Markers: `0x08`/`0x09` booleans, `0x1n` integers of 2ⁿ bytes (1, 2 and 4
/// unsigned, 8 signed), `0x23` doubles, `0x33` dates, `0x4n` data, `0x5n` ASCII and `0x6n` UTF-16BE
/// strings, `0xAn` arrays, `0xDn` dictionaries (all key references, then all value references); a count
/// of 15 or more is `0xF` in the low nibble followed by an integer object.
enum BinaryPropertyListWriter {
  /// The bytes of `value` as a binary plist.
  static func write(_ value: PropertyListValue) throws(PropertyListError) -> [UInt8] {
    var objects = ObjectTable()
    let top = try objects.add(value, depth: 0)
    return objects.serialized(top: top)
  }

  /// One object to write; containers refer to others by index.
  private enum Object {
    case boolean(Bool)
    case integer(Int)
    case real(Double)
    case date(Double)
    case data([UInt8])
    case string(String)
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  /// The objects in the order they are written, equal strings shared.
  private struct ObjectTable {
    var objects: [Object] = []
    var stringIndex: [String: Int] = [:]

    mutating func add(_ value: PropertyListValue, depth: Int) throws(PropertyListError) -> Int {
      guard depth <= XMLPlistReader.maximumNestingDepth else {
        throw PropertyListError(
          .limitExceeded, "arrays and dictionaries nested deeper than \(XMLPlistReader.maximumNestingDepth) levels")
      }
      switch value {
      case .string(let text): return string(text)
      case .integer(let number): return append(.integer(number))
      case .real(let number): return append(.real(number))
      case .boolean(let flag): return append(.boolean(flag))
      case .date(let date): return append(.date(date.timeIntervalSinceReferenceDate))
      case .data(let data): return append(.data([UInt8](data)))
      case .array(let elements):
        // The container's index comes before its children's, as the top object must be 0.
        let index = append(.array([]))
        var references: [Int] = []
        references.reserveCapacity(elements.count)
        for element in elements { references.append(try add(element, depth: depth + 1)) }
        objects[index] = .array(references)
        return index
      case .dictionary(let entries):
        let index = append(.dictionary(keys: [], values: []))
        var order: [String] = []
        var lastValue: [String: PropertyListValue] = [:]
        for entry in entries {
          if lastValue.updateValue(entry.value, forKey: entry.key) == nil { order.append(entry.key) }
        }
        var keys: [Int] = []
        var values: [Int] = []
        for key in order {
          keys.append(string(key))
          values.append(try add(lastValue[key]!, depth: depth + 1))
        }
        objects[index] = .dictionary(keys: keys, values: values)
        return index
      }
    }

    mutating func append(_ object: Object) -> Int {
      objects.append(object)
      return objects.count - 1
    }

    mutating func string(_ text: String) -> Int {
      if let index = stringIndex[text] { return index }
      let index = append(.string(text))
      stringIndex[text] = index
      return index
    }

    /// The file: header, objects, offset table, trailer.
    func serialized(top: Int) -> [UInt8] {
      let referenceSize = Self.byteCount(UInt64(max(objects.count - 1, 0)))
      var output = Array("bplist00".utf8)
      var offsets: [Int] = []
      offsets.reserveCapacity(objects.count)
      for object in objects {
        offsets.append(output.count)
        Self.write(object, referenceSize: referenceSize, into: &output)
      }
      let tableStart = output.count
      let offsetSize = Self.byteCount(UInt64(tableStart))
      for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &output) }
      output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
      Self.appendBigEndian(UInt64(objects.count), size: 8, to: &output)
      Self.appendBigEndian(UInt64(top), size: 8, to: &output)
      Self.appendBigEndian(UInt64(tableStart), size: 8, to: &output)
      return output
    }

    private static func write(_ object: Object, referenceSize: Int, into output: inout [UInt8]) {
      switch object {
      case .boolean(let flag):
        output.append(flag ? 0x09 : 0x08)
      case .integer(let number):
        appendInteger(number, to: &output)
      case .real(let number):
        output.append(0x23)
        appendBigEndian(number.bitPattern, size: 8, to: &output)
      case .date(let seconds):
        output.append(0x33)
        appendBigEndian(seconds.bitPattern, size: 8, to: &output)
      case .data(let bytes):
        appendMarker(0x40, count: bytes.count, to: &output)
        output += bytes
      case .string(let text):
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
          appendMarker(0x50, count: text.utf8.count, to: &output)
          output += text.utf8
        } else {
          let units = Array(text.utf16)
          appendMarker(0x60, count: units.count, to: &output)
          for unit in units { appendBigEndian(UInt64(unit), size: 2, to: &output) }
        }
      case .array(let references):
        appendMarker(0xA0, count: references.count, to: &output)
        for reference in references { appendBigEndian(UInt64(reference), size: referenceSize, to: &output) }
      case .dictionary(let keys, let values):
        appendMarker(0xD0, count: keys.count, to: &output)
        for reference in keys + values { appendBigEndian(UInt64(reference), size: referenceSize, to: &output) }
      }
    }

    /// An integer object: the fewest of 1, 2 or 4 bytes (unsigned) that hold it, else 8 (signed).
    private static func appendInteger(_ number: Int, to output: inout [UInt8]) {
      let size = number < 0 || number > Int(UInt32.max) ? 8 : byteCount(UInt64(number))
      let exponent: UInt8 = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3
      output.append(0x10 | exponent)
      appendBigEndian(UInt64(bitPattern: Int64(number)), size: 1 << Int(exponent), to: &output)
    }

    /// A marker with `count` in its low nibble, or `0xF` and the count as an integer object after it.
    private static func appendMarker(_ marker: UInt8, count: Int, to output: inout [UInt8]) {
      if count < 15 {
        output.append(marker | UInt8(count))
      } else {
        output.append(marker | 0x0F)
        appendInteger(count, to: &output)
      }
    }

    /// 1, 2, 4 or 8: the fewest bytes of those that hold `value`.
    private static func byteCount(_ value: UInt64) -> Int {
      value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    private static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
      for shift in stride(from: (size - 1) * 8, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
  }
}

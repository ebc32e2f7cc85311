import SharelintBase

/// A `.strings` file (`en.lproj/InfoPlist.strings`): the old-style property list of `"key" = "value";` entries that
/// localizes an Info.plist, read with the byte range of every key and value.
///
/// Read as Foundation reads it: UTF-16 with a byte-order mark (what Xcode's templates wrote for years), UTF-8 with or
/// without one, or UTF-16 without a mark when the first bytes show it; `/* … */` and `//` comments; quoted strings
/// with `\n`, `\t`, `\"`, `\\`, `\UXXXX` and octal escapes; unquoted words for keys or values (`CFBundleName =
/// Notes;`); a lone `"key";` whose value is the key. Positions are UTF-8 byte offsets into `source`, which is the
/// file's text as UTF-8 (transcoded when the file is UTF-16, so line and column are the same). The input size and
/// the number of entries are bounded; a problem is one error with its offset, never a crash.
public struct StringsFile: Sendable {
  /// How the file's bytes encode its text.
  public enum Encoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
  }

  /// One `key = value;` entry.
  public struct Entry: Hashable, Sendable {
    /// The key, escapes decoded.
    public var key: String
    /// The value, escapes decoded.
    public var value: String
    /// Where the key is written in `source`, quotes included.
    public var keyRange: ByteRange
    /// Where the value is written in `source`, quotes included.
    public var valueRange: ByteRange
  }

  /// The largest file read (4 MiB: a localized Info.plist holds a few short strings).
  public static let maximumSize = 4 << 20
  /// The most entries read.
  public static let maximumEntries = 100_000

  /// The file's text as UTF-8; its `name` is the path shown in diagnostics.
  public let source: SourceText
  /// How the file was encoded.
  public let encoding: Encoding
  /// The entries, in written order.
  public let entries: [Entry]

  /// Reads `bytes`, the contents of the file named `name`.
  public init(bytes: [UInt8], name: String) throws(PropertyListError) {
    guard bytes.count <= Self.maximumSize else {
      throw PropertyListError(.limitExceeded, "\(name) is larger than \(Self.maximumSize >> 20) MiB")
    }
    let (text, encoding) = try Self.decode(bytes, name: name)
    source = SourceText(name: name, bytes: text)
    self.encoding = encoding
    var parser = StringsParser(bytes: text, name: name)
    entries = try parser.parseEntries()
  }

  /// The last entry for `key` (as Foundation keeps the last of duplicate keys).
  public subscript(key: String) -> Entry? { entries.last { $0.key == key } }

  /// `bytes` as UTF-8, with the encoding found.
  private static func decode(_ bytes: [UInt8], name: String) throws(PropertyListError) -> ([UInt8], Encoding) {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (Array(bytes.dropFirst(3)), .utf8) }
    var encoding: Encoding?
    var body = bytes[...]
    if bytes.starts(with: [0xFF, 0xFE]) {
      encoding = .utf16LittleEndian
      body = bytes.dropFirst(2)
    } else if bytes.starts(with: [0xFE, 0xFF]) {
      encoding = .utf16BigEndian
      body = bytes.dropFirst(2)
    } else if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 {
      encoding = .utf16LittleEndian
    } else if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 {
      encoding = .utf16BigEndian
    }
    guard let encoding else {
      guard String(validating: bytes, as: UTF8.self) != nil else {
        throw PropertyListError(.invalidPropertyList, "\(name) is neither UTF-8 nor UTF-16 text")
      }
      return (bytes, .utf8)
    }
    guard body.count % 2 == 0 else {
      throw PropertyListError(.invalidPropertyList, "\(name) is UTF-16 text with an odd number of bytes")
    }
    var units: [UInt16] = []
    units.reserveCapacity(body.count / 2)
    var index = body.startIndex
    while index < body.endIndex {
      let first = UInt16(body[index])
      let second = UInt16(body[index + 1])
      units.append(encoding == .utf16LittleEndian ? first | second << 8 : first << 8 | second)
      index += 2
    }
    guard let text = String(validating: units, as: UTF16.self) else {
      throw PropertyListError(.invalidPropertyList, "\(name) holds invalid UTF-16 (an unpaired surrogate)")
    }
    return (Array(text.utf8), encoding)
  }
}

/// The entries of a strings file's UTF-8 text; every loop consumes input.
private struct StringsParser {
  let bytes: [UInt8]
  let name: String
  var offset = 0

  init(bytes: [UInt8], name: String) {
    self.bytes = bytes
    self.name = name
  }

  func error(_ message: String, at position: Int) -> PropertyListError {
    PropertyListError(.invalidPropertyList, message, offset: min(position, bytes.count),
                      in: SourceText(name: name, bytes: bytes))
  }

  /// entries = { entry } ; entry = string [ "=" string ] ";"
  mutating func parseEntries() throws(PropertyListError) -> [StringsFile.Entry] {
    var entries: [StringsFile.Entry] = []
    while true {
      try skipTrivia()
      guard offset < bytes.count else { return entries }
      guard entries.count < StringsFile.maximumEntries else {
        throw error("more than \(StringsFile.maximumEntries) entries", at: offset)
      }
      let (key, keyRange) = try parseString()
      try skipTrivia()
      var value = key
      var valueRange = keyRange
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "=") {
        offset += 1
        try skipTrivia()
        (value, valueRange) = try parseString()
        try skipTrivia()
      }
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else {
        throw error("expected ';' after the entry for '\(key)'", at: offset)
      }
      offset += 1
      entries.append(StringsFile.Entry(key: key, value: value, keyRange: keyRange, valueRange: valueRange))
    }
  }

  /// Skips spaces, line ends and comments.
  mutating func skipTrivia() throws(PropertyListError) {
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
        offset += 1
      } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
        let start = offset
        offset += 2
        while offset + 1 < bytes.count,
          !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
        {
          offset += 1
        }
        guard offset + 1 < bytes.count else { throw error("a comment is not closed", at: start) }
        offset += 2
      } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
        while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
      } else {
        return
      }
    }
  }

  /// string = quoted | word
  mutating func parseString() throws(PropertyListError) -> (String, ByteRange) {
    guard offset < bytes.count else { throw error("expected a string", at: offset) }
    let start = offset
    if bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") {
      let quote = bytes[offset]
      offset += 1
      var decoded: [UInt8] = []
      while offset < bytes.count, bytes[offset] != quote {
        if bytes[offset] == UInt8(ascii: "\\") {
          offset += 1
          guard offset < bytes.count else { break }
          try appendEscape(to: &decoded)
        } else {
          decoded.append(bytes[offset])
          offset += 1
        }
      }
      guard offset < bytes.count else { throw error("a string is not closed", at: start) }
      offset += 1
      return (String(decoding: decoded, as: UTF8.self), ByteRange(start: start, end: offset))
    }
    while offset < bytes.count, Self.isWordByte(bytes[offset]) { offset += 1 }
    guard offset > start else {
      let character = String(decoding: bytes[offset..<min(bytes.count, offset + 1)], as: UTF8.self)
      throw error("unexpected '\(character)'", at: offset)
    }
    return (String(decoding: bytes[start..<offset], as: UTF8.self), ByteRange(start: start, end: offset))
  }

  /// The character an escape after `\` stands for; `offset` is at the character after the backslash.
  mutating func appendEscape(to decoded: inout [UInt8]) throws(PropertyListError) {
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "a"): decoded.append(0x07)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "v"): decoded.append(0x0B)
    case UInt8(ascii: "U"), UInt8(ascii: "u"):
      var value: UInt32 = 0
      var digits = 0
      while digits < 4, offset < bytes.count, let digit = Self.hexValue(bytes[offset]) {
        value = value << 4 | digit
        offset += 1
        digits += 1
      }
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      decoded += Array(String(Character(scalar)).utf8)
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value = UInt32(byte - UInt8(ascii: "0"))
      var digits = 1
      while digits < 3, offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[offset]) {
        value = value << 3 | UInt32(bytes[offset] - UInt8(ascii: "0"))
        offset += 1
        digits += 1
      }
      decoded += Array(String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
    default:
      decoded.append(byte)
    }
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// The bytes of an unquoted word, as the old-style plist format allows them.
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "_$+/:.-".utf8.contains(byte)
    }
  }
}

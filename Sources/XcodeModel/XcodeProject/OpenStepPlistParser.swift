import SharelintBase

/// Reads an old-style (OpenStep, ASCII) property list — the format of `project.pbxproj` — keeping
/// every value's and key's byte range.
///
/// Accepted: `{ key = value; }`, `( a, b, )` (a trailing comma allowed), strings quoted with `"` or
/// `'` (escapes `\n \t \r \a \b \f \v \" \' \\`, `\Uxxxx`, octal `\ooo`; any other escaped character
/// stands for itself), unquoted strings of `[A-Za-z0-9_$+/:.-]`, `<hex data>`, `//` and `/* */`
/// comments (the `// !$*UTF8*$!` header is one) and a leading byte-order mark. Text is UTF-8.
///
/// The parser never recurses (nesting is an explicit stack bounded by `maximumDepth`), reads each byte
/// a bounded number of times, and reports every failure as an `OpenStepPlistError` at a byte offset.
public struct OpenStepPlistParser {
  /// The deepest nesting of arrays and dictionaries accepted.
  public static let maximumDepth = 512
  /// The largest input accepted, in bytes.
  public static let maximumSize = 256 << 20

  private let bytes: [UInt8]
  private var position = 0

  /// A parser of `bytes`.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The property list in `bytes`: one value, then only whitespace and comments.
  public static func parse(_ bytes: [UInt8]) throws(OpenStepPlistError) -> OpenStepNode {
    var parser = OpenStepPlistParser(bytes: bytes)
    return try parser.parseDocument()
  }

  /// A container being read: where it starts, and where its members start in `pendingElements` or
  /// `pendingEntries`. Members live there rather than in the frame so that appending one never copies
  /// the members before it.
  private enum Frame {
    case array(start: Int, base: Int)
    case dictionary(start: Int, base: Int, key: (text: String, range: ByteRange)?)
  }

  private var pendingElements: [OpenStepNode] = []
  private var pendingEntries: [OpenStepEntry] = []

  /// document := bom? value
  public mutating func parseDocument() throws(OpenStepPlistError) -> OpenStepNode {
    guard bytes.count <= Self.maximumSize else {
      throw OpenStepPlistError("the file is larger than \(Self.maximumSize >> 20) MiB", offset: 0)
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    try skipTrivia()
    guard position < bytes.count else {
      throw OpenStepPlistError("the file holds no property list", offset: position)
    }
    let root = try parseNestedValue()
    try skipTrivia()
    guard position == bytes.count else {
      throw OpenStepPlistError("unexpected '\(describe(position))' after the property list", offset: position)
    }
    return root
  }

  /// value := dictionary | array | string | data, with nesting kept on an explicit stack.
  private mutating func parseNestedValue() throws(OpenStepPlistError) -> OpenStepNode {
    var stack: [Frame] = []
    while true {
      // Read one value, or open a container and go on with its first member.
      var finished: OpenStepNode
      try skipTrivia()
      let start = position
      guard position < bytes.count else {
        throw OpenStepPlistError("the file ends where a value was expected", offset: position)
      }
      switch bytes[position] {
      case UInt8(ascii: "{"), UInt8(ascii: "("):
        guard stack.count < Self.maximumDepth else {
          throw OpenStepPlistError("nesting deeper than \(Self.maximumDepth) levels", offset: position)
        }
        position += 1
        if bytes[start] == UInt8(ascii: "{") {
          stack.append(.dictionary(start: start, base: pendingEntries.count, key: nil))
          guard let closed = try openOrCloseDictionary(&stack) else { continue }
          finished = closed
        } else {
          stack.append(.array(start: start, base: pendingElements.count))
          try skipTrivia()
          guard position < bytes.count, bytes[position] == UInt8(ascii: ")") else { continue }
          position += 1
          stack.removeLast()
          finished = OpenStepNode(.array([]), range: ByteRange(start: start, end: position))
        }
      default:
        finished = try parseScalar(expecting: "a value")
      }
      // Hand the value to its container; close every container that ends right after it.
      delivering: while true {
        guard let top = stack.popLast() else { return finished }
        switch top {
        case .array(let arrayStart, let base):
          pendingElements.append(finished)
          try skipTrivia()
          var sawComma = false
          if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
            position += 1
            sawComma = true
            try skipTrivia()
          }
          if position < bytes.count, bytes[position] == UInt8(ascii: ")") {
            position += 1
            let elements = Array(pendingElements[base...])
            pendingElements.removeSubrange(base...)
            finished = OpenStepNode(.array(elements), range: ByteRange(start: arrayStart, end: position))
            continue delivering
          }
          guard position < bytes.count else {
            throw OpenStepPlistError("the file ends inside an array; expected ',' or ')'", offset: position)
          }
          guard sawComma else {
            throw OpenStepPlistError("expected ',' or ')' after an array element", offset: position)
          }
          stack.append(.array(start: arrayStart, base: base))
          break delivering
        case .dictionary(let dictionaryStart, let base, let key):
          guard let key else {
            throw OpenStepPlistError("internal error: a dictionary value without a key", offset: position)
          }
          pendingEntries.append(OpenStepEntry(key: key.text, keyRange: key.range, value: finished))
          try skipTrivia()
          guard position < bytes.count else {
            throw OpenStepPlistError("the file ends inside a dictionary; expected ';'", offset: position)
          }
          guard bytes[position] == UInt8(ascii: ";") else {
            throw OpenStepPlistError("expected ';' after the value of '\(key.text)'", offset: position)
          }
          position += 1
          stack.append(.dictionary(start: dictionaryStart, base: base, key: nil))
          guard let closed = try openOrCloseDictionary(&stack) else { break delivering }
          finished = closed
        }
      }
    }
  }

  /// After `{` or `;`: reads the next `key =` into the top dictionary frame and returns `nil`, or
  /// reads `}` and returns the finished dictionary (the frame popped).
  private mutating func openOrCloseDictionary(_ stack: inout [Frame]) throws(OpenStepPlistError) -> OpenStepNode? {
    guard case .dictionary(let start, let base, _) = stack.last else { return nil }
    try skipTrivia()
    guard position < bytes.count else {
      throw OpenStepPlistError("the file ends inside a dictionary; expected a key or '}'", offset: position)
    }
    if bytes[position] == UInt8(ascii: "}") {
      position += 1
      stack.removeLast()
      let entries = Array(pendingEntries[base...])
      pendingEntries.removeSubrange(base...)
      return OpenStepNode(.dictionary(OpenStepDictionary(entries)), range: ByteRange(start: start, end: position))
    }
    let key = try parseScalar(expecting: "a key or '}'")
    guard let text = key.string else {
      throw OpenStepPlistError("a dictionary key must be a string", offset: key.range.start)
    }
    try skipTrivia()
    guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
      throw OpenStepPlistError("expected '=' after the key '\(text)'", offset: position)
    }
    position += 1
    stack[stack.count - 1] = .dictionary(start: start, base: base, key: (text, key.range))
    return nil
  }

  /// scalar := quoted-string | unquoted-string | data
  private mutating func parseScalar(expecting expected: String) throws(OpenStepPlistError) -> OpenStepNode {
    let start = position
    let byte = bytes[position]
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try parseQuotedString() }
    if byte == UInt8(ascii: "<") { return try parseData() }
    guard Self.isUnquoted(byte) else {
      throw OpenStepPlistError("expected \(expected), found '\(describe(position))'", offset: position)
    }
    while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
    return OpenStepNode(
      .string(String(decoding: bytes[start..<position], as: UTF8.self)), range: ByteRange(start: start, end: position))
  }

  /// quoted-string := '"' (character | escape)* '"'
  private mutating func parseQuotedString() throws(OpenStepPlistError) -> OpenStepNode {
    let start = position
    let quote = bytes[position]
    position += 1
    var text: [UInt8] = []
    var runStart = position
    while true {
      guard position < bytes.count else { throw OpenStepPlistError("unterminated string", offset: start) }
      let byte = bytes[position]
      if byte == quote {
        text += bytes[runStart..<position]
        position += 1
        break
      }
      guard byte == UInt8(ascii: "\\") else {
        position += 1
        continue
      }
      text += bytes[runStart..<position]
      let escapeStart = position
      position += 1
      guard position < bytes.count else { throw OpenStepPlistError("unterminated string", offset: start) }
      let escaped = bytes[position]
      position += 1
      switch escaped {
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "a"): text.append(0x07)
      case UInt8(ascii: "b"): text.append(0x08)
      case UInt8(ascii: "f"): text.append(0x0C)
      case UInt8(ascii: "v"): text.append(0x0B)
      case UInt8(ascii: "U"), UInt8(ascii: "u"):
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, position < bytes.count, let digit = Self.hexValue(bytes[position]) {
          value = value * 16 + UInt32(digit)
          position += 1
          digits += 1
        }
        guard digits == 4 else {
          throw OpenStepPlistError("expected four hexadecimal digits after '\\U'", offset: escapeStart)
        }
        // A lone surrogate or other invalid scalar becomes U+FFFD rather than failing the file.
        text += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
          value = value * 8 + UInt32(bytes[position] - UInt8(ascii: "0"))
          position += 1
          digits += 1
        }
        // Octal escapes name a byte of the NeXTSTEP encoding; its ASCII half is ASCII, the rest is
        // taken as Latin-1, which agrees for the letters Xcode writes this way.
        text += Array(String(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: value)))).utf8)
      default:
        text.append(escaped)
      }
      runStart = position
    }
    return OpenStepNode(.string(String(decoding: text, as: UTF8.self)), range: ByteRange(start: start, end: position))
  }

  /// data := '<' (hex-digit hex-digit | whitespace)* '>'
  private mutating func parseData() throws(OpenStepPlistError) -> OpenStepNode {
    let start = position
    position += 1
    var data: [UInt8] = []
    var high: UInt8?
    while true {
      guard position < bytes.count else { throw OpenStepPlistError("unterminated data; expected '>'", offset: start) }
      let byte = bytes[position]
      if byte == UInt8(ascii: ">") {
        guard high == nil else {
          throw OpenStepPlistError("data has an odd number of hexadecimal digits", offset: position)
        }
        position += 1
        break
      }
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        position += 1
        continue
      }
      guard let digit = Self.hexValue(byte) else {
        throw OpenStepPlistError(
          "expected a hexadecimal digit or '>' in data, found '\(describe(position))'", offset: position)
      }
      if let first = high {
        data.append(first << 4 | digit)
        high = nil
      } else {
        high = digit
      }
      position += 1
    }
    return OpenStepNode(.data(data), range: ByteRange(start: start, end: position))
  }

  /// Skips whitespace, `//` line comments and `/* */` block comments.
  private mutating func skipTrivia() throws(OpenStepPlistError) {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
        position += 1
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
        while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
        let start = position
        position += 2
        while true {
          guard position + 1 < bytes.count else {
            throw OpenStepPlistError("unterminated comment; expected '*/'", offset: start)
          }
          if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
            position += 2
            break
          }
          position += 1
        }
      } else {
        return
      }
    }
  }

  private static func isUnquoted(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// The character at `offset` for a message: itself when printable ASCII, else `\xNN`.
  private func describe(_ offset: Int) -> String {
    let byte = bytes[offset]
    if byte >= 0x21, byte < 0x7F { return String(UnicodeScalar(byte)) }
    return "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

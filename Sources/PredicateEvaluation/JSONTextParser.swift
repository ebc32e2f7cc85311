import PredicateSyntax
import SharelintBase

/// JSON text that could not be read: what is wrong and the byte where it was noticed.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, lowercase, without a trailing period.
  public var message: String
  /// The offending bytes of the input (empty at the end of input).
  public var range: ByteRange

  /// An error saying `message` about `range`.
  public init(_ message: String, at range: ByteRange) {
    self.message = message
    self.range = range
  }

  /// `message` followed by the byte offset.
  public var description: String { "\(message) at byte \(range.start)" }
}

extension EvaluationValue {
  /// How deeply arrays and objects may nest in JSON input.
  public static let maximumJSONNesting = 512

  /// The value of JSON `text` (RFC 8259: any value at the top, nothing but whitespace after it).
  /// Numbers without fraction or exponent that fit in 64 bits become `.integer`, others `.double`;
  /// a repeated object key keeps its last value.
  public init(json text: String) throws(JSONParseError) {
    try self.init(jsonBytes: Array(text.utf8))
  }

  /// The value of UTF-8 JSON `bytes`; see `init(json:)`. A leading byte order mark is skipped.
  public init(jsonBytes bytes: [UInt8]) throws(JSONParseError) {
    var parser = JSONTextParser(bytes: bytes)
    self = try parser.parseDocument()
  }
}

/// A recursive descent JSON reader over UTF-8 bytes.
struct JSONTextParser {
  let bytes: [UInt8]
  var offset = 0
  var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
  }

  /// `document ::= whitespace value whitespace`
  mutating func parseDocument() throws(JSONParseError) -> EvaluationValue {
    skipWhitespace()
    guard offset < bytes.count else {
      throw JSONParseError("expected a JSON value, found the end of input", at: .empty(at: offset))
    }
    let value = try parseValue()
    skipWhitespace()
    guard offset == bytes.count else { throw unexpected("after the JSON value") }
    return value
  }

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  func unexpected(_ context: String) -> JSONParseError {
    guard offset < bytes.count else {
      return JSONParseError("unexpected end of input \(context)", at: .empty(at: offset))
    }
    let byte = bytes[offset]
    let shown =
      byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    return JSONParseError("unexpected \(shown) \(context)", at: ByteRange(start: offset, end: offset + 1))
  }

  /// `value ::= object | array | string | number | "true" | "false" | "null"`
  mutating func parseValue() throws(JSONParseError) -> EvaluationValue {
    guard offset < bytes.count else { throw unexpected("where a value was expected") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseWord("true", .bool(true))
    case UInt8(ascii: "f"): return try parseWord("false", .bool(false))
    case UInt8(ascii: "n"): return try parseWord("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw unexpected("where a value was expected")
    }
  }

  mutating func parseWord(_ word: StaticString, _ value: EvaluationValue) throws(JSONParseError) -> EvaluationValue {
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    let end = offset + expected.count
    guard end <= bytes.count, bytes[offset..<end].elementsEqual(expected) else {
      throw JSONParseError(
        "invalid literal; expected '\(word)'", at: ByteRange(start: offset, end: min(end, bytes.count)))
    }
    offset = end
    return value
  }

  mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    guard depth <= EvaluationValue.maximumJSONNesting else {
      throw JSONParseError(
        "JSON nests deeper than \(EvaluationValue.maximumJSONNesting) levels",
        at: ByteRange(start: offset, end: offset + 1))
    }
  }

  /// `object ::= "{" [ string ":" value { "," string ":" value } ] "}"`
  mutating func parseObject() throws(JSONParseError) -> EvaluationValue {
    try enterContainer()
    offset += 1
    var members: [String: EvaluationValue] = [:]
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return .dictionary(members)
    }
    while true {
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw unexpected("where a key was expected")
      }
      let key = try parseString()
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
        throw unexpected("after an object key; expected ':'")
      }
      offset += 1
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      guard offset < bytes.count else { throw unexpected("in an object; expected ',' or '}'") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
      } else if bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        depth -= 1
        return .dictionary(members)
      } else {
        throw unexpected("in an object; expected ',' or '}'")
      }
    }
  }

  /// `array ::= "[" [ value { "," value } ] "]"`
  mutating func parseArray() throws(JSONParseError) -> EvaluationValue {
    try enterContainer()
    offset += 1
    var elements: [EvaluationValue] = []
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard offset < bytes.count else { throw unexpected("in an array; expected ',' or ']'") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
      } else if bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        depth -= 1
        return .array(elements)
      } else {
        throw unexpected("in an array; expected ',' or ']'")
      }
    }
  }

  /// `number ::= [ "-" ] int [ frac ] [ exp ]`
  mutating func parseNumber() throws(JSONParseError) -> EvaluationValue {
    let start = offset
    var isInteger = true
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else { throw unexpected("in a number; expected a digit") }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if offset < bytes.count, isDigit(bytes[offset]) {
        throw JSONParseError("a number must not start with '0'", at: ByteRange(start: start, end: offset))
      }
    } else {
      skipDigits()
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      isInteger = false
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw unexpected("after a decimal point") }
      skipDigits()
    }
    if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      guard offset < bytes.count, isDigit(bytes[offset]) else { throw unexpected("in an exponent") }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard let double = Double(text), double.isFinite else {
      throw JSONParseError("number '\(text)' is out of range", at: ByteRange(start: start, end: offset))
    }
    return .double(double)
  }

  func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  mutating func skipDigits() {
    while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
  }

  /// `string ::= '"' { character | escape } '"'`
  mutating func parseString() throws(JSONParseError) -> String {
    let open = offset
    offset += 1
    var runStart = offset
    var decoded: [UInt8] = []
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        decoded.append(contentsOf: bytes[runStart..<offset])
        offset += 1
        guard let text = String(validating: decoded, as: UTF8.self) else {
          throw JSONParseError("string is not valid UTF-8", at: ByteRange(start: open, end: offset))
        }
        return text
      }
      if byte < 0x20 {
        throw JSONParseError(
          "control character in a string; escape it", at: ByteRange(start: offset, end: offset + 1))
      }
      if byte == UInt8(ascii: "\\") {
        decoded.append(contentsOf: bytes[runStart..<offset])
        try parseEscape(into: &decoded)
        runStart = offset
        continue
      }
      offset += 1
    }
    throw JSONParseError("unterminated string", at: ByteRange(start: open, end: offset))
  }

  /// `escape ::= "\" ( '"' | "\" | "/" | "b" | "f" | "n" | "r" | "t" | "u" hex hex hex hex )`
  mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONParseError) {
    let start = offset
    offset += 1
    guard offset < bytes.count else { throw unexpected("after '\\'") }
    let letter = bytes[offset]
    offset += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      var scalarValue = try parseHexQuad(escapeStart: start)
      if (0xD800...0xDBFF).contains(scalarValue) {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
        else {
          throw JSONParseError("lone high surrogate in a \\u escape", at: ByteRange(start: start, end: offset))
        }
        offset += 2
        let low = try parseHexQuad(escapeStart: start)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw JSONParseError("high surrogate not followed by a low one", at: ByteRange(start: start, end: offset))
        }
        scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalarValue) {
        throw JSONParseError("lone low surrogate in a \\u escape", at: ByteRange(start: start, end: offset))
      }
      decoded.append(contentsOf: String(Character(Unicode.Scalar(scalarValue)!)).utf8)
    default:
      throw JSONParseError("invalid escape in a string", at: ByteRange(start: start, end: offset))
    }
  }

  mutating func parseHexQuad(escapeStart: Int) throws(JSONParseError) -> UInt32 {
    guard offset + 4 <= bytes.count else {
      throw JSONParseError("\\u needs four hex digits", at: ByteRange(start: escapeStart, end: bytes.count))
    }
    var value: UInt32 = 0
    for byte in bytes[offset..<offset + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONParseError("\\u needs four hex digits", at: ByteRange(start: escapeStart, end: offset + 4))
      }
      value = value << 4 | UInt32(digit)
    }
    offset += 4
    return value
  }
}

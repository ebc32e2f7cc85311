/// A JSON value and its writer: sorted keys, no Foundation, fast enough for streaming output.
///
/// It sits in the bottom library so every layer writes the same stable JSON.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The JSON text: compact on one line, or indented by two spaces. Keys are always sorted.
  public func serialized(pretty: Bool = false) -> String {
    var output = ""
    write(into: &output, pretty: pretty, level: 0)
    return output
  }

  /// Appends the JSON text to `output`; pretty-printed, its lines after the first are indented as a
  /// value nested `level` deep, so a writer can stream the elements of a large array one by one.
  public func write(into output: inout String, pretty: Bool = false, level: Int = 0) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value):
      if value.isFinite {
        // Whole numbers print without ".0"; the magnitude check keeps Int64(value) from trapping.
        let isWhole = abs(value) < 1e15 && Double(Int64(value)) == value
        output += isWhole ? String(Int64(value)) : String(describing: value)
      } else {
        output += "null"
      }
    case .string(let text): JSONValue.writeString(text, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: "  ", count: level + 1) }
        element.write(into: &output, pretty: pretty, level: level + 1)
      }
      if pretty { output += "\n" + String(repeating: "  ", count: level) }
      output += "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (position, key) in members.keys.sorted(by: JSONValue.keyOrder).enumerated() {
        if position > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: "  ", count: level + 1) }
        JSONValue.writeString(key, into: &output)
        output += pretty ? ": " : ":"
        members[key]!.write(into: &output, pretty: pretty, level: level + 1)
      }
      if pretty { output += "\n" + String(repeating: "  ", count: level) }
      output += "}"
    }
  }

  /// Keys sort by their UTF-8 bytes, the order `jq -S` and Foundation's `.sortedKeys` agree on for ASCII.
  static func keyOrder(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }

  /// Appends `text` as a JSON string literal. Runs of bytes that need no escape are appended whole: escapes are
  /// for ASCII bytes, which never occur inside a multi-byte UTF-8 sequence, and for whole sequences, so cutting
  /// there keeps the text valid.
  ///
  /// Beyond what JSON requires (`"`, `\` and every control character below U+0020), DEL and the other
  /// scalars `PrintableText` escapes (C1 controls, U+2028, U+2029, bidirectional controls) are written as `\uXXXX`:
  /// the value read back is the same, and JSON printed in a terminal or a CI log carries none of them raw.
  public static func writeString(_ text: String, into output: inout String) {
    output += "\""
    var text = text
    let escaped = text.withUTF8 { bytes -> Bool in
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let length: Int
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
          length = 1
        } else if byte == 0xC2 || byte == 0xD8 || byte == 0xE2, let scalarLength = escapedScalarLength(bytes, index) {
          length = scalarLength
        } else {
          index += 1
          continue
        }
        if runStart < index {
          output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
        }
        switch byte {
        case UInt8(ascii: "\""): output += "\\\""
        case UInt8(ascii: "\\"): output += "\\\\"
        case UInt8(ascii: "\n"): output += "\\n"
        case UInt8(ascii: "\r"): output += "\\r"
        case UInt8(ascii: "\t"): output += "\\t"
        default:
          let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
          let hex = String(scalar.unicodeScalars.first!.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.utf8.count) + hex
        }
        index += length
        runStart = index
      }
      guard runStart > 0 else { return false }
      if runStart < bytes.count {
        output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
      }
      return true
    }
    if !escaped { output += text }
    output += "\""
  }

  /// The length of the UTF-8 sequence at `index` (led by 0xC2, 0xD8 or 0xE2, as every scalar past ASCII that
  /// `PrintableText` escapes is) when it encodes a scalar `PrintableText.isEscaped` names, else `nil`.
  private static func escapedScalarLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
    let length = bytes[index] == 0xE2 ? 3 : 2
    guard index + length <= bytes.count else { return nil }
    var value = UInt32(bytes[index] & (length == 3 ? 0x0F : 0x1F))
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    guard let scalar = Unicode.Scalar(value), PrintableText.isEscaped(scalar) else { return nil }
    return length
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

import Foundation
import SharelintBase

/// One token of a Swift manifest, as far as `SwiftManifestParser` needs it: names, literals and the punctuation
/// that structures calls, arrays and dictionaries; every other operator is kept as text (it makes a value computed).
struct SwiftManifestToken: Sendable {
  enum Kind: Equatable, Sendable {
    /// An identifier or keyword (`Project`, `let`, `` `default` `` without its backticks).
    case identifier(String)
    /// A string literal's value (escapes decoded); `interpolated` when it has `\(…)`.
    case string(String, interpolated: Bool)
    /// A number literal as written, without `_`.
    case number(String)
    /// One of `( ) [ ] { } , : .`.
    case punctuation(UInt8)
    /// Any other operator (`=`, `+`, `??`, `->`, `@`, `#`…), as written.
    case symbol(String)
  }

  var kind: Kind
  /// The 1-based line and column (in Unicode scalars) where it begins.
  var line: Int
  var column: Int
  /// Whether a line break comes between it and the token before it.
  var beginsLine: Bool
}

/// Splits a Swift manifest into `SwiftManifestToken`s, skipping comments (nested block comments too) and
/// whitespace. Bounded: the caller bounds the input's size, the lexer the number of tokens; it never recurses.
struct SwiftManifestLexer {
  /// The most tokens one manifest may have.
  static let maximumTokens = 400_000

  private let bytes: [UInt8]
  private let file: String
  private var offset = 0
  private var line = 1
  private var column = 1

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  /// The tokens of the manifest.
  /// - Throws: a located `XcodeProjectError` for an unterminated string or comment, or past `maximumTokens`.
  mutating func tokens() throws(XcodeProjectError) -> [SwiftManifestToken] {
    var tokens: [SwiftManifestToken] = []
    var beginsLine = true
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n") {
        advance()
        beginsLine = true
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        advance()
        continue
      }
      if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { advance() }
        continue
      }
      if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        try skipBlockComment()
        if beginsLineAfterComment { beginsLine = true }
        continue
      }
      guard tokens.count < Self.maximumTokens else {
        throw XcodeProjectError(
          "the manifest has more than \(Self.maximumTokens) tokens: not read", file: file, line: line, column: column)
      }
      let (startLine, startColumn) = (line, column)
      let kind = try token(startingWith: byte)
      tokens.append(SwiftManifestToken(kind: kind, line: startLine, column: startColumn, beginsLine: beginsLine))
      beginsLine = false
    }
    return tokens
  }

  /// Whether the last block comment skipped spanned a line break.
  private var beginsLineAfterComment = false

  private func peek(_ distance: Int) -> UInt8? {
    offset + distance < bytes.count ? bytes[offset + distance] : nil
  }

  /// Moves one byte on, keeping the line and the column (counted in Unicode scalars: continuation bytes do not
  /// count).
  private mutating func advance() {
    let byte = bytes[offset]
    offset += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func skipBlockComment() throws(XcodeProjectError) {
    let (startLine, startColumn) = (line, column)
    var depth = 0
    beginsLineAfterComment = false
    while offset < bytes.count {
      if bytes[offset] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        depth += 1
        advance()
        advance()
      } else if bytes[offset] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        depth -= 1
        advance()
        advance()
        if depth == 0 { return }
      } else {
        if bytes[offset] == UInt8(ascii: "\n") { beginsLineAfterComment = true }
        advance()
      }
    }
    throw XcodeProjectError("the comment is not closed", file: file, line: startLine, column: startColumn)
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private static let operatorBytes = Set("=+-*/<>!&|^~?%@#\\;$".utf8)

  private mutating func token(startingWith byte: UInt8) throws(XcodeProjectError) -> SwiftManifestToken.Kind {
    if byte == UInt8(ascii: "\"") { return try string(hashes: 0) }
    if byte == UInt8(ascii: "#") {
      var hashes = 0
      while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
      if peek(hashes) == UInt8(ascii: "\"") {
        for _ in 0..<hashes { advance() }
        return try string(hashes: hashes)
      }
    }
    if byte == UInt8(ascii: "`") {
      advance()
      let start = offset
      while offset < bytes.count, Self.isIdentifierByte(bytes[offset]) { advance() }
      let name = String(decoding: bytes[start..<offset], as: UTF8.self)
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "`") { advance() }
      return .identifier(name)
    }
    if Self.isDigit(byte) {
      let start = offset
      while offset < bytes.count,
        Self.isIdentifierByte(bytes[offset])
          || (bytes[offset] == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true)
      {
        advance()
      }
      return .number(String(decoding: bytes[start..<offset].filter { $0 != UInt8(ascii: "_") }, as: UTF8.self))
    }
    if Self.isIdentifierByte(byte) {
      let start = offset
      while offset < bytes.count, Self.isIdentifierByte(bytes[offset]) { advance() }
      return .identifier(String(decoding: bytes[start..<offset], as: UTF8.self))
    }
    if "()[]{},:.".utf8.contains(byte) {
      advance()
      return .punctuation(byte)
    }
    let start = offset
    advance()
    while offset < bytes.count, Self.operatorBytes.contains(bytes[offset]),
      !(bytes[offset] == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")))
    {
      advance()
    }
    return .symbol(String(decoding: bytes[start..<offset], as: UTF8.self))
  }

  /// A string literal whose opening `"` (after `hashes` `#`) is at the offset: a single-line or a `"""` one.
  /// Escapes are decoded; an interpolation `\(…)` (its parentheses counted, strings inside it skipped) makes it
  /// interpolated and is kept as written.
  private mutating func string(hashes: Int) throws(XcodeProjectError) -> SwiftManifestToken.Kind {
    let (startLine, startColumn) = (line, column - hashes)
    let isMultiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    for _ in 0..<(isMultiline ? 3 : 1) { advance() }
    let closing = Array(repeating: UInt8(ascii: "\""), count: isMultiline ? 3 : 1)
      + Array(repeating: UInt8(ascii: "#"), count: hashes)
    let escape = [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes)
    var value: [UInt8] = []
    var interpolated = false
    func matches(_ sequence: [UInt8], at position: Int) -> Bool {
      position + sequence.count <= bytes.count && Array(bytes[position..<position + sequence.count]) == sequence
    }
    while offset < bytes.count {
      if matches(closing, at: offset) {
        for _ in closing { advance() }
        var text = String(decoding: value, as: UTF8.self)
        if isMultiline { text = Self.trimmingMultilineIndentation(text) }
        return .string(text, interpolated: interpolated)
      }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\n"), !isMultiline { break }
      guard matches(escape, at: offset), offset + escape.count < bytes.count else {
        value.append(byte)
        advance()
        continue
      }
      for _ in escape { advance() }
      let escaped = bytes[offset]
      advance()
      switch escaped {
      case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
      case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
      case UInt8(ascii: "r"): value.append(UInt8(ascii: "\r"))
      case UInt8(ascii: "0"): value.append(0)
      case UInt8(ascii: "("):
        interpolated = true
        value += Array("\\(".utf8)
        var depth = 1
        var inString = false
        while offset < bytes.count, depth > 0, bytes[offset] != UInt8(ascii: "\n") || isMultiline {
          let inner = bytes[offset]
          if inner == UInt8(ascii: "\"") {
            inString.toggle()
          } else if !inString, inner == UInt8(ascii: "(") {
            depth += 1
          } else if !inString, inner == UInt8(ascii: ")") {
            depth -= 1
          }
          value.append(inner)
          advance()
        }
      case UInt8(ascii: "u"):
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else { break }
        advance()
        var hex: [UInt8] = []
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "}"), hex.count < 8 {
          hex.append(bytes[offset])
          advance()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { advance() }
        if let code = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(code) {
          value += Array(String(Character(scalar)).utf8)
        }
      case UInt8(ascii: "\n") where isMultiline:
        break   // a line continuation
      default:
        value.append(escaped)
      }
    }
    throw XcodeProjectError("the string is not closed", file: file, line: startLine, column: startColumn)
  }

  /// A multi-line string's text as Swift reads it: the first line break dropped, the closing delimiter's
  /// indentation removed from each line, the last line break dropped.
  private static func trimmingMultilineIndentation(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.first?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeFirst() }
    let indentation = lines.last.map { $0.allSatisfy { $0 == " " || $0 == "\t" } ? $0.count : 0 } ?? 0
    if indentation > 0 || lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map { String($0.dropFirst(min(indentation, $0.prefix { $0 == " " || $0 == "\t" }.count))) }
      .joined(separator: "\n")
  }
}

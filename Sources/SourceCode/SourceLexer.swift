import SharelintBase

/// Splits the bytes of a Swift or C-family source file into tokens (`SourceToken`): identifiers, string literals,
/// numbers and punctuation, each with its byte range; comments and white space are skipped.
///
/// It knows what keeps a name inside a comment or a literal from being read as code: `//` and `/* */` comments
/// (nested in Swift), Swift's `"…"`, `"""…"""` and raw `#"…"#` strings with their `\(…)` interpolations (whose
/// code is lexed as code), Objective-C's `@"…"`, C's `"…"` and `'…'`. Preprocessor lines need nothing more.
///
/// Any bytes are accepted (invalid UTF-8 and binary garbage make punctuation or identifiers, never a crash). The
/// lexer has no recursion: nested interpolations are an explicit stack, bounded in depth. Every turn of its loop
/// moves forward by at least one byte.
public struct SourceLexer {
  /// How deep Swift interpolations may nest (`"\("\("…")")"`); deeper, `\(` is read as text.
  public static let maximumInterpolationDepth = 32

  private let bytes: [UInt8]
  private let language: SourceLanguage
  private var index = 0
  private var tokens: [SourceToken] = []
  /// The open string literals and interpolations, innermost last; empty at the top level.
  private var stack: [Context] = []

  private enum Context {
    /// Code inside `\(`…`)`, with how many parentheses it has opened.
    case interpolation(depth: Int)
    /// A Swift string literal: its token's index, its `#` count, whether it is multi-line, and whether it has an
    /// interpolation so far.
    case string(token: Int, hashes: Int, multiline: Bool, interpolated: Bool)
  }

  private init(bytes: [UInt8], language: SourceLanguage) {
    self.bytes = bytes
    self.language = language
  }

  /// The tokens of `bytes` read as `language`, in order.
  public static func tokens(of bytes: [UInt8], language: SourceLanguage) -> [SourceToken] {
    var lexer = SourceLexer(bytes: bytes, language: language)
    lexer.run()
    return lexer.tokens
  }

  private mutating func run() {
    tokens.reserveCapacity(bytes.count / 6)
    while index < bytes.count {
      if case .string(let token, let hashes, let multiline, let interpolated)? = stack.last {
        lexStringContent(token: token, hashes: hashes, multiline: multiline, interpolated: interpolated)
      } else {
        lexCode()
      }
    }
    // Literals still open at the end of the file end there.
    while let context = stack.popLast() {
      if case .string(let token, _, _, let interpolated) = context {
        closeString(token, at: bytes.count, contentEnd: bytes.count, interpolated: interpolated)
      }
    }
  }

  // MARK: - Code

  /// Reads one token, comment or run of white space of code (at the top level or in an interpolation).
  private mutating func lexCode() {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
      index += 1
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
      skipLineComment()
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
      skipBlockComment()
    case UInt8(ascii: "\""):
      if language == .swift { openSwiftString(at: index, hashes: 0) } else { lexCString(start: index, from: index) }
    case UInt8(ascii: "#") where language == .swift:
      var hashes = 0
      while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
      if index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "\"") {
        openSwiftString(at: index, hashes: hashes)
      } else {
        punctuation()
      }
    case UInt8(ascii: "@") where language == .objectiveC && peek(1) == UInt8(ascii: "\""):
      lexCString(start: index, from: index + 1)
    case UInt8(ascii: "'") where language == .objectiveC:
      lexCString(start: index, from: index)
    case UInt8(ascii: "("):
      if case .interpolation(let depth)? = stack.last { stack[stack.count - 1] = .interpolation(depth: depth + 1) }
      punctuation()
    case UInt8(ascii: ")"):
      if case .interpolation(let depth)? = stack.last {
        if depth == 0 {
          // The end of `\(…)`: back in the string.
          stack.removeLast()
          index += 1
          return
        }
        stack[stack.count - 1] = .interpolation(depth: depth - 1)
      }
      punctuation()
    default:
      if Self.startsIdentifier(byte) {
        let start = index
        index += 1
        while index < bytes.count, Self.continuesIdentifier(bytes[index]) { index += 1 }
        tokens.append(SourceToken(kind: .identifier, range: ByteRange(start: start, end: index)))
      } else if Self.isDigit(byte) {
        let start = index
        index += 1
        while index < bytes.count {
          let next = bytes[index]
          if Self.continuesIdentifier(next) {
            index += 1
          } else if next == UInt8(ascii: "."), index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
            index += 2
          } else {
            break
          }
        }
        tokens.append(SourceToken(kind: .number, range: ByteRange(start: start, end: index)))
      } else if byte < 0x80, byte > 0x20, byte != 0x7F {
        punctuation()
      } else {
        // A control byte: no token.
        index += 1
      }
    }
  }

  /// One byte of punctuation.
  private mutating func punctuation() {
    tokens.append(SourceToken(kind: .punctuation, range: ByteRange(start: index, end: index + 1)))
    index += 1
  }

  private func peek(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func skipLineComment() {
    index += 2
    while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
  }

  /// `/* … */`; Swift's nest, C's end at the first `*/`. One left open ends the file.
  private mutating func skipBlockComment() {
    index += 2
    var depth = 1
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        index += 2
        depth -= 1
        if depth == 0 { return }
      } else if language == .swift, bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        index += 2
        depth += 1
      } else {
        index += 1
      }
    }
  }

  /// A C-family literal starting at `start` (`@` for `@"…"`) whose opening quote (`"` or `'`) is at `quote`: up to
  /// the same unescaped quote, or the end of the line when it is left open.
  private mutating func lexCString(start: Int, from quote: Int) {
    let delimiter = bytes[quote]
    index = quote + 1
    let contentStart = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == delimiter {
        tokens.append(SourceToken(
          kind: .string, range: ByteRange(start: start, end: index + 1),
          content: ByteRange(start: contentStart, end: index)))
        index += 1
        return
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
      // An escape, a line continuation included, takes the next byte with it.
      index += byte == UInt8(ascii: "\\") ? 2 : 1
    }
    index = min(index, bytes.count)
    tokens.append(SourceToken(
      kind: .string, range: ByteRange(start: start, end: index), content: ByteRange(start: contentStart, end: index)))
  }

  // MARK: - Swift strings

  /// Opens a Swift string literal whose `hashes` `#` start at `start`, followed by `"` or `"""`.
  private mutating func openSwiftString(at start: Int, hashes: Int) {
    index = start + hashes
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    index += multiline ? 3 : 1
    let token = tokens.count
    // Its range and content are completed when it closes.
    tokens.append(SourceToken(kind: .string, range: ByteRange(start: start, end: index),
                              content: ByteRange.empty(at: index)))
    stack.append(.string(token: token, hashes: hashes, multiline: multiline, interpolated: false))
  }

  /// Reads the inside of the innermost Swift string literal: up to its closing delimiter, an interpolation, or (for
  /// a one-line literal left open) the end of the line.
  private mutating func lexStringContent(token: Int, hashes: Int, multiline: Bool, interpolated: Bool) {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let quotes = multiline ? 3 : 1
        if count(UInt8(ascii: "\""), at: index) >= quotes, count(UInt8(ascii: "#"), at: index + quotes) >= hashes {
          stack.removeLast()
          closeString(token, at: index + quotes + hashes, contentEnd: index, interpolated: interpolated)
          index += quotes + hashes
          return
        }
        index += 1
      } else if byte == UInt8(ascii: "\\") {
        let escapeHashes = count(UInt8(ascii: "#"), at: index + 1)
        guard escapeHashes >= hashes else {
          index += 1
          continue
        }
        let after = index + 1 + hashes
        if after < bytes.count, bytes[after] == UInt8(ascii: "("), stack.count < Self.maximumInterpolationDepth * 2 {
          stack[stack.count - 1] = .string(token: token, hashes: hashes, multiline: multiline, interpolated: true)
          stack.append(.interpolation(depth: 0))
          index = after + 1
          return
        }
        // An escape: the backslash, its hashes and the escaped byte.
        index = min(bytes.count, after + 1)
      } else if !multiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        // A one-line literal left open ends with its line.
        stack.removeLast()
        closeString(token, at: index, contentEnd: index, interpolated: interpolated)
        return
      } else {
        index += 1
      }
    }
  }

  /// Completes the string token at `token`: it ends at `end`, its content at `contentEnd`.
  private mutating func closeString(_ token: Int, at end: Int, contentEnd: Int, interpolated: Bool) {
    let open = tokens[token]
    tokens[token] = SourceToken(
      kind: interpolated ? .interpolatedString : .string, range: ByteRange(start: open.range.start, end: end),
      content: ByteRange(start: open.content.start, end: max(open.content.start, contentEnd)))
  }

  /// How many `byte`s follow one another from `offset`.
  private func count(_ byte: UInt8, at offset: Int) -> Int {
    var end = offset
    while end < bytes.count, bytes[end] == byte { end += 1 }
    return end - offset
  }

  // MARK: - Characters

  static func startsIdentifier(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  static func continuesIdentifier(_ byte: UInt8) -> Bool {
    startsIdentifier(byte) || isDigit(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

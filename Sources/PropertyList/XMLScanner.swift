import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The element names a property list is made of, recognized from their bytes so that tokens carry
/// no strings; any other name is `other`, and its text is read from the token's bytes when an
/// error message needs it.
enum XMLElementName: Sendable, Equatable {
  case plist, array, dict, key, string, integer, real, date, data, `true`, `false`, other

  /// The longest name that `packed` can hold.
  static let maximumPackedLength = 7

  /// The name whose bytes, at most `maximumPackedLength` of them, are `packed` big-endian (`key` is
  /// 0x6B6579). Names hold no zero byte, so the value also tells the length. Comparing bytes agrees
  /// with `String` equality for these lowercase ASCII names: nothing else is canonically equivalent.
  init(packed: UInt64) {
    switch packed {
    case 0x6B_6579: self = .key
    case 0x6469_6374: self = .dict
    case 0x7265_616C: self = .real
    case 0x6461_7465: self = .date
    case 0x6461_7461: self = .data
    case 0x7472_7565: self = .true
    case 0x61_7272_6179: self = .array
    case 0x70_6C69_7374: self = .plist
    case 0x66_616C_7365: self = .false
    case 0x7374_7269_6E67: self = .string
    case 0x69_6E74_6567_6572: self = .integer
    default: self = .other
    }
  }
}

/// The name of a start or end tag: which element it is, and where its bytes are.
struct XMLName: Sendable, Equatable {
  /// The element, or `other`.
  var element: XMLElementName
  /// The bytes of the name.
  var range: ByteRange
}

/// One piece of XML markup or text, with the bytes it covers.
struct XMLToken: Sendable {
  /// What the bytes are.
  enum Kind: Sendable, Equatable {
    /// `<name …>` or `<name …/>`.
    case startTag(name: XMLName, selfClosing: Bool)
    /// `</name>`.
    case endTag(name: XMLName)
    /// Character data between markup, entity references not yet decoded.
    case text
    /// `<![CDATA[…]]>`, with the range of what is between the brackets.
    case cdata(content: ByteRange)
    /// `<!--…-->`.
    case comment
    /// `<?target …?>` other than the XML declaration.
    case processingInstruction
    /// `<!DOCTYPE …>`.
    case doctype
    /// `<?xml …?>` at the very start; `XMLScanner.declaredEncoding(in:)` reads its encoding.
    case xmlDeclaration
  }

  /// What the bytes are.
  var kind: Kind
  /// The bytes of the whole token.
  var range: ByteRange
}

/// Splits the bytes of a plist into XML tokens. It checks only what it needs to find token
/// boundaries; libxml2 decides well-formedness. It never reads out of bounds and always advances.
struct XMLScanner {
  /// The bytes scanned.
  let bytes: [UInt8]
  /// Where the next token starts.
  private(set) var offset: Int
  /// Where the document starts (after a UTF-8 byte-order mark).
  private let documentStart: Int

  /// A scanner over `bytes` starting at `start`.
  init(bytes: [UInt8], start: Int) {
    self.bytes = bytes
    self.offset = start
    self.documentStart = start
  }

  /// The next token, or `nil` at the end of the bytes.
  mutating func next() throws -> XMLToken? {
    guard offset < bytes.count else { return nil }
    let start = offset
    guard bytes[start] == UInt8(ascii: "<") else {
      offset = firstIndex(of: UInt8(ascii: "<"), from: start) ?? bytes.count
      return XMLToken(kind: .text, range: ByteRange(start: start, end: offset))
    }
    // The byte after `<` tells the kinds of markup apart: `!` (comment, CDATA, DOCTYPE), `?`, `/`, or a name.
    let second = start + 1 < bytes.count ? bytes[start + 1] : 0
    if second == UInt8(ascii: "!") {
      if hasPrefix("<!--", at: start) {
        offset = try end(of: "-->", from: start + 4, what: "comment", start: start)
        return XMLToken(kind: .comment, range: ByteRange(start: start, end: offset))
      }
      if hasPrefix("<![CDATA[", at: start) {
        offset = try end(of: "]]>", from: start + 9, what: "CDATA section", start: start)
        let content = ByteRange(start: start + 9, end: offset - 3)
        return XMLToken(kind: .cdata(content: content), range: ByteRange(start: start, end: offset))
      }
      if hasPrefix("<!DOCTYPE", at: start) {
        offset = try scanDoctype(from: start)
        return XMLToken(kind: .doctype, range: ByteRange(start: start, end: offset))
      }
      throw PropertyListError(.malformedXML, "unexpected markup declaration", offset: start)
    }
    if second == UInt8(ascii: "?") {
      offset = try end(of: "?>", from: start + 2, what: "processing instruction", start: start)
      let range = ByteRange(start: start, end: offset)
      if start == documentStart, hasPrefix("<?xml", at: start), start + 5 < bytes.count,
        Self.isWhitespace(bytes[start + 5]) || bytes[start + 5] == UInt8(ascii: "?")
      {
        return XMLToken(kind: .xmlDeclaration, range: range)
      }
      return XMLToken(kind: .processingInstruction, range: range)
    }
    if second == UInt8(ascii: "/") {
      var cursor = start + 2
      let name = try scanName(at: &cursor, after: "'</'")
      skipWhitespace(&cursor)
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ">") else {
        throw PropertyListError(.malformedXML, "expected '>' to end '</\(text(of: name))'", offset: cursor)
      }
      offset = cursor + 1
      return XMLToken(kind: .endTag(name: name), range: ByteRange(start: start, end: offset))
    }
    var cursor = start + 1
    let name = try scanName(at: &cursor, after: "'<'")
    let selfClosing = try scanAttributes(at: &cursor, elementName: name)
    offset = cursor
    return XMLToken(kind: .startTag(name: name, selfClosing: selfClosing), range: ByteRange(start: start, end: offset))
  }

  /// The text of a tag name, for messages.
  func text(of name: XMLName) -> String {
    String(decoding: bytes[name.range.start..<name.range.end], as: UTF8.self)
  }

  // MARK: - Pieces

  /// Skips attributes up to and including `>` or `/>`; returns whether the tag closes itself.
  private func scanAttributes(at cursor: inout Int, elementName: XMLName) throws -> Bool {
    while true {
      let before = cursor
      skipWhitespace(&cursor)
      guard cursor < bytes.count else {
        throw PropertyListError(.malformedXML, "unterminated start tag '<\(text(of: elementName))'", offset: cursor)
      }
      if bytes[cursor] == UInt8(ascii: ">") {
        cursor += 1
        return false
      }
      if hasPrefix("/>", at: cursor) {
        cursor += 2
        return true
      }
      guard cursor > before else {
        throw PropertyListError(.malformedXML, "expected whitespace before an attribute", offset: cursor)
      }
      let attribute = try scanName(at: &cursor, after: "'<\(text(of: elementName))'")
      skipWhitespace(&cursor)
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
        throw PropertyListError(.malformedXML, "expected '=' after attribute '\(text(of: attribute))'", offset: cursor)
      }
      cursor += 1
      skipWhitespace(&cursor)
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else {
        throw PropertyListError(
          .malformedXML, "expected a quoted value for attribute '\(text(of: attribute))'", offset: cursor)
      }
      let quote = bytes[cursor]
      guard let closing = firstIndex(of: quote, from: cursor + 1) else {
        throw PropertyListError(
          .malformedXML, "unterminated value of attribute '\(text(of: attribute))'", offset: cursor)
      }
      cursor = closing + 1
    }
  }

  /// Scans `<!DOCTYPE …>`, refusing an internal subset that declares entities.
  private func scanDoctype(from start: Int) throws -> Int {
    var cursor = start + 9
    var quote: UInt8?
    var inSubset = false
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if inSubset, hasPrefix("<!ENTITY", at: cursor) {
        throw PropertyListError(
          .unsupported,
          "entity declarations are not allowed in a property list (external entities and "
            + "entity expansion are refused)", offset: cursor)
      } else if inSubset, hasPrefix("<!--", at: cursor) {
        cursor = try end(of: "-->", from: cursor + 4, what: "comment", start: cursor)
        continue
      } else if byte == UInt8(ascii: "[") {
        inSubset = true
      } else if byte == UInt8(ascii: "]") {
        inSubset = false
      } else if byte == UInt8(ascii: ">"), !inSubset {
        return cursor + 1
      }
      cursor += 1
    }
    throw PropertyListError(.malformedXML, "unterminated '<!DOCTYPE'", offset: start)
  }

  /// The `encoding` pseudo-attribute of the XML declaration in `range`, if any.
  func declaredEncoding(in range: ByteRange) -> String? {
    let declaration = bytes[range.start..<range.end]
    guard declaration.allSatisfy({ $0 < 0x80 }) else { return declaredEncoding(inText: range) }
    // ASCII: each Character is one byte except "\r\n", which matches none of the separators.
    guard let keyword = firstIndex(of: "encoding", in: range) else { return nil }
    var cursor = keyword + 8
    while cursor < range.end, Self.isWhitespace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "="),
      !(bytes[cursor] == 0x0D && cursor + 1 < range.end && bytes[cursor + 1] == 0x0A)
    {
      cursor += 1
    }
    guard cursor < range.end, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else {
      return nil
    }
    let quote = bytes[cursor]
    let valueEnd = declaration[(cursor + 1)...].firstIndex(of: quote) ?? range.end
    return String(decoding: bytes[(cursor + 1)..<valueEnd], as: UTF8.self)
  }

  /// `declaredEncoding(in:)` on the decoded text, for declarations that are not all ASCII.
  private func declaredEncoding(inText range: ByteRange) -> String? {
    let text = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    guard let keyword = text.range(of: "encoding") else { return nil }
    let rest = text[keyword.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  /// The offset of the first `pattern` that lies wholly in `range`.
  private func firstIndex(of pattern: StaticString, in range: ByteRange) -> Int? {
    var cursor = range.start
    while cursor + pattern.utf8CodeUnitCount <= range.end {
      if hasPrefix(pattern, at: cursor) { return cursor }
      cursor += 1
    }
    return nil
  }

  /// Scans an XML name at `cursor`; `context` words the error when there is none.
  private func scanName(at cursor: inout Int, after context: @autoclosure () -> String) throws -> XMLName {
    let start = cursor
    var packed: UInt64 = 0
    while cursor < bytes.count, Self.isNameByte(bytes[cursor], first: cursor == start) {
      packed = packed << 8 | UInt64(bytes[cursor])
      cursor += 1
    }
    guard cursor > start else {
      throw PropertyListError(.malformedXML, "expected a name after \(context())", offset: start)
    }
    let known = cursor - start <= XMLElementName.maximumPackedLength
    let range = ByteRange(start: start, end: cursor)
    return XMLName(element: known ? XMLElementName(packed: packed) : .other, range: range)
  }

  /// The offset just past the first `terminator` at or after `from`.
  private func end(of terminator: StaticString, from: Int, what: String, start: Int) throws -> Int {
    let length = terminator.utf8CodeUnitCount
    let first = terminator.utf8Start.pointee
    var cursor = from
    while cursor + length <= bytes.count {
      guard let candidate = firstIndex(of: first, from: cursor), candidate + length <= bytes.count else { break }
      if hasPrefix(terminator, at: candidate) { return candidate + length }
      cursor = candidate + 1
    }
    throw PropertyListError(.malformedXML, "unterminated \(what)", offset: start)
  }

  private func skipWhitespace(_ cursor: inout Int) {
    while cursor < bytes.count, Self.isWhitespace(bytes[cursor]) { cursor += 1 }
  }

  private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
    Self.firstIndex(of: byte, in: bytes, from: start, to: bytes.count)
  }

  /// The first offset in `start..<end` of `bytes` holding `byte`: `memchr`, which a byte-at-a-time
  /// loop over the array (bounds-checked) took several times as long as on the text between tags.
  static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    guard start < end, start >= 0, end <= bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else {
        return nil
      }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Whether `bytes` at `index` start with `prefix`.
  func hasPrefix(_ prefix: StaticString, at index: Int) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let literal = prefix.utf8Start
    var matched = 0
    while matched < count, bytes[index + matched] == literal[matched] { matched += 1 }
    return matched == count
  }

  /// XML whitespace: space, tab, line feed, carriage return.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// A byte that may appear in an XML name (any non-ASCII byte is let through for libxml2 to judge).
  static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
      UInt8(ascii: ":"), 0x80...0xFF:
      return true
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
      return !first
    default:
      return false
    }
  }
}

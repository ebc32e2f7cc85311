#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plain form most XML plists are written in: Xcode's or `plutil`'s XML declaration and Apple's
/// DOCTYPE (each optional), elements with plain names and no attributes but `<plist version="…">`,
/// comments, and text of allowed XML characters in valid UTF-8 — no CDATA section, processing
/// instruction, internal DTD subset, `]]>`, or `--` inside a comment.
///
/// Bytes in this form are well-formed XML whenever `XMLPlistReader`'s tree builder reads them without
/// an error: every rule of well-formedness the form leaves open (nesting, a single root, text outside
/// it, references) is one the builder enforces. libxml2's pass, which only decides well-formedness
/// and words the error, is then skipped; bytes in any other form, and every read that fails, still go
/// through it. `ScannerAgreementTests` holds libxml2 to agreeing on thousands of mutated plists.
enum PlainXMLForm {
  /// The XML declarations taken as plain, at the very start of the bytes.
  private static let declarations: [[UInt8]] = [
    #"<?xml version="1.0" encoding="UTF-8"?>"#, #"<?xml version="1.0" encoding="utf-8"?>"#,
    #"<?xml version="1.0"?>"#,
  ].map { Array($0.utf8) }

  /// The DOCTYPEs taken as plain, once, before the root element.
  private static let doctypes: [[UInt8]] = [
    #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
    #"<!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
  ].map { Array($0.utf8) }

  /// Whether `bytes` are in the plain form.
  static func contains(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      hasOnlyAllowedCharacters(buffer) && hasOnlyPlainMarkup(buffer)
    }
  }

  /// Valid UTF-8 of XML 1.0 characters, without the ASCII and C1 controls (allowed, but never plain)
  /// nor U+FFFE and U+FFFF.
  private static func hasOnlyAllowedCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var index = 0
    let count = bytes.count
    while index < count {
      // Eight bytes at a time while they are printable ASCII (the bulk of a plist): no byte with the
      // top bit, none below 0x20 (x - 0x20 borrows into the top bit only for those), none 0x7F.
      if index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let high: UInt64 = 0x8080_8080_8080_8080
        let controls = (word &- 0x2020_2020_2020_2020) & ~word & high
        let delete = ((word ^ 0x7F7F_7F7F_7F7F_7F7F) &- 0x0101_0101_0101_0101) & ~(word ^ 0x7F7F_7F7F_7F7F_7F7F) & high
        if word & high == 0 {
          // ASCII: a word with a control byte (a tab or a line break, mostly) is checked byte by byte.
          if controls != 0 || delete != 0 {
            for offset in 0..<8 {
              let byte = base[index + offset]
              guard byte >= 0x20 && byte < 0x7F || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return false }
            }
          }
          index += 8
          continue
        }
      }
      let lead = base[index]
      if lead < 0x80 {
        guard lead >= 0x20 && lead < 0x7F || lead == 0x09 || lead == 0x0A || lead == 0x0D else { return false }
        index += 1
        continue
      }
      let length: Int
      var scalar: UInt32
      switch lead {
      case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
      case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
      case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
      default: return false
      }
      guard index + length <= count else { return false }
      for offset in 1..<length {
        let continuation = base[index + offset]
        guard continuation & 0xC0 == 0x80 else { return false }
        scalar = scalar << 6 | UInt32(continuation & 0x3F)
      }
      let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
      guard scalar >= shortest, scalar >= 0xA0, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar),
        scalar != 0xFFFE, scalar != 0xFFFF
      else { return false }
      index += length
    }
    return true
  }

  /// Every `<` starts a comment without `--` inside, a plain start or end tag, or (before the root
  /// element) a plain declaration or DOCTYPE; no `]]>` anywhere (allowed in a comment, but never plain).
  private static func hasOnlyPlainMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var bracket = 0
    while let found = memchr(base + bracket, Int32(UInt8(ascii: "]")), bytes.count - bracket) {
      bracket = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if starts(bytes, at: bracket, with: "]]>") { return false }
      bracket += 1
    }
    var index = declarations.first(where: { starts(bytes, at: 0, with: $0) })?.count ?? 0
    var seenElement = false
    var seenDoctype = false
    while index < bytes.count {
      guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) else { break }
      index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      guard index + 1 < bytes.count else { return false }
      switch bytes[index + 1] {
      case UInt8(ascii: "!"):
        if starts(bytes, at: index, with: "<!--") {
          guard let end = commentEnd(bytes, from: index + 4) else { return false }
          index = end
        } else if !seenElement, !seenDoctype,
          let doctype = doctypes.first(where: { starts(bytes, at: index, with: $0) })
        {
          seenDoctype = true
          index += doctype.count
        } else {
          return false
        }
      case UInt8(ascii: "/"):
        guard let end = tagEnd(bytes, from: index + 2, isEndTag: true) else { return false }
        index = end
      default:
        guard let end = tagEnd(bytes, from: index + 1, isEndTag: false) else { return false }
        seenElement = true
        index = end
      }
    }
    return true
  }

  /// The offset past `-->` for a comment whose text starts at `start`: nil when the text holds `--`
  /// (the end included, as in `--->`) or the comment never ends.
  private static func commentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "-") {
        guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: ">"),
          index == start || bytes[index - 1] != UInt8(ascii: "-")
        else { return nil }
        return index + 3
      }
      index += 1
    }
    return nil
  }

  /// The offset past the `>` of a tag whose name starts at `start`: ASCII letters, optional spaces,
  /// for the start tag `plist` one ` version="digits and dots"` attribute, then `>` (or, for a start
  /// tag, `/>`); nil for any other tag.
  private static func tagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isEndTag: Bool) -> Int? {
    var index = start
    while index < bytes.count, isLetter(bytes[index]) { index += 1 }
    guard index > start else { return nil }
    let afterName = index
    let isPlist = afterName - start == 5 && starts(bytes, at: start, with: "plist")
    skipSpaces(bytes, &index)
    if !isEndTag, isPlist, index > afterName, starts(bytes, at: index, with: "version") {
      index += 7
      skipSpaces(bytes, &index)
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
      index += 1
      skipSpaces(bytes, &index)
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
        return nil
      }
      let quote = bytes[index]
      index += 1
      while index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] &- 0x30 < 10 { index += 1 }
      guard index < bytes.count, bytes[index] == quote else { return nil }
      index += 1
      skipSpaces(bytes, &index)
    }
    guard index < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: ">") { return index + 1 }
    if !isEndTag, starts(bytes, at: index, with: "/>") { return index + 2 }
    return nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

  private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
    while index < bytes.count, XMLScanner.isWhitespace(bytes[index]) { index += 1 }
  }

  private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: [UInt8]) -> Bool {
    guard index + prefix.count <= bytes.count else { return false }
    for offset in prefix.indices where bytes[index + offset] != prefix[offset] { return false }
    return true
  }

  private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != prefix.utf8Start[offset] { return false }
    return true
  }
}

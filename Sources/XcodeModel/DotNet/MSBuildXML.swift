import SharelintBase

/// An element of an MSBuild file (`.csproj`, `.props`, `.targets`): its name, attributes, the text directly inside
/// it and where it starts.
struct MSBuildXMLElement: Sendable {
  /// An attribute as written, its value with entities replaced.
  struct Attribute: Sendable {
    var name: String
    var value: String
  }

  /// The element's name as written (`PropertyGroup`, `ApplicationId`).
  var name: String
  var attributes: [Attribute]
  /// The text and CDATA directly inside the element (not inside its children), entities replaced.
  var text: String = ""
  /// The byte offset of its `<`.
  var offset: Int
  /// The 1-based line of its `<`.
  var line: Int
  /// The indexes (in `MSBuildXMLDocument.elements`) of its child elements, in order.
  var children: [Int] = []

  /// The value of the attribute `name` (MSBuild's attribute names are matched ignoring case).
  func attribute(_ name: String) -> String? {
    attributes.first { $0.name.caseInsensitiveCompare(name) }?.value
  }
}

extension String {
  /// Whether the two texts are equal ignoring ASCII case, as MSBuild compares names.
  func caseInsensitiveCompare(_ other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    return zip(utf8, other.utf8).allSatisfy { MSBuildXMLReader.lowered($0) == MSBuildXMLReader.lowered($1) }
  }
}

/// An MSBuild file read as XML: its elements in document order, the root first.
struct MSBuildXMLDocument: Sendable {
  /// Every element, in the order their start tags appear; the root is the first.
  var elements: [MSBuildXMLElement]
  /// The file's text, for locating what it holds.
  var source: SourceText

  /// The root element.
  var root: MSBuildXMLElement { elements[0] }

  /// The children of `element`.
  func children(of element: MSBuildXMLElement) -> [MSBuildXMLElement] {
    element.children.map { elements[$0] }
  }
}

/// A small XML reader for MSBuild files: elements, attributes, text, CDATA and comments, with the line of each
/// element. It reads no DTD and expands only the five predefined entities and character references. Input size and
/// nesting depth are bounded, and it keeps the open elements in a list rather than recursing, so a deep file costs a
/// bounded amount of memory and stack.
struct MSBuildXMLReader {
  /// The largest MSBuild file read.
  static let maximumFileSize = 4 << 20
  /// The deepest element nesting accepted (real project files nest four or five deep).
  static let maximumDepth = 64
  /// The most elements one file may hold.
  static let maximumElements = 200_000

  /// The file's text as UTF-8 (a UTF-16 file is converted when read).
  private(set) var bytes: [UInt8]
  let name: String
  private var position = 0
  private var lineStarts: [Int] = []

  /// A reader of `bytes`, the file shown as `name` in errors.
  init(bytes: [UInt8], name: String) {
    self.bytes = bytes
    self.name = name
  }

  static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 65 && byte <= 90 ? byte + 32 : byte
  }

  /// Reads the document.
  /// - Throws: a located `XcodeProjectError` for text that is not well-formed XML or exceeds the bounds.
  mutating func read() throws(XcodeProjectError) -> MSBuildXMLDocument {
    guard bytes.count <= Self.maximumFileSize else {
      throw XcodeProjectError("larger than \(Self.maximumFileSize >> 20) MB", file: name)
    }
    if let byteOrder = Self.utf16ByteOrder(of: bytes) { bytes = try Self.utf8(fromUTF16: bytes, byteOrder, name: name) }
    lineStarts = SourceText(name: name, bytes: bytes).lineStarts
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    var elements: [MSBuildXMLElement] = []
    var open: [Int] = []   // indexes of the elements whose end tag is still to come
    var rootClosed = false
    while position < bytes.count {
      if bytes[position] != UInt8(ascii: "<") {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        let text = try decodeText(start..<position)
        if let current = open.last {
          elements[current].text += text
        } else if !text.allSatisfy(\.isWhitespace) {
          throw error("text outside the root element", at: start)
        }
        continue
      }
      let start = position
      if matches("<!--") {
        guard let end = find("-->", from: position + 4) else { throw error("a comment is not closed", at: start) }
        position = end + 3
      } else if matches("<![CDATA[") {
        guard let end = find("]]>", from: position + 9) else { throw error("a CDATA section is not closed", at: start) }
        guard let current = open.last else { throw error("CDATA outside the root element", at: start) }
        elements[current].text += String(decoding: bytes[(position + 9)..<end], as: UTF8.self)
        position = end + 3
      } else if matches("<?") {
        guard let end = find("?>", from: position + 2) else {
          throw error("a processing instruction is not closed", at: start)
        }
        position = end + 2
      } else if matches("<!") {
        throw error("a document type declaration is not read in a project file", at: start)
      } else if matches("</") {
        position += 2
        let closing = try readName()
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
          throw error("expected '>' to end '</\(closing)'", at: position)
        }
        position += 1
        guard let current = open.popLast() else { throw error("'</\(closing)>' closes no element", at: start) }
        guard elements[current].name == closing else {
          throw error("'</\(closing)>' closes '<\(elements[current].name)>'", at: start)
        }
        if open.isEmpty { rootClosed = true }
      } else {
        guard !rootClosed, !(open.isEmpty && !elements.isEmpty) else {
          throw error("a second root element", at: start)
        }
        guard elements.count < Self.maximumElements else {
          throw error("more than \(Self.maximumElements) elements", at: start)
        }
        position += 1
        let elementName = try readName()
        var attributes: [MSBuildXMLElement.Attribute] = []
        var selfClosing = false
        while true {
          skipSpace()
          guard position < bytes.count else { throw error("the tag '<\(elementName)' is not closed", at: start) }
          if bytes[position] == UInt8(ascii: ">") {
            position += 1
            break
          }
          if matches("/>") {
            position += 2
            selfClosing = true
            break
          }
          let attributeName = try readName()
          skipSpace()
          guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw error("expected '=' after the attribute '\(attributeName)'", at: position)
          }
          position += 1
          skipSpace()
          guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
          else { throw error("expected a quoted value for the attribute '\(attributeName)'", at: position) }
          let quote = bytes[position]
          let valueStart = position + 1
          var end = valueStart
          while end < bytes.count, bytes[end] != quote {
            if bytes[end] == UInt8(ascii: "<") { throw error("'<' in the value of '\(attributeName)'", at: end) }
            end += 1
          }
          guard end < bytes.count else { throw error("the value of '\(attributeName)' is not closed", at: valueStart) }
          attributes.append(.init(name: attributeName, value: try decodeText(valueStart..<end)))
          position = end + 1
        }
        let index = elements.count
        elements.append(
          MSBuildXMLElement(name: elementName, attributes: attributes, offset: start, line: lineNumber(of: start)))
        if let parent = open.last { elements[parent].children.append(index) }
        if !selfClosing {
          guard open.count < Self.maximumDepth else {
            throw error("elements nested more than \(Self.maximumDepth) deep", at: start)
          }
          open.append(index)
        } else if open.isEmpty {
          rootClosed = true
        }
      }
    }
    if let current = open.last {
      throw error("'<\(elements[current].name)>' is not closed", at: elements[current].offset)
    }
    guard !elements.isEmpty else { throw XcodeProjectError("no root element", file: name, line: 1) }
    return MSBuildXMLDocument(elements: elements, source: SourceText(name: name, bytes: bytes))
  }

  // MARK: - Encodings

  /// The byte order of a UTF-16 file, as an XML reader detects it (XML 1.0, appendix F "Autodetection of Character
  /// Encodings"; MSBuild reads project files with .NET's `XmlReader`, which follows it): a byte order mark `FF FE`
  /// (little-endian) or `FE FF` (big-endian), or, without one, a first `<` written in two bytes (`3C 00`, `00 3C`);
  /// nil for UTF-8 (with or without its byte order mark).
  static func utf16ByteOrder(of bytes: [UInt8]) -> UTF16ByteOrder? {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00]) { return .littleEndian }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x3C]) { return .bigEndian }
    return nil
  }

  /// How the two bytes of a UTF-16 code unit are ordered.
  enum UTF16ByteOrder {
    case littleEndian
    case bigEndian
  }

  /// `bytes`, a UTF-16 file in `byteOrder`, as UTF-8 without the byte order mark; line breaks stay on the same
  /// lines. A lone surrogate becomes U+FFFD, as the reader would fail on it and sharelint only reads names and values.
  /// - Throws: a located error for a file of an odd number of bytes.
  static func utf8(fromUTF16 bytes: [UInt8], _ byteOrder: UTF16ByteOrder, name: String) throws(XcodeProjectError)
    -> [UInt8]
  {
    guard bytes.count % 2 == 0 else {
      throw XcodeProjectError("the UTF-16 file ends in the middle of a character", file: name)
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 0
    while index + 1 < bytes.count {
      let (high, low) = byteOrder == .littleEndian ? (bytes[index + 1], bytes[index]) : (bytes[index], bytes[index + 1])
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    if units.first == 0xFEFF { units.removeFirst() }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }

  // MARK: - Pieces

  private func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { buffer in
      (0..<count).allSatisfy { bytes[position + $0] == buffer[$0] }
    }
  }

  private func find(_ literal: StaticString, from start: Int) -> Int? {
    let count = literal.utf8CodeUnitCount
    return literal.withUTF8Buffer { buffer -> Int? in
      var index = start
      while index + count <= bytes.count {
        if (0..<count).allSatisfy({ bytes[index + $0] == buffer[$0] }) { return index }
        index += 1
      }
      return nil
    }
  }

  private mutating func skipSpace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
  }

  private mutating func readName() throws(XcodeProjectError) -> String {
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      let isNameByte =
        (byte >= 0x80) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: ":")
      guard isNameByte else { break }
      position += 1
    }
    guard position > start else { throw error("expected a name", at: start) }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// The text of `range` with the predefined entities and character references replaced.
  private func decodeText(_ range: Range<Int>) throws(XcodeProjectError) -> String {
    guard bytes[range].contains(UInt8(ascii: "&")) else { return String(decoding: bytes[range], as: UTF8.self) }
    var result: [UInt8] = []
    var index = range.lowerBound
    while index < range.upperBound {
      guard bytes[index] == UInt8(ascii: "&") else {
        result.append(bytes[index])
        index += 1
        continue
      }
      var end = index + 1
      while end < range.upperBound, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
      guard end < range.upperBound, bytes[end] == UInt8(ascii: ";") else {
        throw error("'&' starts no entity", at: index)
      }
      let entity = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
      let replacement: String
      switch entity {
      case "amp": replacement = "&"
      case "lt": replacement = "<"
      case "gt": replacement = ">"
      case "quot": replacement = "\""
      case "apos": replacement = "'"
      default:
        let digits = entity.dropFirst(entity.hasPrefix("#x") ? 2 : 1)
        guard entity.hasPrefix("#"), let value = UInt32(digits, radix: entity.hasPrefix("#x") ? 16 : 10),
          let scalar = Unicode.Scalar(value)
        else { throw error("the entity '&\(PrintableText.escaped(entity));' is not read", at: index) }
        replacement = String(Character(scalar))
      }
      result += Array(replacement.utf8)
      index = end + 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  private func lineNumber(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low + 1
  }

  private func error(_ message: String, at offset: Int) -> XcodeProjectError {
    let line = lineNumber(of: min(offset, bytes.count))
    let lineStart = lineStarts[line - 1]
    let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).unicodeScalars.count + 1
    return XcodeProjectError(message, file: name, line: line, column: column)
  }
}

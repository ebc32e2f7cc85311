import SharelintBase

/// Byte-exact edits of an XML plist: each function returns `TextEdit`s that change only the value
/// or entry concerned, new lines indented like their neighbours and ended like the file's lines.
/// Apply them with `Array<UInt8>.applying(_:)`. Binary plists have no byte ranges; edit the
/// `PropertyListValue` and rewrite them whole with `BinaryPropertyList.serialize`.
extension PropertyListDocument {
  /// The indentation unit and line ending of this file.
  public var indentationStyle: IndentationStyle { IndentationStyle.detect(in: source.bytes) }

  /// Replaces `node`'s value with `value`. A string replacing a string keeps its tags and changes
  /// only the text (quotes escaped as `&quot;` when the old text wrote them so); anything else
  /// replaces the whole element.
  public func replacingValue(of node: PropertyListNode, with value: PropertyListValue) throws -> TextEdit {
    let element = try positions(of: node).element
    if case .string(let text) = value, node.string != nil, let content = node.contentRange, content.start < element.end
    {
      let old = self.text(of: content)
      let escaped = try XMLPlistWriter.escape(
        text, quotes: old.contains("&quot;"), apostrophes: old.contains("&apos;"))
      return TextEdit(range: content, replacement: escaped)
    }
    let fragment = try XMLPlistWriter.fragment(value, indentation: indentation(ofLineAt: element.start), style: style)
    return TextEdit(range: element, replacement: fragment)
  }

  /// Inserts `key` → `value` into `dictionary`: after the last entry, or after the entry for
  /// `afterKey` (its last occurrence) when given.
  public func insertingEntry(
    key: String, value: PropertyListValue, into dictionary: PropertyListNode, after afterKey: String? = nil
  ) throws -> TextEdit {
    guard let entries = dictionary.entries else {
      throw PropertyListError(.invalidEdit, "'\(dictionary.keyPath)' is a \(dictionary.typeName), not a dictionary")
    }
    _ = try positions(of: dictionary)
    let anchor: PropertyListNode.Entry?
    if let afterKey {
      guard let found = entries.last(where: { $0.key.text == afterKey }) else {
        throw PropertyListError(.invalidEdit, "'\(dictionary.keyPath)' has no key '\(afterKey)'")
      }
      anchor = found
    } else {
      anchor = entries.last
    }
    let keyText = "<key>" + (try XMLPlistWriter.escape(key)) + "</key>"
    guard let anchor, let anchorKey = anchor.key.elementRange, let anchorValue = anchor.value.elementRange else {
      return try insertIntoEmptyContainer(dictionary) { indentation in
        keyText + style.lineEnding + indentation
          + (try XMLPlistWriter.fragment(value, indentation: indentation, style: style))
      }
    }
    guard isFirstOnLine(anchorKey.start) else {
      let fragment = try XMLPlistWriter.fragment(
        value, indentation: indentation(ofLineAt: anchorKey.start), style: style)
      return .insert(keyText + fragment, at: anchorValue.end)
    }
    let indentation = indentation(ofLineAt: anchorKey.start)
    let separator = isFirstOnLine(anchorValue.start) ? style.lineEnding + indentation : ""
    let fragment = try XMLPlistWriter.fragment(value, indentation: indentation, style: style)
    return .insert(
      style.lineEnding + indentation + keyText + separator + fragment, at: endOfLineComments(after: anchorValue.end))
  }

  /// Inserts `values` into `array` before the element at `index`, or at the end when `index` is `nil`.
  public func insertingElements(_ values: [PropertyListValue], into array: PropertyListNode, at index: Int? = nil)
    throws -> TextEdit
  {
    guard let elements = array.elements else {
      throw PropertyListError(.invalidEdit, "'\(array.keyPath)' is a \(array.typeName), not an array")
    }
    _ = try positions(of: array)
    let position = index ?? elements.count
    guard (0...elements.count).contains(position) else {
      throw PropertyListError(
        .invalidEdit, "index \(position) is outside '\(array.keyPath)' (\(elements.count) elements)")
    }
    guard !values.isEmpty else { return .insert("", at: array.contentRange?.start ?? 0) }
    guard !elements.isEmpty else {
      return try insertIntoEmptyContainer(array) { indentation in
        try values.map { try XMLPlistWriter.fragment($0, indentation: indentation, style: style) }
          .joined(separator: style.lineEnding + indentation)
      }
    }
    let anchor = try positions(of: elements[min(position, elements.count - 1)]).element
    let multiline = isFirstOnLine(anchor.start)
    let indentation = multiline ? indentation(ofLineAt: anchor.start) : ""
    let separator = multiline ? style.lineEnding + indentation : ""
    let fragments = try values.map { try XMLPlistWriter.fragment($0, indentation: indentation, style: style) }
    if position < elements.count {
      // Before the comments on the lines above the element (a `sharelint:disable-next-line` among them), which
      // stay with it.
      let start = multiline ? startOfCommentLines(before: anchor.start) : anchor.start
      return .insert(fragments.map { $0 + separator }.joined(), at: start)
    }
    let end = multiline ? endOfLineComments(after: anchor.end) : anchor.end
    return .insert(fragments.map { separator + $0 }.joined(), at: end)
  }

  /// Removes the element at `index` of `array`, with its line when it stands alone on it.
  public func removingElement(at index: Int, from array: PropertyListNode) throws -> TextEdit {
    guard let elements = array.elements else {
      throw PropertyListError(.invalidEdit, "'\(array.keyPath)' is a \(array.typeName), not an array")
    }
    guard elements.indices.contains(index) else {
      throw PropertyListError(
        .invalidEdit, "index \(index) is outside '\(array.keyPath)' (\(elements.count) elements)")
    }
    return TextEdit(range: removalRange(of: try positions(of: elements[index]).element), replacement: "")
  }

  /// Removes the entry at `entryIndex` (document order, duplicates counted) of `dictionary`: key,
  /// value, and their lines when they stand alone on them.
  public func removingEntry(at entryIndex: Int, from dictionary: PropertyListNode) throws -> TextEdit {
    guard let entries = dictionary.entries else {
      throw PropertyListError(.invalidEdit, "'\(dictionary.keyPath)' is a \(dictionary.typeName), not a dictionary")
    }
    guard entries.indices.contains(entryIndex) else {
      throw PropertyListError(.invalidEdit, "entry \(entryIndex) is outside '\(dictionary.keyPath)'")
    }
    let entry = entries[entryIndex]
    guard let key = entry.key.elementRange, let value = entry.value.elementRange else {
      throw noPositions(dictionary)
    }
    return TextEdit(range: removalRange(of: ByteRange(start: key.start, end: value.end)), replacement: "")
  }

  /// Removes every entry for `key` in `dictionary` (none when it is absent).
  public func removingEntries(forKey key: String, from dictionary: PropertyListNode) throws -> [TextEdit] {
    guard let entries = dictionary.entries else {
      throw PropertyListError(.invalidEdit, "'\(dictionary.keyPath)' is a \(dictionary.typeName), not a dictionary")
    }
    return try entries.indices.filter { entries[$0].key.text == key }.map {
      try removingEntry(at: $0, from: dictionary)
    }
  }

  /// Moves the only entry for `key` of `source` into `destination`, or into a new dictionary named `newKey`
  /// appended to `destination` when `newKey` is given (`NSExtensionAttributes` created under `NSExtension`).
  /// The key and value are carried over as written, comments inside the value included: only the
  /// indentation of the lines that start outside a string's text follows the new place (a string's text,
  /// line breaks and leading tabs included, is never touched). Two edits: the removal and the insertion.
  public func movingEntry(
    forKey key: String, from origin: PropertyListNode, into destination: PropertyListNode, newKey: String? = nil
  ) throws -> [TextEdit] {
    guard let entries = origin.entries else {
      throw PropertyListError(.invalidEdit, "'\(origin.keyPath)' is a \(origin.typeName), not a dictionary")
    }
    let matching = entries.indices.filter { entries[$0].key.text == key }
    guard matching.count == 1, let index = matching.first else {
      throw PropertyListError(.invalidEdit, "'\(origin.keyPath)' has \(matching.count) entries '\(key)', not one")
    }
    let entry = entries[index]
    guard format == .xml, let keyRange = entry.key.elementRange, let valueRange = entry.value.elementRange,
      valueRange.end <= source.bytes.count
    else { throw noPositions(origin) }
    let removal = try removingEntry(at: index, from: origin)
    let oldIndentation = indentation(ofLineAt: keyRange.start)
    let entryRange = ByteRange(start: keyRange.start, end: valueRange.end)
    let rawEntry: (String) -> String = { newIndentation in
      reindented(entryRange, from: oldIndentation, to: newIndentation, keepingTextOf: entry.value)
    }
    let insertion: TextEdit
    if let newKey {
      let keyText = "<key>" + (try XMLPlistWriter.escape(newKey)) + "</key>"
      insertion = try insertingEntryText(into: destination) { indentation in
        let inner = indentation + style.unit
        return keyText + style.lineEnding + indentation + "<dict>" + style.lineEnding + inner + rawEntry(inner)
          + style.lineEnding + indentation + "</dict>"
      }
    } else {
      insertion = try insertingEntryText(into: destination, makeEntry: rawEntry)
    }
    return [removal, insertion]
  }

  /// Inserts the entry text `makeEntry` returns for the entry's indentation after the last entry of
  /// `dictionary` (or into it when empty), on a line of its own when the entries are on lines of their own.
  private func insertingEntryText(into dictionary: PropertyListNode, makeEntry: (String) throws -> String) throws
    -> TextEdit
  {
    guard let entries = dictionary.entries else {
      throw PropertyListError(.invalidEdit, "'\(dictionary.keyPath)' is a \(dictionary.typeName), not a dictionary")
    }
    _ = try positions(of: dictionary)
    guard let anchor = entries.last, let anchorKey = anchor.key.elementRange,
      let anchorValue = anchor.value.elementRange
    else {
      return try insertIntoEmptyContainer(dictionary, makeBody: makeEntry)
    }
    guard isFirstOnLine(anchorKey.start) else {
      return .insert(try makeEntry(indentation(ofLineAt: anchorKey.start)), at: anchorValue.end)
    }
    let indentation = indentation(ofLineAt: anchorKey.start)
    return .insert(
      style.lineEnding + indentation + (try makeEntry(indentation)), at: endOfLineComments(after: anchorValue.end))
  }

  /// The text of `range`, each line after the first that starts outside the text of a string (or data) of
  /// `value` and begins with `oldIndentation` given `newIndentation` instead.
  private func reindented(
    _ range: ByteRange, from oldIndentation: String, to newIndentation: String, keepingTextOf value: PropertyListNode
  ) -> String {
    // The text ranges of strings and data inside the value, found without recursion.
    var kept: [ByteRange] = []
    var pending = [value]
    while let node = pending.popLast() {
      switch node.content {
      case .array(let elements): pending += elements
      case .dictionary(let entries): pending += entries.map(\.value)
      case .string, .data: if let content = node.contentRange { kept.append(content) }
      default: break
      }
    }
    let bytes = source.bytes
    let old = Array(oldIndentation.utf8)
    let new = Array(newIndentation.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(range.count)
    var offset = range.start
    while offset < range.end {
      let byte = bytes[offset]
      output.append(byte)
      offset += 1
      guard byte == UInt8(ascii: "\n"), offset < range.end else { continue }
      let insideText = kept.contains { $0.start < offset && offset < $0.end }
      if !insideText, bytes[offset..<range.end].starts(with: old) {
        output += new
        offset += old.count
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  // MARK: - Layout

  private var style: IndentationStyle { indentationStyle }

  /// Fills an empty `<array/>`, `<array></array>`, `<dict/>`… with the text `makeBody` returns for
  /// the children's indentation.
  private func insertIntoEmptyContainer(_ container: PropertyListNode, makeBody: (String) throws -> String) throws
    -> TextEdit
  {
    let (element, content) = try positions(of: container)
    let outer = indentation(ofLineAt: element.start)
    let inner = outer + style.unit
    let body = try makeBody(inner)
    let name = container.elements != nil ? "array" : "dict"
    if content.start == element.end {
      // Self-closing: write both tags.
      let text = "<\(name)>" + style.lineEnding + inner + body + style.lineEnding + outer + "</\(name)>"
      return TextEdit(range: element, replacement: text)
    }
    if text(of: content).contains("\n") {
      return .insert(style.lineEnding + inner + body, at: content.start)
    }
    return TextEdit(range: content, replacement: style.lineEnding + inner + body + style.lineEnding + outer)
  }

  /// `range` widened to its whole lines (line break included) when nothing else is on them, so a
  /// removal leaves no blank line.
  private func removalRange(of range: ByteRange) -> ByteRange {
    let bytes = source.bytes
    guard isFirstOnLine(range.start) else { return range }
    var end = range.end
    while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\r") { end += 1 }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\n") {
      return ByteRange(start: lineStart(of: range.start), end: end + 1)
    }
    guard end == bytes.count else { return range }
    // The last line of the file: take the line break before it instead.
    var start = lineStart(of: range.start)
    if start > 0 { start -= 1 }
    if start > 0, bytes[start - 1] == UInt8(ascii: "\r") { start -= 1 }
    return ByteRange(start: start, end: end)
  }

  /// Where a new line goes after the element ending at `offset`: past any comments that follow it
  /// on its line (they belong to it), else `offset` itself.
  private func endOfLineComments(after offset: Int) -> Int {
    let bytes = source.bytes
    var cursor = offset
    var end = offset
    while cursor < bytes.count {
      let byte = bytes[cursor]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        cursor += 1
      } else if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
        return end
      } else if bytes[cursor...].starts(with: "<!--".utf8),
        let close = firstOccurrence(of: "-->", from: cursor + 4), !bytes[cursor..<close].contains(UInt8(ascii: "\n"))
      {
        cursor = close + 3
        end = cursor
      } else {
        return offset
      }
    }
    return end
  }

  /// Where the comments standing alone on the lines right above the line of `offset` start (after their
  /// indentation); `offset` when there are none. A comment on its own line belongs to the line after it.
  func startOfCommentLines(before offset: Int) -> Int {
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var start = offset
    var lineIndex = source.lineIndex(of: offset)
    while lineIndex > 0 {
      lineIndex -= 1
      let line = source.lineBytes(lineIndex)
      guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) }),
        line[first...].starts(with: "<!--".utf8), last + 1 - first >= 7,
        firstOccurrence(of: "-->", from: first + 4) == last - 2
      else { break }
      start = first
    }
    return start
  }

  private func firstOccurrence(of pattern: String, from start: Int) -> Int? {
    let needle = Array(pattern.utf8)
    let bytes = source.bytes
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }

  /// The offset where the line holding `offset` starts.
  private func lineStart(of offset: Int) -> Int { source.lineStarts[source.lineIndex(of: offset)] }

  /// Whether only spaces and tabs precede `offset` on its line.
  private func isFirstOnLine(_ offset: Int) -> Bool {
    source.bytes[lineStart(of: offset)..<offset].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
  }

  /// The spaces and tabs that start the line holding `offset`.
  private func indentation(ofLineAt offset: Int) -> String {
    let start = lineStart(of: offset)
    let leading = source.bytes[start..<source.bytes.count].prefix {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
    }
    return String(decoding: leading, as: UTF8.self)
  }

  /// The element and content ranges of `node`, or an error when it has none (binary plists).
  private func positions(of node: PropertyListNode) throws -> (element: ByteRange, content: ByteRange) {
    guard format == .xml, let element = node.elementRange, let content = node.contentRange,
      element.end <= source.bytes.count
    else { throw noPositions(node) }
    return (element, content)
  }

  private func noPositions(_ node: PropertyListNode) -> PropertyListError {
    PropertyListError(
      .invalidEdit, "'\(node.keyPath)' has no byte positions (binary plists are rewritten whole, not edited)")
  }
}

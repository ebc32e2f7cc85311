import BoundedYAML
import PropertyList
import SharelintBase
import XcodeModel

/// Fixes land where the truth lives: a plist XcodeGen writes from a target's `info: properties:` or
/// `entitlements: properties:` (on every `xcodegen generate`, whether the repository has the file or not) is fixed
/// in the spec. A fix planned on the plist XcodeGen would write is applied to its value; the keys that change are
/// then written into the `properties:` mapping (of `project.yml` or the included spec that defines it) as edits of
/// the YAML text that keep every other byte: an entry added at the end of its mapping with its siblings'
/// indentation, a scalar replaced in its quoting style, an entry's lines removed, an item added to a list. What
/// cannot be written so (anchors, aliases and merge keys, flow mappings, block scalars, keys from a target template,
/// a key XcodeGen writes by itself removed) gets no fix: the finding says what to write where.
enum XcodeGenSpecFixes {
  /// Why a fix cannot be written into the spec, for the finding's note.
  struct Unwritable: Error {
    var reason: String
  }

  /// The edits of `text` (the spec file holding `spec`'s entry) that make the plist XcodeGen writes from it go from
  /// `before` to what `changes` make of it.
  static func edits(
    of changes: [PlistChange], before: PropertyListValue, spec: XcodeGenPlistSpec, text: SourceText
  ) -> Result<[TextEdit], Unwritable> {
    if let reason = spec.uneditable { return .failure(Unwritable(reason: reason)) }
    var after = before
    do {
      for change in changes { after = try change.applied(to: after) }
    } catch {
      return .failure(Unwritable(reason: "the change cannot be made to what XcodeGen writes"))
    }
    guard case .dictionary(let beforeEntries) = before, case .dictionary(let afterEntries) = after else {
      return .failure(Unwritable(reason: "the plist is not a dictionary"))
    }
    var writer = SpecTextWriter(text: text)
    do {
      try writer.checkPlainYAML(around: spec.entry)
      if let properties = spec.properties {
        try writer.reconcile(
          mapping: properties.value, before: beforeEntries, after: afterEntries, defaultKeys: Set(spec.defaultKeys),
          depth: 0)
      } else {
        // No `properties:` yet: the keys that change are the new mapping, added to `info:` / `entitlements:`.
        let changed = afterEntries.filter { entry in beforeEntries.first { $0.key == entry.key }?.value != entry.value }
        guard beforeEntries.allSatisfy({ entry in afterEntries.contains { $0.key == entry.key } }) else {
          throw Unwritable(reason: "it removes a key XcodeGen writes by itself")
        }
        if !changed.isEmpty {
          try writer.insert(
            entries: [.init("properties", .dictionary(changed))], into: spec.entry.value, depth: 0)
        }
      }
    } catch let error as Unwritable {
      return .failure(error)
    } catch {
      return .failure(Unwritable(reason: "\(error)"))
    }
    return .success(writer.finishedEdits())
  }

  /// Where the value at `keyPath` (`NSExtension.NSExtensionAttributes`, `CFBundleURLTypes[0].CFBundleURLSchemes`) is
  /// written in `spec`: the key of the deepest entry of the path the spec writes, else the `info:` or
  /// `entitlements:` key; nil when the text does not hold it where the spec says.
  static func site(ofKeyPath keyPath: String, in spec: XcodeGenPlistSpec, text: SourceText) -> ByteRange? {
    let writer = SpecTextWriter(text: text)
    var best = spec.entry.keyLocation
    var bestKey = spec.entry.key
    if let properties = spec.properties {
      var node = properties.value
      for component in pathComponents(of: keyPath) {
        switch component {
        case .key(let key):
          guard let entry = node.entry(key) else { break }
          (best, bestKey, node) = (entry.keyLocation, key, entry.value)
          continue
        case .index(let index):
          guard let elements = node.elements, elements.indices.contains(index) else { break }
          node = elements[index]
          continue
        }
        break
      }
    }
    guard let start = writer.offset(of: best) else { return nil }
    let end = min(text.bytes.count, start + bestKey.utf8.count)
    return ByteRange(start: start, end: end)
  }

  /// `A.B[0].C` as path components (a key with a dot in it is read as two: the site is then its parent's).
  static func pathComponents(of keyPath: String) -> [PropertyListPathComponent] {
    var components: [PropertyListPathComponent] = []
    for part in keyPath.split(separator: ".", omittingEmptySubsequences: true) {
      var rest = Substring(part)
      if let bracket = rest.firstIndex(of: "[") {
        if bracket > rest.startIndex { components.append(.key(String(rest[..<bracket]))) }
        rest = rest[bracket...]
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
          if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) { components.append(.index(index)) }
          rest = rest[rest.index(after: close)...]
        }
      } else {
        components.append(.key(String(rest)))
      }
    }
    return components
  }
}

/// The edits of one spec file that a fix makes, planned on its text: each mapping or list is located by the
/// positions the YAML reader gave its keys and values, and its extent by indentation (block style).
private struct SpecTextWriter {
  let text: SourceText
  let lineStarts: [Int]
  /// Insertions by offset, each with the depth of the mapping it adds to (deeper first at one offset).
  private var insertions: [Int: [(depth: Int, text: String)]] = [:]
  /// Replacements and removals of byte ranges.
  private var replacements: [TextEdit] = []
  /// Spaces per nesting level the spec uses (from `properties:`'s first key), 2 when unknown.
  private var unit = 2

  init(text: SourceText) {
    self.text = text
    lineStarts = text.lineStarts
  }

  typealias Unwritable = XcodeGenSpecFixes.Unwritable

  // MARK: - Positions

  /// The byte offset of `location` (1-based line, column in Unicode scalars), when it is in the text.
  func offset(of location: YAMLLocation) -> Int? {
    guard location.file == text.name || PathText.tidied(location.file) == PathText.tidied(text.name),
      location.line >= 1, location.line <= lineStarts.count
    else { return nil }
    var offset = lineStarts[location.line - 1]
    let end = lineEnd(location.line - 1)
    for _ in 1..<max(1, location.column) {
      guard offset < end else { return nil }
      offset += SourceText.scalarLength(leadByte: text.bytes[offset])
    }
    return offset
  }

  /// The offset just past line `index`'s text (before its line break).
  private func lineEnd(_ index: Int) -> Int {
    var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : text.bytes.count
    while end > lineStarts[index], text.bytes[end - 1] == 0x0A || text.bytes[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The offset where line `index` begins; the end of the text past the last line.
  private func lineStart(_ index: Int) -> Int { index < lineStarts.count ? lineStarts[index] : text.bytes.count }

  /// Spaces before line `index`'s text.
  private func indentation(ofLine index: Int) -> Int {
    var offset = lineStarts[index]
    let end = lineEnd(index)
    while offset < end, text.bytes[offset] == 0x20 { offset += 1 }
    return offset - lineStarts[index]
  }

  /// Whether line `index` holds nothing but spaces and maybe a comment.
  private func isBlankOrComment(_ index: Int) -> Bool {
    let start = lineStarts[index] + indentation(ofLine: index)
    return start >= lineEnd(index) || text.bytes[start] == UInt8(ascii: "#")
  }

  /// The index of the line after the block that begins on line `first` and goes on while lines are indented more
  /// than `indentation` (trailing blank and comment lines left out). The block of a mapping's key (`isEntry`) also
  /// holds the `- ` items of a list written at the key's own indentation (`key:` then `- item`, as YAML allows).
  private func blockEnd(from first: Int, indentation: Int, isEntry: Bool = true) -> Int {
    var end = first + 1
    var line = first + 1
    while line < lineStarts.count {
      if isBlankOrComment(line) {
        line += 1
        continue
      }
      let lineIndentation = self.indentation(ofLine: line)
      guard lineIndentation > indentation || isEntry && lineIndentation == indentation && beginsItem(line) else {
        break
      }
      line += 1
      end = line
    }
    return end
  }

  /// Whether line `index`'s text begins a list item (`-` then a space or the line's end).
  private func beginsItem(_ index: Int) -> Bool {
    let start = lineStarts[index] + indentation(ofLine: index)
    let end = lineEnd(index)
    guard start < end, text.bytes[start] == UInt8(ascii: "-") else { return false }
    return start + 1 == end || text.bytes[start + 1] == 0x20
  }

  /// The byte at `location`.
  private func byte(at location: YAMLLocation) -> UInt8? {
    offset(of: location).flatMap { $0 < text.bytes.count ? text.bytes[$0] : nil }
  }

  /// Refuses a spec whose entry (`info:` / `entitlements:`) uses anchors, aliases, merge keys or tags: an edit there
  /// could change what another place reads.
  mutating func checkPlainYAML(around entry: YAMLValue.Entry) throws(Unwritable) {
    guard let keyOffset = offset(of: entry.keyLocation) else {
      throw Unwritable(reason: "'\(entry.key)' is not where the spec reader found it")
    }
    let first = entry.keyLocation.line - 1
    let end = blockEnd(from: first, indentation: keyOffset - lineStarts[first])
    for line in first..<end where !isBlankOrComment(line) {
      let content = String(decoding: text.bytes[lineStarts[line]..<lineEnd(line)], as: UTF8.self)
      let code = content.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      if code.contains("<<:") || code.contains(": &") || code.contains(": *") || code.contains("- &")
        || code.contains("- *") || code.contains(": !")
      {
        throw Unwritable(reason: "'\(entry.key)' uses YAML anchors, aliases, merge keys or tags (line \(line + 1))")
      }
    }
    if let properties = entry.value.entry("properties"), let first = properties.value.entries?.first,
      let childOffset = offset(of: first.keyLocation), let parentOffset = offset(of: properties.keyLocation)
    {
      let childColumn = childOffset - lineStarts[first.keyLocation.line - 1]
      let parentColumn = parentOffset - lineStarts[properties.keyLocation.line - 1]
      if childColumn > parentColumn { unit = childColumn - parentColumn }
    }
  }

  // MARK: - Reconciling

  /// Edits the block mapping `mapping` so that the entries written there go from `before` to `after`. At the top
  /// (`depth` 0), `defaultKeys` are keys XcodeGen writes when `properties:` does not.
  mutating func reconcile(
    mapping: YAMLValue, before: [PropertyListValue.Entry], after: [PropertyListValue.Entry], defaultKeys: Set<String>,
    depth: Int
  ) throws(Unwritable) {
    guard let entries = mapping.entries else { throw Unwritable(reason: "the value is not a mapping") }
    guard byte(at: mapping.location) != UInt8(ascii: "{") || entries.isEmpty && before.isEmpty else {
      throw Unwritable(reason: "the mapping is written in flow style ({…})")
    }
    guard depth < 32 else { throw Unwritable(reason: "the value is nested too deeply") }
    var added: [PropertyListValue.Entry] = []
    for entry in after {
      let old = before.first { $0.key == entry.key }?.value
      guard old != entry.value else { continue }
      guard let written = entries.last(where: { $0.key == entry.key }) else {
        added.append(entry)
        continue
      }
      guard let old else {
        try rewrite(entry: written, as: entry.value)
        continue
      }
      try change(entry: written, from: old, to: entry.value, depth: depth)
    }
    for entry in before where !after.contains(where: { $0.key == entry.key }) {
      guard let written = entries.last(where: { $0.key == entry.key }) else {
        let reason =
          defaultKeys.contains(entry.key)
          ? "XcodeGen writes '\(entry.key)' by itself" : "'\(entry.key)' is not written in the spec"
        throw Unwritable(reason: reason)
      }
      try remove(entry: written)
    }
    if !added.isEmpty {
      if entries.isEmpty { throw Unwritable(reason: "the mapping is empty") }
      try insert(entries: added, into: mapping, depth: depth + 1)
    }
  }

  /// Changes the value of `entry` from `old` to `new`, as little of the text as it can.
  private mutating func change(
    entry: YAMLValue.Entry, from old: PropertyListValue, to new: PropertyListValue, depth: Int
  ) throws(Unwritable) {
    switch (entry.value.kind, old, new) {
    case (.scalar, _, _) where Self.isScalar(new):
      try replaceScalar(entry.value, with: new)
    case (.mapping, .dictionary(let oldEntries), .dictionary(let newEntries))
    where !newEntries.isEmpty && byte(at: entry.value.location) != UInt8(ascii: "{"):
      try reconcile(mapping: entry.value, before: oldEntries, after: newEntries, defaultKeys: [], depth: depth + 1)
    case (.sequence(let elements), .array(let oldElements), .array(let newElements))
    where elements.count == oldElements.count && byte(at: entry.value.location) == UInt8(ascii: "["):
      if try !rewriteFlowList(entry.value, old: oldElements, new: newElements) { try rewrite(entry: entry, as: new) }
    case (.sequence(let elements), .array(let oldElements), .array(let newElements))
    where elements.count == oldElements.count && !elements.isEmpty
      && Self.isSubsequence(oldElements, of: newElements) && oldElements.count < newElements.count:
      try insertItems(of: newElements, around: elements, old: oldElements)
    case (.sequence(let elements), .array(let oldElements), .array(let newElements))
    where elements.count == oldElements.count && Self.isSubsequence(newElements, of: oldElements)
      && newElements.count < oldElements.count && !newElements.isEmpty:
      var next = 0
      for (index, element) in oldElements.enumerated() {
        if next < newElements.count, newElements[next] == element {
          next += 1
        } else {
          try removeItem(elements[index])
        }
      }
    case (.sequence(let elements), .array(let oldElements), .array(let newElements))
    where newElements.count == oldElements.count && elements.count == oldElements.count
      && byte(at: entry.value.location) == UInt8(ascii: "-"):
      for index in oldElements.indices where oldElements[index] != newElements[index] {
        guard case .dictionary(let oldEntries) = oldElements[index],
          case .dictionary(let newEntries) = newElements[index], elements[index].entries != nil
        else {
          try rewrite(entry: entry, as: new)
          return
        }
        try reconcile(
          mapping: elements[index], before: oldEntries, after: newEntries, defaultKeys: [], depth: depth + 1)
      }
    default:
      try rewrite(entry: entry, as: new)
    }
  }

  // MARK: - Edits

  /// The range of `entry`'s lines: from the start of its key's line to the end of its block. The key must begin its
  /// line.
  /// An entry that follows a list item's `- ` (`- key: value`) has the range from its key (`afterDash`).
  private func lines(of entry: YAMLValue.Entry) throws(Unwritable) -> (
    range: ByteRange, indentation: Int, afterDash: Bool
  ) {
    guard let keyOffset = offset(of: entry.keyLocation) else {
      throw Unwritable(reason: "'\(entry.key)' is not where the spec reader found it")
    }
    let line = entry.keyLocation.line - 1
    let indentation = keyOffset - lineStarts[line]
    let lead = text.bytes[lineStarts[line]..<keyOffset].filter { $0 != 0x20 }
    guard lead.isEmpty || lead == [UInt8(ascii: "-")] else {
      throw Unwritable(reason: "'\(entry.key)' does not begin its line")
    }
    let end = blockEnd(from: line, indentation: indentation)
    let start = lead.isEmpty ? lineStarts[line] : keyOffset
    return (ByteRange(start: start, end: lineStart(end)), indentation, !lead.isEmpty)
  }

  /// Removes `entry`'s lines.
  private mutating func remove(entry: YAMLValue.Entry) throws(Unwritable) {
    let (range, _, afterDash) = try lines(of: entry)
    guard !afterDash else { throw Unwritable(reason: "'\(entry.key)' begins a list item") }
    replacements.append(TextEdit(range: range, replacement: ""))
  }

  /// Writes `entry` anew with `value` (its lines, comments inside them included, are replaced).
  private mutating func rewrite(entry: YAMLValue.Entry, as value: PropertyListValue) throws(Unwritable) {
    let (range, indentation, afterDash) = try lines(of: entry)
    let first = entry.keyLocation.line - 1
    let last = text.lineIndex(of: max(range.start, range.end - 1))
    if last > first, (first + 1...last).contains(where: { isBlankOrComment($0) && !isBlank($0) }) {
      throw Unwritable(reason: "'\(entry.key)' holds comments a rewrite would lose")
    }
    guard let rendered = Self.entryText(key: entry.key, value: value, indentation: indentation, unit: unit) else {
      throw Unwritable(reason: "'\(entry.key)' would hold a value YAML cannot carry to XcodeGen (a date or data)")
    }
    let written = afterDash ? String(rendered.dropFirst(indentation)) : rendered
    replacements.append(TextEdit(range: range, replacement: terminated(written, at: range.end)))
  }

  private func isBlank(_ index: Int) -> Bool {
    lineStarts[index] + indentation(ofLine: index) >= lineEnd(index)
  }

  /// `rendered` followed by the line break the text needs at `offset` (none when the text goes on on a new line).
  private func terminated(_ rendered: String, at offset: Int) -> String {
    offset >= text.bytes.count && !(text.bytes.last.map { $0 == 0x0A } ?? true) ? "\n" + rendered : rendered
  }

  /// Adds `entries` at the end of the block mapping `mapping`, indented as its keys.
  mutating func insert(entries: [PropertyListValue.Entry], into mapping: YAMLValue, depth: Int) throws(Unwritable) {
    guard let written = mapping.entries, let last = written.last else {
      throw Unwritable(reason: "the mapping to add to is empty or not a mapping")
    }
    guard byte(at: mapping.location) != UInt8(ascii: "{") else {
      throw Unwritable(reason: "the mapping is written in flow style ({…})")
    }
    guard let keyOffset = offset(of: last.keyLocation) else {
      throw Unwritable(reason: "'\(last.key)' is not where the spec reader found it")
    }
    let line = last.keyLocation.line - 1
    let indentation = keyOffset - lineStarts[line]
    let end = lineStart(blockEnd(from: line, indentation: indentation))
    var rendered = ""
    for entry in entries {
      guard let text = Self.entryText(key: entry.key, value: entry.value, indentation: indentation, unit: unit) else {
        throw Unwritable(reason: "'\(entry.key)' would hold a value YAML cannot carry to XcodeGen (a date or data)")
      }
      rendered += text
    }
    insertions[end, default: []].append((depth, terminated(rendered, at: end)))
  }

  /// Writes the one-line flow list `sequence` (`[a, b]`) anew with `new`'s items (kept items keep their text);
  /// false, writing nothing, when the line would grow past 120 columns (the entry is then written as a block).
  private mutating func rewriteFlowList(
    _ sequence: YAMLValue, old: [PropertyListValue], new: [PropertyListValue]
  ) throws(Unwritable) -> Bool {
    guard let start = offset(of: sequence.location) else {
      throw Unwritable(reason: "the list is not where the spec reader found it")
    }
    guard new.allSatisfy(Self.isScalar) else {
      throw Unwritable(reason: "the list is written in flow style ([…]) and holds mappings or lists")
    }
    let lineText = text.bytes[start..<lineEnd(sequence.location.line - 1)]
    guard let close = lineText.firstIndex(of: UInt8(ascii: "]")), !text.bytes[start..<close].contains(UInt8(ascii: "#"))
    else { throw Unwritable(reason: "the list is written in flow style over several lines") }
    let inner = String(decoding: text.bytes[(start + 1)..<close], as: UTF8.self)
    let kept = inner.trimmingSpaces.isEmpty ? [] : inner.split(separator: ",").map { String($0).trimmingSpaces }
    guard kept.count == old.count else { throw Unwritable(reason: "the list's items cannot be told apart in its text") }
    let separator = inner.contains(",") && !inner.contains(", ") ? "," : ", "
    var parts: [String] = []
    for value in new {
      if let index = old.firstIndex(of: value) {
        parts.append(kept[index])
      } else if let scalar = Self.scalarText(value, quote: nil) {
        parts.append(scalar)
      } else {
        throw Unwritable(reason: "an item cannot be written as YAML")
      }
    }
    let replacement = "[" + parts.joined(separator: separator) + "]"
    let line = sequence.location.line - 1
    let width = (start - lineStarts[line]) + replacement.count + (lineEnd(line) - close - 1)
    guard width <= 120 || new.count <= old.count else { return false }
    replacements.append(TextEdit(range: ByteRange(start: start, end: close + 1), replacement: replacement))
    return true
  }

  /// The dash of the block list item `item` (its value follows it on its line): the range of the item's lines and
  /// the dash's indentation.
  private func itemLines(_ item: YAMLValue) throws(Unwritable) -> (range: ByteRange, indentation: Int) {
    guard let itemOffset = offset(of: item.location) else {
      throw Unwritable(reason: "the list item is not where the spec reader found it")
    }
    let line = item.location.line - 1
    var dash = itemOffset - 1
    while dash > lineStarts[line], text.bytes[dash] == 0x20 { dash -= 1 }
    let indentation = dash - lineStarts[line]
    guard text.bytes[dash] == UInt8(ascii: "-"), indentation == self.indentation(ofLine: line) else {
      throw Unwritable(reason: "the list is not written in block style, one item a line")
    }
    let end = lineStart(blockEnd(from: line, indentation: indentation, isEntry: false))
    return (ByteRange(start: lineStarts[line], end: end), indentation)
  }

  /// Adds the items of `new` that `old` lacks (`old` is a subsequence of `new`) to the block list whose items are
  /// `written`: each before the old item that follows it, or after the last.
  private mutating func insertItems(
    of new: [PropertyListValue], around written: [YAMLValue], old: [PropertyListValue]
  ) throws(Unwritable) {
    let ranges = try written.map { item throws(Unwritable) in try itemLines(item) }
    var next = 0
    var pending: [PropertyListValue] = []
    func flush(at offset: Int, indentation: Int) throws(Unwritable) {
      guard !pending.isEmpty else { return }
      var rendered = ""
      for value in pending {
        guard let item = Self.itemText(value, indentation: indentation, unit: unit) else {
          throw Unwritable(reason: "an item would hold a value YAML cannot carry to XcodeGen (a date or data)")
        }
        rendered += item
      }
      insertions[offset, default: []].append((Int.max, terminated(rendered, at: offset)))
      pending = []
    }
    for value in new {
      if next < old.count, old[next] == value {
        try flush(at: ranges[next].range.start, indentation: ranges[next].indentation)
        next += 1
      } else {
        pending.append(value)
      }
    }
    if let last = ranges.last { try flush(at: last.range.end, indentation: last.indentation) }
  }

  /// Removes the block list item `item`'s lines.
  private mutating func removeItem(_ item: YAMLValue) throws(Unwritable) {
    replacements.append(TextEdit(range: try itemLines(item).range, replacement: ""))
  }

  /// Whether `small`'s elements appear in `large` in the same order.
  static func isSubsequence(_ small: [PropertyListValue], of large: [PropertyListValue]) -> Bool {
    var next = 0
    for value in large where next < small.count && small[next] == value { next += 1 }
    return next == small.count
  }

  /// Replaces the scalar `value` with `new`, keeping its quoting where it can.
  private mutating func replaceScalar(_ value: YAMLValue, with new: PropertyListValue) throws(Unwritable) {
    guard let start = offset(of: value.location), start < text.bytes.count else {
      throw Unwritable(reason: "the value is not where the spec reader found it")
    }
    let line = value.location.line - 1
    let end = lineEnd(line)
    let first = text.bytes[start]
    var close: Int
    var quote: UInt8?
    switch first {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      quote = first
      close = start + 1
      var found = false
      while close < end {
        if first == UInt8(ascii: "\""), text.bytes[close] == UInt8(ascii: "\\") {
          close += 2
          continue
        }
        if text.bytes[close] == first {
          if first == UInt8(ascii: "'"), close + 1 < end, text.bytes[close + 1] == first {
            close += 2
            continue
          }
          found = true
          break
        }
        close += 1
      }
      guard found else { throw Unwritable(reason: "the quoted value goes on over several lines") }
      close += 1
    case UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
      UInt8(ascii: "["), UInt8(ascii: "{"):
      throw Unwritable(reason: "the value is a block scalar, a flow collection or has an anchor, alias or tag")
    default:
      // A plain scalar: to a ` #` comment or the line's end, trailing spaces left out; it must not go on below.
      close = start
      while close < end, !(text.bytes[close] == UInt8(ascii: "#") && close > start && text.bytes[close - 1] == 0x20) {
        close += 1
      }
      while close > start, text.bytes[close - 1] == 0x20 || text.bytes[close - 1] == 0x09 { close -= 1 }
      let keyIndentation = indentation(ofLine: line)
      if line + 1 < lineStarts.count, !isBlankOrComment(line + 1), indentation(ofLine: line + 1) > keyIndentation {
        throw Unwritable(reason: "the value goes on over several lines")
      }
    }
    guard let replacement = Self.scalarText(new, quote: quote) else {
      throw Unwritable(reason: "the value cannot be written as a YAML scalar")
    }
    replacements.append(TextEdit(range: ByteRange(start: start, end: close), replacement: replacement))
  }

  /// The edits, insertions at one offset joined (the deepest mapping's first) and folded into a removal that starts
  /// there, so no two edits overlap.
  func finishedEdits() -> [TextEdit] {
    var edits = replacements
    for (offset, texts) in insertions {
      let joined = texts.sorted { $0.depth > $1.depth }.map(\.text).joined()
      if let index = edits.firstIndex(where: { $0.range.start == offset && $0.range.count > 0 }) {
        edits[index].replacement = joined + edits[index].replacement
      } else {
        edits.append(.insert(joined, at: offset))
      }
    }
    return edits.sorted()
  }

  // MARK: - Writing YAML

  static func isScalar(_ value: PropertyListValue) -> Bool {
    switch value {
    case .string, .boolean, .integer, .real: return true
    default: return false
    }
  }

  /// `key: value` lines at `indentation`, a container's contents `unit` deeper; nil for a date or data.
  static func entryText(key: String, value: PropertyListValue, indentation: Int, unit: Int) -> String? {
    let pad = String(repeating: " ", count: indentation)
    guard let keyText = scalarText(.string(key), quote: nil) else { return nil }
    switch value {
    case .dictionary(let entries) where !entries.isEmpty:
      var text = "\(pad)\(keyText):\n"
      for entry in entries {
        guard let child = entryText(key: entry.key, value: entry.value, indentation: indentation + unit, unit: unit)
        else { return nil }
        text += child
      }
      return text
    case .array(let elements) where !elements.isEmpty:
      var text = "\(pad)\(keyText):\n"
      for element in elements {
        guard let item = itemText(element, indentation: indentation + unit, unit: unit) else { return nil }
        text += item
      }
      return text
    case .dictionary: return "\(pad)\(keyText): {}\n"
    case .array: return "\(pad)\(keyText): []\n"
    case .string(let string) where isLiteralBlockSafe(string):
      // A text of several lines (a predicate as Xcode writes it) as a literal block: its lines as they are.
      let inner = String(repeating: " ", count: indentation + unit)
      let lines = string.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.isEmpty ? "\n" : inner + $0 + "\n"
      }
      return "\(pad)\(keyText): |-\n" + lines.joined()
    default:
      return scalarText(value, quote: nil).map { "\(pad)\(keyText): \($0)\n" }
    }
  }

  /// Whether `string` reads back unchanged from a `|-` literal block: several lines, no other control character
  /// than tabs, no line ending in a space or tab (kept, but easily lost by editors), the first line not beginning
  /// with a space or tab (which would need an indentation indicator), and no final line break.
  static func isLiteralBlockSafe(_ string: String) -> Bool {
    guard string.contains("\n"), !string.hasSuffix("\n"), let first = string.unicodeScalars.first, first != " ",
      first != "\t"
    else { return false }
    guard !string.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F })
    else { return false }
    return !string.split(separator: "\n").contains { $0.hasSuffix(" ") || $0.hasSuffix("\t") }
  }

  /// A `- item` line (and the lines of its contents) at `indentation`.
  static func itemText(_ value: PropertyListValue, indentation: Int, unit: Int) -> String? {
    let pad = String(repeating: " ", count: indentation)
    switch value {
    case .dictionary(let entries) where !entries.isEmpty:
      var text = ""
      for entry in entries {
        guard let child = entryText(key: entry.key, value: entry.value, indentation: indentation + 2, unit: unit)
        else { return nil }
        text += child
      }
      return pad + "- " + text.dropFirst(indentation + 2)
    case .array(let elements) where !elements.isEmpty:
      var text = ""
      for element in elements {
        guard let item = itemText(element, indentation: indentation + 2, unit: unit) else { return nil }
        text += item
      }
      return pad + "- " + text.dropFirst(indentation + 2)
    case .dictionary: return "\(pad)- {}\n"
    case .array: return "\(pad)- []\n"
    default:
      return scalarText(value, quote: nil).map { "\(pad)- \($0)\n" }
    }
  }

  /// A scalar as YAML that XcodeGen reads back as the same plist value: `quote` (`'` or `"`) keeps a quoted
  /// value's style; a string is written plain only when YAML 1.1 reads it back as that string.
  static func scalarText(_ value: PropertyListValue, quote: UInt8?) -> String? {
    switch value {
    case .boolean(let flag): return flag ? "true" : "false"
    case .integer(let number): return String(number)
    case .real(let number): return number.isFinite ? "\(number)" : nil
    case .string(let string):
      if quote == UInt8(ascii: "'"), !string.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        return "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
      }
      if quote == nil, isPlainSafe(string) { return string }
      var escaped = "\""
      for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case "\n": escaped += "\\n"
        case "\t": escaped += "\\t"
        default:
          if scalar.value < 0x20 || scalar.value == 0x7F {
            escaped += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
          } else {
            escaped.unicodeScalars.append(scalar)
          }
        }
      }
      return escaped + "\""
    default:
      return nil
    }
  }

  /// Whether `string` written plain reads back as that string in YAML 1.1: letters, digits and `-._/$()@+`
  /// inside, beginning with a letter, `$`, `_` or `/`, and not a word YAML takes for a boolean or null.
  static func isPlainSafe(_ string: String) -> Bool {
    guard let first = string.unicodeScalars.first, first.properties.isAlphabetic || "$_/".unicodeScalars.contains(first)
    else { return false }
    let allowed = string.unicodeScalars.allSatisfy { scalar in
      (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        || "-._/$()@+ ".unicodeScalars.contains(scalar)
    }
    guard allowed, !string.hasSuffix(" ") else { return false }
    let words: Set<String> = [
      "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
      "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL",
    ]
    return !words.contains(string)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}

extension LintDiagnostic {
  /// Moves a finding about a plist XcodeGen writes (`plistName`, as linted) to the spec that defines it (`text`,
  /// the file of `spec`'s entry): at the key its key path names there, or at `info:` / `entitlements:`. Its fix
  /// becomes edits of the spec's `properties:`; when it cannot, the fix is dropped and a note says what to write
  /// where. `value` is the plist XcodeGen writes (`generated`'s bytes, read), nil when it does not read.
  mutating func locateInSpec(
    _ spec: XcodeGenPlistSpec, text: SourceText, generated: XcodeGenGeneratedPlist, value: PropertyListValue?,
    plistName: String
  ) {
    let path = generated.path
    relocate(XcodeGenSpecFixes.site(ofKeyPath: keyPath, in: spec, text: text), in: text)
    notes.insert("in '\(path)', which XcodeGen writes from '\(spec.entry.key): properties:' here", at: 0)
    guard var fix, fix.file == plistName else { return }
    let written: Result<[TextEdit], XcodeGenSpecFixes.Unwritable>
    if let value {
      written = XcodeGenSpecFixes.edits(of: fix.changes, before: value, spec: spec, text: text)
    } else {
      written = .failure(.init(reason: "the plist XcodeGen writes cannot be read"))
    }
    switch written {
    case .success(let edits) where !edits.isEmpty:
      fix.file = text.name
      fix.changes = []
      fix.sourceEdits = edits
      if generated.isCommitted {
        fix.title += " (in the spec; 'xcodegen generate' rewrites '\(path)')"
      }
      self.fix = fix
    case .success:
      self.fix = nil
    case .failure(let unwritable):
      self.fix = nil
      let line = spec.entry.keyLocation.line
      notes.append(
        "not fixed automatically: \(unwritable.reason); \(fix.title) in '\(spec.entry.key): properties:' of "
          + "\(text.name):\(line) (XcodeGen writes '\(path)' from it)")
    }
  }
}

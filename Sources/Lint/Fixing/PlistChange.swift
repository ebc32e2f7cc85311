import PredicateSyntax
import PropertyList
import SharelintBase

/// One structural change to a plist, as fixes express them. An XML plist lowers it to byte-exact
/// `TextEdit`s (everything else kept byte for byte); a binary plist applies it to its value tree
/// and is rewritten whole.
public enum PlistChange: Sendable {
  /// Replace the value at `path`.
  case replaceValue(at: [PropertyListPathComponent], with: PropertyListValue)
  /// Add `key` → `value` to the dictionary at `path`, at its end or after `afterKey`.
  case insertEntry(into: [PropertyListPathComponent], key: String, value: PropertyListValue, after: String?)
  /// Insert `values` into the array at `path`, at `index` or at its end.
  case insertElements(into: [PropertyListPathComponent], values: [PropertyListValue], at: Int?)
  /// Remove the element at `index` of the array at `path`.
  case removeElement(from: [PropertyListPathComponent], at: Int)
  /// Remove every entry named `key` of the dictionary at `path`.
  case removeEntries(from: [PropertyListPathComponent], key: String)
  /// Rename every entry `key` of the dictionary at `path` to `newKey`, in place: in an XML plist only the text
  /// between `<key>` and `</key>` changes (the value, its comments and the entry's position are kept).
  case renameKey(in: [PropertyListPathComponent], key: String, to: String)
  /// Edit the text of the string at `path`; edit ranges are UTF-8 offsets into its decoded text.
  case editString(at: [PropertyListPathComponent], edits: [TextEdit])
  /// Move the only entry `key` of the dictionary at `from` to the end of the dictionary at `to`, creating `to` (a
  /// dictionary) when only its parent exists. In an XML plist the key and value keep their bytes (only the
  /// indentation of lines outside a string's text follows the new place).
  case moveEntry(key: String, from: [PropertyListPathComponent], to: [PropertyListPathComponent])

  /// The byte edits that make this change in an XML `document`.
  public func textEdits(in document: PropertyListDocument) throws -> [TextEdit] {
    func node(_ path: [PropertyListPathComponent]) throws -> PropertyListNode {
      guard let found = document.value(at: path) else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' is not in \(document.source.name)")
      }
      return found
    }
    switch self {
    case .replaceValue(let path, let value):
      return [try document.replacingValue(of: try node(path), with: value)]
    case .insertEntry(let path, let key, let value, let afterKey):
      return [try document.insertingEntry(key: key, value: value, into: try node(path), after: afterKey)]
    case .insertElements(let path, let values, let index):
      return [try document.insertingElements(values, into: try node(path), at: index)]
    case .removeElement(let path, let index):
      return [try document.removingElement(at: index, from: try node(path))]
    case .removeEntries(let path, let key):
      return try document.removingEntries(forKey: key, from: try node(path))
    case .renameKey(let path, let key, let newKey):
      let keys = (try node(path)).entries?.map(\.key).filter { $0.text == key } ?? []
      guard !keys.isEmpty else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' has no key '\(key)'")
      }
      let escaped = try XMLPlistWriter.escape(newKey)
      return try keys.map { found in
        guard let content = found.contentRange else {
          throw PropertyListError(.invalidEdit, "'\(key)' has no position in \(document.source.name)")
        }
        return TextEdit(range: content, replacement: escaped)
      }
    case .editString(let path, let edits):
      let target = try node(path)
      guard let map = target.sourceMap, target.string != nil else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' is not a string")
      }
      // Whether the string writes its quotes as entities, asked once: a fix of 150,000 edits asked per edit.
      let raw = document.text(of: map.contentRange)
      let quotes = raw.contains("&quot;")
      let apostrophes = raw.contains("&apos;")
      return try edits.map { edit in
        let range = map.sourceRange(ofTextUTF8Range: edit.range.start..<edit.range.end)
        let escaped = try XMLPlistWriter.escape(edit.replacement, quotes: quotes, apostrophes: apostrophes)
        return TextEdit(range: range, replacement: escaped)
      }
    case .moveEntry(let key, let from, let to):
      if let destination = document.value(at: to) {
        return try document.movingEntry(forKey: key, from: try node(from), into: destination)
      }
      guard case .key(let newKey) = to.last else {
        throw PropertyListError(.invalidEdit, "'\(to.keyPathDescription)' is not in \(document.source.name)")
      }
      return try document.movingEntry(
        forKey: key, from: try node(from), into: try node(Array(to.dropLast())), newKey: newKey)
    }
  }

  /// `value` with this change made: how binary plists are fixed.
  public func applied(to value: PropertyListValue) throws -> PropertyListValue {
    switch self {
    case .replaceValue(let path, let newValue):
      return try value.replacing(at: path, with: newValue)
    case .insertEntry(let path, let key, let newValue, let afterKey):
      guard case .dictionary(var entries) = value.value(at: path) ?? .array([]) else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' is not a dictionary")
      }
      let position = afterKey.flatMap { key in entries.lastIndex { $0.key == key } }.map { $0 + 1 } ?? entries.count
      entries.insert(PropertyListValue.Entry(key, newValue), at: position)
      return try value.replacing(at: path, with: .dictionary(entries))
    case .insertElements(let path, let values, let index):
      guard case .array(var elements) = value.value(at: path) ?? .dictionary([]) else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' is not an array")
      }
      elements.insert(contentsOf: values, at: min(index ?? elements.count, elements.count))
      return try value.replacing(at: path, with: .array(elements))
    case .removeElement(let path, let index):
      guard case .array(var elements) = value.value(at: path) ?? .dictionary([]), elements.indices.contains(index)
      else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' has no element \(index)")
      }
      elements.remove(at: index)
      return try value.replacing(at: path, with: .array(elements))
    case .removeEntries(let path, let key):
      guard case .dictionary(var entries) = value.value(at: path) ?? .array([]) else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' is not a dictionary")
      }
      entries.removeAll { $0.key == key }
      return try value.replacing(at: path, with: .dictionary(entries))
    case .renameKey(let path, let key, let newKey):
      guard case .dictionary(var entries) = value.value(at: path) ?? .array([]),
        entries.contains(where: { $0.key == key })
      else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' has no key '\(key)'")
      }
      for index in entries.indices where entries[index].key == key { entries[index].key = newKey }
      return try value.replacing(at: path, with: .dictionary(entries))
    case .editString(let path, let edits):
      guard case .string(let text) = value.value(at: path) ?? .boolean(false) else {
        throw PropertyListError(.invalidEdit, "'\(path.keyPathDescription)' is not a string")
      }
      let (edited, skipped) = Array(text.utf8).applying(edits)
      guard skipped.isEmpty else { throw PropertyListError(.invalidEdit, "overlapping edits in one string") }
      return try value.replacing(at: path, with: .string(String(decoding: edited, as: UTF8.self)))
    case .moveEntry(let key, let from, let to):
      guard case .dictionary(var entries) = value.value(at: from) ?? .array([]),
        entries.count(where: { $0.key == key }) == 1, let index = entries.firstIndex(where: { $0.key == key })
      else {
        throw PropertyListError(.invalidEdit, "'\(from.keyPathDescription)' has no single key '\(key)'")
      }
      let moved = entries.remove(at: index)
      var result = try value.replacing(at: from, with: .dictionary(entries))
      switch result.value(at: to) {
      case .dictionary(let destination)?:
        return try result.replacing(at: to, with: .dictionary(destination + [moved]))
      case nil:
        guard case .key(let newKey) = to.last, case .dictionary(let parent)? = result.value(at: Array(to.dropLast()))
        else { throw PropertyListError(.invalidEdit, "'\(to.keyPathDescription)' cannot be made") }
        result = try result.replacing(
          at: Array(to.dropLast()), with: .dictionary(parent + [PropertyListValue.Entry(newKey, .dictionary([moved]))]))
        return result
      default:
        throw PropertyListError(.invalidEdit, "'\(to.keyPathDescription)' is not a dictionary")
      }
    }
  }
}

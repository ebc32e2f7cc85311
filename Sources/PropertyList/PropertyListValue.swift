import Foundation

/// A property list value without source positions: what edits insert, what binary plists are
/// written from, and what two readings are compared by.
public indirect enum PropertyListValue: Hashable, Sendable {
  /// `<string>`.
  case string(String)
  /// `<integer>`, within the range of `Int` (64 bits).
  case integer(Int)
  /// `<real>`.
  case real(Double)
  /// `<true/>` or `<false/>`.
  case boolean(Bool)
  /// `<date>`, to the second, in UTC.
  case date(Date)
  /// `<data>`, decoded from base64.
  case data(Data)
  /// `<array>`.
  case array([PropertyListValue])
  /// `<dict>`, keys in document order, duplicates kept.
  case dictionary([Entry])

  /// One key and its value in a dictionary.
  public struct Entry: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: PropertyListValue

    /// The entry `key` → `value`.
    public init(_ key: String, _ value: PropertyListValue) {
      self.key = key
      self.value = value
    }
  }

  /// What kind of value this is.
  public var type: PropertyListType {
    switch self {
    case .string: .string
    case .integer: .integer
    case .real: .real
    case .boolean: .boolean
    case .date: .date
    case .data: .data
    case .array: .array
    case .dictionary: .dictionary
    }
  }

  /// The element name of this kind of value (`type.elementName`): `string`, `dict`, …
  public var typeName: String { type.elementName }

  /// The same value with every dictionary's entries sorted by key and duplicate keys resolved the
  /// way Apple's reader does (the last one wins): the shape a binary plist reads back as.
  public var normalized: PropertyListValue {
    switch self {
    case .array(let elements):
      return .array(elements.map(\.normalized))
    case .dictionary(let entries):
      var lastIndexByKey: [String: Int] = [:]
      for (index, entry) in entries.enumerated() { lastIndexByKey[entry.key] = index }
      let kept = lastIndexByKey.values.sorted().map { Entry(entries[$0].key, entries[$0].value.normalized) }
      return .dictionary(kept.sorted { $0.key < $1.key })
    default:
      return self
    }
  }
}

extension PropertyListValue {
  /// The value reached by following `path` (keys: last occurrence wins), or `nil`.
  public func value(at path: [PropertyListPathComponent]) -> PropertyListValue? {
    var current = self
    for component in path {
      switch (component, current) {
      case (.key(let key), .dictionary(let entries)):
        guard let entry = entries.last(where: { $0.key == key }) else { return nil }
        current = entry.value
      case (.index(let index), .array(let elements)) where elements.indices.contains(index):
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// This value with the value at `path` replaced by `newValue`, or removed when `newValue` is
  /// `nil`. A missing last key is appended to its dictionary; an index equal to the count appends.
  /// This is how fixes change binary plists, which are then rewritten whole.
  public func replacing(at path: [PropertyListPathComponent], with newValue: PropertyListValue?) throws
    -> PropertyListValue
  {
    guard let first = path.first else {
      guard let newValue else { throw PropertyListError(.invalidEdit, "the root value cannot be removed") }
      return newValue
    }
    let rest = Array(path.dropFirst())
    switch (first, self) {
    case (.key(let key), .dictionary(var entries)):
      if let index = entries.lastIndex(where: { $0.key == key }) {
        if rest.isEmpty, newValue == nil {
          entries.removeAll { $0.key == key }
        } else {
          entries[index].value = try entries[index].value.replacing(at: rest, with: newValue)
        }
      } else if rest.isEmpty, let newValue {
        entries.append(Entry(key, newValue))
      } else if newValue != nil {
        throw PropertyListError(.invalidEdit, "no key '\(key)' to descend into")
      }
      return .dictionary(entries)
    case (.index(let index), .array(var elements)) where (0...elements.count).contains(index):
      if rest.isEmpty {
        if let newValue {
          if index == elements.count { elements.append(newValue) } else { elements[index] = newValue }
        } else if index < elements.count {
          elements.remove(at: index)
        }
      } else {
        guard index < elements.count else { throw PropertyListError(.invalidEdit, "no element \(index)") }
        elements[index] = try elements[index].replacing(at: rest, with: newValue)
      }
      return .array(elements)
    default:
      throw PropertyListError(.invalidEdit, "'\(first)' does not lead into a \(typeName)")
    }
  }
}

/// The kinds of property list values, with the names sharelint gives them: the one table of them.
public enum PropertyListType: String, CaseIterable, Sendable {
  case string, integer, real, boolean, date, data, array, dictionary

  /// The XML element name: `string`, `integer`, `real`, `boolean` (written `<true/>` or `<false/>`), `date`,
  /// `data`, `array`, `dict`.
  public var elementName: String { self == .dictionary ? "dict" : rawValue }

  /// The name with its article, for messages: "a string", "an integer", "data", "a dictionary".
  public var nameWithArticle: String {
    switch self {
    case .integer, .array: "an \(rawValue)"
    case .data: "data"
    default: "a \(rawValue)"
    }
  }
}

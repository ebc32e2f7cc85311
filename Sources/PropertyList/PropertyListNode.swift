import Foundation
import SharelintBase

/// One step of a key path: a dictionary key or an array index.
public enum PropertyListPathComponent: Hashable, Sendable, CustomStringConvertible {
  /// The value of `key` in a dictionary.
  case key(String)
  /// The element at `index` (0-based) of an array.
  case index(Int)

  /// `key` or `[index]`.
  public var description: String {
    switch self {
    case .key(let key): return key
    case .index(let index): return "[\(index)]"
    }
  }
}

extension Array where Element == PropertyListPathComponent {
  /// The path as diagnostics show it: `NSExtension.NSExtensionAttributes.NSExtensionActivationRule`,
  /// `CFBundleURLTypes[0].CFBundleURLSchemes[1]`; the root is the empty string.
  public var keyPathDescription: String {
    var text = ""
    for component in self {
      switch component {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index: text += component.description
      }
    }
    return text
  }
}

/// A key path kept as the path of the container (one array, shared by all its nodes) and the
/// node's own step, so that reading a tree allocates a path per container, not per node. Two
/// stored paths are equal, and hash alike, when they spell the same path.
struct PropertyListStoredPath: Hashable, Sendable {
  /// The leading steps: the path of the node's container.
  var prefix: [PropertyListPathComponent]
  /// The node's own step, or `nil` when `prefix` is the whole path.
  var last: PropertyListPathComponent?

  /// The path of the root.
  static let root = PropertyListStoredPath(prefix: [], last: nil)

  /// The number of steps.
  var count: Int { last == nil ? prefix.count : prefix.count + 1 }

  /// The steps as an array.
  var components: [PropertyListPathComponent] {
    guard let last else { return prefix }
    return prefix + [last]
  }

  /// The step at `position`, which must be below `count`.
  private func component(at position: Int) -> PropertyListPathComponent {
    position < prefix.count ? prefix[position] : last!
  }

  static func == (lhs: PropertyListStoredPath, rhs: PropertyListStoredPath) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return (0..<lhs.count).allSatisfy { lhs.component(at: $0) == rhs.component(at: $0) }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for position in 0..<count { hasher.combine(component(at: position)) }
  }
}

/// A `<key>` of a dictionary with where it sits in the file.
public struct PropertyListKey: Hashable, Sendable {
  /// The decoded key text.
  public var text: String
  /// The range of `<key>…</key>`; `nil` for binary plists.
  public var elementRange: ByteRange?
  /// How the decoded text maps back to the file; `nil` for binary plists.
  public var sourceMap: TextSourceMap?

  /// A key with its text and, when read from XML, its positions.
  public init(text: String, elementRange: ByteRange? = nil, sourceMap: TextSourceMap? = nil) {
    self.text = text
    self.elementRange = elementRange
    self.sourceMap = sourceMap
  }

  /// The range between `<key>` and `</key>`; `nil` for binary plists.
  public var contentRange: ByteRange? { sourceMap?.contentRange }
}

/// A property list value read from a file, with its byte ranges (when the file was XML) and its
/// key path from the root.
public struct PropertyListNode: Hashable, Sendable {
  /// What a node holds; containers hold nodes.
  public enum Content: Hashable, Sendable {
    /// `<string>`; see `PropertyListNode.sourceMap` for its positions.
    case string(String)
    /// `<integer>`.
    case integer(Int)
    /// `<real>`.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// `<date>`.
    case date(Date)
    /// `<data>`.
    case data(Data)
    /// `<array>`.
    case array([PropertyListNode])
    /// `<dict>`, entries in document order, duplicate keys kept.
    case dictionary([Entry])
  }

  /// A key and its value, in document order.
  public struct Entry: Hashable, Sendable {
    /// The key.
    public var key: PropertyListKey
    /// The value.
    public var value: PropertyListNode

    /// The entry `key` → `value`.
    public init(key: PropertyListKey, value: PropertyListNode) {
      self.key = key
      self.value = value
    }
  }

  /// The value.
  public var content: Content
  /// `path`, stored so that the nodes of one container share its path.
  var storedPath: PropertyListStoredPath
  /// The range of the whole element, `<string>…</string>` or `<true/>`; `nil` for binary plists.
  public var elementRange: ByteRange?
  /// The range between the start and end tags (empty for `<array/>`); `nil` for binary plists.
  public var contentRange: ByteRange?
  /// For a string read from XML, how its decoded text maps back to file offsets.
  public var sourceMap: TextSourceMap?

  /// A node holding `content` at `path`, with positions when read from XML.
  public init(
    content: Content, path: [PropertyListPathComponent], elementRange: ByteRange? = nil,
    contentRange: ByteRange? = nil, sourceMap: TextSourceMap? = nil
  ) {
    self.init(
      content: content, storedPath: PropertyListStoredPath(prefix: path, last: nil), elementRange: elementRange,
      contentRange: contentRange, sourceMap: sourceMap)
  }

  /// A node holding `content` at `storedPath`: how the XML reader makes nodes without building a
  /// path array for each.
  init(
    content: Content, storedPath: PropertyListStoredPath, elementRange: ByteRange?, contentRange: ByteRange?,
    sourceMap: TextSourceMap? = nil
  ) {
    self.content = content
    self.storedPath = storedPath
    self.elementRange = elementRange
    self.contentRange = contentRange
    self.sourceMap = sourceMap
  }

  /// Where the node sits: the keys and indexes leading to it from the root.
  public var path: [PropertyListPathComponent] {
    get { storedPath.components }
    set { storedPath = PropertyListStoredPath(prefix: newValue, last: nil) }
  }

  /// The key path for messages: `NSExtension.NSExtensionAttributes.NSExtensionActivationRule`.
  public var keyPath: String { path.keyPathDescription }

  /// The string, when this is a `<string>`.
  public var string: String? {
    if case .string(let text) = content { return text }
    return nil
  }

  /// The integer, when this is an `<integer>`.
  public var integer: Int? {
    if case .integer(let number) = content { return number }
    return nil
  }

  /// The boolean, when this is `<true/>` or `<false/>`.
  public var boolean: Bool? {
    if case .boolean(let flag) = content { return flag }
    return nil
  }

  /// The elements, when this is an `<array>`.
  public var elements: [PropertyListNode]? {
    if case .array(let elements) = content { return elements }
    return nil
  }

  /// The entries in document order, when this is a `<dict>`.
  public var entries: [Entry]? {
    if case .dictionary(let entries) = content { return entries }
    return nil
  }

  /// The value of `key` when this is a dictionary. With duplicate keys the last one wins, as in
  /// Apple's reader.
  public subscript(key: String) -> PropertyListNode? {
    entries?.last { $0.key.text == key }?.value
  }

  /// The element at `index` when this is an array and the index is in range.
  public subscript(index: Int) -> PropertyListNode? {
    guard let elements, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// The node reached by following dictionary keys from this one, or `nil` when a step is missing
  /// or is not a dictionary.
  public func value(at keyPath: [String]) -> PropertyListNode? {
    var node = self
    for key in keyPath {
      guard let next = node[key] else { return nil }
      node = next
    }
    return node
  }

  /// The node reached by following keys and indexes from this one.
  public func value(at path: [PropertyListPathComponent]) -> PropertyListNode? {
    var node = self
    for component in path {
      let next: PropertyListNode?
      switch component {
      case .key(let key): next = node[key]
      case .index(let index): next = node[index]
      }
      guard let next else { return nil }
      node = next
    }
    return node
  }

  /// The file offset of the UTF-8 offset `textOffset` in this string's decoded text; `nil` when the
  /// node has no positions (binary plists) or is not a string.
  public func sourceOffset(ofTextUTF8Offset textOffset: Int) -> Int? {
    sourceMap?.sourceOffset(ofTextUTF8Offset: textOffset)
  }

  /// The value without positions.
  public var value: PropertyListValue {
    switch content {
    case .string(let text): return .string(text)
    case .integer(let number): return .integer(number)
    case .real(let number): return .real(number)
    case .boolean(let flag): return .boolean(flag)
    case .date(let date): return .date(date)
    case .data(let data): return .data(data)
    case .array(let elements): return .array(elements.map(\.value))
    case .dictionary(let entries): return .dictionary(entries.map { .init($0.key.text, $0.value.value) })
    }
  }

  /// What kind of value this is (`PropertyListValue.type`; a container's without converting its children).
  public var type: PropertyListType {
    switch content {
    case .array: .array
    case .dictionary: .dictionary
    default: value.type
    }
  }

  /// The element name of this kind of value (`type.elementName`): `string`, `dict`, …
  public var typeName: String { type.elementName }
}

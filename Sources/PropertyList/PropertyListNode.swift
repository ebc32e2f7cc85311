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

/// The steps from the root to a container, kept as a chain from the container back to the root: a
/// container's path costs one link whatever its depth, and the paths of its nodes share it. (Kept as
/// an array, each container at depth 500 cost 500 steps: a few megabytes of plist, tree-shaped or
/// sharing its objects, grew to gigabytes.)
final class PropertyListPathLink: Hashable, Sendable {
  /// The path of the container holding this one, `nil` at the root.
  let parent: PropertyListPathLink?
  /// The last step.
  let step: PropertyListPathComponent
  /// The number of steps from the root, this one included.
  let count: Int

  /// The path `parent` followed by `step`.
  init(parent: PropertyListPathLink?, step: PropertyListPathComponent) {
    self.parent = parent
    self.step = step
    self.count = (parent?.count ?? 0) + 1
  }

  /// The chain of `components`, `nil` when there are none.
  static func chain(_ components: [PropertyListPathComponent]) -> PropertyListPathLink? {
    var link: PropertyListPathLink?
    for component in components { link = PropertyListPathLink(parent: link, step: component) }
    return link
  }

  /// The steps from the root, as an array; `extra` more are reserved for the caller.
  func components(reserving extra: Int = 0) -> [PropertyListPathComponent] {
    var steps = [PropertyListPathComponent](repeating: .index(0), count: count)
    steps.reserveCapacity(count + extra)
    var link: PropertyListPathLink? = self
    while let current = link {
      steps[current.count - 1] = current.step
      link = current.parent
    }
    return steps
  }

  /// Whether the chains `lhs` and `rhs` spell the same path.
  static func samePath(_ lhs: PropertyListPathLink?, _ rhs: PropertyListPathLink?) -> Bool {
    var left = lhs
    var right = rhs
    while let leftLink = left, let rightLink = right {
      if leftLink === rightLink { return true }
      guard leftLink.count == rightLink.count, leftLink.step == rightLink.step else { return false }
      left = leftLink.parent
      right = rightLink.parent
    }
    return left == nil && right == nil
  }

  static func == (lhs: PropertyListPathLink, rhs: PropertyListPathLink) -> Bool { samePath(lhs, rhs) }

  /// Hashes the steps from the last to the first.
  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    var link: PropertyListPathLink? = self
    while let current = link {
      hasher.combine(current.step)
      link = current.parent
    }
  }
}

/// A key path kept as the path of the container (one link, shared by all its nodes) and the
/// node's own step, so that reading a tree allocates a path per container, not per node. Two
/// stored paths are equal, and hash alike, when they spell the same path.
struct PropertyListStoredPath: Hashable, Sendable {
  /// The leading steps: the path of the node's container (`nil`: the root).
  var prefix: PropertyListPathLink?
  /// The node's own step, or `nil` when `prefix` is the whole path.
  var last: PropertyListPathComponent?

  /// The path of the root.
  static let root = PropertyListStoredPath(prefix: nil, last: nil)

  /// The path spelled by `components`.
  init(_ components: [PropertyListPathComponent]) {
    self.init(prefix: PropertyListPathLink.chain(components), last: nil)
  }

  /// The path `prefix` followed by `last`, when there is one.
  init(prefix: PropertyListPathLink?, last: PropertyListPathComponent?) {
    self.prefix = prefix
    self.last = last
  }

  /// The number of steps.
  var count: Int { (prefix?.count ?? 0) + (last == nil ? 0 : 1) }

  /// The steps as an array.
  var components: [PropertyListPathComponent] {
    var steps = prefix?.components(reserving: 1) ?? []
    if let last { steps.append(last) }
    return steps
  }

  /// The whole path as one link, for the paths of a container's nodes.
  var link: PropertyListPathLink? {
    guard let last else { return prefix }
    return PropertyListPathLink(parent: prefix, step: last)
  }

  static func == (lhs: PropertyListStoredPath, rhs: PropertyListStoredPath) -> Bool {
    guard lhs.count == rhs.count else { return false }
    switch (lhs.last, rhs.last) {
    case (nil, nil): return PropertyListPathLink.samePath(lhs.prefix, rhs.prefix)
    case (let left?, let right?): return left == right && PropertyListPathLink.samePath(lhs.prefix, rhs.prefix)
    case (let left?, nil):
      return rhs.prefix?.step == left && PropertyListPathLink.samePath(lhs.prefix, rhs.prefix?.parent)
    case (nil, let right?):
      return lhs.prefix?.step == right && PropertyListPathLink.samePath(lhs.prefix?.parent, rhs.prefix)
    }
  }

  /// Hashes the steps from the last to the first (equal paths hash alike however they are stored).
  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    if let last { hasher.combine(last) }
    var link = prefix
    while let current = link {
      hasher.combine(current.step)
      link = current.parent
    }
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
      content: content, storedPath: PropertyListStoredPath(path), elementRange: elementRange,
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
    set { storedPath = PropertyListStoredPath(newValue) }
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

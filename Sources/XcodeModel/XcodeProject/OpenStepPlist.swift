import SharelintBase

/// A value of an old-style (OpenStep) property list such as `project.pbxproj`, with the UTF-8 byte
/// range it was written at.
public struct OpenStepNode: Hashable, Sendable {
  /// What a node holds. OpenStep plists have no numbers or booleans: `YES` and `13` are strings.
  public enum Value: Hashable, Sendable {
    /// A quoted or unquoted string, escapes decoded.
    case string(String)
    /// `<0fbd…>` data.
    case data([UInt8])
    /// `( a, b, )`.
    case array([OpenStepNode])
    /// `{ key = value; }`, in written order.
    case dictionary(OpenStepDictionary)
  }

  /// The value.
  public var value: Value
  /// Where the value was written: from its first byte (a quote, `{`, `(`, `<`) to past its last.
  public var range: ByteRange

  /// A node holding `value`, written at `range`.
  public init(_ value: Value, range: ByteRange) {
    self.value = value
    self.range = range
  }

  /// The string, when the node is one.
  public var string: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  /// The elements, when the node is an array.
  public var array: [OpenStepNode]? {
    if case .array(let elements) = value { return elements }
    return nil
  }

  /// The entries, when the node is a dictionary.
  public var dictionary: OpenStepDictionary? {
    if case .dictionary(let dictionary) = value { return dictionary }
    return nil
  }
}

/// One `key = value;` of an OpenStep dictionary.
public struct OpenStepEntry: Hashable, Sendable {
  /// The key, escapes decoded.
  public var key: String
  /// Where the key was written (its quotes included).
  public var keyRange: ByteRange
  /// The value.
  public var value: OpenStepNode

  /// The entry `key = value`, its key written at `keyRange`.
  public init(key: String, keyRange: ByteRange, value: OpenStepNode) {
    self.key = key
    self.keyRange = keyRange
    self.value = value
  }
}

/// The entries of an OpenStep dictionary in written order, looked up by key (the last of
/// duplicated keys wins, as in Foundation).
public struct OpenStepDictionary: Hashable, Sendable {
  /// The entries, in written order.
  public let entries: [OpenStepEntry]
  private let indexByKey: [String: Int]

  /// A dictionary of `entries`, in that order.
  public init(_ entries: [OpenStepEntry]) {
    self.entries = entries
    var index: [String: Int] = [:]
    index.reserveCapacity(entries.count)
    for (position, entry) in entries.enumerated() { index[entry.key] = position }
    indexByKey = index
  }

  /// The entry for `key`.
  public func entry(_ key: String) -> OpenStepEntry? {
    indexByKey[key].map { entries[$0] }
  }

  /// The value for `key`.
  public subscript(_ key: String) -> OpenStepNode? { entry(key)?.value }

  /// The string value of `key`, when it is a string.
  public func string(_ key: String) -> String? { self[key]?.string }

  /// The string elements of `key`'s array value (non-strings skipped); empty when absent.
  public func strings(_ key: String) -> [String] {
    self[key]?.array?.compactMap(\.string) ?? []
  }

  /// How many entries there are.
  public var count: Int { entries.count }
}

/// Why an OpenStep property list could not be read, and the UTF-8 offset where reading stopped.
public struct OpenStepPlistError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A lowercase, one-line explanation without a trailing period.
  public var message: String
  /// The UTF-8 byte offset the problem is at.
  public var offset: Int

  /// The error `message` at byte `offset`.
  public init(_ message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }

  /// `line:column: message` in `source`.
  public func located(in source: SourceText) -> String {
    let position = source.position(of: offset)
    return "\(source.name):\(position.line):\(position.column): \(message)"
  }

  /// `offset N: message`.
  public var description: String { "offset \(offset): \(message)" }
}

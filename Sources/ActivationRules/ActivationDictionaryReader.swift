import PredicateSyntax
import PropertyList
import SharelintBase

/// A problem found while reading the dictionary form; lint rules AR005 (wrong value type) and
/// AR006 (unknown key) report these.
public struct ActivationDictionaryProblem: Hashable, Sendable {
  /// What is wrong.
  public enum Kind: Hashable, Sendable {
    /// A known key whose value has another plist type; `found` is the element name (`string`, `real`, …).
    case wrongType(key: ActivationKey, expected: ActivationKeyValueType, found: String)
    /// A key that is not one of the ten, with the known key within edit distance 2, if any.
    case unknownKey(String, suggestion: ActivationKey?)
    /// `NSExtensionActivationDictionaryVersion` other than 1 or 2.
    case unsupportedVersion(Int)
    /// A negative count.
    case negativeCount(key: ActivationKey, value: Int)
  }

  /// What is wrong.
  public var kind: Kind
  /// Where the key is written, when read from an XML plist.
  public var keyRange: ByteRange?
  /// Where the value is written, when read from an XML plist.
  public var valueRange: ByteRange?

  /// A problem of `kind` at the given positions.
  public init(_ kind: Kind, keyRange: ByteRange? = nil, valueRange: ByteRange? = nil) {
    self.kind = kind
    self.keyRange = keyRange
    self.valueRange = valueRange
  }

  /// The message, in the house style (lowercase, no trailing period, source text in '…').
  public var message: String {
    switch kind {
    case .wrongType(let key, let expected, let found):
      let article = expected == .integer ? "an" : "a"
      return "'\(key.rawValue)' must be \(article) \(expected.rawValue), found \(found)"
    case .unknownKey(let key, let suggestion):
      let base = "unknown activation key '\(key)'"
      return suggestion.map { base + "; did you mean '\($0.rawValue)'?" } ?? base
    case .unsupportedVersion(let version):
      return "'\(ActivationKey.dictionaryVersion.rawValue)' must be 1 or 2, found \(version)"
    case .negativeCount(let key, let value):
      return "'\(key.rawValue)' must not be negative, found \(value)"
    }
  }
}

/// The dictionary read, with its problems.
public struct ActivationDictionaryReading: Hashable, Sendable {
  /// The values, each coerced the way Foundation's `integerValue`/`boolValue` would when its type is wrong.
  public var dictionary: ActivationDictionary
  /// The problems, in document order.
  public var problems: [ActivationDictionaryProblem]

  /// A reading of `dictionary` with `problems`.
  public init(dictionary: ActivationDictionary, problems: [ActivationDictionaryProblem]) {
    self.dictionary = dictionary
    self.problems = problems
  }
}

extension ActivationDictionary {
  /// Reads the dictionary form from a plist value; `nil` when `value` is not a dictionary.
  public static func read(_ value: PropertyListValue) -> ActivationDictionaryReading? {
    guard case .dictionary(let entries) = value else { return nil }
    return read(entries.map { ($0.key, $0.value, nil, nil) })
  }

  /// Reads the dictionary form from a plist node, with positions for the problems; `nil` when
  /// `node` is not a dictionary.
  public static func read(_ node: PropertyListNode) -> ActivationDictionaryReading? {
    guard let entries = node.entries else { return nil }
    return read(entries.map { ($0.key.text, $0.value.value, $0.key.elementRange, $0.value.elementRange) })
  }

  static func read(
    _ entries: [(key: String, value: PropertyListValue, keyRange: ByteRange?, valueRange: ByteRange?)]
  ) -> ActivationDictionaryReading {
    var values: [ActivationKey: ActivationKeyValue] = [:]
    var problems: [ActivationDictionaryProblem] = []
    for entry in entries {
      guard let key = ActivationKey(rawValue: entry.key) else {
        problems.append(
          .init(.unknownKey(entry.key, suggestion: nearestKey(to: entry.key)), keyRange: entry.keyRange,
                valueRange: entry.valueRange))
        continue
      }
      let (read, exact) = coerce(entry.value, to: key.valueType)
      if !exact {
        problems.append(
          .init(.wrongType(key: key, expected: key.valueType, found: entry.value.typeName), keyRange: entry.keyRange,
                valueRange: entry.valueRange))
      }
      guard let read else { continue }
      if case .integer(let number) = read {
        if key == .dictionaryVersion, exact, number != 1, number != 2 {
          problems.append(.init(.unsupportedVersion(number), keyRange: entry.keyRange, valueRange: entry.valueRange))
        } else if key != .dictionaryVersion, number < 0 {
          problems.append(
            .init(.negativeCount(key: key, value: number), keyRange: entry.keyRange, valueRange: entry.valueRange))
        }
      }
      values[key] = read
    }
    return ActivationDictionaryReading(dictionary: ActivationDictionary(values), problems: problems)
  }

  /// The value as `type`, and whether it had that type. A value of another type is read the way
  /// `NSNumber`/`NSString`'s `integerValue` and `boolValue` read it; arrays, dictionaries, dates
  /// and data give `nil` (the key then counts as missing).
  static func coerce(_ value: PropertyListValue, to type: ActivationKeyValueType) -> (ActivationKeyValue?, Bool) {
    switch (value, type) {
    case (.integer(let number), .integer): return (.integer(number), true)
    case (.boolean(let flag), .boolean): return (.boolean(flag), true)
    case (.integer(let number), .boolean): return (.boolean(number != 0), false)
    case (.boolean(let flag), .integer): return (.integer(flag ? 1 : 0), false)
    case (.real(let number), _):
      let whole = number.isFinite ? Int(exactly: number.rounded(.towardZero)) ?? 0 : 0
      return (type == .integer ? .integer(whole) : .boolean(number != 0), false)
    case (.string(let text), _):
      let trimmed = text.trimmingPrefix { $0 == " " || $0 == "\t" }
      let digits = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }
      let number = Int(digits) ?? 0
      if type == .integer { return (.integer(number), false) }
      let first = trimmed.first.map { String($0).uppercased() } ?? ""
      return (.boolean(first == "Y" || first == "T" || number != 0), false)
    default:
      return (nil, false)
    }
  }

  /// The known key within edit distance 2 of `text` (ASCII case ignored), the closest first.
  public static func nearestKey(to text: String) -> ActivationKey? {
    let wanted = Array(text.lowercased().utf8)
    var best: (distance: Int, key: ActivationKey)?
    for (key, spelling) in lowercasedKeys where abs(spelling.count - wanted.count) <= 2 {
      let distance = EditDistance.optimalStringAlignment(wanted, spelling, limit: 2)
      if distance <= 2, distance < (best?.distance ?? Int.max) { best = (distance, key) }
    }
    return best?.key
  }

  /// Every key with its lowercased UTF-8, in `allCases` order.
  private static let lowercasedKeys = ActivationKey.allCases.map { ($0, Array($0.rawValue.lowercased().utf8)) }
}

import PredicateSyntax
import SharelintBase

/// A JSON-like value a predicate is evaluated on: the extension context, an attachment, a literal.
///
/// Equality and hashing here are structural (`1` and `1.0` differ); the predicate language's own
/// equality, where numbers compare by value and strings may fold case, is the evaluator's business.
public enum EvaluationValue: Hashable, Sendable {
  /// JSON `null`, a missing key, Objective-C `nil`/`NSNull`.
  case null
  /// `true` / `false`.
  case bool(Bool)
  /// A number written without fraction or exponent that fits in 64 bits.
  case integer(Int64)
  /// Any other number.
  case double(Double)
  /// Text.
  case string(String)
  /// An ordered collection.
  case array([EvaluationValue])
  /// String-keyed members.
  case dictionary([String: EvaluationValue])

  /// The value of a literal in a predicate.
  public init(_ constant: Constant) {
    switch constant {
    case .string(let text): self = .string(text)
    case .integer(let value): self = .integer(value)
    case .real(let value): self = .double(value)
    case .boolean(let value): self = .bool(value)
    case .null: self = .null
    }
  }

  /// The same value as `JSONValue`, PredicateSyntax's JSON writer type.
  public init(_ json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .integer(let value): self = .integer(value)
    case .number(let value): self = .double(value)
    case .string(let text): self = .string(text)
    case .array(let elements): self = .array(elements.map(EvaluationValue.init))
    case .object(let members): self = .dictionary(members.mapValues(EvaluationValue.init))
    }
  }

  /// This value as `JSONValue`, ready to be written out with sorted keys.
  public var jsonValue: JSONValue {
    switch self {
    case .null: .null
    case .bool(let value): .bool(value)
    case .integer(let value): .integer(value)
    case .double(let value): .number(value)
    case .string(let text): .string(text)
    case .array(let elements): .array(elements.map(\.jsonValue))
    case .dictionary(let members): .object(members.mapValues(\.jsonValue))
    }
  }

  /// The kind of value with its article, for messages: "a string", "an array", "null".
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .dictionary: "a dictionary"
    }
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

extension EvaluationValue: CustomStringConvertible {
  /// The value as compact JSON with sorted keys.
  public var description: String { jsonValue.serialized() }
}

extension EvaluationValue: ExpressibleByNilLiteral {
  /// `nil` is `.null`.
  public init(nilLiteral: ()) { self = .null }
}

extension EvaluationValue: ExpressibleByBooleanLiteral {
  /// A boolean literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension EvaluationValue: ExpressibleByIntegerLiteral {
  /// An integer literal.
  public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension EvaluationValue: ExpressibleByFloatLiteral {
  /// A floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension EvaluationValue: ExpressibleByStringLiteral {
  /// A string literal.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension EvaluationValue: ExpressibleByArrayLiteral {
  /// An array literal.
  public init(arrayLiteral elements: EvaluationValue...) { self = .array(elements) }
}

extension EvaluationValue: ExpressibleByDictionaryLiteral {
  /// A dictionary literal; a repeated key keeps its last value.
  public init(dictionaryLiteral members: (String, EvaluationValue)...) {
    self = .dictionary(Dictionary(members, uniquingKeysWith: { _, last in last }))
  }
}

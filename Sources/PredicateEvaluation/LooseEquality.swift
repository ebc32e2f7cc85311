import PredicateSyntax

/// Equality and order as `==`, `<` and friends see them: numbers (booleans included) by value
/// whatever their representation, strings after the `[cd]` folding, arrays element by element,
/// dictionaries member by member, and null equal only to null.
enum LooseEquality {
  /// Whether `lhs == rhs` holds under `options`.
  static func equal(_ lhs: EvaluationValue, _ rhs: EvaluationValue, options: Comparison.Options) -> Bool {
    switch (lhs, rhs) {
    case (.string(let left), .string(let right)):
      if left == right { return true }
      guard StringFolding.folds(options) else { return false }
      return StringFolding.fold(left, options) == StringFolding.fold(right, options)
    case (.null, .null):
      return true
    case (.array(let left), .array(let right)):
      guard left.count == right.count else { return false }
      for (leftElement, rightElement) in zip(left, right) where !equal(leftElement, rightElement, options: options) {
        return false
      }
      return true
    case (.dictionary(let left), .dictionary(let right)):
      guard left.count == right.count else { return false }
      for (key, leftValue) in left {
        guard let rightValue = right[key], equal(leftValue, rightValue, options: options) else { return false }
      }
      return true
    default:
      guard let left = lhs.number, let right = rhs.number else { return false }
      return Number.order(left, right) == 0
    }
  }

  /// -1, 0 or 1 for two numbers or two strings (folded by `options`); a nil order when either is
  /// null (every ordering comparison with null is false). Any other pair is not `comparable`.
  static func order(
    _ lhs: EvaluationValue, _ rhs: EvaluationValue, options: Comparison.Options
  ) -> (order: Int?, comparable: Bool) {
    if lhs.isNull || rhs.isNull { return (nil, true) }
    if case .string(let left) = lhs, case .string(let right) = rhs {
      let foldedLeft = StringFolding.fold(left, options)
      let foldedRight = StringFolding.fold(right, options)
      return (foldedLeft < foldedRight ? -1 : (foldedLeft == foldedRight ? 0 : 1), true)
    }
    guard let left = lhs.number, let right = rhs.number else { return (nil, false) }
    return (Number.order(left, right), true)
  }
}

extension LooseEquality {
  /// A hashable stand-in for a value under `equal(_:_:options: [])`: equal values have equal keys
  /// (numbers, booleans included, by their `Double`), so hashing finds the candidates and `equal`
  /// decides among them (two large integers may share a `Double` and still differ).
  indirect enum Key: Hashable {
    case null
    case number(Double)
    case string(String)
    case array([Key])
    case dictionary([String: Key])

    /// The key of `value`; recursion follows the value's nesting, bounded by the JSON reader's and
    /// the parser's nesting limits.
    init(_ value: EvaluationValue) {
      switch value {
      case .null: self = .null
      case .bool(let flag): self = .number(flag ? 1 : 0)
      case .integer(let integer): self = .number(Double(integer))
      case .double(let double): self = .number(double)
      case .string(let text): self = .string(text)
      case .array(let elements): self = .array(elements.map(Key.init))
      case .dictionary(let members): self = .dictionary(members.mapValues(Key.init))
      }
    }
  }
}

/// Values kept so that finding one equal (`LooseEquality.equal` without options) to another takes
/// one hash, not a comparison with each: distinct unions, INTERSECT, MINUS and `mode:` on long
/// arrays stay linear.
struct LooseValueSet {
  /// The values, by key, in the order they were inserted.
  private var buckets: [LooseEquality.Key: [EvaluationValue]] = [:]

  /// A set of `values`.
  init(_ values: [EvaluationValue] = []) {
    for value in values { insert(value) }
  }

  /// The inserted value equal to `value`, if any.
  func member(equalTo value: EvaluationValue) -> EvaluationValue? {
    buckets[LooseEquality.Key(value)]?.first { LooseEquality.equal($0, value, options: []) }
  }

  /// Whether a value equal to `value` was inserted.
  func contains(_ value: EvaluationValue) -> Bool { member(equalTo: value) != nil }

  /// Inserts `value` unless an equal value is there; whether it was inserted.
  @discardableResult
  mutating func insert(_ value: EvaluationValue) -> Bool {
    let key = LooseEquality.Key(value)
    if let bucket = buckets[key], bucket.contains(where: { LooseEquality.equal($0, value, options: []) }) {
      return false
    }
    buckets[key, default: []].append(value)
    return true
  }
}

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

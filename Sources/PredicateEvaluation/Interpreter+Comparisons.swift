import PredicateSyntax
import SharelintBase

/// Comparison predicates: the ANY/ALL/NONE modifiers, then one operator on two values.
extension Interpreter {
  mutating func test(_ comparison: Comparison, on object: EvaluationValue) throws(EvaluationError) -> Bool {
    let left = try value(of: comparison.left, on: object)
    let right = try value(of: comparison.right, on: object)
    if comparison.modifier == .direct {
      return try apply(comparison, left, right)
    }
    let elements: [EvaluationValue]
    switch left {
    case .array(let values):
      try budget.spend(values.count, at: comparison.left.range)
      elements = values
    case .null: elements = []
    default:
      throw EvaluationError(
        .typeMismatch,
        "'\(comparison.modifier.rawValue)' needs a collection on its left, found \(left.kindDescription)",
        at: comparison.left.range)
    }
    switch comparison.modifier {
    case .all:
      for element in elements where try !apply(comparison, element, right) { return false }
      return true
    case .none:
      for element in elements where try apply(comparison, element, right) { return false }
      return true
    case .any, .direct:
      for element in elements where try apply(comparison, element, right) { return true }
      return false
    }
  }

  /// `left operator right`, `left` being one element when a modifier is in play. Looking into a
  /// collection (IN, CONTAINS) spends a step per element.
  mutating func apply(_ comparison: Comparison, _ left: EvaluationValue, _ right: EvaluationValue)
    throws(EvaluationError) -> Bool
  {
    let options = comparison.options
    switch comparison.operator {
    case .equalTo:
      return LooseEquality.equal(left, right, options: options)
    case .notEqualTo:
      return !LooseEquality.equal(left, right, options: options)
    case .lessThan:
      return try order(comparison, left, right).map { $0 < 0 } ?? false
    case .lessThanOrEqualTo:
      return try order(comparison, left, right).map { $0 <= 0 } ?? false
    case .greaterThan:
      return try order(comparison, left, right).map { $0 > 0 } ?? false
    case .greaterThanOrEqualTo:
      return try order(comparison, left, right).map { $0 >= 0 } ?? false
    case .between:
      guard case .array(let bounds) = right, bounds.count == 2 else {
        throw EvaluationError(
          .typeMismatch, "'BETWEEN' needs a two-element array '{lower, upper}' on its right, found "
            + (right.isArray ? "an array of \(right.arrayCount) elements" : right.kindDescription),
          at: comparison.right.range)
      }
      guard let lower = try order(comparison, left, bounds[0]), lower >= 0 else { return false }
      guard let upper = try order(comparison, left, bounds[1]) else { return false }
      return upper <= 0
    case .in:
      return try contains(comparison, collection: right, element: left, collectionRange: comparison.right.range,
                          elementRange: comparison.left.range)
    case .contains:
      return try contains(comparison, collection: left, element: right, collectionRange: comparison.left.range,
                          elementRange: comparison.right.range)
    case .beginsWith, .endsWith:
      guard let (text, affix) = try strings(comparison, left, right) else { return false }
      let foldedText = StringFolding.fold(text, options)
      let foldedAffix = StringFolding.fold(affix, options)
      return comparison.operator == .beginsWith
        ? UTF8Search.hasPrefix(foldedText, foldedAffix) : UTF8Search.hasSuffix(foldedText, foldedAffix)
    case .like, .matches:
      guard let (text, pattern) = try strings(comparison, left, right) else { return false }
      return try match(comparison, text, pattern)
    case .utiConformsTo, .utiEquals:
      guard let (type, otherType) = try strings(comparison, left, right) else { return false }
      if comparison.operator == .utiEquals { return registry.equals(type, otherType) }
      return registry.conforms(type, to: otherType)
    }
  }

  /// The order of two values, nil when either is null; two values that cannot be ordered throw.
  func order(_ comparison: Comparison, _ left: EvaluationValue, _ right: EvaluationValue) throws(EvaluationError)
    -> Int?
  {
    let (order, comparable) = LooseEquality.order(left, right, options: comparison.options)
    guard comparable else {
      throw EvaluationError(
        .typeMismatch,
        "'\(comparison.operator.rawValue)' cannot order \(left.kindDescription) against \(right.kindDescription)",
        at: comparison.left.range.union(comparison.right.range))
    }
    return order
  }

  /// Both operands as strings; nil when either is null (the comparison is then false). Reading them
  /// (folding, searching, hashing) spends a step per 16 bytes, and a LIKE or MATCHES match
  /// `CompiledPattern.stepsPerMatch` more.
  mutating func strings(_ comparison: Comparison, _ left: EvaluationValue, _ right: EvaluationValue)
    throws(EvaluationError) -> (String, String)?
  {
    if left.isNull || right.isNull { return nil }
    guard case .string(let leftText) = left else {
      throw stringsNeeded(comparison, found: left, side: "left", at: comparison.left.range)
    }
    guard case .string(let rightText) = right else {
      throw stringsNeeded(comparison, found: right, side: "right", at: comparison.right.range)
    }
    let isPatternMatch = comparison.operator == .like || comparison.operator == .matches
    try budget.spend(
      (leftText.utf8.count + rightText.utf8.count) / 16 + (isPatternMatch ? CompiledPattern.stepsPerMatch : 0),
      at: comparison.operatorRange)
    return (leftText, rightText)
  }

  func stringsNeeded(_ comparison: Comparison, found value: EvaluationValue, side: String, at range: ByteRange)
    -> EvaluationError
  {
    var message = "'\(comparison.operator.rawValue)' needs a string on its \(side), found \(value.kindDescription)"
    if side == "left", value.isArray, comparison.modifier == .direct {
      message += "; write 'ANY' before the left side to test each element"
    }
    return EvaluationError(.typeMismatch, message, at: range)
  }

  /// IN and CONTAINS: membership in an array or a dictionary's values, or a substring.
  mutating func contains(
    _ comparison: Comparison, collection: EvaluationValue, element: EvaluationValue,
    collectionRange: ByteRange, elementRange: ByteRange
  ) throws(EvaluationError) -> Bool {
    let options = comparison.options
    switch collection {
    case .array(let elements):
      try budget.spend(elements.count, at: collectionRange)
      return elements.contains { LooseEquality.equal($0, element, options: options) }
    case .dictionary(let members):
      try budget.spend(members.count, at: collectionRange)
      return members.values.contains { LooseEquality.equal($0, element, options: options) }
    case .string(let text):
      if element.isNull { return false }
      guard case .string(let part) = element else {
        throw EvaluationError(
          .typeMismatch,
          "'\(comparison.operator.rawValue)' with a string needs a string to look for, found "
            + element.kindDescription,
          at: elementRange)
      }
      return UTF8Search.contains(StringFolding.fold(text, options), StringFolding.fold(part, options))
    case .null:
      return false
    default:
      let side = comparison.operator == .in ? "right" : "left"
      throw EvaluationError(
        .typeMismatch,
        "'\(comparison.operator.rawValue)' needs a collection or a string on its \(side), found "
          + collection.kindDescription, at: collectionRange)
    }
  }

  /// LIKE and MATCHES through PCRE2. `[d]` folds both the text and the pattern; `[c]` makes the
  /// match caseless and, for LIKE, whose patterns hold no escapes to spoil, folds both as well.
  func match(_ comparison: Comparison, _ text: String, _ pattern: String) throws(EvaluationError) -> Bool {
    let options = comparison.options
    let caseless = options.contains(.caseInsensitive)
    let syntax: RegularExpressionCache.Syntax = comparison.operator == .like ? .like : .matches
    let folding: Comparison.Options = syntax == .like ? options : options.intersection(.diacriticInsensitive)
    let program = try patterns.program(
      for: StringFolding.fold(pattern, folding), syntax: syntax, caseless: caseless, range: comparison.right.range)
    return try program.matches(StringFolding.fold(text, folding), range: comparison.operatorRange)
  }
}

extension EvaluationValue {
  var isArray: Bool {
    if case .array = self { return true }
    return false
  }

  var arrayCount: Int {
    if case .array(let elements) = self { return elements.count }
    return 0
  }
}

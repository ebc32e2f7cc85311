import PredicateSyntax
import SharelintBase
import UniformTypes

/// Evaluates predicates with NSPredicate's semantics against JSON-like values.
///
/// ```swift
/// let rule = PredicateParser.parse(#"SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a,"#
///   + #" ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count >= 1"#).predicate!
/// let context = try EvaluationValue(json: #"{"extensionItems": [{"attachments": ["#
///   + #"{"registeredTypeIdentifiers": ["public.jpeg"]}]}]}"#)
/// try PredicateEvaluator().evaluate(rule, on: context)  // true
/// ```
///
/// Where Apple documents nothing, the evaluator follows what `NSPredicate` and key-value coding do:
///
/// * A key path through an array maps the rest of the path over the elements without flattening
///   (see `KeyValueCoding`); a missing key is null, and a key path on null is null.
/// * ANY/SOME, ALL and NONE need an array on the left; null counts as empty (ALL is then true).
/// * SUBQUERY evaluates its predicate with each element as SELF and bound to its variable.
/// * An ordering comparison (`<`, BETWEEN) with null is false; between a string and a number it is an error.
/// * String operators and the UTI operators are false when either side is null and an error when a
///   side is not a string; IN and CONTAINS look into arrays, dictionary values, or strings.
///
/// An evaluator is a value that may be shared between threads; the LIKE and MATCHES programs it
/// compiles are kept for its lifetime and those of its copies.
public struct PredicateEvaluator: Sendable {
  /// The type graph behind UTI-CONFORMS-TO and UTI-EQUALS.
  public var registry: UniformTypeRegistry
  /// Values for `$variables`, keyed by name without the `$`. SUBQUERY's own variable hides a binding
  /// of the same name inside the subquery.
  public var bindings: [String: EvaluationValue]

  let patterns = RegularExpressionCache()

  /// An evaluator using `registry` and `bindings`.
  public init(registry: UniformTypeRegistry = .system, bindings: [String: EvaluationValue] = [:]) {
    self.registry = registry
    self.bindings = bindings
  }

  /// Whether `object` satisfies `predicate`. Throws for what NSPredicate would raise on: operands
  /// of the wrong kind, unbound variables, invalid patterns, and constructs not evaluated here
  /// (ANYKEY, FETCH, FUNCTION, CAST, assignments, unsubstituted placeholders).
  /// Each evaluation gets an `EvaluationBudget` of its own.
  public func evaluate(_ predicate: PredicateNode, on object: EvaluationValue) throws(EvaluationError) -> Bool {
    var budget = EvaluationBudget()
    return try evaluate(predicate, on: object, budget: &budget)
  }

  /// Whether `object` satisfies `predicate`, spending steps from `budget`: callers evaluating one
  /// rule on many inputs share one budget between them.
  public func evaluate(
    _ predicate: PredicateNode, on object: EvaluationValue, budget: inout EvaluationBudget
  ) throws(EvaluationError) -> Bool {
    var interpreter = Interpreter(evaluator: self, budget: budget)
    defer { budget = interpreter.budget }
    return try interpreter.test(predicate, on: object)
  }

  /// The value of `expression` with `object` as SELF, within an `EvaluationBudget` of its own.
  public func value(of expression: ExpressionNode, on object: EvaluationValue) throws(EvaluationError)
    -> EvaluationValue
  {
    var interpreter = Interpreter(evaluator: self, budget: EvaluationBudget())
    return try interpreter.value(of: expression, on: object)
  }

  /// How many LIKE and MATCHES programs this evaluator has compiled and kept.
  public var compiledPatternCount: Int { patterns.count }
}

/// The walk over one tree: the evaluator's settings plus the SUBQUERY variables in scope.
struct Interpreter {
  let registry: UniformTypeRegistry
  let bindings: [String: EvaluationValue]
  let patterns: RegularExpressionCache
  /// SUBQUERY variables, innermost last.
  var scopes: [(name: String, value: EvaluationValue)] = []
  /// The steps left.
  var budget: EvaluationBudget

  init(evaluator: PredicateEvaluator, budget: EvaluationBudget) {
    registry = evaluator.registry
    bindings = evaluator.bindings
    patterns = evaluator.patterns
    self.budget = budget
  }

  /// Whether `object` satisfies `predicate`. Recursion follows the tree, whose height the parser
  /// bounds (`PredicateParser.maximumNesting`).
  mutating func test(_ predicate: PredicateNode, on object: EvaluationValue) throws(EvaluationError) -> Bool {
    try budget.spend(1, at: predicate.range)
    switch predicate.kind {
    case .constant(let value):
      return value
    case .and(let operands):
      for operand in operands where try !test(operand, on: object) { return false }
      return true
    case .or(let operands):
      for operand in operands where try test(operand, on: object) { return true }
      return false
    case .not(let operand):
      return try !test(operand, on: object)
    case .comparison(let comparison):
      return try test(comparison, on: object)
    }
  }

  /// The value bound to `$name`: the innermost SUBQUERY variable, else the evaluator's bindings.
  func variable(_ name: String, at range: ByteRange) throws(EvaluationError) -> EvaluationValue {
    var index = scopes.count
    while index > 0 {
      index -= 1
      if scopes[index].name == name { return scopes[index].value }
    }
    if let bound = bindings[name] { return bound }
    throw EvaluationError(.unboundVariable, "no value is bound to '$\(name)'", at: range)
  }
}

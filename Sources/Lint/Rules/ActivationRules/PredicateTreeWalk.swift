import PredicateSyntax
import SharelintBase

/// A walk over every predicate and expression of a tree, parents first, that knows which
/// SUBQUERY variables are bound where. A SUBQUERY's collection is outside its variable's scope,
/// its predicate inside.
struct PredicateTreeWalk {
  /// Called for each predicate with the variables bound around it.
  var visitPredicate: (PredicateNode, _ bound: [String]) -> Void = { _, _ in }
  /// Called for each expression with the variables bound around it.
  var visitExpression: (ExpressionNode, _ bound: [String]) -> Void = { _, _ in }

  /// Walks `predicate`, nothing bound at the top: activation rules get no substitution variables.
  func walk(_ predicate: PredicateNode, bound: [String] = []) {
    visitPredicate(predicate, bound)
    switch predicate.kind {
    case .constant: break
    case .and(let operands), .or(let operands):
      for operand in operands { walk(operand, bound: bound) }
    case .not(let operand):
      walk(operand, bound: bound)
    case .comparison(let comparison):
      walk(comparison.left, bound: bound)
      walk(comparison.right, bound: bound)
    }
  }

  /// Walks `expression` and everything inside it.
  func walk(_ expression: ExpressionNode, bound: [String]) {
    visitExpression(expression, bound)
    switch expression.kind {
    case .constant, .evaluatedObject, .variable, .placeholder, .anyKey:
      break
    case .keyPath(let base, _):
      if let base { walk(base, bound: bound) }
    case .subscripted(let base, let index):
      walk(base, bound: bound)
      if case .expression(let inner) = index { walk(inner, bound: bound) }
    case .array(let elements), .functionCall(_, let elements), .fetch(let elements):
      for element in elements { walk(element, bound: bound) }
    case .arithmetic(_, let left, let right), .setOperation(_, let left, let right):
      walk(left, bound: bound)
      walk(right, bound: bound)
    case .negation(let operand):
      walk(operand, bound: bound)
    case .assignment(_, let value):
      walk(value, bound: bound)
    case .function(let receiver, let selector, let arguments):
      for child in [receiver, selector] + arguments { walk(child, bound: bound) }
    case .subquery(let collection, let variable, _, let predicate):
      walk(collection, bound: bound)
      walk(predicate, bound: bound + [variable])
    case .ternary(let condition, let then, let otherwise):
      walk(condition, bound: bound)
      walk(then, bound: bound)
      walk(otherwise, bound: bound)
    case .cast(let value, let type):
      walk(value, bound: bound)
      walk(type, bound: bound)
    }
  }

  /// Every comparison of `predicate`, nested ones (inside SUBQUERY) included.
  static func comparisons(in predicate: PredicateNode) -> [Comparison] {
    var found: [Comparison] = []
    var walk = PredicateTreeWalk()
    walk.visitPredicate = { node, _ in
      if case .comparison(let comparison) = node.kind { found.append(comparison) }
    }
    walk.walk(predicate)
    return found
  }
}

extension ExpressionNode {
  /// Whether this is a key path ending in `registeredTypeIdentifiers`, an attachment's list of types.
  var isRegisteredTypeIdentifiers: Bool {
    guard case .keyPath(_, let components) = kind, let last = components.last else { return false }
    return last.name == "registeredTypeIdentifiers"
  }

  /// The string constants this expression is: one for a string literal, each string of a `{…}`
  /// array, none otherwise.
  var stringConstants: [(text: String, range: ByteRange)] {
    switch kind {
    case .constant(.string(let text)): return [(text, range)]
    case .array(let elements): return elements.flatMap(\.stringConstants)
    default: return []
    }
  }
}

extension Comparison {
  /// The type identifiers this comparison tests an attachment against: the right side of
  /// `UTI-CONFORMS-TO`/`UTI-EQUALS`, or the other side of `==`, `IN` or `CONTAINS` when one side
  /// is a `registeredTypeIdentifiers` list.
  var testedTypeConstants: [(text: String, range: ByteRange)] {
    switch self.operator {
    case .utiConformsTo, .utiEquals:
      return right.stringConstants
    case .equalTo, .in, .contains:
      if left.isRegisteredTypeIdentifiers { return right.stringConstants }
      if right.isRegisteredTypeIdentifiers { return left.stringConstants }
      return []
    default:
      return []
    }
  }
}

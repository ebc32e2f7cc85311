import PredicateSyntax
import SharelintBase

/// Small helpers for walking the predicate tree: the children of an expression, the predicates
/// nested in it, the bytes a node was parsed from.
extension ExpressionNode {
  /// The expressions directly inside this one (not those inside nested predicates).
  var childExpressions: [ExpressionNode] {
    switch kind {
    case .constant, .evaluatedObject, .variable, .placeholder, .anyKey: return []
    case .keyPath(let base, _): return base.map { [$0] } ?? []
    case .subscripted(let base, let index):
      if case .expression(let inner) = index { return [base, inner] }
      return [base]
    case .array(let elements): return elements
    case .arithmetic(_, let left, let right), .setOperation(_, let left, let right): return [left, right]
    case .negation(let operand): return [operand]
    case .assignment(_, let value): return [value]
    case .functionCall(_, let arguments), .fetch(let arguments): return arguments
    case .function(let receiver, let selector, let arguments): return [receiver, selector] + arguments
    case .subquery(let collection, _, _, _): return [collection]
    case .ternary(_, let then, let otherwise): return [then, otherwise]
    case .cast(let value, let type): return [value, type]
    }
  }

  /// The predicates directly inside this expression: a SUBQUERY's or a TERNARY's.
  var childPredicates: [PredicateNode] {
    switch kind {
    case .subquery(_, _, _, let predicate): return [predicate]
    case .ternary(let condition, _, _): return [condition]
    default: return []
    }
  }

  /// The string of a string literal.
  var stringConstant: String? {
    if case .constant(.string(let text)) = kind { return text }
    return nil
  }

  /// Whether this is a key path whose last key is `registeredTypeIdentifiers`, the list of types
  /// an attachment offers.
  var isTypeIdentifierList: Bool {
    guard case .keyPath(_, let components) = kind, let last = components.last(where: { !$0.isAtKey }) else {
      return false
    }
    return last.name.lowercased() == "registeredtypeidentifiers" && components.last?.isAtKey == false
  }
}

extension PredicateNode {
  /// Calls `visit` on this predicate and on every predicate and expression inside it, parents first.
  func forEachNode(
    predicate visitPredicate: (PredicateNode) -> Void, expression visitExpression: (ExpressionNode) -> Void
  ) {
    visitPredicate(self)
    switch kind {
    case .constant: break
    case .and(let operands), .or(let operands):
      for operand in operands { operand.forEachNode(predicate: visitPredicate, expression: visitExpression) }
    case .not(let operand):
      operand.forEachNode(predicate: visitPredicate, expression: visitExpression)
    case .comparison(let comparison):
      comparison.left.forEachNode(predicate: visitPredicate, expression: visitExpression)
      comparison.right.forEachNode(predicate: visitPredicate, expression: visitExpression)
    }
  }
}

extension ExpressionNode {
  /// Calls `visit` on this expression and every predicate and expression inside it, parents first.
  func forEachNode(
    predicate visitPredicate: (PredicateNode) -> Void, expression visitExpression: (ExpressionNode) -> Void
  ) {
    visitExpression(self)
    for child in childExpressions { child.forEachNode(predicate: visitPredicate, expression: visitExpression) }
    for child in childPredicates { child.forEachNode(predicate: visitPredicate, expression: visitExpression) }
  }
}

extension Comparison {
  /// The comparison's own bytes: from the modifier (or left operand) to the end of the right
  /// operand, without the parentheses the node's range may include.
  var coreRange: ByteRange {
    ByteRange(start: modifierRange?.start ?? left.range.start, end: right.range.end)
  }
}

extension Array where Element == UInt8 {
  /// The bytes of `range` as a string.
  func text(_ range: ByteRange) -> String {
    String(decoding: self[range.start..<range.end], as: UTF8.self)
  }
}

import PredicateSyntax
import SharelintBase

/// What an expression holds directly, in source order: expressions, and the predicates of a SUBQUERY (with the
/// variable it binds) or a TERNARY.
package enum ExpressionChild {
  case expression(ExpressionNode)
  case predicate(PredicateNode, binding: String?)
}

/// Walking the predicate tree: the children of an expression, the one walk over a whole tree, the bytes a node
/// was parsed from.
extension ExpressionNode {
  /// The expressions and predicates directly inside this one, in source order.
  package var children: [ExpressionChild] {
    switch kind {
    case .constant, .evaluatedObject, .variable, .placeholder, .anyKey: return []
    case .keyPath(let base, _): return base.map { [.expression($0)] } ?? []
    case .subscripted(let base, let index):
      if case .expression(let inner) = index { return [.expression(base), .expression(inner)] }
      return [.expression(base)]
    case .array(let elements), .functionCall(_, let elements), .fetch(let elements):
      return elements.map(ExpressionChild.expression)
    case .arithmetic(_, let left, let right), .setOperation(_, let left, let right):
      return [.expression(left), .expression(right)]
    case .negation(let operand): return [.expression(operand)]
    case .assignment(_, let value): return [.expression(value)]
    case .function(let receiver, let selector, let arguments):
      return ([receiver, selector] + arguments).map(ExpressionChild.expression)
    case .subquery(let collection, let variable, _, let predicate):
      return [.expression(collection), .predicate(predicate, binding: variable)]
    case .ternary(let condition, let then, let otherwise):
      return [.predicate(condition, binding: nil), .expression(then), .expression(otherwise)]
    case .cast(let value, let type): return [.expression(value), .expression(type)]
    }
  }

  /// The expressions directly inside this one (not those inside nested predicates).
  var childExpressions: [ExpressionNode] {
    children.compactMap { if case .expression(let expression) = $0 { return expression } else { return nil } }
  }

  /// The predicates directly inside this expression: a SUBQUERY's or a TERNARY's.
  var childPredicates: [PredicateNode] {
    children.compactMap { if case .predicate(let predicate, _) = $0 { return predicate } else { return nil } }
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

/// A walk over every predicate and expression of a tree, parents first and in source order, that knows which
/// SUBQUERY variables are bound where: a SUBQUERY's collection is outside its variable's scope, its predicate
/// inside.
package struct PredicateTreeWalk {
  /// Called for each predicate with the variables bound around it.
  package var visitPredicate: (PredicateNode, _ bound: [String]) -> Void = { _, _ in }
  /// Called for each expression with the variables bound around it.
  package var visitExpression: (ExpressionNode, _ bound: [String]) -> Void = { _, _ in }

  /// A walk that visits nothing until told what to visit.
  package init() {}

  /// Walks `predicate`, with `bound` bound around it (nothing at the top: activation rules get no substitution
  /// variables).
  package func walk(_ predicate: PredicateNode, bound: [String] = []) {
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
  package func walk(_ expression: ExpressionNode, bound: [String]) {
    visitExpression(expression, bound)
    for child in expression.children {
      switch child {
      case .expression(let inner): walk(inner, bound: bound)
      case .predicate(let inner, let binding): walk(inner, bound: bound + (binding.map { [$0] } ?? []))
      }
    }
  }

  /// Every comparison of `predicate`, nested ones (inside SUBQUERY) included, in source order.
  package static func comparisons(in predicate: PredicateNode) -> [Comparison] {
    var found: [Comparison] = []
    var walk = PredicateTreeWalk()
    walk.visitPredicate = { node, _ in
      if case .comparison(let comparison) = node.kind { found.append(comparison) }
    }
    walk.walk(predicate)
    return found
  }
}

extension Comparison {
  /// The comparison's own bytes: from the modifier (or left operand) to the end of the right
  /// operand, without the parentheses the node's range may include.
  package var coreRange: ByteRange {
    ByteRange(start: modifierRange?.start ?? left.range.start, end: right.range.end)
  }
}

extension Array where Element == UInt8 {
  /// The bytes of `range` as a string.
  func text(_ range: ByteRange) -> String {
    String(decoding: self[range.start..<range.end], as: UTF8.self)
  }
}

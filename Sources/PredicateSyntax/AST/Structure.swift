/// Comparing trees by shape: two parses of differently laid-out text are "the same tree" when
/// they are equal once every range is cleared.
import SharelintBase

extension PredicateNode {
  /// This tree with every range set to `0..<0`.
  public func withoutRanges() -> PredicateNode {
    let zero = ByteRange.empty(at: 0)
    switch kind {
    case .constant: return PredicateNode(kind, range: zero)
    case .and(let operands): return PredicateNode(.and(operands.map { $0.withoutRanges() }), range: zero)
    case .or(let operands): return PredicateNode(.or(operands.map { $0.withoutRanges() }), range: zero)
    case .not(let operand): return PredicateNode(.not(operand.withoutRanges()), range: zero)
    case .comparison(var comparison):
      comparison.modifierRange = nil
      comparison.operatorRange = zero
      comparison.left = comparison.left.withoutRanges()
      comparison.right = comparison.right.withoutRanges()
      return PredicateNode(.comparison(comparison), range: zero)
    }
  }

  /// Whether the two trees have the same shape and values, wherever they were written.
  public func isStructurallyEqual(to other: PredicateNode) -> Bool { withoutRanges() == other.withoutRanges() }
}

extension ExpressionNode {
  /// This tree with every range set to `0..<0`.
  public func withoutRanges() -> ExpressionNode {
    let zero = ByteRange.empty(at: 0)
    func clear(_ list: [ExpressionNode]) -> [ExpressionNode] { list.map { $0.withoutRanges() } }
    let cleared: Kind
    switch kind {
    case .constant, .evaluatedObject, .variable, .placeholder, .anyKey:
      cleared = kind
    case .keyPath(let base, let components):
      cleared = .keyPath(
        base: base?.withoutRanges(), components: components.map { KeyPathComponent(name: $0.name, range: zero) })
    case .subscripted(let base, let index):
      if case .expression(let inner) = index {
        cleared = .subscripted(base: base.withoutRanges(), index: .expression(inner.withoutRanges()))
      } else {
        cleared = .subscripted(base: base.withoutRanges(), index: index)
      }
    case .array(let elements): cleared = .array(clear(elements))
    case .arithmetic(let op, let left, let right): cleared = .arithmetic(op, left.withoutRanges(), right.withoutRanges())
    case .negation(let operand): cleared = .negation(operand.withoutRanges())
    case .setOperation(let op, let left, let right):
      cleared = .setOperation(op, left.withoutRanges(), right.withoutRanges())
    case .assignment(let variable, let value): cleared = .assignment(variable: variable, value: value.withoutRanges())
    case .functionCall(let name, let arguments): cleared = .functionCall(name: name, arguments: clear(arguments))
    case .function(let receiver, let selector, let arguments):
      cleared = .function(
        receiver: receiver.withoutRanges(), selector: selector.withoutRanges(), arguments: clear(arguments))
    case .subquery(let collection, let variable, _, let predicate):
      cleared = .subquery(
        collection: collection.withoutRanges(), variable: variable, variableRange: zero,
        predicate: predicate.withoutRanges())
    case .ternary(let condition, let then, let otherwise):
      cleared = .ternary(condition: condition.withoutRanges(), then: then.withoutRanges(), else: otherwise.withoutRanges())
    case .cast(let value, let type): cleared = .cast(value: value.withoutRanges(), type: type.withoutRanges())
    case .fetch(let arguments): cleared = .fetch(arguments: clear(arguments))
    }
    return ExpressionNode(cleared, range: zero)
  }
}

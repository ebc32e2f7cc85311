import PredicateSyntax
import SharelintBase
import UniformTypes

/// The walk behind `IntuneAugmenter.configuratorAugment`, bottom-up so each node is seen once.
struct ConfiguratorAugmentationRewriter {
  /// What a subtree holds.
  struct Contents {
    /// A string constant that is not a wrapped type, nested SUBQUERYs included.
    var typeConstant = false
    /// A SUBQUERY whose predicate holds such a constant.
    var subqueryWithTypeConstant = false

    mutating func add(_ other: Contents) {
      typeConstant = typeConstant || other.typeConstant
      subqueryWithTypeConstant = subqueryWithTypeConstant || other.subqueryWithTypeConstant
    }
  }

  let bytes: [UInt8]
  var edits: [TextEdit] = []

  mutating func scan(_ predicate: PredicateNode) -> Contents {
    var contents = Contents()
    switch predicate.kind {
    case .constant: break
    case .and(let operands), .or(let operands):
      for operand in operands { contents.add(scan(operand)) }
    case .not(let operand):
      contents.add(scan(operand))
    case .comparison(let comparison):
      contents.add(scan(comparison.left))
      contents.add(scan(comparison.right))
    }
    return contents
  }

  mutating func scan(_ expression: ExpressionNode) -> Contents {
    var contents = Contents()
    if let text = expression.stringConstant, Self.isTypeConstant(text) { contents.typeConstant = true }
    for child in expression.childExpressions { contents.add(scan(child)) }
    for child in expression.childPredicates {
      let inner = scan(child)
      contents.add(inner)
      guard case .subquery = expression.kind, inner.typeConstant else { continue }
      contents.subqueryWithTypeConstant = true
      if !inner.subqueryWithTypeConstant { wrap(child) }
    }
    return contents
  }

  static func isTypeConstant(_ text: String) -> Bool { !text.isEmpty && !IntuneMAMTypes.isIntuneMAMType(text) }

  /// `inner` becomes `((inner) || (copy))`, every string constant of the copy prefixed.
  mutating func wrap(_ inner: PredicateNode) {
    var constantEdits: [TextEdit] = []
    var walk = PredicateTreeWalk()
    walk.visitExpression = { node, _ in
      guard let text = node.stringConstant, Self.isTypeConstant(text) else { return }
      constantEdits.append(TextEdit.insert(IntuneMAMTypes.prefix, at: node.range.start + 1 - inner.range.start))
    }
    walk.walk(inner)
    let original = Array(bytes[inner.range.start..<inner.range.end])
    let copy = String(decoding: original.applying(constantEdits).result, as: UTF8.self)
    edits.append(.insert("((", at: inner.range.start))
    edits.append(.insert(") || (" + copy + "))", at: inner.range.end))
  }
}

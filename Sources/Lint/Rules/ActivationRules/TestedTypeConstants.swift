import ActivationRules
import PredicateSyntax
import SharelintBase

/// Which types an activation rule's comparisons test attachments against, as the AR rules read them (the walk
/// over the tree is `ActivationRules.PredicateTreeWalk`).
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

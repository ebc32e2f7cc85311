import PredicateSyntax
import SharelintBase

/// What a value in an activation rule is, as far as its key paths tell: the objects iOS evaluates
/// the rule on (`NSExtensionContext` › `NSExtensionItem` › `NSItemProvider`), collections of them,
/// or something the model does not follow (strings, numbers, `userInfo`, …).
indirect enum ExtensionObjectKind: Hashable, Sendable {
  /// `NSExtensionContext`, the object the rule is evaluated on.
  case context
  /// `NSExtensionItem`.
  case item
  /// `NSItemProvider`, one attachment.
  case attachment
  /// An array of values of the element kind; a key applied to it applies to each element.
  case collection(ExtensionObjectKind)
  /// Anything else; its keys are not checked.
  case opaque

  /// The class name used in messages.
  var className: String {
    switch self {
    case .context: return "NSExtensionContext"
    case .item: return "NSExtensionItem"
    case .attachment: return "NSItemProvider"
    case .collection(let element): return "an array of \(element.className)"
    case .opaque: return "a value"
    }
  }

  /// The properties an activation rule can read on this kind, and what each gives.
  var properties: [(name: String, kind: ExtensionObjectKind)]? {
    switch self {
    case .context:
      return [("extensionItems", .collection(.item)), ("inputItems", .collection(.item))]
    case .item:
      return [
        ("attachments", .collection(.attachment)), ("attributedTitle", .opaque), ("attributedContentText", .opaque),
        ("userInfo", .opaque),
      ]
    case .attachment:
      return [
        ("registeredTypeIdentifiers", .collection(.opaque)), ("registeredContentTypes", .collection(.opaque)),
        ("registeredContentTypesForOpenInPlace", .collection(.opaque)), ("suggestedName", .opaque),
        ("preferredPresentationSize", .opaque), ("preferredPresentationStyle", .opaque), ("teamData", .opaque),
      ]
    case .collection, .opaque:
      return nil
    }
  }

  /// The kind of one element, for a collection.
  var elementKind: ExtensionObjectKind {
    if case .collection(let element) = self { return element }
    return .opaque
  }
}

/// A key that is not a property of the object it is applied to.
struct UnknownObjectKey {
  /// The key as written, with where.
  var component: KeyPathComponent
  /// The kind it was applied to (never a collection: keys on collections apply to their elements).
  var receiver: ExtensionObjectKind
  /// The known property closest to it, if any is close.
  var suggestion: String?
}

/// Follows key paths through the extension object model, with the SUBQUERY variables' kinds.
struct ExtensionKeyPathChecker {
  /// The unknown keys found so far.
  private(set) var unknownKeys: [UnknownObjectKey] = []

  /// Checks every key path of `predicate`, evaluated on an `NSExtensionContext`.
  mutating func check(_ predicate: PredicateNode) {
    check(predicate, evaluatedObject: .context, variables: [:])
  }

  private mutating func check(
    _ predicate: PredicateNode, evaluatedObject: ExtensionObjectKind, variables: [String: ExtensionObjectKind]
  ) {
    switch predicate.kind {
    case .constant: break
    case .and(let operands), .or(let operands):
      for operand in operands { check(operand, evaluatedObject: evaluatedObject, variables: variables) }
    case .not(let operand):
      check(operand, evaluatedObject: evaluatedObject, variables: variables)
    case .comparison(let comparison):
      _ = kind(of: comparison.left, evaluatedObject: evaluatedObject, variables: variables)
      _ = kind(of: comparison.right, evaluatedObject: evaluatedObject, variables: variables)
    }
  }

  /// The kind of `expression`'s value, checking the key paths inside it on the way.
  private mutating func kind(
    of expression: ExpressionNode, evaluatedObject: ExtensionObjectKind, variables: [String: ExtensionObjectKind]
  ) -> ExtensionObjectKind {
    switch expression.kind {
    case .evaluatedObject:
      return evaluatedObject
    case .variable(let name):
      return variables[name] ?? .opaque
    case .keyPath(let base, let components):
      let start = base.map { kind(of: $0, evaluatedObject: evaluatedObject, variables: variables) } ?? evaluatedObject
      return follow(components, from: start)
    case .subquery(let collection, let variable, _, let predicate):
      let element = kind(of: collection, evaluatedObject: evaluatedObject, variables: variables).elementKind
      var inner = variables
      inner[variable] = element
      check(predicate, evaluatedObject: element, variables: inner)
      return .collection(element)
    case .subscripted(let base, let index):
      let collection = kind(of: base, evaluatedObject: evaluatedObject, variables: variables)
      if case .expression(let inner) = index {
        _ = kind(of: inner, evaluatedObject: evaluatedObject, variables: variables)
      }
      return collection.elementKind
    case .ternary(let condition, let then, let otherwise):
      check(condition, evaluatedObject: evaluatedObject, variables: variables)
      _ = kind(of: then, evaluatedObject: evaluatedObject, variables: variables)
      _ = kind(of: otherwise, evaluatedObject: evaluatedObject, variables: variables)
      return .opaque
    case .constant, .placeholder, .anyKey:
      return .opaque
    case .array(let children), .functionCall(_, let children), .fetch(let children):
      for child in children { _ = kind(of: child, evaluatedObject: evaluatedObject, variables: variables) }
      return .opaque
    case .arithmetic(_, let left, let right), .setOperation(_, let left, let right),
      .cast(let left, let right):
      _ = kind(of: left, evaluatedObject: evaluatedObject, variables: variables)
      _ = kind(of: right, evaluatedObject: evaluatedObject, variables: variables)
      return .opaque
    case .negation(let operand), .assignment(_, let operand):
      _ = kind(of: operand, evaluatedObject: evaluatedObject, variables: variables)
      return .opaque
    case .function(let receiver, let selector, let arguments):
      for child in [receiver, selector] + arguments {
        _ = kind(of: child, evaluatedObject: evaluatedObject, variables: variables)
      }
      return .opaque
    }
  }

  /// The kind `components` lead to from `start`, recording unknown keys. Keys on a collection
  /// apply to each element (key-value coding on arrays); collection operators are allowed on
  /// collections.
  private mutating func follow(_ components: [KeyPathComponent], from start: ExtensionObjectKind)
    -> ExtensionObjectKind
  {
    var current = start
    for component in components {
      if component.isAtKey {
        current = Self.applyingOperator(component.name, to: current)
        continue
      }
      var depth = 0
      var receiver = current
      while case .collection(let element) = receiver {
        receiver = element
        depth += 1
      }
      guard let properties = receiver.properties else { return .opaque }
      guard let property = properties.first(where: { $0.name == component.name }) else {
        unknownKeys.append(UnknownObjectKey(
          component: component, receiver: receiver,
          suggestion: Self.nearest(to: component.name, among: properties.map(\.name))))
        return .opaque
      }
      current = property.kind
      for _ in 0..<depth { current = .collection(current) }
    }
    return current
  }

  /// What a collection operator gives.
  static func applyingOperator(_ name: String, to kind: ExtensionObjectKind) -> ExtensionObjectKind {
    guard case .collection(let element) = kind else { return .opaque }
    switch name {
    case "@distinctUnionOfObjects", "@unionOfObjects": return kind
    case "@distinctUnionOfArrays", "@unionOfArrays", "@distinctUnionOfSets":
      if case .collection = element { return element }
      return .opaque
    default: return .opaque
    }
  }

  /// The name in `names` closest to `name` (case ignored), when at most a third of it differs.
  static func nearest(to name: String, among names: [String]) -> String? {
    let wanted = Array(name.lowercased())
    let limit = max(1, min(4, wanted.count / 3))
    var best: (distance: Int, name: String)?
    for candidate in names {
      let lowered = Array(candidate.lowercased())
      // The distance is at least the difference in length.
      guard abs(lowered.count - wanted.count) <= limit else { continue }
      let bound = min(limit + 1, best?.distance ?? Int.max)
      let distance = EditDistance.levenshtein(wanted, lowered, limit: bound - 1)
      if distance <= limit, distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
    }
    return best?.name
  }
}

/// Expands references against `BuildSettings` as Xcode's build system does (swift-build's
/// `MacroEvaluationScope.evaluateAsString` and `MacroEvaluationProgram.executeInContext`):
///
/// - a setting nothing defines is the empty string;
/// - a reference to a setting whose value is being evaluated (`$(inherited)`, `TEAM = $(TEAM)`, or a loop
///   `A = $(B)`, `B = $(A)`) takes that setting's next assignment below the one in use
///   (`MacroEvaluationContext.nextValueForMacro`), and nothing when there is none; a loop through other
///   settings is recorded so it can be shown;
/// - `$(inherited)` outside any setting's value is nothing;
/// - `$NAME` (no brackets) is `$(NAME)` when the setting has a value, and stays `$NAME` as written when it has none
///   (`evalNamedMacro`'s `preserveOriginalIfUnresolved`), which is no undefined setting; `$$` is `$`.
///
/// Evaluation is bounded: each assignment is evaluated once per context it can depend on (memoized, so
/// `X0 = $(X1)$(X1)` … is linear), a value past `maximumValueSize` is cut to nothing and recorded, and a
/// work budget stops crafted input that would still grow past it.
struct BuildSettingEvaluator {
  /// The largest value kept, in UTF-8 bytes.
  static let maximumValueSize = 1 << 20
  /// How deep settings may refer to settings (Xcode has no limit; no real project comes near it).
  static let maximumDepth = 100
  /// Bytes appended plus steps taken, over everything this evaluator evaluates.
  static let workBudget = 32 << 20
  /// At most this many failures and gap positions are kept per value.
  static let maximumRecorded = 64

  let settings: BuildSettings
  /// Whether `$(CFBundleIdentifier)`, `$(TeamIdentifierPrefix)` and `$(AppIdentifierPrefix)` take the values
  /// code signing gives them, as in an entitlements file.
  let signing: Bool

  private var definitionsByName: [String: [BuildSettingDefinition]] = [:]
  private var memo: [DefinitionKey: Fragment] = [:]
  /// The assignments being evaluated, outermost first.
  private var chain: [DefinitionKey] = []
  private var work = 0

  init(settings: BuildSettings, signing: Bool = false) {
    self.settings = settings
    self.signing = signing
  }

  /// One assignment: the setting and its index among `BuildSettings.definitions(of:)`.
  struct DefinitionKey: Hashable {
    var name: String
    var index: Int
  }

  /// A failure inside a value, before it is placed in the text being evaluated.
  struct Failure: Hashable {
    var name: String
    var reason: UnresolvedBuildSettingReference.Reason
    /// The settings whose values led to `name`, outermost first.
    var via: [String]
    /// Where in the evaluated text, when the failing reference is written there.
    var range: Range<Int>?
    /// The assignment whose value holds the failing reference.
    var origin: BuildSettingDefinition.Origin?
  }

  /// The value of some text in one context, with what is needed to place it in a larger value and to
  /// know when a memoized value can be used again.
  struct Fragment {
    var value = ""
    /// UTF-8 offsets in `value` where an undefined setting (or a loop with nothing below) gave nothing.
    var gaps: [Int] = []
    var failures: [Failure] = []
    /// Every setting looked up, at the top or in the chain.
    var touched: Set<String> = []
    /// The assignments outside this fragment's own that it took values from (loops), by setting name.
    var outerHits: [String: Int] = [:]

    mutating func append(_ other: Fragment) {
      let offset = value.utf8.count
      for gap in other.gaps where gaps.count < BuildSettingEvaluator.maximumRecorded { gaps.append(offset + gap) }
      value += other.value
      for failure in other.failures where !failures.contains(failure) {
        guard failures.count < BuildSettingEvaluator.maximumRecorded else { break }
        failures.append(failure)
      }
      absorbDependencies(of: other)
    }

    mutating func absorbDependencies(of other: Fragment) {
      touched.formUnion(other.touched)
      outerHits.merge(other.outerHits) { first, _ in first }
    }

    mutating func record(_ failure: Failure) {
      guard failures.count < BuildSettingEvaluator.maximumRecorded, !failures.contains(failure) else { return }
      failures.append(failure)
    }
  }

  // MARK: - Entry point

  /// `text` evaluated outside any setting.
  mutating func evaluate(_ text: String) -> BuildSettingEvaluation {
    let parsed = BuildSettingText(parsing: text)
    let fragment = evaluate(parsed, origin: nil, topLevel: true)
    var evaluation = BuildSettingEvaluation(value: fragment.value)
    for failure in fragment.failures {
      let reference = UnresolvedBuildSettingReference(
        name: failure.name, range: failure.range ?? 0..<0, reason: failure.reason, via: failure.via,
        origin: failure.origin)
      switch failure.reason {
      case .undefined: evaluation.undefined.append(reference)
      case .cycle: evaluation.cycles.append(reference)
      default: evaluation.problems.append(reference)
      }
    }
    evaluation.isIncomplete = Self.leavesAGap(fragment)
    return evaluation
  }

  /// Whether an undefined part left the value empty or stood for a whole `.`, `/`, `:` or `-` separated part of it.
  private static func leavesAGap(_ fragment: Fragment) -> Bool {
    let value = Array(fragment.value.utf8)
    if value.isEmpty { return !fragment.gaps.isEmpty }
    func isSeparator(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
    }
    return fragment.gaps.contains { gap in
      let before = gap == 0 || isSeparator(value[gap - 1])
      let after = gap >= value.count || isSeparator(value[gap])
      return before && after
    }
  }

  // MARK: - Text and references

  /// `text` evaluated in the current context; `origin` is the assignment whose value it is.
  private mutating func evaluate(_ text: BuildSettingText, origin: BuildSettingDefinition.Origin?, topLevel: Bool)
    -> Fragment
  {
    var result = Fragment()
    for part in text.parts {
      guard !isOverBudget else {
        result.record(Failure(name: "", reason: .tooLarge, via: [], range: nil, origin: origin))
        break
      }
      switch part {
      case .literal(let literal, _):
        work += literal.utf8.count
        result.value += BuildSettingText.isEscapedDollar(literal) ? "$" : literal
      case .reference(let reference):
        var fragment = evaluate(reference, origin: origin, topLevel: topLevel)
        if topLevel {
          for index in fragment.failures.indices where fragment.failures[index].range == nil {
            fragment.failures[index].range = reference.range
          }
        }
        result.append(fragment)
      }
      if result.value.utf8.count > Self.maximumValueSize {
        result.value = ""
        result.gaps = []
        result.record(Failure(name: "", reason: .tooLarge, via: [], range: nil, origin: origin))
        break
      }
    }
    return result
  }

  private var isOverBudget: Bool { work > Self.workBudget }

  private mutating func evaluate(
    _ reference: BuildSettingReference, origin: BuildSettingDefinition.Origin?, topLevel: Bool
  ) -> Fragment {
    work += 1
    var result = evaluate(reference.name, origin: origin, topLevel: topLevel)
    let name = result.value
    result.value = ""
    result.gaps = []
    let ownRange = topLevel ? reference.range : nil
    if !reference.isTerminated {
      result.record(Failure(name: name, reason: .unterminated, via: [], range: ownRange, origin: origin))
    }
    let isUnbracketed = reference.delimiter == .none
    guard let lookedUp = lookUp(name, range: ownRange, origin: origin, preservingUnresolved: isUnbracketed) else {
      // `$NAME` of a setting with no value: Xcode leaves it as written.
      result.value = "$" + name
      work += result.value.utf8.count
      return result
    }
    result.absorbDependencies(of: lookedUp)
    var value = lookedUp.value
    var gaps = lookedUp.gaps
    var valueFailures = lookedUp.failures
    var hasText = !value.isEmpty
    for syntax in reference.modifiers {
      guard let modifier = BuildSettingModifier(name: syntax.name, hasOperand: syntax.operand != nil) else {
        result.record(
          Failure(name: name, reason: .unknownModifier(syntax.name), via: [], range: ownRange, origin: origin))
        continue
      }
      var operand = Fragment()
      if let operandText = syntax.operand {
        operand = evaluate(operandText, origin: origin, topLevel: topLevel)
        result.absorbDependencies(of: operand)
      }
      guard hasText || modifier == .defaultValue else { continue }
      let modified = modifier.apply(to: value, operand: operand.value)
      if modifier == .defaultValue, !hasText {
        // The default stands in for an empty or undefined setting: what made it empty no longer matters.
        gaps = operand.gaps
        valueFailures = operand.failures
      } else if modified != value {
        gaps = modified.isEmpty && !gaps.isEmpty ? [0] : []
      }
      value = modified
      hasText = true
    }
    for failure in valueFailures { result.record(failure) }
    result.value = value
    result.gaps = gaps
    work += value.utf8.count
    return result
  }

  /// The value `$(name)` stands for in the current context. With `preservingUnresolved` (a `$NAME` reference), nil
  /// when no assignment gives the setting a value there — none at all, or none below the one in use — which Xcode
  /// leaves as written.
  private mutating func lookUp(
    _ name: String, range: Range<Int>?, origin: BuildSettingDefinition.Origin?, preservingUnresolved: Bool = false
  ) -> Fragment? {
    var result = Fragment()
    if name.isEmpty { return result }   // `$()`: the usual way to write nothing, e.g. `https:/$()/`.
    if name == "inherited" {
      guard let current = chain.last, !preservingUnresolved || current.index > 0 else {
        return preservingUnresolved ? nil : result
      }
      return evaluateBelow(current, range: range)
    }
    if signing, let signed = signingValue(of: name, range: range, origin: origin) { return signed }
    result.touched.insert(name)
    if let frameIndex = chain.lastIndex(where: { $0.name == name }) {
      let frame = chain[frameIndex]
      if preservingUnresolved, frame.index == 0 { return nil }
      var below = evaluateBelow(frame, range: range)
      below.touched.insert(name)
      below.outerHits[name] = frame.index
      if frameIndex != chain.count - 1 {
        below.record(Failure(name: name, reason: .cycle, via: [], range: range, origin: origin))
        if below.value.isEmpty { below.gaps = [0] }
      }
      return below
    }
    let count = definitions(of: name).count
    guard count > 0 else {
      if preservingUnresolved { return nil }
      result.gaps = [0]
      result.record(Failure(name: name, reason: .undefined, via: [], range: range, origin: origin))
      return result
    }
    var fragment = evaluateDefinition(DefinitionKey(name: name, index: count - 1))
    fragment.touched.insert(name)
    prefixVia(name, in: &fragment)
    return fragment
  }

  /// The next assignment of `frame`'s setting below the one in use, or nothing.
  private mutating func evaluateBelow(_ frame: DefinitionKey, range: Range<Int>?) -> Fragment {
    guard frame.index > 0 else { return Fragment() }
    return evaluateDefinition(DefinitionKey(name: frame.name, index: frame.index - 1))
  }

  /// What code signing puts for `$(CFBundleIdentifier)`, `$(TeamIdentifierPrefix)` and `$(AppIdentifierPrefix)`
  /// (swift-build's `PlanningOperation`: the product's bundle identifier, and `DEVELOPMENT_TEAM` followed by a
  /// `.` when a team is set; the app identifier prefix comes from the provisioning profile, which for every
  /// app made since 2011 is the team's). Without a team they are nothing, and not undefined settings.
  private mutating func signingValue(of name: String, range: Range<Int>?, origin: BuildSettingDefinition.Origin?)
    -> Fragment?
  {
    switch name {
    case "CFBundleIdentifier":
      return lookUp("PRODUCT_BUNDLE_IDENTIFIER", range: range, origin: origin) ?? Fragment()
    case "TeamIdentifierPrefix", "AppIdentifierPrefix":
      var fragment = lookUp("DEVELOPMENT_TEAM", range: range, origin: origin) ?? Fragment()
      fragment.failures.removeAll { $0.reason == .undefined }
      fragment.gaps = []
      if !fragment.value.isEmpty { fragment.value += "." }
      return fragment
    default:
      return nil
    }
  }

  private func prefixVia(_ name: String, in fragment: inout Fragment) {
    for index in fragment.failures.indices { fragment.failures[index].via.insert(name, at: 0) }
  }

  private mutating func definitions(of name: String) -> [BuildSettingDefinition] {
    if let known = definitionsByName[name] { return known }
    let found = settings.definitions(of: name)
    definitionsByName[name] = found
    return found
  }

  /// The value of the assignment `key`, evaluated with `key` pushed on the chain, or memoized.
  private mutating func evaluateDefinition(_ key: DefinitionKey) -> Fragment {
    if let known = memo[key], canReuse(known) { return known }
    let definitions = definitions(of: key.name)
    guard definitions.indices.contains(key.index) else { return Fragment() }
    let definition = definitions[key.index]
    guard chain.count < Self.maximumDepth else {
      var fragment = Fragment()
      fragment.record(Failure(name: key.name, reason: .tooDeep, via: [], range: nil, origin: definition.origin))
      return fragment
    }
    chain.append(key)
    var fragment = evaluate(BuildSettingText(parsing: definition.value), origin: definition.origin, topLevel: false)
    chain.removeLast()
    // Loops back to this very assignment are its own business, not a dependency on the context.
    if fragment.outerHits[key.name] == key.index { fragment.outerHits[key.name] = nil }
    work += fragment.touched.count
    memo[key] = fragment
    return fragment
  }

  /// Whether `fragment`, evaluated once, has the same value in the current context: every setting it looked up
  /// that is on the chain now must be one it took from the same assignment then, and the other way round.
  private func canReuse(_ fragment: Fragment) -> Bool {
    if chain.isEmpty { return fragment.outerHits.isEmpty }
    var seen: Set<String> = []
    var matched = 0
    for frame in chain.reversed() where seen.insert(frame.name).inserted {
      guard fragment.touched.contains(frame.name) else { continue }
      guard fragment.outerHits[frame.name] == frame.index else { return false }
      matched += 1
    }
    return matched == fragment.outerHits.count
  }
}

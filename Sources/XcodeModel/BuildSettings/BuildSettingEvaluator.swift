/// Expands references against `BuildSettings`, inner references first, collecting what cannot be
/// expanded instead of guessing.
struct BuildSettingEvaluator {
  /// How deep settings may refer to settings before the chain is taken for a loop.
  static let maximumDepth = 64

  let settings: BuildSettings
  /// What could not be expanded so far.
  private(set) var unresolved: [UnresolvedBuildSettingReference] = []

  init(settings: BuildSettings) {
    self.settings = settings
  }

  /// Identifies one assignment: the setting and its index in `BuildSettings.definitions(of:)`.
  fileprivate struct DefinitionKey: Hashable {
    var name: String
    var index: Int
  }

  /// Where an expansion happens: inside the value of an assignment (for `$(inherited)` and loop
  /// detection), reached from a reference of the original string (where failures are reported).
  struct Scope {
    fileprivate var definition: DefinitionKey
    fileprivate var via: [String]
    fileprivate var reportRange: Range<Int>
    fileprivate var evaluating: [DefinitionKey]
  }

  /// `text` expanded, or `nil` when some reference in it failed (each failure is recorded).
  mutating func expand(_ text: BuildSettingText, scope: Scope?) -> String? {
    var result = ""
    var failed = false
    for part in text.parts {
      switch part {
      case .literal(let literal, _):
        result += literal
      case .reference(let reference):
        if let value = expand(reference, scope: scope) { result += value } else { failed = true }
      }
    }
    return failed ? nil : result
  }

  private mutating func fail(
    _ name: String, _ reason: UnresolvedBuildSettingReference.Reason, at reference: BuildSettingReference,
    scope: Scope?
  ) -> String? {
    unresolved.append(
      UnresolvedBuildSettingReference(
        name: name, range: scope?.reportRange ?? reference.range, reason: reason, via: scope?.via ?? []))
    return nil
  }

  private mutating func expand(_ reference: BuildSettingReference, scope: Scope?) -> String? {
    guard reference.isTerminated else {
      return fail(reference.name.spelling, .unterminated, at: reference, scope: scope)
    }
    guard let name = expand(reference.name, scope: scope) else { return nil }
    var modifiers: [(modifier: BuildSettingModifier, operand: BuildSettingText?)] = []
    for syntax in reference.modifiers {
      guard let modifier = BuildSettingModifier(name: syntax.name, hasOperand: syntax.operand != nil) else {
        return fail(name, .unknownModifier(syntax.name), at: reference, scope: scope)
      }
      modifiers.append((modifier, syntax.operand))
    }
    var value = ""
    if name.isEmpty {
      // `$()` is the usual way to write nothing, e.g. `https:/$()/` in an .xcconfig.
    } else if name == "inherited", let scope {
      if scope.definition.index > 0 {
        let earlier = DefinitionKey(name: scope.definition.name, index: scope.definition.index - 1)
        guard let expanded = expandDefinition(earlier, via: scope.via, from: reference, scope: scope) else {
          return nil
        }
        value = expanded
      }
    } else {
      let definitions = settings.definitions(of: name)
      if definitions.isEmpty {
        guard modifiers.contains(where: { $0.modifier == .defaultValue }) else {
          return fail(name, .undefined, at: reference, scope: scope)
        }
      } else {
        let key = DefinitionKey(name: name, index: definitions.count - 1)
        guard let expanded = expandDefinition(key, via: (scope?.via ?? []) + [name], from: reference, scope: scope)
        else { return nil }
        value = expanded
      }
    }
    return apply(modifiers, to: value, scope: scope)
  }

  /// The value of the assignment `key`, expanded in its own scope.
  private mutating func expandDefinition(
    _ key: DefinitionKey, via: [String], from reference: BuildSettingReference, scope: Scope?
  ) -> String? {
    let evaluating = scope?.evaluating ?? []
    if evaluating.contains(key) || evaluating.count >= Self.maximumDepth {
      return fail(key.name, .cycle, at: reference, scope: scope)
    }
    let definitions = settings.definitions(of: key.name)
    guard definitions.indices.contains(key.index) else { return "" }
    let inner = Scope(
      definition: key, via: via, reportRange: scope?.reportRange ?? reference.range, evaluating: evaluating + [key])
    return expand(BuildSettingText(parsing: definitions[key.index].value), scope: inner)
  }

  /// Applies the modifiers left to right. As in Xcode, a setting that expands to nothing stays
  /// nothing through every modifier except `:default=`.
  private mutating func apply(
    _ modifiers: [(modifier: BuildSettingModifier, operand: BuildSettingText?)], to value: String, scope: Scope?
  ) -> String? {
    var value = value
    var hasText = !value.isEmpty
    for (modifier, operandText) in modifiers {
      var operand = ""
      if let operandText {
        guard let expanded = expand(operandText, scope: scope) else { return nil }
        operand = expanded
      }
      guard hasText || modifier == .defaultValue else { continue }
      value = modifier.apply(to: value, operand: operand)
      hasText = true
    }
    return value
  }
}

/// The outcome of expanding the build-setting references in a string, for a check that needs to know
/// whether the value is what the build will have.
public enum BuildSettingResolution: Hashable, Sendable {
  /// The value Xcode gives the text (undefined settings are empty), when that value is usable: nothing
  /// undefined left it empty or stood for a whole `.`, `/`, `:` or `-` separated part of it, and every
  /// reference could be expanded. `${PREFIX}.App${SUFFIX}` with `SUFFIX` undefined is `io.example.App`.
  case resolved(String)
  /// What makes the value unusable: the undefined settings (and loops with nothing below) that
  /// emptied it, references that could not be expanded; in order.
  case unresolved([UnresolvedBuildSettingReference])

  /// The expanded text, when it is usable.
  public var resolvedText: String? {
    if case .resolved(let text) = self { return text }
    return nil
  }

  /// The references that make the value unusable; empty when it resolved.
  public var unresolvedReferences: [UnresolvedBuildSettingReference] {
    if case .unresolved(let references) = self { return references }
    return []
  }
}

/// A string evaluated as Xcode evaluates it (swift-build's `MacroEvaluationScope`), with everything a
/// message or a check needs to know about how it got its value.
public struct BuildSettingEvaluation: Hashable, Sendable {
  /// The value Xcode gives the text: undefined settings are empty, a loop takes the value from the
  /// level below.
  public var value: String
  /// The references to settings nothing defines, each once per reference and path to it, in order.
  public var undefined: [UnresolvedBuildSettingReference] = []
  /// References that loop back to a setting being evaluated through other settings (`A = $(B)`,
  /// `B = $(A)`): as in Xcode they took the assignment below (or nothing).
  public var cycles: [UnresolvedBuildSettingReference] = []
  /// References that could not be expanded as written: unknown modifiers, a missing `)`, a value past
  /// the size limit or too deep a chain of settings.
  public var problems: [UnresolvedBuildSettingReference] = []
  /// Whether something undefined (or a loop with nothing below) left the value empty, or stood for a
  /// whole `.`, `/`, `:` or `-` separated part of it (`msauth.$(BUNDLE_ID)` → `msauth.`): the value the
  /// build has then is rarely the one meant.
  public var isIncomplete = false

  /// A value with nothing to say about it.
  public init(value: String) {
    self.value = value
  }

  /// The names of the undefined settings, each once, in order.
  public var undefinedNames: [String] {
    var seen: Set<String> = []
    return undefined.map(\.name).filter { seen.insert($0).inserted }
  }

  /// How a message shows a value: `'contoso'`, followed by ` (from '$(APP_SCHEME)')` when references made it.
  public static func shown(_ value: String, written: String) -> String {
    value == written ? "'\(value)'" : "'\(value)' (from '\(written)')"
  }

  /// The resolution a check works with: the value unless it is incomplete or could not be expanded.
  public var resolution: BuildSettingResolution {
    guard isIncomplete || !problems.isEmpty else { return .resolved(value) }
    return .unresolved(undefined + cycles + problems)
  }
}

/// A reference that could not be expanded: which setting, where in the string, and why.
public struct UnresolvedBuildSettingReference: Hashable, Sendable {
  /// Why a reference could not be expanded.
  public enum Reason: Hashable, Sendable {
    /// The setting is defined nowhere (no `-D`, no `.xcconfig` assignment that applies).
    case undefined
    /// A modifier Xcode does not know, or that sharelint does not implement: the modifier as written.
    case unknownModifier(String)
    /// The settings refer to each other in a loop (`A = $(B)`, `B = $(A)`).
    case cycle
    /// The reference has no closing bracket.
    case unterminated
    /// The value grew past 1 MB (or the evaluation past its work budget): it is cut to nothing.
    case tooLarge
    /// Settings refer to settings more than 100 deep.
    case tooDeep
  }

  /// The setting that could not be found or expanded, e.g. `MSAL_CLIENT_ID`. For a reference that
  /// reaches it through other settings, the innermost one (see `via`).
  public var name: String
  /// The UTF-8 range, in the string being resolved, of the reference to point at: the reference
  /// itself, or the outer reference whose setting's value holds the failing one.
  public var range: Range<Int>
  /// Why it failed.
  public var reason: Reason
  /// The settings whose values led to `name`, outermost first (`["PRODUCT_BUNDLE_IDENTIFIER"]`
  /// when that setting's value refers to the missing one); empty for a reference written in the string.
  public var via: [String]
  /// The assignment whose value holds the failing reference; `nil` for one written in the string.
  public var origin: BuildSettingDefinition.Origin?

  /// A failure to expand `name` at `range` because of `reason`, reached through `via`, written in the
  /// value of the assignment at `origin`.
  public init(
    name: String, range: Range<Int>, reason: Reason, via: [String] = [], origin: BuildSettingDefinition.Origin? = nil
  ) {
    self.name = name
    self.range = range
    self.reason = reason
    self.via = via
    self.origin = origin
  }

  /// A one-line, lowercase explanation: `'MSAL_CLIENT_ID' is not defined`.
  public var message: String {
    let through = via.isEmpty ? "" : " (through \(via.map { "'\($0)'" }.joined(separator: " → ")))"
    switch reason {
    case .undefined: return "build setting '\(name)' is not defined\(through)"
    case .unknownModifier(let modifier):
      return "unknown modifier ':\(modifier)' in the reference to '\(name)'\(through)"
    case .cycle:
      let loop = via.firstIndex(of: name).map { Array(via[(via.index(after: $0))...]) } ?? via
      let around = loop.isEmpty ? "" : " through " + loop.map { "'\($0)'" }.joined(separator: " → ")
      return "build setting '\(name)' refers to itself\(around); as in Xcode, it takes the value of the level below"
    case .unterminated: return "the reference to '\(name)' is never closed\(through)"
    case .tooLarge:
      return "the value\(through) grows past \(BuildSettingEvaluator.maximumValueSize >> 20) MB; it is taken as empty"
    case .tooDeep:
      return "settings refer to settings more than \(BuildSettingEvaluator.maximumDepth) deep at '\(name)'\(through)"
    }
  }
}

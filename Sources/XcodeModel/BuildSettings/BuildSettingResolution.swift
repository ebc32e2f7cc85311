/// The outcome of expanding the build-setting references in a string.
public enum BuildSettingResolution: Hashable, Sendable {
  /// Every reference was expanded (or there was none): the resulting text.
  case resolved(String)
  /// At least one reference could not be expanded: each one, in order. Nothing is guessed.
  case unresolved([UnresolvedBuildSettingReference])

  /// The expanded text, when everything resolved.
  public var resolvedText: String? {
    if case .resolved(let text) = self { return text }
    return nil
  }

  /// The references that could not be expanded; empty when everything resolved.
  public var unresolvedReferences: [UnresolvedBuildSettingReference] {
    if case .unresolved(let references) = self { return references }
    return []
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

  /// A failure to expand `name` at `range` because of `reason`, reached through `via`.
  public init(name: String, range: Range<Int>, reason: Reason, via: [String] = []) {
    self.name = name
    self.range = range
    self.reason = reason
    self.via = via
  }

  /// A one-line, lowercase explanation: `'MSAL_CLIENT_ID' is not defined`.
  public var message: String {
    let through = via.isEmpty ? "" : " (through \(via.map { "'\($0)'" }.joined(separator: " → ")))"
    switch reason {
    case .undefined: return "build setting '\(name)' is not defined\(through)"
    case .unknownModifier(let modifier):
      return "unknown modifier ':\(modifier)' in the reference to '\(name)'\(through)"
    case .cycle: return "build setting '\(name)' refers to itself\(through)"
    case .unterminated: return "the reference to '\(name)' is never closed\(through)"
    }
  }
}

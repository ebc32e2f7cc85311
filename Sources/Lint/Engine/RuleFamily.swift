/// The families of rules: which part of an app a rule reads. A rule's code is its family's two letters and a
/// three-digit number (`AR004`); its family's list (`Sources/Lint/Rules/<Family>/<Family>Rules.swift`)
/// registers it, and a test fails when a rule type under `Sources/Lint/Rules/` is in no list.
///
/// | Prefix | Family | Reads |
/// |---|---|---|
/// | PL | `propertyList` | the files: well-formed plists, duplicate keys, unresolved `$(VAR)`, `sharelint:` comments |
/// | IM | `intuneSettings` | `IntuneMAMSettings` and the Info.plist keys the Intune App SDK depends on |
/// | EN | `entitlements` | the entitlements' keychain access groups and app groups |
/// | AR | `activationRules` | a share or action extension's `NSExtensionActivationRule` |
/// | US | `urlSchemes` | registered URL schemes, `LSApplicationQueriesSchemes` and their `-intunemam` twins |
/// | SC | `sourceCode` | a project target's Swift and Objective-C sources: calls of the Intune App SDK and MSAL |
/// | XC | `xcodeProject` | what the Xcode project builds: linked and embedded frameworks, settings, phases |
public enum RuleFamily: String, CaseIterable, Sendable, Comparable {
  /// PL: the files themselves: plists as written, and the `sharelint:` comments of any file.
  case propertyList = "property-list"
  /// IM: `IntuneMAMSettings` and the Info.plist keys the Intune App SDK depends on.
  case intuneSettings = "intune-settings"
  /// EN: the entitlements.
  case entitlements
  /// AR: an extension's activation rule.
  case activationRules = "activation-rules"
  /// US: URL schemes, queried schemes and their `-intunemam` twins.
  case urlSchemes = "url-schemes"
  /// XC: the Xcode project's build facts (linking, embedding, build settings, build phases).
  case xcodeProject = "xcode-project"
  /// SC: a project target's Swift and Objective-C sources.
  case sourceCode = "source-code"

  /// The two letters the family's codes start with.
  public var codePrefix: String {
    switch self {
    case .propertyList: "PL"
    case .intuneSettings: "IM"
    case .entitlements: "EN"
    case .activationRules: "AR"
    case .urlSchemes: "US"
    case .xcodeProject: "XC"
    case .sourceCode: "SC"
    }
  }

  /// The family's rules, as its list registers them.
  public var rules: [any LintRule.Type] {
    switch self {
    case .propertyList: propertyListRules
    case .intuneSettings: intuneSettingsRules
    case .entitlements: entitlementsRules
    case .activationRules: activationRuleRules
    case .urlSchemes: urlSchemeRules
    case .xcodeProject: xcodeProjectRules
    case .sourceCode: sourceCodeRules
    }
  }

  /// The code of rule `number` of this family: `AR004`.
  public func code(_ number: Int) -> String {
    let digits = String(number)
    return codePrefix + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
  }

  /// Families in code order, as the rule list is sorted.
  public static func < (lhs: RuleFamily, rhs: RuleFamily) -> Bool { lhs.codePrefix < rhs.codePrefix }
}

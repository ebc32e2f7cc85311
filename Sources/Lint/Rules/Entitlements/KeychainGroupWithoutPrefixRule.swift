import PredicateSyntax
import XcodeModel

/// EN003: a keychain group written without `$(AppIdentifierPrefix)`.
struct KeychainGroupWithoutPrefixRule: LintRule {
  static let description = RuleDescription(
    identifier: "keychain-group-without-prefix",
    family: .entitlements, number: 3,
    summary: "a keychain access group lacks $(AppIdentifierPrefix)",
    whatItDoes: """
      Finds entries of `keychain-access-groups` that start with neither `$(AppIdentifierPrefix)`, \
      `$(TeamIdentifierPrefix)` nor a literal team identifier (`ABCDE12345.`). An entry that starts with another \
      build setting counts as prefixed when the setting expands to a prefixed group, and is left alone while the \
      setting is unknown (PL003 says so).
      """,
    whyItMatters: """
      iOS matches keychain groups including the team prefix, and a provisioning profile allows only \
      groups under it (`TEAMID.*`). A group typed without the prefix fails code signing or, when it \
      signs, names a group no app of the team can share, so the keychain items the app or the Intune \
      SDK store there are not found by the app's extensions on the device.
      """,
    useInstead: """
      Write `$(AppIdentifierPrefix)` before the group, as Microsoft's guide asks when editing the \
      entitlements file directly. The fix never adds it to a setting whose value has one already.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.fabrikam.field</string>
          \t↓<string>com.fabrikam.field.credentials</string>
          \t↓<string>com.microsoft.intune.mam</string>
          </array>
          """,
        messages: [
          """
          keychain group 'com.fabrikam.field.credentials' lacks '$(AppIdentifierPrefix)'; iOS will not treat it as \
          the team's group '$(AppIdentifierPrefix)com.fabrikam.field.credentials'
          """,
          """
          keychain group 'com.microsoft.intune.mam' lacks '$(AppIdentifierPrefix)'; iOS will not treat it as the \
          team's group '$(AppIdentifierPrefix)com.microsoft.intune.mam'
          """,
        ],
        corrected: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.fabrikam.field</string>
          \t<string>$(AppIdentifierPrefix)com.fabrikam.field.credentials</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
          </array>
          """,
        file: .entitlements),
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t↓<string>$(SHARED_KEYCHAIN_GROUP)</string>
          </array>
          """,
        messages: [
          """
          keychain group 'com.fabrikam.shared' (from '$(SHARED_KEYCHAIN_GROUP)') lacks '$(AppIdentifierPrefix)'; iOS \
          will not treat it as the team's group '$(AppIdentifierPrefix)$(SHARED_KEYCHAIN_GROUP)'
          """,
        ],
        corrected: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)$(SHARED_KEYCHAIN_GROUP)</string>
          </array>
          """,
        configuration: """
          build_settings:
            SHARED_KEYCHAIN_GROUP: com.fabrikam.shared
          """,
        file: .entitlements),
    ],
    nonTriggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.fabrikam.field</string>
          \t<string>$(TeamIdentifierPrefix)com.fabrikam.shared</string>
          \t<string>ABCDE12345.com.microsoft.intune.mam</string>
          \t<string>$(KEYCHAIN_ACCESS_GROUP_IDENTIFIER)</string>
          \t<string>$(SHARED_KEYCHAIN_GROUP)</string>
          </array>
          """,
        configuration: """
          build_settings:
            KEYCHAIN_ACCESS_GROUP_IDENTIFIER: ABCDE12345.com.fabrikam.field.tokens
            SHARED_KEYCHAIN_GROUP: $(AppIdentifierPrefix)com.fabrikam.shared
          """,
        file: .entitlements),
    ],
    guideSteps: [25]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let entitlements = target.entitlements,
      let elements = entitlements.root[KeychainAccessGroups.key]?.elements
    else { return }
    let prefix = KeychainAccessGroups.appIdentifierPrefix
    for element in elements {
      guard let group = element.string, KeychainAccessGroups.prefixLength(of: group) == nil,
        !Self.resolvesToPrefixedGroup(group, in: target)
      else { continue }
      let fix = findings.fix(
        "write '\(prefix)\(group)'", .safe, in: entitlements,
        [.editString(at: element.path, edits: [.insert(prefix, at: 0)])])
      findings.report(
        "keychain group \(KeychainAccessGroups.shown(group, settings: target.settings.buildSettings)) lacks "
          + "'\(prefix)'; iOS will not treat it as the team's group '\(prefix)\(group)'",
        about: element, in: entitlements, fix: fix)
    }
  }

  /// Whether `group` starts with a build setting that expands to a prefixed group (or cannot be expanded, so
  /// that nothing can be said): `$(KEYCHAIN_GROUP)` set to `$(AppIdentifierPrefix)com.contoso.shared` or to
  /// `ABCDE12345.com.contoso.shared` has its prefix already, and another one would name `TEAMID.TEAMID.…`.
  /// Signing's own variables expand as signing does: the prefixes to a team identifier, `CFBundleIdentifier`
  /// to the target's bundle identifier.
  static func resolvesToPrefixedGroup(_ group: String, in target: LintTarget) -> Bool {
    guard group.hasPrefix("$(") || group.hasPrefix("${") else { return false }
    var settings = target.settings.buildSettings
    for name in ["AppIdentifierPrefix", "TeamIdentifierPrefix"] where settings.value(of: name) == nil {
      settings.define(name, as: "ABCDE12345.")
    }
    if settings.value(of: "CFBundleIdentifier") == nil, let bundleIdentifier = target.bundleIdentifier {
      settings.define("CFBundleIdentifier", as: bundleIdentifier)
    }
    guard let resolved = settings.resolve(group).resolvedText else { return true }
    return KeychainAccessGroups.prefixLength(of: resolved) != nil
  }
}

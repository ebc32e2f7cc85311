/// EN001: the entitlements lack the `com.microsoft.intune.mam` keychain group.
struct MissingIntuneKeychainGroupRule: LintRule {
  static let description = RuleDescription(
    identifier: "missing-intune-keychain-group",
    family: .entitlements, number: 1,
    summary: "keychain-access-groups lacks $(AppIdentifierPrefix)com.microsoft.intune.mam",
    whatItDoes: """
      Requires `$(AppIdentifierPrefix)com.microsoft.intune.mam` in the entitlements' \
      `keychain-access-groups`; IntuneMAMConfigurator does not add it.
      """,
    whyItMatters: """
      "The Intune App SDK uses this access group to store data" (Microsoft's integration guide, step \
      4). Without the entitlement iOS refuses the SDK's keychain calls for that group \
      (errSecMissingEntitlement), so on the device the SDK cannot keep or share its enrollment and \
      policy state with the app's extensions: enrollment fails or starts over on every launch.
      """,
    useInstead: """
      Add `$(AppIdentifierPrefix)com.microsoft.intune.mam` after the app's own group (Xcode's Keychain \
      Sharing capability writes the prefix itself).
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          ↓<array>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
          </array>
          """,
        messages: [
          """
          'keychain-access-groups' lacks '$(AppIdentifierPrefix)com.microsoft.intune.mam'; the Intune SDK cannot \
          store its enrollment data
          """,
        ],
        corrected: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
          </array>
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
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
          </array>
          """,
        file: .entitlements),
    ],
    guideSteps: [20, 23, 67]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    RequiredKeychainGroupCheck.check(
      target, requires: KeychainAccessGroups.intuneGroup, placement: .afterFirstGroup,
      reason: "the Intune SDK cannot store its enrollment data", into: &findings)
  }
}

/// EN002: the entitlements lack the MSAL token cache's keychain group.
struct MissingADALCacheKeychainGroupRule: LintRule {
  static let description = RuleDescription(
    identifier: "missing-adalcache-keychain-group",
    family: .entitlements, number: 2,
    summary: "keychain-access-groups lacks $(AppIdentifierPrefix)com.microsoft.adalcache",
    whatItDoes: """
      Requires `$(AppIdentifierPrefix)com.microsoft.adalcache` in the entitlements' \
      `keychain-access-groups`, or the group `IntuneMAMSettings.ADALCacheKeychainGroupOverride` names.
      """,
    whyItMatters: """
      MSAL keeps its token cache in this keychain group and the Intune SDK signs in through it. \
      Without the entitlement iOS refuses those keychain calls (errSecMissingEntitlement), so on the \
      device tokens are not kept: users are asked to sign in again, single sign-on with other Microsoft \
      apps fails, and the SDK's silent enrollment cannot get a token.
      """,
    useInstead: "Add `$(AppIdentifierPrefix)com.microsoft.adalcache` (or the override group) to the list.",
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
          ↓<array>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
          </array>
          """,
        messages: [
          """
          'keychain-access-groups' lacks '$(AppIdentifierPrefix)com.microsoft.adalcache'; MSAL cannot keep its tokens
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
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALCacheKeychainGroupOverride</key>
        \t<string>com.contoso.sharedcache</string>
        </dict>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          ↓<array>
          \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
          </array>
          """,
        messages: [
          """
          'keychain-access-groups' lacks '$(AppIdentifierPrefix)com.contoso.sharedcache'; MSAL cannot keep its tokens
          """,
        ],
        corrected: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
          \t<string>$(AppIdentifierPrefix)com.contoso.sharedcache</string>
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
          \t<string>ABCDE12345.com.microsoft.adalcache</string>
          </array>
          """,
        file: .entitlements),
    ],
    guideSteps: [20, 24, 26]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let override = target.intuneSettings?["ADALCacheKeychainGroupOverride"]?.string
    let group = override.map(KeychainAccessGroups.name(of:)) ?? KeychainAccessGroups.adalCacheGroup
    RequiredKeychainGroupCheck.check(
      target, requires: group, placement: .atEnd, reason: "MSAL cannot keep its tokens",
      notes: override == nil ? [] : ["'IntuneMAMSettings.ADALCacheKeychainGroupOverride' names this group"],
      into: &findings)
  }
}

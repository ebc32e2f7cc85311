import PredicateSyntax

/// EN003: a keychain group written without `$(AppIdentifierPrefix)`.
struct KeychainGroupWithoutPrefixRule: LintRule {
  static let description = RuleDescription(
    identifier: "keychain-group-without-prefix",
    family: .entitlements, number: 3,
    summary: "a keychain access group lacks $(AppIdentifierPrefix)",
    whatItDoes: """
      Finds entries of `keychain-access-groups` that start with neither `$(AppIdentifierPrefix)`, \
      `$(TeamIdentifierPrefix)` nor a literal team identifier (`ABCDE12345.`).
      """,
    whyItMatters: """
      iOS matches keychain groups including the team prefix, and a provisioning profile allows only \
      groups under it (`TEAMID.*`). A group typed without the prefix fails code signing or, when it \
      signs, names a group no app of the team can share, so the keychain items the app or the Intune \
      SDK store there are not found by the app's extensions on the device.
      """,
    useInstead: """
      Write `$(AppIdentifierPrefix)` before the group, as Microsoft's guide asks when editing the \
      entitlements file directly.
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
          </array>
          """,
        file: .entitlements),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let entitlements = target.entitlements,
      let elements = entitlements.root[KeychainAccessGroups.key]?.elements
    else { return }
    let prefix = KeychainAccessGroups.appIdentifierPrefix
    for element in elements {
      guard let group = element.string, KeychainAccessGroups.prefixLength(of: group) == nil else { continue }
      let fix = findings.fix(
        "write '\(prefix)\(group)'", .safe, in: entitlements,
        [.editString(at: element.path, edits: [.insert(prefix, at: 0)])])
      findings.report(
        "keychain group '\(group)' lacks '\(prefix)'; iOS will not treat it as the team's group '\(prefix)\(group)'",
        about: element, in: entitlements, fix: fix)
    }
  }
}

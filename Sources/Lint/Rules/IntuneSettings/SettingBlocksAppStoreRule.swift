/// IM004: settings that must not ship to the App Store.
struct SettingBlocksAppStoreRule: LintRule {
  /// The settings checked, with what each does to a shipped app.
  static let consequences: [(setting: String, consequence: String)] = [
    ("MAMPolicyRequired", "Microsoft's docs say an app with it cannot be submitted to the App Store"),
    ("MAMPolicyWarnAbsent", "every launch without an Intune policy shows a warning, App Review's included"),
    ("DebugSettingsEnabled", "test policies from the Settings bundle apply; Microsoft's docs say not to ship it"),
  ]

  static let description = RuleDescription(
    identifier: "setting-blocks-app-store",
    family: .intuneSettings, number: 4,
    summary: "an Intune setting that should not ship to the App Store is on",
    whatItDoes: "Finds `MAMPolicyRequired`, `MAMPolicyWarnAbsent` or `DebugSettingsEnabled` set to YES.",
    whyItMatters: """
      App Review runs the app without any Intune policy. With `MAMPolicyRequired` the SDK blocks the \
      app from starting, and Microsoft's settings table says "Apps can't be submitted to the App Store \
      with MAMPolicyRequired set to YES". `MAMPolicyWarnAbsent` is allowed but shows every user without \
      a policy, the reviewer included, a warning at launch. `DebugSettingsEnabled` lets test policies \
      from the Settings bundle apply on users' devices; the docs say apps "should not be shipped with \
      this setting enabled". Use a separate build configuration for line-of-business builds that need them.
      """,
    useInstead: "Set them to `<false/>` (or remove them) in App Store builds.",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        \t<key>DebugSettingsEnabled</key>
        \t↓<true/>
        \t<key>MAMPolicyRequired</key>
        \t↓<true/>
        \t<key>MAMPolicyWarnAbsent</key>
        \t↓<true/>
        </dict>
        """,
        messages: [
          """
          'DebugSettingsEnabled' is YES: test policies from the Settings bundle apply; Microsoft's docs say not to \
          ship it
          """,
          "'MAMPolicyRequired' is YES: Microsoft's docs say an app with it cannot be submitted to the App Store",
          "'MAMPolicyWarnAbsent' is YES: every launch without an Intune policy shows a warning, App Review's included",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        \t<key>MAMPolicyRequired</key>
        \t<false/>
        </dict>
        """),
    ],
    guideSteps: [48, 49, 50]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let settings = target.intuneSettings else { return }
    for (setting, consequence) in Self.consequences {
      guard let value = settings[setting], intuneFlagIsOn(value) else { continue }
      findings.report("'\(setting)' is YES: \(consequence)", about: value, in: target.infoPlist)
    }
  }
}

import IntuneKnowledge

/// IM001: a key under `IntuneMAMSettings` that the Intune App SDK does not know.
struct UnknownIntuneSettingRule: LintRule {
  static let description = RuleDescription(
    identifier: "unknown-intune-setting",
    family: .intuneSettings, number: 1,
    summary: "a key under IntuneMAMSettings that the Intune App SDK does not know",
    whatItDoes: """
      Compares every key of `IntuneMAMSettings` with the settings Microsoft documents for the Intune \
      App SDK for iOS (the docs' table, and the settings release notes added since, such as \
      `HooksAlwaysEnabled` in 20.9.0 and 21.2.0) and names the nearest documented one. A known setting that the \
      release the target links is too old to read is reported too, with the release that brought it.
      """,
    whyItMatters: """
      The SDK reads only the keys it knows and silently ignores the rest, so a misspelled setting has \
      no effect on the device: `AutoEnrollOnLaunh` leaves automatic enrollment off, a misspelled \
      `MAMTelemetryDisabled` keeps telemetry on.
      """,
    useInstead: "Spell the setting exactly as Microsoft's settings table does (keys are case-sensitive).",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
        \t↓<key>AutoEnrollOnLaunh</key>
        \t<true/>
        \t↓<key>mamPolicyRequired</key>
        \t<false/>
        </dict>
        """,
        messages: [
          "'AutoEnrollOnLaunh' is not an Intune App SDK setting and is ignored; did you mean 'AutoEnrollOnLaunch'?",
          """
          'mamPolicyRequired' is not an Intune App SDK setting (keys are case-sensitive); did you mean \
          'MAMPolicyRequired'?
          """,
        ]),
      RuleExample(
        project: ExampleProject(targets: [.init("App", frameworks: ExampleProject.Framework.intuneSDK)]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t↓<key>HooksAlwaysEnabled</key>
          \t<true/>
          </dict>
          """,
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "20.8.0"), markedFile: "App/Info.plist",
        messages: ["'HooksAlwaysEnabled' is read from Intune App SDK 20.9.0 or 21.2.0; the 20.8.0 the target links "
          + "ignores it"]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        \t<key>SplashIconFile~ipad</key>
        \t<string>SplashIcon-iPad</string>
        \t<key>HooksAlwaysEnabled</key>
        \t<true/>
        </dict>
        """),
    ],
    guideSteps: [41]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let entries = target.intuneSettings?.entries else { return }
    for entry in entries where IntuneSettingsCatalog.settingsByName[entry.key.text] == nil {
      let name = entry.key.text
      let nearest = IntuneSettingsCatalog.nearestSetting(to: name)
      let message: String
      if nearest.distance == 0 {
        message = "'\(name)' is not an Intune App SDK setting (keys are case-sensitive); did you mean "
          + "'\(nearest.setting.name)'?"
      } else if nearest.distance <= max(2, name.count / 4) {
        message = "'\(name)' is not an Intune App SDK setting and is ignored; did you mean '\(nearest.setting.name)'?"
      } else {
        message = "'\(name)' is not an Intune App SDK setting and is ignored; the nearest documented setting is "
          + "'\(nearest.setting.name)'"
      }
      findings.report(message, aboutKeyOf: entry, in: target.infoPlist)
    }
    guard let release = target.linkedIntuneSDKRelease else { return }
    for entry in entries {
      guard let setting = IntuneSettingsCatalog.settingsByName[entry.key.text], !setting.isRead(by: release) else {
        continue
      }
      let releases = setting.introduced.map(\.description).joined(separator: " or ")
      findings.report(
        "'\(setting.name)' is read from Intune App SDK \(releases); the \(release) the target links ignores it",
        aboutKeyOf: entry, in: target.infoPlist, notes: setting.introducedSource.map { [$0] } ?? [])
    }
  }
}

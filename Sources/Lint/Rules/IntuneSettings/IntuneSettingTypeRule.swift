import IntuneKnowledge
import PropertyList

/// IM002: a documented Intune setting written with the wrong plist type.
struct IntuneSettingTypeRule: LintRule {
  static let description = RuleDescription(
    identifier: "intune-setting-type",
    family: .intuneSettings, number: 2,
    summary: "an Intune setting has the wrong property list type",
    whatItDoes: """
      Checks each documented key of `IntuneMAMSettings` (and `IntuneMAMSettings` itself) against the \
      type in Microsoft's settings table: booleans as `<true/>`/`<false/>`, numbers as `<integer>` or \
      `<real>`, arrays of strings.
      """,
    whyItMatters: """
      The SDK reads each setting as the documented type; a value of another type is ignored or misread \
      on the device, so the setting keeps its default: `MAMTelemetryDisabled` written as the string \
      `YES` may leave telemetry on, `AppGroupIdentifiers` as a single string leaves the app groups unmanaged.
      """,
    useInstead: "Write the type the table gives, e.g. `<true/>` rather than `<string>YES</string>`.",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>MAMTelemetryDisabled</key>
        \t↓<string>YES</string>
        \t<key>SplashDuration</key>
        \t↓<string>2</string>
        \t<key>WebViewHandledURLSchemes</key>
        \t<array>
        \t\t<string>https</string>
        \t\t↓<integer>1</integer>
        \t</array>
        </dict>
        """,
        messages: [
          """
          'MAMTelemetryDisabled' is a string; the Intune App SDK reads a boolean (<true/> or <false/>); write <true/> \
          instead of the string 'YES'
          """,
          "'SplashDuration' is a string; the Intune App SDK reads a number (<integer> or <real>)",
          """
          'IntuneMAMSettings.WebViewHandledURLSchemes[1]' is an integer; 'WebViewHandledURLSchemes' is an array of \
          strings
          """,
        ]),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        ↓<string>AutoEnrollOnLaunch</string>
        """, messages: ["'IntuneMAMSettings' is a string; the Intune App SDK reads a dictionary"]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>MAMTelemetryDisabled</key>
        \t<true/>
        \t<key>SplashDuration</key>
        \t<real>2.5</real>
        \t<key>WebViewHandledURLSchemes</key>
        \t<array>
        \t\t<string>https</string>
        \t</array>
        </dict>
        """),
    ],
    guideSteps: [40, 42, 53]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let document = target.infoPlist
    if let settingsNode = document.root["IntuneMAMSettings"], settingsNode.entries == nil {
      findings.report(
        "'IntuneMAMSettings' is \(settingsNode.type.nameWithArticle); the Intune App SDK reads a dictionary",
        about: settingsNode, in: document)
      return
    }
    guard let entries = target.intuneSettings?.entries else { return }
    for entry in entries {
      guard let setting = IntuneSettingsCatalog.settingsByName[entry.key.text] else { continue }
      let value = entry.value
      guard setting.type.matches(value) else {
        var message = "'\(setting.name)' is \(value.type.nameWithArticle); the Intune App SDK reads "
          + setting.type.phrase
        if setting.type == .boolean, let text = value.string {
          message += "; write <\(intuneFlagIsOn(value))/> instead of the string '\(text)'"
        }
        findings.report(message, about: value, in: document)
        continue
      }
      guard setting.type == .stringArray, let elements = value.elements else { continue }
      for element in elements where element.string == nil {
        findings.report(
          "'\(element.keyPath)' is \(element.type.nameWithArticle); '\(setting.name)' is an array of strings",
          about: element, in: document)
      }
    }
  }
}

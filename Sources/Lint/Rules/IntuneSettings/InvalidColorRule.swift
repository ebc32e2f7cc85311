import IntuneKnowledge

/// IM005: a color setting that is not `#RRGGBB`.
struct InvalidColorRule: LintRule {
  static let description = RuleDescription(
    identifier: "invalid-color",
    family: .intuneSettings, number: 5,
    summary: "an Intune color setting is not a #RRGGBB hex color",
    whatItDoes: """
      Checks `BackgroundColor`, `ForegroundColor`, `AccentColor`, `SecondaryBackgroundColor` and \
      `SecondaryForegroundColor`: six hexadecimal digits, optionally after `#`.
      """,
    whyItMatters: """
      The SDK cannot parse any other form, so its PIN, launch and MTD screens on the device ignore the \
      color and fall back to the system defaults instead of the app's brand.
      """,
    useInstead: "Write six hex digits, e.g. `#0F6CBD` (the `#` may be left out).",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AccentColor</key>
        \t↓<string>#12345G</string>
        \t<key>BackgroundColor</key>
        \t↓<string>#FFF</string>
        \t<key>ForegroundColor</key>
        \t↓<string>rgb(0, 0, 0)</string>
        </dict>
        """,
        messages: [
          "'#12345G' is not a color for 'AccentColor'; the SDK reads '#RRGGBB' hex digits ('#' optional)",
          "'#FFF' is not a color for 'BackgroundColor'; the SDK reads '#RRGGBB' hex digits ('#' optional)",
          "'rgb(0, 0, 0)' is not a color for 'ForegroundColor'; the SDK reads '#RRGGBB' hex digits ('#' optional)",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AccentColor</key>
        \t<string>#0F6CBD</string>
        \t<key>BackgroundColor</key>
        \t<string>ffffff</string>
        </dict>
        """),
    ],
    guideSteps: [51]
  )

  /// Whether `text` is six hex digits with an optional leading `#`.
  static func isHexColor(_ text: String) -> Bool {
    let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
    return digits.count == 6 && digits.allSatisfy(\.isHexDigit)
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let settings = target.intuneSettings else { return }
    for name in IntuneSettingsCatalog.colorSettingNames {
      guard let value = settings[name], let text = value.string, !Self.isHexColor(text) else { continue }
      findings.report(
        "'\(text)' is not a color for '\(name)'; the SDK reads '#RRGGBB' hex digits ('#' optional)",
        about: value, in: target.infoPlist)
    }
  }
}

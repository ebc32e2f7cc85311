import XcodeModel

/// IM008: an extension whose `IntuneMAMSettings` does not name its containing app.
struct ExtensionWithoutContainingAppRule: LintRule {
  static let description = RuleDescription(
    identifier: "extension-without-containing-app",
    family: .intuneSettings, number: 8,
    summary: "an extension's IntuneMAMSettings lacks ContainingAppBundleId",
    whatItDoes: "In app extensions, requires `ContainingAppBundleId` under `IntuneMAMSettings`.",
    whyItMatters: """
      The SDK inside an extension uses it to find the containing app's enrolled account and policy \
      ("Required for iOS extensions" in Microsoft's settings table). Without it the extension does not \
      know which managed app it belongs to, so on the device the admin's app protection policy is not \
      applied consistently to what users share or open through the extension.
      """,
    useInstead: "Add `ContainingAppBundleId` with the containing app's `CFBundleIdentifier`.",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        ↓<dict>
        \t<key>AppGroupIdentifiers</key>
        \t<array>
        \t\t<string>group.com.fabrikam.field</string>
        \t</array>
        </dict>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.ui-services</string>
        </dict>
        """,
        messages: [
          "IntuneMAMSettings has no 'ContainingAppBundleId'; the extension cannot find its app's enrollment",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        </dict>
        """),
    ],
    guideSteps: [46]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .appExtension, target.intuneSettings?["ContainingAppBundleId"] == nil,
      IntuneSDKWithoutSettingsRule.linkedSDKWithoutSettings(target) == nil  // IM022's one finding
    else { return }
    let written = target.containingAppInfoPlist?.root["CFBundleIdentifier"]?.string
    // The project's value for the app in this configuration, when known: the Info.plist often writes a setting.
    let resolved = target.settings.containingAppBundleIdentifier.flatMap { $0.isEmpty ? nil : $0 }
    let shown: String?
    if let resolved, let written, BuildSettingText.mayHoldReferences(written) {
      shown = BuildSettingEvaluation.shown(resolved, written: written)
    } else {
      shown = (resolved ?? written).map { "'\($0)'" }
    }
    findings.reportMissingIntuneSetting(
      "no 'ContainingAppBundleId'", consequence: "the extension cannot find its app's enrollment",
      key: "ContainingAppBundleId", of: target,
      notes: shown.map { ["the containing app's bundle identifier is \($0)"] } ?? [])
  }
}

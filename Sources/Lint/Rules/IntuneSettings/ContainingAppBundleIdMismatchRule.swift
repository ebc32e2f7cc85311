import PropertyList
import XcodeModel

/// IM013: an extension's `ContainingAppBundleId` is not its containing app's bundle identifier.
struct ContainingAppBundleIdMismatchRule: LintRule {
  static let key = "ContainingAppBundleId"

  static let description = RuleDescription(
    identifier: "containing-app-bundle-id-mismatch",
    family: .intuneSettings, number: 13,
    summary: "an extension's ContainingAppBundleId is not its containing app's bundle identifier",
    whatItDoes: """
      In app extensions, compares `IntuneMAMSettings.ContainingAppBundleId`, build settings expanded, with the \
      containing app's bundle identifier: the app target's `PRODUCT_BUNDLE_IDENTIFIER` in the same \
      configuration when the Xcode project embeds the extension, else the app's literal `CFBundleIdentifier`. \
      When the containing app is unknown, requires the extension's own bundle identifier to start with it and \
      a dot, as iOS requires of every extension.
      """,
    whyItMatters: """
      Microsoft's settings table (stage 3 "Integrate the Intune App SDK", section "Configure settings for the \
      Intune App SDK"; 2020 developer guide, same section) marks `ContainingAppBundleId` "Required for iOS \
      extensions": the SDK inside the extension uses it to find the enrolled account and the app protection \
      policy of its app. A value copied from another app, a sample, or a bundle identifier that changed since \
      leaves the extension unmanaged on the device, so what users share through it escapes the policy \
      (ms-intune-app-sdk-ios#340).
      """,
    useInstead: """
      Write the containing app's bundle identifier, or the same build setting the app's \
      `PRODUCT_BUNDLE_IDENTIFIER` uses. The fix writes it when both are literal; with build settings the value \
      may differ by configuration and no fix is offered.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t↓<string>com.contoso.notebook</string>
        </dict>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """,
        messages: [
          """
          'ContainingAppBundleId' is 'com.contoso.notebook' but the extension's bundle identifier \
          'com.contoso.notes.share' does not start with 'com.contoso.notebook.'; an extension's identifier starts \
          with its containing app's, so this names another app
          """,
        ]),
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t↓<string>$(APP_BUNDLE_ID).beta</string>
        </dict>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.ui-services</string>
        </dict>
        """,
        messages: [
          """
          'ContainingAppBundleId' is 'com.fabrikam.field.beta' (from '$(APP_BUNDLE_ID).beta') but the extension's \
          bundle identifier 'com.fabrikam.field.action' (from '$(PRODUCT_BUNDLE_IDENTIFIER)') does not start with \
          'com.fabrikam.field.beta.'; an extension's identifier starts with its containing app's, so this names \
          another app
          """,
        ],
        configuration: """
          build_settings:
            PRODUCT_BUNDLE_IDENTIFIER: com.fabrikam.field.action
            APP_BUNDLE_ID: com.fabrikam.field
          """),
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t↓<string>com.contoso.note</string>
        </dict>
        <key>NSExtension</key>
        <dict/>
        """,
        containingApp: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes</string>
          """,
        messages: [
          """
          'ContainingAppBundleId' is 'com.contoso.note' but the containing app's bundle identifier is \
          'com.contoso.notes'; the SDK in the extension looks for another app's enrollment and policy
          """,
        ],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes.share</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ContainingAppBundleId</key>
          \t<string>com.contoso.notes</string>
          </dict>
          <key>NSExtension</key>
          <dict/>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>NSExtension</key>
        <dict/>
        """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>$(APP_BUNDLE_ID)</string>
        </dict>
        <key>NSExtension</key>
        <dict/>
        """),
    ],
    guideSteps: [46]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .appExtension, let node = target.intuneSettings?[Self.key], let written = node.string,
      let value = EntraRegistration.resolved(written, in: target), !value.isEmpty
    else { return }
    let document = target.infoPlist
    let shownValue = BuildSettingEvaluation.shown(value, written: written)
    if let app = containingAppBundleIdentifier(of: target) {
      guard value.lowercased() != app.identifier.lowercased() else { return }
      let fix = app.isLiteral && !written.contains("$")
        ? findings.fix(
          "write '\(app.identifier)'", .safe, in: document,
          [.replaceValue(at: node.path, with: .string(app.identifier))])
        : nil
      let appWritten = target.containingAppInfoPlist?.root["CFBundleIdentifier"]?.string
        .flatMap { BuildSettingText.mayHoldReferences($0) ? $0 : nil } ?? app.identifier
      findings.report(
        "'\(Self.key)' is \(shownValue) but the containing app's bundle identifier is "
          + "\(BuildSettingEvaluation.shown(app.identifier, written: appWritten)); the SDK in the extension looks for "
          + "another app's enrollment and policy",
        about: node, in: document, fix: fix)
      return
    }
    guard let extensionIdentifier = EntraRegistration.resolvedBundleIdentifier(of: target),
      !extensionIdentifier.lowercased().hasPrefix(value.lowercased() + ".")
    else { return }
    findings.report(
      "'\(Self.key)' is \(shownValue) but the extension's bundle identifier "
        + "\(EntraRegistration.shownBundleIdentifier(extensionIdentifier, of: target)) does not start with "
        + "'\(value).'; an extension's identifier starts with its containing app's, so this names another app",
      about: node, in: document)
  }

  /// The containing app's bundle identifier: the project's expanded setting, else a literal `CFBundleIdentifier`
  /// of the app's Info.plist (one written with build settings would be expanded with the extension's).
  private func containingAppBundleIdentifier(of target: LintTarget) -> (identifier: String, isLiteral: Bool)? {
    if let identifier = target.settings.containingAppBundleIdentifier, !identifier.isEmpty {
      return (identifier, false)
    }
    guard let identifier = target.containingAppInfoPlist?.root["CFBundleIdentifier"]?.string, !identifier.isEmpty,
      BuildSettingText(parsing: identifier).references.isEmpty
    else { return nil }
    return (identifier, true)
  }
}

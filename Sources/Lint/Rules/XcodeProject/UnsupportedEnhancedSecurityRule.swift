import IntuneKnowledge
import PropertyList
import SharelintBase
import XcodeModel

/// XC022: an Intune target turns on Enhanced Security's read-only platform memory or pointer authentication.
struct UnsupportedEnhancedSecurityRule: LintRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-with-unsupported-enhanced-security",
    family: .xcodeProject, number: 22,
    summary: "an Intune target turns on read-only platform memory or pointer authentication, which the SDK does "
      + "not support",
    whatItDoes: """
      Reports the two options of Xcode 26's Enhanced Security capability the Intune App SDK does not support, in \
      an Intune app or extension: "Enable Read-Only Platform Memory", which Xcode writes as the entitlement \
      `com.apple.security.hardened-process.dyld-ro` set to true, and "Authenticate Pointers", the build setting \
      `ENABLE_POINTER_AUTHENTICATION` (YES; when nothing sets it, it follows `ENABLE_ENHANCED_SECURITY`), or \
      `arm64e` written in `ARCHS`. The capability's other entitlements (`com.apple.security.hardened-process`, \
      its version, hardened heap, platform restrictions, checked allocations) are left alone.
      """,
    whyItMatters: """
      The Intune App SDK 21.1.0 release notes (2025-09-19): Xcode 26's Enhanced Security "Authenticate pointers" \
      and "Read-only Platform Memory" are not supported, and the SDK closes the app when read-only platform \
      memory is on. Adding the capability turns both on: Xcode adds the read-only memory entitlement and sets \
      `ENABLE_POINTER_AUTHENTICATION` to YES, which builds an `arm64e` slice (developer.apple.com, "Enabling \
      enhanced security for your app"; swift-build adds `arm64e` to the standard architectures when the setting \
      is YES).
      """,
    useInstead: """
      Keep Enhanced Security without those two: uncheck "Enable Read-Only Platform Memory" and "Authenticate \
      Pointers" in the capability (the entitlement goes, `ENABLE_POINTER_AUTHENTICATION = NO`), and leave \
      `arm64e` out of `ARCHS`. No automatic fix: turning off a protection is the developer's decision.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
                frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: ["App/App.entitlements": """
          <key>com.apple.security.hardened-process</key>
          <true/>
          <key>com.apple.security.hardened-process.dyld-ro</key>
          ↓<true/>
          <key>com.apple.security.hardened-process.enhanced-security-version-string</key>
          <string>2</string>
          """],
        markedFile: "App/App.entitlements",
        messages: [
          "'com.apple.security.hardened-process.dyld-ro' turns on read-only platform memory, which the Intune "
            + "App SDK does not support: the SDK closes the app",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["ENABLE_POINTER_AUTHENTICATION": "↓YES"],
                frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        messages: [String](
          repeating: "'ENABLE_POINTER_AUTHENTICATION' is 'YES': authenticated pointers, which the Intune App SDK "
            + "does not support", count: 2)),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["ENABLE_ENHANCED_SECURITY": "↓YES"],
                frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        messages: [String](
          repeating: "'ENABLE_ENHANCED_SECURITY' is 'YES' and turns on pointer authentication "
            + "(ENABLE_POINTER_AUTHENTICATION follows it), which the Intune App SDK does not support", count: 2)),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ], projectSettings: ["ARCHS": "↓arm64e"]),
        messages: [String](
          repeating: "'ARCHS' includes 'arm64e': authenticated pointers, which the Intune App SDK does not support",
          count: 2)),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: [
            "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements", "ENABLE_ENHANCED_SECURITY": "YES",
            "ENABLE_POINTER_AUTHENTICATION": "NO",
          ], frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: ["App/App.entitlements": """
          <key>com.apple.security.hardened-process</key>
          <true/>
          <key>com.apple.security.hardened-process.enhanced-security-version-string</key>
          <string>2</string>
          <key>com.apple.security.hardened-process.hardened-heap</key>
          <true/>
          <key>com.apple.security.hardened-process.platform-restrictions-string</key>
          <string>2</string>
          """]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["CODE_SIGN_ENTITLEMENTS": "App/App.entitlements"],
                frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: ["App/App.entitlements": """
          <key>com.apple.security.hardened-process</key>
          <true/>
          <key>com.apple.security.hardened-process.dyld-ro</key>
          <false/>
          """]),
    ],
    referenceData: IntuneSDKKnownIssues.referenceData
  )

  private static let yes: Set<String> = ["YES", "TRUE", "1"]

  func check(_ target: LintTarget, into findings: inout Findings) {
    if let entitlements = target.entitlements,
      let node = entitlements.root[IntuneSDKKnownIssues.readOnlyPlatformMemoryEntitlement], node.boolean == true
    {
      findings.report(
        "'\(IntuneSDKKnownIssues.readOnlyPlatformMemoryEntitlement)' turns on read-only platform memory, which the "
          + "Intune App SDK does not support: the SDK closes the app",
        about: node, in: entitlements,
        notes: ["Xcode's Enhanced Security capability writes it for \"Enable Read-Only Platform Memory\"; "
          + IntuneSDKKnownIssues.enhancedSecuritySource + " call the option unsupported"])
    }
    guard let view = ProjectTargetView(target) else { return }
    checkPointerAuthentication(view, into: &findings)
  }

  /// Authenticated pointers: `ENABLE_POINTER_AUTHENTICATION` as Xcode evaluates it (its default is
  /// `ENABLE_ENHANCED_SECURITY`), else `arm64e` in `ARCHS`.
  private func checkPointerAuthentication(_ view: ProjectTargetView, into findings: inout Findings) {
    let setting = IntuneSDKKnownIssues.pointerAuthenticationSetting
    let enhanced = IntuneSDKKnownIssues.enhancedSecuritySetting
    let note = IntuneSDKKnownIssues.enhancedSecuritySource + " call \"Authenticate pointers\" unsupported"
    if view.decidingDefinition(of: setting) != nil {
      if Self.yes.contains(view.value(of: setting).uppercased()) {
        view.report(
          "'\(setting)' is \(view.shownValue(of: setting)): authenticated pointers, which the Intune App SDK does "
            + "not support", at: view.settingSite(setting), keyPath: setting, notes: [note], into: &findings)
        return
      }
    } else if view.decidingDefinition(of: enhanced) != nil, Self.yes.contains(view.value(of: enhanced).uppercased()) {
      view.report(
        "'\(enhanced)' is \(view.shownValue(of: enhanced)) and turns on pointer authentication (\(setting) follows "
          + "it), which the Intune App SDK does not support", at: view.settingSite(enhanced), keyPath: enhanced,
        notes: [note, "set \(setting) = NO to keep the other protections"], into: &findings)
      return
    }
    let architectures = "ARCHS"
    let architecture = IntuneSDKKnownIssues.pointerAuthenticationArchitecture
    guard view.decidingDefinition(of: architectures) != nil,
      view.value(of: architectures).split(whereSeparator: { $0 == " " || $0 == "\t" })
        .contains(Substring(architecture))
    else { return }
    view.report(
      "'\(architectures)' includes '\(architecture)': authenticated pointers, which the Intune App SDK does not "
        + "support", at: view.settingSite(architectures), keyPath: architectures, notes: [note], into: &findings)
  }
}

import IntuneKnowledge

/// XC019: a built app was built with an Xcode older than the one its Intune App SDK release supports.
struct XcodeOlderThanIntuneSDKSupportsRule: LintRule {
  static let description = RuleDescription(
    identifier: "xcode-older-than-intune-sdk-supports",
    family: .xcodeProject, number: 19,
    summary: "a built app was built with an Xcode older than its Intune App SDK release supports",
    whatItDoes: """
      For a built app (an `.app` folder or an `.ipa`) carrying the SDK's framework, reads the Xcode that built it \
      (`DTXcode` in its Info.plist: `1620` is Xcode 16.2) and the framework's version, and compares the Xcode with \
      the one the SDK's README supports for that line of releases ("Supported Xcode Version": 21.x → Xcode 26, \
      20.x → 16, 18.x–19.x → 15, 17.x → 14, 15.x–16.x → 13, 14.1–14.x → 12; `knowledge_checked` in `explain`). \
      A project says nothing of the Xcode that builds it, so only built apps are checked.
      """,
    whyItMatters: """
      The guides' prerequisites name the Xcode of their time ("stage 3": Xcode 14.0 or later; the 2020 guide: \
      Xcode 9), and the README's table is the current one. The SDK's Swift framework is built by that Xcode: an \
      older Swift compiler cannot read its interface or links it against a runtime it does not match, and \
      Microsoft fixes nothing for builds outside the table.
      """,
    useInstead: "Build the app with the Xcode the SDK's README names for its release, or use a release that supports "
      + "the Xcode the app must be built with.",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: [
          "Built/Contoso.app/Info.plist": """
            <key>CFBundleIdentifier</key>
            <string>com.contoso.notes</string>
            <key>DTXcode</key>
            ↓<string>1620</string>
            <key>IntuneMAMSettings</key>
            <dict/>
            """,
          "Built/Contoso.app/Frameworks/IntuneMAMSwift.framework/Info.plist": """
            <key>CFBundleShortVersionString</key>
            <string>21.7.1</string>
            <key>MinimumOSVersion</key>
            <string>17.0</string>
            """,
        ],
        markedFile: "Built/Contoso.app/Info.plist",
        messages: [
          message(xcode: "16.2", written: "1620", sdk: ReleaseVersion(21, 7, 1), supported: 26),
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: [
          "Built/Contoso.app/Info.plist": """
            <key>CFBundleIdentifier</key>
            <string>com.contoso.notes</string>
            <key>DTXcode</key>
            <string>2600</string>
            <key>IntuneMAMSettings</key>
            <dict/>
            """,
          "Built/Contoso.app/Frameworks/IntuneMAMSwift.framework/Info.plist": """
            <key>CFBundleShortVersionString</key>
            <string>21.7.1</string>
            """,
        ]),
    ],
    guideSteps: [1],
    referenceData: IntuneSDKReleases.referenceData
  )

  static func message(xcode: String, written: String, sdk: ReleaseVersion, supported: Int) -> String {
    "the app was built with Xcode \(xcode) (DTXcode '\(written)'); the Intune App SDK \(sdk) supports Xcode "
      + "\(supported) (sharelint's knowledge, checked \(KnowledgeSnapshot.checkedOn))"
  }

  /// The Xcode version `DTXcode` encodes (`1620` → 16.2, `0941` → 9.4.1), as major and the shown text.
  static func xcodeVersion(_ text: String) -> (major: Int, shown: String)? {
    guard (3...4).contains(text.count), text.allSatisfy(\.isASCII), let number = Int(text), number > 0 else {
      return nil
    }
    let major = number / 100
    let minor = (number / 10) % 10
    let patch = number % 10
    return (major, patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)")
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app, let sdk = BundledIntuneSDK(target), let node = target.infoPlist.root["DTXcode"],
      let text = node.string, let xcode = Self.xcodeVersion(text),
      let (supported, source) = IntuneSDKReleases.supportedXcode(for: sdk.version), xcode.major < supported
    else { return }
    findings.report(
      Self.message(xcode: xcode.shown, written: text, sdk: sdk.version, supported: supported), about: node, in: target.infoPlist,
      notes: ["the app carries Frameworks/\(sdk.framework) \(sdk.version); \(source)"])
  }
}

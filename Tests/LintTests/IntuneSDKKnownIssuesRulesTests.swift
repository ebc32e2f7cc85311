import Lint
import Testing

/// XC021 (both builds of the SDK linked) and XC022 (Enhanced Security options the SDK does not support) beyond
/// their examples: the ways of linking or configuring that must count, and the look-alikes that must not.
@Suite struct IntuneSDKKnownIssuesRulesTests {
  static func rule(_ code: String) -> any LintRule.Type {
    RuleRegistry.rules.first { $0.description.code == code }!
  }

  static func expectTriggers(
    _ example: RuleExample, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let problems = ExampleCheck.problems(ofTriggering: example, of: rule(code))
    #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
  }

  static func expectSilent(_ example: RuleExample, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = ExampleCheck.problems(ofNonTriggering: example, of: rule(code))
    #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
  }

  // MARK: - XC021

  @Test func aProductAndAFileOfTheOtherBuildClash() {
    Self.expectTriggers(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")],
                packageProducts: [.init("IntuneMAMSwift", mark: true)]),
        ]),
        messages: [
          "'App' links both 'IntuneMAMSwift' and 'IntuneMAMStatic.xcframework', which both produce "
            + "IntuneMAMSwift.framework; the build fails with 'Multiple commands produce'",
        ]),
      "XC021")
  }

  @Test func theNotesNameBothLibrariesAndWhichToKeep() throws {
    let example = RuleExample(
      project: ExampleProject(targets: [
        .init("App", packageProducts: [.init("IntuneMAMStatic"), .init("IntuneMAMSwift", mark: true)]),
      ]))
    let diagnostic = try #require(ExampleRun.run(Self.rule("XC021"), on: example).diagnostics.first)
    #expect(diagnostic.keyPath == "App › Frameworks › IntuneMAMSwift")
    #expect(diagnostic.notes.contains { $0.contains("links the Swift package product 'IntuneMAMStatic'") })
    #expect(diagnostic.notes.contains { $0.contains("links the Swift package product 'IntuneMAMSwift'") })
    #expect(diagnostic.notes.contains { $0.hasPrefix("keep one: the guide recommends IntuneMAMSwift") })
  }

  @Test func productsOfAnotherPackageDoNotCount() {
    let wrapper = "https://github.com/contoso/intune-wrapper"
    Self.expectSilent(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", packageProducts: [
            .init("IntuneMAMSwift", package: wrapper), .init("IntuneMAMStatic", package: wrapper),
          ]),
        ])),
      "XC021")
  }

  /// The rule reads one target's libraries, the case #690 and #691 report. Two targets of one build copying the two
  /// xcframeworks into the same products folder may clash as well (swift-build gives both one output path), but no
  /// report confirms it, so that is not flagged.
  @Test func eachTargetIsCheckedOnItsOwn() {
    Self.expectSilent(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", packageProducts: [.init("IntuneMAMSwift")]),
          .init("Share", isExtension: true, packageProducts: [.init("IntuneMAMStatic")]),
        ]),
        files: ["Share/Info.plist": Self.managedShareExtension]),
      "XC021")
  }

  @Test func theStubAndTelemetryBesideOneBuildAreFine() {
    Self.expectSilent(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
          ], packageProducts: [.init("IntuneMAMTelemetry"), .init("libIntuneMAMSwiftFileProvider")]),
        ])),
      "XC021")
  }

  // MARK: - XC022

  @Test func anExtensionLinkingTheSDKWithReadOnlyPlatformMemoryIsReported() {
    Self.expectTriggers(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
          .init("Share", isExtension: true, settings: ["CODE_SIGN_ENTITLEMENTS": "Share/Share.entitlements"],
                frameworks: [.init("IntuneMAMSwift.xcframework"), .init("IntuneMAMSwiftStub.xcframework")]),
        ]),
        files: [
          "Share/Info.plist": Self.managedShareExtension,
          "Share/Share.entitlements": """
            <key>com.apple.security.hardened-process</key>
            <true/>
            <key>com.apple.security.hardened-process.dyld-ro</key>
            ↓<true/>
            """,
        ],
        markedFile: "Share/Share.entitlements",
        messages: [
          "'com.apple.security.hardened-process.dyld-ro' turns on read-only platform memory, which the Intune "
            + "App SDK does not support: the SDK closes the app",
        ]),
      "XC022")
  }

  @Test func anAppWithoutTheSDKMayUseEveryOption() {
    Self.expectSilent(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: [
            "CODE_SIGN_ENTITLEMENTS": "App/App.entitlements", "ENABLE_ENHANCED_SECURITY": "YES",
            "ENABLE_POINTER_AUTHENTICATION": "YES", "ARCHS": "arm64 arm64e",
          ]),
        ]),
        infoPlist: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>",
        files: ["App/App.entitlements": "<key>com.apple.security.hardened-process.dyld-ro</key>\n<true/>"]),
      "XC022")
  }

  @Test func pointerAuthenticationSetByReferenceShowsWhatIsWritten() {
    Self.expectTriggers(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["POINTER_AUTH": "YES", "ENABLE_POINTER_AUTHENTICATION": "↓$(POINTER_AUTH)"],
                frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        messages: [String](
          repeating: "'ENABLE_POINTER_AUTHENTICATION' is 'YES' (from '$(POINTER_AUTH)'): authenticated pointers, "
            + "which the Intune App SDK does not support", count: 2)),
      "XC022")
  }

  @Test func arm64eAddedToTheStandardArchitecturesCounts() {
    Self.expectTriggers(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settingsByConfiguration: ["Release": ["ARCHS": "↓$(ARCHS_STANDARD) arm64e"]],
                frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        messages: [
          "'ARCHS' includes 'arm64e': authenticated pointers, which the Intune App SDK does not support",
        ]),
      "XC022")
  }

  @Test func pointerAuthenticationTurnedOffWinsOverArm64e() {
    // ENABLE_POINTER_AUTHENTICATION = NO only keeps Xcode from adding arm64e; arm64e written in ARCHS still builds it.
    Self.expectTriggers(
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["ENABLE_POINTER_AUTHENTICATION": "NO", "ARCHS": "↓arm64e"],
                frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        messages: [String](
          repeating: "'ARCHS' includes 'arm64e': authenticated pointers, which the Intune App SDK does not support",
          count: 2)),
      "XC022")
  }

  @Test func looseEntitlementsOfAnIntuneAppAreRead() {
    Self.expectTriggers(
      RuleExample(
        "<key>CFBundleIdentifier</key>\n<string>com.contoso.notes</string>\n<key>IntuneMAMSettings</key>\n<dict/>",
        entitlements: "<key>com.apple.security.hardened-process.dyld-ro</key>\n↓<true/>",
        messages: [
          "'com.apple.security.hardened-process.dyld-ro' turns on read-only platform memory, which the Intune "
            + "App SDK does not support: the SDK closes the app",
        ],
        file: .entitlements),
      "XC022")
  }

  static let managedShareExtension = """
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
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
    """
}

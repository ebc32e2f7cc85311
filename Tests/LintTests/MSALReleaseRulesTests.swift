import IntuneKnowledge
import Testing

@testable import Lint

/// The edges of the rules that read MSAL's releases (issue 30): IM014's broker-capable redirect URI, US007 for apps
/// that link MSAL without Intune settings, XC011 by the SDK's generation, XC024's minimum iOS.
@Suite struct MSALReleaseRulesTests {
  // MARK: - Fixtures

  /// The Info.plist body of an Intune app whose `ADALRedirectUri` is `redirectURI`, with `extra` keys in its settings.
  static func intuneApp(redirectURI: String, extra: String = "") -> String {
    """
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ADALClientId</key>
    \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
    \t<key>ADALRedirectUri</key>
    \t<string>\(redirectURI)</string>\(extra)
    </dict>
    """
  }

  /// An app target linking the Intune App SDK and `others`.
  static func intuneProject(_ others: [ExampleProject.Framework] = []) -> ExampleProject {
    ExampleProject(targets: [.init("App", frameworks: ExampleProject.Framework.intuneSDK + others)])
  }

  /// The Info.plist body of an app without Intune settings registering `schemes`.
  static func plainApp(schemes: [String]) -> String {
    """
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>CFBundleURLTypes</key>
    <array>
    \t<dict>
    \t\t<key>CFBundleURLSchemes</key>
    \t\t<array>
    \(schemes.map { "\t\t\t<string>\($0)</string>" }.joined(separator: "\n"))
    \t\t</array>
    \t</dict>
    </array>
    """
  }

  static func findings(_ rule: any LintRule.Type, _ example: RuleExample) -> [LintDiagnostic] {
    ExampleRun.run(rule, on: example).diagnostics
  }

  // MARK: - IM014: a broker-capable redirect URI from MSAL 2.0 on

  @Test(arguments: [
    ("msauth.com.contoso.notes://auth", true), ("MSAuth.com.Contoso.Notes://auth", true),
    ("contoso-notes://com.contoso.notes", true), ("contoso-notes://com.contoso.notes/path", true),
    ("contoso-notes://auth", false), ("msauth://code/com.contoso.notes", false), ("https://com.contoso.notes", false),
    ("urn:ietf:wg:oauth:2.0:oob", false), ("x-msauth-contoso://com.contoso.notes.beta", false), ("auth", false),
  ])
  func brokerCapableRedirectURIs(_ uri: String, _ capable: Bool) {
    #expect(EntraRegistration.isBrokerCapable(uri, bundleIdentifier: "com.contoso.notes") == capable)
  }

  @Test func anUnknownMSALVersionIsTheNewestAndTheNoteSaysSo() throws {
    let loose = Self.findings(
      RedirectURIForAnotherAppRule.self,
      RuleExample(Self.intuneApp(redirectURI: "contoso-notes://auth"), configuration: """
        build_settings:
          PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
        """))
    let finding = try #require(loose.first)
    #expect(loose.count == 1)
    #expect(finding.notes.contains(
      "the app's build is not known: MSAL \(MSALReleases.newestKnown), the newest release known, is assumed"))

    // A project that links MSAL through a pod without Podfile.lock: linked, version unknown.
    let project = Self.findings(
      RedirectURIForAnotherAppRule.self,
      RuleExample(
        project: Self.intuneProject(), infoPlist: Self.intuneApp(redirectURI: "contoso-notes://auth"),
        files: ["Podfile": "target 'App' do\n  pod 'MSAL'\nend\n"], markedFile: "App/Info.plist"))
    #expect(project.count == 1)
    #expect(project.first?.notes.first?.hasPrefix("the app links the pod 'MSAL'") == true)
    #expect(project.first?.notes.first?.hasSuffix(
      "at a version sharelint cannot read: MSAL \(MSALReleases.newestKnown), the newest release known, is assumed")
      == true)
  }

  @Test func aKnownMSALVersionDecides() {
    func run(_ version: String) -> [LintDiagnostic] {
      Self.findings(
        RedirectURIForAnotherAppRule.self,
        RuleExample(
          project: Self.intuneProject([.init("MSAL.xcframework", embedding: .embedAndSign)]),
          infoPlist: Self.intuneApp(redirectURI: "contoso-notes://auth"),
          files: ExampleFiles.xcframework("MSAL", version: version), markedFile: "App/Info.plist"))
    }
    #expect(run("1.9.0").isEmpty, "MSAL 1.x accepts a redirect URI that is not broker capable")
    let found = run("2.0.0")
    #expect(found.count == 1)
    #expect(found.first?.notes.first == "the app links MSAL.xcframework 2.0.0")
  }

  @Test func appsThatSignInWithADALAreLeftAlone() {
    // ADAL linked and no MSAL.
    #expect(Self.findings(
      RedirectURIForAnotherAppRule.self,
      RuleExample(
        project: Self.intuneProject([.init("ADAL.framework", embedding: .embedAndSign)]),
        infoPlist: Self.intuneApp(redirectURI: "contoso-notes://auth"), markedFile: "App/Info.plist")).isEmpty)
    // An SDK release from before MSAL.
    #expect(Self.findings(
      RedirectURIForAnotherAppRule.self,
      RuleExample(
        project: ExampleProject(targets: [.init("App", frameworks: [.init("IntuneMAM.framework")])]),
        infoPlist: Self.intuneApp(redirectURI: "contoso-notes://auth"),
        files: ["IntuneMAM.framework/Info.plist": "<key>CFBundleShortVersionString</key>\n<string>11.0.13</string>"],
        markedFile: "App/Info.plist")).isEmpty)
  }

  @Test func schemesNoAppCanOwnStayUS007sUnlessARedirectSchemeDecides() {
    let urn = RuleExample(Self.intuneApp(redirectURI: "urn:ietf:wg:oauth:2.0:oob"), configuration: """
      build_settings:
        PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
      """)
    #expect(Self.findings(RedirectURIForAnotherAppRule.self, urn).isEmpty)
    #expect(Self.findings(MissingMSALRedirectSchemeRule.self, urn).count == 1)
    let withScheme = RuleExample(
      Self.intuneApp(
        redirectURI: "urn:ietf:wg:oauth:2.0:oob",
        extra: "\n\t<key>ADALRedirectScheme</key>\n\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>"),
      configuration: """
        build_settings:
          PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
        """)
    #expect(Self.findings(RedirectURIForAnotherAppRule.self, withScheme).count == 1)
  }

  @Test(arguments: [
    "https://login.microsoftonline.com/consumers", "https://contoso.ciamlogin.com/contoso.onmicrosoft.com",
    "https://contoso.b2clogin.com/tfp/contoso.onmicrosoft.com/B2C_1_signin",
  ])
  func authoritiesMSALExemptAreLeftAlone(_ authority: String) {
    let example = RuleExample(
      Self.intuneApp(
        redirectURI: "contoso-notes://auth", extra: "\n\t<key>ADALAuthority</key>\n\t<string>\(authority)</string>"),
      configuration: """
        build_settings:
          PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
        """)
    #expect(Self.findings(RedirectURIForAnotherAppRule.self, example).isEmpty)
  }

  // MARK: - US007: apps that link MSAL without Intune settings

  /// A plain app (no Intune settings) linking MSAL 2.14.0 through a pod, with `sources`.
  static func plainMSALApp(schemes: [String], sources: [String: String] = [:]) -> RuleExample {
    RuleExample(
      project: ExampleProject(targets: [.init("App", sources: sources.keys.sorted())]),
      infoPlist: plainApp(schemes: schemes),
      files: MSALExampleFiles.podfile(msal: "2.14.0").merging(sources) { first, _ in first },
      markedFile: "App/Info.plist")
  }

  @Test func aPlainAppThatLinksMSALNeedsItsRedirectScheme() throws {
    let found = Self.findings(MissingMSALRedirectSchemeRule.self, Self.plainMSALApp(schemes: ["contoso-notes"]))
    let finding = try #require(found.first)
    #expect(found.count == 1)
    #expect(finding.message.hasSuffix("sign-in cannot return to the app"))
    #expect(finding.fix?.title == "register 'msauth.$(PRODUCT_BUNDLE_IDENTIFIER)'", "no -intunemam twin outside Intune")
    #expect(!finding.notes.contains { $0.contains("Intune rules apply") })
  }

  @Test(arguments: [
    // MSAL's redirect without the broker (the B2C sample).
    ["msal6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6"],
    // A scheme of unknown settings may be the redirect's.
    ["$(MSAL_REDIRECT_SCHEME)"], ["msauth.$(MSAL_APP_ID)"],
  ])
  func registeredSchemesThatShowAnotherRedirect(_ schemes: [String]) {
    #expect(Self.findings(MissingMSALRedirectSchemeRule.self, Self.plainMSALApp(schemes: schemes)).isEmpty)
  }

  @Test func anEmptySchemeArrayIsFilledByTheBuild() {
    let example = RuleExample(
      project: ExampleProject(targets: [.init("App")]),
      infoPlist: """
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array/>
        \t</dict>
        </array>
        """,
      files: MSALExampleFiles.podfile(msal: "2.14.0"), markedFile: "App/Info.plist")
    #expect(Self.findings(MissingMSALRedirectSchemeRule.self, example).isEmpty)
  }

  @Test(arguments: [
    // Custom literals and values the code does not spell out: the app names its own redirect.
    ("let config = MSALPublicClientApplicationConfig(clientId: id, redirectUri: \"contoso-notes://auth\", "
      + "authority: nil)", false),
    ("let config = MSALPublicClientApplicationConfig(clientId: id, redirectUri: Secrets.redirectURI, "
      + "authority: nil)", false),
    ("config.redirectUri = settings.redirect", false),
    // MSAL's own form, or nil: the default applies, and the scheme must be registered.
    ("let config = MSALPublicClientApplicationConfig(clientId: id, redirectUri: nil, authority: nil)", true),
    ("let redirect = \"msauth.\\(Bundle.main.bundleIdentifier!)://auth\"\n"
      + "let config = MSALPublicClientApplicationConfig(clientId: id, redirectUri: redirect, authority: nil)", true),
    ("let config = MSALPublicClientApplicationConfig(clientId: id, redirectUri: kRedirect, authority: nil)\n"
      + "let kRedirect: String = \"msauth.com.contoso.notes://auth\"", true),
  ])
  func theRedirectTheCodeGivesMSAL(_ code: String, _ reported: Bool) {
    let found = Self.findings(
      MissingMSALRedirectSchemeRule.self,
      Self.plainMSALApp(schemes: ["contoso-notes"], sources: ["App/SignIn.swift": "import MSAL\n\n" + code + "\n"]))
    #expect(found.count == (reported ? 1 : 0), "\(found.map(\.message))")
  }

  @Test func objectiveCRedirectsAreReadToo() {
    let code = """
      #define kRedirectUri @"contoso-notes://auth"
      MSALPublicClientApplicationConfig *config = [[MSALPublicClientApplicationConfig alloc]
          initWithClientId:kClientId redirectUri:kRedirectUri authority:nil];
      """
    #expect(Self.findings(
      MissingMSALRedirectSchemeRule.self,
      Self.plainMSALApp(schemes: ["contoso-notes"], sources: ["App/SignIn.m": code])).isEmpty)
    let msauth = code.replacingOccurrences(of: "contoso-notes://auth", with: "msauth.com.contoso.notes://auth")
    #expect(Self.findings(
      MissingMSALRedirectSchemeRule.self,
      Self.plainMSALApp(schemes: ["contoso-notes"], sources: ["App/SignIn.m": msauth])).count == 1)
  }

  @Test func extensionsAreNotAsked() {
    let example = RuleExample(
      project: ExampleProject(targets: [
        .init("App"), .init("Share", isExtension: true, frameworks: [.init("MSAL.xcframework")]),
      ]),
      infoPlist: Self.plainApp(schemes: ["contoso-notes"]),
      files: [
        "Share/Info.plist": """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>NSExtension</key>
          <dict>
          \t<key>NSExtensionPointIdentifier</key>
          \t<string>com.apple.share-services</string>
          </dict>
          """,
      ],
      markedFile: "App/Info.plist")
    #expect(Self.findings(MissingMSALRedirectSchemeRule.self, example).isEmpty)
  }

  @Test func carthageCounts() {
    let example = RuleExample(
      project: ExampleProject(targets: [.init("App")]),
      infoPlist: Self.plainApp(schemes: ["contoso-notes"]),
      files: ["Cartfile.resolved": "github \"AzureAD/microsoft-authentication-library-for-objc\" \"2.14.0\"\n"],
      markedFile: "App/Info.plist")
    let found = Self.findings(MissingMSALRedirectSchemeRule.self, example)
    #expect(found.count == 1)
    #expect(found.first?.notes.first?.contains("Carthage's 'AzureAD/microsoft-authentication-library-for-objc'")
      == true)
  }

  // MARK: - XC011 by the SDK's generation

  @Test func anSDKOfUnknownVersionWithADALAndNoMSALSettingsIsLeftAlone() {
    let example = RuleExample(
      project: ExampleProject(targets: [
        .init("App", frameworks: [.init("IntuneMAM.framework"), .init("ADAL.framework")]),
      ]),
      infoPlist: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")
    #expect(Self.findings(MSALNotLinkedRule.self, example).isEmpty)
  }

  @Test func aCurrentSDKWithADALIsToldADALIsObsolete() {
    let example = RuleExample(
      project: ExampleProject(targets: [
        .init("App", frameworks: ExampleProject.Framework.intuneSDK + [.init("ADAL.framework")]),
      ]),
      infoPlist: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>",
      files: ExampleFiles.xcframework("IntuneMAMSwift", version: "19.7.6"))
    let found = Self.findings(MSALNotLinkedRule.self, example)
    #expect(found.map(\.message) == [
      "'App' links the obsolete ADAL ('ADAL.framework') and not MSAL, which the Intune App SDK signs in with",
    ])
  }

  @Test func anADALEraSDKWithADALThroughAPodIsFine() {
    let example = RuleExample(
      project: ExampleProject(targets: [.init("App", frameworks: [.init("IntuneMAM.framework")])]),
      files: [
        "IntuneMAM.framework/Info.plist": "<key>CFBundleShortVersionString</key>\n<string>10.0.7</string>",
        "Podfile": "target 'App' do\n  pod 'ADAL', '~> 2.7'\nend\n",
        "Podfile.lock": "PODS:\n  - ADAL (2.7.14)\n\nDEPENDENCIES:\n  - ADAL (~> 2.7)\n",
      ])
    #expect(Self.findings(MSALNotLinkedRule.self, example).isEmpty)
  }

  @Test func anSDKOfUnknownVersionLinkingNeitherIsToldBoth() {
    let example = RuleExample(
      project: ExampleProject(targets: [.init("App", frameworks: ExampleProject.Framework.intuneSDK)]),
      infoPlist: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")
    #expect(Self.findings(MSALNotLinkedRule.self, example).map(\.message) == [
      "'App' links the Intune App SDK but neither MSAL nor ADAL; the SDK signs users in with MSAL (ADAL before "
        + "11.1.2) and cannot enroll without it",
    ])
  }

  // MARK: - XC024

  @Test func anExtensionWhosePodfileBlockHasNoMSALIsNotAsked() {
    func example(sharePod: String) -> RuleExample {
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "17.0"]),
          .init("Share", isExtension: true, settings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.0"]),
        ]),
        files: [
          "Share/Info.plist": "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>",
          "Podfile": "target 'App' do\n  pod 'MSAL'\nend\ntarget 'Share' do\n  pod '\(sharePod)'\nend\n",
          "Podfile.lock": """
            PODS:
              - MSAL (2.15.0):
                - MSAL/app-lib (= 2.15.0)
              - MSAL/app-lib (2.15.0)
              - Sentry (9.1.0)
            """,
        ])
    }
    #expect(Self.findings(DeploymentTargetBelowMSALMinimumRule.self, example(sharePod: "Sentry")).isEmpty)
    #expect(Self.findings(DeploymentTargetBelowMSALMinimumRule.self, example(sharePod: "MSAL")).count == 2)
  }

  @Test func carthageVersionsAndBranchesOfMSAL() {
    func run(_ resolved: String) -> [LintDiagnostic] {
      Self.findings(
        DeploymentTargetBelowMSALMinimumRule.self,
        RuleExample(
          project: ExampleProject(targets: [.init("App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.0"])]),
          files: ["Cartfile.resolved": "github \"AzureAD/microsoft-authentication-library-for-objc\" \(resolved)\n"]))
    }
    let found = run("\"2.1.0\"")
    #expect(found.count == 2, "Debug and Release")
    let note = found.first?.notes.first ?? ""
    #expect(note.hasPrefix("App gets MSAL 2.1.0 from Carthage (") && note.contains("Cartfile.resolved:1)"), "\(note)")
    #expect(run("\"0123456789abcdef0123456789abcdef01234567\"").isEmpty, "a revision is no version")
    #expect(run("\"2.0.0\"").isEmpty)
  }
}

import Foundation
import IntuneKnowledge
import Lint
import PropertyList
import SharelintBase
import Testing
import URLSchemes
import XcodeModel

/// A fix never changes what the app is (DESIGN.md; issue 19 item 7): for every fix of every rule, taken from the
/// rules' own examples (so a new rule is covered as soon as it has one) and from a few Info.plists made to tempt
/// a fix into it, the fixed plist keeps the bundle identifier and every URL scheme the app registers; only the
/// rules whose purpose is registering schemes (a twin, MSAL's redirect scheme) may add schemes, and never one an
/// app cannot own. No keychain group ends up with two team prefixes.
@Suite struct FixKeepsAppIdentityTests {
  /// The rules whose fix exists to register URL schemes: twins (US004) and MSAL's redirect scheme (US007).
  static let schemeRegisteringRules: Set<String> = ["US004", "US007"]

  /// Schemes no fix may register: the web's and the system's (and the ADAL-era redirect URIs' `urn`).
  static let forbiddenSchemes: Set<String> = [
    "http", "https", "urn", "file", "mailto", "tel", "sms", "facetime", "maps",
  ]

  /// What identifies an app in its Info.plist: its bundle identifier and registered schemes, by URL type.
  struct Identity: Equatable {
    var bundleIdentifier: String?
    var schemes: [[String]]

    init(_ root: PropertyListNode) {
      bundleIdentifier = root["CFBundleIdentifier"]?.string
      schemes = (root["CFBundleURLTypes"]?.elements ?? []).map { type in
        type["CFBundleURLSchemes"]?.elements?.compactMap(\.string) ?? []
      }
    }
  }

  /// Checks that `fixed` keeps `original`'s identity; `registers` says the fix may add schemes.
  static func expectIdentityKept(
    original: PropertyListNode, fixed: PropertyListNode, code: String, context: String,
    settings: BuildSettings = BuildSettings(), sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = Identity(original)
    let after = Identity(fixed)
    #expect(after.bundleIdentifier == before.bundleIdentifier, "\(code) changed the bundle identifier: \(context)",
            sourceLocation: sourceLocation)
    guard !schemeRegisteringRules.contains(code) else {
      // Every scheme registered before is still there, in its URL type and order; anything added is ownable.
      for (index, schemes) in before.schemes.enumerated() {
        let kept = index < after.schemes.count ? after.schemes[index].filter(schemes.contains) : []
        #expect(kept == schemes, "\(code) dropped or moved a URL scheme: \(context)", sourceLocation: sourceLocation)
      }
      let added = Set(after.schemes.flatMap { $0 }).subtracting(before.schemes.flatMap { $0 })
      for scheme in added {
        let expanded = settings.resolve(scheme).resolvedText ?? scheme
        let base = IntuneSchemeLists.baseScheme(ofTwin: expanded) ?? expanded
        #expect(!forbiddenSchemes.contains(base.lowercased()), "\(code) registered '\(scheme)': \(context)",
                sourceLocation: sourceLocation)
        #expect(!expanded.contains(":"), "\(code) registered a URI '\(scheme)': \(context)",
                sourceLocation: sourceLocation)
      }
      return
    }
    #expect(after.schemes == before.schemes, "\(code) changed the app's URL schemes: \(context)",
            sourceLocation: sourceLocation)
  }

  /// Checks that no keychain group of `entitlements` has a team prefix twice once its settings are expanded.
  static func expectSinglePrefixes(
    _ entitlements: PropertyListNode, settings: BuildSettings, code: String, context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var settings = settings
    for name in ["AppIdentifierPrefix", "TeamIdentifierPrefix"] where settings.value(of: name) == nil {
      settings.define(name, as: "ABCDE12345.")
    }
    for group in entitlements["keychain-access-groups"]?.elements?.compactMap(\.string) ?? [] {
      guard let expanded = settings.resolve(group).resolvedText else { continue }
      #expect(!expanded.hasPrefix("ABCDE12345.ABCDE12345."),
              "\(code) doubled the team prefix of '\(group)': \(context)", sourceLocation: sourceLocation)
    }
  }

  static let rules = RuleRegistry.rules.map { RuleExamplesTests.RuleCase(rule: $0) }

  @Test(arguments: rules)
  func everyExampleFixKeepsTheAppsIdentity(_ ruleCase: RuleExamplesTests.RuleCase) throws {
    let description = ruleCase.rule.description
    for example in description.triggeringExamples {
      let location = SourceLocation(
        fileID: "Lint/\(example.sourceFile)", filePath: "\(example.sourceFile)", line: Int(example.sourceLine),
        column: 1)
      let run = ExampleRun.run(ruleCase.rule, on: example)
      if example.file == .project, let fixedText = run.fixedText, example.markedPath.hasSuffix(".plist") {
        // A fix of a project example's Info.plist keeps the app's identity as a loose Info.plist's does.
        let body = example.markedText.replacingOccurrences(of: "↓", with: "")
        let original = try PropertyListDocument(
          source: SourceText(name: example.markedPath, string: RuleExample.document(for: body)))
        let fixed = try PropertyListDocument(source: SourceText(name: example.markedPath, string: fixedText))
        Self.expectIdentityKept(
          original: original.root, fixed: fixed.root, code: description.code, context: fixedText,
          sourceLocation: location)
        continue
      }
      if example.file == .project, let fixedText = run.fixedText {
        // A project fix never touches what names the app: its bundle identifiers and product names.
        func identity(_ text: String) -> [Substring] {
          text.split(separator: "\n").filter { $0.contains("PRODUCT_BUNDLE_IDENTIFIER") || $0.contains("PRODUCT_NAME") }
        }
        #expect(identity(fixedText) == identity(example.markedText.replacingOccurrences(of: "↓", with: "")),
                "\(description.code) changed a bundle identifier or product name", sourceLocation: location)
        continue
      }
      guard let fixedText = run.fixedText, run.diagnostics.contains(where: { $0.fix != nil }),
        let original = run.document
      else { continue }
      let fixed = try PropertyListDocument(source: SourceText(name: original.source.name, string: fixedText))
      var settings = BuildSettings()
      let configuration = try example.configuration.map { try Configuration.parse($0) } ?? Configuration()
      for (name, value) in configuration.buildSettings { settings.define(name, as: value) }
      switch example.file {
      case .infoPlist:
        Self.expectIdentityKept(
          original: original.root, fixed: fixed.root, code: description.code, context: fixedText, settings: settings,
          sourceLocation: location)
      case .entitlements:
        Self.expectSinglePrefixes(fixed.root, settings: settings, code: description.code, context: fixedText,
                                  sourceLocation: location)
      case .project:
        break
      }
    }
  }

  // MARK: - Plists made to tempt a fix

  /// An app with an ADAL-era redirect URI and no MSAL scheme: US007's fix once registered `urn`/`https` here.
  static func adalEraApp(redirectURI: String) -> String {
    """
    <key>CFBundleIdentifier</key>
    <string>io.example.app</string>
    <key>CFBundleURLTypes</key>
    <array>
    \t<dict>
    \t\t<key>CFBundleURLSchemes</key>
    \t\t<array>
    \t\t\t<string>example</string>
    \t\t</array>
    \t</dict>
    </array>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ADALClientId</key>
    \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
    \t<key>ADALRedirectUri</key>
    \t<string>\(redirectURI)</string>
    </dict>
    """
  }

  @Test(arguments: [
    "urn:ietf:wg:oauth:2.0:oob", "https://login.microsoftonline.com/common/oauth2/nativeclient",
    "http://localhost", "msauth.io.example.app://auth",
  ])
  func everyFixOfEveryRuleKeepsAnADALEraAppsSchemes(redirectURI: String) throws {
    let target = try TargetFixture.target(Self.adalEraApp(redirectURI: redirectURI))
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, RuleRegistry.rules)
    let before = Identity(target.infoPlist.root)
    let after = Identity(fixed.infoPlist.root)
    #expect(after.bundleIdentifier == before.bundleIdentifier)
    let added = Set(after.schemes.flatMap { $0 }).subtracting(before.schemes.flatMap { $0 })
    let bases = added.map { (IntuneSchemeLists.baseScheme(ofTwin: $0) ?? $0).lowercased() }
    #expect(bases.allSatisfy { !Self.forbiddenSchemes.contains($0) }, "registered \(added.sorted())")
    #expect(added.isSubset(of: ["example-intunemam", "msauth.io.example.app", "msauth.io.example.app-intunemam"]),
            "registered \(added.sorted())")
    let diagnostics = TargetFixture.lint(target, RuleRegistry.rules)
    if !redirectURI.hasPrefix("msauth.") {
      let redirect = try #require(diagnostics.first { $0.code == "US007" })
      #expect(redirect.fix == nil)
      #expect(redirect.message.contains("'msauth.io.example.app://auth'"), "\(redirect.message)")
    }
  }

  @Test func anAppRegisteringHTTPSGetsNoTwinOfIt() throws {
    let body = Self.adalEraApp(redirectURI: "msauth.io.example.app://auth")
      .replacingOccurrences(of: "<string>example</string>", with: "<string>https</string>")
    let target = try TargetFixture.target(body)
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, RuleRegistry.rules)
    let schemes = Identity(fixed.infoPlist.root).schemes.flatMap { $0 }
    #expect(!schemes.contains("https-intunemam"), "\(schemes)")
    #expect(TargetFixture.lint(target, RuleRegistry.rules).contains { $0.code == "US011" })
  }

  @Test func aKeychainGroupSettingThatHasItsPrefixGetsNoSecondOne() throws {
    var settings = LintSettings()
    settings.buildSettings.define("KEYCHAIN_ACCESS_GROUP_IDENTIFIER", as: "ABCDE12345.io.example.app")
    settings.buildSettings.define("SHARED_GROUP", as: "$(AppIdentifierPrefix)io.example.shared")
    let target = try TargetFixture.target(
      "<key>CFBundleIdentifier</key>\n<string>io.example.app</string>\n<key>IntuneMAMSettings</key>\n<dict/>",
      entitlements: """
        <key>keychain-access-groups</key>
        <array>
        \t<string>$(KEYCHAIN_ACCESS_GROUP_IDENTIFIER)</string>
        \t<string>$(SHARED_GROUP)</string>
        \t<string>$(UNKNOWN_GROUP)</string>
        \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
        \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
        </array>
        """,
      settings: settings)
    #expect(!TargetFixture.lint(target, RuleRegistry.rules).contains { $0.code == "EN003" })
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, RuleRegistry.rules)
    let entitlements = try #require(fixed.entitlements)
    Self.expectSinglePrefixes(
      entitlements.root, settings: settings.buildSettings, code: "every rule",
      context: String(decoding: entitlements.source.bytes, as: UTF8.self))
    let groups = entitlements.root["keychain-access-groups"]?.elements?.compactMap(\.string)
    #expect(groups?.first == "$(KEYCHAIN_ACCESS_GROUP_IDENTIFIER)")
  }

  @Test func theContainingAppBundleIdFixWritesTheAppsIdentifierAndNothingElse() throws {
    let app = try TargetFixture.document(
      "<key>CFBundleIdentifier</key>\n<string>com.contoso.notes</string>\n<key>IntuneMAMSettings</key>\n<dict/>",
      name: "App/Info.plist")
    var target = try TargetFixture.target("""
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes.share</string>
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>ContainingAppBundleId</key>
      \t<string>com.contoso.notebook</string>
      </dict>
      <key>NSExtension</key>
      <dict/>
      """)
    target.containingAppInfoPlist = app
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("IM013"))
    #expect(diagnostics.count == 1)
    let message = diagnostics.first?.message ?? ""
    #expect(message.contains("the containing app's bundle identifier is 'com.contoso.notes'"), "\(message)")
    let fixed = try TargetFixture.fixedValue(of: target.infoPlist, with: diagnostics)
    #expect(fixed.value(at: [.key("IntuneMAMSettings"), .key("ContainingAppBundleId")]) == .string("com.contoso.notes"))
    #expect(fixed.value(at: [.key("CFBundleIdentifier")]) == .string("com.contoso.notes.share"))
  }
}

import Foundation
import IntuneKnowledge
import Lint
import PropertyList
import Testing
import URLSchemes

/// `configure` step by step against what IntuneMAMConfigurator 21.7.1 writes (reference/intune-sdk-notes.md
/// §1.3, steps 1–7): each test gives an Info.plist, runs configure, and compares with the vendor's resulting
/// values, in the vendor's step order with the original order kept. The differences made on purpose (the
/// README's migration table) are asserted as such. None of the inputs has `IntuneMAMSettings` unless the step
/// is about it: configure applies every step whatever the plist shows.
@Suite struct ConfiguratorVendorStepsTests {
  /// The result of configuring an Info.plist made of `body` (and entitlements made of `entitlements`).
  struct Configured {
    let document: PropertyListDocument
    let result: Configurator.Result

    func strings(_ keyPath: [String]) -> [String] {
      (document.value(at: keyPath)?.elements ?? []).compactMap(\.string)
    }
    var queries: [String] { strings(["LSApplicationQueriesSchemes"]) }
    func urlSchemes(ofType index: Int) -> [String] {
      (document.value(at: [.key("CFBundleURLTypes"), .index(index), .key("CFBundleURLSchemes")])?.elements ?? [])
        .compactMap(\.string)
    }
  }

  static func configure(_ body: String, entitlements: String? = nil, sdkVersion: Int? = nil) async throws -> Configured {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-vendor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plist = folder.appendingPathComponent("Info.plist").path
    try RuleExample.document(for: body).write(toFile: plist, atomically: true, encoding: .utf8)
    var entitlementsPath: String?
    if let entitlements {
      entitlementsPath = folder.appendingPathComponent("App.entitlements").path
      try RuleExample.document(for: entitlements).write(toFile: entitlementsPath!, atomically: true, encoding: .utf8)
    }
    let result = try await Configurator.run(Configurator.Options(
      infoPlist: plist, entitlements: entitlementsPath, sdkVersion: sdkVersion))
    try Configurator.write(result)
    let document = try PropertyListDocument(contentsOfFile: plist)
    let again = try await Configurator.run(Configurator.Options(
      infoPlist: plist, entitlements: entitlementsPath, sdkVersion: sdkVersion))
    #expect(!again.changes, "a second run changes: \(again.outcome.appliedFixes.map(\.title))")
    return Configured(document: document, result: result)
  }

  static func stringArray(_ key: String, _ values: [String]) -> String {
    "<key>\(key)</key>\n<array>\n" + values.map { "\t<string>\($0)</string>\n" }.joined() + "</array>"
  }

  static func urlTypes(_ types: [[String]]) -> String {
    "<key>CFBundleURLTypes</key>\n<array>\n" + types.map { schemes in
      "\t<dict>\n\t\t<key>CFBundleURLSchemes</key>\n\t\t<array>\n"
        + schemes.map { "\t\t\t<string>\($0)</string>\n" }.joined() + "\t\t</array>\n\t</dict>\n"
    }.joined() + "</array>"
  }

  static let bundleIdentifier = "<key>CFBundleIdentifier</key>\n<string>com.contoso.notes</string>"

  /// What the vendor's step 5 appends to an app that lists none of these itself, in its step order:
  /// (b) https, http, Edge (bare), Outlook (bare); (c) companyportal; (d) the MTD schemes; (e) msauthv2, msauthv3.
  static let vendorAdditions = [
    "https-intunemam", "http-intunemam", "microsoft-edge-https", "microsoft-edge-http", "ms-outlook", "companyportal",
  ] + IntuneSchemeLists.mobileThreatDefenseSchemes + ["msauthv2", "msauthv3"]

  // MARK: - Step 1: main nib and storyboard keys leave IntuneMAMSettings

  @Test func step1MovesMainNibKeysToTheTopLevel() async throws {
    let configured = try await Self.configure("""
      \(Self.bundleIdentifier)
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>MainNibFile</key>
      \t<string>MainWindow</string>
      \t<key>MainStoryboardFile~ipad</key>
      \t<string>Main_iPad</string>
      </dict>
      """)
    let root = configured.document.root
    #expect(root["NSMainNibFile"]?.string == "MainWindow")
    #expect(root["UIMainStoryboardFile~ipad"]?.string == "Main_iPad")
    #expect(root.value(at: ["IntuneMAMSettings", "MainNibFile"]) == nil)
    #expect(root.value(at: ["IntuneMAMSettings", "MainStoryboardFile~ipad"]) == nil)
  }

  // MARK: - Step 2: AppGroupIdentifiers from the entitlements

  @Test func step2SetsAppGroupsFromTheEntitlements() async throws {
    let configured = try await Self.configure(
      Self.bundleIdentifier + "\n<key>IntuneMAMSettings</key>\n<dict>\n"
        + Self.stringArray("AppGroupIdentifiers", ["group.old"]) + "\n</dict>",
      entitlements: Self.stringArray("com.apple.security.application-groups", ["group.com.contoso.notes"]))
    #expect(configured.strings(["IntuneMAMSettings", "AppGroupIdentifiers"]) == ["group.com.contoso.notes"])
  }

  @Test func step2RemovesAppGroupsAndAnEmptySettingsDictionaryWithoutGroups() async throws {
    let configured = try await Self.configure(
      Self.bundleIdentifier + "\n<key>IntuneMAMSettings</key>\n<dict>\n"
        + Self.stringArray("AppGroupIdentifiers", ["group.old"]) + "\n</dict>",
      entitlements: "<key>keychain-access-groups</key>\n<array/>")
    #expect(configured.document.root["IntuneMAMSettings"] == nil)
  }

  // MARK: - Step 3: the MSAL redirect scheme

  @Test func step3RegistersTheRedirectSchemeAndItsTwinInTheLastURLType() async throws {
    let configured = try await Self.configure("""
      \(Self.bundleIdentifier)
      \(Self.urlTypes([["contoso-notes"], ["contoso-share"]]))
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>ADALClientId</key>
      \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
      \t<key>ADALRedirectUri</key>
      \t<string>msauth.com.contoso.notes://auth</string>
      </dict>
      """)
    // Step 3 adds the scheme and its twin to the last URL type; step 4 gives every scheme its twin.
    #expect(configured.urlSchemes(ofType: 0) == ["contoso-notes", "contoso-notes-intunemam"])
    #expect(configured.urlSchemes(ofType: 1) == [
      "contoso-share", "contoso-share-intunemam", "msauth.com.contoso.notes", "msauth.com.contoso.notes-intunemam",
    ])
  }

  /// On purpose: without ADALRedirectUri or ADALRedirectScheme the vendor registers
  /// `msauth.com.microsoft.intunemam`, which is not the app's redirect; sharelint adds nothing and IM007 asks for
  /// the app's own registration.
  @Test func step3AddsNoDefaultRedirectSchemeUnlikeTheVendor() async throws {
    let configured = try await Self.configure(Self.bundleIdentifier + "\n" + Self.urlTypes([["contoso-notes"]]))
    #expect(!configured.urlSchemes(ofType: 0).contains("msauth.com.microsoft.intunemam"))
  }

  // MARK: - Step 4: every URL scheme gets its twin

  @Test func step4GivesEveryURLSchemeItsTwinRightAfterIt() async throws {
    let configured = try await Self.configure(
      Self.bundleIdentifier + "\n" + Self.urlTypes([["contoso", "contoso-beta-intunemam", "contoso-beta"], ["x"]]))
    #expect(configured.urlSchemes(ofType: 0) == ["contoso", "contoso-intunemam", "contoso-beta-intunemam", "contoso-beta"])
    #expect(configured.urlSchemes(ofType: 1) == ["x", "x-intunemam"])
  }

  // MARK: - Step 5: LSApplicationQueriesSchemes

  @Test func step5OnAnAppWithoutQueriesOrSettingsAddsTheNineteenEntries() async throws {
    let configured = try await Self.configure(Self.bundleIdentifier)
    #expect(configured.queries == Self.vendorAdditions)
    #expect(configured.queries.count == 19)
  }

  @Test func step5KeepsTheAppsOrderWithTwinsThenAppendsInStepOrder() async throws {
    let own = ["mailto", "ms-word", "waze", "companyportal", "msauth", "smart-ns", "tel-intunemam"]
    let configured = try await Self.configure(Self.bundleIdentifier + "\n" + Self.stringArray("LSApplicationQueriesSchemes", own))
    // (a) a twin after each scheme but the excluded ones (companyportal, msauth, MTD), existing twins kept;
    // (b)–(e) what is missing, in step order.
    #expect(configured.queries == [
      "mailto", "mailto-intunemam", "ms-word", "ms-word-intunemam", "waze", "waze-intunemam", "companyportal",
      "msauth", "smart-ns", "tel-intunemam",
    ] + Self.vendorAdditions.filter { !["companyportal", "smart-ns"].contains($0) })
    let vendor = QueriesSchemesConfiguration.configuratorSet(of: own, isExtension: false)
    #expect(Set(configured.queries) == vendor.schemes)
  }

  /// On purpose: when the app lists Edge's or Outlook's scheme itself, the vendor's step (a) gives it a twin;
  /// sharelint does not, as for the same schemes step (b) adds bare (the SDK opens these known managed apps by
  /// their own scheme, and a plist the vendor configured must lint the same whichever step wrote the entry).
  @Test func step5ListedBrowserAndMailSchemesAreNotAddedAgain() async throws {
    let own = ["https", "ms-outlook", "microsoft-edge-https"]
    let configured = try await Self.configure(Self.bundleIdentifier + "\n" + Self.stringArray("LSApplicationQueriesSchemes", own))
    let vendor = QueriesSchemesConfiguration.configuratorSet(of: own, isExtension: false)
    #expect(Set(configured.queries) == vendor.schemes.subtracting(["ms-outlook-intunemam", "microsoft-edge-https-intunemam"]),
            "only ours: \(Set(configured.queries).subtracting(vendor.schemes)); only the vendor's: \(vendor.schemes.subtracting(configured.queries))")
    #expect(configured.queries.prefix(4) == ["https", "https-intunemam", "ms-outlook", "microsoft-edge-https"])
  }

  @Test func step5OutlookTwinAloneGetsBareOutlookToo() async throws {
    let own = ["mailto", "ms-outlook-intunemam"]
    let configured = try await Self.configure(Self.bundleIdentifier + "\n" + Self.stringArray("LSApplicationQueriesSchemes", own))
    #expect(configured.queries.contains("ms-outlook"))
    #expect(Set(configured.queries) == QueriesSchemesConfiguration.configuratorSet(of: own, isExtension: false).schemes)
  }

  @Test func step5OnAnExtensionRemovesTwinsAndAddsNothing() async throws {
    let configured = try await Self.configure("""
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes.share</string>
      \(Self.stringArray("LSApplicationQueriesSchemes", ["waze", "waze-intunemam", "tel"]))
      <key>NSExtension</key>
      <dict>
      \t<key>NSExtensionPointIdentifier</key>
      \t<string>com.apple.share-services</string>
      </dict>
      """)
    #expect(configured.queries == ["waze", "tel"])
  }

  @Test func step5PastFiftyDropsKnownManagedTwinsAndNamesWhatIOSIgnores() async throws {
    let own = (1...16).map { "app\($0)" } + ["ms-word", "ms-excel", "ms-powerpoint", "msteams"]
    let configured = try await Self.configure(Self.bundleIdentifier + "\n" + Self.stringArray("LSApplicationQueriesSchemes", own))
    let vendor = QueriesSchemesConfiguration.configuratorSet(of: own, isExtension: false)
    #expect(vendor.optimized)
    #expect(Set(configured.queries) == vendor.schemes,
            "only ours: \(Set(configured.queries).subtracting(vendor.schemes)); only the vendor's: \(vendor.schemes.subtracting(configured.queries))")
    #expect(!configured.queries.contains("ms-word-intunemam"))
    #expect(configured.queries.count - 50 == vendor.entriesPastLimit)
    let warning = try #require(configured.result.warnings.first)
    #expect(warning.contains(configured.queries[50]), "\(warning)")
  }

  /// On purpose: linked with the iOS 27 SDK only 25 entries count; the vendor still uses 50.
  @Test func step5WithTheIOS27SDKOptimizesPastTwentyFive() async throws {
    let own = ["waze", "ms-word", "tel", "sms"]
    let configured = try await Self.configure(
      Self.bundleIdentifier + "\n" + Self.stringArray("LSApplicationQueriesSchemes", own), sdkVersion: 27)
    // 8 + 19 = 27 entries: the known managed twin goes, and one entry is still past 25.
    #expect(!configured.queries.contains("ms-word-intunemam"))
    #expect(Set(configured.queries) == Set(own.map { $0 + "-intunemam" } + own + Self.vendorAdditions)
      .subtracting(["ms-word-intunemam"]))
    #expect(configured.queries.count == 26)
    let warning = try #require(configured.result.warnings.first)
    #expect(warning.contains(configured.queries[25]), "\(warning)")
  }

  // MARK: - Step 6: Intune types leave the document types

  @Test func step6RemovesIntuneTypesFromDocumentTypes() async throws {
    let configured = try await Self.configure("""
      \(Self.bundleIdentifier)
      <key>CFBundleDocumentTypes</key>
      <array>
      \t<dict>
      \t\t\(Self.stringArray("LSItemContentTypes", ["com.adobe.pdf", "com.microsoft.intune.mam.com.adobe.pdf"]))
      \t</dict>
      </array>
      """)
    let types = configured.document.value(at: [.key("CFBundleDocumentTypes"), .index(0), .key("LSItemContentTypes")])
    #expect(types?.elements?.compactMap(\.string) == ["com.adobe.pdf"])
  }

  // MARK: - Step 7: the share extension's activation rule

  @Test func step7AddsIntuneTypesToTheActivationRule() async throws {
    let configured = try await Self.configure("""
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes.share</string>
      <key>NSExtension</key>
      <dict>
      \t<key>NSExtensionAttributes</key>
      \t<dict>
      \t\t<key>NSExtensionActivationRule</key>
      \t\t<string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 1).@count == 1</string>
      \t</dict>
      \t<key>NSExtensionPointIdentifier</key>
      \t<string>com.apple.share-services</string>
      </dict>
      """)
    let rule = try #require(configured.document.value(at: ["NSExtension", "NSExtensionAttributes",
                                                            "NSExtensionActivationRule"])?.string)
    #expect(rule.contains("\"com.microsoft.intune.mam.public.image\""), "\(rule)")
    #expect(rule.contains("\"public.image\""))
  }

  // MARK: - What the vendor leaves lints clean

  /// A plist as the vendor leaves it, its query schemes in any order (the vendor's goes through a set), gets no
  /// finding about twins or required entries.
  @Test(arguments: [
    [String](),
    ["mailto", "ms-word", "waze"],
    ["https", "ms-outlook", "microsoft-edge-https", "tel"],
    ["mailto", "ms-outlook-intunemam", "companyportal", "msauth"],
    (1...16).map { "app\($0)" } + ["ms-word", "ms-excel", "ms-powerpoint", "msteams"],
  ])
  func aPlistAsTheVendorLeavesItLintsClean(own: [String]) async throws {
    let vendorQueries = QueriesSchemesConfiguration.configuratorSet(of: own, isExtension: false).schemes.sorted()
    let body = """
      \(Self.bundleIdentifier)
      \(Self.urlTypes([["contoso", "contoso-intunemam", "msauth.com.contoso.notes", "msauth.com.contoso.notes-intunemam"]]))
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>ADALClientId</key>
      \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
      \t<key>ADALRedirectUri</key>
      \t<string>msauth.com.contoso.notes://auth</string>
      </dict>
      \(Self.stringArray("LSApplicationQueriesSchemes", vendorQueries))
      """
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-vendor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plist = folder.appendingPathComponent("Info.plist").path
    try RuleExample.document(for: body).write(toFile: plist, atomically: true, encoding: .utf8)
    var options = LintSession.Options(paths: [plist])
    options.onlyRules = ["US001", "US002", "US004", "US007", "US008"]
    let report = try await LintSession.run(options)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map { "\($0.code) \($0.message)" })")
  }
}

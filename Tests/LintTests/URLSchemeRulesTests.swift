import Foundation
import IntuneKnowledge
import Lint
import PropertyList
import Testing
import URLSchemes
import XcodeModel

/// The US rules beyond their examples: the planted mistakes of `Samples/`, binary plists, fixes that
/// meet in one array, the limit-aware placement of added entries, and the cases examples cannot mark.
@Suite struct URLSchemeRulesTests {
  /// Every US rule.
  static let rules = TargetFixture.rules(.urlSchemes)

  /// `Samples/expected-findings.tsv` rows (`file code key-path`) of US rules in files under `prefix`.
  static func expectedUSRows(under prefix: String) throws -> [String] {
    let tsv = try String(
      contentsOf: IntuneSamplesTests.root.appendingPathComponent("Samples/expected-findings.tsv"), encoding: .utf8)
    return tsv.split(separator: "\n").dropFirst()
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
      .filter { (row: [String]) in
        row.count == 3 && row[0].hasPrefix(prefix) && TargetFixture.family(of: row[1]) == .urlSchemes
      }
      .map { (row: [String]) in "\(row[0]) \(row[1]) \(row[2])" }
  }

  /// `diagnostics` as TSV-like rows.
  static func rows(_ diagnostics: [LintDiagnostic]) -> [String] {
    diagnostics.map { "\($0.file) \($0.code) \($0.keyPath)" }
  }

  /// A 19-entry list holding everything the Intune SDK needs.
  static let requiredEntries = """
    \t<string>https-intunemam</string>
    \t<string>http-intunemam</string>
    \t<string>microsoft-edge-https</string>
    \t<string>microsoft-edge-http</string>
    \t<string>ms-outlook</string>
    \t<string>companyportal</string>
    \t<string>smart-ns</string>
    \t<string>zips</string>
    \t<string>lacoonsecurity</string>
    \t<string>wandera</string>
    \t<string>lookoutwork-ase</string>
    \t<string>skycure</string>
    \t<string>betteractiveshield</string>
    \t<string>smsec</string>
    \t<string>mvisionmobile</string>
    \t<string>scmx</string>
    \t<string>intunemam-mtd</string>
    \t<string>msauthv2</string>
    \t<string>msauthv3</string>
    """

  /// An Intune app whose query schemes hold `entries` (lines of `<string>`s).
  static func app(queries entries: String, extra: String = "") -> String {
    """
    <key>CFBundleIdentifier</key>
    <string>com.contoso.notes</string>
    <key>IntuneMAMSettings</key>
    <dict/>
    <key>LSApplicationQueriesSchemes</key>
    <array>
    \(entries)
    </array>
    \(extra)
    """
  }

  // MARK: - Samples

  @Test func plantedURLSchemeMistakesAreFound() throws {
    let expected = try Self.expectedUSRows(under: "Samples/FabrikamBroken/")
      + Self.expectedUSRows(under: "Samples/NorthwindBinary/")
    #expect(expected.count == 13, "the TSV plants 11 US mistakes in FabrikamBroken and 2 in NorthwindBinary")
    #expect(expected.filter { $0.contains(" US002 ") }.count == 1)
    #expect(expected.filter { $0.contains(" US010 ") }.count == 1)

    let fabrikam = "Samples/FabrikamBroken/Fabrikam"
    let northwind = "Samples/NorthwindBinary/Northwind"
    let targets = [
      try IntuneSamplesTests.sampleTarget(fabrikam),
      try IntuneSamplesTests.sampleTarget("Samples/FabrikamBroken/FabrikamShare", containingApp: fabrikam),
      try IntuneSamplesTests.sampleTarget(northwind),
      try IntuneSamplesTests.sampleTarget("Samples/NorthwindBinary/NorthwindShare", containingApp: northwind),
    ]
    let diagnostics = targets.flatMap { TargetFixture.lint($0, Self.rules) }
    let found = Self.rows(diagnostics)
    for row in Set(expected) {
      // Repeated rows (three US002) mean exactly that many findings.
      #expect(found.filter { $0 == row }.count == expected.filter { $0 == row }.count, "found: \(found)")
    }
    let binary = diagnostics.filter { $0.file.hasPrefix(northwind) }
    #expect(!binary.isEmpty && binary.allSatisfy { $0.range == nil && $0.fix != nil })
  }

  @Test func packagedAppRedirectSchemeIsFound() async throws {
    let archive = IntuneSamplesTests.root.appendingPathComponent("Samples/Packaged/Woodgrove.ipa").path
    let report = try await LintSession.run(LintSession.Options(paths: [archive]))
    let usFindings = report.diagnostics.filter { TargetFixture.family(of: $0.code) == .urlSchemes }
    #expect(usFindings.map(\.code) == ["US007"])
    #expect(usFindings.first?.keyPath == "CFBundleURLTypes")
    #expect(usFindings.first?.file.hasSuffix("Woodgrove.ipa/Payload/Woodgrove.app/Info.plist") == true)
    #expect(usFindings.first?.message.contains("'msauth.com.woodgrovebank.advisor'") == true)
  }

  @Test(arguments: ["Samples/ContosoClean/Contoso", "Samples/ContosoClean/ContosoShare"])
  func contosoHasNoURLSchemeFindings(folder: String) throws {
    let containingApp = folder.hasSuffix("Share") ? "Samples/ContosoClean/Contoso" : nil
    let target = try IntuneSamplesTests.sampleTarget(folder, containingApp: containingApp)
    let diagnostics = TargetFixture.lint(target, Self.rules)
    #expect(diagnostics.isEmpty, "\(diagnostics.map { "\($0.code) \($0.keyPath): \($0.message)" })")
  }

  @Test func contosoIsOverTheIOS27Limit() throws {
    var target = try IntuneSamplesTests.sampleTarget("Samples/ContosoClean/Contoso")
    target.settings.sdkVersion = 27
    let diagnostics = TargetFixture.lint(target, Self.rules)
    #expect(diagnostics.map(\.code) == ["US003"])
    let message = try #require(diagnostics.first?.message)
    #expect(message.contains("has 26 entries but iOS honours only the first 25"))
    #expect(message.contains("canOpenURL ignores [25] 'intunemam-mtd';"))
    #expect(message.contains("could go instead: [11] 'microsoft-edge-https-intunemam'"))
  }

  @Test func fabrikamOverLimitMessageNamesEveryIgnoredEntryAndTheDroppableTwins() throws {
    let target = try IntuneSamplesTests.sampleTarget("Samples/FabrikamBroken/Fabrikam")
    let finding = try #require(TargetFixture.lint(target, TargetFixture.rules("US003")).first)
    #expect(finding.message.contains(
      "[50] 'skycure', [51] 'betteractiveshield', [52] 'smsec', [53] 'mvisionmobile', [54] 'scmx', "
        + "[55] 'intunemam-mtd', [56] 'msauthv3'"))
    #expect(finding.message.contains("7 -intunemam twins of known managed apps could go instead"))
    #expect(finding.notes.contains("all 11 known managed twins dropped would leave 46 entries"))
    #expect(finding.notes.contains("repeated entries also take places: [44] 'tel'"))
  }

  @Test func fabrikamFixesConvergeAndLeaveOnlyWhatNeedsAPerson() throws {
    let target = try IntuneSamplesTests.sampleTarget("Samples/FabrikamBroken/Fabrikam")
    let (fixed, passes) = try TargetFixture.fixedToCompletion(target, Self.rules)
    #expect(passes >= 1 && passes < 5)
    let remaining = TargetFixture.lint(fixed, Self.rules)
    // Every fix, the unsafe one of US003 included (it drops the known managed apps' twins, as the
    // configurator does): only the invalid schemes a person must rewrite remain.
    #expect(Set(remaining.map(\.code)) == ["US006"], "\(remaining.map(\.message))")
    let queries = fixed.infoPlist.root["LSApplicationQueriesSchemes"]?.elements?.compactMap(\.string) ?? []
    for required in ["http-intunemam", "companyportal", "msauthv2", "ms-outlook"] {
      let index = try #require(queries.firstIndex(of: required), "\(required) was not added")
      #expect(index < 50, "'\(required)' landed at [\(index)], past the limit")
    }
    #expect(queries.firstIndex(of: "waze-intunemam") == queries.firstIndex(of: "waze").map { $0 + 1 })
    #expect(queries.filter { $0 == "tel" }.count == 1)
    let msalSchemes = fixed.infoPlist.root.value(at: [.key("CFBundleURLTypes"), .index(1), .key("CFBundleURLSchemes")])
    #expect(msalSchemes?.elements?.compactMap(\.string).suffix(2) == [
      "msauth.com.fabrikam.field", "msauth.com.fabrikam.field-intunemam",
    ])
  }

  // MARK: - Binary plists

  /// An app with several fixes in one array: twins to insert mid-array, a repeat to remove, required entries.
  static let crowdedApp = app(
    queries: """
      \t<string>waze</string>
      \t<string>zoomus</string>
      \t<string>zoomus-intunemam</string>
      \t<string>mailto</string>
      \t<string>waze</string>
      \t<string>https-intunemam</string>
      """,
    extra: """
      <key>CFBundleURLTypes</key>
      <array>
      \t<dict>
      \t\t<key>CFBundleURLSchemes</key>
      \t\t<array>
      \t\t\t<string>contoso-notes</string>
      \t\t\t<string>contoso-share</string>
      \t\t</array>
      \t</dict>
      </array>
      """)

  @Test func binaryFixesEndWhereXMLFixesEnd() throws {
    let xml = try TargetFixture.fixedToCompletion(try TargetFixture.target(Self.crowdedApp), Self.rules)
    let binary = try TargetFixture.fixedToCompletion(
      try TargetFixture.target(Self.crowdedApp, binary: true), Self.rules)
    #expect(binary.target.infoPlist.format == .binary)
    #expect(TargetFixture.lint(xml.target, Self.rules).isEmpty)
    #expect(TargetFixture.lint(binary.target, Self.rules).isEmpty)
    // A binary plist's fixes replace the whole array, so those that meet in one pass wait for the next one,
    // and appended entries may come in another order than in the XML file; the entries are the same.
    let queries = xml.target.infoPlist.root["LSApplicationQueriesSchemes"]?.elements?.compactMap(\.string) ?? []
    let binaryQueries = binary.target.infoPlist.root["LSApplicationQueriesSchemes"]?.elements?.compactMap(\.string)
    #expect(binaryQueries?.sorted() == queries.sorted())
    #expect(binaryQueries.map { Array($0.prefix(7)) } == Array(queries.prefix(7)))
    let binaryURLTypes = binary.target.infoPlist.root["CFBundleURLTypes"]?.value.normalized
    #expect(binaryURLTypes == xml.target.infoPlist.root["CFBundleURLTypes"]?.value.normalized)
    #expect(Array(queries.prefix(7)) == [
      "waze", "waze-intunemam", "zoomus", "zoomus-intunemam", "mailto", "mailto-intunemam", "https-intunemam",
    ])
    let urlSchemes = xml.target.infoPlist.root.value(
      at: [.key("CFBundleURLTypes"), .index(0), .key("CFBundleURLSchemes")])
    #expect(urlSchemes?.elements?.compactMap(\.string) == [
      "contoso-notes", "contoso-notes-intunemam", "contoso-share", "contoso-share-intunemam",
    ])
  }

  @Test func binaryFindingsMatchXMLFindingsWithoutRanges() throws {
    let summary = { (diagnostics: [LintDiagnostic]) in
      diagnostics.map { "\($0.code) \($0.keyPath) \($0.message)" }.sorted()
    }
    let xml = TargetFixture.lint(try TargetFixture.target(Self.crowdedApp), Self.rules)
    let binary = TargetFixture.lint(try TargetFixture.target(Self.crowdedApp, binary: true), Self.rules)
    #expect(summary(binary) == summary(xml))
    #expect(Set(xml.map(\.code)) == ["US001", "US002", "US004", "US005", "US008", "US010"])
    #expect(binary.allSatisfy { $0.range == nil })
  }

  // MARK: - Single rules

  @Test func missingTwinOfAKnownManagedAppMayBeDropped() throws {
    let target = try TargetFixture.target(Self.app(queries: "\t<string>ms-word</string>\n\t<string>waze</string>"))
    let messages = TargetFixture.lint(target, TargetFixture.rules("US001")).map(\.message)
    #expect(messages.count == 2)
    #expect(messages.filter { $0.contains("isURLAllowed:isKnownManagedAppScheme:YES") }.count == 1)
    #expect(messages.contains { $0.hasPrefix("'ms-word' is queried without 'ms-word-intunemam'") })
  }

  @Test func missingQueriesSchemesKeyGetsOneFindingAndTheWholeList() throws {
    let target = try TargetFixture.target("""
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>IntuneMAMSettings</key>
      <dict/>
      """)
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("US002"))
    #expect(diagnostics.map(\.keyPath) == ["LSApplicationQueriesSchemes"])
    #expect(diagnostics.first?.range != nil)
    let fixed = try TargetFixture.fixedValue(of: target.infoPlist, with: diagnostics)
    #expect(fixed.value(at: [.key("LSApplicationQueriesSchemes")])?.normalized
      == .array(Self.requiredEntries.split(separator: "\n").map {
        .string(String($0.dropFirst("\t<string>".count).dropLast("</string>".count)))
      }))
  }

  /// The query schemes of `value` after a fix.
  static func queries(of value: PropertyListValue) -> [String] {
    guard case .array(let elements) = value.value(at: [.key("LSApplicationQueriesSchemes")]) else { return [] }
    return elements.compactMap { element in
      if case .string(let text) = element { return text }
      return nil
    }
  }

  @Test func requiredEntriesJoinTheSDKEntriesInsideTheIOS27Limit() throws {
    let ownSchemes = (1...12).flatMap { ["app\($0)", "app\($0)-intunemam"] }
    let listed = Array(ownSchemes.prefix(4)) + ["https", "https-intunemam"] + ownSchemes.dropFirst(4)
    var target = try TargetFixture.target(Self.app(queries: listed.map { "\t<string>\($0)</string>" }
      .joined(separator: "\n")))
    target.settings.sdkVersion = 27
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("US002", "US010"))
    // 14 entries both the guide and the configurator ask for (one finding for the 11 MTD schemes, one for each
    // other), one US010 finding for the other four.
    #expect(diagnostics.map(\.code).filter { $0 == "US002" }.count == 4)
    #expect(diagnostics.map(\.code).filter { $0 == "US010" }.count == 1)
    #expect(diagnostics.compactMap(\.fix).count == 1)
    let schemes = Self.queries(of: try TargetFixture.fixedValue(of: target.infoPlist, with: diagnostics))
    // Before 'https-intunemam' would part it from 'https'; the entries go before 'https' instead.
    #expect(Array(schemes.prefix(5)) == ["app1", "app1-intunemam", "app2", "app2-intunemam", "http-intunemam"])
    #expect(schemes.firstIndex(of: "msauthv3") == 21)
  }

  @Test func requiredEntriesGoFirstWhenNoSDKEntryLeavesRoom() throws {
    let ownSchemes = (1...12).flatMap { ["app\($0)", "app\($0)-intunemam"] } + ["https-intunemam"]
    var target = try TargetFixture.target(Self.app(queries: ownSchemes.map { "\t<string>\($0)</string>" }
      .joined(separator: "\n")))
    target.settings.sdkVersion = 27
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("US002"))
    let schemes = Self.queries(of: try TargetFixture.fixedValue(of: target.infoPlist, with: diagnostics))
    #expect(Array(schemes.prefix(2)) == ["http-intunemam", "microsoft-edge-https"])
    #expect(schemes.firstIndex(of: "msauthv3") == 17)
  }

  @Test func fullListGetsOutlookNextToMail() throws {
    let required = Self.requiredEntries.split(separator: "\n").filter { !$0.contains("ms-outlook") }
    let filler = (1...28).map { "\t<string>scheme\($0)</string>" }
    let entries = (["\t<string>mailto</string>", "\t<string>mailto-intunemam</string>", "\t<string>sms</string>",
                    "\t<string>sms-intunemam</string>"] + filler + required.map(String.init)).joined(separator: "\n")
    let target = try TargetFixture.target(Self.app(queries: entries))
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("US008"))
    #expect(diagnostics.map(\.keyPath) == ["LSApplicationQueriesSchemes[0]"])
    let fixed = try TargetFixture.fixedValue(of: target.infoPlist, with: diagnostics)
    #expect(fixed.value(at: [.key("LSApplicationQueriesSchemes"), .index(2)]) == .string("ms-outlook"))
  }

  /// With other required entries missing, US002's one fix adds 'ms-outlook' among them, in the configurator's
  /// order; US008 still reports the mail problem, without a second insertion.
  @Test func mailtoAppMissingSeveralEntriesGetsOutlookInTheConfiguratorsOrder() throws {
    let target = try TargetFixture.target(Self.app(queries: "\t<string>mailto</string>\n\t<string>mailto-intunemam</string>"))
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("US002", "US008", "US010"))
    #expect(diagnostics.compactMap(\.fix).count == 1)
    #expect(!diagnostics.contains { $0.code == "US010" && $0.message.contains("'ms-outlook'") })
    let mailFinding = try #require(diagnostics.first { $0.code == "US008" })
    #expect(mailFinding.fix == nil)
    #expect(mailFinding.notes.contains { $0.contains("US002") })
    #expect(!diagnostics.contains { $0.code == "US002" && $0.message.contains("'ms-outlook'") })
    let schemes = Self.queries(of: try TargetFixture.fixedValue(of: target.infoPlist, with: diagnostics))
    #expect(schemes == ["mailto", "mailto-intunemam"] + IntuneSchemeLists.requiredQueriesSchemes)
  }

  /// The SDK queries bare 'ms-outlook'; its twin alone (the guide's form) does not stand in for it (the configurator
  /// adds it then), but a plist written from the guide gets a warning for it, not an error.
  @Test func outlookTwinAloneStillLacksBareOutlook() throws {
    let entries = Self.requiredEntries.split(separator: "\n").filter { !$0.contains("ms-outlook") }
      .joined(separator: "\n")
    let target = try TargetFixture.target(Self.app(
      queries: "\t<string>mailto</string>\n\t<string>mailto-intunemam</string>\n\t<string>ms-outlook-intunemam</string>\n"
        + entries))
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("US001", "US002", "US008", "US010"))
    #expect(diagnostics.map(\.code) == ["US010"])
    #expect(diagnostics.first?.severity == .warning)
    #expect(diagnostics.first?.message.contains("lacks 'ms-outlook'") == true)
    #expect(diagnostics.first?.message.contains("the guide's twins are listed") == true)
  }

  @Test func mailtoAppLacksOutlookOnceNotTwice() throws {
    let entries = Self.requiredEntries.split(separator: "\n").filter { !$0.contains("ms-outlook") }
      .joined(separator: "\n")
    let target = try TargetFixture.target(Self.app(queries: "\t<string>mailto</string>\n" + entries))
    let codes = TargetFixture.lint(target, TargetFixture.rules("US002", "US008", "US010")).map(\.code)
    #expect(codes == ["US008"])
    let withoutMail = try TargetFixture.target(Self.app(queries: entries))
    #expect(TargetFixture.lint(withoutMail, TargetFixture.rules("US002", "US008", "US010")).map(\.message) == [
      "'LSApplicationQueriesSchemes' lacks 'ms-outlook', which IntuneMAMConfigurator adds and the integration guide's "
        + "step 5 does not list; the Intune SDK queries them to hand mail links to Outlook",
    ])
  }

  @Test func invalidSchemeUsesBuildSettings() throws {
    let body = """
      <key>CFBundleIdentifier</key>
      <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      <key>CFBundleURLTypes</key>
      <array>
      \t<dict>
      \t\t<key>CFBundleURLSchemes</key>
      \t\t<array>
      \t\t\t<string>$(APP_SCHEME)</string>
      \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth</string>
      \t\t</array>
      \t</dict>
      </array>
      """
    let unknown = TargetFixture.lint(try TargetFixture.target(body), TargetFixture.rules("US006"))
    #expect(unknown.map(\.keyPath) == ["CFBundleURLTypes[0].CFBundleURLSchemes[1]"])
    #expect(unknown.first?.message.contains("(from ") == false)

    var settings = BuildSettings()
    settings.define("APP_SCHEME", as: "contoso notes")
    settings.define("PRODUCT_BUNDLE_IDENTIFIER", as: "com.contoso.notes")
    let known = TargetFixture.lint(
      try TargetFixture.target(body, settings: LintSettings(buildSettings: settings)), TargetFixture.rules("US006"))
    #expect(known.map(\.message) == [
      "'contoso notes' (from '$(APP_SCHEME)') is not a URL scheme: contains whitespace at offset 7: only "
        + "letters, digits, '+', '-' and '.' are allowed",
      "'msauth.com.contoso.notes://auth' (from 'msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth') is not a URL "
        + "scheme: contains '://': write only the part before ':'",
    ])
  }

  @Test func redirectSchemeWithoutURLTypesGetsANewURLType() throws {
    let target = try TargetFixture.target("""
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>ADALClientId</key>
      \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
      </dict>
      """)
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("US007"))
    #expect(diagnostics.map(\.keyPath) == ["CFBundleURLTypes"])
    let fixed = try TargetFixture.fixedValue(of: target.infoPlist, with: diagnostics)
    #expect(fixed.value(at: [.key("CFBundleURLTypes"), .index(0), .key("CFBundleURLSchemes")]) == .array([
      .string("msauth.com.contoso.notes"), .string("msauth.com.contoso.notes-intunemam"),
    ]))
  }

  @Test func redirectSchemeOfAnUnknownBuildSettingIsNotGuessed() throws {
    let target = try TargetFixture.target("""
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>ADALRedirectUri</key>
      \t<string>$(MSAL_REDIRECT_URI)</string>
      </dict>
      """)
    #expect(TargetFixture.lint(target, TargetFixture.rules("US007")).isEmpty)
  }

  @Test func extensionsAndTargetsWithoutIntuneGetOnlyTheirRules() throws {
    let extensionTarget = try TargetFixture.target("""
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>ContainingAppBundleId</key>
      \t<string>com.contoso.notes</string>
      </dict>
      <key>LSApplicationQueriesSchemes</key>
      <array>
      \t<string>mailto</string>
      \t<string>waze-intunemam</string>
      \t<string>mailto</string>
      </array>
      <key>NSExtension</key>
      <dict/>
      """)
    #expect(TargetFixture.lint(extensionTarget, Self.rules).map(\.code) == ["US009", "US005"])

    let plainApp = try TargetFixture.target("""
      <key>LSApplicationQueriesSchemes</key>
      <array>
      \t<string>waze</string>
      \t<string>waze://</string>
      </array>
      """)
    #expect(TargetFixture.lint(plainApp, Self.rules).map(\.code) == ["US006"])
  }
}

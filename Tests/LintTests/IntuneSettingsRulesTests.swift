import Foundation
import Lint
import PredicateSyntax
import PropertyList
import SharelintBase
import Testing
import XcodeModel

/// Builds targets from dictionary bodies, as XML or re-serialized as binary plists.
enum TargetFixture {
  /// The registered rules of `families`.
  static func rules(_ families: RuleFamily...) -> [any LintRule.Type] {
    RuleRegistry.rules(of: Set(families))
  }

  /// The registered rules with these codes.
  static func rules(_ codes: String...) -> [any LintRule.Type] {
    RuleRegistry.rules.filter { codes.contains($0.description.code) }
  }

  /// The family of the rule named `code` (or identifier), nil for no rule.
  static func family(of code: some StringProtocol) -> RuleFamily? {
    RuleRegistry.rule(named: String(code))?.description.family
  }

  /// A document named `name` holding `body` (a dictionary body), as XML or as a binary plist.
  static func document(_ body: String, name: String, binary: Bool = false) throws -> PropertyListDocument {
    let xml = try PropertyListDocument(source: SourceText(name: name, string: RuleExample.document(for: body)))
    guard binary else { return xml }
    return try PropertyListDocument(bytes: try BinaryPropertyList.serialize(xml.root.value), name: name)
  }

  /// A target of `infoPlist` and `entitlements`, both XML or both binary.
  static func target(
    _ infoPlist: String, entitlements: String? = nil, binary: Bool = false, settings: LintSettings = LintSettings()
  ) throws -> LintTarget {
    LintTarget(
      infoPlist: try document(infoPlist, name: "Info.plist", binary: binary),
      entitlements: try entitlements.map { try document($0, name: "App.entitlements", binary: binary) },
      settings: settings)
  }

  /// `target` linted with `rules`.
  static func lint(_ target: LintTarget, _ rules: [any LintRule.Type]) -> [LintDiagnostic] {
    Linter(configuration: Configuration(), rules: rules).lint(target)
  }

  /// The value of `document` after applying every fix (safe and unsafe) aimed at it, once.
  static func fixedValue(of document: PropertyListDocument, with diagnostics: [LintDiagnostic]) throws
    -> PropertyListValue
  {
    try PropertyListDocument(bytes: applyFixes(diagnostics, to: document).bytes, name: document.source.name).root.value
  }

  /// Every fix (safe and unsafe) of `diagnostics` aimed at `document`, applied in one pass.
  static func applyFixes(_ diagnostics: [LintDiagnostic], to document: PropertyListDocument) -> Fixer.FixedFile {
    Fixer.apply(diagnostics.compactMap(\.fix).filter { $0.file == document.source.name }, to: document)
  }

  /// `target` with lint-and-fix passes repeated until nothing changes (fixes that share an insertion
  /// point wait for the next pass, as in ruff), at most `maximumPasses` times.
  static func fixedToCompletion(
    _ target: LintTarget, _ rules: [any LintRule.Type], maximumPasses: Int = 5
  ) throws -> (target: LintTarget, passes: Int) {
    var current = target
    for pass in 1...maximumPasses {
      let diagnostics = lint(current, rules)
      let info = applyFixes(diagnostics, to: current.infoPlist)
      let entitlements = current.entitlements.map { applyFixes(diagnostics, to: $0) }
      guard info.changed || entitlements?.changed == true else { return (current, pass - 1) }
      current = LintTarget(
        infoPlist: try PropertyListDocument(bytes: info.bytes, name: current.infoPlist.source.name),
        entitlements: try entitlements.map {
          try PropertyListDocument(bytes: $0.bytes, name: $0.original.name)
        },
        containingAppInfoPlist: current.containingAppInfoPlist, settings: current.settings)
    }
    return (current, maximumPasses)
  }
}

@Suite struct IntuneSettingsRulesTests {
  /// An app with one mistake for nearly every IM rule.
  static let brokenApp = """
    <key>CFBundleDocumentTypes</key>
    <array>
    \t<dict>
    \t\t<key>LSItemContentTypes</key>
    \t\t<array>
    \t\t\t<string>com.microsoft.intune.mam.public.plain-text</string>
    \t\t\t<string>com.adobe.pdf</string>
    \t\t\t<string>com.microsoft.intune.mam.com.adobe.pdf</string>
    \t\t</array>
    \t</dict>
    </array>
    <key>CFBundleIdentifier</key>
    <string>com.fabrikam.field</string>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ADALClientId</key>
    \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
    \t<key>AccentColor</key>
    \t<string>#12345G</string>
    \t<key>AppGroupIdentifiers</key>
    \t<array>
    \t\t<string>group.com.fabrikam.field</string>
    \t</array>
    \t<key>AutoEnrollOnLaunh</key>
    \t<true/>
    \t<key>MAMPolicyRequired</key>
    \t<true/>
    \t<key>MAMTelemetryDisabled</key>
    \t<string>YES</string>
    \t<key>MainNibFile</key>
    \t<string>MainWindow</string>
    \t<key>MaxFileProtectionLevel</key>
    \t<string>completeUntilFirstUserAuthentication</string>
    </dict>
    """
  static let brokenAppEntitlements = """
    <key>com.apple.security.application-groups</key>
    <array>
    \t<string>group.com.fabrikam.field</string>
    \t<string>group.com.fabrikam.field.offline</string>
    </array>
    """

  @Test func binaryPlistsGiveTheSameFindingsWithoutRanges() throws {
    let rules = TargetFixture.rules(.intuneSettings)
    let xml = TargetFixture.lint(
      try TargetFixture.target(Self.brokenApp, entitlements: Self.brokenAppEntitlements), rules)
    let binary = TargetFixture.lint(
      try TargetFixture.target(Self.brokenApp, entitlements: Self.brokenAppEntitlements, binary: true), rules)
    let summary = { (diagnostics: [LintDiagnostic]) in
      diagnostics.map { "\($0.code) \($0.keyPath) \($0.message)" }.sorted()
    }
    #expect(Set(xml.map(\.code)) == ["IM001", "IM002", "IM003", "IM004", "IM005", "IM006", "IM007", "IM009",
                                     "IM010", "IM011", "IM012"])
    #expect(summary(binary) == summary(xml))
    #expect(xml.allSatisfy { $0.range != nil })
    #expect(binary.allSatisfy { $0.range == nil && $0.start == nil })
    #expect(binary.filter { $0.fix != nil }.count == xml.filter { $0.fix != nil }.count)
  }

  @Test func fixesOnBinaryPlistsMatchTheXMLFixes() throws {
    let rules = TargetFixture.rules(.intuneSettings)
    let xml = try TargetFixture.fixedToCompletion(
      try TargetFixture.target(Self.brokenApp, entitlements: Self.brokenAppEntitlements), rules)
    let binary = try TargetFixture.fixedToCompletion(
      try TargetFixture.target(Self.brokenApp, entitlements: Self.brokenAppEntitlements, binary: true), rules)
    let fixedXML = xml.target.infoPlist.root.value
    let fixedBinary = binary.target.infoPlist.root.value
    #expect(binary.target.infoPlist.format == .binary)
    #expect(fixedBinary.normalized == fixedXML.normalized)
    // XML: IM010 and IM011 both insert after 'IntuneMAMSettings'; the second waits for pass two.
    #expect(xml.passes == 2 && binary.passes == 1)

    let types = fixedBinary.value(at: [.key("CFBundleDocumentTypes"), .index(0), .key("LSItemContentTypes")])
    #expect(types == .array([.string("com.adobe.pdf")]))
    let groups = fixedBinary.value(at: [.key("IntuneMAMSettings"), .key("AppGroupIdentifiers")])
    #expect(groups == .array([.string("group.com.fabrikam.field"), .string("group.com.fabrikam.field.offline")]))
    #expect(fixedBinary.value(at: [.key("NSMainNibFile")]) == .string("MainWindow"))
    #expect(fixedBinary.value(at: [.key("IntuneMAMSettings"), .key("MainNibFile")]) == nil)
    #expect(fixedBinary.value(at: [.key("NSFaceIDUsageDescription")]) != nil)
    let remaining = TargetFixture.lint(binary.target, rules).map(\.code)
    #expect(remaining.allSatisfy { !["IM009", "IM010", "IM011", "IM012"].contains($0) }, "\(remaining)")
  }

  @Test func oneFixRemovesEveryIntuneTypeOfAnArrayInBinaryPlists() throws {
    let target = try TargetFixture.target(Self.brokenApp, binary: true)
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("IM012"))
    #expect(diagnostics.map(\.keyPath) == [
      "CFBundleDocumentTypes[0].LSItemContentTypes[0]", "CFBundleDocumentTypes[0].LSItemContentTypes[2]",
    ])
    #expect(diagnostics.compactMap(\.fix).count == 1)
    let fixed = TargetFixture.applyFixes(diagnostics, to: target.infoPlist)
    #expect(fixed.applied.count == 1 && fixed.skipped.isEmpty)
    let value = try PropertyListDocument(bytes: fixed.bytes, name: "Info.plist").root.value
    #expect(value.value(at: [.key("CFBundleDocumentTypes"), .index(0), .key("LSItemContentTypes")])
      == .array([.string("com.adobe.pdf")]))
  }

  @Test func unknownSettingNamesTheNearestDocumentedOne() throws {
    let diagnostics = TargetFixture.lint(
      try TargetFixture.target(Self.brokenApp), TargetFixture.rules("IM001"))
    #expect(diagnostics.map(\.keyPath) == ["IntuneMAMSettings.AutoEnrollOnLaunh"])
    #expect(diagnostics.first?.message.contains("did you mean 'AutoEnrollOnLaunch'?") == true)
  }

  @Test func missingSettingsOfAConfiguredTargetAreReportedUnderIntuneMAMSettings() throws {
    let target = try TargetFixture.target(
      """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      """,
      settings: LintSettings(intuneMode: .on))
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("IM007"))
    #expect(diagnostics.map(\.keyPath).sorted() == [
      "IntuneMAMSettings.ADALClientId", "IntuneMAMSettings.ADALRedirectUri",
    ])
    #expect(diagnostics.allSatisfy { $0.range != nil })
    // What is missing is the dictionary itself, and the messages say so.
    #expect(diagnostics.map(\.message) == [
      "the Info.plist has no IntuneMAMSettings, so no 'ADALClientId'; the SDK cannot sign in with the app's Entra "
        + "registration",
      "the Info.plist has no IntuneMAMSettings, so neither 'ADALRedirectUri' nor 'ADALRedirectScheme'; Entra "
        + "sign-in cannot return to the app",
    ])
  }

  /// IM009 compares the app groups as built and quotes each as built, with what is written when build settings
  /// made it.
  @Test func appGroupsMismatchQuotesTheGroupsAsBuilt() throws {
    var buildSettings = BuildSettings()
    buildSettings.define("GROUP_ID", as: "group.com.contoso.offline")
    let target = try TargetFixture.target(
      """
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>AppGroupIdentifiers</key>
      \t<array>
      \t\t<string>group.com.contoso.notes</string>
      \t</array>
      </dict>
      """,
      entitlements: """
        <key>com.apple.security.application-groups</key>
        <array>
        \t<string>group.com.contoso.notes</string>
        \t<string>$(GROUP_ID)</string>
        </array>
        """,
      settings: LintSettings(buildSettings: buildSettings))
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("IM009"))
    #expect(diagnostics.map(\.message) == [
      "'AppGroupIdentifiers' lacks the entitlements' app groups 'group.com.contoso.offline' (from '$(GROUP_ID)')"
    ])
  }

  @Test func extensionFindingNamesTheContainingApp() throws {
    let containingApp = try TargetFixture.document(
      """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      """, name: "App/Info.plist")
    let extensionPlist = try TargetFixture.document(
      """
      <key>IntuneMAMSettings</key>
      <dict/>
      <key>NSExtension</key>
      <dict/>
      """, name: "Share/Info.plist")
    let target = LintTarget(infoPlist: extensionPlist, containingAppInfoPlist: containingApp)
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules(.intuneSettings))
    let finding = try #require(diagnostics.first { $0.code == "IM008" })
    #expect(finding.keyPath == "IntuneMAMSettings.ContainingAppBundleId")
    #expect(finding.notes == ["the containing app's bundle identifier is 'com.contoso.notes'"])
    #expect(!diagnostics.contains { $0.code == "IM007" || $0.code == "IM011" }, "app-only rules skip extensions")
  }

  @Test func targetsWithoutIntuneAreLeftAlone() throws {
    let target = try TargetFixture.target(
      """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      """,
      entitlements: """
        <key>keychain-access-groups</key>
        <array>
        \t<string>com.contoso.notes</string>
        </array>
        """)
    #expect(TargetFixture.lint(target, TargetFixture.rules(.intuneSettings, .entitlements)).isEmpty)
  }
}

/// The planted IM/EN mistakes of `Samples/` are found, and the clean samples stay clean.
@Suite struct IntuneSamplesTests {
  /// The repository root: three levels up from this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The target in the sample folder `folder` (repository-relative), its files named as the TSV names them.
  static func sampleTarget(_ folder: String, containingApp: String? = nil) throws -> LintTarget {
    func read(_ relative: String) throws -> PropertyListDocument {
      let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(relative)))
      return try PropertyListDocument(bytes: bytes, name: relative)
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
    let entitlements = try files.first { $0.hasSuffix(".entitlements") }.map { try read("\(folder)/\($0)") }
    return LintTarget(
      infoPlist: try read("\(folder)/Info.plist"), entitlements: entitlements,
      containingAppInfoPlist: try containingApp.map { try read("\($0)/Info.plist") })
  }

  @Test func fabrikamPlantedIntuneMistakesAreFound() throws {
    let tsvURL = Self.root.appendingPathComponent("Samples/expected-findings.tsv")
    let tsv = try String(contentsOf: tsvURL, encoding: .utf8)
    let rows = tsv.split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    let expected = rows.filter { row in
      row.count == 3 && row[0].hasPrefix("Samples/FabrikamBroken/")
        && [.intuneSettings, .entitlements].contains(TargetFixture.family(of: row[1]))
    }.map { "\($0[0]) \($0[1]) \($0[2])" }
    #expect(expected.count == 16, "the TSV plants 16 IM/EN mistakes in FabrikamBroken")

    let app = "Samples/FabrikamBroken/Fabrikam"
    var found: [String] = []
    for folder in [app, "Samples/FabrikamBroken/FabrikamAction"] {
      let target = try Self.sampleTarget(folder, containingApp: folder == app ? nil : app)
      found += TargetFixture.lint(target, TargetFixture.rules(.intuneSettings, .entitlements)).map {
        "\($0.file) \($0.code) \($0.keyPath)"
      }
    }
    for row in Set(expected) {
      let wanted = expected.filter { $0 == row }.count
      #expect(found.filter { $0 == row }.count >= wanted, "not found: \(row)")
    }
  }

  @Test(arguments: [
    ("Samples/ContosoClean/Contoso", nil), ("Samples/ContosoClean/ContosoShare", "Samples/ContosoClean/Contoso"),
    ("Samples/NorthwindBinary/Northwind", nil),
    ("Samples/NorthwindBinary/NorthwindShare", "Samples/NorthwindBinary/Northwind"),
  ] as [(String, String?)])
  func cleanSamplesHaveNoIntuneFindings(folder: String, containingApp: String?) throws {
    let target = try Self.sampleTarget(folder, containingApp: containingApp)
    #expect(target.isIntuneManaged)
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules(.intuneSettings, .entitlements))
    #expect(diagnostics.isEmpty, "\(diagnostics.map { "\($0.code) \($0.keyPath): \($0.message)" })")
  }
}

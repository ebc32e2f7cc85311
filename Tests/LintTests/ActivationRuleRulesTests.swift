import ActivationRules
import Foundation
@testable import Lint
import PredicateSyntax
import PropertyList
import Testing

/// The AR rules on the samples (every planted mistake found, at the right bytes; nothing on the
/// clean sample) and their fixes on whole files, binary ones included.
@Suite struct ActivationRuleRulesTests {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The rules of the AR family.
  static let activationRuleTypes = TargetFixture.rules(.activationRules)

  /// `paths` (relative to the root) linted as the command line does, file names made relative again.
  static func lintSamples(_ paths: [String]) async throws -> [LintDiagnostic] {
    let prefix = root.path + "/"
    let report = try await LintSession.run(LintSession.Options(paths: paths.map { prefix + $0 }))
    return report.diagnostics.map { diagnostic in
      var relative = diagnostic
      if relative.file.hasPrefix(prefix) { relative.file.removeFirst(prefix.count) }
      return relative
    }
  }

  /// One sample Info.plist as a target with its containing app, as discovery pairs them.
  static func sampleTarget(_ path: String, containingApp: String? = nil) throws -> LintTarget {
    let document = try PropertyListDocument(contentsOfFile: root.appendingPathComponent(path).path)
    let app = try containingApp.map { try PropertyListDocument(contentsOfFile: root.appendingPathComponent($0).path) }
    return LintTarget(infoPlist: document, containingAppInfoPlist: app)
  }

  /// The byte offset of the `occurrence`-th (0-based) `needle` in `document`'s file.
  static func offset(of needle: String, in document: PropertyListDocument, occurrence: Int = 0) throws -> Int {
    let bytes = document.source.bytes
    let wanted = Array(needle.utf8)
    var found: [Int] = []
    var index = 0
    while index + wanted.count <= bytes.count {
      if bytes[index..<index + wanted.count].elementsEqual(wanted) { found.append(index) }
      index += 1
    }
    return try #require(found.count > occurrence ? found[occurrence] : nil, "'\(needle)' not found")
  }

  /// The keys leading to the activation rule.
  static let ruleKeys = ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]

  @Test func everyPlantedActivationRuleMistakeIsFound() async throws {
    let tablePath = Self.root.appendingPathComponent("Samples/expected-findings.tsv")
    let table = try String(contentsOf: tablePath, encoding: .utf8)
    let rows = table.split(separator: "\n").dropFirst()
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
      .filter { $0.count == 3 && TargetFixture.family(of: $0[1]) == .activationRules }
      .map { (file: $0[0], code: $0[1], keyPath: $0[2]) }
    #expect(rows.count == 17, "the TSV plants seventeen AR mistakes")
    let diagnostics = try await Self.lintSamples([
      "Samples/FabrikamBroken", "Samples/NorthwindBinary", "Samples/Packaged/Woodgrove.ipa", "Samples/XcodeContoso",
      "Samples/Litware",
    ])
    for row in rows {
      let expected = rows.filter { $0 == row }.count
      let found = diagnostics.filter { $0.file == row.file && $0.code == row.code && $0.keyPath == row.keyPath }
      #expect(found.count >= expected, "\(row.code) \(row.file) \(row.keyPath): found \(found.count)")
    }
  }

  @Test func contosoCleanHasNoActivationRuleFindings() async throws {
    let diagnostics = try await Self.lintSamples(["Samples/ContosoClean"])
    let activation = diagnostics.filter { TargetFixture.family(of: $0.code) == .activationRules }
    #expect(activation.isEmpty, "\(activation.map { "\($0.code) \($0.message)" })")
    #expect(!diagnostics.contains { $0.file.hasSuffix("ContosoShare/Info.plist") && $0.severity == .error })
  }

  @Test func typographicQuotesAreFoundOneByOneAndNothingElseInThatRule() throws {
    let target = try Self.sampleTarget(
      "Samples/FabrikamBroken/FabrikamShare/Info.plist", containingApp: "Samples/FabrikamBroken/Fabrikam/Info.plist")
    let diagnostics = TargetFixture.lint(target, Self.activationRuleTypes)
    #expect(diagnostics.map(\.code) == ["AR002", "AR002", "AR002", "AR002"])
    let bytes = target.infoPlist.source.bytes
    let quotes = bytes.indices.dropLast(2).filter {
      bytes[$0] == 0xE2 && bytes[$0 + 1] == 0x80 && (bytes[$0 + 2] == 0x9C || bytes[$0 + 2] == 0x9D)
    }
    #expect(quotes.count == 4)
    #expect(diagnostics.compactMap { $0.range?.start }.sorted() == quotes)
    #expect(diagnostics.filter { $0.fix != nil }.count == 1, "one fix replaces every quote")
  }

  @Test func findingsInsideAnEntityEncodedRulePointAtTheFileBytes() throws {
    let target = try Self.sampleTarget("Samples/FabrikamBroken/FabrikamOpenIn/Info.plist")
    let diagnostics = TargetFixture.lint(target, Self.activationRuleTypes)
    let document = target.infoPlist
    let unbound = try #require(diagnostics.first { $0.code == "AR008" })
    #expect(unbound.range?.start == (try Self.offset(of: "$attachments.", in: document)))
    #expect(unbound.message.contains("did you mean '$attachment'?"))
    #expect(unbound.start?.line == 48)
    let ambiguous = try #require(diagnostics.first { $0.code == "AR007" })
    #expect(ambiguous.range?.start == (try Self.offset(of: "ANY $attachments", in: document)))
    #expect(ambiguous.message.hasPrefix("'&&' inside '||'"))
    let missing = try #require(diagnostics.first { $0.code == "AR004" })
    #expect(missing.message.contains("'public.plain-text', 'com.adobe.pdf'"))
  }

  @Test func fixesKeepTheEntitiesAndTheLayoutAndRunToAFixedPoint() throws {
    let target = try Self.sampleTarget("Samples/FabrikamBroken/FabrikamOpenIn/Info.plist")
    let rules = TargetFixture.rules("AR004", "AR007")
    let (fixed, passes) = try TargetFixture.fixedToCompletion(target, rules)
    #expect(passes >= 2, "AR004 and AR007 insert at the same offset, so they take two passes")
    #expect(TargetFixture.lint(fixed, rules).isEmpty)
    let text = String(decoding: fixed.infoPlist.source.bytes, as: UTF8.self)
    #expect(text.contains("&quot;com.microsoft.intune.mam.com.adobe.pdf&quot;"))
    #expect(text.contains("\t\t\t\t\t|| (("), "the original line and indentation are kept")
    let rule = try #require(fixed.infoPlist.value(at: Self.ruleKeys))
    #expect(PredicateParser.parse(try #require(rule.string)).isValid)
  }

  @Test func aBinaryRuleIsAugmentedAndStaysBinary() throws {
    let target = try Self.sampleTarget("Samples/NorthwindBinary/NorthwindShare/Info.plist")
    #expect(target.infoPlist.format == .binary)
    let diagnostics = TargetFixture.lint(target, Self.activationRuleTypes)
    #expect(diagnostics.map(\.code) == ["AR004"])
    #expect(diagnostics.first?.range == nil)
    let fixed = TargetFixture.applyFixes(diagnostics, to: target.infoPlist)
    #expect(Array(fixed.bytes.prefix(8)) == Array("bplist00".utf8))
    let again = LintTarget(infoPlist: try PropertyListDocument(bytes: fixed.bytes, name: "Info.plist"))
    #expect(TargetFixture.lint(again, Self.activationRuleTypes).isEmpty)
  }

  @Test func twoFixesOfOneBinaryRuleStringTakeTwoPasses() throws {
    let body = ActivationRuleExample.body(
      "<string>SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, "
        + "$attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.adobe.pdf\" OR "
        + "$attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.jpeg\").@count == 1).@count == 1</string>",
      intune: false, appending: "")
    let target = try TargetFixture.target(body, binary: true)
    let rules = TargetFixture.rules("AR010")
    #expect(TargetFixture.lint(target, rules).count == 2)
    let (fixed, passes) = try TargetFixture.fixedToCompletion(target, rules)
    #expect(passes == 2, "the second fix of the string waits for the next pass")
    let text = try #require(fixed.infoPlist.value(at: Self.ruleKeys)?.string)
    #expect(text.contains("ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.adobe.pdf\" OR "
      + "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.jpeg\""))
  }

  @Test func aDictionaryRuleIsConvertedOnceItsMisspelledKeyIsRenamed() throws {
    let target = try Self.sampleTarget("Samples/FabrikamBroken/FabrikamPhotos/Info.plist")
    let first = TargetFixture.lint(target, TargetFixture.rules("AR004", "AR005"))
    #expect(first.map(\.code).sorted() == ["AR004", "AR005"])
    #expect(first.first { $0.code == "AR004" }?.fix == nil, "converting now would drop the misspelled images key")
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, TargetFixture.rules("AR004", "AR005"))
    let rule = try #require(fixed.infoPlist.value(at: Self.ruleKeys))
    let text = try #require(rule.string, "the dictionary became a predicate string")
    #expect(text.contains("\"com.microsoft.intune.mam.public.image\""))
    #expect(text.contains("\"com.microsoft.intune.mam.public.movie\""))
    #expect(text.contains("\n\t\t\t\t$extensionItem,"), "continuation lines are indented with the plist")
    let after = TargetFixture.lint(fixed, Self.activationRuleTypes).map(\.code)
    #expect(!after.contains("AR004") && !after.contains("AR005"), "\(after)")
  }

  @Test func theConfiguratorShapeWrapsEachSubqueryPredicate() throws {
    let target = try Self.sampleTarget("Samples/NorthwindBinary/NorthwindShare-Info.xml.plist")
    var findings = Findings(description: MissingMAMTypesRule.description)
    MissingMAMTypesRule(shape: .configurator).check(target, into: &findings)
    let fix = try #require(findings.diagnostics.first?.fix)
    let fixed = Fixer.apply([fix], to: target.infoPlist)
    let document = try PropertyListDocument(bytes: fixed.bytes, name: "Info.plist")
    let rule = try #require(document.value(at: Self.ruleKeys))
    let text = try #require(rule.string)
    #expect(text.contains("((ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.spreadsheet\""))
    #expect(text.contains(") || (ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "
      + "\"com.microsoft.intune.mam.public.spreadsheet\""))
  }

  @Test func configureAsksForTheVendorsDictionaryConversionThroughTheSettings() throws {
    var target = try Self.sampleTarget("Samples/FabrikamBroken/FabrikamPhotos/Info.plist")
    (target, _) = try TargetFixture.fixedToCompletion(target, TargetFixture.rules("AR005"))
    target.settings.activationRuleShape = .configurator
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules("AR004"))
    let fix = try #require(diagnostics.first?.fix)
    let document = try PropertyListDocument(
      bytes: Fixer.apply([fix], to: target.infoPlist).bytes, name: "Info.plist")
    let text = try #require(document.value(at: Self.ruleKeys)?.string)
    #expect(text.contains("$extensionItem.attachments.@count") == false)
    #expect(text.contains("||"), "the configurator joins with '||' and '&&'")
    #expect(text.contains("com.microsoft.intune.mam.public.movie"))
  }

  @Test func typesDeclaredByTheContainingAppAreKnown() throws {
    // The type is in the app's own namespace (com.contoso): declared by nobody else, it must be declared here.
    let rule = """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes.share</string>
      <key>NSExtension</key>
      <dict>
      \t<key>NSExtensionAttributes</key>
      \t<dict>
      \t\t<key>NSExtensionActivationRule</key>
      \t\t<string>ANY extensionItems.attachments.registeredTypeIdentifiers \
      UTI-CONFORMS-TO "com.contoso.notes.note"</string>
      \t</dict>
      </dict>
      """
    let extensionPlist = try TargetFixture.document(rule, name: "Info.plist")
    let contoso = try PropertyListDocument(
      contentsOfFile: Self.root.appendingPathComponent("Samples/ContosoClean/Contoso/Info.plist").path)
    let alone = LintTarget(infoPlist: extensionPlist)
    let withApp = LintTarget(infoPlist: extensionPlist, containingAppInfoPlist: contoso)
    #expect(TargetFixture.lint(alone, TargetFixture.rules("AR011")).count == 1)
    #expect(TargetFixture.lint(withApp, TargetFixture.rules("AR011")).isEmpty)
  }

  @Test func aSyntaxErrorHiddenBehindTypographicQuotesIsStillReported() throws {
    let body = ActivationRuleExample.body(
      "<string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO “public.image” "
        + "=== 1</string>",
      intune: false, appending: "")
    let target = try TargetFixture.target(body)
    let codes = TargetFixture.lint(target, Self.activationRuleTypes).map(\.code)
    #expect(codes.contains("AR001"))
    #expect(codes.contains("AR002"))
  }

  @Test func appsAreNotChecked() throws {
    let body = """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>NSExtensionActivationRule</key>
      <string>TRUEPREDICATE</string>
      """
    let target = try TargetFixture.target(body)
    #expect(target.kind == .app)
    #expect(TargetFixture.lint(target, Self.activationRuleTypes).isEmpty)
  }

  /// A share-sheet simulation runs on the system's registry when the rule and the files tried name only system
  /// types (the answers are the same, and the target's own registry is not built), and on the target's own
  /// registry as soon as one of them is a type the app declares.
  @Test func simulationsUseTheTargetsOwnTypesOnlyWhenTheyMeetThem() throws {
    func target(rule: String) throws -> LintTarget {
      try TargetFixture.target(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>UTExportedTypeDeclarations</key>
        <array>
        \t<dict>
        \t\t<key>UTTypeIdentifier</key>
        \t\t<string>com.contoso.recipe</string>
        \t\t<key>UTTypeConformsTo</key>
        \t\t<array><string>public.data</string></array>
        \t</dict>
        </array>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionAttributes</key>
        \t<dict>
        \t\t<key>NSExtensionActivationRule</key>
        \t\t<string>\(rule)</string>
        \t</dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """)
    }
    let rule = "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers "
    let systemOnly = try target(rule: rule + "UTI-CONFORMS-TO &quot;public.image&quot;).@count == 1).@count == 1")
    let systemPredicate = try #require(systemOnly.canonicalActivationPredicate?.predicate)
    #expect(systemOnly.simulationRegistry(for: systemPredicate).declarations.isEmpty)
    let withDeclaredInput = systemOnly.simulationRegistry(for: systemPredicate, inputTypes: ["com.contoso.recipe"])
    #expect(!withDeclaredInput.declarations.isEmpty)
    let declared = try target(rule: rule + "UTI-CONFORMS-TO &quot;com.contoso.recipe&quot;).@count == 1).@count == 1")
    let declaredPredicate = try #require(declared.canonicalActivationPredicate?.predicate)
    let registry = declared.simulationRegistry(for: declaredPredicate)
    #expect(registry.declarations.map(\.identifier) == ["com.contoso.recipe"])
    #expect(registry.conforms("com.contoso.recipe", to: "public.data"))
  }
}

import Foundation
import Lint
import PredicateSyntax
import PropertyList
import Testing
import XcodeModel

@Suite struct EntitlementsRulesTests {
  static let app = """
    <key>CFBundleIdentifier</key>
    <string>com.fabrikam.field</string>
    <key>IntuneMAMSettings</key>
    <dict/>
    """
  static let brokenEntitlements = """
    <key>keychain-access-groups</key>
    <array>
    \t<string>$(AppIdentifierPrefix)com.fabrikam.shared</string>
    \t<string>$(AppIdentifierPrefix)com.fabrikam.field</string>
    \t<string>com.fabrikam.field.credentials</string>
    </array>
    """

  /// The keychain groups of the entitlements once every EN fix is applied.
  static func fixedGroups(of target: LintTarget) throws -> PropertyListValue? {
    let entitlements = try #require(target.entitlements)
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules(.entitlements))
    let fixed = try TargetFixture.fixedValue(of: entitlements, with: diagnostics)
    return fixed.value(at: [.key("keychain-access-groups")])
  }

  @Test func binaryEntitlementsGiveTheSameFindingsWithoutRanges() throws {
    let rules = TargetFixture.rules(.entitlements)
    let xml = TargetFixture.lint(try TargetFixture.target(Self.app, entitlements: Self.brokenEntitlements), rules)
    let binary = TargetFixture.lint(
      try TargetFixture.target(Self.app, entitlements: Self.brokenEntitlements, binary: true), rules)
    let summary = { (diagnostics: [LintDiagnostic]) in
      diagnostics.map { "\($0.file) \($0.code) \($0.keyPath)" }.sorted()
    }
    #expect(summary(xml) == [
      "App.entitlements EN001 keychain-access-groups", "App.entitlements EN002 keychain-access-groups",
      "App.entitlements EN003 keychain-access-groups[2]", "App.entitlements EN004 keychain-access-groups[0]",
    ])
    #expect(summary(binary) == summary(xml))
    #expect(binary.allSatisfy { $0.range == nil })
    #expect(xml.allSatisfy { $0.range != nil })
  }

  @Test(arguments: [false, true])
  func fixesAddTheIntuneGroupsAndPrefixesInOnePass(binary: Bool) throws {
    let target = try TargetFixture.target(Self.app, entitlements: Self.brokenEntitlements, binary: binary)
    let groups = try Self.fixedGroups(of: target)
    // XML puts the Intune group after the first group; a binary plist, fixed value by value, appends it
    // so that EN003's index paths stay valid.
    let expectedOrder = binary
      ? ["com.fabrikam.shared", "com.fabrikam.field", "com.fabrikam.field.credentials", "com.microsoft.intune.mam",
         "com.microsoft.adalcache"]
      : ["com.fabrikam.shared", "com.microsoft.intune.mam", "com.fabrikam.field", "com.fabrikam.field.credentials",
         "com.microsoft.adalcache"]
    #expect(groups == .array(expectedOrder.map { .string("$(AppIdentifierPrefix)" + $0) }))
  }

  @Test func aMissingArrayIsCreatedWithTheTargetsOwnGroupFirst() throws {
    let target = try TargetFixture.target(
      Self.app,
      entitlements: """
        <key>com.apple.security.application-groups</key>
        <array/>
        """)
    let diagnostics = TargetFixture.lint(target, TargetFixture.rules(.entitlements))
    #expect(diagnostics.map(\.code) == ["EN001", "EN002"])
    #expect(diagnostics.allSatisfy { $0.keyPath == "keychain-access-groups" && $0.file == "App.entitlements" })

    // Both fixes create the array at the same place: one pass applies the first, the next the other.
    let entitlements = try #require(target.entitlements)
    let firstPass = Fixer.apply(diagnostics.compactMap(\.fix), to: entitlements)
    #expect(firstPass.applied.count == 1 && firstPass.skipped.count == 1)
    let secondTarget = LintTarget(
      infoPlist: target.infoPlist,
      entitlements: try PropertyListDocument(bytes: firstPass.bytes, name: "App.entitlements"))
    let groups = try Self.fixedGroups(of: secondTarget)
    #expect(groups == .array([
      .string("$(AppIdentifierPrefix)com.fabrikam.field"), .string("$(AppIdentifierPrefix)com.microsoft.intune.mam"),
      .string("$(AppIdentifierPrefix)com.microsoft.adalcache"),
    ]))
  }

  @Test func bundleIdentifierReferencesResolveThroughBuildSettings() throws {
    var buildSettings = BuildSettings()
    buildSettings.define("PRODUCT_BUNDLE_IDENTIFIER", as: "com.fabrikam.field")
    let entitlements = """
      <key>keychain-access-groups</key>
      <array>
      \t<string>$(AppIdentifierPrefix)com.fabrikam.field</string>
      </array>
      """
    let referenced = """
      <key>CFBundleIdentifier</key>
      <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      <key>IntuneMAMSettings</key>
      <dict/>
      """
    let rules = TargetFixture.rules("EN004")
    let resolved = try TargetFixture.target(
      referenced, entitlements: entitlements, settings: LintSettings(buildSettings: buildSettings))
    #expect(TargetFixture.lint(resolved, rules).isEmpty)
    let unresolved = try TargetFixture.target(referenced, entitlements: entitlements)
    #expect(TargetFixture.lint(unresolved, rules).map(\.keyPath) == ["keychain-access-groups[0]"])
  }

  @Test func entitlementsRulesNeedAnEntitlementsFile() throws {
    #expect(TargetFixture.lint(try TargetFixture.target(Self.app), TargetFixture.rules(.entitlements)).isEmpty)
  }
}

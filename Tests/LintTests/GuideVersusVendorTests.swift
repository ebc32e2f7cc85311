import Foundation
import IntuneKnowledge
import Lint
import PropertyList
import Testing
import URLSchemes

/// Where Microsoft's integration guide and its IntuneMAMConfigurator disagree (issue 20 item 4): an app written
/// from either one lints without errors, `configure` still writes what the configurator writes, and `explain`
/// says which source asks for what.
@Suite struct GuideVersusVendorTests {
  /// The 11 Mobile Threat Defense schemes, in the guide's order.
  static let mtd = IntuneSchemeLists.mobileThreatDefenseSchemes

  /// An app's Info.plist body around `queries`, otherwise complete: Entra registration, MSAL's redirect scheme
  /// with its twin, the app's own scheme with its twin, Face ID text.
  static func app(queries: [String]) -> String {
    """
    <key>CFBundleIdentifier</key>
    <string>com.contoso.notes</string>
    <key>CFBundleURLTypes</key>
    <array>
    \t<dict>
    \t\t<key>CFBundleURLSchemes</key>
    \t\t<array>
    \t\t\t<string>contoso-notes</string>
    \t\t\t<string>contoso-notes-intunemam</string>
    \t\t\t<string>msauth.com.contoso.notes</string>
    \t\t\t<string>msauth.com.contoso.notes-intunemam</string>
    \t\t</array>
    \t</dict>
    </array>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ADALClientId</key>
    \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
    \t<key>ADALRedirectUri</key>
    \t<string>msauth.com.contoso.notes://auth</string>
    </dict>
    <key>LSApplicationQueriesSchemes</key>
    <array>
    \(queries.map { "\t<string>\($0)</string>" }.joined(separator: "\n"))
    </array>
    <key>NSFaceIDUsageDescription</key>
    <string>Face ID unlocks Contoso Notes when your organization requires a PIN.</string>
    """
  }

  static let entitlements = """
    <key>keychain-access-groups</key>
    <array>
    \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
    \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
    \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
    </array>
    """

  /// What the current guide's step 5 (stage 3 "Integrate the Intune App SDK") lists, for an app that uses mailto:
  /// its own queried scheme with its twin, then `http-intunemam`, `https-intunemam`, Edge's twins, the MTD
  /// schemes, and `ms-outlook-intunemam`.
  static let guideQueries = ["mailto", "mailto-intunemam", "http-intunemam", "https-intunemam",
    "microsoft-edge-http-intunemam", "microsoft-edge-https-intunemam"] + mtd + ["ms-outlook-intunemam"]

  /// What IntuneMAMConfigurator 21.7.1 writes for the same app (notes §1.3 step 5).
  static let vendorQueries = ["mailto", "mailto-intunemam", "https-intunemam", "http-intunemam",
    "microsoft-edge-https", "microsoft-edge-http", "ms-outlook", "companyportal"] + mtd + ["msauthv2", "msauthv3"]

  static func lint(queries: [String]) throws -> [LintDiagnostic] {
    let target = try TargetFixture.target(Self.app(queries: queries), entitlements: Self.entitlements)
    return TargetFixture.lint(target, RuleRegistry.rules)
  }

  @Test func anAppWrittenFromTheGuideHasNoErrors() throws {
    let diagnostics = try Self.lint(queries: Self.guideQueries)
    #expect(diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    // The configurator's extra entries are one warning naming both sources.
    let warning = try #require(diagnostics.first { $0.code == "US010" })
    #expect(warning.severity == .warning)
    let configuratorOnly = [
      "microsoft-edge-https", "microsoft-edge-http", "ms-outlook", "companyportal", "msauthv2", "msauthv3",
    ]
    for scheme in configuratorOnly {
      #expect(warning.message.contains("'\(scheme)'"), "\(warning.message)")
    }
    #expect(warning.message.contains("IntuneMAMConfigurator") && warning.message.contains("integration guide"))
    #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
  }

  @Test func anAppWrittenByTheConfiguratorHasNoFindings() throws {
    #expect(try Self.lint(queries: Self.vendorQueries).map(\.message) == [])
  }

  @Test func anAppWrittenFromTheGuideWithoutMailHasNoErrors() throws {
    let queries = Self.guideQueries.filter { !$0.hasPrefix("mailto") && $0 != "ms-outlook-intunemam" }
    let diagnostics = try Self.lint(queries: queries)
    #expect(diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    #expect(diagnostics.map(\.code) == ["US010"])
  }

  /// An app with neither form of Edge lacks what both sources ask for: that stays an error.
  @Test func neitherFormOfEdgeIsAnError() throws {
    let queries = Self.guideQueries.filter { !$0.hasPrefix("microsoft-edge") }
    let errors = try Self.lint(queries: queries).filter { $0.severity == .error }
    #expect(errors.map(\.code) == ["US002", "US002"])
    #expect(errors.allSatisfy { $0.message.contains("or the guide's 'microsoft-edge-http") })
  }

  /// `configure` on the guide's plist writes exactly the configurator's additions (its step (b), (c), (e)), after
  /// the app's own entries, in the configurator's order.
  @Test func configureAddsWhatTheConfiguratorAddsToTheGuidesPlist() async throws {
    let configured = try await ConfiguratorVendorStepsTests.configure(Self.app(queries: Self.guideQueries))
    #expect(configured.queries == Self.guideQueries + [
      "microsoft-edge-https", "microsoft-edge-http", "ms-outlook", "companyportal", "msauthv2", "msauthv3",
    ])
    #expect(configured.result.outcome.appliedFixes.map(\.code).contains("US010"))
  }

  @Test(arguments: ["US001", "US002", "US008", "US009", "US010", "IM007", "IM010"])
  func explainSaysWhichSourceAsksForWhat(code: String) throws {
    let rule = try #require(RuleRegistry.rule(named: code))
    let text = RuleDocumentation.explanation(rule.description)
    #expect(text.contains("Guides and configurator"), "\(code)")
    let section = try #require(rule.description.guideAndVendor)
    #expect(section.contains("guide") && (section.contains("IntuneMAMConfigurator") || section.contains("SDK")))
  }
}

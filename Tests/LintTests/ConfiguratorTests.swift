import Foundation
import Lint
import PropertyList
import TestSupport
import Testing
import URLSchemes

/// `configure` against the vendor tool's documented behaviour: the same query-scheme set, the
/// original order kept, nothing else moved, a second run changing nothing, refusals writing nothing.
@Suite struct ConfiguratorTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples")

  /// A copy of a sample folder in a fresh temporary folder.
  static func copy(_ relativePath: String) throws -> URL {
    let folder = TemporaryFolders.url("sharelint-configure")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let destination = folder.appendingPathComponent(URL(fileURLWithPath: relativePath).lastPathComponent)
    try FileManager.default.copyItem(at: samples.appendingPathComponent(relativePath), to: destination)
    return destination
  }

  static func queriesSchemes(_ path: String) throws -> [String] {
    let document = try PropertyListDocument(contentsOfFile: path)
    return (document.value(at: ["LSApplicationQueriesSchemes"])?.elements ?? []).compactMap(\.string)
  }

  @Test func queriesSchemesMatchTheVendorAsASetAndKeepTheirOrder() async throws {
    let app = try Self.copy("FabrikamBroken/Fabrikam")
    let input = app.appendingPathComponent("Info.plist").path
    let output = app.appendingPathComponent("Configured.plist").path
    let before = try Self.queriesSchemes(input)
    let options = Configurator.Options(
      infoPlist: input, entitlements: app.appendingPathComponent("Fabrikam.entitlements").path, output: output)
    let result = try await Configurator.run(options)
    try Configurator.write(result)
    let after = try Self.queriesSchemes(output)
    let vendor = QueriesSchemesConfiguration.configuratorSet(of: before, isExtension: false)
    #expect(Set(after.map { $0.lowercased() }) == Set(vendor.schemes.map { $0.lowercased() }),
            "only ours: \(Set(after).subtracting(vendor.schemes)); only the vendor's: \(vendor.schemes.subtracting(after))")
    // The entries that stay keep their relative order.
    var seen = Set<String>()
    let kept = before.filter { after.contains($0) && seen.insert($0).inserted }
    #expect(after.filter { kept.contains($0) } == kept)
    #expect(after.count == vendor.schemes.count)
    #expect(result.warnings.isEmpty == (after.count <= 50), "a warning names what iOS ignores past the limit")
    #expect(try String(contentsOfFile: input, encoding: .utf8) == String(contentsOf: Self.samples
      .appendingPathComponent("FabrikamBroken/Fabrikam/Info.plist"), encoding: .utf8), "-o must leave the input alone")
    let again = try await Configurator.run(Configurator.Options(
      infoPlist: output, entitlements: app.appendingPathComponent("Fabrikam.entitlements").path))
    #expect(!again.changes, "a second run changes: \(again.outcome.appliedFixes.map(\.title))")
  }

  @Test func aCleanAppIsLeftByteForByte() async throws {
    let app = try Self.copy("ContosoClean/Contoso")
    let result = try await Configurator.run(Configurator.Options(
      infoPlist: app.appendingPathComponent("Info.plist").path,
      entitlements: app.appendingPathComponent("Contoso.entitlements").path))
    #expect(!result.changes, "\(result.outcome.appliedFixes.map(\.title))")
  }

  @Test func refusalsWriteNothing() async throws {
    await #expect(throws: Configurator.Refusal.self) {
      _ = try await Configurator.run(Configurator.Options(infoPlist: "/no/such/Info.plist"))
    }
    let malformed = try Self.copy("Malformed")
    await #expect(throws: Configurator.Refusal.self) {
      _ = try await Configurator.run(Configurator.Options(infoPlist: malformed.appendingPathComponent("Info.plist").path))
    }
  }

  @Test func anUnexpandedRedirectURIIsRefusedUnlessResolved() async throws {
    let folder = TemporaryFolders.url("sharelint-configure")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let plist = folder.appendingPathComponent("Info.plist")
    let text = RuleExample.document(for: """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>IntuneMAMSettings</key>
      <dict>
      	<key>ADALClientId</key>
      	<string>5b9e8c1a-1111-4222-8333-944455556666</string>
      	<key>ADALRedirectUri</key>
      	<string>$(MSAL_REDIRECT_URI)</string>
      </dict>
      """)
    try Data(text.utf8).write(to: plist)
    await #expect(throws: Configurator.Refusal.self) {
      _ = try await Configurator.run(Configurator.Options(infoPlist: plist.path))
    }
    #expect(try String(contentsOf: plist, encoding: .utf8) == text)
    let resolved = try await Configurator.run(Configurator.Options(
      infoPlist: plist.path, definitions: ["MSAL_REDIRECT_URI=msauth.com.contoso.notes://auth"]))
    try Configurator.write(resolved)
    let written = try String(contentsOf: plist, encoding: .utf8)
    #expect(written.contains("<string>msauth.com.contoso.notes</string>"))
    #expect(written.contains("<string>msauth.com.contoso.notes-intunemam</string>"))
    #expect(!written.contains("$(MSAL_REDIRECT_URI)-intunemam"))
  }

  /// Microsoft's own tunnel sample: `msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth`, with the scheme registered
  /// word for word. Nothing needs expanding, so configure goes on instead of refusing.
  @Test func aRedirectSchemeRegisteredAsWrittenNeedsNoExpansion() async throws {
    let folder = TemporaryFolders.url("sharelint-configure")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let plist = folder.appendingPathComponent("Info.plist")
    try Data(RuleExample.document(for: """
      <key>CFBundleIdentifier</key>
      <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      <key>CFBundleURLTypes</key>
      <array>
      	<dict>
      		<key>CFBundleURLSchemes</key>
      		<array>
      			<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      		</array>
      	</dict>
      </array>
      <key>IntuneMAMSettings</key>
      <dict>
      	<key>ADALClientId</key>
      	<string>5b9e8c1a-1111-4222-8333-944455556666</string>
      	<key>ADALRedirectUri</key>
      	<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth</string>
      </dict>
      """).utf8).write(to: plist)
    let result = try await Configurator.run(Configurator.Options(infoPlist: plist.path))
    try Configurator.write(result)
    let written = try String(contentsOf: plist, encoding: .utf8)
    #expect(written.contains("<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam</string>"))
    #expect(written.contains("<string>companyportal</string>"))
  }
}

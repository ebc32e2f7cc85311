import Foundation
import Lint
import Testing

/// The guide rules through an Xcode project: IM013 compares `ContainingAppBundleId` with the containing app
/// target's `PRODUCT_BUNDLE_IDENTIFIER` expanded with the app's own settings, configuration by configuration.
@Suite struct GuideRulesProjectTests {
  /// A copy of `Samples/XcodeContoso` with `edit` applied to the share extension's Info.plist text.
  static func contosoCopy(editingShareExtension edit: (String) -> String) throws -> XcodeFolder {
    let source = IntuneSamplesTests.root.appendingPathComponent("Samples/XcodeContoso")
    let folder = try XcodeFolder([:])
    let copy = URL(fileURLWithPath: folder.path).appendingPathComponent("XcodeContoso")
    try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: copy)
    let plist = copy.appendingPathComponent("ContosoShare/Info.plist")
    let text = try String(contentsOf: plist, encoding: .utf8)
    try Data(edit(text).utf8).write(to: plist)
    return folder
  }

  static func lint(_ folder: XcodeFolder, only rules: Set<String>) async throws -> LintReport {
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = rules
    return try await LintSession.run(options)
  }

  @Test func theContainingAppsIdentifierComesFromItsTargetInTheSameConfiguration() async throws {
    let untouched = try Self.contosoCopy { $0 }
    #expect(try await Self.lint(untouched, only: ["IM013"]).diagnostics.isEmpty)

    let folder = try Self.contosoCopy {
      $0.replacingOccurrences(
        of: "<string>$(BUNDLE_ID_PREFIX).notes</string>", with: "<string>com.contoso.notebook</string>")
    }
    let report = try await Self.lint(folder, only: ["IM013"])
    let finding = try #require(report.diagnostics.first)
    #expect(report.diagnostics.count == 1)
    #expect(finding.message.contains("'com.contoso.notebook' but the containing app's bundle identifier is "
      + "'com.contoso.notes'"), "\(finding.message)")
    #expect(finding.configurations == ["Debug", "Release"])
    // The app's identifier comes from build settings: a literal written over it could be wrong in another
    // configuration, so there is no fix.
    #expect(finding.fix == nil)
  }
}

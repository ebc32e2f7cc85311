import Foundation
@testable import Lint
import PropertyList
import Testing

@Suite struct LintSessionTests {
  /// A folder with an app whose Info.plist has a duplicate key (an error with a position).
  private func project() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-session-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
    try Data(RuleExample.document(for: """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes2</string>
      """).utf8).write(to: folder.appendingPathComponent("App/Info.plist"))
    return folder.path
  }

  @Test func theReportReadsFilesAgainForCaretsAndFixes() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let report = try await LintSession.run(.init(paths: [folder]))
    let file = folder + "/App/Info.plist"
    #expect(report.diagnostics.contains { $0.code == "PL002" && $0.file == file })
    #expect(report.source(of: file)?.bytes == Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    #expect(report.document(of: file)?.root["CFBundleIdentifier"]?.string == "com.contoso.notes2")
    #expect(TextReporter().render(report).contains("^"))
  }

  @Test func aFileChangedAfterLintingGivesNoCaretAndNoFix() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let report = try await LintSession.run(.init(paths: [folder]))
    let file = folder + "/App/Info.plist"
    try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: file))
    #expect(report.source(of: file) == nil)
    #expect(report.document(of: file) == nil)
    #expect(FixSession.plan(report, includingUnsafe: true).isEmpty)
    let text = TextReporter().render(report)
    #expect(text.contains("\(file):7:2: error: key 'CFBundleIdentifier' appears twice"))   // positions were kept
  }

  @Test func theNearestConfigurationAboveEachTargetApplies() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let other = folder + "/Other/Deeper"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: folder + "/App/Info.plist", toPath: other + "/Info.plist")
    try Data("severity:\n  duplicate-key: warning\n".utf8).write(to: URL(fileURLWithPath: folder + "/.sharelint.yml"))
    try Data("disabled_rules: [PL002]\n".utf8).write(to: URL(fileURLWithPath: folder + "/Other/.sharelint.yml"))
    let report = try await LintSession.run(.init(paths: [folder]))
    let duplicates = report.diagnostics.filter { $0.code == "PL002" }
    #expect(duplicates.map(\.file) == [folder + "/App/Info.plist"])   // Other/ disables the rule
    #expect(duplicates.first?.severity == .warning)   // the root's override
  }

  /// An archive's entries take the configuration of the folders above the archive.
  @Test func targetsInsideAnArchiveTakeTheConfigurationAboveIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-ipa-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder + "/Build", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Samples/Packaged/Woodgrove.ipa").path
    try FileManager.default.copyItem(atPath: samples, toPath: folder + "/Build/Woodgrove.ipa")
    let unconfigured = try await LintSession.run(.init(paths: [folder]))
    #expect(unconfigured.diagnostics.contains { $0.code == "AR010" })
    try Data("disabled_rules: [AR010]\n".utf8).write(to: URL(fileURLWithPath: folder + "/.sharelint.yml"))
    let configured = try await LintSession.run(.init(paths: [folder]))
    #expect(!configured.diagnostics.contains { $0.code == "AR010" })
    #expect(configured.diagnostics.count < unconfigured.diagnostics.count)
  }

  @Test func aTargetsFolderIsStandardizedAsURLWouldDoIt() {
    let paths = [
      "/work/App/Info.plist", "/Info.plist", "/a/b/../c/Info.plist", "/a/./b/Info.plist", "/a//b/Info.plist",
      "relative/App/Info.plist", "Info.plist", "/a/b/..", "/a/b/.", "/ünï/cödé/Info.plist",
      "./App/Info.plist", "../App/Info.plist", "a/../b/Info.plist", "a//b/Info.plist", "a/b/.", ".", "..",
      "x", "a/", "rélatif/Info.plist", "/a/b/", "", "/a/.../Info.plist", "/a/.b/Info.plist", "/a/b../Info.plist",
    ]
    for path in paths {
      #expect(
        ConfigurationCache.standardizedFolder(of: path)
          == URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path, "\(path)")
    }
  }

  @Test func aPlainAbsolutePathHasNoEmptyDotOrDotDotStep() {
    for plain in ["/a", "/a/b", "/a/.../b", "/.a/b.", "/a..", "/ü/é"] {
      #expect(ConfigurationCache.isPlainAbsolute(plain), "\(plain)")
    }
    for other in ["", "/", "a/b", "./a", "/a/", "//a", "/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "/."] {
      #expect(!ConfigurationCache.isPlainAbsolute(other), "\(other)")
    }
  }
}

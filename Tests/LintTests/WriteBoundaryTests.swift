import Foundation
import PropertyList
import SharelintBase
import TestSupport
import Testing

@testable import Lint

/// `fix` and `configure` write only inside the repository boundary (issue 26). `fix` reports a refused file as
/// it reports any file it cannot write: one line naming it, and the other files are still written (the command
/// then exits 2). `configure` writes nothing when one of its files is refused.
@Suite struct WriteBoundaryTests {
  /// A repository folder (the boundary's root) and a folder outside it, both symlink-free.
  private static func folders() throws -> (root: String, outside: String) {
    let base = FileIdentity.of(try TemporaryFolders.make("sharelint-write-boundary").path)
    for folder in ["repo", "outside"] {
      try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
    }
    return (base + "/repo", base + "/outside")
  }

  @Test func fixReportsARefusedFileOnItsOwnLineAndWritesTheOthers() throws {
    let (root, outside) = try Self.folders()
    try FileManager.default.createSymbolicLink(atPath: root + "/Linked", withDestinationPath: outside)
    var files: [(original: SourceText, bytes: [UInt8], notWritable: String?)] = []
    for path in [root + "/A/Info.plist", root + "/Linked/Info.plist", root + "/Z/Info.plist"] {
      try FileManager.default.createDirectory(
        atPath: PathText.removingLastComponent(of: path), withIntermediateDirectories: true)
      try "old".write(toFile: path, atomically: false, encoding: .utf8)
      files.append((SourceText(name: path, bytes: Array("old".utf8)), Array("new".utf8), nil))
    }
    let outcome = FixSession.Outcome(
      initialReport: LintReport(), finalReport: LintReport(), files: files, appliedFixes: [], appliedCount: 3,
      passes: 1)
    let failures = FixSession.write(outcome, boundary: RepositoryBoundary(roots: [root]))
    #expect(
      failures == [
        "'\(root)/Linked/Info.plist': outside the linted folders: not written (--allow-outside admits a path) "
          + "(it leads to '\(outside)/Info.plist')"
      ])
    #expect(try String(contentsOfFile: outside + "/Info.plist", encoding: .utf8) == "old")
    for path in [root + "/A/Info.plist", root + "/Z/Info.plist"] {
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }
  }

  @Test func configureWritesNothingWhenOneOfItsFilesIsRefused() async throws {
    let (root, outside) = try Self.folders()
    let app = root + "/Fabrikam"
    try FileManager.default.copyItem(
      at: ConfiguratorTests.samples.appendingPathComponent("FabrikamBroken/Fabrikam"), to: URL(fileURLWithPath: app))
    let before = try FileManager.default.contentsOfDirectory(atPath: app).map { name in
      (name, try Data(contentsOf: URL(fileURLWithPath: app + "/" + name)))
    }
    let output = outside + "/Configured.plist"
    let options = Configurator.Options(
      infoPlist: app + "/Info.plist", entitlements: app + "/Fabrikam.entitlements", output: output)
    let result = try await Configurator.run(options)
    #expect(result.changes)
    let refusal = try #require(throws: Configurator.Refusal.self) {
      try Configurator.write(result, boundary: RepositoryBoundary(roots: [root]))
    }
    #expect(
      refusal.description == "'\(output)': outside the linted folders: not written (--allow-outside admits a path)")
    #expect(!FileManager.default.fileExists(atPath: output))
    for (name, bytes) in before {
      #expect(try Data(contentsOf: URL(fileURLWithPath: app + "/" + name)) == bytes, "\(name)")
    }
  }
}

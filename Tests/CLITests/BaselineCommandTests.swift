import Foundation
import Testing

/// `lint --write-baseline`, `--baseline`, `baseline:` in `.sharelint.yml`, `--baseline-strict` and `--report`, run on
/// a small repository of two findings: an extension whose rule is TRUEPREDICATE and an app with a bad URL scheme.
@Suite struct BaselineCommandTests {
  static let share = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>CFBundleIdentifier</key>
      <string>com.contoso.app.share</string>
      <key>NSExtension</key>
      <dict>
        <key>NSExtensionAttributes</key>
        <dict>
          <key>NSExtensionActivationRule</key>
          <string>TRUEPREDICATE</string>
        </dict>
        <key>NSExtensionPointIdentifier</key>
        <string>com.apple.share-services</string>
      </dict>
    </dict>
    </plist>

    """

  /// The app's Info.plist, its schemes in order, with `padding` blank lines before its URL types.
  static func main(schemes: [String], padding: Int = 0) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>CFBundleIdentifier</key>
      <string>com.contoso.app</string>\(String(repeating: "\n", count: padding))
      <key>CFBundleURLTypes</key>
      <array>
        <dict>
          <key>CFBundleURLSchemes</key>
          <array>
    \(schemes.map { "        <string>\($0)</string>" }.joined(separator: "\n"))
          </array>
        </dict>
      </array>
    </dict>
    </plist>

    """
  }

  /// A repository (it has `.git`) with the two findings.
  static func repository() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
    _ = try folder.write("App/Share/Info.plist", share)
    _ = try folder.write("App/Main/Info.plist", main(schemes: ["contoso", "bad_scheme"]))
    return folder
  }

  static func bytes(_ path: URL) throws -> Data { try Data(contentsOf: path) }

  @Test func aBaselineWrittenInOneFolderMatchesFromAnotherAndAfterLinesMove() throws {
    let repository = try Self.repository()
    let written = try Sharelint.run(["lint", "--write-baseline", "sharelint-baseline.json", "."], in: repository.url)
    #expect(written.status == 0, "\(written.standardError)")
    #expect(written.standardError.contains("wrote 2 findings to the baseline 'sharelint-baseline.json'"))
    #expect(written.standardOutput.hasSuffix("0 errors, 0 warnings, 0 notes in 2 targets; 2 in the baseline\n"))
    let baseline = try String(
      contentsOf: repository.url.appendingPathComponent("sharelint-baseline.json"), encoding: .utf8)
    #expect(baseline.contains("\"file\":\"App/Main/Info.plist\"") && !baseline.contains(repository.url.path))

    // From another folder, with the baseline named relatively, then absolutely from anywhere.
    let app = repository.url.appendingPathComponent("App")
    let fromApp = try Sharelint.run(["lint", "--baseline", "../sharelint-baseline.json", "."], in: app)
    #expect(fromApp.status == 0, "\(fromApp.standardOutput)\(fromApp.standardError)")
    #expect(fromApp.standardOutput == "0 errors, 0 warnings, 0 notes in 2 targets; 2 in the baseline\n")
    let absolute = try Sharelint.run(
      ["lint", "--baseline", repository.url.appendingPathComponent("sharelint-baseline.json").path, app.path],
      in: FileManager.default.temporaryDirectory)
    #expect(absolute.status == 0 && absolute.standardOutput.hasSuffix("; 2 in the baseline\n"), "\(absolute)")

    // Lines inserted above the finding, and a new bad scheme before it (its array index moves): only that is new,
    // through `baseline:` in .sharelint.yml (relative to it).
    _ = try repository.write(
      "App/Main/Info.plist", Self.main(schemes: ["contoso", "new_scheme", "bad_scheme"], padding: 5))
    _ = try repository.write(".sharelint.yml", "baseline: sharelint-baseline.json\n")
    let moved = try Sharelint.run(["lint", "."], in: app)
    #expect(moved.status == 1)
    #expect(moved.standardOutput.contains("Main/Info.plist:17:9: error: 'new_scheme' is not a URL scheme"))
    #expect(!moved.standardOutput.contains("'bad_scheme'"))
    #expect(moved.standardOutput.hasSuffix("1 error, 0 warnings, 0 notes in 2 targets; 2 in the baseline\n"))
  }

  @Test func aFixedFindingFailsBaselineStrictSayingWhich() throws {
    let repository = try Self.repository()
    let written = try Sharelint.run(["lint", "--write-baseline", "baseline.json"], in: repository.url)
    #expect(written.status == 0)
    _ = try repository.write("App/Main/Info.plist", Self.main(schemes: ["contoso", "badscheme"]))
    let lenient = try Sharelint.run(["lint", "--baseline", "baseline.json"], in: repository.url)
    #expect(lenient.status == 0, "without --baseline-strict a finding gone is fine")
    let strict = try Sharelint.run(["lint", "--baseline", "baseline.json", "--baseline-strict"], in: repository.url)
    #expect(strict.status == 1)
    let lines = strict.standardError.split(separator: "\n")
    #expect(lines.contains(
      "sharelint: baseline 'baseline.json': gone: App/Main/Info.plist at CFBundleURLTypes[].CFBundleURLSchemes[]: "
        + "'bad_scheme' is not a URL scheme: contains '_' at offset 3: only letters, digits, '+', '-' and '.' are "
        + "allowed [US006 invalid-scheme]"), "\(strict.standardError)")
    #expect(lines.last
      == "sharelint: --baseline-strict: 1 finding of the baseline is gone; write it again with --write-baseline")
    // Written again, the baseline shrinks, and strict passes.
    _ = try Sharelint.run(["lint", "--write-baseline", "baseline.json"], in: repository.url)
    let shrunk = try Sharelint.run(["lint", "--baseline", "baseline.json", "--baseline-strict"], in: repository.url)
    #expect(shrunk.status == 0, "\(shrunk.standardError)")
  }

  @Test func rewritingTheBaselineWithNothingNewChangesNoByte() throws {
    let repository = try Self.repository()
    let file = repository.url.appendingPathComponent("baseline.json")
    _ = try Sharelint.run(["lint", "--write-baseline", "baseline.json"], in: repository.url)
    let before = try Self.bytes(file)
    let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
    // Lines moved and an array index changed: nothing new.
    _ = try repository.write("App/Main/Info.plist", Self.main(schemes: ["other", "contoso", "bad_scheme"], padding: 3))
    let again = try Sharelint.run(["lint", "--write-baseline", "baseline.json"], in: repository.url)
    #expect(again.standardError.contains("the baseline 'baseline.json' holds these 2 findings already; not rewritten"))
    #expect(try Self.bytes(file) == before)
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == modified)
  }

  @Test func severalReportsInOneRunEachWholeAndTheRunsExitStatus() throws {
    let repository = try Self.repository()
    let plain = try Sharelint.run(["lint", "."], environment: ["NO_COLOR": "1"], in: repository.url)
    #expect(plain.status == 1)
    let both = try Sharelint.run(
      ["lint", "--report", "sarif=a.sarif", "--report", "text=b.txt", "."], in: repository.url)
    #expect(both.status == 1, "the run's status, whatever the reports")
    #expect(both.standardOutput == plain.standardOutput, "standard output keeps --format's report")
    let text = try String(contentsOf: repository.url.appendingPathComponent("b.txt"), encoding: .utf8)
    #expect(text == plain.standardOutput)
    let sarif = try #require(
      try JSONSerialization.jsonObject(with: Self.bytes(repository.url.appendingPathComponent("a.sarif")))
        as? [String: Any])
    let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    #expect(results.compactMap { $0["ruleId"] as? String }.sorted() == ["AR003", "US006"])

    // With a baseline, the same reports count what it held back, and the run passes.
    _ = try Sharelint.run(["lint", "--write-baseline", "baseline.json"], in: repository.url)
    let held = try Sharelint.run(
      ["lint", "--baseline", "baseline.json", "--report", "json=-", "--report", "sarif=a.sarif"], in: repository.url)
    #expect(held.status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(held.standardOutput.utf8)) as? [String: Any])
    #expect(((json["summary"] as? [String: Any])?["baseline"] as? [String: Any])?["unchanged"] as? Int == 2)
    let heldSarif = try String(contentsOf: repository.url.appendingPathComponent("a.sarif"), encoding: .utf8)
    #expect(heldSarif.contains("\"results\": []") && heldSarif.contains("\"unchanged\": 2"))
  }

  @Test func aBadReportIsOneLineAndNothingIsWritten() throws {
    let repository = try Self.repository()
    let cases: [([String], String)] = [
      (["--report", "pdf=a.pdf"],
       "sharelint: --report 'pdf=a.pdf': unknown format 'pdf' (text, json, sarif, github, gitlab)\n"),
      (["--report", "sarif"], "sharelint: --report 'sarif' must be FORMAT=PATH, such as sarif=sharelint.sarif\n"),
      (["--report", "sarif=a.sarif", "--report", "text=missing/b.txt"],
       "sharelint: cannot write the report 'missing/b.txt': its folder does not exist\n"),
      (["--report", "json=-", "--format", "text"],
       "sharelint: standard output takes one report: --report FORMAT=- is given twice, or with --format\n"),
    ]
    for (arguments, error) in cases {
      let result = try Sharelint.run(["lint"] + arguments + ["."], in: repository.url)
      #expect(result.status == 2 && result.standardError == error && result.standardOutput.isEmpty, "\(arguments)")
      #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent("a.sarif").path))
    }
  }

  @Test func aMalformedOrMissingBaselineIsOneLineAndExitTwo() throws {
    let repository = try Self.repository()
    _ = try repository.write("bad.json", "{\"findings\": [")
    let malformed = try Sharelint.run(["lint", "--baseline", "bad.json"], in: repository.url)
    #expect(malformed.status == 2 && malformed.standardOutput.isEmpty)
    #expect(malformed.standardError
      == "sharelint: baseline 'bad.json' is not JSON (write one with 'sharelint lint --write-baseline FILE')\n")
    let missing = try Sharelint.run(["lint", "--baseline", "none.json"], in: repository.url)
    #expect(missing.status == 2 && missing.standardError == "sharelint: baseline 'none.json' does not exist\n")
    _ = try repository.write(".sharelint.yml", "baseline: ci/none.json\n")
    let configured = try Sharelint.run(["lint"], in: repository.url)
    #expect(configured.status == 2 && configured.standardError.hasPrefix("sharelint: baseline '"))
    #expect(configured.standardError.hasSuffix("ci/none.json' does not exist\n"), "\(configured.standardError)")
  }

  @Test func fixWithABaselineFixesOnlyNewFindings() throws {
    let repository = try Self.repository()
    // AR003 and US006 have no fix: a sample's share extension has fixable findings.
    try FileManager.default.createDirectory(
      at: repository.url.appendingPathComponent("Fixable"), withIntermediateDirectories: true)
    let sample = Sharelint.packageRoot.appendingPathComponent("Samples/FabrikamBroken/FabrikamShare/Info.plist")
    _ = try repository.copy(sample, as: "Fixable/Info.plist")
    _ = try Sharelint.run(["lint", "--write-baseline", "baseline.json"], in: repository.url)
    let before = try Self.bytes(repository.url.appendingPathComponent("Fixable/Info.plist"))
    let held = try Sharelint.run(["fix", "--baseline", "baseline.json", "--check"], in: repository.url)
    #expect(held.status == 0 && held.standardOutput.isEmpty, "every fixable finding is in the baseline: \(held)")
    let unheld = try Sharelint.run(["fix", "--check"], in: repository.url)
    #expect(unheld.status == 1 && unheld.standardOutput.contains("would fix Fixable/Info.plist"), "\(unheld)")
    #expect(try Self.bytes(repository.url.appendingPathComponent("Fixable/Info.plist")) == before)
  }
}

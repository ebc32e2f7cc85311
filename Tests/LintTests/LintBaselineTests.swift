import Foundation
import Lint
import SharelintBase
import Testing

/// `LintBaseline`: the file's bytes, what it matches (occurrences, moved lines, array indexes), paths relative to
/// its folder, the errors of a bad file, and the one fingerprint the reporters share.
@Suite struct LintBaselineTests {
  /// A finding of `rule` on `keyPath` in `file`, at byte `offset` of a one-line-per-byte source.
  static func finding(
    _ rule: String = "invalid-scheme", code: String = "US006", file: String = "App/Info.plist",
    keyPath: String = "CFBundleURLTypes[0].CFBundleURLSchemes[1]", message: String = "'bad_scheme' is not a URL scheme",
    line: Int = 3
  ) -> LintDiagnostic {
    let source = SourceText(name: file, string: String(repeating: "x\n", count: 40))
    return LintDiagnostic(
      rule: rule, code: code, severity: .error, message: message, source: source,
      range: ByteRange(start: (line - 1) * 2, end: (line - 1) * 2 + 1), keyPath: keyPath)
  }

  /// The folder the tests' relative paths are taken from (the baseline's folder, absolute).
  static var workingFolder: String { FileManager.default.currentDirectoryPath }

  @Test func theFileIsSortedOneFindingPerLineAndTheSameFindingsGiveTheSameBytes() throws {
    let findings = [
      Self.finding(file: "B/Info.plist"), Self.finding("truepredicate-rule", code: "AR003", keyPath: "NSExtension"),
      Self.finding(),
    ]
    let report = LintReport(diagnostics: findings)
    let baseline = LintBaseline(findingsOf: report, folder: Self.workingFolder)
    let text = String(decoding: baseline.encoded(), as: UTF8.self)
    let lines = text.split(separator: "\n")
    #expect(lines.first == "{" && lines[1] == "  \"findings\": [")
    #expect(lines.suffix(3) == ["  ],", "  \"version\": 1", "}"])
    #expect(lines.count == 5 + 3, "one line per finding: \(text)")
    // Sorted by file, then rule: App's invalid-scheme, App's truepredicate-rule, B's.
    #expect(lines[2].contains("\"file\":\"App/Info.plist\"") && lines[2].contains("\"rule\":\"invalid-scheme\""))
    #expect(lines[3].contains("\"rule\":\"truepredicate-rule\""))
    #expect(lines[4].contains("\"file\":\"B/Info.plist\""))
    #expect(lines[2].contains("\"keyPath\":\"CFBundleURLTypes[].CFBundleURLSchemes[]\""), "no array indexes")
    // The same findings in another order, at other lines: the same bytes.
    let moved = LintReport(diagnostics: [Self.finding(line: 9), Self.finding(file: "B/Info.plist", line: 1),
                                         Self.finding("truepredicate-rule", code: "AR003", keyPath: "NSExtension")])
    #expect(LintBaseline(findingsOf: moved, folder: Self.workingFolder).encoded() == baseline.encoded())
    // Read back, it is the same baseline.
    #expect(try LintBaseline.decode(baseline.encoded(), file: "b.json") == baseline)
    #expect(LintBaseline(entries: []).encoded() == Array("{\n  \"findings\": [],\n  \"version\": 1\n}\n".utf8))
  }

  @Test func findingsThatMovedOrWhoseArrayIndexChangedStayInTheBaseline() {
    let baseline = LintBaseline(findingsOf: LintReport(diagnostics: [Self.finding()]), folder: Self.workingFolder)
    var report = LintReport(diagnostics: [
      Self.finding(keyPath: "CFBundleURLTypes[0].CFBundleURLSchemes[2]", line: 12),
      Self.finding(message: "'other_scheme' is not a URL scheme"),
    ])
    baseline.apply(to: &report, file: "b.json", scope: ["."])
    #expect(report.diagnostics.map(\.message) == ["'other_scheme' is not a URL scheme"])
    #expect(report.baseline?.unchanged == 1 && report.baseline?.absent.isEmpty == true)
    #expect(report.exitStatus == 1, "the new finding is an error")
  }

  @Test func identicalFindingsAreMatchedByTheirCount() {
    let twice = LintReport(diagnostics: [Self.finding(line: 3), Self.finding(line: 5)])
    let baseline = LintBaseline(findingsOf: twice, folder: Self.workingFolder)
    #expect(baseline.entries.map(\.occurrence) == [0, 1])
    #expect(Set(baseline.entries.map(\.fingerprint)).count == 2)

    var thrice = LintReport(diagnostics: [Self.finding(line: 3), Self.finding(line: 5), Self.finding(line: 7)])
    baseline.apply(to: &thrice, file: "b.json", scope: ["."])
    #expect(thrice.diagnostics.count == 1, "the third is new")
    #expect(thrice.baseline?.unchanged == 2)

    var once = LintReport(diagnostics: [Self.finding(line: 5)])
    baseline.apply(to: &once, file: "b.json", scope: ["."])
    #expect(once.diagnostics.isEmpty)
    #expect(once.baseline?.absent.map(\.occurrence) == [1], "one of the two is gone")
  }

  @Test func pathsAreRelativeToTheBaselinesFolderWhereverTheRunIs() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-baseline-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("ci"), withIntermediateDirectories: true)
    let file = root.appendingPathComponent("App/Info.plist").path
    let atRoot = LintBaseline(findingsOf: LintReport(diagnostics: [Self.finding(file: file)]), folder: root.path)
    #expect(atRoot.entries.map(\.file) == ["App/Info.plist"])
    let inCI = LintBaseline(
      findingsOf: LintReport(diagnostics: [Self.finding(file: file)]), folder: root.appendingPathComponent("ci").path)
    #expect(inCI.entries.map(\.file) == ["../App/Info.plist"])
    // Applied from the baseline's path, the same finding named another way (absolute, with `..`) matches.
    let otherName = root.appendingPathComponent("ci/../App/./Info.plist").path
    var report = LintReport(diagnostics: [Self.finding(file: otherName)])
    atRoot.apply(to: &report, file: root.appendingPathComponent("baseline.json").path, scope: [root.path])
    #expect(report.diagnostics.isEmpty && report.baseline?.unchanged == 1)
  }

  @Test func goneFindingsCountOnlyInsideThePathsLinted() throws {
    let findings = [Self.finding(file: "App/Info.plist"), Self.finding(file: "Other/Info.plist")]
    let baseline = LintBaseline(findingsOf: LintReport(diagnostics: findings), folder: Self.workingFolder)
    var onlyApp = LintReport()
    baseline.apply(to: &onlyApp, file: "b.json", scope: ["App"])
    #expect(onlyApp.baseline?.absent.map(\.file) == ["App/Info.plist"], "Other/ was not linted")
  }

  @Test func aMalformedBaselineIsOneLineNamingIt() {
    let cases: [(String, String)] = [
      ("{", "baseline 'b.json' is not JSON"),
      ("[]", "baseline 'b.json' is not a sharelint baseline"),
      ("{\"findings\": []}", "baseline 'b.json' has no 'version' number"),
      ("{\"findings\": [], \"version\": 2}", "baseline 'b.json' is version 2; this sharelint reads version 1"),
      ("{\"findings\": [1], \"version\": 1}", "baseline 'b.json' finding 1 is not an object"),
      ("{\"findings\": [{\"rule\": \"x\"}], \"version\": 1}", "baseline 'b.json' finding 1 has no 'file' string"),
    ]
    for (text, expected) in cases {
      do {
        _ = try LintBaseline.decode(Array(text.utf8), file: "b.json")
        Issue.record("\(text) was read")
      } catch {
        #expect(error.description.hasPrefix(expected), "\(text): \(error.description)")
        #expect(!error.description.contains("\n"))
      }
    }
    #expect(throws: BaselineError.self) { try LintBaseline.load(path: "/nonexistent/b.json", boundary: .unconfined) }
  }

  @Test func theFingerprintIsGitLabsSARIFsAndTheBaselines() throws {
    let finding = Self.finding()
    let report = LintReport(diagnostics: [finding])
    let fingerprint = FindingFingerprint.fingerprint(of: finding)
    #expect(FindingFingerprint.stableKeyPath("a[0].b[12].c") == "a[].b[].c")
    let moved = Self.finding(keyPath: "CFBundleURLTypes[3].CFBundleURLSchemes[0]")
    #expect(fingerprint == FindingFingerprint.fingerprint(of: moved))
    let gitlab = try #require(
      try JSONSerialization.jsonObject(with: Data(GitLabReporter.render(report).utf8)) as? [[String: Any]])
    #expect(gitlab.first?["fingerprint"] as? String == fingerprint)
    let sarif = try #require(
      try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(report).utf8)) as? [String: Any])
    let result = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    #expect((result["partialFingerprints"] as? [String: String])?[FindingFingerprint.sarifKey] == fingerprint)
    #expect(result["baselineState"] == nil, "no baseline, no state")
    // From the working folder, the baseline's fingerprint is the same.
    let baseline = LintBaseline(findingsOf: report, folder: Self.workingFolder)
    #expect(baseline.entries.map(\.fingerprint) == [fingerprint])
  }

  @Test func withABaselineSARIFMarksResultsNewAndCountsTheRest() throws {
    let baseline = LintBaseline(findingsOf: LintReport(diagnostics: [Self.finding()]), folder: Self.workingFolder)
    var report = LintReport(diagnostics: [Self.finding(), Self.finding(message: "'x_y' is not a URL scheme")])
    baseline.apply(to: &report, file: "b.json", scope: ["."])
    let sarif = try #require(
      try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(report).utf8)) as? [String: Any])
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.map { $0["baselineState"] as? String } == ["new"])
    let counts = try #require((run["properties"] as? [String: Any])?["baseline"] as? [String: Any])
    #expect(counts["unchanged"] as? Int == 1 && (counts["absent"] as? [Any])?.isEmpty == true)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(JSONReporter.render(report).utf8)) as? [String: Any])
    let summary = try #require((json["summary"] as? [String: Any])?["baseline"] as? [String: Any])
    #expect(summary["unchanged"] as? Int == 1 && summary["file"] as? String == "b.json")
    #expect(TextReporter().render(report).hasSuffix("1 error, 0 warnings, 0 notes in 0 targets; 1 in the baseline\n"))
  }

  /// The SARIF of a run with a baseline (properties, `baselineState`, `partialFingerprints`) is valid SARIF 2.1.0.
  @Test(.enabled(if: SARIFSchemaCheck.unavailability == nil, Comment(rawValue: SARIFSchemaCheck.unavailability ?? "")))
  func sarifWithABaselineValidatesAgainstTheSchema() throws {
    let baseline = LintBaseline(
      findingsOf: LintReport(diagnostics: [Self.finding(), Self.finding(file: "Gone/Info.plist")]),
      folder: Self.workingFolder)
    var report = LintReport(diagnostics: [Self.finding(), Self.finding(message: "'x_y' is not a URL scheme")])
    baseline.apply(to: &report, file: "b.json", scope: ["."])
    #expect(report.baseline?.absent.count == 1)
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-\(UUID().uuidString).sarif")
    try SARIFReporter.render(report).write(to: log, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: log) }
    let (status, output) = try SARIFSchemaCheck.runPython(
      SARIFSchemaCheck.validation, SARIFSchemaCheck.schemaPath, log.path)
    #expect(status == 0 && output.contains("valid"), "\(output)")
  }

  @Test func theConfigurationNamesItsBaselineRelativeToItself() throws {
    var configuration = try Configuration.parse("baseline: ci/sharelint-baseline.json\n")
    #expect(configuration.baseline == "ci/sharelint-baseline.json")
    configuration.baseDirectory = "/repo"
    #expect(configuration.baselinePath == "/repo/ci/sharelint-baseline.json")
    #expect {
      try Configuration.parse("baseline: [a.json]\n")
    } throws: { String(describing: $0).contains("'baseline' must be the path of a baseline file") }
  }
}

import Foundation
import Lint
import Testing

/// `--format gitlab`: the fields GitLab's code quality report documents
/// (https://docs.gitlab.com/ci/testing/code_quality/), with their types, on the whole of Samples/.
@Suite struct GitLabReporterTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples").path

  static func issues(_ report: LintReport) throws -> [[String: Any]] {
    let json = GitLabReporter.render(report)
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
  }

  @Test func everyIssueHasEveryRequiredFieldWithItsType() async throws {
    let report = try await LintSession.run(.init(paths: [Self.samples]))
    let issues = try Self.issues(report)
    #expect(issues.count == report.diagnostics.count)
    #expect(issues.count > 30)
    for issue in issues {
      #expect((issue["description"] as? String)?.isEmpty == false, "\(issue)")
      #expect((issue["check_name"] as? String)?.isEmpty == false, "\(issue)")
      #expect(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String), "\(issue)")
      let fingerprint = try #require(issue["fingerprint"] as? String)
      #expect(fingerprint.count == 32 && fingerprint.allSatisfy(\.isHexDigit), "\(fingerprint)")
      let location = try #require(issue["location"] as? [String: Any])
      let path = try #require(location["path"] as? String)
      #expect(!path.hasPrefix("./") && !path.isEmpty)
      let lines = try #require(location["lines"] as? [String: Any])
      let begin = try #require(lines["begin"] as? Int)
      #expect(begin >= 1)
      #expect((lines["end"] as? Int).map { $0 >= begin } == true)
    }
    let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
    #expect(Set(fingerprints).count == fingerprints.count, "GitLab merges issues that share a fingerprint")
  }

  @Test func severitiesMapErrorsToMajorAndWarningsToMinor() async throws {
    let report = try await LintSession.run(.init(paths: [Self.samples + "/FabrikamBroken"]))
    let issues = try Self.issues(report)
    for (issue, diagnostic) in zip(issues, report.diagnostics) {
      let expected = ["error": "major", "warning": "minor", "info": "info"][diagnostic.severity.rawValue]
      #expect(issue["severity"] as? String == expected)
      #expect(issue["check_name"] as? String == diagnostic.rule)
    }
  }

  @Test func fingerprintIgnoresTheLineAndIsTheDocumentedSHA256() throws {
    let report = try ReporterTests.sampleReport()
    var moved = try #require(report.diagnostics.first)
    let original = FindingFingerprint.fingerprint(of: moved)
    moved.start?.line += 10
    moved.end?.line += 10
    #expect(FindingFingerprint.fingerprint(of: moved) == original)
    moved.file = "./" + moved.file
    #expect(FindingFingerprint.fingerprint(of: moved) == original)
    // printf 'duplicate-key\0App/Info.plist\0CFBundleIdentifier\0%s\0000\0' "$message" | sha256sum | cut -c-32
    #expect(moved.rule == "duplicate-key" && moved.keyPath == "CFBundleIdentifier")
    #expect(moved.message.hasPrefix("key 'CFBundleIdentifier' appears twice in the same dictionary; iOS keeps"))
    #expect(original == "3759c0224a94f274c273ffddf9d4127e")
  }

  @Test func identicalFindingsGetDistinctFingerprints() throws {
    var report = try ReporterTests.sampleReport()
    report.diagnostics += report.diagnostics
    let fingerprints = try Self.issues(report).compactMap { $0["fingerprint"] as? String }
    #expect(fingerprints.count == 2 && fingerprints[0] != fingerprints[1])
  }

  @Test func noFindingsIsAnEmptyArray() {
    #expect(GitLabReporter.render(LintReport()) == "[]\n")
  }
}

import Foundation
import Testing

/// `sharelint lint --format gitlab`, end to end: one issue per finding of the json format, at the same
/// place, with the same exit status, and fingerprints that survive a run where every line moves.
@Suite struct GitLabFormatTests {
  static func array(_ text: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
  }

  @Test func issuesMatchTheJSONFindingsOneForOne() throws {
    let gitlab = try Sharelint.run(["lint", "--format", "gitlab", "Samples/FabrikamBroken"])
    let json = try Sharelint.run(["lint", "--format", "json", "Samples/FabrikamBroken"])
    #expect(gitlab.status == json.status)
    #expect(gitlab.status == 1)
    let issues = try Self.array(gitlab.standardOutput)
    let diagnostics = try LintCommandTests.diagnostics(json.standardOutput)
    #expect(issues.count == diagnostics.count)
    for (issue, diagnostic) in zip(issues, diagnostics) {
      let location = issue["location"] as? [String: Any]
      #expect(location?["path"] as? String == diagnostic["file"] as? String)
      #expect((location?["lines"] as? [String: Any])?["begin"] as? Int == diagnostic["line"] as? Int)
      #expect(issue["check_name"] as? String == diagnostic["rule"] as? String)
      let description = issue["description"] as? String ?? ""
      #expect(description.hasPrefix(diagnostic["message"] as? String ?? "?"))
      #expect(description.hasSuffix("[\(diagnostic["code"] as? String ?? "") \(diagnostic["rule"] as? String ?? "")]"))
    }
    #expect(gitlab.standardOutput.hasPrefix("[\n  {\n    \"categories\": [\n      \"Bug Risk\"\n    ],\n"))
    #expect(gitlab.standardOutput.hasSuffix("\n  }\n]\n"))
  }

  @Test func fingerprintsSurviveEditsThatMoveEveryLine() throws {
    let folder = try TemporaryFolder()
    let plist = Sharelint.packageRoot.appendingPathComponent("Samples/FabrikamBroken/Fabrikam/Info.plist")
    let copy = try folder.copy(plist, as: "Info.plist")
    let before = try Sharelint.run(["lint", "--format", "gitlab", "Info.plist"], in: folder.url)
    var text = try String(contentsOfFile: copy, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "<dict>\n", with: "<dict>\n\t<!-- an unrelated edit -->\n\t<!-- moves every line -->\n", options: [],
      range: text.range(of: "<dict>\n"))
    try text.write(toFile: copy, atomically: true, encoding: .utf8)
    let after = try Sharelint.run(["lint", "--format", "gitlab", "Info.plist"], in: folder.url)
    let beforeIssues = try Self.array(before.standardOutput)
    let afterIssues = try Self.array(after.standardOutput)
    #expect(beforeIssues.count == afterIssues.count && !beforeIssues.isEmpty)
    let lines = { (issues: [[String: Any]]) in
      issues.compactMap { (($0["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int }
    }
    #expect(lines(beforeIssues) != lines(afterIssues), "the edit moved the findings")
    let fingerprints = { (issues: [[String: Any]]) in Set(issues.compactMap { $0["fingerprint"] as? String }) }
    #expect(fingerprints(beforeIssues) == fingerprints(afterIssues))
  }

  @Test func aCleanAppIsAnEmptyArray() throws {
    let result = try Sharelint.run(["lint", "--format", "gitlab", "Samples/ContosoClean"])
    #expect(result.status == 0)
    let issues = try Self.array(result.standardOutput)
    #expect(issues.allSatisfy { $0["severity"] as? String != "major" })
  }
}

import Foundation
import Testing

/// `sharelint rule simulate` on a whole extension: the verdicts, the code against the rule, and the AR findings,
/// with the exit status of a rule simulation.
@Suite struct RuleSimulateExtensionTests {
  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func aProjectTargetReportsItsCodeAgainstItsRule() throws {
    let result = try Sharelint.run([
      "rule", "simulate", "--format", "json", "--target", "ContosoAction", "Samples/XcodeContoso",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try Self.object(result.standardOutput)
    let code = try #require(report["code"] as? [String: Any])
    #expect(code["compared"] as? Bool == true)
    let neverAdmitted = try #require(code["neverAdmitted"] as? [[String: Any]])
    #expect(neverAdmitted.map { $0["type"] as? String } == ["public.url"])
    let findings = try #require(report["findings"] as? [[String: Any]])
    #expect(findings.map { $0["code"] as? String } == ["AR020"])
    let inputs = try #require(report["inputs"] as? [[String: Any]])
    #expect(inputs.count == 24)
  }

  @Test func anInfoPlistWithoutItsProjectIsNotComparedAndNeverActivatingExitsOne() throws {
    let result = try Sharelint.run([
      "rule", "simulate", "--extension", "--format", "json", "Samples/FabrikamBroken/FabrikamPrint/Info.plist",
    ])
    #expect(result.status == 1, "\(result.standardError)")
    let report = try Self.object(result.standardOutput)
    let code = try #require(report["code"] as? [String: Any])
    #expect(code["compared"] as? Bool == false)
    #expect((code["reason"] as? String)?.contains("not a target of an Xcode project") == true)
    let findings = try #require(report["findings"] as? [[String: Any]])
    #expect(findings.contains { $0["code"] as? String == "AR012" })
  }

  @Test func aFolderOfSeveralExtensionsAsksForATarget() throws {
    let result = try Sharelint.run(["rule", "simulate", "Samples/XcodeContoso"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("name one with --target"))
  }
}

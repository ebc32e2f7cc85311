import Foundation
import IntuneKnowledge
import Lint
import Testing

/// `docs/sdk-coverage.md` and the release history agree: the page is `SDKCoverage.markdown()`, and every rule the
/// history names exists.
@Suite struct SDKCoverageTests {
  static let page = IntuneSamplesTests.root.appendingPathComponent("docs/sdk-coverage.md")

  @Test func everyRuleTheHistoryNamesExists() {
    let codes = Set(RuleRegistry.rules.map { $0.description.code })
    for release in IntuneSDKReleases.history {
      for change in release.changes {
        guard case .rules(let named) = change.coverage else { continue }
        for code in named { #expect(codes.contains(code), "\(release.version) names \(code), which is no rule") }
      }
    }
  }

  @Test func everyRuleHeldBackForOldReleasesNamesARowOfTheHistory() {
    let rows = Set(IntuneSDKReleases.history.map(\.version))
    for rule in RuleRegistry.rules.map({ $0.description }) {
      guard let since = rule.adviceSinceSDK else { continue }
      #expect(rows.contains(since), "\(rule.code) holds its advice from \(since), which the history has no row for")
      let row = IntuneSDKReleases.history.first { $0.version == since }
      #expect(row?.changes.contains { $0.coverage == .rules([rule.code]) || {
        if case .rules(let codes) = $0.coverage { codes.contains(rule.code) } else { false }
      }($0) } == true, "the \(since) row does not name \(rule.code)")
    }
  }

  @Test func thePageIsGeneratedFromTheHistory() throws {
    let expected = SDKCoverage.markdown()
    if ProcessInfo.processInfo.environment["SHARELINT_UPDATE_SDK_COVERAGE"] == "1" {
      try expected.write(to: Self.page, atomically: true, encoding: .utf8)
    }
    let written = (try? String(contentsOf: Self.page, encoding: .utf8)) ?? ""
    #expect(written == expected, """
      docs/sdk-coverage.md differs from SDKCoverage.markdown(); regenerate it with
      SHARELINT_UPDATE_SDK_COVERAGE=1 swift test --filter SDKCoverageTests
      """)
  }
}

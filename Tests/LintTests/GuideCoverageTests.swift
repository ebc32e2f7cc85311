import Foundation
import Lint
import Testing

/// `docs/guide-coverage.md` and the rules agree: the page is `GuideCoverage.markdown()`, every step marked covered
/// is named by a rule (or `configure`), and no rule names a step marked uncovered.
@Suite struct GuideCoverageTests {
  static let page = IntuneSamplesTests.root.appendingPathComponent("docs/guide-coverage.md")

  @Test func theStepsAreNumberedOneToSeventyEight() {
    #expect(GuideSteps.all.map(\.number) == Array(1...78))
  }

  @Test func everyCoveredStepIsNamedByARuleAndNoOtherIs() {
    for step in GuideSteps.all {
      let rules = GuideCoverage.rules(covering: step.number).map(\.code)
      switch step.coverage {
      case .full, .partly:
        #expect(!rules.isEmpty || step.configure != nil, "step \(step.number) is marked covered but nothing names it")
      case .notYet, .notCheckable:
        #expect(rules.isEmpty, "step \(step.number) is marked uncovered but \(rules) name it")
      }
    }
    let numbers = Set(GuideSteps.all.map(\.number))
    for rule in RuleRegistry.rules.map({ $0.description }) {
      #expect(rule.guideSteps.allSatisfy(numbers.contains), "\(rule.code) names a step that does not exist")
    }
  }

  @Test func thePageIsGeneratedFromTheSteps() throws {
    let expected = GuideCoverage.markdown()
    if ProcessInfo.processInfo.environment["SHARELINT_UPDATE_GUIDE_COVERAGE"] == "1" {
      try expected.write(to: Self.page, atomically: true, encoding: .utf8)
    }
    let written = try String(contentsOf: Self.page, encoding: .utf8)
    #expect(written == expected, """
      docs/guide-coverage.md differs from GuideCoverage.markdown(); regenerate it with
      SHARELINT_UPDATE_GUIDE_COVERAGE=1 swift test --filter GuideCoverageTests
      """)
  }

  /// Issue 20's target counts: what is covered now, so a change of coverage is a visible change of this test.
  @Test func coverageCounts() {
    let full = GuideSteps.all.filter { $0.coverage == .full }.count
    #expect(full == 64)
    #expect(GuideSteps.all.filter { if case .partly = $0.coverage { true } else { false } }.count == 1)
  }

  /// The README's link to the coverage page says how many steps are checked fully: it must say the true count.
  @Test func theREADMEStatesTheCoverageCount() throws {
    let full = GuideSteps.all.filter { $0.coverage == .full }.count
    let readme = try String(
      contentsOf: Self.page.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"),
      encoding: .utf8)
    #expect(readme.contains("(\(full) of the guides' \(GuideSteps.all.count) steps are checked fully)"))
  }
}

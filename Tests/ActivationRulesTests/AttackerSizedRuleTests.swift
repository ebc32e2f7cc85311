import ActivationRules
import PredicateEvaluation
import PredicateSyntax
import SharelintBase
import Testing

/// The augmenters, the tree walks and the simulator on rules shaped to exhaust the stack, the clock
/// or the memory (issue 26).
@Suite struct AttackerSizedRuleTests {
  static let image = #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#

  /// The tree of the largest `count` for which `text(count)` parses (it must for 1, not for the bound).
  static func deepest(_ text: (Int) -> String) throws -> (text: String, tree: PredicateNode) {
    var low = 1
    var high = PredicateParser.maximumNesting
    while high - low > 1 {
      let middle = (low + high) / 2
      if PredicateParser.parse(text(middle)).isValid { low = middle } else { high = middle }
    }
    return (text(low), try #require(PredicateParser.parse(text(low)).predicate))
  }

  /// Deep rules whose type tests sit at the bottom, under SUBQUERY, NOT and AND/OR.
  static let deepRules: [@Sendable (Int) -> String] = [
    { String(repeating: "SUBQUERY($a.x, $a, ", count: $0) + image + String(repeating: ").@count > 0", count: $0) },
    { String(repeating: "NOT (", count: $0) + image + String(repeating: ")", count: $0) },
    { count in
      (0..<count).map { $0 % 2 == 0 ? "(\(image) AND " : "(\(image) OR " }.joined() + image
        + String(repeating: ")", count: count)
    },
    { "ANY $a.x" + String(repeating: "[0]", count: $0) + #" UTI-CONFORMS-TO "public.image""# },
  ]

  @Test func theDeepestRulesAreWalkedAugmentedAndSimulated() throws {
    for make in Self.deepRules {
      let (text, tree) = try Self.deepest(make)
      let comparisons = PredicateTreeWalk.comparisons(in: tree)
      #expect(!comparisons.isEmpty)
      for shape in IntuneAugmentationShape.allCases {
        let augmentation = try #require(IntuneAugmenter.augment(text: text, shape: shape))
        // The twins add a level where a test had none around it: at the bound, one too many.
        let reparsed = PredicateParser.parse(augmentation.augmentedText)
        #expect(reparsed.isValid || reparsed.diagnostics.first?.id == .nestingTooDeep, "\(shape): \(text.prefix(60))")
      }
      let outcomes = ShareSheetSimulator().simulate(rule: tree)
      #expect(outcomes.count == ShareSheetCatalogue.inputs.count)
    }
  }

  @Test func typeTestsNestedInTypeTestsDoNotDoubleTheTextAtEachLevel() throws {
    // Each level's copy would carry the copies made inside it: 2^levels bytes.
    let levels = 60
    var text = Self.image
    for level in 0..<levels { text = "TERNARY(\(text), 'public.image', 'x\(level)') UTI-CONFORMS-TO 'public.data'" }
    let augmentation = try #require(IntuneAugmenter.augment(text: text))
    let added = augmentation.augmentedText.utf8.count - text.utf8.count
    #expect(added > 0)
    #expect(added <= max(1 << 16, 4 * text.utf8.count) + 200)
    #expect(PredicateParser.parse(augmentation.augmentedText).isValid)
  }

  @Test func manyTestsOfOneTypeFindTheirTwinsQuickly() throws {
    // Each test looks for its twin among the tests of the twin's key: a scan of them all was quadratic.
    let count = 1_000
    let twin = #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image""#
    let text = (0..<count).map { _ in "(\(Self.image) OR \(twin))" }.joined(separator: " AND ")
    let augmentation = try #require(IntuneAugmenter.augment(text: text))
    #expect(augmentation.isUnchanged)
    let missing = (0..<count).map { _ in Self.image }.joined(separator: " AND ")
    #expect(try #require(IntuneAugmenter.augment(text: missing)).edits.count == 2 * count)
  }

  @Test func simulationsOfACostlyRuleShareOneBudget() throws {
    let list = "{" + (0..<400).map { "'t\($0)'" }.joined(separator: ", ") + "}"
    let rule = try #require(PredicateParser.parse(
      "SUBQUERY(\(list), $x, SUBQUERY(\(list), $y, SUBQUERY(\(list), $z, $z == 'u').@count > 0).@count > 0).@count > 0"
    ).predicate)
    let simulator = ShareSheetSimulator()
    var budget = SimulationBudget(steps: 100_000)
    let outcomes = ShareSheetCatalogue.inputs.map { simulator.outcome(of: rule, on: $0, budget: &budget) }
    #expect(budget.isExhausted)
    #expect(outcomes.allSatisfy { outcome in
      if case .failure(let error) = outcome.result { return error.kind == .tooComplex }
      return false
    })
  }
}

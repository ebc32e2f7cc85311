import ActivationRules
import PredicateSyntax
import SharelintBase
import UniformTypes

/// AR018: a clause of a predicate-form rule that can never change its result.
struct ClauseNeverMattersRule: LintRule {
  static let description = RuleDescription(
    identifier: "clause-never-matters",
    family: .activationRules, number: 18,
    summary: "a clause of the activation rule can never change its result",
    whatItDoes: """
      Finds clauses that only look like they do something, where the answer is sure: a type test written twice \
      in one OR (same list, same `ANY` or variable), or OR'd with a test of `public.data` or `public.item`, \
      which every file conforms to (`UTI-CONFORMS-TO "com.adobe.pdf"` next to `UTI-CONFORMS-TO "public.data"`); \
      and `@count` tests no input can meet, alone (`@count < 0`) or together in one AND \
      (`@count > 0 AND @count < 1`). A narrower type next to a broader one that is no catch-all \
      (`public.file-url` next to `public.url`) is left alone: the rule means what it reads as. Types conform as \
      the system, the extension and its containing app declare them. The safe fix deletes a repeated test with \
      the `||` or `OR` before it (none when parentheses stand between).
      """,
    whyItMatters: """
      The rule does not do what it reads as: a test of PDFs next to `public.data` suggests the extension takes \
      PDFs when it takes every file; a repeated test is often a copy whose type was meant to change; a count \
      test nothing meets is a branch that never activates the extension, often a typo for the count that was \
      meant.
      """,
    useInstead: """
      The types that were meant, without `public.data` (or `public.data` alone, if every file was meant), each \
      tested once, and counts that some share can have (`@count >= 1`).
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" \
        OR ↓ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count &gt;= 1).@count == 1\
        </string>
        """,
        messages: [
          """
          'ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"' never changes the result: \
          the same test is written again in this OR
          """,
        ],
        corrected: """
          <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
          ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count &gt;= 1).@count == 1\
          </string>
          """),
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ↓ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf" \
        OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.data").@count &gt;= 1).@count == 1\
        </string>
        """,
        messages: [
          """
          'ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"' never changes the result: \
          'public.data' in the same OR lets in every file, so a file of any type activates the extension; remove \
          'public.data' if only the types tested beside it were meant
          """,
        ]),
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count &gt;= 1).@count == 1 \
        OR (↓SUBQUERY (extensionItems, $item, ANY $item.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \
        "public.url").@count &gt; 0 AND SUBQUERY (extensionItems, $item, ANY $item.attachments.registeredTypeIdentifiers \
        UTI-CONFORMS-TO "public.url").@count &lt; 1)</string>
        """,
        messages: [
          """
          the tests of 'SUBQUERY (extensionItems, $item, ANY $item.attachments.regi…' in one AND can never all \
          hold: no count is at least 1 and at most 0
          """,
        ]),
      ActivationRuleExample.make("""
        <string>↓extensionItems.@count &lt; 0 OR SUBQUERY (extensionItems, $extensionItem, SUBQUERY \
        ($extensionItem.attachments, $attachment, ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \
        "public.image").@count &gt;= 1).@count == 1</string>
        """,
        messages: [
          "'extensionItems.@count < 0' can never hold: a count is never negative",
        ]),
    ],
    nonTriggeringExamples: [
      // A narrower type next to a broader one that is no catch-all: the rule means what it reads as.
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" \
        OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url").@count &gt;= 1).@count == 1\
        </string>
        """),
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" \
        OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count &gt;= 1).@count == 1\
        </string>
        """),
      // Nothing activates this rule: `never-activates` (AR012) says so, not this rule.
      ActivationRuleExample.make("""
        <string>extensionItems.@count &gt; 0 AND extensionItems.@count &lt; 1</string>
        """),
      // Two lists: an image among the attachments, or a JPEG among the item's own types, are different tests.
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" \
        AND NOT ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.jpeg").@count &gt;= 1 \
        AND $extensionItem.attachments.@count &lt;= 5).@count == 1</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let predicate = site.predicate else { return }
    let registry = target.simulationRegistry(for: predicate)
    var walk = PredicateTreeWalk()
    var visits: [PredicateNode] = []
    walk.visitPredicate = { node, _ in visits.append(node) }
    walk.walk(predicate)
    var reportedCounts: Set<Int> = []
    // Impossible counts are held back until the end: when nothing activates the rule at all, `never-activates`
    // (AR012) says so, and these would repeat it.
    var countFindings = Findings(rule: findings.rule)
    for node in visits {
      guard findings.acceptsPredicateFindings else { return }
      switch node.kind {
      case .or(let operands):
        reportImpliedDisjuncts(operands, site: site, registry: registry, findings: &findings)
      case .and(let operands):
        reportImpossibleCounts(operands, site: site, reported: &reportedCounts, findings: &countFindings)
      case .comparison(let comparison):
        guard !reportedCounts.contains(comparison.coreRange.start), let test = CountTest(comparison),
          test.bounds.lower > test.bounds.upper
        else { continue }
        reportedCounts.insert(comparison.coreRange.start)
        countFindings.report(
          "'\(site.excerpt(comparison.coreRange))' can never hold: a count is never negative",
          inPredicateOf: site, range: comparison.coreRange)
      default:
        continue
      }
    }
    guard !countFindings.diagnostics.isEmpty else { return }
    let outcomes = ShareSheetSimulator(registry: registry).simulate(rule: predicate)
    guard outcomes.contains(where: { $0.activates == true }) else { return }
    findings.append(contentsOf: countFindings)
  }

  /// A type test: `ANY list UTI-CONFORMS-TO "T"` (or `UTI-EQUALS`, or without modifier on a variable).
  private struct TypeTest {
    var list: String
    var modifier: Comparison.Modifier
    var conforms: Bool
    var type: String

    init?(_ node: PredicateNode, site: ActivationRuleSite) {
      guard case .comparison(let comparison) = node.kind, comparison.modifier == .any || comparison.modifier == .direct,
        comparison.operator == .utiConformsTo || comparison.operator == .utiEquals,
        comparison.options.isEmpty, case .constant(.string(let type)) = comparison.right.kind
      else { return nil }
      list = site.excerpt(comparison.left.range, limit: 10_000)
      modifier = comparison.modifier
      conforms = comparison.operator == .utiConformsTo
      self.type = type
    }

    /// Whether this test holds whenever `other` does, on the same list.
    func isImplied(by other: TypeTest, registry: UniformTypeRegistry) -> Bool {
      guard list == other.list, modifier == other.modifier else { return false }
      // Whatever equals or conforms to a type conforming to `other.type` conforms to it.
      if other.conforms { return registry.conforms(type, to: other.type) }
      // Under `UTI-EQUALS "A"` only a repeat is implied.
      return !conforms && type == other.type
    }
  }

  private func reportImpliedDisjuncts(
    _ operands: [PredicateNode], site: ActivationRuleSite, registry: UniformTypeRegistry, findings: inout Findings
  ) {
    let tests = operands.map { TypeTest($0, site: site) }
    for (index, operand) in operands.enumerated() {
      guard let test = tests[index], case .comparison(let comparison) = operand.kind else { continue }
      // The broader clause that makes this one useless; of two repeats, the later one is reported.
      let broader = tests.indices.first { other in
        guard other != index, let candidate = tests[other], test.isImplied(by: candidate, registry: registry) else {
          return false
        }
        return !candidate.isImplied(by: test, registry: registry) || other < index
      }
      guard let broader, let cover = tests[broader] else { continue }
      let clause = "'\(site.excerpt(comparison.coreRange, limit: 80))' never changes the result"
      if cover.type == test.type {
        // A repeat: often a copy whose type was meant to be edited; deleting it changes nothing.
        findings.report(
          "\(clause): the same test is written again in this OR", inPredicateOf: site, range: comparison.coreRange,
          fix: removal(of: index, in: operands, site: site, findings: findings))
      } else if Self.catchAllTypes.contains(cover.type) {
        // The narrower tests say which types were meant; the catch-all beside them lets in every file. No fix:
        // which of the two to keep is the author's call.
        findings.report(
          "\(clause): '\(cover.type)' in the same OR lets in every file, so a file of any type activates the "
            + "extension; remove '\(cover.type)' if only the types tested beside it were meant",
          inPredicateOf: site, range: comparison.coreRange)
      }
      // A narrower type beside a broader one that is not a catch-all (`public.file-url` beside `public.url`,
      // `public.plain-text` beside `public.text`) is left alone: the rule means what it reads as, and on the real
      // apps judged for issue 28 (simplenote, omnivore, zotero) no one would act on it.
    }
  }

  /// Types every file conforms to: beside them, a test of a narrower type never changes the result.
  static let catchAllTypes: Set<String> = ["public.item", "public.data"]

  /// A safe fix deleting operand `index` of an OR with the `||` (or `OR`) before it: from the end of the operand
  /// before to its own end. Only for a later operand whose separator is that operator and white space alone (no
  /// parenthesis), so the edits of several such fixes in one OR touch but never overlap, and one pass applies them.
  private func removal(
    of index: Int, in operands: [PredicateNode], site: ActivationRuleSite, findings: Findings
  ) -> LintFix? {
    guard index > 0, var text = site.written?.text else { return nil }
    let start = operands[index - 1].range.end
    let end = operands[index].range.end
    let separator = text.withUTF8 { bytes -> String? in
      let from = operands[index - 1].range.end
      let to = operands[index].range.start
      guard from >= 0, from <= to, to <= bytes.count else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
    }
    guard let separator else { return nil }
    let word = separator.split(whereSeparator: { $0.isWhitespace })
    guard word.count == 1, ["||", "or"].contains(word[0].lowercased()) else { return nil }
    return site.predicateFix(
      "remove '\(site.excerpt(operands[index].range, limit: 60))'", .safe,
      edits: [TextEdit(range: ByteRange(start: start, end: end), replacement: "")], findings: findings)
  }

  /// A direct `X.@count OP n` test (either side), with the whole numbers it allows.
  private struct CountTest {
    var counted: ByteRange
    var bounds: (lower: Int64, upper: Int64)

    init?(_ comparison: Comparison) {
      guard comparison.modifier == .direct else { return nil }
      let countSide: ExpressionNode
      let number: Int64
      var op = comparison.operator
      if case .constant(.integer(let value)) = comparison.right.kind {
        countSide = comparison.left
        number = value
      } else if case .constant(.integer(let value)) = comparison.left.kind {
        countSide = comparison.right
        number = value
        switch op {
        case .lessThan: op = .greaterThan
        case .lessThanOrEqualTo: op = .greaterThanOrEqualTo
        case .greaterThan: op = .lessThan
        case .greaterThanOrEqualTo: op = .lessThanOrEqualTo
        default: break
        }
      } else {
        return nil
      }
      guard case .keyPath(_, let components) = countSide.kind, components.last?.name.lowercased() == "@count",
        number > Int64.min + 1, number < Int64.max - 1
      else { return nil }
      counted = countSide.range
      switch op {
      case .equalTo: bounds = (max(0, number), number)
      case .lessThan: bounds = (0, number - 1)
      case .lessThanOrEqualTo: bounds = (0, number)
      case .greaterThan: bounds = (max(0, number + 1), Int64.max)
      case .greaterThanOrEqualTo: bounds = (max(0, number), Int64.max)
      default: return nil
      }
    }
  }

  private func reportImpossibleCounts(
    _ operands: [PredicateNode], site: ActivationRuleSite, reported: inout Set<Int>, findings: inout Findings
  ) {
    var groups: [String: [(comparison: Comparison, test: CountTest)]] = [:]
    var order: [String] = []
    for operand in operands {
      guard case .comparison(let comparison) = operand.kind, let test = CountTest(comparison),
        test.bounds.lower <= test.bounds.upper
      else { continue }
      let counted = site.excerpt(test.counted, limit: 10_000)
      if groups[counted] == nil { order.append(counted) }
      groups[counted, default: []].append((comparison, test))
    }
    for counted in order {
      guard let tests = groups[counted], tests.count > 1 else { continue }
      let lower = tests.map(\.test.bounds.lower).max() ?? 0
      let upper = tests.map(\.test.bounds.upper).min() ?? Int64.max
      guard lower > upper, let first = tests.first, let last = tests.last else { continue }
      for test in tests { reported.insert(test.comparison.coreRange.start) }
      let range = ByteRange(start: first.comparison.coreRange.start, end: last.comparison.coreRange.end)
      findings.report(
        """
        the tests of '\(site.excerpt(first.test.counted))' in one AND can never all hold: no count is at least \
        \(lower) and at most \(upper)
        """,
        inPredicateOf: site, range: range)
    }
  }
}

import ActivationRules
import PredicateSyntax

/// AR010: `registeredTypeIdentifiers`, an array, compared as if it were one type.
struct AggregateNeedsAnyRule: LintRule {
  static let description = RuleDescription(
    identifier: "aggregate-needs-any",
    family: .activationRules, number: 10,
    summary: "registeredTypeIdentifiers is compared without ANY, ALL or NONE",
    whatItDoes: """
      Finds `registeredTypeIdentifiers` — an attachment's array of types — on the left of \
      `UTI-CONFORMS-TO`, `UTI-EQUALS` or on either side of `==` without an aggregate modifier. \
      (`IN` and `CONTAINS` test membership and are fine.) For the UTI operators the fix inserts `ANY`.
      """,
    whyItMatters: """
      The comparison applies to the array itself, not to its elements: an array never conforms to a \
      type nor equals a string, so the test is never true and the extension is silently missing from \
      the share sheet for the content it was meant to take.
      """,
    useInstead: "`ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\"`.",
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make(
        """
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf" \
        || ↓$attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.jpeg").@count &gt;= 1).@count == 1</string>
        """,
        messages: [
          """
          '$attachment.registeredTypeIdentifiers' is an array; 'UTI-CONFORMS-TO "public.jpeg"' needs 'ANY' (or 'ALL', \
          'NONE') before it to test the array's elements
          """,
        ],
        corrected: """
          <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
          ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf" \
          || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.jpeg").@count &gt;= 1\
          ).@count == 1</string>
          """),
      ActivationRuleExample.make("""
        <string>SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
        ↓$attachment.registeredTypeIdentifiers == "com.adobe.pdf").@count == 1).@count == 1</string>
        """,
        messages: [
          """
          '$attachment.registeredTypeIdentifiers' is an array; '==' compares the whole array and is never true; write \
          'ANY' before it or use 'CONTAINS'
          """,
        ]),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
        $attachment.registeredTypeIdentifiers CONTAINS "com.adobe.pdf" \
        OR "public.jpeg" IN $attachment.registeredTypeIdentifiers \
        OR NONE $attachment.registeredTypeIdentifiers UTI-EQUALS "public.png").@count == 1).@count == 1</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let predicate = site.predicate else { return }
    let comparisons = PredicateTreeWalk.comparisons(in: predicate)
    // Past the findings cap, the first finding's fix inserts every 'ANY': one fix per finding would
    // take `fix` a pass per hundred.
    let fixable = comparisons.filter {
      $0.modifier == .direct && ($0.operator == .utiConformsTo || $0.operator == .utiEquals)
        && $0.left.isRegisteredTypeIdentifiers
    }
    var allAtOnce: LintFix?
    if fixable.count > Findings.maximumPredicateFindings {
      allAtOnce = site.predicateFix(
        "insert 'ANY' before the \(fixable.count) arrays of types", .safe,
        edits: fixable.map { .insert("ANY ", at: $0.left.range.start) }, findings: findings)
    }
    var fixed = 0
    for comparison in comparisons where comparison.modifier == .direct && findings.acceptsPredicateFindings {
      let operatorName = comparison.operator.rawValue
      switch comparison.operator {
      case .utiConformsTo, .utiEquals:
        guard comparison.left.isRegisteredTypeIdentifiers else { continue }
        let list = site.excerpt(comparison.left.range)
        let fix = allAtOnce.map { fixed == 0 ? $0 : nil } ?? site.predicateFix(
          "insert 'ANY' before '\(list)'", .safe, edits: [.insert("ANY ", at: comparison.left.range.start)],
          findings: findings)
        fixed += 1
        findings.report(
          "'\(list)' is an array; '\(operatorName) \(site.excerpt(comparison.right.range))' needs 'ANY' "
            + "(or 'ALL', 'NONE') before it to test the array's elements",
          inPredicateOf: site, range: comparison.left.range, label: "an array of types", fix: fix)
      case .equalTo:
        let sides = [comparison.left, comparison.right]
        guard let list = sides.first(where: \.isRegisteredTypeIdentifiers),
          !sides.allSatisfy(\.isRegisteredTypeIdentifiers)
        else { continue }
        findings.report(
          "'\(site.excerpt(list.range))' is an array; '==' compares the whole array and is never true; "
            + "write 'ANY' before it or use 'CONTAINS'",
          inPredicateOf: site, range: list.range, label: "an array of types")
      default:
        continue
      }
    }
  }
}

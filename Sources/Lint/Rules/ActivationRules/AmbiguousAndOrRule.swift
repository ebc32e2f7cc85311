import Foundation
import ActivationRules
import PredicateSyntax

/// AR007: AND and OR mixed without parentheses.
struct AmbiguousAndOrRule: LintRule {
  static let description = RuleDescription(
    identifier: "ambiguous-and-or",
    family: .activationRules, number: 7,
    summary: "an activation rule mixes AND and OR without parentheses",
    whatItDoes: """
      Finds an AND (`&&`) chain written as an operand of an OR (`||`) without parentheses around it. \
      sharelint reads AND as binding tighter, as C and SQL do; the fix writes those parentheses.
      """,
    whyItMatters: """
      Apple documents no precedence between AND and OR, and the open implementations of the predicate \
      language disagree, so the rule may mean something else on the device than it seems to: \
      `a || b && c` can accept a second attachment type without the count check meant for both, or \
      keep the extension out of the share sheet where it was meant to appear.
      """,
    useInstead: "Parentheses saying what belongs together: `a || (b && c)` or `(a || b) && c`.",
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make(
        """
        <string>SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \tSUBQUERY (
        \t\t$extensionItem.attachments,
        \t\t$attachment,
        \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.plain-text&quot;
        \t\t|| ↓ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;com.adobe.pdf&quot;
        \t\t&amp;&amp; $extensionItem.attachments.@count == 1
        \t).@count == 1
        ).@count == 1</string>
        """,
        messages: [
          """
          '&&' inside '||' without parentheses; sharelint reads 'ANY $attachment.registeredTypeIdentifiers \
          UTI-CONFORMS-TO "…' as one operand, but Apple documents no precedence
          """,
        ],
        corrected: """
          <string>SUBQUERY (
          \textensionItems,
          \t$extensionItem,
          \tSUBQUERY (
          \t\t$extensionItem.attachments,
          \t\t$attachment,
          \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.plain-text&quot;
          \t\t|| (ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;com.adobe.pdf&quot;
          \t\t&amp;&amp; $extensionItem.attachments.@count == 1)
          \t).@count == 1
          ).@count == 1</string>
          """),
      ActivationRuleExample.make(
        "<string>↓extensionItems.@count == 1 AND NOT extensionItems.@count == 0 OR ↓extensionItems.@count &gt; 2 "
          + "AND extensionItems.@count &lt; 5</string>",
        messages: [
          """
          'AND' inside 'OR' without parentheses; sharelint reads 'extensionItems.@count == 1 AND NOT \
          extensionItems.@count ==…' as one operand, but Apple documents no precedence
          """,
          """
          'AND' inside 'OR' without parentheses; sharelint reads 'extensionItems.@count > 2 AND extensionItems.@count \
          < 5' as one operand, but Apple documents no precedence
          """,
        ],
        corrected: "<string>(extensionItems.@count == 1 AND NOT extensionItems.@count == 0) OR "
          + "(extensionItems.@count &gt; 2 AND extensionItems.@count &lt; 5)</string>"),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <string>extensionItems.@count == 1 OR (extensionItems.@count &gt; 2 AND extensionItems.@count &lt; 5)</string>
        """),
      ActivationRuleExample.make("""
        <string>(extensionItems.@count == 1 OR extensionItems.@count == 3) AND extensionItems.@count &lt; 5</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let written = site.written, let predicate = written.predicate else {
      return
    }
    let bytes = Array(written.text.utf8)
    var ambiguous: [(operand: PredicateNode, conjuncts: [PredicateNode], disjuncts: [PredicateNode], index: Int)] = []
    var walk = PredicateTreeWalk()
    walk.visitPredicate = { node, _ in
      guard case .or(let disjuncts) = node.kind else { return }
      for (index, operand) in disjuncts.enumerated() {
        // A parenthesized chain's range starts at its '(', before its first operand.
        guard case .and(let conjuncts) = operand.kind, let first = conjuncts.first,
          operand.range.start == first.range.start
        else { continue }
        ambiguous.append((operand, conjuncts, disjuncts, index))
      }
    }
    walk.walk(predicate)
    // Past the findings cap, the first finding's fix adds every pair of parentheses: one fix per
    // finding would take `fix` a pass per hundred.
    var allAtOnce: LintFix?
    if ambiguous.count > Findings.maximumPredicateFindings {
      allAtOnce = site.predicateFix(
        "add parentheses around the \(ambiguous.count) operands read as one", .safe,
        edits: ambiguous.flatMap { found in
          [.insert("(", at: found.operand.range.start), .insert(")", at: found.operand.range.end)]
        },
        findings: findings)
    }
    for (position, found) in ambiguous.enumerated() where findings.acceptsPredicateFindings {
      let andSpelling = Self.connective(bytes, between: found.conjuncts[0], and: found.conjuncts[1])
      let orSpelling = found.index > 0
        ? Self.connective(bytes, between: found.disjuncts[found.index - 1], and: found.operand)
        : Self.connective(bytes, between: found.operand, and: found.disjuncts[1])
      let range = found.operand.range
      let excerpt = site.excerpt(range)
      let fix = allAtOnce.map { position == 0 ? $0 : nil } ?? site.predicateFix(
        "add parentheses around '\(excerpt)'", .safe,
        edits: [.insert("(", at: range.start), .insert(")", at: range.end)], findings: findings)
      findings.report(
        "'\(andSpelling)' inside '\(orSpelling)' without parentheses; sharelint reads '\(excerpt)' as one operand, "
          + "but Apple documents no precedence",
        inPredicateOf: site, range: range, label: "read as one operand", fix: fix)
    }
  }

  /// The connective written between two operands (`&&`, `AND`, `||`, `OR`), parentheses and
  /// spaces left out.
  static func connective(_ bytes: [UInt8], between left: PredicateNode, and right: PredicateNode) -> String {
    guard left.range.end <= right.range.start, right.range.start <= bytes.count else { return "?" }
    let text = String(decoding: bytes[left.range.end..<right.range.start], as: UTF8.self)
    return text.trimmingCharacters(in: connectiveSurroundings)
  }

  /// What surrounds a connective between two operands; built once, not for every finding.
  private static let connectiveSurroundings =
    CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "()"))
}

import ActivationRules
import PredicateSyntax
import SharelintBase

/// AR008: a `$variable` that no enclosing SUBQUERY binds.
struct UnboundVariableRule: LintRule {
  static let description = RuleDescription(
    identifier: "unbound-variable",
    family: .activationRules, number: 8,
    summary: "an activation rule uses a $variable no enclosing SUBQUERY binds",
    whatItDoes: """
      Follows the scope of each SUBQUERY variable (its predicate, not its collection) and reports every \
      `$variable` used outside one, suggesting the bound variable it was probably meant to be.
      """,
    whyItMatters: """
      iOS evaluates activation rules without substitution variables, so an unbound variable makes the \
      evaluation fail or compare against nothing: the extension does not appear in the share sheet \
      for the content that part of the rule was written for. `$extensionItem` and `$attachment` used \
      outside their SUBQUERY, or misspelled, are the classic case.
      """,
    useInstead: "Use the variable inside the SUBQUERY that binds it, spelled as bound there.",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \tSUBQUERY (
        \t\t$extensionItem.attachments,
        \t\t$attachment,
        \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.plain-text&quot;
        \t\t|| ANY ↓$attachments.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;com.adobe.pdf&quot;
        \t).@count == 1
        ).@count == 1</string>
        """,
        messages: [
          """
          '$attachments' is not bound by an enclosing SUBQUERY; activation rules get no substitution variables; did \
          you mean '$attachment'?
          """,
        ]),
      ActivationRuleExample.make("""
        <string>ANY ↓$attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"</string>
        """,
        messages: [
          "'$attachment' is not bound by an enclosing SUBQUERY; activation rules get no substitution variables",
        ]),
      ActivationRuleExample.make("""
        <string>SUBQUERY(↓$extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 1</string>
        """,
        messages: [
          "'$extensionItem' is not bound by an enclosing SUBQUERY; activation rules get no substitution variables",
        ]),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 1).@count == 1</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let predicate = site.predicate else { return }
    var unbound: [(name: String, range: ByteRange, bound: [String])] = []
    var walk = PredicateTreeWalk()
    walk.visitExpression = { expression, bound in
      if case .variable(let name) = expression.kind, !bound.contains(name) {
        unbound.append((name, expression.range, bound))
      }
    }
    walk.walk(predicate)
    for variable in unbound where findings.acceptsPredicateFindings {
      var message = "'$\(variable.name)' is not bound by an enclosing SUBQUERY; activation rules get no "
        + "substitution variables"
      if let nearest = ExtensionKeyPathChecker.nearest(to: variable.name, among: variable.bound) {
        message += "; did you mean '$\(nearest)'?"
      }
      let boundList = variable.bound.map { "'$\($0)'" }.joined(separator: ", ")
      let notes = variable.bound.isEmpty ? [] : ["bound here: " + boundList]
      findings.report(message, inPredicateOf: site, range: variable.range, label: "unbound", notes: notes)
    }
  }
}

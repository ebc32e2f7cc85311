import ActivationRules
import PredicateSyntax

/// AR003: the activation rule is `TRUEPREDICATE`.
struct TruePredicateRule: LintRule {
  static let description = RuleDescription(
    identifier: "truepredicate-rule",
    family: .activationRules, number: 3,
    summary: "the activation rule is TRUEPREDICATE",
    whatItDoes: """
      Finds an `NSExtensionActivationRule` that is `TRUEPREDICATE`, the placeholder Xcode's share and \
      action extension templates start with.
      """,
    whyItMatters: """
      App Store validation rejects the upload ("Invalid Info.plist value. The value for the key \
      'NSExtensionActivationRule' … is invalid"); Apple's App Extension Programming Guide allows \
      `TRUEPREDICATE` during development only. On a device the extension also appears for content it \
      cannot handle.
      """,
    useInstead: """
      A rule naming the types the extension handles, e.g. \
      `SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
      ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count > 0).@count > 0`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("<string>↓TRUEPREDICATE</string>",
        messages: ["'TRUEPREDICATE' activates the extension for anything; App Store validation rejects it"]),
      ActivationRuleExample.make("<string>\n\t↓TRUEPREDICATE\n</string>",
        messages: ["'TRUEPREDICATE' activates the extension for anything; App Store validation rejects it"]),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"</string>
        """),
      ActivationRuleExample.make("<string>extensionItems.@count &gt; 0 AND TRUEPREDICATE</string>"),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let predicate = site.predicate,
      case .constant(true) = predicate.kind
    else { return }
    findings.report(
      "'TRUEPREDICATE' activates the extension for anything; App Store validation rejects it",
      inPredicateOf: site, range: predicate.range, label: "development only")
  }
}

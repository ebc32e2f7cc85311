import ActivationRules
import PredicateSyntax

/// AR009: a key that is not a property of the extension object it is applied to.
struct UnknownKeyPathRule: LintRule {
  static let description = RuleDescription(
    identifier: "unknown-key-path",
    family: .activationRules, number: 9,
    summary: "an activation rule reads a key the extension objects do not have",
    whatItDoes: """
      Follows each key path from the object the rule is evaluated on — NSExtensionContext \
      (`extensionItems`, `inputItems`), then NSExtensionItem (`attachments`, `attributedTitle`, \
      `attributedContentText`, `userInfo`), then NSItemProvider (`registeredTypeIdentifiers`, \
      `registeredContentTypes`, `suggestedName`, …) — through SUBQUERY variables, and reports a key \
      that is not a property at the level it is used, with the nearest one. Collection operators \
      (`@count`, …) are fine on collections.
      """,
    whyItMatters: """
      Key-value coding on a missing key gives nothing (or raises), so the test around it is never \
      true: `$attachment.registeredTypeIdentifier` (no `s`) matches no attachment and the extension \
      is silently missing from the share sheet.
      """,
    useInstead: "The property's exact name, e.g. `$attachment.registeredTypeIdentifiers`.",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \tSUBQUERY (
        \t\t$extensionItem.attachments,
        \t\t$attachment,
        \t\tANY $attachment.↓registeredTypeIdentifier UTI-CONFORMS-TO "com.adobe.pdf"
        \t).@count == $extensionItem.↓attachment.@count
        ).@count == 1</string>
        """,
        messages: [
          "'registeredTypeIdentifier' is not a property of NSItemProvider; did you mean 'registeredTypeIdentifiers'?",
          "'attachment' is not a property of NSExtensionItem; did you mean 'attachments'?",
        ]),
      ActivationRuleExample.make("""
        <string>↓inputItem.@count == 1 AND ANY extensionItems.attachments.↓typeIdentifiers == "public.jpeg"</string>
        """,
        messages: [
          "'inputItem' is not a property of NSExtensionContext; did you mean 'inputItems'?",
          "'typeIdentifiers' is not a property of NSItemProvider; the rule never sees a value there",
        ]),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY(extensionItems, $extensionItem, $extensionItem.attachments.@count == 1 \
        AND $extensionItem.attributedContentText.string CONTAINS "x" \
        AND SUBQUERY($extensionItem.attachments, $attachment, $attachment.suggestedName ENDSWITH ".pdf" \
        OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 1).@count == 1</string>
        """),
      ActivationRuleExample.make("""
        <string>inputItems.@count == 1 \
        AND ANY extensionItems.attachments.@distinctUnionOfArrays.registeredTypeIdentifiers == "public.jpeg"</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let predicate = site.predicate else { return }
    var checker = ExtensionKeyPathChecker()
    checker.check(predicate)
    for unknown in checker.unknownKeys where findings.acceptsPredicateFindings {
      let name = unknown.component.name
      var message = "'\(name)' is not a property of \(unknown.receiver.className)"
      var notes: [String] = []
      if let suggestion = unknown.suggestion {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; the rule never sees a value there"
      }
      if let properties = unknown.receiver.properties {
        notes.append("\(unknown.receiver.className) has " + properties.map { "'\($0.name)'" }.joined(separator: ", "))
      }
      findings.report(message, inPredicateOf: site, range: unknown.component.range, label: "unknown key", notes: notes)
    }
  }
}

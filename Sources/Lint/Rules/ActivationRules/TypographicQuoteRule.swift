import ActivationRules
import PredicateSyntax
import SharelintBase

/// AR002: typographic quotes used as string delimiters in an activation rule.
struct TypographicQuoteRule: LintRule {
  static let description = RuleDescription(
    identifier: "typographic-quote",
    family: .activationRules, number: 2,
    summary: "an activation rule uses typographic quotes as string delimiters",
    whatItDoes: """
      Finds “ ” ‘ ’ where the predicate needs `"` or `'` — the usual result of pasting a rule from a \
      web page or a word processor — and reports each one at its column in the Info.plist.
      """,
    whyItMatters: """
      Apple's parser does not accept typographic quotes as delimiters: the rule fails to parse, so the \
      extension never appears in the share sheet, and App Store validation rejects the invalid value.
      """,
    useInstead: "Straight quotes: `UTI-CONFORMS-TO \"public.image\"`.",
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
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
        \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO ↓“public.image↓”
        \t\t|| ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO ↓”com.microsoft.intune.mam.public.image↓”
        \t).@count &gt;= 1
        ).@count == 1</string>
        """,
        messages: [
          "typographic quote '“' is not a string delimiter; use '\"'",
          "typographic quote '”' is not a string delimiter; use '\"'",
          "typographic quote '”' is not a string delimiter; use '\"'",
          "typographic quote '”' is not a string delimiter; use '\"'",
        ],
        corrected: """
          <string>SUBQUERY (
          \textensionItems,
          \t$extensionItem,
          \tSUBQUERY (
          \t\t$extensionItem.attachments,
          \t\t$attachment,
          \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
          \t\t|| ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image"
          \t).@count &gt;= 1
          ).@count == 1</string>
          """),
      ActivationRuleExample.make(
        """
        <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO ↓‘com.adobe.pdf↓’</string>
        """,
        messages: [
          "typographic quote '‘' is not a string delimiter; use '''",
          "typographic quote '’' is not a string delimiter; use '''",
        ],
        corrected: """
          <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO 'com.adobe.pdf'</string>
          """),
      ActivationRuleExample.make(
        """
        <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.image&quot; \
        OR ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO ↓“public.movie↓”</string>
        """,
        messages: [
          "typographic quote '“' is not a string delimiter; use '\"'",
          "typographic quote '”' is not a string delimiter; use '\"'",
        ],
        corrected: """
          <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.image&quot; \
          OR ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.movie&quot;</string>
          """),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"</string>
        """),
      ActivationRuleExample.make("""
        <string>ANY extensionItems.attributedTitle.string CONTAINS "Fabrikam’s report"</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let written = site.written else { return }
    let diagnostics = written.outcome.diagnostics.filter { $0.id == .typographicQuote }
    guard !diagnostics.isEmpty else { return }
    var edits: [TextEdit] = []
    var seen: Set<TextEdit> = []
    for edit in diagnostics.flatMap({ $0.fixIts.flatMap(\.edits) }) where seen.insert(edit).inserted {
      edits.append(edit)
    }
    edits.sort()
    let title = edits.count == 1 ? "replace the typographic quote" : "replace the \(edits.count) typographic quotes"
    let fix = edits.isEmpty ? nil : site.predicateFix(title, .safe, edits: edits, findings: findings)
    var reported: Set<ByteRange> = []
    for diagnostic in diagnostics {
      findings.report(
        diagnostic.message, inPredicateOf: site, range: diagnostic.range, label: diagnostic.label,
        notes: diagnostic.notes.map(\.message), fix: reported.isEmpty ? fix : nil)
      reported.insert(diagnostic.range)
    }
    // A quote the parser explained only through its fix (the strict parse stops at the first one).
    for edit in edits where !reported.contains(edit.range) {
      let quote = site.excerpt(edit.range)
      findings.report(
        "typographic quote '\(quote)' is not a string delimiter; use '\(edit.replacement)'", inPredicateOf: site,
        range: edit.range, label: "typographic quote")
    }
  }
}

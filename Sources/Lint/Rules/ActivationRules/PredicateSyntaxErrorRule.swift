import ActivationRules
import PredicateSyntax

/// AR001: an activation rule whose predicate does not parse (typographic quotes aside: AR002).
struct PredicateSyntaxErrorRule: LintRule {
  static let description = RuleDescription(
    identifier: "predicate-syntax-error",
    family: .activationRules, number: 1,
    summary: "an activation rule predicate has a syntax error",
    whatItDoes: """
      Parses the `NSExtensionActivationRule` string as an NSPredicate format string and reports each \
      syntax error at its column in the Info.plist (entities and indentation counted), with the \
      parser's diagnostic id. Typographic quotes are left to AR002; an error they hide is still found.
      """,
    whyItMatters: """
      iOS cannot parse the rule, so the extension never appears in any share sheet, and App Store \
      validation rejects an invalid `NSExtensionActivationRule` value. Nothing in Xcode checks the \
      string before that.
      """,
    useInstead: "A predicate that `sharelint rule parse` accepts, e.g. `... UTI-CONFORMS-TO \"public.image\"`.",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count ↓=== 1).@count == 1</string>
        """, messages: ["'===' is not an operator; use '==' [triple-equals]"]),
      ActivationRuleExample.make("""
        <string>SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \tSUBQUERY ($extensionItem.attachments, $attachment,
        \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.image&quot;
        \t).@count &gt;= 1 &amp;&amp;
        ↓)</string>
        """, messages: ["expected a predicate, found ')' [expected-predicate]"]),
      ActivationRuleExample.make("""
        <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO “public.image” AND↓ </string>
        """, messages: ["expected a predicate, found end of input [expected-predicate]"]),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count == 1).@count == 1</string>
        """),
      ActivationRuleExample.make("""
        <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO “public.image”</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let written = site.written else { return }
    for diagnostic in Self.syntaxErrors(of: written) {
      let notes = diagnostic.notes.map(\.message) + diagnostic.fixIts.map { "suggested fix: \($0.title)" }
      findings.report(
        "\(diagnostic.message) [\(diagnostic.id.rawValue)]", inPredicateOf: site, range: diagnostic.range,
        label: diagnostic.label, notes: notes)
    }
  }

  /// The syntax errors other than typographic quotes. When the lenient parse reports only
  /// typographic quotes yet builds no tree, another error hides behind them: the text is parsed
  /// again with each typographic quote read as an ASCII one (padded, so offsets stay put).
  static func syntaxErrors(of written: WrittenPredicate) -> [SyntaxDiagnostic] {
    let errors = written.outcome.diagnostics.filter { $0.severity == .error && $0.id != .typographicQuote }
    guard errors.isEmpty, written.predicate == nil else { return errors }
    return PredicateParser.parse(bytes: asciiQuoted(Array(written.text.utf8))).diagnostics
      .filter { $0.severity == .error && $0.id != .typographicQuote }
  }

  /// `bytes` with each three-byte typographic quote replaced by its ASCII quote and two spaces.
  static func asciiQuoted(_ bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    var index = 0
    while index + 2 < result.count {
      if result[index] == 0xE2, result[index + 1] == 0x80, [0x98, 0x99, 0x9C, 0x9D].contains(result[index + 2]) {
        result[index] = result[index + 2] >= 0x9C ? UInt8(ascii: "\"") : UInt8(ascii: "'")
        result[index + 1] = UInt8(ascii: " ")
        result[index + 2] = UInt8(ascii: " ")
        index += 3
      } else {
        index += 1
      }
    }
    return result
  }
}

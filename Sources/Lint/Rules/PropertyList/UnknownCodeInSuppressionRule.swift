/// PL007: a `sharelint:` comment naming a rule that does not exist, or no rule, or no known action. The run reports
/// it with PL006 (`SuppressionMatching`); its description lives here with the others.
struct UnknownCodeInSuppressionRule: LintRule {
  static let description = RuleDescription(
    identifier: "unknown-code-in-suppression",
    family: .propertyList, number: 7,
    summary: "a sharelint: comment names no rule sharelint has",
    whatItDoes: """
      Reports a rule a `sharelint:` comment names by neither a code (`US004`) nor an identifier \
      (`missing-intunemam-url-scheme`) of a rule sharelint has, a `sharelint:disable…` comment naming no rule, and \
      an action other than `disable-next-line`, `disable-line`, `disable` and `enable`.
      """,
    whyItMatters: """
      A misspelled code suppresses nothing, so the finding it was meant for is still reported — or, in a \
      `disable` range, the next finding is; better to hear that the comment is not understood.
      """,
    useInstead: "The rule's code or identifier as `sharelint rules` lists them.",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleName</key>
        <string>Notes</string>
        <!-- sharelint:disable-next-line ↓PL02 - the build script removes the first -->
        <key>CFBundleName</key>
        <string>Notes</string>
        """,
        messages: ["unknown rule 'PL02' in a suppression"]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        """
        <key>CFBundleName</key>
        <string>Notes</string>
        <!-- sharelint:disable-next-line PL002 - the build script removes the first -->
        <key>CFBundleName</key>
        <string>Notes</string>
        """),
    ]
  )

  /// The message for `text`, which names no rule.
  static func message(_ text: String) -> String { "unknown rule '\(quoted(text))' in a suppression" }

  /// The message at the first `sharelint:` comment past the most one file may hold.
  static func tooManyMessage(_ maximum: Int) -> String {
    "more than \(maximum) sharelint: comments in one file; this one and those after it are ignored"
  }

  /// `text` as a message quotes it: at most 64 characters.
  static func quoted(_ text: String) -> String { text.count > 64 ? text.prefix(63) + "…" : text }

  /// The message for a `disable` comment naming no rule.
  static let noRuleMessage = "a suppression names no rule; name the codes it suppresses"

  /// The message for an action, `text`, that is none of `actions`.
  static func unknownAction(_ text: String, actions: String) -> String {
    "unknown suppression 'sharelint:\(quoted(text))'; expected one of \(actions)"
  }

  func check(_ target: LintTarget, into findings: inout Findings) {}
}

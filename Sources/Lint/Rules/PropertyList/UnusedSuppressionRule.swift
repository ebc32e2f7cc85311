/// PL006: a `sharelint:` comment that suppresses no finding. The run reports it once every finding is known
/// (`SuppressionMatching`); its description lives here with the others.
struct UnusedSuppressionRule: LintRule {
  static let description = RuleDescription(
    identifier: "unused-suppression",
    family: .propertyList, number: 6,
    summary: "a sharelint: comment suppresses no finding",
    whatItDoes: """
      Reports each rule a `sharelint:disable-next-line`, `sharelint:disable-line` or `sharelint:disable` comment \
      names that has no finding on the lines it covers, as ruff's RUF100 does for `# noqa` (the forms: \
      "Suppressing a finding in place" in docs/configuration.md). A rule the configuration turns off \
      suppresses nothing either. The fix removes the comment (its whole line when it stands alone), or only the \
      rule when the comment's other rules still suppress something.
      """,
    whyItMatters: """
      A suppression outlives the finding it was written for: once the value is fixed, or the line moves, the \
      comment would silently hide the next, different finding of that rule on its line.
      """,
    useInstead: "Remove the comment, or the rule it names that no longer reports there.",
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <!-- sharelint:disable-next-line ↓PL002 - the build script removes the first -->
        <key>CFBundleName</key>
        <string>Notes</string>
        """,
        messages: ["'PL002' suppresses no finding here"],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes</string>
          <key>CFBundleName</key>
          <string>Notes</string>
          """),
      RuleExample(
        """
        <key>CFBundleName</key>
        <string>Notes</string>
        <!-- sharelint:disable-next-line PL002, ↓PL005 - the build script removes the first -->
        <key>CFBundleName</key>
        <string>Notes</string>
        """,
        messages: ["'PL005' suppresses no finding here"],
        corrected: """
          <key>CFBundleName</key>
          <string>Notes</string>
          <!-- sharelint:disable-next-line PL002 - the build script removes the first -->
          <key>CFBundleName</key>
          <string>Notes</string>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample(
        """
        <key>CFBundleName</key>
        <string>Notes</string>
        <!-- sharelint:disable-next-line duplicate-key - the build script removes the first -->
        <key>CFBundleName</key>
        <string>Notes</string>
        """),
    ]
  )

  /// The finding's message: `text`, naming rule `code`, suppresses nothing on the lines it covers.
  static func message(_ text: String, code: String) -> String {
    let shown = UnknownCodeInSuppressionRule.quoted(text)
    return text == code ? "'\(shown)' suppresses no finding here" : "'\(shown)' (\(code)) suppresses no finding here"
  }

  /// The title of the fix removing the whole comment.
  static let removeCommentTitle = "remove the unused suppression"

  /// The title of the fix removing one rule, `text`, from a comment whose other rules suppress something.
  static func removeRuleTitle(_ text: String) -> String {
    "remove '\(UnknownCodeInSuppressionRule.quoted(text))' from the suppression"
  }

  func check(_ target: LintTarget, into findings: inout Findings) {}
}

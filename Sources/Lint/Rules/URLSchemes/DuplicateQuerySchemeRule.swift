import PropertyList
import URLSchemes

/// US005: a scheme listed twice in `LSApplicationQueriesSchemes`.
struct DuplicateQuerySchemeRule: LintRule {
  static let description = RuleDescription(
    identifier: "duplicate-query-scheme",
    family: .urlSchemes, number: 5,
    summary: "LSApplicationQueriesSchemes lists a scheme twice",
    whatItDoes: """
      Finds entries of `LSApplicationQueriesSchemes` that repeat an earlier one, compared case-insensitively \
      as iOS compares schemes.
      """,
    whyItMatters: """
      A repeat declares nothing new but still takes one of the 50 places iOS honours (25 for apps linked with \
      the iOS 27 SDK), so on the device a scheme further down can fall past the limit and `canOpenURL` \
      answers false for it. Repeats usually come from merge conflicts or scripts that append without looking.
      """,
    useInstead: "Keep the first occurrence and remove the others.",
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>tel</string>
        \t<string>tel-intunemam</string>
        \t<string>sms</string>
        \t↓<string>TEL</string>
        \t↓<string>sms</string>
        </array>
        """,
        messages: [
          "'TEL' is already listed at [0]; the repeat takes one of the 50 places iOS honours",
          "'sms' is already listed at [2]; the repeat takes one of the 50 places iOS honours",
        ],
        corrected: """
          <key>LSApplicationQueriesSchemes</key>
          <array>
          \t<string>tel</string>
          \t<string>tel-intunemam</string>
          \t<string>sms</string>
          </array>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>tel</string>
        \t<string>tel-intunemam</string>
        \t<string>telprompt</string>
        </array>
        """),
    ],
    guideSteps: [35]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    // Only string entries can be reported, and they repeat exactly when their normalized set is smaller:
    // the budget, which normalizes every entry again, is worked out only for a list with a repeat.
    guard let queries = InfoPlistSchemes.queriesSchemes(of: target),
      queries.normalizedSchemes.count < queries.entries.count
    else { return }
    let limit = target.settings.queriesSchemesLimit
    let budget = QueriesSchemeBudget(schemes: queries.positionalSchemes, limit: limit)
    for duplicate in budget.duplicates {
      guard let entry = queries.entries.first(where: { $0.index == duplicate.index }),
        let original = queries.first(entry.scheme)
      else { continue }
      let fix = findings.fix(
        "remove the repeated '\(entry.scheme)'", .safe, in: target.infoPlist,
        InfoPlistSchemes.removing(at: entry.index, from: queries, in: target.infoPlist))
      findings.report(
        "'\(entry.scheme)' is already listed at [\(original.index)]; the repeat takes one of the \(limit) places "
          + "iOS honours",
        about: entry.node, in: target.infoPlist, fix: fix)
    }
  }
}

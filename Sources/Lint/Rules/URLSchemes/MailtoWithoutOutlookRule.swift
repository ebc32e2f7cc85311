import PropertyList
import URLSchemes

/// US008: the app queries `mailto` but not Outlook's scheme.
struct MailtoWithoutOutlookRule: LintRule {
  /// The scheme of mail links.
  static let mailtoScheme = "mailto"
  /// Outlook's scheme, which the Intune SDK adds for mail links.
  static let outlookScheme = "ms-outlook"

  static let description = RuleDescription(
    identifier: "mailto-without-outlook",
    code: "US008",
    summary: "the app queries mailto but neither ms-outlook nor ms-outlook-intunemam",
    whatItDoes: """
      In apps, finds `mailto` in `LSApplicationQueriesSchemes` without `ms-outlook` or \
      `ms-outlook-intunemam`. It owns the missing `ms-outlook` of such apps, so `missing-required-query-scheme` \
      (US002) does not report it twice.
      """,
    whyItMatters: """
      Under a policy that sends data only to managed apps, the SDK hands `mailto:` links to Outlook, the \
      managed mail app; Microsoft's integration guide says "If your app uses the mailto: protocol, \
      ms-outlook-intunemam should be added". Without Outlook's scheme declared, `canOpenURL` answers false, \
      so on the device tapping an email address does nothing or reports that no mail app is available.
      """,
    useInstead: """
      Add `ms-outlook` (IntuneMAMConfigurator 21.7.1 adds it bare: Outlook is a known managed app), or its twin \
      `ms-outlook-intunemam` as the guide says. The fix appends `ms-outlook`, or, when the list already holds \
      as many entries as iOS honours, puts it right after `mailto` (and its twin) so that it stays inside the \
      limit.
      """,
    fixApplicability: .safe,
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t↓<string>mailto</string>
        \t<string>mailto-intunemam</string>
        </array>
        """,
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict/>
          <key>LSApplicationQueriesSchemes</key>
          <array>
          \t<string>mailto</string>
          \t<string>mailto-intunemam</string>
          \t<string>ms-outlook</string>
          </array>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>mailto</string>
        \t<string>mailto-intunemam</string>
        \t<string>ms-outlook-intunemam</string>
        </array>
        """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>tel</string>
        \t<string>tel-intunemam</string>
        </array>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app, let queries = InfoPlistSchemes.queriesSchemes(of: target),
      let mailto = queries.first(Self.mailtoScheme),
      !queries.contains(Self.outlookScheme), !queries.contains(IntuneSchemeLists.managedTwin(of: Self.outlookScheme))
    else { return }
    // A full list gets Outlook next to mail, inside the limit whenever 'mailto' is.
    var index: Int?
    if queries.count >= target.settings.queriesSchemesLimit {
      let twin = URLSchemeSyntax.normalized(IntuneSchemeLists.managedTwin(of: mailto.scheme))
      let twinFollows = queries.entries.contains { $0.index == mailto.index + 1 && $0.normalized == twin }
      index = mailto.index + (twinFollows ? 2 : 1)
    }
    let fix = findings.fix(
      "add '\(Self.outlookScheme)' to '\(InfoPlistSchemes.queriesSchemesKey)'", in: target.infoPlist,
      InfoPlistSchemes.inserting([Self.outlookScheme], at: index, into: queries, in: target.infoPlist))
    findings.report(
      "'\(mailto.scheme)' is queried but neither '\(Self.outlookScheme)' nor '\(Self.outlookScheme)-intunemam'; "
        + "under an Intune policy mail links go to Outlook and canOpenURL answers false for it",
      about: mailto.node, in: target.infoPlist, fix: fix)
  }
}

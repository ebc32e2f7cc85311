import IntuneKnowledge
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
    family: .urlSchemes, number: 8,
    summary: "the app queries mailto but neither ms-outlook nor ms-outlook-intunemam",
    whatItDoes: """
      In apps, finds `mailto` in `LSApplicationQueriesSchemes` without `ms-outlook` or \
      `ms-outlook-intunemam`. It owns the missing `ms-outlook` of such apps, so `missing-required-query-scheme` \
      (US002) and `missing-configurator-query-scheme` (US010) do not report it twice.
      """,
    whyItMatters: """
      Under a policy that sends data only to managed apps, the SDK hands `mailto:` links to Outlook, the \
      managed mail app; Microsoft's integration guide says "If your app uses the mailto: protocol, \
      ms-outlook-intunemam should be added". Without Outlook's scheme declared, `canOpenURL` answers false, \
      so on the device tapping an email address does nothing or reports that no mail app is available.
      """,
    useInstead: """
      Add `ms-outlook` (IntuneMAMConfigurator 21.7.1 adds it bare: Outlook is a known managed app), or its twin \
      `ms-outlook-intunemam` as the guide says. The fix puts `ms-outlook` where the configurator's step (b) \
      does, after the Edge entries, or, when the list already holds as many entries as iOS honours, right after \
      `mailto` (and its twin) so that it stays inside the limit. When other entries the SDK needs are missing \
      too, the fix of `missing-required-query-scheme` (US002) or `missing-configurator-query-scheme` (US010) \
      adds it with them, in the configurator's order.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        URLSchemeExample.queriesSchemes(
          ["mailto", "mailto-intunemam"] + URLSchemeExample.required(without: ["ms-outlook"]),
          markedEntries: ["mailto"]),
        messages: [
          """
          'mailto' is queried but neither 'ms-outlook' nor 'ms-outlook-intunemam'; under an Intune policy mail links \
          go to Outlook and canOpenURL answers false for it
          """,
        ],
        corrected: URLSchemeExample.queriesSchemes(["mailto", "mailto-intunemam"] + URLSchemeExample.required)),
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
        messages: [
          """
          'mailto' is queried but neither 'ms-outlook' nor 'ms-outlook-intunemam'; under an Intune policy mail links \
          go to Outlook and canOpenURL answers false for it
          """,
        ]),
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
    ],
    guideSteps: [34],
    guideAndVendor: """
      The integration guide (stage 3, step 5) asks for `ms-outlook-intunemam` when the app uses `mailto:`; the \
      2016 guide asked for it in every app; IntuneMAMConfigurator 21.7.1 adds the bare `ms-outlook` to every app \
      (Outlook is a known managed app). Either one satisfies this rule; the bare scheme alone missing is a \
      warning of `missing-configurator-query-scheme` (US010).
      """
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app, let queries = InfoPlistSchemes.queriesSchemes(of: target),
      InfoPlistSchemes.outlookLeftToMailtoRule(queries), let mailto = queries.first(Self.mailtoScheme)
    else { return }
    // A scheme a later configurator added is not asked of a target whose files name an older release.
    let release = target.linkedIntuneSDKRelease
    let message = "'\(mailto.scheme)' is queried but neither '\(Self.outlookScheme)' nor "
      + "'\(Self.outlookScheme)-intunemam'; under an Intune policy mail links go to Outlook and canOpenURL "
      + "answers false for it"
    // When other entries the SDK needs are missing too, US002's fix adds 'ms-outlook' among them, in the
    // configurator's order; a second insertion here would write it twice.
    if InfoPlistSchemes.missingRequiredQueriesSchemes(in: queries, release: release) != [Self.outlookScheme] {
      findings.report(
        message, about: mailto.node, in: target.infoPlist,
        notes: ["the fix of \(InfoPlistSchemes.requiredEntriesFixOwner(queries, release: release)) adds '\(Self.outlookScheme)' "
          + "with the other entries the Intune SDK needs"])
      return
    }
    // Where the configurator's step (b) puts it: after the browser entries. A full list gets it next to mail
    // instead, inside the limit whenever 'mailto' is.
    let precedingOutlook = Set(IntuneSchemeLists.requiredQueriesSchemes.prefix { $0 != Self.outlookScheme })
    var index = queries.entries.filter { precedingOutlook.contains($0.normalized) }.map(\.index).max().map { $0 + 1 }
    if queries.count >= target.settings.queriesSchemesLimit {
      let twin = URLSchemeSyntax.normalized(IntuneSchemeLists.managedTwin(of: mailto.scheme))
      let twinFollows = queries.entries.contains { $0.index == mailto.index + 1 && $0.normalized == twin }
      index = mailto.index + (twinFollows ? 2 : 1)
    }
    let fix = findings.fix(
      "add '\(Self.outlookScheme)' to '\(InfoPlistSchemes.queriesSchemesKey)'", .safe, in: target.infoPlist,
      InfoPlistSchemes.inserting([Self.outlookScheme], at: index, into: queries, in: target.infoPlist))
    findings.report(message, about: mailto.node, in: target.infoPlist, fix: fix)
  }
}

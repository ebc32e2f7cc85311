import PropertyList
import URLSchemes

/// US002: an entry every Intune SDK app needs is missing from `LSApplicationQueriesSchemes`.
struct MissingRequiredQuerySchemeRule: LintRule {
  /// What the SDK uses each required entry for, in the messages' words.
  static let purposes: [String: String] = [
    "http-intunemam": "to hand http links to a managed browser",
    "https-intunemam": "to hand https links to a managed browser",
    "microsoft-edge-https": "to open https links in Microsoft Edge when the policy requires it",
    "microsoft-edge-http": "to open http links in Microsoft Edge when the policy requires it",
    "ms-outlook": "to hand mail links to Outlook",
    "companyportal": "to send the user to the Company Portal to enroll",
    "msauthv2": "to sign in through the Microsoft Authenticator broker",
    "msauthv3": "to sign in through the Microsoft Authenticator broker",
  ]

  static let description = RuleDescription(
    identifier: "missing-required-query-scheme",
    family: .urlSchemes, number: 2,
    summary: "LSApplicationQueriesSchemes lacks an entry the Intune SDK needs",
    whatItDoes: """
      In apps, requires the entries IntuneMAMConfigurator 21.7.1 adds to every app: `http-intunemam`, \
      `https-intunemam`, `microsoft-edge-https`, `microsoft-edge-http`, `ms-outlook`, `companyportal`, \
      `msauthv2`, `msauthv3` and the eleven Mobile Threat Defense schemes (`smart-ns` … `intunemam-mtd`); one \
      finding per missing entry. A missing `ms-outlook` in an app that queries `mailto` is left to \
      `mailto-without-outlook` (US008), which says why.
      """,
    whyItMatters: """
      The SDK asks `canOpenURL` about these schemes to route links to Edge and Outlook, to send the user to \
      the Company Portal, to sign in through Microsoft Authenticator and to find a Mobile Threat Defense app. \
      iOS answers false for undeclared schemes, so on the device web links stay blocked under a managed \
      browser policy, broker sign-in falls back or fails, and a device with an MTD app is reported as \
      lacking one (conditional launch then blocks the app).
      """,
    useInstead: """
      Add the missing entries. The fix appends them, or, when the list would then exceed the limit iOS \
      honours (50, or 25 for apps linked with the iOS 27 SDK), inserts them where they land inside it: before \
      the SDK's entries already listed, or at the start; `query-schemes-over-limit` (US003) then names what \
      was pushed past the limit.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        URLSchemeExample.queriesSchemes(
          URLSchemeExample.required(without: ["http-intunemam", "companyportal", "msauthv2"]), arrayMarkers: 3),
        messages: [
          """
          'LSApplicationQueriesSchemes' lacks 'companyportal', which the Intune SDK queries to send the user to the \
          Company Portal to enroll
          """,
          """
          'LSApplicationQueriesSchemes' lacks 'http-intunemam', which the Intune SDK queries to hand http links to a \
          managed browser
          """,
          """
          'LSApplicationQueriesSchemes' lacks 'msauthv2', which the Intune SDK queries to sign in through the \
          Microsoft Authenticator broker
          """,
        ],
        corrected: URLSchemeExample.queriesSchemes(
          URLSchemeExample.required(without: ["http-intunemam", "companyportal", "msauthv2"])
            + ["http-intunemam", "companyportal", "msauthv2"])),
    ],
    nonTriggeringExamples: [
      RuleExample(URLSchemeExample.queriesSchemes(
        ["mailto", "mailto-intunemam", "HTTP-intunemam"] + URLSchemeExample.required(without: ["http-intunemam"]))),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>NSExtension</key>
        <dict/>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app else { return }
    let document = target.infoPlist
    let key = InfoPlistSchemes.queriesSchemesKey
    guard let queries = InfoPlistSchemes.queriesSchemes(of: target) else {
      guard document.root[key] == nil else { return }
      let required = IntuneSchemeLists.requiredQueriesSchemes
      let fix = findings.fix(
        "add '\(key)' with the \(required.count) entries the Intune SDK needs", .safe, in: document,
        [.insertEntry(
          into: [], key: key, value: .array(required.map(PropertyListValue.string)),
          after: keySortingBefore(key, in: document.root))])
      findings.report(
        "the Info.plist has no '\(key)'; the Intune SDK needs \(required.count) entries there: "
          + InfoPlistSchemes.quotedList(required),
        missingKey: key, of: document.root, in: document, fix: fix)
      return
    }
    // Everything missing is inserted by one fix, in the configurator's order, 'ms-outlook' included even when
    // US008 reports it (two fixes inserting at the same place could not keep that order).
    let missing = InfoPlistSchemes.missingRequiredQueriesSchemes(in: queries)
    let reported = InfoPlistSchemes.outlookLeftToMailtoRule(queries)
      ? missing.filter { $0 != MailtoWithoutOutlookRule.outlookScheme } : missing
    guard let first = reported.first else { return }
    let index = InfoPlistSchemes.queriesInsertionIndex(
      adding: missing.count, to: queries, limit: target.settings.queriesSchemesLimit)
    let title = missing.count == 1
      ? "add '\(first)' to '\(key)'" : "add \(InfoPlistSchemes.quotedList(missing)) to '\(key)'"
    let fix = findings.fix(
      title, .safe, in: document, InfoPlistSchemes.inserting(missing, at: index, into: queries, in: document))
    for scheme in reported {
      let purpose = Self.purposes[scheme] ?? "to detect the Mobile Threat Defense app that handles '\(scheme)'"
      findings.report(
        "'\(key)' lacks '\(scheme)', which the Intune SDK queries \(purpose)", about: queries.node, in: document,
        notes: scheme == first ? [] : ["the fix of the '\(first)' finding adds this entry too"],
        fix: scheme == first ? fix : nil)
    }
  }
}

import IntuneKnowledge
import PropertyList
import URLSchemes

/// US010: `LSApplicationQueriesSchemes` lacks entries IntuneMAMConfigurator adds that the integration guide does
/// not ask for (or asks for in another form).
struct MissingConfiguratorQuerySchemeRule: LintRule {
  /// What the SDK uses each entry for, in the message's words.
  static let purposes: [String: String] = [
    "microsoft-edge-https": "open links in Microsoft Edge",
    "microsoft-edge-http": "open links in Microsoft Edge",
    "ms-outlook": "hand mail links to Outlook",
    "companyportal": "send the user to the Company Portal to enroll",
    "msauthv2": "sign in through the Microsoft Authenticator broker",
    "msauthv3": "sign in through the Microsoft Authenticator broker",
  ]

  static let description = RuleDescription(
    identifier: "missing-configurator-query-scheme",
    family: .urlSchemes, number: 10,
    summary: "LSApplicationQueriesSchemes lacks entries IntuneMAMConfigurator adds beyond the integration guide",
    whatItDoes: """
      In apps, finds the entries IntuneMAMConfigurator 21.7.1 adds to every app that Microsoft's integration \
      guide (stage 3, step 5) does not list, or lists only as `-intunemam` twins: `companyportal`, `msauthv2`, \
      `msauthv3`, and the bare `microsoft-edge-https`, `microsoft-edge-http` and `ms-outlook`. One finding names \
      all of them. A missing `ms-outlook` in an app that queries `mailto` without any Outlook scheme is \
      `mailto-without-outlook` (US008)'s.
      """,
    whyItMatters: """
      The SDK asks `canOpenURL` about these schemes: Microsoft Authenticator's (`msauthv2`, `msauthv3`) for \
      brokered sign-in, which MSAL 1.0.6 and later refuses without them (AzureAD/microsoft-authentication-\
      library-for-objc#811), so app protection CA cannot complete; the Company Portal's to send the user there \
      to enroll; Edge's and Outlook's own schemes, which SDKs since 15.1.0 open known managed apps by. A plist \
      written from the guide alone works until one of these paths is taken on the device.
      """,
    useInstead: """
      Add the entries, or run `sharelint configure` (or IntuneMAMConfigurator), which adds them. The fix adds \
      them in the configurator's order; when `missing-required-query-scheme` (US002) reports entries too, its \
      fix adds these with them.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>LSApplicationQueriesSchemes</key>
        ↓<array>
        \t<string>mailto</string>
        \t<string>mailto-intunemam</string>
        \t<string>http-intunemam</string>
        \t<string>https-intunemam</string>
        \t<string>microsoft-edge-http-intunemam</string>
        \t<string>microsoft-edge-https-intunemam</string>
        \t<string>smart-ns</string>
        \t<string>zips</string>
        \t<string>lacoonsecurity</string>
        \t<string>wandera</string>
        \t<string>lookoutwork-ase</string>
        \t<string>skycure</string>
        \t<string>betteractiveshield</string>
        \t<string>scmx</string>
        \t<string>smsec</string>
        \t<string>mvisionmobile</string>
        \t<string>intunemam-mtd</string>
        \t<string>ms-outlook-intunemam</string>
        </array>
        """,
        messages: [
          """
          'LSApplicationQueriesSchemes' lacks 'microsoft-edge-https', 'microsoft-edge-http', 'ms-outlook', \
          'companyportal', 'msauthv2' and 'msauthv3', which IntuneMAMConfigurator adds and the integration guide's \
          step 5 does not list; the Intune SDK queries them to open links in Microsoft Edge, hand mail links to \
          Outlook, send the user to the Company Portal to enroll and sign in through the Microsoft Authenticator \
          broker (the guide's twins are listed; the SDK queries the bare schemes)
          """,
        ],
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict/>
          <key>LSApplicationQueriesSchemes</key>
          <array>
          \t<string>mailto</string>
          \t<string>mailto-intunemam</string>
          \t<string>http-intunemam</string>
          \t<string>https-intunemam</string>
          \t<string>microsoft-edge-http-intunemam</string>
          \t<string>microsoft-edge-https-intunemam</string>
          \t<string>smart-ns</string>
          \t<string>zips</string>
          \t<string>lacoonsecurity</string>
          \t<string>wandera</string>
          \t<string>lookoutwork-ase</string>
          \t<string>skycure</string>
          \t<string>betteractiveshield</string>
          \t<string>scmx</string>
          \t<string>smsec</string>
          \t<string>mvisionmobile</string>
          \t<string>intunemam-mtd</string>
          \t<string>ms-outlook-intunemam</string>
          \t<string>microsoft-edge-https</string>
          \t<string>microsoft-edge-http</string>
          \t<string>ms-outlook</string>
          \t<string>companyportal</string>
          \t<string>msauthv2</string>
          \t<string>msauthv3</string>
          </array>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>https-intunemam</string>
        \t<string>http-intunemam</string>
        \t<string>microsoft-edge-https</string>
        \t<string>microsoft-edge-http</string>
        \t<string>ms-outlook</string>
        \t<string>companyportal</string>
        \t<string>smart-ns</string>
        \t<string>zips</string>
        \t<string>lacoonsecurity</string>
        \t<string>wandera</string>
        \t<string>lookoutwork-ase</string>
        \t<string>skycure</string>
        \t<string>betteractiveshield</string>
        \t<string>smsec</string>
        \t<string>mvisionmobile</string>
        \t<string>scmx</string>
        \t<string>intunemam-mtd</string>
        \t<string>msauthv2</string>
        \t<string>msauthv3</string>
        </array>
        """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>ms-word</string>
        </array>
        <key>NSExtension</key>
        <dict/>
        """),
    ],
    guideSteps: [32, 34, 36],
    guideAndVendor: """
      IntuneMAMConfigurator 21.7.1 adds `microsoft-edge-https`, `microsoft-edge-http`, `ms-outlook`, \
      `companyportal`, `msauthv2` and `msauthv3` to every app (notes §1.3 step 5 (b), (c), (e)). The integration \
      guide (stage 3, step 5) lists Edge as `microsoft-edge-http(s)-intunemam`, Outlook as `ms-outlook-intunemam` \
      only for apps that use `mailto:`, and neither the Company Portal nor the broker schemes; the MSAL tutorial \
      asks for `msauth` and `msauthv2` (2019), MSAL's current docs for `msauthv2` and `msauthv3`. A plist from \
      the guide is therefore correct by the guide and gets warnings here, never errors; `configure` writes the \
      configurator's entries.
      """,
    adviceSinceSDK: ReleaseVersion(15, 1, 0)
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app, let queries = InfoPlistSchemes.queriesSchemes(of: target) else { return }
    // A scheme a later configurator added is not asked of a target whose files name an older release.
    let release = target.linkedIntuneSDKRelease
    let reported = InfoPlistSchemes.missingConfiguratorOnlyQueriesSchemes(in: queries, release: release)
    guard !reported.isEmpty else { return }
    let document = target.infoPlist
    let key = InfoPlistSchemes.queriesSchemesKey
    let twinsListed = reported.filter { queries.contains(IntuneSchemeLists.managedTwin(of: $0)) }
    var purposes: [String] = []
    for scheme in reported {
      if let purpose = Self.purposes[scheme], !purposes.contains(purpose) { purposes.append(purpose) }
    }
    var message = "'\(key)' lacks \(InfoPlistSchemes.quotedList(reported)), which IntuneMAMConfigurator adds "
      + "and the integration guide's step 5 does not list; the Intune SDK queries them to "
      + InfoPlistSchemes.plainList(purposes)
    if !twinsListed.isEmpty {
      message += " (the guide's twins are listed; the SDK queries the bare schemes)"
    }
    // US002's fix adds these with the entries it reports, in the configurator's order.
    guard InfoPlistSchemes.missingGuideListedQueriesSchemes(in: queries, release: release).isEmpty else {
      findings.report(
        message, about: queries.node, in: document,
        notes: ["the fix of missing-required-query-scheme (US002) adds these entries with the others"])
      return
    }
    let missing = InfoPlistSchemes.missingRequiredQueriesSchemes(in: queries, release: release)
    let index = InfoPlistSchemes.queriesInsertionIndex(
      adding: missing.count, to: queries, limit: target.settings.queriesSchemesLimit)
    let fix = findings.fix(
      "add \(InfoPlistSchemes.quotedList(missing)) to '\(key)'", .safe, in: document,
      InfoPlistSchemes.inserting(missing, at: index, into: queries, in: document))
    findings.report(message, about: queries.node, in: document, fix: fix)
  }
}

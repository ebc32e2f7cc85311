import IntuneKnowledge
import PropertyList
import URLSchemes
import XcodeModel

/// US001: a queried scheme without its `-intunemam` twin in `LSApplicationQueriesSchemes`.
struct MissingIntunemamQuerySchemeRule: LintRule {
  static let description = RuleDescription(
    identifier: "missing-intunemam-query-scheme",
    family: .urlSchemes, number: 1,
    summary: "a queried scheme lacks its -intunemam twin in LSApplicationQueriesSchemes",
    whatItDoes: """
      In apps, requires `<scheme>-intunemam` in `LSApplicationQueriesSchemes` for every scheme listed there, \
      except those IntuneMAMConfigurator exempts (`companyportal`, `msauth`, `msauthv2`, `msauthv3`, \
      `ms-log-…` and the Mobile Threat Defense schemes) and those it adds bare itself (`microsoft-edge-https`, \
      `microsoft-edge-http`, `ms-outlook`: the SDK opens Edge and Outlook by their own schemes). For another \
      known managed app (Word, Teams, …) the message says the twin may be left out when the app asks \
      `isURLAllowed:isKnownManagedAppScheme:YES`.
      """,
    whyItMatters: """
      Under an app protection policy that sends data only to managed apps, the SDK opens `waze://…` as \
      `waze-intunemam://…` and asks `canOpenURL` about that scheme first. iOS answers false for a scheme the \
      app did not declare, so on the device the link does nothing, or the SDK reports the target app as not \
      installed, even when the app is there and managed.
      """,
    useInstead: "List `<scheme>-intunemam` right after each scheme; IntuneMAMConfigurator step 5 (a) does the same.",
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t↓<string>waze</string>
        \t↓<string>ms-word</string>
        \t<string>companyportal</string>
        \t↓<string>FaceTime</string>
        </array>
        """,
        messages: [
          """
          'waze' is queried without 'waze-intunemam'; under an Intune policy canOpenURL answers false for 'waze' \
          links
          """,
          """
          'ms-word' is queried without 'ms-word-intunemam'; under an Intune policy canOpenURL answers false for \
          'ms-word' links, unless the app calls isURLAllowed:isKnownManagedAppScheme:YES for this known managed app \
          (then the twin may be dropped)
          """,
          """
          'FaceTime' is queried without 'FaceTime-intunemam'; under an Intune policy canOpenURL answers false for \
          'FaceTime' links
          """,
        ],
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict/>
          <key>LSApplicationQueriesSchemes</key>
          <array>
          \t<string>waze</string>
          \t<string>waze-intunemam</string>
          \t<string>ms-word</string>
          \t<string>ms-word-intunemam</string>
          \t<string>companyportal</string>
          \t<string>FaceTime</string>
          \t<string>FaceTime-intunemam</string>
          </array>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample(URLSchemeExample.queriesSchemes(
        ["waze", "waze-intunemam", "TEL", "tel-intunemam"] + URLSchemeExample.required)),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>ms-outlook</string>
        </array>
        <key>NSExtension</key>
        <dict/>
        """),
      RuleExample("""
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>waze</string>
        </array>
        """),
    ],
    guideSteps: [30],
    guideAndVendor: """
      The integration guide (stage 3, step 5; 2016 guide step 9) asks for an `-intunemam` copy of every queried \
      scheme. IntuneMAMConfigurator 21.7.1 twins every scheme except `companyportal`, `msauth`, `msauthv2`, \
      `msauthv3`, `ms-log-…` and the MTD schemes, and adds Edge and Outlook bare; since SDK 15.1.0 the twins of \
      known managed apps may be dropped when the app calls `isURLAllowed:isKnownManagedAppScheme:YES` (guide step \
      5, out of room). This rule follows the configurator's exemptions, so a plist from either source passes; a \
      twin the guide asks for beyond them (`companyportal-intunemam`) is never reported.
      """
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app, let queries = InfoPlistSchemes.queriesSchemes(of: target) else { return }
    let settings = InfoPlistSchemes.buildSettings(for: target)
    // The twins of known managed apps are the first to go when the list does not fit (as
    // IntuneMAMConfigurator does, and US003's fix): they are asked for only when all of them fit,
    // so this rule and US003's fix never undo each other.
    let missingKnownManagedTwins = queries.entries.filter { entry in
      IntuneSchemeLists.knownManagedAppSchemeSet.contains(entry.normalized)
        && !queries.contains(IntuneSchemeLists.managedTwin(of: entry.scheme))
    }.count
    let knownManagedTwinsFit = queries.count + missingKnownManagedTwins <= target.settings.queriesSchemesLimit
    var seen = Set<String>()
    for entry in queries.entries where seen.insert(entry.normalized).inserted {
      if !knownManagedTwinsFit && IntuneSchemeLists.knownManagedAppSchemeSet.contains(entry.normalized) { continue }
      guard !IntuneSchemeLists.isManagedTwin(entry.scheme),
        !IntuneSchemeLists.configuratorExcludedSchemeSet.contains(entry.normalized),
        !IntuneSchemeLists.configuratorBareKnownManagedSchemes.contains(entry.normalized),
        InfoPlistSchemes.syntaxFinding(in: entry.scheme, settings: settings) == nil
      else { continue }
      let twin = IntuneSchemeLists.managedTwin(of: entry.scheme)
      guard !queries.contains(twin) else { continue }
      var message = "\(settings.shown(entry.scheme)) is queried without \(settings.shown(twin)); under an Intune "
        + "policy canOpenURL answers false for \(settings.shown(entry.scheme)) links"
      if IntuneSchemeLists.knownManagedAppSchemeSet.contains(entry.normalized) {
        message += ", unless the app calls isURLAllowed:isKnownManagedAppScheme:YES for this known managed app "
          + "(then the twin may be dropped)"
      }
      let fix = findings.fix(
        "add '\(twin)' after '\(entry.scheme)'", .safe, in: target.infoPlist,
        InfoPlistSchemes.inserting([twin], at: entry.index + 1, into: queries, in: target.infoPlist))
      findings.report(message, about: entry.node, in: target.infoPlist, fix: fix)
    }
  }
}

import IntuneKnowledge
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
      In apps, requires the entries that both Microsoft's integration guide (stage 3, step 5) and \
      IntuneMAMConfigurator 21.7.1 ask for: `http-intunemam`, `https-intunemam`, Microsoft Edge's \
      `microsoft-edge-https` and `microsoft-edge-http` (bare, as the configurator writes them, or as the guide's \
      `-intunemam` twins) and the eleven Mobile Threat Defense schemes (`smart-ns` … `intunemam-mtd`); one \
      finding per missing entry, and one for all the missing MTD schemes together. The entries only the \
      configurator adds (`ms-outlook`, `companyportal`, `msauthv2`, `msauthv3`) are \
      `missing-configurator-query-scheme` (US010)'s, a missing `ms-outlook` in an app that queries `mailto` is \
      `mailto-without-outlook` (US008)'s. The list is the configurator's since 15.1.0 (6d51b440): a target whose files name an older release, whose \
      configurator wrote another list, is left to `intune-sdk-release-unsupported`, whose steps include it.
      """,
    whyItMatters: """
      The SDK asks `canOpenURL` about these schemes to route links to a managed browser and to Edge and to find \
      a Mobile Threat Defense app. iOS answers false for undeclared schemes, so on the device web links stay \
      blocked under a managed browser policy, and a device with an MTD app is reported as lacking one \
      (conditional launch then blocks the app).
      """,
    useInstead: """
      Add the missing entries. The fix adds every entry the configurator would (those of US010 too), in its \
      order, at the end, or, when the list would then exceed the limit iOS honours (50, or 25 for apps linked \
      with the iOS 27 SDK), where they land inside it: before the SDK's entries already listed, or at the start; \
      `query-schemes-over-limit` (US003) then names what was pushed past the limit.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        URLSchemeExample.queriesSchemes(
          URLSchemeExample.required(without: ["http-intunemam", "companyportal", "msauthv2"]), arrayMarkers: 1),
        messages: [
          """
          'LSApplicationQueriesSchemes' lacks 'http-intunemam', which the Intune SDK queries to hand http links to a \
          managed browser
          """,
        ],
        corrected: URLSchemeExample.queriesSchemes(
          URLSchemeExample.required(without: ["http-intunemam", "companyportal", "msauthv2"])
            + ["http-intunemam", "companyportal", "msauthv2"])),
      RuleExample(
        URLSchemeExample.queriesSchemes(
          ["http-intunemam", "https-intunemam"] + IntuneSchemeLists.mobileThreatDefenseSchemes, arrayMarkers: 2),
        messages: [
          """
          'LSApplicationQueriesSchemes' lacks 'microsoft-edge-http' (or the guide's \
          'microsoft-edge-http-intunemam'), which the Intune SDK queries to open http links in Microsoft Edge when \
          the policy requires it
          """,
          """
          'LSApplicationQueriesSchemes' lacks 'microsoft-edge-https' (or the guide's \
          'microsoft-edge-https-intunemam'), which the Intune SDK queries to open https links in Microsoft Edge \
          when the policy requires it
          """,
        ],
        corrected: URLSchemeExample.queriesSchemes(
          ["http-intunemam", "https-intunemam"] + IntuneSchemeLists.mobileThreatDefenseSchemes + [
            "microsoft-edge-https", "microsoft-edge-http", "ms-outlook", "companyportal", "msauthv2", "msauthv3",
          ])),
      RuleExample(
        URLSchemeExample.queriesSchemes(
          URLSchemeExample.required(without: ["wandera", "intunemam-mtd"]), arrayMarkers: 1),
        messages: [
          """
          'LSApplicationQueriesSchemes' lacks the Mobile Threat Defense schemes 'wandera' and 'intunemam-mtd', \
          which the Intune SDK queries to detect the MTD app on the device
          """,
        ],
        corrected: URLSchemeExample.queriesSchemes(
          URLSchemeExample.required(without: ["wandera", "intunemam-mtd"]) + ["wandera", "intunemam-mtd"])),
    ],
    nonTriggeringExamples: [
      RuleExample(URLSchemeExample.queriesSchemes(
        ["mailto", "mailto-intunemam", "HTTP-intunemam"] + URLSchemeExample.required(without: ["http-intunemam"]))),
      RuleExample("""
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
        </array>
        """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>NSExtension</key>
        <dict/>
        """),
    ],
    guideSteps: [31, 32, 33],
    guideAndVendor: """
      The integration guide (stage 3 "Integrate the Intune App SDK", step 5) lists `http-intunemam`, \
      `https-intunemam`, `microsoft-edge-http-intunemam`, `microsoft-edge-https-intunemam`, the eleven MTD \
      schemes and, when the app uses `mailto:`, `ms-outlook-intunemam`. IntuneMAMConfigurator 21.7.1 writes \
      Edge and Outlook bare (`microsoft-edge-http`, `microsoft-edge-https`, `ms-outlook`: known managed apps, \
      opened by their own schemes since SDK 15.1.0; up to 14.6.0 it wrote the twins, as the guide still does) \
      and adds `companyportal`, `msauthv2` and `msauthv3`, which the guide's step 5 does not list; the 2016 \
      guide asked for `ms-outlook-intunemam` always. This rule accepts either form of Edge and reports only \
      what both sources ask for; the configurator's extra entries are warnings of US010. `configure` writes \
      what the configurator writes.
      """,
    adviceSinceSDK: ReleaseVersion(15, 1, 0)
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app else { return }
    // A scheme a later configurator added is not asked of a target whose files name an older release.
    let release = target.linkedIntuneSDKRelease
    let document = target.infoPlist
    let key = InfoPlistSchemes.queriesSchemesKey
    guard let queries = InfoPlistSchemes.queriesSchemes(of: target) else {
      guard document.root[key] == nil else { return }
      let required = InfoPlistSchemes.requiredQueriesSchemes(for: release)
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
    // Everything missing is inserted by one fix, in the configurator's order, the entries US008 and US010
    // report included (two fixes inserting at the same place could not keep that order).
    let missing = InfoPlistSchemes.missingRequiredQueriesSchemes(in: queries, release: release)
    let reported = InfoPlistSchemes.missingGuideListedQueriesSchemes(in: queries, release: release)
    guard let first = reported.first else { return }
    let index = InfoPlistSchemes.queriesInsertionIndex(
      adding: missing.count, to: queries, limit: target.settings.queriesSchemesLimit)
    let title = missing.count == 1
      ? "add '\(first)' to '\(key)'" : "add \(InfoPlistSchemes.quotedList(missing)) to '\(key)'"
    let fix = findings.fix(
      title, .safe, in: document, InfoPlistSchemes.inserting(missing, at: index, into: queries, in: document))
    // The Mobile Threat Defense schemes go together: one finding names all of them that are missing.
    let threatDefense = Set(IntuneSchemeLists.mobileThreatDefenseSchemes)
    let missingThreatDefense = reported.filter(threatDefense.contains)
    var messages: [(scheme: String, text: String, entries: Int)] = []
    for scheme in reported where !threatDefense.contains(scheme) || scheme == missingThreatDefense.first {
      if threatDefense.contains(scheme), missingThreatDefense.count > 1 {
        messages.append((scheme, "'\(key)' lacks the Mobile Threat Defense schemes "
          + InfoPlistSchemes.quotedList(missingThreatDefense)
          + ", which the Intune SDK queries to detect the MTD app on the device", missingThreatDefense.count))
        continue
      }
      let purpose = Self.purposes[scheme] ?? "to detect the Mobile Threat Defense app that handles '\(scheme)'"
      let lacking = InfoPlistSchemes.guideTwinForms.contains(scheme)
        ? "'\(scheme)' (or the guide's '\(IntuneSchemeLists.managedTwin(of: scheme))')" : "'\(scheme)'"
      messages.append((scheme, "'\(key)' lacks \(lacking), which the Intune SDK queries \(purpose)", 1))
    }
    for (scheme, text, entries) in messages {
      let also = entries == 1 ? "this entry" : "these entries"
      findings.report(
        text, about: queries.node, in: document,
        notes: scheme == first ? [] : ["the fix of the '\(first)' finding adds \(also) too"],
        fix: scheme == first ? fix : nil)
    }
  }
}

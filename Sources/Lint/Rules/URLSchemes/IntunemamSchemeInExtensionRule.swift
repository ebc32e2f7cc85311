import IntuneKnowledge
import PropertyList
import URLSchemes

/// US009: `-intunemam` entries in an extension's `LSApplicationQueriesSchemes`.
struct IntunemamSchemeInExtensionRule: LintRule {
  static let description = RuleDescription(
    identifier: "intunemam-scheme-in-extension",
    family: .urlSchemes, number: 9,
    summary: "an extension's LSApplicationQueriesSchemes lists -intunemam schemes",
    whatItDoes: """
      In extensions, finds `LSApplicationQueriesSchemes` entries ending in `-intunemam`, which \
      IntuneMAMConfigurator removes from extension plists.
      """,
    whyItMatters: """
      The SDK routes managed URL opening through the containing app, whose plist carries the twins; in an \
      extension they do nothing but take places under the limit iOS honours. The configurator deletes them on \
      every run, so the plist in the repository differs from the one that ships, and an entry copied from the \
      app hides which schemes the extension really queries.
      """,
    useInstead: "Keep the `-intunemam` twins in the containing app's `LSApplicationQueriesSchemes` only.",
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.fabrikam.field</string>
        </dict>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>ms-outlook</string>
        \t↓<string>ms-outlook-intunemam</string>
        \t↓<string>https-intunemam</string>
        </array>
        <key>NSExtension</key>
        <dict/>
        """,
        messages: [
          """
          'ms-outlook-intunemam' in an extension's 'LSApplicationQueriesSchemes': -intunemam twins belong in the \
          containing app, and IntuneMAMConfigurator removes them here
          """,
          """
          'https-intunemam' in an extension's 'LSApplicationQueriesSchemes': -intunemam twins belong in the \
          containing app, and IntuneMAMConfigurator removes them here
          """,
        ],
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ContainingAppBundleId</key>
          \t<string>com.fabrikam.field</string>
          </dict>
          <key>LSApplicationQueriesSchemes</key>
          <array>
          \t<string>ms-outlook</string>
          </array>
          <key>NSExtension</key>
          <dict/>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>ms-outlook</string>
        \t<string>ms-outlook-intunemam</string>
        </array>
        """),
    ],
    guideAndVendor: """
      The 2016 guide ("Build extensions": the same steps as the app) had extensions list the `-intunemam` query \
      schemes too; the current guides do not say, and IntuneMAMConfigurator 21.7.1 removes them from every plist \
      with an `NSExtension` key. This rule follows the configurator, as a warning.
      """
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .appExtension, let queries = InfoPlistSchemes.queriesSchemes(of: target) else { return }
    for entry in queries.entries where IntuneSchemeLists.isManagedTwin(entry.scheme) {
      let fix = findings.fix(
        "remove '\(entry.scheme)'", .safe, in: target.infoPlist,
        InfoPlistSchemes.removing(at: entry.index, from: queries, in: target.infoPlist))
      findings.report(
        "'\(entry.scheme)' in an extension's '\(InfoPlistSchemes.queriesSchemesKey)': -intunemam twins belong in "
          + "the containing app, and IntuneMAMConfigurator removes them here",
        about: entry.node, in: target.infoPlist, fix: fix)
    }
  }
}

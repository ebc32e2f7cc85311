import IntuneKnowledge
import PropertyList
import URLSchemes
import XcodeModel

/// US004: a registered URL scheme without its `-intunemam` twin in the same URL type.
struct MissingIntunemamURLSchemeRule: LintRule {
  static let description = RuleDescription(
    identifier: "missing-intunemam-url-scheme",
    family: .urlSchemes, number: 4,
    summary: "a registered URL scheme lacks its -intunemam twin in the same URL type",
    whatItDoes: """
      Requires `<scheme>-intunemam` next to every scheme in `CFBundleURLTypes[].CFBundleURLSchemes`, in the \
      same URL type, as IntuneMAMConfigurator writes it. Schemes that are not valid schemes are left to \
      `invalid-scheme` (US006): their twin would be just as invalid; schemes no app can own (`https`, `urn`) to \
      `unownable-url-scheme` (US011): their twin would claim Microsoft Edge's managed links.
      """,
    whyItMatters: """
      Under a policy that sends data only to managed apps, other managed apps open this app's links as \
      `<scheme>-intunemam://…` (the original URL wrapped inside). iOS delivers such a URL only to an app that \
      registers that scheme, so on the device links from Outlook, Teams or Edge fail with "Action not \
      allowed" or error -10814 while plain links still work.
      """,
    useInstead: "Register `<scheme>-intunemam` right after each scheme, in the same `CFBundleURLSchemes` array.",
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t↓<string>fabrikam-jobs</string>
        \t\t\t<string>fabrikam-field</string>
        \t\t\t<string>fabrikam-field-intunemam</string>
        \t\t</array>
        \t</dict>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>fabrikam-jobs-intunemam</string>
        \t\t\t↓<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        messages: [
          """
          URL scheme 'fabrikam-jobs' is registered without 'fabrikam-jobs-intunemam' in the same URL type; managed \
          apps cannot open this app's links under an Intune policy
          """,
          """
          URL scheme 'msauth.$(PRODUCT_BUNDLE_IDENTIFIER)' is registered without \
          'msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam' in the same URL type; managed apps cannot open this app's \
          links under an Intune policy
          """,
        ],
        corrected: """
          <key>CFBundleURLTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>fabrikam-jobs</string>
          \t\t\t<string>fabrikam-jobs-intunemam</string>
          \t\t\t<string>fabrikam-field</string>
          \t\t\t<string>fabrikam-field-intunemam</string>
          \t\t</array>
          \t</dict>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>fabrikam-jobs-intunemam</string>
          \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam</string>
          \t\t</array>
          \t</dict>
          </array>
          <key>IntuneMAMSettings</key>
          <dict/>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>Contoso-Notes</string>
        \t\t\t<string>contoso-notes-intunemam</string>
        \t\t\t<string>msauth.com.contoso.notes://auth</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict/>
        """),
      RuleExample("""
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>contoso-notes</string>
        \t\t</array>
        \t</dict>
        </array>
        """),
    ],
    guideSteps: [37, 65]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let settings = InfoPlistSchemes.buildSettings(for: target)
    for schemes in InfoPlistSchemes.urlSchemeArrays(of: target) {
      var seen = Set<String>()
      for entry in schemes.entries where seen.insert(entry.normalized).inserted {
        guard !IntuneSchemeLists.isManagedTwin(entry.scheme),
          InfoPlistSchemes.syntaxFinding(in: entry.scheme, settings: settings) == nil,
          !UnownableSchemes.contains(settings.resolve(entry.scheme).resolvedText ?? entry.scheme)
        else { continue }
        let twin = IntuneSchemeLists.managedTwin(of: entry.scheme)
        guard !schemes.contains(twin) else { continue }
        let fix = findings.fix(
          "add '\(twin)' after '\(entry.scheme)'", .safe, in: target.infoPlist,
          InfoPlistSchemes.inserting([twin], at: entry.index + 1, into: schemes, in: target.infoPlist))
        findings.report(
          "URL scheme \(settings.shown(entry.scheme)) is registered without \(settings.shown(twin)) in the same URL "
            + "type; managed apps cannot open this app's links under an Intune policy",
          about: entry.node, in: target.infoPlist, fix: fix)
      }
    }
  }
}

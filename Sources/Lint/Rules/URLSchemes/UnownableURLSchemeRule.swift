import PropertyList
import URLSchemes
import XcodeModel

/// US011: the app registers, as its own URL scheme, a scheme no app can own (`https`, `urn`, `tel`…) or its twin.
struct UnownableURLSchemeRule: LintRule {
  static let description = RuleDescription(
    identifier: "unownable-url-scheme",
    family: .urlSchemes, number: 11,
    summary: "CFBundleURLTypes registers a scheme no app can own, or its -intunemam twin",
    whatItDoes: """
      Finds `CFBundleURLTypes[].CFBundleURLSchemes[]` entries that are the web's or the system's schemes \
      (`http`, `https`, `urn`, `file`, `mailto`, `tel`, `sms`, `facetime`, `itms…`, `maps`, …) or their \
      `-intunemam` twins, after expanding build settings.
      """,
    whyItMatters: """
      iOS never hands web or system links to an app through a custom scheme, so the registration does nothing \
      for the app; its twin (`https-intunemam`) is the scheme managed browsers receive Intune's wrapped web \
      links on, so registering it competes with Microsoft Edge for managed links. Such entries usually come \
      from an ADAL-era redirect URI (`urn:ietf:wg:oauth:2.0:oob`, \
      `https://login.microsoftonline.com/common/oauth2/nativeclient`) turned into a scheme by a tool, as \
      IntuneMAMConfigurator does with `ADALRedirectUri`.
      """,
    useInstead: """
      Remove the entry; sign-in returns through `msauth.<bundle id>`, which `missing-msal-redirect-scheme` \
      (US007) asks for. No automatic fix: removing a registration is the developer's decision.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.woodgrovebank.advisor</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>woodgrove-advisor</string>
        \t\t\t<string>woodgrove-advisor-intunemam</string>
        \t\t\t↓<string>urn</string>
        \t\t\t↓<string>urn-intunemam</string>
        \t\t\t↓<string>$(AUTH_SCHEME)</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        messages: [
          """
          URL scheme 'urn' belongs to the web or to iOS; no app can own it, and iOS never opens the app with it
          """,
          """
          URL scheme 'urn-intunemam' is the managed twin of a scheme no app can own; managed browsers receive \
          Intune's wrapped web links on it
          """,
          """
          URL scheme 'HTTPS' (from '$(AUTH_SCHEME)') belongs to the web or to iOS; no app can own it, and iOS \
          never opens the app with it
          """,
        ],
        configuration: """
          build_settings:
            AUTH_SCHEME: HTTPS
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>msauth.com.contoso.notes</string>
        \t\t\t<string>msauth.com.contoso.notes-intunemam</string>
        \t\t\t<string>contoso-https</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict/>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let settings = InfoPlistSchemes.buildSettings(for: target)
    for entry in InfoPlistSchemes.urlSchemeArrays(of: target).flatMap(\.entries) {
      let scheme = settings.resolve(entry.scheme).resolvedText ?? entry.scheme
      let isTwin = UnownableSchemes.containsTwin(scheme)
      guard UnownableSchemes.contains(scheme) || isTwin else { continue }
      let shown = BuildSettingEvaluation.shown(scheme, written: entry.scheme)
      let message = isTwin
        ? "URL scheme \(shown) is the managed twin of a scheme no app can own; managed browsers receive "
          + "Intune's wrapped web links on it"
        : "URL scheme \(shown) belongs to the web or to iOS; no app can own it, and iOS never opens the app with it"
      findings.report(message, about: entry.node, in: target.infoPlist)
    }
  }
}

import PropertyList
import URLSchemes
import XcodeModel

/// IM017: a placeholder in the redirect URI or scheme, or in a registered URL scheme.
struct PlaceholderRedirectRule: LintRule {
  static let description = RuleDescription(
    identifier: "placeholder-redirect",
    family: .intuneSettings, number: 17,
    summary: "a redirect URI, redirect scheme or URL scheme holds a placeholder",
    whatItDoes: """
      Finds template placeholders (`REPLACE_WITH_…`, `<bundle id>`, `[BUNDLE_ID]`, `YOUR_…`) in \
      `IntuneMAMSettings.ADALRedirectUri` and `ADALRedirectScheme` and in the app's \
      `CFBundleURLTypes[].CFBundleURLSchemes[]`, after expanding build settings; `msauth.REPLACE_WITH_CLIENT_ID` \
      is the usual one: a client id placeholder leaked into the redirect scheme.
      """,
    whyItMatters: """
      MSAL's redirect scheme is built from the bundle identifier, not the client id: \
      `msauth.<bundle id>`, with the redirect URI `msauth.<bundle id>://auth` (MSAL tutorial, "Configure URL \
      schemes"; stage 3 settings table). A placeholder there registers a scheme no sign-in returns to and sends a \
      redirect URI no Entra registration lists, so sign-in never comes back to the app and it never enrolls \
      (the SDK's MSAL client fails as in ms-intune-app-sdk-ios#538; a redirect the registration does not list \
      ends in AADSTS50011, as in #29).
      """,
    useInstead: """
      `msauth.$(PRODUCT_BUNDLE_IDENTIFIER)` as the URL scheme (with its `-intunemam` twin) and \
      `msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth` as `ADALRedirectUri`. No automatic fix: a placeholder says \
      nothing of what was meant.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t↓<string>msauth.REPLACE_WITH_CLIENT_ID</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t↓<string>msauth.[BUNDLE_ID]://auth</string>
        </dict>
        """,
        messages: [
          """
          URL scheme 'msauth.REPLACE_WITH_CLIENT_ID' holds a placeholder ('REPLACE'); MSAL's redirect scheme is \
          built from the bundle identifier, not the client id: 'msauth.com.contoso.notes'
          """,
          """
          'ADALRedirectUri' is 'msauth.[BUNDLE_ID]://auth', which holds a placeholder ('BUNDLE_ID'); MSAL needs \
          'msauth.com.contoso.notes://auth'
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER:rfc1034identifier)</string>
        \t\t\t<string>contoso-replay</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t<string>msauth.${PRODUCT_BUNDLE_IDENTIFIER}://auth</string>
        </dict>
        """),
    ],
    guideSteps: [38, 39]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let document = target.infoPlist
    let bundleIdentifier = EntraRegistration.resolvedBundleIdentifier(of: target) ?? "<bundle id>"
    let scheme = EntraRegistration.msalSchemePrefix + bundleIdentifier
    for entry in InfoPlistSchemes.urlSchemeArrays(of: target).flatMap(\.entries) {
      let value = EntraRegistration.resolved(entry.scheme, in: target) ?? entry.scheme
      guard let placeholder = EntraRegistration.placeholder(in: value) else { continue }
      let shown = BuildSettingEvaluation.shown(value, written: entry.scheme)
      findings.report(
        "URL scheme \(shown) holds a placeholder ('\(placeholder)'); MSAL's redirect scheme is built from the bundle "
          + "identifier, not the client id: '\(scheme)'",
        about: entry.node, in: document)
    }
    guard let settings = target.intuneSettings else { return }
    for key in [EntraRegistration.redirectURIKey, EntraRegistration.redirectSchemeKey] {
      guard let node = settings[key], let written = node.string else { continue }
      let value = EntraRegistration.resolved(written, in: target) ?? written
      guard let placeholder = EntraRegistration.placeholder(in: value) else { continue }
      let expected = key == EntraRegistration.redirectURIKey ? EntraRegistration.msalRedirectURI(for: bundleIdentifier)
        : scheme
      let shown = BuildSettingEvaluation.shown(value, written: written)
      findings.report(
        "'\(key)' is \(shown), which holds a placeholder ('\(placeholder)'); MSAL needs '\(expected)'",
        about: node, in: document)
    }
  }

  /// Whether `scheme` holds a placeholder this rule reports, for the rules that leave it to this one.
  static func reports(_ scheme: String, in target: LintTarget) -> Bool {
    target.isIntuneManaged
      && EntraRegistration.placeholder(in: EntraRegistration.resolved(scheme, in: target) ?? scheme) != nil
  }
}

import PropertyList
import XcodeModel

/// IM014: `ADALRedirectUri` (or `ADALRedirectScheme`) is MSAL's form for another bundle identifier, or not
/// `msauth.<bundle id>://auth` exactly.
struct RedirectURIForAnotherAppRule: LintRule {
  static let description = RuleDescription(
    identifier: "redirect-uri-for-another-app",
    family: .intuneSettings, number: 14,
    summary: "ADALRedirectUri is not msauth.<bundle id>://auth of this app",
    whatItDoes: """
      In apps, takes `IntuneMAMSettings.ADALRedirectUri` (or an `ADALRedirectScheme` of the form \
      `msauth.<id>`) written in MSAL's form, expands its build settings, and requires it to be \
      `msauth.<bundle id>://auth` for the app's own bundle identifier in the same configuration. Redirect URIs \
      of other forms are `missing-msal-redirect-scheme` (US007)'s, placeholders `placeholder-redirect` \
      (IM017)'s.
      """,
    whyItMatters: """
      MSAL accepts only `msauth.<bundle id>://auth` for brokered sign-in and checks the bundle identifier in it \
      against the running app's (AzureAD/microsoft-authentication-library-for-objc#1431, #2866); the stage 3 \
      guide's settings table and the 2020 guide's "Configure ADAL/MSAL" section ask for the app's own \
      registration. A redirect URI copied from a sample, from another flavour of the app (a `.beta` or \
      `.debug` bundle identifier) or from before a rename makes sign-in fail with a redirect URI mismatch \
      (AADSTS50011), so the app never enrolls and never receives its app protection policy on the device.
      """,
    useInstead: """
      Write `msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth` (or the app's literal bundle identifier) and register \
      that redirect URI for the app in Microsoft Entra. No automatic fix: the Entra registration must list the \
      new value first.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t↓<string>msauth.com.microsoft.identitysample.MSALiOS://auth</string>
        </dict>
        """,
        messages: [
          """
          'ADALRedirectUri' is 'msauth.com.microsoft.identitysample.MSALiOS://auth', MSAL's redirect for the \
          bundle identifier 'com.microsoft.identitysample.MSALiOS', but this app's is 'com.fabrikam.field.beta' (from \
          '$(PRODUCT_BUNDLE_IDENTIFIER)'); MSAL rejects it, and sign-in fails before enrollment: use \
          'msauth.com.fabrikam.field.beta://auth'
          """,
        ],
        configuration: """
          build_settings:
            PRODUCT_BUNDLE_IDENTIFIER: com.fabrikam.field.beta
          """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t↓<string>msauth.com.contoso.notes://callback</string>
        </dict>
        """,
        messages: [
          """
          'ADALRedirectUri' is 'msauth.com.contoso.notes://callback'; MSAL's redirect URI ends in '://auth': use \
          'msauth.com.contoso.notes://auth'
          """,
        ]),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectScheme</key>
        \t↓<string>msauth.com.contoso.notebook</string>
        </dict>
        """,
        messages: [
          """
          'ADALRedirectScheme' is 'msauth.com.contoso.notebook', MSAL's redirect for the bundle identifier \
          'com.contoso.notebook', but this app's is 'com.contoso.notes'; MSAL rejects it, and sign-in fails before \
          enrollment: use 'msauth.com.contoso.notes://auth'
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth</string>
        </dict>
        """,
        configuration: """
          build_settings:
            PRODUCT_BUNDLE_IDENTIFIER: com.fabrikam.field.beta
          """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t<string>MSAuth.com.Contoso.Notes://auth</string>
        </dict>
        """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t<string>msauth.com.contoso.notes://auth</string>
        </dict>
        """),
    ],
    guideSteps: [39]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app, let settings = target.intuneSettings,
      let bundleIdentifier = EntraRegistration.resolvedBundleIdentifier(of: target)
    else { return }
    let expected = EntraRegistration.msalRedirectURI(for: bundleIdentifier)
    for key in [EntraRegistration.redirectURIKey, EntraRegistration.redirectSchemeKey] {
      guard let node = settings[key], let written = node.string, EntraRegistration.placeholder(in: written) == nil,
        let value = EntraRegistration.resolved(written, in: target), let form = EntraRegistration.msalForm(of: value)
      else { continue }
      let isScheme = key == EntraRegistration.redirectSchemeKey
      // A scheme holding a whole URI is redirect-scheme-is-uri's.
      if isScheme && !form.rest.isEmpty { continue }
      let shown = BuildSettingEvaluation.shown(value, written: written)
      if form.bundleIdentifier.lowercased() != bundleIdentifier.lowercased() {
        findings.report(
          "'\(key)' is \(shown), MSAL's redirect for the bundle identifier '\(form.bundleIdentifier)', but this app's "
            + "is \(EntraRegistration.shownBundleIdentifier(bundleIdentifier, of: target)); MSAL rejects it, and "
            + "sign-in fails before enrollment: use '\(expected)'",
          about: node, in: target.infoPlist)
      } else if !isScheme && form.rest != EntraRegistration.msalRedirectSuffix {
        findings.report(
          "'\(key)' is \(shown); MSAL's redirect URI ends in '\(EntraRegistration.msalRedirectSuffix)': use "
            + "'\(expected)'",
          about: node, in: target.infoPlist)
      }
    }
  }
}

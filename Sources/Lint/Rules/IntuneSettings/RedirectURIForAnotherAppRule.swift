import IntuneKnowledge
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
      `msauth.<bundle id>://auth` for the app's own bundle identifier in the same configuration. An \
      `ADALRedirectUri` of another form must be broker capable when the app links MSAL 2.0 or later (or a \
      version sharelint cannot read, or none it can see: the newest MSAL is assumed, and a note says so): \
      `msauth.<bundle id>://auth`, or ADAL's `<scheme>://<bundle id>`; `msauth://code/…`, `myapp://auth` or \
      `x-msauth-app://callback` are not. Not checked for apps that sign in with ADAL (they link ADAL and no \
      MSAL, or an Intune App SDK release before 11.1.2), nor for a B2C, External ID or `consumers` \
      `ADALAuthority`, which MSAL does not hold to the format. A redirect URI whose scheme no app can own \
      (`urn:ietf:wg:oauth:2.0:oob`, `https://…`) is `missing-msal-redirect-scheme` (US007)'s, placeholders \
      `placeholder-redirect` (IM017)'s.
      """,
    whyItMatters: """
      MSAL accepts only `msauth.<bundle id>://auth` for brokered sign-in and checks the bundle identifier in it \
      against the running app's (AzureAD/microsoft-authentication-library-for-objc#1431, #2866); the stage 3 \
      guide's settings table and the 2020 guide's "Configure ADAL/MSAL" section ask for the app's own \
      registration. A redirect URI copied from a sample, from another flavour of the app (a `.beta` or \
      `.debug` bundle identifier) or from before a rename makes sign-in fail with a redirect URI mismatch \
      (AADSTS50011), so the app never enrolls and never receives its app protection policy on the device. \
      MSAL 2.0.0 "enforced a valid broker-capable redirect URI format for AAD scenarios" (its changelog, #2592): \
      with any other redirect URI `MSALPublicClientApplication` fails to initialize with error -50000 (internal \
      -42011), before any sign-in (MSAL's 2.x migration guide; ms-intune-app-sdk-ios#611).
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
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
        \t<key>ADALRedirectUri</key>
        \t↓<string>contoso-notes://auth</string>
        </dict>
        """,
        messages: [
          """
          'ADALRedirectUri' is 'contoso-notes://auth', which MSAL 2.0 and later refuse for Entra ID sign-in: it is \
          neither 'msauth.com.contoso.notes://auth' nor ADAL's '<scheme>://com.contoso.notes'; MSAL fails to start \
          (error -50000) and the app never enrolls: use 'msauth.com.contoso.notes://auth'
          """,
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK + [
            .init("MSAL.xcframework", embedding: .embedAndSign),
          ]),
        ]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ADALClientId</key>
          \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
          \t<key>ADALRedirectUri</key>
          \t↓<string>msauth://code/$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          </dict>
          """,
        files: ExampleFiles.xcframework("MSAL", version: "2.4.0"), markedFile: "App/Info.plist",
        messages: [
          """
          'ADALRedirectUri' is 'msauth://code/com.contoso.notes' (from 'msauth://code/$(PRODUCT_BUNDLE_IDENTIFIER)'), \
          which MSAL 2.0 and later refuse for Entra ID sign-in: it is neither 'msauth.com.contoso.notes://auth' nor \
          ADAL's '<scheme>://com.contoso.notes'; MSAL fails to start (error -50000) and the app never enrolls: use \
          'msauth.com.contoso.notes://auth'
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
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t<string>contoso-notes://com.contoso.notes</string>
        </dict>
        """),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK + [
            .init("MSAL.xcframework", embedding: .embedAndSign),
          ]),
        ]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ADALRedirectUri</key>
          \t<string>contoso-notes://auth</string>
          </dict>
          """,
        files: ExampleFiles.xcframework("MSAL", version: "1.9.0")),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALAuthority</key>
        \t<string>https://contoso.b2clogin.com/tfp/contoso.onmicrosoft.com/B2C_1_signin</string>
        \t<key>ADALRedirectUri</key>
        \t<string>contoso-notes://auth</string>
        </dict>
        """),
    ],
    guideSteps: [39],
    referenceData: MSALReleases.referenceData
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app, let settings = target.intuneSettings,
      let bundleIdentifier = EntraRegistration.resolvedBundleIdentifier(of: target)
    else { return }
    let expected = EntraRegistration.msalRedirectURI(for: bundleIdentifier)
    for key in [EntraRegistration.redirectURIKey, EntraRegistration.redirectSchemeKey] {
      guard let node = settings[key], let written = node.string, EntraRegistration.placeholder(in: written) == nil,
        let value = EntraRegistration.resolved(written, in: target)
      else { continue }
      let isScheme = key == EntraRegistration.redirectSchemeKey
      guard let form = EntraRegistration.msalForm(of: value) else {
        if !isScheme {
          checkBrokerCapable(
            value, written: written, node: node, bundleIdentifier: bundleIdentifier, target: target,
            into: &findings)
        }
        continue
      }
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

  /// An `ADALRedirectUri` not of MSAL's form: from MSAL 2.0.0 on, only a broker-capable redirect URI lets MSAL start
  /// for an Entra ID authority (`msauth.<bundle id>://auth`, or ADAL's `<scheme>://<bundle id>`). A scheme no app can
  /// own (`urn:ietf:wg:oauth:2.0:oob`, `https://…`) is missing-msal-redirect-scheme's (US007) when no
  /// `ADALRedirectScheme` decides the scheme instead.
  private func checkBrokerCapable(
    _ value: String, written: String, node: PropertyListNode, bundleIdentifier: String, target: LintTarget,
    into findings: inout Findings
  ) {
    guard !EntraRegistration.isBrokerCapable(value, bundleIdentifier: bundleIdentifier),
      let (scheme, _) = EntraRegistration.schemeAndHost(of: value),
      let settings = target.intuneSettings, !Self.authorityIsExempt(settings, in: target),
      let (release, releaseNote) = SignInLibraries(target).msalRelease(),
      release >= MSALReleases.brokerCapableRedirectRequiredSince
    else { return }
    if UnownableSchemes.contains(String(scheme)), settings[EntraRegistration.redirectSchemeKey] == nil { return }
    let shown = BuildSettingEvaluation.shown(value, written: written)
    let expected = EntraRegistration.msalRedirectURI(for: bundleIdentifier)
    findings.report(
      "'\(EntraRegistration.redirectURIKey)' is \(shown), which MSAL 2.0 and later refuse for Entra ID sign-in: it is "
        + "neither '\(expected)' nor ADAL's '<scheme>://\(bundleIdentifier)'; MSAL fails to start (error -50000) "
        + "and the app never enrolls: use '\(expected)'",
      about: node, in: target.infoPlist,
      notes: [releaseNote, "see MSAL's 2.x migration guide, 'Valid Redirect URI Format Requirement'"])
  }

  /// Whether `ADALAuthority` names an authority MSAL does not hold to the broker-capable format: Azure AD B2C
  /// (`b2clogin.com`, `/tfp/`), External ID (`ciamlogin.com`), or the `consumers` tenant.
  static func authorityIsExempt(_ settings: PropertyListNode, in target: LintTarget) -> Bool {
    guard let written = settings["ADALAuthority"]?.string else { return false }
    let authority = (EntraRegistration.resolved(written, in: target) ?? written).lowercased()
    let path = authority.split(separator: "/").dropFirst(2)
    return authority.contains("b2clogin.com") || authority.contains("ciamlogin.com") || path.contains("tfp")
      || path.first == "consumers"
  }
}

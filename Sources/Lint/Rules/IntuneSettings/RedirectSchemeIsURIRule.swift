import PropertyList
import XcodeModel

/// IM015: `ADALRedirectScheme` holds a whole redirect URI.
struct RedirectSchemeIsURIRule: LintRule {
  static let description = RuleDescription(
    identifier: "redirect-scheme-is-uri",
    family: .intuneSettings, number: 15,
    summary: "ADALRedirectScheme holds a URI, not a scheme",
    whatItDoes: """
      Finds an `IntuneMAMSettings.ADALRedirectScheme` that holds `:` (after expanding build settings): a whole \
      redirect URI such as `msauth.com.contoso.notes://auth` or `https://contoso`.
      """,
    whyItMatters: """
      The settings tables (stage 3 "Configure settings for the Intune App SDK"; 2020 developer guide) define \
      `ADALRedirectScheme` as the scheme alone, for redirect URIs of the form `scheme://bundle_id`, from which \
      the SDK builds the redirect URI itself. Given a URI it builds `msauth.x://auth://bundle_id` or \
      `https://contoso://bundle_id`, which matches no Entra registration: sign-in ends in AADSTS50011 ("the \
      reply URL specified in the request does not match") and the app never enrolls \
      (ms-intune-app-sdk-ios#29, #152). IntuneMAMConfigurator registers the value as a URL scheme too, an \
      invalid one.
      """,
    useInstead: """
      Put the URI in `ADALRedirectUri` (the fix moves an MSAL-form value `msauth.<id>://auth` there when \
      `ADALRedirectUri` is not set), or keep only the scheme in `ADALRedirectScheme`.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
        \t<key>ADALRedirectScheme</key>
        \t↓<string>msauth.com.contoso.notes://auth</string>
        </dict>
        """,
        messages: [
          """
          'ADALRedirectScheme' is 'msauth.com.contoso.notes://auth', a URI; the SDK takes it as a scheme and \
          builds 'msauth.com.contoso.notes://auth://<bundle id>', which no Entra registration lists, so sign-in \
          fails
          """,
        ],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ADALClientId</key>
          \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
          \t<key>ADALRedirectUri</key>
          \t<string>msauth.com.contoso.notes://auth</string>
          </dict>
          """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>net.printix.app</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectScheme</key>
        \t↓<string>https://printixapp</string>
        </dict>
        """,
        messages: [
          """
          'ADALRedirectScheme' is 'https://printixapp', a URI; the SDK takes it as a scheme and builds \
          'https://printixapp://<bundle id>', which no Entra registration lists, so sign-in fails
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectScheme</key>
        \t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        </dict>
        """),
    ],
    guideSteps: [39]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let key = EntraRegistration.redirectSchemeKey
    guard let settings = target.intuneSettings, let node = settings[key], let written = node.string else { return }
    let value = EntraRegistration.resolved(written, in: target) ?? written
    guard value.contains(":") else { return }
    let document = target.infoPlist
    var notes: [String] = []
    var fix: LintFix?
    let uriKey = EntraRegistration.redirectURIKey
    if let form = EntraRegistration.msalForm(of: value), form.rest == EntraRegistration.msalRedirectSuffix {
      // Inserted where sorted order puts it among the other keys; never next to the entry it replaces, whose
      // removal the insertion would then touch.
      let anchor = (settings.entries ?? []).map(\.key.text).filter { $0 != key && $0 < uriKey }.max()
      if settings[uriKey] == nil, anchor != nil || settings.entries?.last?.key.text != key {
        fix = findings.fix(
          "move '\(written)' to '\(uriKey)'", .safe, in: document,
          [.removeEntries(from: settings.path, key: key),
           .insertEntry(into: settings.path, key: uriKey, value: .string(written), after: anchor)])
      } else if settings[uriKey] != nil {
        notes.append("'\(uriKey)' is set too; remove '\(key)' or keep only its scheme")
      }
    }
    let shown = BuildSettingEvaluation.shown(value, written: written)
    findings.report(
      "'\(key)' is \(shown), a URI; the SDK takes it as a scheme and builds '\(value)://<bundle id>', which no Entra "
        + "registration lists, so sign-in fails",
      about: node, in: document, notes: notes, fix: fix)
  }
}

import IntuneKnowledge
import PropertyList
import URLSchemes
import XcodeModel

/// US007: MSAL is configured but the scheme its sign-in redirects to is not registered.
struct MissingMSALRedirectSchemeRule: LintRule {
  /// The `IntuneMAMSettings` keys that mean the app signs in with MSAL through its own registration.
  static let msalSettingKeys = ["ADALClientId", "ADALAuthority", "ADALRedirectUri", "ADALRedirectScheme"]

  static let description = RuleDescription(
    identifier: "missing-msal-redirect-scheme",
    family: .urlSchemes, number: 7,
    summary: "CFBundleURLTypes does not register the scheme MSAL redirects to",
    whatItDoes: """
      In Intune apps with MSAL settings in `IntuneMAMSettings` (`ADALClientId`, `ADALAuthority`, \
      `ADALRedirectUri`, `ADALRedirectScheme`), and in any app that links MSAL without them (the build facts: \
      `MSAL.xcframework`, the pod, also when a React Native or Flutter plug-in's pod brings it in (Podfile.lock), \
      the Swift package's product, Carthage; a built app's `Frameworks/MSAL.framework`), requires \
      `CFBundleURLTypes` to register the redirect scheme: \
      `ADALRedirectScheme`, else the part of `ADALRedirectUri` before `:`, else `msauth.<bundle id>`. Build \
      settings are expanded on both sides; `msauth.$(PRODUCT_BUNDLE_IDENTIFIER)` written the same way on \
      both sides matches without them. A redirect URI from the ADAL era (`urn:ietf:wg:oauth:2.0:oob`, \
      `https://login.microsoftonline.com/common/oauth2/nativeclient`), whose scheme no app can own, is reported \
      with what MSAL needs instead, `msauth.<bundle id>://auth`. Only apps are checked (extensions return through \
      their app), and only when the bundle identifier is known. An app that links MSAL and is no Intune app is \
      left alone when it shows another redirect: it registers `msal<client id>` (MSAL's redirect without the \
      broker, as B2C apps do), a URL type whose schemes the build fills in (an empty array, a scheme of unknown \
      build settings), or its code gives `MSALPublicClientApplicationConfig` a `redirectUri` of another form or \
      one the code does not spell out.
      """,
    whyItMatters: """
      After sign-in in Microsoft Authenticator or the browser, MSAL returns to the app through \
      `<scheme>://auth`. iOS delivers that URL only to an app that registers the scheme, so on the device \
      enrollment hangs after sign-in and the app never gets its policy. Without a redirect URI of its own, MSAL \
      uses `msauth.<bundle id>://auth` and fails to start when no URL type registers `msauth.<bundle id>` (MSAL's \
      2.x migration guide, "Update Info.plist"). IntuneMAMConfigurator 21.7.1 adds a \
      scheme and its twin to the last URL type, but takes it from `ADALRedirectScheme` or `ADALRedirectUri` \
      and otherwise adds `msauth.com.microsoft.intunemam`, which is not the app's redirect; given an \
      unexpanded `$(MSAL_REDIRECT_URI)` it writes the variable itself, which expands to \
      `msauth.<bundle id>://auth` and fails App Store validation (issue #579).
      """,
    useInstead: """
      Register `msauth.<bundle id>` (or the scheme of `ADALRedirectUri`) and, in an Intune app, its `-intunemam` \
      twin. The fix adds them to the last URL type, or to a new one, when the scheme is known after expanding build \
      settings. \
      It never registers `urn`, `http`, `https` or another scheme no app can own: for an ADAL-era redirect URI, \
      register `msauth.<bundle id>://auth` for the app in Microsoft Entra, then write it as `ADALRedirectUri`.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.fabrikam.field</string>
        <key>CFBundleURLTypes</key>
        ↓<array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>fabrikam-field</string>
        \t\t\t<string>fabrikam-field-intunemam</string>
        \t\t</array>
        \t</dict>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
        </dict>
        """,
        messages: [
          """
          no URL type registers 'msauth.com.fabrikam.field', the scheme MSAL redirects to after sign-in (made from \
          the bundle identifier); enrollment cannot return to the app
          """,
        ],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.fabrikam.field</string>
          <key>CFBundleURLTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>fabrikam-field</string>
          \t\t\t<string>fabrikam-field-intunemam</string>
          \t\t</array>
          \t</dict>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth</string>
          \t\t\t<string>msauth.com.fabrikam.field</string>
          \t\t\t<string>msauth.com.fabrikam.field-intunemam</string>
          \t\t</array>
          \t</dict>
          </array>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ADALClientId</key>
          \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
          </dict>
          """),
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.woodgrovebank.advisor</string>
        <key>CFBundleURLTypes</key>
        ↓<array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>woodgrove-advisor</string>
        \t\t\t<string>woodgrove-advisor-intunemam</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t<string>msauth.$(BROKER_HOST)://auth</string>
        </dict>
        """,
        messages: [
          """
          no URL type registers 'msauth.com.woodgrovebank.advisor' (from 'msauth.$(BROKER_HOST)'), the scheme MSAL \
          redirects to after sign-in (the scheme of 'ADALRedirectUri'); enrollment cannot return to the app
          """,
        ],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.woodgrovebank.advisor</string>
          <key>CFBundleURLTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>woodgrove-advisor</string>
          \t\t\t<string>woodgrove-advisor-intunemam</string>
          \t\t\t<string>msauth.$(BROKER_HOST)</string>
          \t\t\t<string>msauth.$(BROKER_HOST)-intunemam</string>
          \t\t</array>
          \t</dict>
          </array>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ADALRedirectUri</key>
          \t<string>msauth.$(BROKER_HOST)://auth</string>
          </dict>
          """,
        configuration: """
          build_settings:
            BROKER_HOST: com.woodgrovebank.advisor
          """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.woodgrovebank.advisor</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t↓<string>urn:ietf:wg:oauth:2.0:oob</string>
        </dict>
        """,
        messages: [
          """
          'ADALRedirectUri' is 'urn:ietf:wg:oauth:2.0:oob', a redirect URI from the ADAL era whose scheme 'urn' no \
          app can register; MSAL needs 'msauth.com.woodgrovebank.advisor://auth', registered in Entra and as the \
          URL scheme 'msauth.com.woodgrovebank.advisor'
          """,
        ]),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.woodgrovebank.advisor</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>https</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t↓<string>https://login.microsoftonline.com/common/oauth2/nativeclient</string>
        </dict>
        """,
        messages: [
          """
          'ADALRedirectUri' is 'https://login.microsoftonline.com/common/oauth2/nativeclient', a redirect URI from \
          the ADAL era whose scheme 'https' no app can register; MSAL needs \
          'msauth.com.woodgrovebank.advisor://auth', registered in Entra and as the URL scheme \
          'msauth.com.woodgrovebank.advisor'
          """,
        ]),
      RuleExample(
        project: ExampleProject(targets: [.init("App")]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>CFBundleURLTypes</key>
          ↓<array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>contoso-notes</string>
          \t\t</array>
          \t</dict>
          </array>
          """,
        files: MSALExampleFiles.podfile(msal: "2.14.0"), markedFile: "App/Info.plist",
        messages: [
          """
          no URL type registers 'msauth.com.contoso.notes' (from 'msauth.$(PRODUCT_BUNDLE_IDENTIFIER)'), the scheme \
          MSAL redirects to after sign-in (made from the bundle identifier); sign-in cannot return to the app
          """,
        ],
        correctedMarkedFile: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>CFBundleURLTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>contoso-notes</string>
          \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          \t\t</array>
          \t</dict>
          </array>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>msauth.com.contoso.notes</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>$(MSAL_CLIENT_ID)</string>
        </dict>
        """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
        </dict>
        """),
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t<string>MSAuth.com.contoso.notes</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALRedirectUri</key>
        \t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth</string>
        </dict>
        """,
        configuration: """
          build_settings:
            PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
          """),
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        </dict>
        """),
      RuleExample(
        project: ExampleProject(targets: [.init("App")]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>CFBundleURLTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>msal6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
          \t\t</array>
          \t</dict>
          </array>
          """,
        files: MSALExampleFiles.podfile(msal: "1.1.22")),
      RuleExample(
        project: ExampleProject(targets: [.init("App", sources: ["App/SignIn.swift"])]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>CFBundleURLTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>contoso-notes</string>
          \t\t</array>
          \t</dict>
          </array>
          """,
        files: MSALExampleFiles.podfile(msal: "1.9.0").merging([
          "App/SignIn.swift": """
            import MSAL

            let kRedirectURI = "contoso-notes://auth"

            func makeClient(authority: MSALB2CAuthority) throws -> MSALPublicClientApplication {
              let config = MSALPublicClientApplicationConfig(
                clientId: "6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6", redirectUri: kRedirectURI, authority: authority)
              return try MSALPublicClientApplication(configuration: config)
            }
            """,
        ]) { first, _ in first }),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("MSAL.xcframework", embedding: .embedAndSign)]),
          .init("Share", isExtension: true, frameworks: [.init("MSAL.xcframework")]),
        ]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>CFBundleURLTypes</key>
          <array>
          \t<dict>
          \t\t<key>CFBundleURLSchemes</key>
          \t\t<array>
          \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          \t\t</array>
          \t</dict>
          </array>
          """,
        files: [
          "Share/Info.plist": """
            <key>CFBundleIdentifier</key>
            <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>NSExtension</key>
            <dict>
            \t<key>NSExtensionPointIdentifier</key>
            \t<string>com.apple.share-services</string>
            </dict>
            """,
        ]),
    ],
    guideSteps: [38, 39]
  )

  /// The scheme MSAL redirects to, as written and as expanded (nil while a build setting is unknown).
  struct RedirectScheme {
    /// The scheme as the plist spells it, build-setting references included.
    let written: String
    /// The scheme after expansion.
    let expanded: String?
    /// Where it comes from, for messages: `the scheme of 'ADALRedirectUri'`, `made from the bundle identifier`.
    let origin: String
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app else { return }
    let isIntune = target.isIntuneManaged
    let intuneSettings = isIntune ? target.intuneSettings : nil
    let configuresMSAL = Self.msalSettingKeys.contains { intuneSettings?[$0] != nil }
    // Without MSAL settings, an app that links MSAL still signs in through msauth.<bundle id>.
    let linkedMSAL = configuresMSAL ? nil : Self.linkedMSAL(target)
    guard configuresMSAL || linkedMSAL != nil else { return }
    let settings = InfoPlistSchemes.buildSettings(for: target)
    guard let expected = Self.redirectScheme(of: target, intuneSettings: intuneSettings, settings: settings)
    else { return }
    // A placeholder is placeholder-redirect's (IM017), a URI in ADALRedirectScheme redirect-scheme-is-uri's (IM015).
    let scheme = expected.expanded ?? expected.written
    guard EntraRegistration.placeholder(in: scheme) == nil,
      !(intuneSettings?[EntraRegistration.redirectSchemeKey] != nil && scheme.contains(":"))
    else { return }
    if let scheme = expected.expanded, UnownableSchemes.contains(scheme), let intuneSettings {
      reportADALEraRedirect(expected, scheme: scheme, intuneSettings: intuneSettings, target: target, into: &findings)
      return
    }
    let registered = InfoPlistSchemes.urlSchemeArrays(of: target).flatMap(\.entries)
    // Without MSAL settings the SDK signs in with Intune's own registration, whose redirect scheme is
    // msauth.com.microsoft.intunemam: an app registering that one follows the SDK's default sign-in, not its own.
    if linkedMSAL != nil,
      registered.contains(where: { URLSchemeSyntax.normalized($0.scheme) == Self.intuneDefaultRedirectScheme })
    {
      return
    }
    let isRegistered = registered.contains { entry in
      if URLSchemeSyntax.normalized(entry.scheme) == URLSchemeSyntax.normalized(expected.written) { return true }
      guard let expanded = expected.expanded, let entryExpanded = settings.resolve(entry.scheme).resolvedText
      else { return false }
      return URLSchemeSyntax.normalized(entryExpanded) == URLSchemeSyntax.normalized(expanded)
    }
    // Without its build settings the scheme cannot be compared; PL003 reports the unknown setting.
    guard !isRegistered, expected.expanded != nil else { return }
    // An Intune app's redirect is the SDK's, whatever its own code gives MSAL; another app's is its code's.
    if linkedMSAL != nil, !isIntune, Self.namesAnotherRedirect(target, registered: registered, settings: settings) {
      return
    }

    let shown = expected.expanded.map { BuildSettingEvaluation.shown($0, written: expected.written) }
      ?? "'\(expected.written)'"
    let message = "no URL type registers \(shown), the scheme MSAL redirects to after sign-in (\(expected.origin)); "
      + (isIntune ? "enrollment cannot return to the app" : "sign-in cannot return to the app")
    var notes: [String] = []
    if let linkedMSAL {
      notes.append("the app links MSAL (\(linkedMSAL)) and " + (isIntune ? "its IntuneMAMSettings name" : "names")
        + " no redirect: MSAL returns to msauth.<bundle id>://auth")
    }
    for entry in registered where Self.isRedirectURI(entry.scheme, of: expected, settings: settings) {
      notes.append("'\(entry.node.keyPath)' is a redirect URI, '\(entry.scheme)'; register only its scheme")
    }
    let fix = redirectSchemeFix(expected, target: target, findings: findings)
    if fix == nil { notes.append("'\(expected.written)' is not a valid scheme; no automatic fix") }
    // The note the engine gives the findings of the Intune rules, which this rule no longer is only.
    if let intuneNote = target.intuneEvidence?.note { notes.append(intuneNote) }
    let document = target.infoPlist
    let key = InfoPlistSchemes.urlTypesKey
    if let urlTypes = document.root[key] {
      findings.report(message, about: urlTypes, in: document, notes: notes, fix: fix)
    } else {
      findings.report(message, missingKey: key, of: document.root, in: document, notes: notes, fix: fix)
    }
  }

  /// Whether an app that links MSAL without naming a redirect in `IntuneMAMSettings` shows that it redirects
  /// somewhere else than `msauth.<bundle id>`: it registers MSAL's redirect for apps without the broker
  /// (`msal<client id>`, B2C's), a URL type whose schemes the build fills in (an empty array, a scheme of unknown
  /// build settings), or its code gives MSAL a redirect URI of another form, or one it does not spell out.
  static func namesAnotherRedirect(_ target: LintTarget, registered: [SchemeEntry], settings: BuildSettings) -> Bool {
    for entry in registered {
      guard let scheme = settings.resolve(entry.scheme).resolvedText else {
        // `$(REDIRECT_SCHEME)`, `msauth.$(APP_ID)`: a scheme of unknown settings may be the redirect's.
        if entry.scheme.hasPrefix("$") || entry.normalized.hasPrefix("msa") { return true }
        continue
      }
      // `msal<client id>` ("msauth" does not start with "msal").
      if URLSchemeSyntax.normalized(scheme).hasPrefix(MSALReleases.nonBrokerRedirectSchemePrefix) { return true }
    }
    if InfoPlistSchemes.urlSchemeArrays(of: target).contains(where: \.entries.isEmpty) { return true }
    guard let code = target.settings.buildFacts?.sourceCode else { return false }
    return MSALRedirectURIInCode.values(in: code.filesWithDependencies.files).contains { value in
      if case .other = value { return true }
      return false
    }
  }

  /// A redirect URI from the ADAL era (`urn:ietf:wg:oauth:2.0:oob`, `https://login.microsoftonline.com/…`) or
  /// another scheme no app can own: registering it would claim web or system links, so there is no fix; the
  /// finding says what MSAL needs instead.
  private func reportADALEraRedirect(
    _ expected: RedirectScheme, scheme: String, intuneSettings: PropertyListNode, target: LintTarget,
    into findings: inout Findings
  ) {
    let key = intuneSettings[EntraRegistration.redirectSchemeKey] != nil
      ? EntraRegistration.redirectSchemeKey : EntraRegistration.redirectURIKey
    guard let node = intuneSettings[key], let written = node.string else { return }
    let bundleIdentifier = EntraRegistration.resolvedBundleIdentifier(of: target) ?? "<bundle id>"
    let shown = InfoPlistSchemes.buildSettings(for: target).shown(written)
    let message = "'\(key)' is \(shown), a redirect URI from the ADAL era whose scheme '\(scheme)' no app can "
      + "register; MSAL needs '\(EntraRegistration.msalRedirectURI(for: bundleIdentifier))', registered in Entra and "
      + "as the URL scheme '\(EntraRegistration.msalSchemePrefix)\(bundleIdentifier)'"
    findings.report(
      message, about: node, in: target.infoPlist,
      notes: ["no automatic fix: the new redirect URI must be added to the app's Entra registration first, and "
        + "registering '\(scheme)' as the app's own scheme would claim links that are not the app's"])
  }

  /// `ADALRedirectScheme`, else the scheme of `ADALRedirectUri`, else `msauth.<CFBundleIdentifier>`; nil when
  /// the redirect URI's scheme cannot be told before its build settings are known.
  static func redirectScheme(
    of target: LintTarget, intuneSettings: PropertyListNode?, settings: BuildSettings
  ) -> RedirectScheme? {
    func scheme(_ written: String, origin: String) -> RedirectScheme {
      RedirectScheme(written: written, expanded: settings.resolve(written).resolvedText, origin: origin)
    }
    if let redirectScheme = intuneSettings?["ADALRedirectScheme"]?.string {
      return scheme(redirectScheme, origin: "set by 'ADALRedirectScheme'")
    }
    if let redirectURI = intuneSettings?["ADALRedirectUri"]?.string {
      // The scheme ends at the first ':' written outside build-setting references.
      var written = ""
      for part in BuildSettingText(parsing: redirectURI).parts {
        switch part {
        case .literal(let literal, _):
          if let colon = literal.firstIndex(of: ":") {
            return scheme(written + literal[..<colon], origin: "the scheme of 'ADALRedirectUri'")
          }
          written += literal
        case .reference(let reference):
          written += reference.spelling
        }
      }
      guard let expanded = settings.resolve(redirectURI).resolvedText,
        let expandedScheme = URLSchemeSyntax.scheme(of: expanded)
      else { return nil }
      return RedirectScheme(
        written: String(expandedScheme), expanded: String(expandedScheme), origin: "the scheme of 'ADALRedirectUri'")
    }
    guard let bundleIdentifier = target.bundleIdentifier else { return nil }
    return scheme("msauth." + bundleIdentifier, origin: "made from the bundle identifier")
  }

  /// The redirect scheme of the Intune App SDK's own Entra registration, which it signs in with when the app gives
  /// none (`loginAndEnrollAccount` without `ADALClientId`).
  static let intuneDefaultRedirectScheme = "msauth.com.microsoft.intunemam"

  /// What of MSAL the build links (`MSAL.xcframework`, the pod, the Swift package's product) or the built bundle
  /// carries, as a name; nil when it links none (or the target's build is unknown).
  static func linkedMSAL(_ target: LintTarget) -> String? {
    guard let facts = target.settings.buildFacts else { return nil }
    if case .bundle = facts.origin {
      return facts.bundledFrameworks.first { $0.lowercased() == "msal.framework" }
    }
    let linked = facts.linked.first { library in
      if case .packageProduct(let product) = library.source,
        product.product.package?.identity == MSALDistribution.packageIdentity
      {
        return true
      }
      return library.stem.lowercased() == "msal"
    }
    if let linked { return linked.name }
    guard let project = facts.project else { return nil }
    // A React Native or Flutter plug-in's pod brings MSAL in: Podfile.lock lists it.
    if project.targetLockedPods.keys.contains(where: MSALDistribution.isMSALPod) {
      return "the pod 'MSAL'"
    }
    if let carthage = project.carthage.first(where: {
      $0.entry.name.lowercased() == ProjectTargetView.msalPackageIdentity
    }) {
      return "Carthage's '\(carthage.entry.source)'"
    }
    // MSAL pinned in Package.resolved beside products of other packages is no sign: the resolved graph is the
    // whole project's, and another target may be the one that links MSAL.
    return nil
  }

  /// Whether `scheme` is the redirect URI written where its scheme belongs: `<expected>:…`.
  static func isRedirectURI(_ scheme: String, of expected: RedirectScheme, settings: BuildSettings) -> Bool {
    let prefixes = [expected.written, expected.expanded].compactMap { $0.map { URLSchemeSyntax.normalized($0) + ":" } }
    let candidates = [scheme, settings.resolve(scheme).resolvedText].compactMap { $0.map(URLSchemeSyntax.normalized) }
    return candidates.contains { candidate in prefixes.contains { candidate.hasPrefix($0) } }
  }

  /// The fix registering `expected` and its twin: in the last URL type's schemes, or a new URL type. Nil
  /// unless the scheme expands to a valid one.
  private func redirectSchemeFix(_ expected: RedirectScheme, target: LintTarget, findings: Findings) -> LintFix? {
    guard let expanded = expected.expanded, URLSchemeSyntax.isValid(expanded), !UnownableSchemes.contains(expanded)
    else { return nil }
    // The `-intunemam` twin only where the Intune App SDK answers it.
    let schemes = target.isIntuneManaged ? [expected.written, IntuneSchemeLists.managedTwin(of: expected.written)]
      : [expected.written]
    let title = "register " + schemes.map { "'\($0)'" }.joined(separator: " and ")
    let document = target.infoPlist
    let key = InfoPlistSchemes.urlTypesKey
    let newURLType = PropertyListValue.dictionary([
      .init("CFBundleTypeRole", .string("Editor")),
      .init(InfoPlistSchemes.urlSchemesKey, .array(schemes.map(PropertyListValue.string))),
    ])
    guard let urlTypes = document.root[key] else {
      return findings.fix(
        title, .safe, in: document,
        [.insertEntry(
          into: [], key: key, value: .array([newURLType]), after: keySortingBefore(key, in: document.root))])
    }
    guard let types = urlTypes.elements else { return nil }
    guard let last = types.last, last.entries != nil else {
      return findings.fix(
        title, .safe, in: document, [.insertElements(into: urlTypes.path, values: [newURLType], at: nil)])
    }
    if let lastSchemes = SchemeArray(last[InfoPlistSchemes.urlSchemesKey]) {
      return findings.fix(
        title, .safe, in: document, InfoPlistSchemes.inserting(schemes, at: nil, into: lastSchemes, in: document))
    }
    guard last[InfoPlistSchemes.urlSchemesKey] == nil else { return nil }
    return findings.fix(
      title, .safe, in: document,
      [.insertEntry(
        into: last.path, key: InfoPlistSchemes.urlSchemesKey, value: .array(schemes.map(PropertyListValue.string)),
        after: keySortingBefore(InfoPlistSchemes.urlSchemesKey, in: last))])
  }
}

import PropertyList
import URLSchemes
import XcodeModel

/// US006: a registered or queried URL scheme that is not RFC 3986 syntax.
struct InvalidSchemeRule: LintRule {
  static let description = RuleDescription(
    identifier: "invalid-scheme",
    family: .urlSchemes, number: 6,
    summary: "a URL scheme is not valid RFC 3986 scheme syntax",
    whatItDoes: """
      Checks every `CFBundleURLTypes[].CFBundleURLSchemes[]` and `LSApplicationQueriesSchemes[]` entry, after \
      expanding build settings (`-D`, `--xcconfig`, `build_settings`, and `PRODUCT_BUNDLE_IDENTIFIER` from a \
      literal `CFBundleIdentifier`), against RFC 3986: a letter, then letters, digits, `+`, `-` or `.`. An \
      entry whose build settings are unknown is left to PL003, unless the text around them already has a \
      `:`, as in `msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth`. In Intune apps a template placeholder \
      (`msauth.REPLACE_WITH_CLIENT_ID`) is left to `placeholder-redirect` (IM017), which says what it is.
      """,
    whyItMatters: """
      A redirect URI pasted where a scheme belongs (`msauth.com.contoso.notes://auth`), often with a \
      configurator-made `…://auth-intunemam` twin (Intune SDK issue #579), makes App Store upload fail with \
      "The following URL schemes found in your app are not in the correct format". Before that, on the \
      device, iOS never routes any URL to such a scheme and `canOpenURL` never matches it, so MSAL's \
      sign-in never returns to the app.
      """,
    useInstead: """
      Write only the scheme, the part before `:` (`msauth.$(PRODUCT_BUNDLE_IDENTIFIER)`, with its twin \
      `msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam`); the redirect URI belongs in `ADALRedirectUri`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample("""
        <key>CFBundleURLTypes</key>
        <array>
        \t<dict>
        \t\t<key>CFBundleURLSchemes</key>
        \t\t<array>
        \t\t\t↓<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth</string>
        \t\t\t↓<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth-intunemam</string>
        \t\t\t↓<string>$(APP_SCHEME)</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t↓<string>2gis</string>
        \t↓<string>my app</string>
        </array>
        """,
        messages: [
          """
          'msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth' is not a URL scheme: contains '://': write only the part \
          before ':'
          """,
          """
          'msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth-intunemam' is not a URL scheme: contains '://': write only the \
          part before ':'
          """,
          """
          'fabrikam_field' (from '$(APP_SCHEME)') is not a URL scheme: contains '_' at offset 8: only letters, \
          digits, '+', '-' and '.' are allowed
          """,
          "'2gis' is not a URL scheme: starts with a digit: a scheme must start with a letter",
          """
          'my app' is not a URL scheme: contains whitespace at offset 2: only letters, digits, '+', '-' and '.' are \
          allowed
          """,
        ],
        configuration: """
          build_settings:
            APP_SCHEME: fabrikam_field
          """),
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
        \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam</string>
        \t\t\t<string>$(UNDEFINED_SCHEME)</string>
        \t\t\t<string>$(BUNDLE_SCHEME:lower)</string>
        \t\t</array>
        \t</dict>
        </array>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>ms-word</string>
        \t<string>x-callback+v2.app</string>
        </array>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let settings = InfoPlistSchemes.buildSettings(for: target)
    let productBundleIdentifier = InfoPlistSchemes.productBundleIdentifierSetting
    let inferred = target.settings.buildSettings.value(of: productBundleIdentifier) == nil
      && settings.value(of: productBundleIdentifier) != nil
    let arrays = InfoPlistSchemes.urlSchemeArrays(of: target) + [InfoPlistSchemes.queriesSchemes(of: target)]
    for entry in arrays.compactMap({ $0 }).flatMap(\.entries) {
      guard let finding = InfoPlistSchemes.syntaxFinding(in: entry.scheme, settings: settings),
        !PlaceholderRedirectRule.reports(entry.scheme, in: target)
      else { continue }
      var shown = "'\(entry.scheme)'"
      var notes: [String] = []
      if let expanded = finding.expanded {
        shown = BuildSettingEvaluation.shown(expanded, written: entry.scheme)
        if inferred && entry.scheme.contains(productBundleIdentifier) {
          notes.append("\(productBundleIdentifier) is taken from CFBundleIdentifier")
        }
      }
      findings.report(
        "\(shown) is not a URL scheme: \(finding.problem)", about: entry.node, in: target.infoPlist, notes: notes)
    }
  }
}

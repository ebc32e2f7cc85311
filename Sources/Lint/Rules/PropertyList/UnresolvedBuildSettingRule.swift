import PredicateSyntax
import PropertyList
import SharelintBase
import URLSchemes
import XcodeModel

/// PL003: a `$(NAME)` reference in a value the other rules reason about that the run's build
/// settings (`-D`, `--xcconfig`, `build_settings:`) cannot resolve.
struct UnresolvedBuildSettingRule: LintRule {
  static let description = RuleDescription(
    identifier: "unresolved-build-setting",
    family: .propertyList, number: 3,
    summary: "a $(NAME) reference that the given build settings cannot resolve",
    whatItDoes: """
      Resolves `$(NAME)` and `${NAME}` references (with Xcode's modifiers) in the values sharelint \
      reasons about — the bundle identifier, IntuneMAMSettings, URL schemes, queried schemes and \
      entitlements — from `-D NAME=VALUE`, `--xcconfig` files and the configuration's \
      `build_settings`, and reports what stays unresolved. Xcode's own templated keys \
      (CFBundleExecutable, CFBundleName, version numbers) and the signing-time \
      `$(AppIdentifierPrefix)`/`$(TeamIdentifierPrefix)` are left alone.
      """,
    whyItMatters: """
      An unresolved value cannot be checked: a URL scheme or bundle identifier that only exists \
      after the build may be wrong on the device (IntuneMAMConfigurator writes an unexpanded \
      `$(MSAL_REDIRECT_URI)` into URL schemes, which then fails App Store validation). sharelint \
      never guesses a value.
      """,
    useInstead: "Pass the value with `-D NAME=VALUE` or `--xcconfig Config.xcconfig`, or write it literally.",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        	<key>ADALClientId</key>
        	<string>↓$(MSAL_CLIENT_ID)</string>
        </dict>
        """,
        messages: [
          "build setting 'MSAL_CLIENT_ID' is not defined; 'IntuneMAMSettings.ADALClientId' cannot be checked",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundleExecutable</key>
        <string>$(EXECUTABLE_NAME)</string>
        """, configuration: "build_settings:\n  PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes\n"),
    ]
  )

  /// Top-level Info.plist keys whose values the rules use.
  static let checkedInfoPlistKeys: Set<String> = [
    "CFBundleIdentifier", "IntuneMAMSettings", "CFBundleURLTypes", "LSApplicationQueriesSchemes",
  ]

  /// Set when the app is signed, never in build settings.
  static let signingTimeSettings: Set<String> = ["AppIdentifierPrefix", "TeamIdentifierPrefix"]

  func check(_ target: LintTarget, into findings: inout Findings) {
    for entry in target.infoPlist.root.entries ?? [] where Self.checkedInfoPlistKeys.contains(entry.key.text) {
      checkStrings(in: entry.value, document: target.infoPlist, settings: target.settings.buildSettings,
                   notes: target.settings.buildSettingNotes, into: &findings)
    }
    if let entitlements = target.entitlements {
      checkStrings(in: entitlements.root, document: entitlements, settings: target.settings.buildSettings,
                   notes: target.settings.buildSettingNotes, into: &findings)
    }
  }

  private func checkStrings(
    in node: PropertyListNode, document: PropertyListDocument, settings: BuildSettings, notes: [String],
    into findings: inout Findings
  ) {
    if let text = node.string {
      guard LiteralSearch.asciiText(text, contains: "$(") ?? text.contains("$(")
        || LiteralSearch.asciiText(text, contains: "${") ?? text.contains("${")
      else { return }
      for reference in settings.resolve(text).unresolvedReferences
      where !Self.signingTimeSettings.contains(reference.name) {
        let range: ByteRange?
        if let map = node.sourceMap {
          range = map.sourceRange(ofTextUTF8Range: reference.range)
        } else {
          range = node.elementRange
        }
        findings.report(
          "\(reference.message); '\(node.keyPath)' cannot be checked", in: document, range: range,
          keyPath: node.keyPath,
          notes: notes + ["pass it with -D \(reference.name)=VALUE or --xcconfig FILE"])
      }
      return
    }
    for child in node.elements ?? [] {
      checkStrings(in: child, document: document, settings: settings, notes: notes, into: &findings)
    }
    for entry in node.entries ?? [] {
      checkStrings(in: entry.value, document: document, settings: settings, notes: notes, into: &findings)
    }
  }
}

import XcodeModel

/// EN004: the first keychain group is not the target's own bundle identifier.
struct BundleIDNotFirstKeychainGroupRule: LintRule {
  static let description = RuleDescription(
    identifier: "bundle-id-not-first-keychain-group",
    family: .entitlements, number: 4,
    summary: "the first keychain access group is not the target's bundle identifier",
    whatItDoes: """
      Requires the first entry of `keychain-access-groups` to be `$(AppIdentifierPrefix)` followed by \
      the Info.plist's `CFBundleIdentifier` (`$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)` when \
      the bundle identifier is that build setting). An extension whose first group is its containing app's shares \
      the app's keychain on purpose (an AutoFill extension reading the app's items) and is left alone.
      """,
    whyItMatters: """
      iOS stores keychain items that name no group in the first group of the list. With a shared group \
      first, the app's own items land where every app of the team can read them, and reordering later \
      makes items saved before the change disappear for the app on users' devices. Microsoft's guide: \
      "Ensure the app's bundle ID is the first entry in the list."
      """,
    useInstead: "Put `$(AppIdentifierPrefix)<bundle id>` first, before shared and Intune groups.",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.fabrikam.field</string>
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t↓<string>$(AppIdentifierPrefix)com.fabrikam.shared</string>
          \t<string>$(AppIdentifierPrefix)com.fabrikam.field</string>
          </array>
          """,
        messages: [
          """
          the first keychain group is '$(AppIdentifierPrefix)com.fabrikam.shared', not the target's own \
          '$(AppIdentifierPrefix)com.fabrikam.field'; new keychain items go into the first group
          """,
        ],
        file: .entitlements),
    ],
    nonTriggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
          </array>
          """,
        file: .entitlements),
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key>
        <dict/>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          </array>
          """,
        file: .entitlements),
      // An extension that shares its containing app's keychain puts the app's group first on purpose.
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.autofill</string>
        <key>IntuneMAMSettings</key>
        <dict/>
        <key>NSExtension</key>
        <dict/>
        """,
        entitlements: """
          <key>keychain-access-groups</key>
          <array>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
          \t<string>$(AppIdentifierPrefix)com.contoso.notes.autofill</string>
          </array>
          """,
        containingApp: """
          <key>CFBundleIdentifier</key>
          <string>com.contoso.notes</string>
          """,
        file: .entitlements),
    ],
    guideSteps: [22]
  )

  /// The build-setting references Xcode expands to the bundle identifier.
  static let bundleIdentifierReferences = ["$(PRODUCT_BUNDLE_IDENTIFIER)", "${PRODUCT_BUNDLE_IDENTIFIER}"]

  /// Whether a group named `name` (prefix removed) is the group of `bundleIdentifier`.
  static func names(_ name: String, bundleIdentifier: String, productBundleIdentifier: String?) -> Bool {
    if name == bundleIdentifier { return true }
    if bundleIdentifierReferences.contains(bundleIdentifier) {
      return bundleIdentifierReferences.contains(name) || name == productBundleIdentifier
    }
    // A literal bundle identifier: the reference matches unless the build settings say otherwise.
    return bundleIdentifierReferences.contains(name)
      && (productBundleIdentifier ?? bundleIdentifier) == bundleIdentifier
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let entitlements = target.entitlements, let bundleIdentifier = target.bundleIdentifier,
      let elements = entitlements.root[KeychainAccessGroups.key]?.elements, let first = elements.first,
      let firstGroup = first.string
    else { return }
    // Expanded: in a project, PRODUCT_BUNDLE_IDENTIFIER is often written `$(BUNDLE_ID_PREFIX).notes`.
    let settings = target.settings.buildSettings
    let productBundleIdentifier = settings.resolve("$(PRODUCT_BUNDLE_IDENTIFIER)").resolvedText
      ?? settings.value(of: "PRODUCT_BUNDLE_IDENTIFIER")
    func isOwnGroup(_ group: String) -> Bool {
      Self.names(
        KeychainAccessGroups.name(of: group), bundleIdentifier: bundleIdentifier,
        productBundleIdentifier: productBundleIdentifier)
    }
    guard !isOwnGroup(firstGroup) else { return }
    // An extension whose first group is its containing app's shares the app's keychain on purpose (an AutoFill
    // or share extension reading the app's items): new items go where the app finds them.
    if target.kind == .appExtension,
      let app = target.settings.containingAppBundleIdentifier
        ?? target.containingAppInfoPlist?.root["CFBundleIdentifier"]?.string,
      KeychainAccessGroups.name(of: firstGroup) == app
    {
      return
    }
    let expected = KeychainAccessGroups.appIdentifierPrefix + bundleIdentifier
    var notes: [String] = []
    if let ownIndex = elements.firstIndex(where: { $0.string.map { isOwnGroup($0) } == true }) {
      notes.append("'\(elements[ownIndex].string ?? expected)' is at '\(elements[ownIndex].keyPath)'; move it first")
    }
    let shownFirst = KeychainAccessGroups.shown(firstGroup, settings: settings)
    let shownOwn = KeychainAccessGroups.shown(expected, settings: settings)
    findings.report(
      "the first keychain group is \(shownFirst), not the target's own \(shownOwn); new keychain items go into the "
        + "first group",
      about: first, in: entitlements, notes: notes)
  }
}

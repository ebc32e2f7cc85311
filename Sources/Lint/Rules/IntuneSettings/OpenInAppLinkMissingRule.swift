import IntuneKnowledge
import PropertyList
import URLSchemes

/// IM020: an "Open in" extension whose containing app lacks what the SDK needs to hand the file over: a URL
/// scheme with its twin, an app group shared with the extension.
struct OpenInAppLinkMissingRule: LintRule {
  static let description = RuleDescription(
    identifier: "open-in-app-link-missing",
    family: .intuneSettings, number: 20,
    summary: "an Open-in extension's app has no URL scheme with its twin, or no app group in common",
    whatItDoes: """
      In extensions with `IntuneMAMSettings.OpenInActionExtension` = YES whose containing app is known, \
      requires the app to register at least one URL scheme together with its `-intunemam` twin in the same URL \
      type, and the extension's and the app's `AppGroupIdentifiers` to share at least one app group.
      """,
    whyItMatters: """
      The Open-in extension is a stub: the SDK copies the shared file into an app group both targets can open, \
      then launches the app through its own scheme (its `-intunemam` twin when policy-managed). The 2020 \
      developer guide ("Share Data via UIActivityViewController", "Copy To" actions, steps 1 and 2) asks for \
      exactly this. Without a scheme the app is never opened; without a shared group the app finds no file, \
      and on the device the "Open in" action does nothing (ms-intune-app-sdk-ios#63).
      """,
    useInstead: """
      Register a scheme and its twin in the app (`launch-com.contoso.notes`, `launch-com.contoso.notes-intunemam`) \
      and list a common app group in both entitlements and both `AppGroupIdentifiers`. No automatic fix: the \
      scheme and the group are the developer's to name.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AppGroupIdentifiers</key>
        \t↓<array/>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        \t<key>OpenInActionExtension</key>
        \t<true/>
        </dict>
        <key>NSExtension</key>
        <dict/>
        """,
        messages: [
          """
          the Open-in extension lists no app group in 'AppGroupIdentifiers'; the SDK hands the file to the app \
          through a group both share
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AppGroupIdentifiers</key>
        \t<array>
        \t\t<string>group.com.contoso.notes</string>
        \t</array>
        \t<key>OpenInActionExtension</key>
        \t<true/>
        </dict>
        <key>NSExtension</key>
        <dict/>
        """),
    ],
    guideSteps: [65, 66]
  )

  static let appGroupsKey = "AppGroupIdentifiers"

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .appExtension, let settings = target.intuneSettings,
      intuneFlagIsOn(settings["OpenInActionExtension"])
    else { return }
    let document = target.infoPlist
    let ownGroups = Set((settings[Self.appGroupsKey]?.elements ?? []).compactMap(\.string))
    if ownGroups.isEmpty {
      let message = "the Open-in extension lists no app group in 'AppGroupIdentifiers'; the SDK hands the file to "
        + "the app through a group both share"
      if let node = settings[Self.appGroupsKey] {
        findings.report(message, about: node, in: document)
      } else {
        findings.report(message, missingKey: Self.appGroupsKey, of: settings, in: document)
      }
    }
    guard let app = target.containingAppInfoPlist else { return }
    let appSettings = app.root["IntuneMAMSettings"]
    let appGroups = Set((appSettings?[Self.appGroupsKey]?.elements ?? []).compactMap(\.string))
    if !ownGroups.isEmpty, !appGroups.isEmpty, ownGroups.isDisjoint(with: appGroups) {
      findings.report(
        "the Open-in extension's app groups \(InfoPlistSchemes.quotedList(ownGroups.sorted())) share none with "
          + "the containing app's \(InfoPlistSchemes.quotedList(appGroups.sorted())); the app cannot open the file "
          + "the SDK hands over",
        about: settings[Self.appGroupsKey] ?? settings, in: document)
    }
    let urlTypes = app.root[InfoPlistSchemes.urlTypesKey]?.elements ?? []
    let hasSchemeWithTwin = urlTypes.contains { type in
      guard let schemes = SchemeArray(type[InfoPlistSchemes.urlSchemesKey]) else { return false }
      return schemes.entries.contains { entry in
        !IntuneSchemeLists.isManagedTwin(entry.scheme)
          && schemes.contains(IntuneSchemeLists.managedTwin(of: entry.scheme))
      }
    }
    if !hasSchemeWithTwin {
      findings.report(
        "the containing app (\(app.source.name)) registers no URL scheme with its '-intunemam' twin; the SDK opens "
          + "the app from the Open-in extension through one",
        in: document, range: openingTagRange(of: settings), keyPath: settings.keyPath)
    }
  }
}

import PropertyList
import XcodeModel

/// IM022: a target links (or a built bundle carries) the Intune App SDK, and its Info.plist has no
/// `IntuneMAMSettings`.
struct IntuneSDKWithoutSettingsRule: LintRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-without-settings",
    family: .intuneSettings, number: 22,
    summary: "a target links the Intune App SDK but its Info.plist has no IntuneMAMSettings",
    whatItDoes: """
      Through the build facts: an app or extension target of an Xcode project that links the SDK in the \
      configuration (frameworks phase, Swift package, pod, `OTHER_LDFLAGS`), or a built bundle that carries its \
      framework, whose Info.plist (as built in that configuration) has no `IntuneMAMSettings` dictionary. The \
      finding is at the Info.plist's top dictionary; IM007 and IM008, which name single missing keys, leave such a \
      target to this rule.
      """,
    whyItMatters: """
      The 2020 and "stage 3" guides' settings table lives in "the IntuneMAMSettings dictionary of the app's \
      Info.plist": `ADALClientId` and `ADALRedirectUri` (required for every app by "stage 3", so the SDK signs \
      in with the app's own Entra registration), `ContainingAppBundleId` (required in every extension), \
      `AppGroupIdentifiers`. IntuneMAMConfigurator writes the dictionary; a target linking the SDK without it was \
      never configured, or lost the dictionary in a merge or a generated Info.plist (`GENERATE_INFOPLIST_FILE` \
      cannot write it): the SDK cannot enroll the app, or an extension cannot find its app's enrollment \
      (microsoftconnect/ms-intune-app-sdk-ios issues #340, #538).
      """,
    useInstead: """
      Run IntuneMAMConfigurator or `sharelint configure -i Info.plist -e App.entitlements`, then add the app's \
      Entra registration (`ADALClientId`, `ADALRedirectUri`) or, in an extension, `ContainingAppBundleId`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
          ]),
        ]),
        infoPlist: RuleExample.document(for: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          """).replacingOccurrences(of: "<plist version=\"1.0\">\n<dict>", with: "<plist version=\"1.0\">\n↓<dict>"),
        markedFile: "App/Info.plist",
        messages: [
          "'App' links the Intune App SDK (IntuneMAMSwift.xcframework) but its Info.plist has no IntuneMAMSettings; "
            + "the SDK has no Entra registration to enroll the app with (ADALClientId, ADALRedirectUri)",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
          ]),
        ])),
      RuleExample(
        project: ExampleProject(targets: [.init("App")]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          """),
    ],
    guideSteps: [40]
  )

  /// What the build links or carries of the SDK, as a name, when `target` has no `IntuneMAMSettings` at all: then
  /// this rule reports the target, and the rules naming single missing settings stay silent.
  static func linkedSDKWithoutSettings(_ target: LintTarget) -> String? {
    guard target.infoPlist.root["IntuneMAMSettings"] == nil, let facts = target.settings.buildFacts,
      target.settings.intuneMode != .off
    else { return nil }
    switch facts.origin {
    case .project:
      return facts.linked.first(where: IntuneEvidence.isIntuneSDK)?.name
    case .bundle:
      return facts.bundledFrameworks.first { IntuneEvidence.isIntuneSDK(stem: XcodeLinkedFileKind.stem(of: $0)) }
    }
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let linked = Self.linkedSDKWithoutSettings(target) else { return }
    let name: String
    if case .project(_, let targetName, _)? = target.settings.buildFacts?.origin {
      name = "'\(targetName)' links"
    } else {
      name = "the bundle carries"
    }
    let consequence = target.kind == .app
      ? "the SDK has no Entra registration to enroll the app with (ADALClientId, ADALRedirectUri)"
      : "the extension has no ContainingAppBundleId to find its app's enrollment with"
    findings.report(
      "\(name) the Intune App SDK (\(linked)) but its Info.plist has no IntuneMAMSettings; \(consequence)",
      in: target.infoPlist, range: openingTagRange(of: target.infoPlist.root), keyPath: "IntuneMAMSettings")
  }
}

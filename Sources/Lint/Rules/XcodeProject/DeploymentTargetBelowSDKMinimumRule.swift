import IntuneKnowledge

/// XC007: the deployment target is below the oldest iOS the linked Intune App SDK runs on.
struct DeploymentTargetBelowSDKMinimumRule: LintRule {
  static let description = RuleDescription(
    identifier: "deployment-target-below-intune-sdk-minimum",
    family: .xcodeProject, number: 7,
    summary: "IPHONEOS_DEPLOYMENT_TARGET is below the minimum iOS of the linked Intune App SDK version",
    whatItDoes: """
      When the version of the linked Intune App SDK is known (the framework's own Info.plist in the repository, \
      Package.resolved, Podfile.lock), compares `IPHONEOS_DEPLOYMENT_TARGET` as Xcode evaluates it with the oldest \
      iOS that version runs on: the `MinimumOSVersion` its framework ships with, release by release (21.x: iOS \
      17.0; 18.2.0–20.x: 15.0; 17.4.0–18.1.x: 14.0; 17.0–17.3: 13.0; 14.1.0–16.x: 12.2; older ones in \
      `IntuneSDKReleases.minimumIOS`, each row with the release commit it was read at). In a built app (an `.app` \
      folder or an `.ipa`), compares the app's `MinimumOSVersion` with the `MinimumOSVersion` of the SDK \
      framework it carries in `Frameworks/` (else the table, by the framework's version).
      """,
    whyItMatters: """
      An app deploying to an older iOS than the SDK's links with a warning and crashes at launch on those devices, \
      or is refused by the SDK (microsoftconnect/ms-intune-app-sdk-ios issues #147, #657; #145: "Minimum supported \
      iOS version for Intune is now iOS 12.2, so the app's target OS should be updated accordingly"). The guides' \
      prerequisites name the minimum of their time ("stage 3": iOS 14.0; the 2020 guide: iOS 11).
      """,
    useInstead: """
      Raise `IPHONEOS_DEPLOYMENT_TARGET` to the SDK's minimum, or link an SDK release that still supports the iOS \
      versions the app must run on. No automatic fix: which iOS versions the app supports is the developer's choice.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settingsByConfiguration: ["Release": ["IPHONEOS_DEPLOYMENT_TARGET": "↓13.0"]],
                frameworks: [.init("IntuneMAMSwift.xcframework", embedding: .embedAndSign)]),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "19.6.0"),
        messages: [
          "'IPHONEOS_DEPLOYMENT_TARGET' is '13.0', below iOS 15.0, the oldest the Intune App SDK 19.6.0 runs on; the "
            + "app fails to launch on older iOS",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["MIN_IOS": "13.0", "IPHONEOS_DEPLOYMENT_TARGET": "↓$(MIN_IOS)"],
                frameworks: [.init("IntuneMAMSwift.xcframework", embedding: .embedAndSign)]),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "19.6.0"),
        messages: [String](
          repeating: "'IPHONEOS_DEPLOYMENT_TARGET' is '13.0' (from '$(MIN_IOS)'), below iOS 15.0, the oldest the "
            + "Intune App SDK 19.6.0 runs on; the app fails to launch on older iOS",
          count: 2)),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.0"],
                frameworks: [.init("IntuneMAMSwift.xcframework", embedding: .embedAndSign)]),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "19.6.0")),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "13.0"],
                frameworks: [.init("IntuneMAMSwift.xcframework", embedding: .embedAndSign)]),
        ])),
    ],
    guideSteps: [1],
    referenceData: IntuneSDKReleases.referenceData
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard ProjectTargetView(target) != nil else {
      checkBundle(target, into: &findings)
      return
    }
    let name = "IPHONEOS_DEPLOYMENT_TARGET"
    guard let view = ProjectTargetView(target), let (version, library) = view.sdkVersion,
      view.decidingDefinition(of: name) != nil, let deployment = IOSVersion(view.value(of: name)),
      let (minimum, source) = IntuneSDKReleases.minimumIOS(for: version), deployment < minimum
    else { return }
    view.report(
      "'\(name)' is \(view.shownValue(of: name)), below iOS \(minimum), the oldest the Intune App SDK \(version) runs "
        + "on; the app fails to launch on older iOS",
      at: view.settingSite(name), keyPath: name,
      notes: ["\(view.targetName) \(library.description); the minimum is the framework's MinimumOSVersion in "
        + "releases \(source)"],
      into: &findings)
  }

  /// A built app: its `MinimumOSVersion` against the SDK framework it carries.
  private func checkBundle(_ target: LintTarget, into findings: inout Findings) {
    let key = "MinimumOSVersion"
    guard target.kind == .app, let sdk = BundledIntuneSDK(target), let node = target.infoPlist.root[key],
      let text = node.string, let deployment = IOSVersion(text)
    else { return }
    let minimum: IOSVersion
    let source: String
    if let own = sdk.minimumOS {
      minimum = own
      source = "the MinimumOSVersion of Frameworks/\(sdk.framework)"
    } else if let (tabled, release) = IntuneSDKReleases.minimumIOS(for: sdk.version) {
      minimum = tabled
      source = "the framework's MinimumOSVersion in releases \(release)"
    } else {
      return
    }
    guard deployment < minimum else { return }
    findings.report(
      "'\(key)' is '\(text)', below iOS \(minimum), the oldest the Intune App SDK \(sdk.version) runs on; the app "
        + "fails to launch on older iOS",
      about: node, in: target.infoPlist,
      notes: ["the app carries Frameworks/\(sdk.framework) \(sdk.version); the minimum is \(source)"])
  }
}

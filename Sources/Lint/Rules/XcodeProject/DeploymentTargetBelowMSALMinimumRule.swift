import IntuneKnowledge
import ProjectDiscovery
import XcodeModel

/// XC024: the deployment target is below the oldest iOS the linked MSAL release supports.
struct DeploymentTargetBelowMSALMinimumRule: LintRule {
  static let description = RuleDescription(
    identifier: "deployment-target-below-msal-minimum",
    family: .xcodeProject, number: 24,
    summary: "IPHONEOS_DEPLOYMENT_TARGET is below the minimum iOS of the linked MSAL release",
    whatItDoes: """
      For an app or extension that links MSAL at a known version (MSAL's framework `Info.plist` in the \
      repository, `Package.resolved`, `Podfile.lock`, also when a plug-in pod brings MSAL in, `Cartfile.resolved`), \
      compares `IPHONEOS_DEPLOYMENT_TARGET` as Xcode evaluates it with the oldest iOS that release supports: the \
      deployment target MSAL's own project builds its framework with, release by release (2.15.0 and later: iOS \
      17.0; 2.1.0–2.14.x: 16.0; 1.2.6–2.0.0: 14.0; 1.1.8–1.2.5: 11.0; older ones in `MSALReleases.minimumIOS`, each \
      row with the release commit it was read at). In a built app (an `.app` folder or an `.ipa`), compares the \
      app's `MinimumOSVersion` with the `MinimumOSVersion` of the `MSAL.framework` it carries (else the table, by \
      the framework's version). A version that is a branch or a revision is not judged.
      """,
    whyItMatters: """
      MSAL's package manifests lagged behind the iOS its binary is built for: `Package.swift` said iOS 14 until \
      2.7.0 and `MSAL.podspec` until 2.12.0 while 2.1.0 already required iOS 16, so Xcode and CocoaPods accepted \
      an app deploying to iOS 15 that then crashed at launch on iOS 15 devices \
      (AzureAD/microsoft-authentication-library-for-objc#2788); 2.15.0 crashes at launch below iOS 17 \
      (#3101), with no word of it in the changelog. Users on those iOS versions cannot open the app at all.
      """,
    useInstead: """
      Raise `IPHONEOS_DEPLOYMENT_TARGET` to MSAL's minimum, or pin MSAL to the last release that supports the \
      oldest iOS the app must run on (`pod 'MSAL', '~> 2.14.0'`; an exact or up-to-next-minor rule for the Swift \
      package): 2.0.0 is the last for iOS 14 and 15, 2.14.x for iOS 16. No automatic fix: which iOS versions \
      the app supports is the developer's choice.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settingsByConfiguration: ["Release": ["IPHONEOS_DEPLOYMENT_TARGET": "↓15.0"]],
                frameworks: [.init("MSAL.xcframework", embedding: .embedAndSign)]),
        ]),
        files: ExampleFiles.xcframework("MSAL", version: "2.6.0"),
        messages: [
          "'IPHONEOS_DEPLOYMENT_TARGET' is '15.0', below iOS 16.0, the oldest MSAL 2.6.0 supports; the app crashes "
            + "at launch on older iOS",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "↓16.0"]),
        ]),
        files: [
          "Podfile": """
            platform :ios, '16.0'
            target 'App' do
              pod 'msal_auth', :path => '.symlinks/plugins/msal_auth/ios'
            end
            """,
          "Podfile.lock": """
            PODS:
              - MSAL (2.15.0):
                - MSAL/app-lib (= 2.15.0)
              - MSAL/app-lib (2.15.0)
              - msal_auth (3.3.0):
                - MSAL (~> 2.11)

            DEPENDENCIES:
              - msal_auth (from `.symlinks/plugins/msal_auth/ios`)

            COCOAPODS: 1.16.2
            """,
        ],
        messages: [String](
          repeating: "'IPHONEOS_DEPLOYMENT_TARGET' is '16.0', below iOS 17.0, the oldest MSAL 2.15.0 supports; the "
            + "app crashes at launch on older iOS",
          count: 2)),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "16.0"],
                frameworks: [.init("MSAL.xcframework", embedding: .embedAndSign)]),
        ]),
        files: ExampleFiles.xcframework("MSAL", version: "2.14.0")),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.0"],
                frameworks: [.init("MSAL.xcframework", embedding: .embedAndSign)]),
        ]),
        files: ExampleFiles.xcframework("MSAL", version: "2.0.0")),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "12.0"],
                frameworks: [.init("MSAL.xcframework", embedding: .embedAndSign)]),
        ])),
    ],
    guideSteps: [17],
    referenceData: MSALReleases.referenceData
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let view = ProjectTargetView(target) else {
      checkBundle(target, into: &findings)
      return
    }
    let name = "IPHONEOS_DEPLOYMENT_TARGET"
    guard let (version, origin) = view.msalVersion, view.decidingDefinition(of: name) != nil,
      let deployment = IOSVersion(view.value(of: name)),
      let (minimum, source) = MSALReleases.minimumIOS(for: version), deployment < minimum
    else { return }
    view.report(
      "'\(name)' is \(view.shownValue(of: name)), below iOS \(minimum), the oldest MSAL \(version) supports; the app "
        + "crashes at launch on older iOS",
      at: view.settingSite(name), keyPath: name,
      notes: ["\(view.targetName) \(origin); the minimum is the deployment target of MSAL's release \(source)"],
      into: &findings)
  }

  /// A built app or extension: its `MinimumOSVersion` against the `MSAL.framework` it carries.
  private func checkBundle(_ target: LintTarget, into findings: inout Findings) {
    let key = "MinimumOSVersion"
    guard let facts = target.settings.buildFacts, case .bundle = facts.origin,
      let (framework, read) = facts.bundledFrameworkVersions.first(where: {
        XcodeLinkedFileKind.stem(of: $0.key).lowercased() == "msal"
      }),
      let text = read.version, let version = ReleaseVersion(text),
      let node = target.infoPlist.root[key], let deployment = node.string.flatMap(IOSVersion.init)
    else { return }
    let minimum: IOSVersion
    let source: String
    if let own = read.minimumOSVersion.flatMap(IOSVersion.init) {
      minimum = own
      source = "the MinimumOSVersion of Frameworks/\(framework)"
    } else if let (tabled, release) = MSALReleases.minimumIOS(for: version) {
      minimum = tabled
      source = "the deployment target of MSAL's release \(release)"
    } else {
      return
    }
    guard deployment < minimum else { return }
    findings.report(
      "'\(key)' is '\(node.string ?? "")', below iOS \(minimum), the oldest MSAL \(version) supports; the app "
        + "crashes at launch on older iOS",
      about: node, in: target.infoPlist,
      notes: ["the bundle carries Frameworks/\(framework) \(version); the minimum is \(source)"])
  }
}

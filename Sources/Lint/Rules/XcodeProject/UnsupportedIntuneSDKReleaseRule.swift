import IntuneKnowledge
import SharelintBase
import XcodeModel

/// XC018: the app links a release of the Intune App SDK older than the oldest Microsoft supports.
struct UnsupportedIntuneSDKReleaseRule: LintRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-release-unsupported",
    family: .xcodeProject, number: 18,
    summary: "the linked Intune App SDK release is older than the oldest Microsoft supports",
    whatItDoes: """
      When the version of the Intune App SDK an app links is known (the framework's own Info.plist in the \
      repository or in the built bundle, Package.resolved, Podfile.lock), compares it with the oldest release \
      the SDK's README says is supported: "We only support Intune App SDK version 20.0.0+", as the README reads at \
      21.7.1 (d59aec5, 2026-07-07), the newest release when the table was last checked (`sdk_releases_checked` \
      in `explain`; the message says the date). A release newer than the table knows is not judged; a newer \
      README may raise the floor, which a newer sharelint then reports.
      """,
    whyItMatters: """
      The guides ask to keep the SDK current ("stage 3": "download and run the latest version of the tool when \
      you update the Intune SDK"; the 2020 guide: link the latest releases), and the README: "We recommend always \
      staying up to date with the latest version". An unsupported release gets no fixes, and the service and iOS \
      move on without it: apps on old releases were blocked at launch or failed enrollment after service and iOS \
      changes (microsoftconnect/ms-intune-app-sdk-ios issues #175, #373).
      """,
    useInstead: """
      Update the SDK to a supported release (the README's table: 21.0.0 and later get all fixes, 20.x security \
      fixes only), then rerun IntuneMAMConfigurator or `sharelint configure`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("IntuneMAMSwift.xcframework", embedding: .embedAndSign, markLink: true),
            .init("IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
          ]),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "19.7.6"),
        messages: [
          "the Intune App SDK 19.7.6 is older than 20.0.0, the oldest release Microsoft supports (the SDK's README "
            + "as of 2026-07-07); update the SDK",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "20.8.0")),
    ],
    guideSteps: [2],
    referenceData: IntuneSDKReleases.referenceData
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let message: (ReleaseVersion) -> String = { version in
      "the Intune App SDK \(version) is older than \(IntuneSDKReleases.oldestSupported), the oldest release "
        + "Microsoft supports (the SDK's README as of \(IntuneSDKReleases.checkedOn)); update the SDK"
    }
    if let view = ProjectTargetView(target) {
      guard view.isApp, let (version, library) = view.sdkVersion, version < IntuneSDKReleases.oldestSupported
      else { return }
      view.report(
        message(version), at: library.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite,
        keyPath: view.targetName, notes: ["\(view.targetName) \(library.description)"], into: &findings)
      return
    }
    guard target.kind == .app, let sdk = BundledIntuneSDK(target), sdk.version < IntuneSDKReleases.oldestSupported
    else { return }
    findings.report(
      message(sdk.version), in: target.infoPlist, range: nil, keyPath: "",
      notes: ["the app carries Frameworks/\(sdk.framework) \(sdk.version)"])
  }
}

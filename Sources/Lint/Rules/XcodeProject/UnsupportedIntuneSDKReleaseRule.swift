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
      the SDK's README says is supported: "We only support Intune App SDK version 20.0.0+" (the README from 21.3.0 \
      to 21.7.1, the newest read; `knowledge_checked` in `explain` says when sharelint's tables were last \
      compared with their sources). The one finding names, in its notes, every breaking change between the \
      linked release and the newest (`IntuneSDKReleases.history`: a new iOS or Xcode minimum, the stub framework, \
      the xcframeworks, the app's own Entra registration…) with the rules that check each, and the rules not run \
      on the target because their advice holds only from a later release (IM012's mirror types were required \
      before 8.1.1; IM010's settings before 12.0.12; US010's schemes are the 15.1.0 configurator's) — an app on an \
      old release gets one finding that says what moving on involves, not advice that contradicts its own SDK.
      """,
    whyItMatters: """
      The guides ask to keep the SDK current ("stage 3": "download and run the latest version of the tool when \
      you update the Intune SDK"; the 2020 guide: link the latest releases), and the README: "We recommend always \
      staying up to date with the latest version". An unsupported release gets no fixes, and the service and iOS \
      move on without it: apps on old releases were blocked at launch or failed enrollment after service and iOS \
      changes (microsoftconnect/ms-intune-app-sdk-ios issues #175, #373). Microsoft's service notices make it \
      worse since 2026: from 2026-01-19 apps built with Xcode 26 on a release before 21.1.0 are blocked, and \
      App Store uploads need Xcode 26 since 2026-04-28; from late June 2026 releases before 20.8.0 show users a \
      warning (`intune-sdk-release-blocked`, XC026, says so for supported releases).
      """,
    useInstead: """
      Update the SDK to the newest release, taking the steps the finding's notes list, then rerun \
      IntuneMAMConfigurator or `sharelint configure` and lint again: the rules held back for the old release run \
      then.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
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
        messages: [message(ReleaseVersion(19, 7, 6))]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("IntuneMAM.framework", embedding: .embedAndSign, markLink: true)]),
        ]),
        files: ExampleFiles.framework("IntuneMAM", version: "7.1.14"),
        messages: [message(ReleaseVersion(7, 1, 14))]),
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
    if let view = ProjectTargetView(target) {
      guard view.isApp, let (version, library) = view.sdkVersion, version < IntuneSDKReleases.oldestSupported
      else { return }
      view.report(
        Self.message(version),
        at: library.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite,
        keyPath: view.targetName, notes: ["\(view.targetName) \(library.description)"] + Self.notes(version),
        into: &findings)
      return
    }
    guard target.kind == .app, let sdk = BundledIntuneSDK(target), sdk.version < IntuneSDKReleases.oldestSupported
    else { return }
    findings.report(
      Self.message(sdk.version), in: target.infoPlist, range: nil, keyPath: "",
      notes: ["the app carries Frameworks/\(sdk.framework) \(sdk.version)"] + Self.notes(sdk.version))
  }

  static func message(_ version: ReleaseVersion) -> String {
    "the Intune App SDK \(version) is older than \(IntuneSDKReleases.oldestSupported), the oldest release Microsoft "
      + "supports (sharelint's knowledge, checked \(KnowledgeSnapshot.checkedOn)); update the SDK (the newest "
      + "release is \(IntuneSDKReleases.newest))"
  }

  /// The steps from `version` to the newest release, one note each, then the rules whose advice is for later
  /// releases and that were therefore not run on the target.
  static func notes(_ version: ReleaseVersion) -> [String] {
    var steps: [String] = []
    for step in IntuneSDKReleases.steps(from: version, to: IntuneSDKReleases.newest) {
      var note = "from \(step.release): \(step.change.summary)"
      if case .rules(let codes) = step.change.coverage { note += " (" + codes.joined(separator: ", ") + ")" }
      steps.append(note)
    }
    var skipped: [String] = []
    for rule in RuleRegistry.rules {
      guard let since = rule.description.adviceSinceSDK, version < since else { continue }
      skipped.append("\(rule.description.code) (from \(since))")
    }
    guard !skipped.isEmpty else { return steps }
    return steps + [
      "not run on this target, as their advice holds only from a later release: " + skipped.joined(separator: ", ")
    ]
  }
}

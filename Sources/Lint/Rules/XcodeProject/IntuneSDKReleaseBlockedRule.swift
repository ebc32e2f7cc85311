import IntuneKnowledge
import SharelintBase
import XcodeModel

/// XC026: the app links a supported release of the Intune App SDK that Microsoft's service blocks or warns about
/// (`IntuneSDKReleases.serviceNotices`).
struct IntuneSDKReleaseBlockedRule: LintRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-release-blocked",
    family: .xcodeProject, number: 26,
    summary: "the linked Intune App SDK release is one Microsoft's service blocks or warns about",
    whatItDoes: """
      When the version of the Intune App SDK an app links is known (the framework's own Info.plist in the \
      repository or in the built bundle, Package.resolved, Podfile.lock) and is still supported (20.0.0 or later: \
      older ones get `intune-sdk-release-unsupported`, XC018, instead), compares it with Microsoft's service \
      notices: from 2026-01-19 users cannot launch apps built with Xcode 26 that link a release before 21.1.0, and \
      from late June 2026 users of releases before 20.8.0 see a warning. A built app says which Xcode built it \
      (`DTXcode`); a project does not, and App Store uploads need Xcode 26 since 2026-04-28, so a project on a 20.x \
      release before 21.1.0 is reported as one that will be blocked once built for the App Store.
      """,
    whyItMatters: """
      The blocking notice leaves users unable to open the app at all, and the warning tells them to find another \
      version. The 20.x line is "intended for applications compiled with Xcode 16" (its release notes) and gets \
      security fixes only (the SDK's README), while the App Store takes only Xcode 26 builds since 2026-04-28 \
      (Apple's "Upcoming requirements", announced 2026-02-03): an app that ships through the App Store or Apple \
      Business Manager must move to 21.1.0 or later.
      """,
    useInstead: """
      Update the SDK to the newest 21.x release (the 21.x line runs on iOS 17 and later and is built with Xcode 26; \
      see `intune-sdk-release-unsupported`'s steps), then rerun IntuneMAMConfigurator or `sharelint configure`. An \
      in-house app built with Xcode 16 may stay on the newest 20.x release (20.8.0 or later).
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
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "20.6.0"),
        messages: [message(ReleaseVersion(20, 6, 0), builtWithXcode: nil)]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: [
          "Built/Contoso.app/Info.plist": """
            <key>CFBundleIdentifier</key>
            <string>com.contoso.notes</string>
            <key>DTXcode</key>
            ↓<string>2610</string>
            <key>IntuneMAMSettings</key>
            <dict/>
            """,
          "Built/Contoso.app/Frameworks/IntuneMAMSwift.framework/Info.plist": """
            <key>CFBundleShortVersionString</key>
            <string>20.9.6</string>
            """,
        ],
        markedFile: "Built/Contoso.app/Info.plist",
        messages: [message(ReleaseVersion(20, 9, 6), builtWithXcode: 26)]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "21.1.0")),
      // Built with Xcode 16: the 20.x line's own Xcode, neither blocked nor warned about from 20.8.0.
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: [
          "Built/Contoso.app/Info.plist": """
            <key>CFBundleIdentifier</key>
            <string>com.contoso.notes</string>
            <key>DTXcode</key>
            <string>1640</string>
            <key>IntuneMAMSettings</key>
            <dict/>
            """,
          "Built/Contoso.app/Frameworks/IntuneMAMSwift.framework/Info.plist": """
            <key>CFBundleShortVersionString</key>
            <string>20.9.6</string>
            """,
        ]),
      // Older than the oldest supported release: XC018 says so, with the steps.
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "19.7.14")),
    ],
    guideSteps: [2],
    referenceData: IntuneSDKReleases.referenceData
  )

  /// The notices that concern `version` built with `xcode` (nil: not known, so the notices that need Xcode 26 count,
  /// as App Store uploads need it).
  static func notices(for version: ReleaseVersion, builtWithXcode xcode: Int?) -> [IntuneServiceNotice] {
    IntuneSDKReleases.serviceNotices.filter { notice in
      version < notice.releasesBelow && (notice.builtWithXcode.map { required in (xcode ?? required) >= required } ?? true)
    }
  }

  static func message(_ version: ReleaseVersion, builtWithXcode xcode: Int?) -> String {
    let notices = notices(for: version, builtWithXcode: xcode)
    var clauses: [String] = []
    for notice in notices {
      switch notice.effect {
      case .blocked:
        let built =
          xcode == nil
          ? "apps built with Xcode \(notice.builtWithXcode ?? 0) (which App Store uploads need since "
            + "\(IntuneSDKReleases.appStoreXcodeRequirement.from))"
          : "apps built with Xcode \(notice.builtWithXcode ?? 0) (as this one is)"
        clauses.append("since \(notice.effectiveFrom) Microsoft blocks users of \(built) that link a release before "
          + "\(notice.releasesBelow)")
      case .warning:
        clauses.append("since \(notice.effectiveFrom) its users see a warning (releases before \(notice.releasesBelow))")
      }
    }
    return "the Intune App SDK \(version): " + clauses.joined(separator: "; ") + "; update the SDK to "
      + "\(notices.map(\.releasesBelow).max() ?? IntuneSDKReleases.newest) or later"
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    if let view = ProjectTargetView(target) {
      guard view.isApp, let (version, library) = view.sdkVersion, version >= IntuneSDKReleases.oldestSupported,
        !Self.notices(for: version, builtWithXcode: nil).isEmpty
      else { return }
      view.report(
        Self.message(version, builtWithXcode: nil),
        at: library.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite,
        keyPath: view.targetName,
        notes: ["\(view.targetName) \(library.description)"]
          + Self.notices(for: version, builtWithXcode: nil).map(\.source),
        into: &findings)
      return
    }
    guard target.kind == .app, let sdk = BundledIntuneSDK(target), sdk.version >= IntuneSDKReleases.oldestSupported
    else { return }
    let node = target.infoPlist.root["DTXcode"]
    let xcode = node?.string.flatMap(XcodeOlderThanIntuneSDKSupportsRule.xcodeVersion)?.major
    let notices = Self.notices(for: sdk.version, builtWithXcode: xcode)
    guard !notices.isEmpty else { return }
    let notes = ["the app carries Frameworks/\(sdk.framework) \(sdk.version)"] + notices.map(\.source)
    if let node {
      findings.report(Self.message(sdk.version, builtWithXcode: xcode), about: node, in: target.infoPlist, notes: notes)
    } else {
      findings.report(
        Self.message(sdk.version, builtWithXcode: xcode), in: target.infoPlist, range: nil, keyPath: "", notes: notes)
    }
  }
}

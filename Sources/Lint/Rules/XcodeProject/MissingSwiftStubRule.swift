import IntuneKnowledge

/// XC004: the Intune App SDK's framework is linked without `IntuneMAMSwiftStub`.
struct MissingSwiftStubRule: TargetRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-without-swift-stub",
    family: .xcodeProject, number: 4,
    summary: "IntuneMAMSwift or IntuneMAMStatic is linked without IntuneMAMSwiftStub",
    whatItDoes: """
      Reports a target whose frameworks phase links `IntuneMAMSwift` or `IntuneMAMStatic` (framework or \
      xcframework, 11.0.2 and later) while nothing it links is `IntuneMAMSwiftStub`. Pods and the Swift package \
      bring the stub themselves.
      """,
    whyItMatters: """
      "IntuneMAMSwiftStub.xcframework: … a required dependency of IntuneMAMSwift.xcframework and \
      IntuneMAMStatic.xcframework, which apps/extensions must link" ("stage 3" guide, SDK contents; the 2020 guide \
      says the same of the frameworks). Without it the link fails, or the app fails to load the SDK.
      """,
    useInstead: """
      Link `IntuneMAMSwiftStub.xcframework` beside the SDK's framework: Embed & Sign in the app, Do Not Embed in \
      extensions.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign, markLink: true),
          ]),
        ]),
        messages: [
          "'IntuneMAMSwift.xcframework' is linked without 'IntuneMAMSwiftStub.xcframework', which it needs",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
        ])),
    ],
    guideSteps: [4]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let libraries = view.intuneLibraries
    guard !libraries.contains(where: { $0.stem.lowercased() == "intunemamswiftstub" }) else { return }
    for library in libraries where IntuneSDKParts.needsStub(library) {
      guard let file = library.frameworksPhaseFile else { continue }
      if let text = library.version, let version = ReleaseVersion(text), version < IntuneSDKReleases.stubSince {
        continue
      }
      let isXCFramework = library.name.lowercased().hasSuffix(".xcframework")
      let stub = "IntuneMAMSwiftStub." + (isXCFramework ? "xcframework" : "framework")
      view.report(
        "'\(file.name)' is linked without '\(stub)', which it needs",
        at: view.sources.buildFileSite(file), keyPath: "\(view.targetName) › Frameworks › \(file.name)",
        into: &findings)
    }
  }
}

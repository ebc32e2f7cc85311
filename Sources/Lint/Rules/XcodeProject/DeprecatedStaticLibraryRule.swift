/// XC012: a target links the deprecated static library of the Intune App SDK.
struct DeprecatedStaticLibraryRule: TargetRule {
  static let description = RuleDescription(
    identifier: "deprecated-intune-static-library",
    family: .xcodeProject, number: 12,
    summary: "a target links the deprecated libIntuneMAMSwift static library",
    whatItDoes: """
      Reports a target that links `libIntuneMAMSwift.xcframework` (or `libIntuneMAMSwift.a`), the SDK's static \
      library.
      """,
    whyItMatters: """
      The "stage 3" guide (What's in the SDK repository): "This variant of the Intune MAM iOS SDK is deprecated and \
      will be removed in a future update. It is recommended that you do not link the static library"; it also \
      needs `IntuneMAMResources.bundle` copied by hand, which the frameworks carry themselves.
      """,
    useInstead: """
      Link `IntuneMAMSwift.xcframework` (dynamic) or `IntuneMAMStatic.xcframework` (static) with \
      `IntuneMAMSwiftStub.xcframework`, and remove `IntuneMAMResources.bundle` from Copy Bundle Resources.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/libIntuneMAMSwift.xcframework", markLink: true)],
                resources: ["Frameworks/IntuneMAMResources.bundle"]),
        ]),
        messages: [
          "'libIntuneMAMSwift.xcframework' is the Intune App SDK's deprecated static library; link "
            + "IntuneMAMSwift.xcframework or IntuneMAMStatic.xcframework instead",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMStatic.xcframework"), .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
        ])),
    ],
    guideSteps: [7]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    for library in view.intuneLibraries where library.stem.lowercased() == "intunemamswift"
      && library.name.lowercased().hasPrefix("libintunemamswift")
    {
      view.report(
        "'\(library.name)' is the Intune App SDK's deprecated static library; link IntuneMAMSwift.xcframework or "
          + "IntuneMAMStatic.xcframework instead",
        at: library.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite,
        keyPath: "\(view.targetName) › Frameworks › \(library.name)", notes: [library.description], into: &findings)
    }
  }
}

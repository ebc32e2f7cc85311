import IntuneKnowledge
/// XC006: Swift symbols are stripped in a configuration that links the Intune App SDK.
struct SwiftSymbolsStrippedRule: TargetRule {
  static let description = RuleDescription(
    identifier: "swift-symbols-stripped-with-intune-sdk",
    family: .xcodeProject, number: 6,
    summary: "STRIP_SWIFT_SYMBOLS is YES (Xcode's default) in a configuration that links the Intune App SDK",
    whatItDoes: """
      Evaluates `STRIP_SWIFT_SYMBOLS` as Xcode does in every configuration of a target that links the Swift SDK \
      (`IntuneMAMSwift`, `IntuneMAMStatic`, `libIntuneMAMSwift`, their pods and package products; not the \
      Objective-C `IntuneMAM.framework` or `libIntuneMAM.a` of 2016–2019), and reports YES, also when nothing sets \
      it: Xcode's default is YES.
      """,
    whyItMatters: """
      The integration guide ("stage 3", Xcode build settings) says the app "should set Strip Swift Symbols \
      (STRIP_SWIFT_SYMBOLS) and Enable Bitcode (ENABLE_BITCODE) to NO". Since the default is YES, a project that \
      never mentions the setting strips them: the step is easy to miss because nothing in the project shows it.
      """,
    useInstead: """
      `STRIP_SWIFT_SYMBOLS = NO` in each configuration of the target (the fix edits the value where it is written, \
      or adds it to the target's build settings when nothing sets it).
      """,
    fixApplicabilities: [.safe, .unsafe],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")],
                markConfigurations: ["Debug", "Release"]),
        ]),
        messages: [String](
          repeating: "'STRIP_SWIFT_SYMBOLS' is not set, so Xcode strips Swift symbols (its default is YES); the "
            + "Intune App SDK's guide asks for NO", count: 2),
        corrected: ExampleProject(targets: [
          .init("App", settings: ["STRIP_SWIFT_SYMBOLS": "NO"],
                frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
        ])),
      RuleExample(
        project: ExampleProject(
          targets: [
            .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
            .init("Widget", isExtension: true),
          ],
          projectSettings: ["STRIP_SWIFT_SYMBOLS": "↓YES"]),
        messages: [String](
          repeating: "'STRIP_SWIFT_SYMBOLS' is 'YES'; the Intune App SDK's guide asks for NO", count: 2),
        corrected: ExampleProject(
          targets: [
            .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
            .init("Widget", isExtension: true),
          ],
          projectSettings: ["STRIP_SWIFT_SYMBOLS": "NO"])),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["STRIP_SWIFT_SYMBOLS": "NO"],
                frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
        ])),
    ],
    guideSteps: [14]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let name = "STRIP_SWIFT_SYMBOLS"
    // The Objective-C SDK of 2016-2019 (`IntuneMAM.framework`, `libIntuneMAM.a`) has no Swift symbols to keep.
    // A .NET app's Intune NuGet package is linked by the .NET build, which has no Xcode setting to read.
    guard view.intuneLibraries.contains(where: {
        IntuneSDKParts.hasSwift($0) && IntuneSDKDistribution.nuGetPackage(named: $0.name) == nil
      }),
      view.isYes(name, default: true)
    else { return }
    let (fix, notes) = view.settingFix(name, to: "NO", findings: findings)
    let message =
      view.decidingDefinition(of: name) == nil
      ? "'\(name)' is not set, so Xcode strips Swift symbols (its default is YES); the Intune App SDK's guide asks "
        + "for NO"
      : "'\(name)' is '\(view.value(of: name))'; the Intune App SDK's guide asks for NO"
    view.report(message, at: view.settingSite(name), keyPath: name, notes: notes, fix: fix, into: &findings)
  }
}

import IntuneKnowledge
import SharelintBase
import XcodeModel

/// XC013: the Intune App SDK's static library is linked without `-force_load` or without its resources bundle.
struct IncompleteStaticLibraryRule: TargetRule {
  static let description = RuleDescription(
    identifier: "intune-static-library-incomplete",
    family: .xcodeProject, number: 13,
    summary: "libIntuneMAM.a without -force_load, or the static library without IntuneMAMResources.bundle",
    whatItDoes: """
      For a target linking the SDK's static library: `libIntuneMAM.a` needs `-force_load …/libIntuneMAM.a` in \
      `OTHER_LDFLAGS` (as Xcode evaluates it in the configuration), and `libIntuneMAM.a` or \
      `libIntuneMAMSwift.xcframework` needs `IntuneMAMResources.bundle` in Copy Bundle Resources.
      """,
    whyItMatters: """
      The 2020 guide, option 2 (static library): "Add `-force_load {PATH_TO_LIB}/libIntuneMAM.a` to … the \
      project's OTHER_LDFLAGS" and "add the IntuneMAMResources.bundle resource bundle … under Copy Bundle \
      Resources"; the 2016 guide, build steps 1–4, the same. Without `-force_load` the linker drops the library's \
      Objective-C categories the SDK relies on (the link succeeds; the SDK fails at run time); without the \
      bundle its screens and strings are missing. The "stage 3" guide: the bundle "is only required for apps that \
      integrate the deprecated static library".
      """,
    useInstead: """
      `OTHER_LDFLAGS = $(inherited) -force_load $(PROJECT_DIR)/IntuneSDK/libIntuneMAM.a` (the library's path) and \
      `IntuneMAMResources.bundle` in the target's Copy Bundle Resources; or move to the xcframeworks.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/libIntuneMAM.a", markLink: true)], markName: true),
        ]),
        messages: [
          "'libIntuneMAM.a' is linked without '-force_load' in OTHER_LDFLAGS; the linker drops the SDK's categories",
          "'App' links 'libIntuneMAM.a' without IntuneMAMResources.bundle in Copy Bundle Resources; the SDK's "
            + "screens and strings are missing",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["OTHER_LDFLAGS": "$(inherited) -force_load $(PROJECT_DIR)/Frameworks/libIntuneMAM.a"],
                frameworks: [.init("Frameworks/libIntuneMAM.a")], resources: ["Frameworks/IntuneMAMResources.bundle"]),
        ])),
    ],
    guideSteps: [8, 9]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let libraries = view.intuneLibraries.filter(IntuneSDKParts.isStaticLibrary)
    guard let first = libraries.first else { return }
    let hasBundle = view.build.resources.contains { XcodeLinkedFileKind.stem(of: $0.name).lowercased() == "intunemamresources" }
    if !hasBundle {
      view.report(
        "'\(view.targetName)' links '\(first.name)' without IntuneMAMResources.bundle in Copy Bundle Resources; the "
          + "SDK's screens and strings are missing",
        at: view.targetSite, keyPath: "\(view.targetName) › Resources", into: &findings)
    }
    let forceLoaded = view.facts.linked.contains { library in
      if case .linkerFlag(let flag) = library.source, flag.kind == .forceLoad {
        return library.stem.lowercased() == IntuneSDKDistribution.legacyStem
      }
      return false
    }
    for library in libraries where library.name.lowercased() == "libintunemam.a" && !forceLoaded {
      guard let file = library.frameworksPhaseFile else { continue }
      view.report(
        "'\(library.name)' is linked without '-force_load' in OTHER_LDFLAGS; the linker drops the SDK's categories",
        at: view.sources.buildFileSite(file), keyPath: "OTHER_LDFLAGS", into: &findings)
    }
  }
}

import SharelintBase
import XcodeModel

/// XC015: ADAL's static library is linked without `-force_load` or without `ADALiOSBundle.bundle`.
struct IncompleteADALLibraryRule: TargetRule {
  static let description = RuleDescription(
    identifier: "adal-static-library-incomplete",
    family: .xcodeProject, number: 15,
    summary: "libADALiOS.a is linked without -force_load, or without ADALiOSBundle.bundle in Copy Bundle Resources",
    whatItDoes: """
      For a target that still links ADAL's static library `libADALiOS.a` in its frameworks phase: requires \
      `-force_load …/libADALiOS.a` in `OTHER_LDFLAGS` as Xcode evaluates it in the configuration (`-ObjC` or \
      `-all_load`, which also load every category, count too), and `ADALiOSBundle.bundle` in Copy Bundle \
      Resources. ADAL linked as a framework or a pod needs neither (CocoaPods copies the bundle itself); that ADAL \
      is linked at all is XC011's finding.
      """,
    whyItMatters: """
      The 2016 SDK developer guide, build steps 11–13: link ADAL, "include the `ADALiOSBundle.bundle` resource \
      bundle … under Copy Bundle Resources", and "use the `-force_load PATH_TO_ADAL_LIBRARY` linker option" \
      (its FAQ, "How do I link the ADAL binaries?", says the same and "be sure to copy the ADAL bundle into the \
      app"). Without `-force_load` the linker drops the library's Objective-C categories and sign-in fails at run \
      time with unrecognized selectors; without the bundle ADAL's sign-in screens have no storyboard. ADAL itself \
      is retired (AzureAD/azure-activedirectory-library-for-objc is archived; MSAL replaces it): while an app still \
      links it, these are what keep it working.
      """,
    useInstead: """
      `OTHER_LDFLAGS = $(inherited) -force_load $(PROJECT_DIR)/ADAL/libADALiOS.a` (the library's path) and \
      `ADALiOSBundle.bundle` in the target's Copy Bundle Resources; better, move to MSAL (XC011).
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAM.framework", embedding: .embedAndSign),
            .init("ADAL/libADALiOS.a", markLink: true),
          ], markName: true),
        ]),
        messages: [
          "'libADALiOS.a' is linked without '-force_load' in OTHER_LDFLAGS; the linker drops ADAL's categories and "
            + "sign-in fails at run time",
          "'App' links 'libADALiOS.a' without ADALiOSBundle.bundle in Copy Bundle Resources; ADAL's sign-in screens "
            + "are missing",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["OTHER_LDFLAGS": "$(inherited) -force_load $(PROJECT_DIR)/ADAL/libADALiOS.a"],
                frameworks: [
                  .init("Frameworks/IntuneMAM.framework", embedding: .embedAndSign), .init("ADAL/libADALiOS.a"),
                ],
                resources: ["ADAL/ADALiOSBundle.bundle"]),
        ])),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["OTHER_LDFLAGS": "-ObjC"],
                frameworks: [
                  .init("Frameworks/IntuneMAM.framework", embedding: .embedAndSign), .init("ADAL/libADALiOS.a"),
                ],
                resources: ["ADAL/ADALiOSBundle.bundle"]),
        ])),
    ],
    guideSteps: [18]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let libraries = view.facts.linked.filter { library in
      library.frameworksPhaseFile != nil && library.name.lowercased() == "libadalios.a"
    }
    guard let first = libraries.first else { return }
    let hasBundle = view.build.resources.contains {
      XcodeLinkedFileKind.stem(of: $0.name).lowercased() == "adaliosbundle"
    }
    let forceLoaded = view.facts.linked.contains { library in
      if case .linkerFlag(let flag) = library.source, flag.kind == .forceLoad {
        return library.stem.lowercased() == "adalios"
      }
      return false
    }
    let linkerFlags = view.configuration.settings.resolve("$(OTHER_LDFLAGS)").resolvedText ?? ""
    let loadsEveryCategory = linkerFlags.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\"" })
      .contains { ["-objc", "-all_load"].contains($0.lowercased()) }
    if !forceLoaded && !loadsEveryCategory, let file = first.frameworksPhaseFile {
      view.report(
        "'\(first.name)' is linked without '-force_load' in OTHER_LDFLAGS; the linker drops ADAL's categories and "
          + "sign-in fails at run time",
        at: view.sources.buildFileSite(file), keyPath: "OTHER_LDFLAGS", into: &findings)
    }
    if !hasBundle {
      view.report(
        "'\(view.targetName)' links '\(first.name)' without ADALiOSBundle.bundle in Copy Bundle Resources; ADAL's "
          + "sign-in screens are missing",
        at: view.targetSite, keyPath: "\(view.targetName) › Resources", into: &findings)
    }
  }
}

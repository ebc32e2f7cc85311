import IntuneKnowledge
import XcodeModel

/// XC009: Copy Bundle Resources copies parts of the Intune App SDK's distribution into the bundle.
struct SDKDistributionInResourcesRule: TargetRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-files-in-bundle-resources",
    family: .xcodeProject, number: 9,
    summary: "Copy Bundle Resources copies the Intune SDK's folder, tools or frameworks into the bundle",
    whatItDoes: """
      Reports a Copy Bundle Resources entry that is part of the SDK's distribution rather than a resource: the \
      SDK's folder (`ms-intune-app-sdk-ios…`), the `IntuneMAMConfigurator` or `IntuneMAMFrameworkPatcher` tool, a \
      framework or library of the SDK; and `IntuneMAMResources.bundle` when the target links the SDK's \
      framework rather than its static library (the framework carries its own resources).
      """,
    whyItMatters: """
      The upload fails with ITMS-90171 ("Invalid Bundle Structure… The binary file … is not permitted") when the \
      SDK's folder or the configurator binary is copied into the app (microsoftconnect/ms-intune-app-sdk-ios \
      issue #171, MicrosoftDocs/IntuneDocs#1552). The frameworks carry `IntuneMAMResources.bundle` inside them; a \
      copy at the top of the app is at best dead weight, and 16.0.0's was refused by App Store Connect (error 90542, \
      #245). The "stage 3" guide: the resources bundle "is only required for apps that integrate the deprecated \
      static library" (the 2020 guide likewise: "only for apps that integrate the static library").
      """,
    useInstead: """
      Remove the entry from the target's Copy Bundle Resources (keep the file in the repository if a build step \
      needs it); link frameworks in "Frameworks, Libraries, and Embedded Content" instead.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")],
                resources: ["Frameworks/IntuneMAMConfigurator", "Frameworks/IntuneMAMResources.bundle"],
                markResources: ["Frameworks/IntuneMAMConfigurator", "Frameworks/IntuneMAMResources.bundle"]),
        ]),
        messages: [
          "'IntuneMAMConfigurator' is a tool of the Intune App SDK copied into the bundle; the App Store refuses "
            + "it (ITMS-90171)",
          "'IntuneMAMResources.bundle' is copied though the target links the SDK's framework, which carries its own; "
            + "only the static library needs it",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", settings: ["OTHER_LDFLAGS": "-force_load $(PROJECT_DIR)/Frameworks/libIntuneMAM.a"],
                frameworks: [.init("Frameworks/libIntuneMAM.a")], resources: ["Frameworks/IntuneMAMResources.bundle"]),
        ])),
    ],
    guideSteps: [7, 9]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let libraries = view.intuneLibraries
    let linksFramework = libraries.contains { $0.isFrameworkBundle && !IntuneSDKParts.isStaticLibrary($0) }
      || libraries.contains { if case .pod = $0.source { return true } else if case .packageProduct = $0.source {
        return true } else { return false } }
    let linksStaticLibrary = libraries.contains(where: IntuneSDKParts.isStaticLibrary)
    for file in view.build.resources {
      let name = file.name
      let lowered = name.lowercased()
      let stem = XcodeLinkedFileKind.stem(of: name).lowercased()
      let message: String
      if lowered.hasPrefix(IntuneSDKDistribution.packageIdentity) {
        message = "'\(name)' is the Intune App SDK's folder copied into the bundle; the App Store refuses the "
          + "binaries in it (ITMS-90171)"
      } else if stem == "intunemamconfigurator" || stem == "intunemamframeworkpatcher" {
        message = "'\(name)' is a tool of the Intune App SDK copied into the bundle; the App Store refuses it "
          + "(ITMS-90171)"
      } else if stem == "intunemamresources" {
        guard linksFramework, !linksStaticLibrary else { continue }
        message = "'\(name)' is copied though the target links the SDK's framework, which carries its own; only the "
          + "static library needs it"
      } else if IntuneEvidence.isIntuneSDK(stem: XcodeLinkedFileKind.stem(of: name)),
        [.framework, .xcframework, .staticLibrary].contains(XcodeLinkedFileKind(fileName: name))
      {
        message = "'\(name)' of the Intune App SDK is copied as a resource; link it (and embed it in the app) "
          + "instead"
      } else {
        continue
      }
      view.report(
        message, at: view.sources.buildFileSite(file), keyPath: "\(view.targetName) › Resources › \(name)",
        into: &findings)
    }
  }
}

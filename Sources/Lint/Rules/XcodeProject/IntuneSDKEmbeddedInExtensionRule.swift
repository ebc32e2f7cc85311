import SharelintBase
import XcodeModel

/// XC003: an app extension embeds a framework of the Intune App SDK.
struct IntuneSDKEmbeddedInExtensionRule: LintRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-embedded-in-extension",
    family: .xcodeProject, number: 3,
    summary: "an app extension embeds a framework of the Intune App SDK",
    whatItDoes: """
      Reports an app extension target whose copy-files phases put a framework of the SDK into its own \
      `Frameworks` folder, and a built extension (`.appex` in an `.app` or `.ipa`) that carries one.
      """,
    whyItMatters: """
      App Store Connect refuses an extension with a `Frameworks` folder of its own (ITMS-90206, "Invalid Bundle… \
      contains disallowed file 'Frameworks'"). The "stage 3" guide (build step 1): "For any extensions, select Do \
      Not Embed"; the extension loads the app's copy.
      """,
    useInstead: """
      Set the SDK's frameworks to Do Not Embed in the extension's General tab; the app embeds and signs them.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
          .init("Share", isExtension: true, frameworks: [
            .init("Frameworks/IntuneMAMStatic.xcframework", embedding: .embedAndSign, markEmbed: true),
          ]),
        ]),
        files: ["Share/Info.plist": ExampleFiles.intuneShareExtensionInfoPlist],
        messages: [
          "extension 'Share' embeds 'IntuneMAMStatic.xcframework'; App Store Connect refuses an extension with "
            + "frameworks of its own (choose Do Not Embed)",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
          .init("Share", isExtension: true, frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
        ]),
        files: ["Share/Info.plist": ExampleFiles.intuneShareExtensionInfoPlist]),
    ],
    guideSteps: [6]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    if let facts = target.settings.buildFacts, case .bundle(let bundle) = facts.origin {
      guard target.kind == .appExtension else { return }
      for framework in facts.bundledFrameworks where IntuneSDKParts.isSDKFramework(fileName: framework) {
        findings.report(
          "extension '\(PathText.lastComponent(of: bundle))' carries 'Frameworks/\(framework)'; App Store Connect "
            + "refuses an extension with frameworks of its own", in: target.infoPlist, range: nil, keyPath: "")
      }
      return
    }
    guard let view = ProjectTargetView(target), view.isExtension else { return }
    for embedded in view.build.embeddedFrameworks
    where IntuneSDKParts.isSDKFramework(fileName: embedded.file.name) {
      view.report(
        "extension '\(view.targetName)' embeds '\(embedded.file.name)'; App Store Connect refuses an extension with "
          + "frameworks of its own (choose Do Not Embed)",
        at: view.sources.buildFileSite(embedded.file),
        keyPath: "\(view.targetName) › \(embedded.phaseName) › \(embedded.file.name)", into: &findings)
    }
  }
}

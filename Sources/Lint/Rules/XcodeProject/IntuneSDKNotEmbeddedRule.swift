import XcodeModel

/// XC002: the app links the dynamic Intune App SDK without embedding and signing it.
struct IntuneSDKNotEmbeddedRule: TargetRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-not-embedded",
    family: .xcodeProject, number: 2,
    summary: "the app links a dynamic framework of the Intune App SDK without Embed & Sign",
    whatItDoes: """
      For an app target, takes each dynamic framework of the SDK its frameworks phase links (`IntuneMAMSwift`, \
      `IntuneMAMSwiftStub`, the older `IntuneMAM.framework`, `IntuneMAMTelemetry`) and requires a copy of it in an \
      "Embed Frameworks" phase (`dstSubfolderSpec = 10`) with `CodeSignOnCopy`. Pods and Swift packages are \
      embedded by CocoaPods' script and by Xcode, and `IntuneMAMStatic` is static: they are left out.
      """,
    whyItMatters: """
      A dynamic framework that is linked but not embedded is missing from the app at run time: it crashes at \
      launch with "dyld: Library not loaded: @rpath/IntuneMAMSwiftStub.framework/IntuneMAMSwiftStub" \
      (microsoftconnect/ms-intune-app-sdk-ios issue #106); one embedded without signing fails code signing. The \
      "stage 3" guide (build step 1): "For your main app, select Embed & Sign in the Embed column".
      """,
    useInstead: """
      In the app target's General tab, set the SDK's frameworks to Embed & Sign. The fix adds `CodeSignOnCopy` to a \
      framework embedded without signing; one not embedded at all is left for Xcode to add.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework", markLink: true),
          ]),
        ]),
        messages: [
          "'IntuneMAMSwiftStub.xcframework' is linked but not embedded; the app crashes at launch with 'dyld: "
            + "Library not loaded: @rpath/IntuneMAMSwiftStub…'",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embed, markEmbed: true),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
          ]),
        ]),
        messages: ["'IntuneMAMSwift.xcframework' is embedded without signing; choose Embed & Sign"],
        corrected: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
        ])),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
          .init("Share", isExtension: true, frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework"), .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
        ])),
    ],
    guideSteps: [5]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    guard view.isApp else { return }
    for library in view.intuneLibraries where IntuneSDKParts.isDynamicFramework(library) {
      guard let file = library.frameworksPhaseFile else { continue }
      let embedded = view.build.embeddedFrameworks.first { embedded in
        if let reference = file.fileReference, embedded.file.fileReference?.id == reference.id { return true }
        return embedded.file.name == file.name
      }
      guard let embedded else {
        view.report(
          "'\(file.name)' is linked but not embedded; the app crashes at launch with 'dyld: Library not loaded: "
            + "@rpath/\(library.stem)…'",
          at: view.sources.buildFileSite(file), keyPath: "\(view.targetName) › Frameworks › \(file.name)",
          notes: ["choose Embed & Sign for it in the target's General tab"], into: &findings)
        continue
      }
      guard !embedded.isSigned else { continue }
      let edit = view.sources.isGenerated ? nil : view.sources.signOnCopyEdit(of: embedded.file)
      let fix = edit.map {
        findings.fix(
          "add CodeSignOnCopy to '\(file.name)' in \(embedded.phaseName)", .safe, file: view.sources.projectText.name,
          edits: [$0])
      }
      view.report(
        "'\(file.name)' is embedded without signing; choose Embed & Sign",
        at: view.sources.buildFileSite(embedded.file),
        keyPath: "\(view.targetName) › \(embedded.phaseName) › \(file.name)", fix: fix, into: &findings)
    }
  }
}

import IntuneKnowledge
import SharelintBase
import XcodeModel

/// XC021: a target links both the dynamic and the static build of the Intune App SDK.
struct DynamicAndStaticSDKLinkedRule: TargetRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-dynamic-and-static-linked",
    family: .xcodeProject, number: 21,
    summary: "a target links both IntuneMAMSwift and IntuneMAMStatic",
    whatItDoes: """
      Reports a target that links both builds of the Intune App SDK: the dynamic `IntuneMAMSwift` and the static \
      `IntuneMAMStatic`, whichever way each is linked: as products of the SDK's Swift package \
      (`ms-intune-app-sdk-ios`, products `IntuneMAMSwift` and `IntuneMAMStatic` in its `Package.swift` from \
      20.4.0 to 21.7.1) or as `IntuneMAMSwift.xcframework` and `IntuneMAMStatic.xcframework` in its frameworks \
      phase.
      """,
    whyItMatters: """
      Both xcframeworks hold a framework named `IntuneMAMSwift.framework` (the `LibraryPath` of every library in \
      `IntuneMAMStatic.xcframework/Info.plist`, 19.4.0 to 21.7.1), and Xcode copies each xcframework's library \
      into the same build folder under that name (swift-build, `XCFramework.computeOutputDirectory`). The build \
      stops with "Multiple commands produce '…/IntuneMAMSwift.framework'": microsoftconnect/ms-intune-app-sdk-ios \
      issues #690 and #691 (2026-08-30, SDK 20.9.6, 20.9.7 and 21.8.0 through Swift Package Manager). Linking the \
      two files has the same two copies of one path.
      """,
    useInstead: """
      Link one build. The "stage 3" guide recommends the dynamic `IntuneMAMSwift` (the app embeds it and its \
      extensions load the same copy); `IntuneMAMStatic` starts faster but puts a copy of the SDK into every app \
      or extension that links it. Either brings the `IntuneMAMSwift` module (`import IntuneMAMSwift`) with \
      `IntuneMAMSwiftStub`. No automatic fix: which build to keep is the developer's choice.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", packageProducts: [.init("IntuneMAMSwift"), .init("IntuneMAMStatic", mark: true)]),
        ]),
        messages: [
          "'App' links both 'IntuneMAMSwift' and 'IntuneMAMStatic', which both produce IntuneMAMSwift.framework; "
            + "the build fails with 'Multiple commands produce'",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
            .init("Frameworks/IntuneMAMStatic.xcframework", markLink: true),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
          ]),
        ]),
        messages: [
          "'App' links both 'IntuneMAMSwift.xcframework' and 'IntuneMAMStatic.xcframework', which both produce "
            + "IntuneMAMSwift.framework; the build fails with 'Multiple commands produce'",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", packageProducts: [.init("IntuneMAMSwift")]),
          .init("Share", isExtension: true, packageProducts: [.init("IntuneMAMSwift")]),
        ]),
        files: ["Share/Info.plist": ExampleFiles.intuneShareExtensionInfoPlist]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [
            .init("Frameworks/IntuneMAMStatic.xcframework"), .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ], packageProducts: [.init("IntuneMAMTelemetry")]),
        ])),
    ],
    guideSteps: [3],
    referenceData: IntuneSDKKnownIssues.referenceData
  )

  /// Which build of the SDK `library` is, when it is one of the two that clash: an `.xcframework` of a frameworks
  /// phase, or a product of the SDK's Swift package.
  static func build(of library: XcodeLinkedLibrary) -> IntuneSDKKnownIssues.SDKBuild? {
    let builds = [IntuneSDKKnownIssues.dynamicBuild, IntuneSDKKnownIssues.staticBuild]
    switch library.source {
    case .frameworksPhase:
      let name = library.name.lowercased()
      return builds.first { $0.fileName.lowercased() == name }
    case .packageProduct(let product):
      guard product.product.package?.identity == IntuneEvidence.sdkPackageIdentity else { return nil }
      return builds.first { $0.packageProduct == product.product.productName }
    case .pod, .linkerFlag, .plugin:
      return nil
    }
  }

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let linked = view.facts.linked
    guard let dynamic = linked.first(where: { Self.build(of: $0) == IntuneSDKKnownIssues.dynamicBuild }),
      let staticBuild = linked.first(where: { Self.build(of: $0) == IntuneSDKKnownIssues.staticBuild })
    else { return }
    // Placed at the second of the two in link order: the one that adds the duplicate.
    let second = linked.firstIndex(of: dynamic)! < linked.firstIndex(of: staticBuild)! ? staticBuild : dynamic
    let site: (text: SourceText, range: ByteRange)?
    switch second.source {
    case .frameworksPhase(let file): site = view.sources.buildFileSite(file)
    case .packageProduct(let product): site = view.sources.packageProductSite(product.product) ?? view.targetSite
    case .pod, .linkerFlag, .plugin: site = view.targetSite
    }
    view.report(
      "'\(view.targetName)' links both '\(dynamic.name)' and '\(staticBuild.name)', which both produce "
        + "\(IntuneSDKKnownIssues.sharedFrameworkName); the build fails with 'Multiple commands produce'",
      at: site, keyPath: "\(view.targetName) › Frameworks › \(second.name)",
      notes: [
        "\(view.targetName) \(dynamic.description)", "\(view.targetName) \(staticBuild.description)",
        "keep one: " + IntuneSDKKnownIssues.whichBuildToKeep,
      ],
      into: &findings)
  }
}

import IntuneKnowledge
import SharelintBase
import XcodeModel

/// XC016: a File Provider extension links the wrong part of the Intune App SDK (the non-UI extension the full SDK,
/// the UI extension or another target the File Provider library).
struct FileProviderIntuneLibraryRule: TargetRule {
  /// `NSExtensionPointIdentifier` of the non-UI File Provider extension.
  static let nonUIPoint = "com.apple.fileprovider-nonui"
  /// `NSExtensionPointIdentifier` of the File Provider UI extension.
  static let uiPoint = "com.apple.fileprovider-actionsui"

  static let description = RuleDescription(
    identifier: "file-provider-wrong-intune-library",
    family: .xcodeProject, number: 16,
    summary: "a File Provider extension links the wrong part of the Intune App SDK",
    whatItDoes: """
      Reads each target's extension point and what it links in the configuration. The non-UI File Provider \
      extension (`com.apple.fileprovider-nonui`) should link `libIntuneMAMSwiftFileProvider` rather than the full \
      SDK (`IntuneMAMSwift`, `IntuneMAMStatic`, `libIntuneMAMSwift`, `IntuneMAM`); the File Provider UI extension \
      (`com.apple.fileprovider-actionsui`) needs the full SDK, not the File Provider library; no other target may \
      link the File Provider library.
      """,
    whyItMatters: """
      The "stage 3" guide, "Integrate File Provider extensions": "File provider extensions have certain memory \
      requirements that might make integrating the full SDK difficult. To make it easier, there is a static \
      library libIntuneMAMSwiftFileProvider.xcframework, which is a stripped down version of the SDK specifically \
      for file provider extensions. Note this is for the non-UI part of the FileProvider extension. You will need \
      to integrate the full SDK into the file provider UI extension." iOS ends a File Provider extension that \
      passes its memory limit; the stripped library lacks the UI a UI extension shows (its policy screens), and \
      in an app or another extension the SDK would manage nothing.
      """,
    useInstead: """
      Link `libIntuneMAMSwiftFileProvider.xcframework` (Do Not Embed, with `IntuneMAMSwiftStub`) in the non-UI \
      File Provider extension, `IntuneMAMSwift.xcframework` in the UI extension and the app; keep \
      `ContainingAppBundleId` in both extensions' `IntuneMAMSettings`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
          .init("Files", isExtension: true, frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework", markLink: true),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
          .init("FilesUI", isExtension: true, frameworks: [
            .init("Frameworks/libIntuneMAMSwiftFileProvider.xcframework", markLink: true),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
        ]),
        files: [
          "Files/Info.plist": ExampleFiles.fileProviderInfoPlist(point: nonUIPoint),
          "FilesUI/Info.plist": ExampleFiles.fileProviderInfoPlist(point: uiPoint),
        ],
        messages: [
          "'Files' is a File Provider extension linking the full Intune App SDK ('IntuneMAMSwift.xcframework'); the "
            + "guide gives its non-UI part libIntuneMAMSwiftFileProvider, which fits its memory limit",
          "'FilesUI' is a File Provider UI extension linking 'libIntuneMAMSwiftFileProvider.xcframework', the SDK "
            + "stripped for the non-UI extension; the UI extension needs the full SDK",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
          .init("Files", isExtension: true, frameworks: [
            .init("Frameworks/libIntuneMAMSwiftFileProvider.xcframework"),
            .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
          .init("FilesUI", isExtension: true, frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework"), .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
        ]),
        files: [
          "Files/Info.plist": ExampleFiles.fileProviderInfoPlist(point: nonUIPoint),
          "FilesUI/Info.plist": ExampleFiles.fileProviderInfoPlist(point: uiPoint),
        ]),
    ],
    guideSteps: [15]
  )

  /// Whether `library` is the File Provider library (`libIntuneMAMSwiftFileProvider`, as a file or the Swift
  /// package's product).
  static func isFileProviderLibrary(_ library: XcodeLinkedLibrary) -> Bool {
    library.stem.lowercased().contains("intunemamswiftfileprovider")
      || library.name.lowercased().contains("intunemamswiftfileprovider")
  }

  /// Whether `library` is the whole SDK (any build of it but the File Provider library, the stub and telemetry).
  static func isFullSDK(_ library: XcodeLinkedLibrary) -> Bool {
    guard IntuneEvidence.isIntuneSDK(library), !isFileProviderLibrary(library) else { return false }
    return IntuneSDKDistribution.fullSDKStems.contains(library.stem.lowercased())
  }

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    let point = target.infoPlist.root.value(at: ["NSExtension", "NSExtensionPointIdentifier"])?.string
    let linked = view.facts.linked
    func site(_ library: XcodeLinkedLibrary) -> (text: SourceText, range: ByteRange)? {
      library.frameworksPhaseFile.flatMap(view.sources.buildFileSite) ?? view.targetSite
    }
    let fileProviderLibrary = linked.first(where: Self.isFileProviderLibrary)
    if point == Self.nonUIPoint {
      guard fileProviderLibrary == nil, let full = linked.first(where: Self.isFullSDK) else { return }
      view.report(
        "'\(view.targetName)' is a File Provider extension linking the full Intune App SDK ('\(full.name)'); the "
          + "guide gives its non-UI part libIntuneMAMSwiftFileProvider, which fits its memory limit",
        at: site(full), keyPath: "\(view.targetName) › Frameworks › \(full.name)", notes: [full.description],
        into: &findings)
    } else if let fileProviderLibrary {
      let message = point == Self.uiPoint
        ? "'\(view.targetName)' is a File Provider UI extension linking '\(fileProviderLibrary.name)', the SDK "
          + "stripped for the non-UI extension; the UI extension needs the full SDK"
        : "'\(view.targetName)' links '\(fileProviderLibrary.name)', the SDK stripped for the non-UI File Provider "
          + "extension (\(Self.nonUIPoint)); \(view.isApp ? "an app" : "this target") needs the full SDK"
      view.report(
        message, at: site(fileProviderLibrary),
        keyPath: "\(view.targetName) › Frameworks › \(fileProviderLibrary.name)",
        notes: [fileProviderLibrary.description], into: &findings)
    }
  }
}

import Foundation
import IntuneKnowledge
import SharelintBase
import XcodeModel

/// XC008: an app links an Intune App SDK release that needs `IntuneMAMFrameworkPatcher` and has no Run Script phase
/// running it.
struct MissingFrameworkPatcherPhaseRule: TargetRule {
  static let description = RuleDescription(
    identifier: "missing-framework-patcher-phase",
    family: .xcodeProject, number: 8,
    summary: "the linked Intune App SDK release needs IntuneMAMFrameworkPatcher in a Run Script phase",
    whatItDoes: """
      For an app target linking the SDK at a release that ships `IntuneMAMFrameworkPatcher` (17.6.3, 17.7.0, \
      17.7.1: the repository's tree at each tag; 17.7.2 and later no longer ship it), requires a Run Script phase of \
      the target whose script runs it. A scheme's post-action does not count (and is named in a note when found).
      """,
    whyItMatters: """
      The 17.7.0 release notes: "Running the IntuneMAMFrameworkPatcher tool is now a required integration step. \
      Without this, the app launch will be blocked" (quoted in microsoftconnect/ms-intune-app-sdk-ios issue \
      #362); the app shows "Please run IntuneMAMFrameworkPatcher during the build process" (#368). Run as a \
      scheme's post-action it works in development and not in the archive sent to the App Store (#361, #355).
      """,
    useInstead: """
      A Run Script phase at the end of the app target's build phases: `"$PROJECT_DIR/IntuneMAMFrameworkPatcher" \
      -i "$TARGET_BUILD_DIR/$WRAPPER_NAME" -resign`; or update the SDK to 17.7.2 or later, which needs no patcher.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK, markName: true),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "17.7.0"),
        messages: [
          "the Intune App SDK 17.7.0 needs IntuneMAMFrameworkPatcher run in a Run Script phase of 'App'; without it "
            + "the SDK blocks the app's launch",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK, scripts: [
            "\"${PROJECT_DIR}/IntuneMAMFrameworkPatcher\" -i \"${TARGET_BUILD_DIR}/${WRAPPER_NAME}\" -resign",
          ]),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "17.7.0")),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "17.7.2")),
    ]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    guard view.isApp, let (version, library) = view.sdkVersion,
      IntuneSDKReleases.patcherReleases.contains(version)
    else { return }
    let runsPatcher = view.build.scriptPhases.contains { phase in
      phase.shellScript?.script.contains("IntuneMAMFrameworkPatcher") == true
    }
    guard !runsPatcher else { return }
    var notes = ["\(view.targetName) \(library.description)"]
    if let scheme = Self.schemeRunningPatcher(in: view.sources.model.path) {
      notes.append("'\(scheme)' runs it as a scheme action, which an archive built by another scheme or by CI skips")
    }
    view.report(
      "the Intune App SDK \(version) needs IntuneMAMFrameworkPatcher run in a Run Script phase of "
        + "'\(view.targetName)'; without it the SDK blocks the app's launch",
      at: view.targetSite, keyPath: view.targetName, notes: notes, into: &findings)
  }

  /// The first shared scheme of the project at `projectPath` whose text names the patcher.
  static func schemeRunningPatcher(in projectPath: String) -> String? {
    let folder = PathText.joined(projectPath, "xcshareddata/xcschemes")
    let names = (try? RepositoryFile.listFolder(folder).get()) ?? []
    for name in names.sorted() where name.hasSuffix(".xcscheme") {
      let path = PathText.joined(folder, name)
      guard case .success(let bytes) = RepositoryFile.read(path, limit: 1 << 20) else { continue }
      if String(decoding: bytes, as: UTF8.self).contains("IntuneMAMFrameworkPatcher") {
        return XcodeProjectSources.displayPath(path)
      }
    }
    return nil
  }
}

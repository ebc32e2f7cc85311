import Foundation
import SharelintBase
import XcodeModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// XC017: the Intune App SDK's test files (`MAMEnvironment.plist`, `MAMPolicies.plist`, `MAMDebugSettings.plist` or a
/// settings bundle holding it) are copied into a build that ships.
struct IntuneTestFilesInReleaseRule: TargetRule {
  /// The SDK's test files, lowercased, with what each does.
  static let testFiles: [String: String] = [
    "mamenvironment.plist": "switches the SDK to Microsoft's pre-production service (UsePPE)",
    "mampolicies.plist": "overrides the Entra authority the SDK signs in with (AadAuthorityURI)",
    "mamdebugsettings.plist": "lets anyone turn on test policies in the Settings app",
  ]

  static let description = RuleDescription(
    identifier: "intune-test-files-in-release",
    family: .xcodeProject, number: 17,
    summary: "the Intune SDK's test files (MAMEnvironment.plist, MAMPolicies.plist, MAMDebugSettings.plist) ship in a "
      + "release build",
    whatItDoes: """
      In a configuration that ships (any whose name does not contain "Debug" and whose Swift or C conditions do \
      not define `DEBUG`), reports a Copy Bundle Resources entry that is `MAMEnvironment.plist`, \
      `MAMPolicies.plist`, `MAMDebugSettings.plist`, or a `.bundle` (a Settings.bundle) whose folder holds \
      `MAMDebugSettings.plist`. An entry the configuration leaves out through `EXCLUDED_SOURCE_FILE_NAMES` (and \
      does not put back through `INCLUDED_SOURCE_FILE_NAMES`), or that a Run Script phase of the target names (a \
      script that removes it from release builds), is not reported.
      """,
    whyItMatters: """
      The 2016 SDK developer guide (older SDKs): "to test against PPE … set the `UsePPE` Boolean flag to true in \
      MAMEnvironment.plist"; `MAMPolicies.plist`'s `AadAuthorityURI` picks the Entra environment; and under \
      "Debugging the Intune App SDK in Xcode": "copy MAMDebugSettings.plist into Settings.bundle in debug builds \
      only" — its "Enable Test Policies" switch lets a user set policies locally, without Intune. Shipped, an app \
      talks to the test service, signs in against another authority, or lets users lift the policies their \
      company set.
      """,
    useInstead: """
      Keep the files out of release builds: `EXCLUDED_SOURCE_FILE_NAMES = MAMEnvironment.plist MAMPolicies.plist \
      Settings.bundle` in the Release configuration, a Run Script phase that copies them only when \
      `${CONFIGURATION}` is Debug, or a separate debug target.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("Frameworks/IntuneMAM.framework", embedding: .embedAndSign)],
                resources: ["App/MAMEnvironment.plist", "App/Settings.bundle"],
                markResources: ["App/MAMEnvironment.plist", "App/Settings.bundle"]),
        ]),
        files: [
          "App/MAMEnvironment.plist": "<key>UsePPE</key>\n<true/>",
          "App/Settings.bundle/Root.plist": "<key>PreferenceSpecifiers</key>\n<array/>",
          "App/Settings.bundle/MAMDebugSettings.plist": "<key>PreferenceSpecifiers</key>\n<array/>",
        ],
        messages: [
          "'MAMEnvironment.plist' is copied into the 'Release' build of 'App'; it switches the SDK to Microsoft's "
            + "pre-production service (UsePPE): keep it to debug builds",
          "'Settings.bundle' holds MAMDebugSettings.plist and is copied into the 'Release' build of 'App'; it lets "
            + "anyone turn on test policies in the Settings app: keep it to debug builds",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App",
                settingsByConfiguration: [
                  "Release": ["EXCLUDED_SOURCE_FILE_NAMES": "MAMEnvironment.plist Settings.bundle"],
                ],
                frameworks: [.init("Frameworks/IntuneMAM.framework", embedding: .embedAndSign)],
                resources: ["App/MAMEnvironment.plist", "App/Settings.bundle"]),
        ]),
        files: [
          "App/MAMEnvironment.plist": "<key>UsePPE</key>\n<true/>",
          "App/Settings.bundle/MAMDebugSettings.plist": "<key>PreferenceSpecifiers</key>\n<array/>",
        ]),
    ],
    guideSteps: [61]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    guard DebugConfiguration.isDebug(target) == false else { return }
    let excluded = view.value(of: "EXCLUDED_SOURCE_FILE_NAMES").split(separator: " ").map(String.init)
    let included = view.value(of: "INCLUDED_SOURCE_FILE_NAMES").split(separator: " ").map(String.init)
    let scripts = view.build.scriptPhases.compactMap { $0.shellScript?.script }
    for file in view.build.resources {
      let name = file.name
      let lowered = name.lowercased()
      let what: String
      if let known = Self.testFiles[lowered] {
        what = "'\(name)' is copied into the '\(view.configurationName)' build of '\(view.targetName)'; it \(known)"
      } else if lowered.hasSuffix(".bundle"), let folder = file.fileReference?.resolvedPath,
        Self.holdsDebugSettings(folder)
      {
        what = "'\(name)' holds MAMDebugSettings.plist and is copied into the '\(view.configurationName)' build of "
          + "'\(view.targetName)'; it \(Self.testFiles["mamdebugsettings.plist"]!)"
      } else {
        continue
      }
      let isExcluded = excluded.contains { Self.matches($0, name) } && !included.contains { Self.matches($0, name) }
      guard !isExcluded, !scripts.contains(where: { $0.contains(name) }) else { continue }
      view.report(
        what + ": keep it to debug builds", at: view.sources.buildFileSite(file),
        keyPath: "\(view.targetName) › Resources › \(name)", into: &findings)
    }
  }

  /// Whether the folder at `path` holds `MAMDebugSettings.plist` (any case).
  static func holdsDebugSettings(_ path: String) -> Bool {
    let names = (try? RepositoryFile.listFolder(path).get()) ?? []
    return names.contains { $0.lowercased() == "mamdebugsettings.plist" }
  }

  /// Whether the file name `name` matches the shell pattern `pattern` (as Xcode's `EXCLUDED_SOURCE_FILE_NAMES`).
  static func matches(_ pattern: String, _ name: String) -> Bool {
    fnmatch(pattern, name, 0) == 0
  }
}

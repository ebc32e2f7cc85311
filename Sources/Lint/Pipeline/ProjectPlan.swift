import Foundation
import PredicateSyntax
import ProjectDiscovery
import PropertyList
import SharelintBase
import XcodeModel

/// The part of stage 1 (`LintPlan`) that reads the Xcode projects found under the paths: for each app and extension
/// target and each of its configurations, the Info.plist and entitlements that configuration builds, with that
/// configuration's build settings and its containing app. The plists a project claims are linted through it (with
/// the right `$(VAR)` values, once per configuration) and left out of folder discovery.
struct ProjectPlan {
  /// What the user narrows the run to: `--target`, `--configuration`.
  struct Selection {
    var targetName: String?
    var configurationName: String?
  }

  /// The selected targets, project by project, target by target, each with its selected configurations.
  var targets: [PlannedTarget] = []
  /// The symlink-free absolute paths (`FileIdentity`) of the plists the projects claim.
  var claimedFiles: Set<String> = []
  /// Projects that could not be read (a malformed project.pbxproj).
  var problems: [String] = []
  /// What Xcode would report and go on from (a missing `.xcconfig` or include, a loop of settings, a workspace
  /// without contents, a flag the preprocessor does not honour), each once, located where it can be.
  var notes: [String] = []

  /// Reads the projects in `containers` (display paths of `.xcodeproj`/`.xcworkspace` folders); the `-D`
  /// definitions override every configuration's settings.
  init(containers: [String], selection: Selection, commandLineDefinitions: [(name: String, value: String)]) {
    guard !containers.isEmpty else { return }
    let report = XcodeTargetsReport(paths: containers)
    problems = report.errors.map(\.description)
    var seenNotes: Set<String> = []
    func note(_ text: String) {
      if seenNotes.insert(text).inserted { notes.append(text) }
    }
    for projectNote in report.notes { note(projectNote.description) }
    var indexes: [String: XcconfigDefinitionIndex] = [:]
    var plists: [String: DiscoveredPlist] = [:]
    func plist(at path: String?) -> DiscoveredPlist? {
      guard let path, !path.isEmpty else { return nil }
      let identity = FileIdentity.of(path)
      if let known = plists[identity] { return known }
      guard let data = FileManager.default.contents(atPath: path) else { return nil }
      let plist = DiscoveredPlist(
        displayPath: Self.displayPath(path), filePath: path, location: .sourceFile, bytes: Array(data))
      plists[identity] = plist
      return plist
    }
    // Every target's plists are claimed, also those the selection leaves out and those of frameworks and tests,
    // which ship in no app: none of them is a loose file.
    for path in report.otherTargetFiles { claimedFiles.insert(FileIdentity.of(path)) }
    for target in report.targets {
      for configuration in target.configurations {
        for path in [configuration.infoPlistPath?.resolved, configuration.entitlementsPath?.resolved] {
          if let path, !path.isEmpty { claimedFiles.insert(FileIdentity.of(path)) }
        }
      }
    }
    let targetsByName = Dictionary(report.targets.map { ("\($0.project)\u{0}\($0.name)", $0) }) { first, _ in first }
    for target in report.targets where selection.targetName.map({ $0 == target.name }) ?? true {
      let isExtension = target.productType.contains("extension")
      var builds: [PlannedBuild] = []
      let projectFolder = PathText.removingLastComponent(of: target.project)
      let index = indexes[projectFolder] ?? XcconfigDefinitionIndex(root: projectFolder)
      indexes[projectFolder] = index
      let filesByConfiguration = target.configurations.map { (configuration: $0.name, files: $0.xcconfigFiles) }
      for configuration in target.configurations
      where selection.configurationName.map({ $0 == configuration.name }) ?? true {
        for configurationNote in configuration.notes { note(configurationNote.description) }
        for error in configuration.errors { note("error: " + error.description) }
        var info = plist(at: configuration.infoPlistPath?.resolved)
        if info == nil, let missing = configuration.infoPlistPath?.resolved, !missing.isEmpty {
          // Not in the repository (git-ignored, written by a script): linted from what Xcode would generate;
          // PL004 says the file is missing. The bytes are no file of the repository: `fix` leaves them alone.
          info = DiscoveredPlist(
            displayPath: Self.displayPath(missing) + " (generated)", filePath: nil,
            location: .archiveEntry, bytes: configuration.generatedInfoPlist(isExtension: isExtension))
        }
        guard let info else { continue }
        let entitlements = plist(at: configuration.entitlementsPath?.resolved)
        var containingApp: DiscoveredPlist?
        if let appName = target.containingApp, let app = targetsByName["\(target.project)\u{0}\(appName)"] {
          let appConfiguration = app.configurations.first { $0.name == configuration.name } ?? app.configurations.first
          containingApp = plist(at: appConfiguration?.infoPlistPath?.resolved)
        }
        let discovered = DiscoveredTarget(
          kind: isExtension ? .appExtension : .app, infoPlist: info, entitlements: entitlements,
          bundleIdentifier: configuration.bundleIdentifier?.value, containingAppPath: containingApp?.displayPath)
        var preprocessing: InfoPlistPreprocessing?
        if configuration.preprocessesInfoPlist, info.location == .sourceFile {
          let options = InfoPlistPreprocessorOptions(
            definitionsSetting: configuration.preprocessorDefinitions?.xcodeValue ?? "",
            otherFlags: configuration.otherPreprocessorFlags?.xcodeValue ?? "",
            workingFolder: configuration.sourceRoot)
          if let unsupported = options.unsupportedFlagsNote {
            let origin = configuration.otherPreprocessorFlags.map { "\($0.origin): " } ?? ""
            note(origin + unsupported)
          }
          preprocessing = InfoPlistPreprocessing(
            preprocessor: options.preprocessor,
            prefixHeader: configuration.prefixHeader?.resolved.flatMap { $0.isEmpty ? nil : $0 })
        }
        var generated: [String: String] = [:]
        if configuration.generatesInfoPlist {
          // Xcode's generated Info.plist always names the bundle by its build setting.
          generated["CFBundleIdentifier"] = "$(PRODUCT_BUNDLE_IDENTIFIER)"
          for setting in configuration.infoPlistKeys {
            generated[String(setting.name.dropFirst("INFOPLIST_KEY_".count))] = setting.value
          }
        }
        var settings = configuration.settings
        for (name, value) in commandLineDefinitions { settings.define(name, as: value) }
        let provenance = BuildSettingProvenance(
          configuration: configuration.name, xcconfigFilesByConfiguration: filesByConfiguration,
          missingXcconfigFiles: configuration.missingXcconfigFiles, index: index)
        builds.append(PlannedBuild(
          target: discovered, containingApp: containingApp, configuration: configuration.name, settings: settings,
          notes: configuration.notes.map(\.description), preprocessing: preprocessing,
          generatedInfoPlistKeys: generated, provenance: provenance))
      }
      if !builds.isEmpty {
        targets.append(PlannedTarget(name: "\(target.project) › \(target.name)", builds: builds))
      }
    }
  }

  /// `path` as the user would write it: tidied, and relative to the working folder when inside it.
  static func displayPath(_ path: String) -> String {
    guard path.hasPrefix("/") else { return PathText.tidied(path) }
    return PathText.relativeToWorkingFolder(PathText.tidied(path))
  }
}

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
  /// Projects that could not be read (a malformed project.pbxproj, an include cycle).
  var problems: [String] = []

  /// Reads the projects in `containers` (display paths of `.xcodeproj`/`.xcworkspace` folders); the `-D`
  /// definitions override every configuration's settings.
  init(containers: [String], selection: Selection, commandLineDefinitions: [(name: String, value: String)]) {
    guard !containers.isEmpty else { return }
    let report = XcodeTargetsReport(paths: containers)
    problems = report.errors.map(\.description)
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
      for configuration in target.configurations
      where selection.configurationName.map({ $0 == configuration.name }) ?? true {
        guard let info = plist(at: configuration.infoPlistPath?.resolved) else { continue }
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
        if configuration.preprocessesInfoPlist {
          let flags = configuration.settings.resolve("$(INFOPLIST_OTHER_PREPROCESSOR_FLAGS)").resolvedText ?? ""
          preprocessing = InfoPlistPreprocessing(
            preprocessor: InfoPlistPreprocessor(
              definitions: InfoPlistPreprocessor.parseDefinitions(configuration.preprocessorDefinitions?.value ?? ""),
              traditional: flags.split(separator: " ").contains("-traditional")),
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
        builds.append(PlannedBuild(
          target: discovered, containingApp: containingApp, configuration: configuration.name, settings: settings,
          notes: configuration.notes.map(\.description), preprocessing: preprocessing,
          generatedInfoPlistKeys: generated))
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

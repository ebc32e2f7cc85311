import Foundation
import PredicateSyntax
import ProjectDiscovery
import PropertyList
import SharelintBase
import XcodeModel

/// What `lint` and `fix` make of the Xcode projects found under their paths: for each app and extension
/// target and each of its configurations, the Info.plist and entitlements that configuration builds, with
/// that configuration's build settings and its containing app. The plists a project claims are linted
/// through it (with the right `$(VAR)` values, once per configuration) and left out of folder discovery.
struct ProjectTargets {
  /// One target in one configuration: what a lint job needs.
  struct Build {
    /// The target, as discovery would have made it.
    var target: DiscoveredTarget
    /// The containing app's Info.plist in the same configuration, when the project embeds the target in one.
    var containingApp: DiscoveredPlist?
    /// The target's name and its project, for messages.
    var targetName: String
    var project: String
    /// The configuration's name (`Debug`).
    var configuration: String
    /// The configuration's build settings.
    var settings: BuildSettings
    /// What the project model noted about this configuration (a missing `.xcconfig`…), for PL003's notes.
    var notes: [String]
    /// How to preprocess the Info.plist, when the configuration sets `INFOPLIST_PREPROCESS = YES`.
    var preprocessing: Preprocessing?
    /// `INFOPLIST_KEY_*` settings by key, when the configuration sets `GENERATE_INFOPLIST_FILE = YES`.
    var generatedInfoPlistKeys: [String: String] = [:]
    /// The containing app's expanded `PRODUCT_BUNDLE_IDENTIFIER` in the same configuration, when known.
    var containingAppBundleIdentifier: String?
  }

  /// `INFOPLIST_PREPROCESSOR_DEFINITIONS` and `INFOPLIST_PREFIX_HEADER` of a configuration that preprocesses.
  struct Preprocessing: Sendable {
    var preprocessor: InfoPlistPreprocessor
    var prefixHeader: String?
  }

  /// What the user narrows the run to: `--target`, `--configuration`.
  struct Selection {
    var targetName: String?
    var configurationName: String?
  }

  /// The builds, project by project, target by target, configuration by configuration.
  var builds: [Build] = []
  /// The symlink-free absolute paths of the plists the projects claim.
  var claimedFiles: Set<String> = []
  /// Projects that could not be read (a malformed project.pbxproj, an include cycle): exit status 2.
  var problems: [String] = []

  /// Reads the projects in `containers` (display paths of `.xcodeproj`/`.xcworkspace` folders). `knownPlists`
  /// gives, by symlink-free path, the plists discovery already read, so each file has one display path and
  /// one `DiscoveredPlist` however many configurations use it.
  init(containers: [String], selection: Selection, knownPlists: [String: DiscoveredPlist]) {
    guard !containers.isEmpty else { return }
    let report = XcodeTargetsReport(paths: containers)
    problems = report.errors.map(\.description)
    var plists = knownPlists
    func plist(at path: String?) -> DiscoveredPlist? {
      guard let path, !path.isEmpty else { return nil }
      let identity = Self.identity(of: path)
      if let known = plists[identity] { return known }
      guard let data = FileManager.default.contents(atPath: path) else { return nil }
      let plist = DiscoveredPlist(
        displayPath: Self.displayPath(path), filePath: path, location: .sourceFile, bytes: Array(data))
      plists[identity] = plist
      return plist
    }
    // Every target's plists are claimed, also those the selection leaves out and those of frameworks and tests,
    // which ship in no app: none of them is a loose file.
    for path in report.otherTargetFiles { claimedFiles.insert(Self.identity(of: path)) }
    for target in report.targets {
      for configuration in target.configurations {
        for path in [configuration.infoPlistPath?.resolved, configuration.entitlementsPath?.resolved] {
          if let path, !path.isEmpty { claimedFiles.insert(Self.identity(of: path)) }
        }
      }
    }
    let targetsByName = Dictionary(report.targets.map { ("\($0.project)\u{0}\($0.name)", $0) }) { first, _ in first }
    for target in report.targets where selection.targetName.map({ $0 == target.name }) ?? true {
      let isExtension = target.productType.contains("extension")
      for configuration in target.configurations
      where selection.configurationName.map({ $0 == configuration.name }) ?? true {
        guard let info = plist(at: configuration.infoPlistPath?.resolved) else { continue }
        let entitlements = plist(at: configuration.entitlementsPath?.resolved)
        var containingApp: DiscoveredPlist?
        var containingAppBundleIdentifier: String?
        if let appName = target.containingApp, let app = targetsByName["\(target.project)\u{0}\(appName)"] {
          let appConfiguration = app.configurations.first { $0.name == configuration.name } ?? app.configurations.first
          containingApp = plist(at: appConfiguration?.infoPlistPath?.resolved)
          containingAppBundleIdentifier = appConfiguration?.bundleIdentifier?.resolved
        }
        let discovered = DiscoveredTarget(
          kind: isExtension ? .appExtension : .app, infoPlist: info, entitlements: entitlements,
          bundleIdentifier: configuration.bundleIdentifier?.value, containingAppPath: containingApp?.displayPath)
        var preprocessing: Preprocessing?
        if configuration.preprocessesInfoPlist {
          let flags = configuration.settings.resolve("$(INFOPLIST_OTHER_PREPROCESSOR_FLAGS)").resolvedText ?? ""
          preprocessing = Preprocessing(
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
        builds.append(Build(
          target: discovered, containingApp: containingApp, targetName: target.name, project: target.project,
          configuration: configuration.name, settings: configuration.settings,
          notes: configuration.notes.map(\.description), preprocessing: preprocessing,
          generatedInfoPlistKeys: generated, containingAppBundleIdentifier: containingAppBundleIdentifier))
      }
    }
  }

  /// The symlink-free absolute path of `path` (the path itself, made absolute, when it does not exist).
  static func identity(of path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// `path` as the user would write it: tidied, and relative to the working folder when inside it.
  static func displayPath(_ path: String) -> String {
    guard path.hasPrefix("/") else { return PathText.tidied(path) }
    return PathText.relativeToWorkingFolder(PathText.tidied(path))
  }

}

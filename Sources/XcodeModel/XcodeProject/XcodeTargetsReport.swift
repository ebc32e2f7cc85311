import Foundation
import SharelintBase

/// The app and extension targets of the Xcode projects under some paths, with their containing app
/// and, per configuration, bundle identifier, Info.plist and entitlements: what `sharelint targets`
/// prints. Other product types (frameworks, tests, aggregates) are left out.
public struct XcodeTargetsReport: Sendable {
  /// One app or extension target.
  public struct Target: Sendable {
    /// The target's name.
    public var name: String
    /// The `.xcodeproj` folder it belongs to.
    public var project: String
    /// The product type, e.g. `com.apple.product-type.app-extension`.
    public var productType: String
    /// The name of the app target that embeds it, when one does.
    public var containingApp: String?
    /// Its configurations, in the target's order.
    public var configurations: [XcodeTargetConfiguration]
  }

  /// The targets, project by project (in the order projects were found), each project's in its order.
  public var targets: [Target] = []
  /// Notes that belong to no configuration: missing projects a workspace names.
  public var notes: [XcodeProjectNote] = []
  /// What could not be read: malformed projects, unreadable paths, include or setting cycles.
  public var errors: [XcodeProjectError] = []
  /// The `.xcodeproj` folders read (or tried), in order.
  public var projectPaths: [String] = []
  /// The Info.plists and entitlements of the other targets (frameworks, tests…), in any configuration: files a
  /// project builds, but into no app or extension.
  public var otherTargetFiles: [String] = []

  /// An empty report.
  public init() {}

  /// The report for `paths`: each may be an `.xcodeproj`, an `.xcworkspace` or a folder searched for
  /// both (`containers(under:)`).
  /// A project reached twice (through a workspace and the walk) is read once.
  public init(paths: [String]) {
    var seen: Set<String> = []
    var cache = XcconfigCache()
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        errors.append(XcodeProjectError("no such file or folder", file: path))
        continue
      }
      guard isDirectory.boolValue else {
        errors.append(XcodeProjectError("expected a folder, an .xcodeproj or an .xcworkspace", file: path))
        continue
      }
      for found in Self.containers(under: path) {
        if found.hasSuffix(".xcworkspace") {
          do {
            let workspace = try XcodeWorkspace(path: found)
            notes += workspace.notes
            for project in workspace.projectPaths
            where FileManager.default.fileExists(atPath: PathText.joined(project, "project.pbxproj")) {
              read(project, seen: &seen, cache: &cache)
            }
          } catch {
            errors.append(error)
          }
        } else {
          read(found, seen: &seen, cache: &cache)
        }
      }
    }
  }

  private mutating func read(_ projectPath: String, seen: inout Set<String>, cache: inout XcconfigCache) {
    guard seen.insert(FileIdentity.of(projectPath)).inserted else { return }
    projectPaths.append(projectPath)
    let project: XcodeProject
    do {
      project = try XcodeProject(path: projectPath)
    } catch {
      errors.append(error)
      return
    }
    for target in project.targets where !(target.isApplication || target.isExtension) {
      for configuration in project.configurations(of: target, cache: &cache) {
        for case let path? in [configuration.infoPlistPath?.resolved, configuration.entitlementsPath?.resolved]
        where !path.isEmpty {
          otherTargetFiles.append(path)
        }
      }
    }
    for target in project.targets where target.isApplication || target.isExtension {
      let configurations = project.configurations(of: target, cache: &cache)
      for configuration in configurations {
        for error in configuration.errors where !errors.contains(error) { errors.append(error) }
      }
      targets.append(
        Target(
          name: target.name, project: project.path, productType: target.productType ?? "",
          containingApp: project.containingApp(of: target)?.name, configurations: configurations))
    }
  }

  /// The `.xcworkspace` and `.xcodeproj` folders under `path` (or `path` itself), sorted by path, found on
  /// `SourceFolderWalker`'s walk (the one `lint` takes, skipping the same folders).
  public static func containers(under path: String) -> [String] {
    let trimmed = XcodePath.withoutTrailingSlash(path)
    if trimmed.hasSuffix(".xcodeproj") || trimmed.hasSuffix(".xcworkspace") { return [trimmed] }
    var found: [String] = []
    var walker = SourceFolderWalker()
    walker.walk(folder: trimmed, displayPath: trimmed, unreadable: { _ in }) { entry, _ in
      guard entry.isDirectory else { return .leave }
      guard entry.name.hasSuffix(".xcodeproj") || entry.name.hasSuffix(".xcworkspace") else { return .enter }
      found.append(PathText.tidied(entry.path))
      return .leave
    }
    return found.sorted()
  }

  /// Whether something could not be read (the command then exits 2).
  public var hasErrors: Bool { !errors.isEmpty }

  // MARK: - Rendering

  /// The notes of a configuration plus one for each key value that could not be expanded.
  private static func notes(of configuration: XcodeTargetConfiguration) -> [String] {
    var notes = configuration.notes.map(\.description)
    for setting in [configuration.bundleIdentifier, configuration.infoPlistPath, configuration.entitlementsPath] {
      guard let setting, setting.resolved == nil else { continue }
      for reference in setting.unresolved where reference.reason != .cycle {
        notes.append("\(setting.name) (\(setting.origin)): \(reference.message)")
      }
    }
    return notes
  }

  /// The report as JSON: `{"targets": [{"name", "project", "productType", "containingApp",
  /// "configurations": [{"name", "bundleIdentifier", "infoPlist", "entitlements", "notes"}]}],
  /// "notes": […]}`,
  /// keys sorted, absent values `null`, unexpanded values as written.
  public func json() -> String {
    func value(_ setting: XcodeResolvedSetting?) -> JSONValue { setting.map { .string($0.value) } ?? .null }
    let targets: [JSONValue] = targets.map { target in
      .object([
        "name": .string(target.name), "project": .string(target.project),
        "productType": .string(target.productType),
        "containingApp": target.containingApp.map { .string($0) } ?? .null,
        "configurations": .array(
          target.configurations.map { configuration in
            .object([
              "name": .string(configuration.name), "bundleIdentifier": value(configuration.bundleIdentifier),
              "infoPlist": value(configuration.infoPlistPath),
              "entitlements": value(configuration.entitlementsPath),
              "notes": .array(Self.notes(of: configuration).map { .string($0) }),
            ])
          }),
      ])
    }
    return JSONValue.object(["targets": .array(targets), "notes": .array(notes.map { .string($0.description) })])
      .serialized(pretty: true) + "\n"
  }

  /// The report as text: one block per target, each value followed by where it was set.
  public func text() -> String {
    var output = ""
    func line(_ label: String, _ setting: XcodeResolvedSetting?, absent: String = "none") {
      guard let setting else {
        output += "    \(label): \(absent)\n"
        return
      }
      output += "    \(label): \(setting.value)  (\(setting.origin))\n"
    }
    for target in targets {
      output += "\(target.project): \(target.name) (\(target.productType))"
      if let app = target.containingApp { output += ", embedded in \(app)" }
      output += "\n"
      for configuration in target.configurations {
        output += "  \(configuration.name)\n"
        line("bundle identifier", configuration.bundleIdentifier)
        line(
          "Info.plist", configuration.infoPlistPath,
          absent: configuration.generatesInfoPlist ? "generated (GENERATE_INFOPLIST_FILE = YES)" : "none")
        line("entitlements", configuration.entitlementsPath)
        for note in Self.notes(of: configuration) { output += "    note: \(note)\n" }
      }
    }
    for note in notes { output += "note: \(note)\n" }
    if targets.isEmpty { output += "no app or extension targets found\n" }
    return output
  }
}

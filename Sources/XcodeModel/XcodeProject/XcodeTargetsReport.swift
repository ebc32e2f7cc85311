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
    /// The `.xcodeproj` folder (or XcodeGen spec) it belongs to.
    public var project: String
    /// The product type, e.g. `com.apple.product-type.app-extension`.
    public var productType: String
    /// The name of the app target that embeds it, when one does (the first, when several do).
    public var containingApp: String?
    /// The project of `containingApp` when it is another than the target's own (`project`), as `project` shows
    /// projects: the app of a workspace's other project, a Tuist `.project(target:path:)`, a .NET app's
    /// `AdditionalAppExtensions`; nil when it is the same project or there is none.
    public var containingAppProject: String?
    /// Its configurations, in the target's order.
    public var configurations: [XcodeTargetConfiguration]
    /// What it links, embeds and runs, every app that embeds it, and the dependency versions.
    public var buildFacts: XcodeTargetBuildFacts
    /// The text of its project's files (shared by the project's targets), for placing findings and fixes.
    public var sources: XcodeProjectSources?
    /// Whether its project computes some of its build settings (`ProjectFormatReading.targetsWithUnknownSettings`):
    /// a setting the configurations leave undefined is then unknown, not empty.
    public var hasUnknownSettings = false

    /// The names of every app target that embeds it, in the project's order.
    public var containingApps: [String] { buildFacts.containingApps }
  }

  /// The targets, project by project (in the order projects were found), each project's in its order.
  public var targets: [Target] = []
  /// Notes that belong to no configuration: missing projects a workspace names.
  public var notes: [XcodeProjectNote] = []
  /// What could not be read: malformed projects, unreadable paths. (What Xcode reports and goes on from is in the
  /// configurations' notes and errors.)
  public var errors: [XcodeProjectError] = []
  /// The `.xcodeproj` folders and XcodeGen specs read (or tried), in order.
  public var projectPaths: [String] = []
  /// The projects (of `projectPaths`) whose description computes targets that were not read (a Tuist manifest's
  /// helpers): the plists in their folders that no read target builds are still loose files.
  public var partlyReadProjects: Set<String> = []
  /// The plists an XcodeGen spec generates that the repository does not have, or that it rewrites from the spec's
  /// `properties:` (also beside a committed project whose targets build them: `besideCommittedProject`), by the path
  /// the target's `INFOPLIST_FILE` or `CODE_SIGN_ENTITLEMENTS` resolves to.
  public var generatedPlists: [String: XcodeGenGeneratedPlist] = [:]
  /// The Info.plists and entitlements of the other targets (frameworks, tests…), in any configuration: files a
  /// project builds, but into no app or extension.
  public var otherTargetFiles: [String] = []
  /// The notes of dependency files given already (projects share them), each given once.
  private var dependencyNotes: Set<XcodeProjectNote> = []
  /// The projects read and the embeds of other projects' targets their apps declare, while the report is made.
  var crossProjects = CrossProjectEmbedIndex()

  /// The most projects (and XcodeGen specs) one report reads: a repository or workspace naming thousands of them is
  /// read as far as this, with a note.
  public static let maximumProjects = 1_000
  /// Whether projects were left out past `maximumProjects` (said once).
  private var leftProjectsOut = false
  /// The most targets of one project whose configurations the report works out (every setting of every
  /// configuration, then each app's and extension's plists linted): the model reads any number.
  public static let maximumTargets = 1_000

  /// An empty report.
  public init() {}

  /// The report for `paths`: each may be an `.xcodeproj`, an `.xcworkspace`, a project file of `ProjectFormats`
  /// (`project.yml`, `Project.swift`) or a folder searched for them (`projects(under:)`). A project reached twice
  /// (through a workspace and the walk, or through a link) is read once. A Tuist `Workspace.swift` met in the walk
  /// is named in a note. Every file the projects name is read within `boundary`.
  public init(
    paths: [String], overlay: XcodeFileOverlay = XcodeFileOverlay(), boundary: RepositoryBoundary = .current
  ) {
    var seen: Set<String> = []
    var cache = XcconfigCache(overlay: overlay, boundary: boundary)
    var dependencyFiles = XcodeDependencyFileCache(boundary: boundary)
    for path in paths {
      let entry = RepositoryEntry.at(path, boundary: boundary)
      if let refusal = entry.refusal {
        errors.append(XcodeProjectError(refusal.consequence, file: path))
        continue
      }
      guard entry != .missing else {
        errors.append(XcodeProjectError("no such file or folder", file: path))
        continue
      }
      guard
        entry.isFolder || ProjectFormats.format(ofFile: path, boundary: boundary) != nil
          || ProjectFormats.workspaceFormat(ofFile: path, boundary: boundary) != nil
      else {
        let formats = ProjectFormats.all.map { $0.displayName }.joined(separator: ", ")
        errors.append(
          XcodeProjectError(
            "expected a folder, an .xcodeproj, an .xcworkspace or a project file (\(formats))", file: path))
        continue
      }
      let found = Self.projects(under: path)
      notes += found.notes
      // A file another project reads (a spec another includes, an imported .props) is part of that project, not
      // one of its own.
      var readings: [String: Result<ProjectFormatReading, XcodeProjectError>] = [:]
      var included: Set<String> = []
      for container in found.containers
      where !container.hasSuffix(".xcodeproj") && !container.hasSuffix(".xcworkspace") {
        guard let format = ProjectFormats.format(ofFile: container, boundary: boundary) else { continue }
        let result = Result { () throws(XcodeProjectError) in
          try format.read(container, boundary: boundary, overlay: overlay)
        }
        readings[container] = result
        for file in (try? result.get())?.files.dropFirst() ?? [] { included.insert(FileIdentity.of(file)) }
      }
      for container in found.containers where !included.contains(FileIdentity.of(container)) {
        if container.hasSuffix(".xcworkspace") {
          let workspace = XcodeWorkspace(path: container, boundary: boundary)
          notes += workspace.notes
          for project in workspace.projectPaths
          where RepositoryEntry.at(PathText.joined(project, "project.pbxproj"), boundary: boundary).isFile {
            read(
              project, workspace: container, seen: &seen, cache: &cache, dependencyFiles: &dependencyFiles,
              overlay: overlay)
          }
        } else if let format = ProjectFormats.workspaceFormat(ofFile: container, boundary: boundary) {
          readWorkspace(
            container, format: format, seen: &seen, cache: &cache, dependencyFiles: &dependencyFiles, overlay: overlay)
        } else {
          read(
            container, workspace: nil, seen: &seen, cache: &cache, dependencyFiles: &dependencyFiles,
            reading: readings[container], overlay: overlay)
        }
      }
    }
    resolveCrossProjectEmbeds(seen: &seen, cache: &cache, dependencyFiles: &dependencyFiles, overlay: overlay)
    crossProjects = CrossProjectEmbedIndex()
  }

  /// Reads the projects the workspace description at `path` (a Tuist `Workspace.swift`) names, as an `.xcworkspace`'s:
  /// each once, whether the walk reaches it too or not; what it names that is not there is its note.
  private mutating func readWorkspace(
    _ path: String, format: any ProjectFormat.Type, seen: inout Set<String>, cache: inout XcconfigCache,
    dependencyFiles: inout XcodeDependencyFileCache, overlay: XcodeFileOverlay
  ) {
    let boundary = cache.boundary
    let workspace: ProjectFormatWorkspace
    do {
      workspace = try format.readWorkspace(path, boundary: boundary)
    } catch {
      errors.append(error)
      return
    }
    notes += workspace.notes
    for project in workspace.projects {
      if project.hasSuffix(".xcodeproj") {
        read(project, workspace: nil, seen: &seen, cache: &cache, dependencyFiles: &dependencyFiles, overlay: overlay)
      } else if let projectFormat = ProjectFormats.format(ofFile: project, boundary: boundary) {
        guard !seen.contains(FileIdentity.of(project)) else { continue }
        let reading = Result { () throws(XcodeProjectError) in
          try projectFormat.read(project, boundary: boundary, overlay: overlay)
        }
        read(
          project, workspace: nil, seen: &seen, cache: &cache, dependencyFiles: &dependencyFiles, reading: reading,
          overlay: overlay)
      }
    }
  }

  /// Reads the project at `projectPath` (an `.xcodeproj`, or a project file of a format read as `reading`) unless it
  /// was read already, and records its app and extension targets.
  mutating func read(
    _ projectPath: String, workspace: String?, seen: inout Set<String>, cache: inout XcconfigCache,
    dependencyFiles: inout XcodeDependencyFileCache, reading: Result<ProjectFormatReading, XcodeProjectError>? = nil,
    overlay: XcodeFileOverlay
  ) {
    guard seen.insert(FileIdentity.of(projectPath)).inserted else { return }
    guard projectPaths.count < Self.maximumProjects else {
      if !leftProjectsOut {
        leftProjectsOut = true
        notes.append(
          XcodeProjectNote(
            "more than \(Self.maximumProjects) projects: this one and the rest are not read", file: projectPath))
      }
      return
    }
    let boundary = cache.boundary
    let pbxproj = PathText.joined(projectPath, "project.pbxproj")
    if reading == nil, RepositoryEntry.at(pbxproj, boundary: boundary) == .missing {
      // XcodeGen and Tuist projects commit only `xcshareddata` (schemes) and generate the rest.
      notes.append(
        XcodeProjectNote(
          "the project has no project.pbxproj (generated by XcodeGen, Tuist or a script?): it has no targets to "
            + "read", file: projectPath))
      return
    }
    projectPaths.append(projectPath)
    let project: XcodeProject
    var targetsWithUnknownSettings: Set<String> = []
    do {
      if let reading {
        let generated = try reading.get()
        project = generated.project
        targetsWithUnknownSettings = generated.targetsWithUnknownSettings
        notes += generated.notes
        if !generated.readsEveryTarget { partlyReadProjects.insert(projectPath) }
        for plist in generated.generatedPlists { generatedPlists[plist.path] = plist }
      } else if let bytes = overlay.bytes(at: PathText.joined(projectPath, "project.pbxproj")) {
        project = try XcodeProject(path: projectPath, pbxprojBytes: bytes, boundary: boundary)
      } else {
        project = try XcodeProject(path: projectPath, boundary: boundary)
      }
    } catch {
      errors.append(error)
      return
    }
    var projectTargets = project.targets
    if projectTargets.count > Self.maximumTargets {
      projectTargets.removeSubrange(Self.maximumTargets...)
      let first = project.targets[Self.maximumTargets]
      notes.append(
        XcodeProjectNote(
          "the project has more than \(Self.maximumTargets) targets: '\(first.name)' and the rest are not read",
          file: project.pbxprojPath, line: first.line))
    }
    crossProjects.record(project, readTargets: projectTargets)
    for target in projectTargets where !(target.isApplication || target.isExtension) {
      for configuration in project.configurations(of: target, cache: &cache) {
        for case let path? in [configuration.infoPlistPath?.resolved, configuration.entitlementsPath?.resolved]
        where !path.isEmpty {
          otherTargetFiles.append(path)
        }
      }
    }
    let sources = XcodeProjectSources(model: project, overlay: overlay)
    let files = dependencyFiles.files(for: project, workspace: workspace)
    for note in files.notes where dependencyNotes.insert(note).inserted { notes.append(note) }
    var builtPlists: [String: String] = [:]
    for target in projectTargets where target.isApplication || target.isExtension {
      let configurations = project.configurations(of: target, cache: &cache)
      for configuration in configurations {
        for case let path? in [configuration.infoPlistPath?.resolved, configuration.entitlementsPath?.resolved]
        where !path.isEmpty {
          builtPlists[FileIdentity.of(path)] = path
        }
      }
      var read = Target(
        name: target.name, project: project.path, productType: target.productType ?? "",
        containingApp: project.containingApp(of: target)?.name, configurations: configurations,
        buildFacts: project.buildFacts(of: target, files: files, cache: &dependencyFiles), sources: sources)
      read.hasUnknownSettings = targetsWithUnknownSettings.contains(target.name)
      targets.append(read)
    }
    if reading == nil {
      readSpecs(
        besideCommittedProject: projectPath, builtPlists: builtPlists, sources: sources, overlay: overlay,
        boundary: boundary)
    }
  }

  /// Reads the descriptions kept beside the committed project at `projectPath` to regenerate it (an XcodeGen spec)
  /// for the plists they rewrite from `properties:` that the project's apps and extensions build (`builtPlists`, by
  /// `FileIdentity`): those are linted as the spec writes them, and fixed in it. A spec that cannot be read is a
  /// note, and the plists are then read as committed. The spec files' text goes to the project's `sources`, where
  /// the findings and fixes of those plists are placed.
  private mutating func readSpecs(
    besideCommittedProject projectPath: String, builtPlists: [String: String], sources: XcodeProjectSources,
    overlay: XcodeFileOverlay, boundary: RepositoryBoundary
  ) {
    guard !builtPlists.isEmpty else { return }
    for (specPath, reading) in ProjectFormats.descriptionsBeside(
      committedProject: projectPath, boundary: boundary, overlay: overlay)
    {
      let generated: ProjectFormatReading
      switch reading {
      case .success(let read):
        generated = read
      case .failure(let error):
        notes.append(
          XcodeProjectNote(
            "the XcodeGen spec beside the committed project cannot be read (\(error.description)): the plists it "
              + "writes are linted as committed", file: specPath))
        continue
      }
      var usesSpec = false
      for var plist in generated.generatedPlists where plist.isCommitted && plist.spec != nil && plist.mergedBy == nil {
        guard let path = builtPlists[FileIdentity.of(plist.path)], generatedPlists[path] == nil else { continue }
        plist.path = path
        plist.besideCommittedProject = true
        generatedPlists[path] = plist
        usesSpec = true
      }
      if usesSpec {
        for (file, bytes) in generated.texts { sources.provide(bytes, asTextOf: file) }
      }
    }
  }

  /// The `.xcworkspace` and `.xcodeproj` folders under `path` (or `path` itself), and the XcodeGen specs of folders
  /// whose project is not committed, sorted by path.
  public static func containers(under path: String) -> [String] {
    projects(under: path).containers
  }

  /// The `.xcworkspace` and `.xcodeproj` folders and the XcodeGen specs under `path` (or `path` itself), sorted by
  /// path, and a note for each Tuist workspace manifest of a folder whose project is not committed, found on
  /// `SourceFolderWalker`'s walk (the one `lint` takes: it skips the same folders, and the `.xcodeproj` without a
  /// `project.pbxproj` beside a spec or manifest, the schemes of a generated project).
  static func projects(under path: String) -> (containers: [String], notes: [XcodeProjectNote]) {
    let trimmed = XcodePath.withoutTrailingSlash(path)
    if trimmed.hasSuffix(".xcodeproj") || trimmed.hasSuffix(".xcworkspace")
      || ProjectFormats.format(ofFile: trimmed) != nil || ProjectFormats.workspaceFormat(ofFile: trimmed) != nil
    {
      return ([trimmed], [])
    }
    var found: [String] = []
    var notes: [XcodeProjectNote] = []
    var walker = SourceFolderWalker()
    walker.walk(
      folder: trimmed, displayPath: trimmed,
      generatedProject: { generated, _ in
        found += generated.projectFiles.map(PathText.tidied)
        notes += generated.tuistManifests.map(\.note)
      }
    ) { entry, _ in
      guard entry.isDirectory else { return .leave }
      guard entry.name.hasSuffix(".xcodeproj") || entry.name.hasSuffix(".xcworkspace") else { return .enter }
      found.append(PathText.tidied(entry.path))
      return .leave
    }
    return (found.sorted(), notes)
  }

  /// Whether something could not be read (the command then exits 2).
  public var hasErrors: Bool { !errors.isEmpty }

  // MARK: - Rendering

  /// The notes of a configuration plus one for each shown value with undefined parts, which Xcode leaves empty, and
  /// one for each of its plists that an XcodeGen spec generates.
  private func notes(of configuration: XcodeTargetConfiguration) -> [String] {
    var notes = configuration.notes.map(\.description) + configuration.errors.map(\.description)
    for setting in [configuration.infoPlistPath, configuration.entitlementsPath] {
      guard let path = setting?.resolved, let generated = generatedPlists[path] else { continue }
      if let mergedBy = generated.mergedBy {
        notes.append("'\(path)' is read as \(mergedBy) merges it")
        continue
      }
      notes.append(
        generated.isCommitted
          ? "\(generated.generator) rewrites '\(path)' from \(generated.definedAt) when it generates the project: it "
            + "is read as \(generated.generator) would write it"
          : "'\(path)' is not in the repository: \(generated.generator) writes it from \(generated.definedAt) when it "
            + "generates the project, and it is read as \(generated.generator) would write it")
    }
    for setting in [configuration.bundleIdentifier, configuration.infoPlistPath, configuration.entitlementsPath] {
      guard let setting, !setting.undefinedNames.isEmpty else { continue }
      let names = setting.undefinedNames.map { "'\($0)'" }.joined(separator: ", ")
      let verb = setting.undefinedNames.count == 1 ? "is" : "are"
      notes.append(
        "\(setting.name) = '\(setting.written)' (\(setting.origin)): \(names) \(verb) not defined, so empty, "
          + "as in Xcode")
    }
    return notes
  }

  /// The report as JSON: `{"targets": [{"name", "project", "productType", "containingApp", "containingAppProject",
  /// "containingApps", "containingAppProjects",
  /// "embedsTargets", "dependencies", "linked", "packageProducts", "pods", "carthage", "embedded", "scriptPhases",
  /// "resources", "configurations": [{"name", "bundleIdentifier", "infoPlist", "infoPlistKind", "entitlements",
  /// "linkerFlags", "notes"}]}], "notes": […]}` (docs/json-output.md documents each field),
  /// keys sorted, absent values `null`, values as Xcode evaluates them (undefined settings empty).
  public func json() -> String {
    JSONValue.object(["targets": .array(targetsJSON()), "notes": .array(notes.map { .string($0.description) })])
      .serialized(pretty: true) + "\n"
  }

  /// Each target's JSON object (see `json()`), in order; `extraFields` adds fields to a target's.
  public func targetsJSON(extraFields: (Target) -> [String: JSONValue] = { _ in [:] }) -> [JSONValue] {
    func value(_ setting: XcodeResolvedSetting?) -> JSONValue { setting.map { .string($0.xcodeValue) } ?? .null }
    return targets.map { target in
      var fields: [String: JSONValue] = [
        "name": .string(target.name), "project": .string(target.project),
        "productType": .string(target.productType),
        "containingApp": target.containingApp.map { .string($0) } ?? .null,
        "containingAppProject": target.containingAppProject.map { .string($0) } ?? .null,
        "configurations": .array(
          target.configurations.map { configuration in
            var fields: [String: JSONValue] = [
              "name": .string(configuration.name), "bundleIdentifier": value(configuration.bundleIdentifier),
              "infoPlist": value(configuration.infoPlistPath),
              "entitlements": value(configuration.entitlementsPath),
              "notes": .array(notes(of: configuration).map { .string($0) }),
            ]
            fields.merge(Self.json(of: configuration)) { first, _ in first }
            return .object(fields)
          }),
      ]
      fields.merge(Self.json(of: target.buildFacts)) { first, _ in first }
      fields.merge(extraFields(target)) { first, _ in first }
      return .object(fields)
    }
  }

  /// The report as text: one block per target, each value followed by where it was set, then the notes.
  public func text() -> String {
    var output = targetsText()
    for note in notes { output += "note: \(note)\n" }
    if targets.isEmpty { output += "no app or extension targets found\n" }
    return output
  }

  /// One block per target (see `text()`); `remark` adds a line under a target's first.
  public func targetsText(remark: (Target) -> String? = { _ in nil }) -> String {
    var output = ""
    var settingsUnknown = false
    func line(_ label: String, _ setting: XcodeResolvedSetting?, absent: String = "none") {
      guard let setting else {
        output += "    \(label): \(absent)\n"
        return
      }
      // Undefined in a project that computes some settings: unknown, not empty (`Target.hasUnknownSettings`).
      let unknown = settingsUnknown && (!setting.undefinedNames.isEmpty || setting.written.contains("$"))
      let shown =
        unknown
        ? "\(setting.written) (unknown: the project computes its build settings)"
        : setting.xcodeValue.isEmpty ? "(empty)" : setting.xcodeValue
      output += "    \(label): \(shown)  (\(setting.origin))\n"
    }
    for target in targets {
      settingsUnknown = target.hasUnknownSettings
      output += "\(target.project): \(target.name) (\(target.productType))"
      if !target.containingApps.isEmpty {
        let projects = target.buildFacts.containingAppProjects(count: target.containingApps.count)
        let apps = zip(target.containingApps, projects).map { app, project in
          project.map { "\(app) (\($0))" } ?? app
        }
        output += ", embedded in " + apps.joined(separator: ", ")
      }
      output += "\n"
      if let remark = remark(target) { output += "  \(remark)\n" }
      for factLine in Self.textLines(of: target.buildFacts) { output += factLine + "\n" }
      for configuration in target.configurations {
        output += "  \(configuration.name)\n"
        line("bundle identifier", configuration.bundleIdentifier)
        line(
          "Info.plist", configuration.infoPlistPath,
          absent: configuration.generatesInfoPlist ? "generated (GENERATE_INFOPLIST_FILE = YES)" : "none")
        line("entitlements", configuration.entitlementsPath)
        let flags = XcodeTargetBuildFacts.linkerFlags(in: configuration)
        if !flags.isEmpty { output += "    linker flags: " + flags.map(\.written).joined(separator: ", ") + "\n" }
        for note in notes(of: configuration) { output += "    note: \(note)\n" }
      }
    }
    return output
  }
}

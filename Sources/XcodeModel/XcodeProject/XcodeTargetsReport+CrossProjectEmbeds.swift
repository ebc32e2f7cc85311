import SharelintBase

/// What `XcodeTargetsReport` keeps of each project it read to resolve the embeds of targets of other projects
/// (`CrossProjectEmbed`): the targets of each project by identifier, product, name and product name, and the embeds
/// the projects' apps declare, in the order read.
struct CrossProjectEmbedIndex: Sendable {
  /// A target of a project read.
  struct ReadTarget: Sendable {
    var name: String
    var isExtension: Bool
  }

  /// A project read, with its targets.
  struct ReadProject: Sendable {
    /// Its path, as the report shows it (`Target.project`).
    var path: String
    var targetsByID: [String: ReadTarget] = [:]
    var targetIDByProduct: [String: String] = [:]
    var targetIDByName: [String: String] = [:]
    var targetIDByProductName: [String: String] = [:]
  }

  /// An embed an app of a project read declares.
  struct Pending: Sendable {
    /// The app target's name and its project's path (as the report shows it).
    var appName: String
    var appProject: String
    var embed: CrossProjectEmbed
  }

  /// A resolved embed: the app, and the embedded target's key in the report (`targetKey`).
  struct Resolved: Sendable {
    var pending: Pending
    var targetKey: String
    var isExtension: Bool
  }

  /// The projects read, by the `FileIdentity` of their path.
  private(set) var projects: [String: ReadProject] = [:]
  /// The identities of the projects read in each folder (by its `FileIdentity`).
  private var projectsInFolder: [String: [String]] = [:]
  /// The embeds declared, in the order their projects were read.
  private(set) var pending: [Pending] = []

  /// The key of the target named `name` of the project at `projectPath`, for finding it in the report.
  static func key(project projectPath: String, target name: String) -> String {
    "\(FileIdentity.of(projectPath))\u{0}\(name)"
  }

  /// The folder holding the project at `path` (the `.xcodeproj` folder or project file), never empty.
  static func folder(of path: String) -> String {
    let folder = PathText.removingLastComponent(of: XcodePath.withoutTrailingSlash(path))
    return folder.isEmpty ? "." : folder
  }

  /// Records `project` (of which the report reads `readTargets`) and the embeds its apps among them declare.
  mutating func record(_ project: XcodeProject, readTargets: [PBXNativeTarget]) {
    let identity = FileIdentity.of(project.path)
    guard projects[identity] == nil else { return }
    var read = ReadProject(path: project.path)
    // Every target, so that an embed of one the report leaves out (past `maximumTargets`) is no "no such target".
    for target in project.targets {
      read.targetsByID[target.id] = ReadTarget(name: target.name, isExtension: target.isExtension)
      if let product = target.productReferenceID, read.targetIDByProduct[product] == nil {
        read.targetIDByProduct[product] = target.id
      }
      if read.targetIDByName[target.name] == nil { read.targetIDByName[target.name] = target.id }
      let productName = target.productName ?? target.name
      if read.targetIDByProductName[productName] == nil { read.targetIDByProductName[productName] = target.id }
    }
    projects[identity] = read
    projectsInFolder[FileIdentity.of(Self.folder(of: project.path)), default: []].append(identity)
    let readApps = Set(readTargets.lazy.filter(\.isApplication).map(\.id))
    for embed in project.crossProjectEmbeds where readApps.contains(embed.appTargetID) {
      guard let app = read.targetsByID[embed.appTargetID] else { continue }
      pending.append(Pending(appName: app.name, appProject: project.path, embed: embed))
    }
  }

  /// The projects read at `location`, in the order read.
  func projects(at location: CrossProjectEmbed.ProjectLocation) -> [ReadProject] {
    switch location {
    case .project(let path):
      return projects[FileIdentity.of(path)].map { [$0] } ?? []
    case .folder(let path):
      return (projectsInFolder[FileIdentity.of(path)] ?? []).compactMap { projects[$0] }
    }
  }

  /// The one extension of all the projects read whose product (or name) is `productName` (`Name` of `Name.appex`),
  /// with its project; nil when there is none or more than one.
  func onlyExtension(productName: String) -> (project: ReadProject, target: ReadTarget)? {
    let bare = productName.hasSuffix(".appex") ? String(productName.dropLast(".appex".count)) : productName
    var found: (project: ReadProject, target: ReadTarget)?
    for project in projects.values {
      guard let id = project.targetIDByProductName[bare] ?? project.targetIDByName[bare],
        let target = project.targetsByID[id], target.isExtension
      else { continue }
      if found != nil { return nil }
      found = (project, target)
    }
    return found
  }

  /// The target `reference` names in the first of `candidates` that has it.
  func target(_ reference: CrossProjectEmbed.TargetReference, in candidates: [ReadProject])
    -> (project: ReadProject, target: ReadTarget)?
  {
    for project in candidates {
      let id: String?
      switch reference {
      case .objectID(let objectID):
        id = project.targetsByID[objectID] != nil ? objectID : project.targetIDByProduct[objectID]
      case .targetName(let name):
        id = project.targetIDByName[name]
      case .productName(let name):
        let bare = name.hasSuffix(".appex") ? String(name.dropLast(".appex".count)) : name
        id = project.targetIDByProductName[bare] ?? project.targetIDByName[bare]
      }
      if let id, let target = project.targetsByID[id] { return (project, target) }
    }
    return nil
  }
}

extension XcodeTargetsReport {
  /// Resolves the embeds the apps of the projects read declare of targets of other projects (`CrossProjectEmbed`):
  /// the target each names gets the app, with its project, as a containing app (the first one, `containingApp`, when
  /// it had none). A named project the walk did not reach is read when it is inside `boundary` (its own embeds then
  /// resolved in turn: a list, never recursion, each project read once); what cannot be resolved is a located note.
  /// A dependency alone makes the app a containing app only of an extension no app embeds, as within one project.
  mutating func resolveCrossProjectEmbeds(
    seen: inout Set<String>, cache: inout XcconfigCache, dependencyFiles: inout XcodeDependencyFileCache,
    overlay: XcodeFileOverlay
  ) {
    let boundary = cache.boundary
    var listedFolders: [String: String?] = [:]
    var resolved: [CrossProjectEmbedIndex.Resolved] = []
    // Why the projects at a location cannot be read, found once: each app says it once per location, however many
    // of their targets it embeds. A dependency alone is most often on a framework: one that cannot be resolved is no
    // concern of the containing apps, and says nothing.
    var unreadable: [CrossProjectEmbed.ProjectLocation: String] = [:]
    var notedProjects: Set<String> = []
    var index = 0
    while index < crossProjects.pending.count {
      let pending = crossProjects.pending[index]
      index += 1
      let embed = pending.embed
      if crossProjects.projects(at: embed.project).isEmpty {
        let reason =
          unreadable[embed.project]
          ?? readUnreached(
            embed.project, listedFolders: &listedFolders, seen: &seen, cache: &cache,
            dependencyFiles: &dependencyFiles, overlay: overlay, boundary: boundary)
          ?? (crossProjects.projects(at: embed.project).isEmpty ? "its project could not be read" : nil)
        if let reason {
          unreadable[embed.project] = reason
          // A .NET app names the folder its build copies the extension into (empty in the repository, or not there):
          // the one extension of that name the repository builds is the one embedded.
          if case .folder = embed.project, case .productName(let name) = embed.target,
            let (project, target) = crossProjects.onlyExtension(productName: name)
          {
            resolved.append(
              CrossProjectEmbedIndex.Resolved(
                pending: pending, targetKey: CrossProjectEmbedIndex.key(project: project.path, target: target.name),
                isExtension: true))
            continue
          }
          let key = "\(pending.appProject)\u{0}\(pending.appName)\u{0}\(embed.project)"
          if !embed.isDependencyOnly, notedProjects.insert(key).inserted { note(pending, reason) }
          continue
        }
      }
      let candidates = crossProjects.projects(at: embed.project)
      guard let (project, target) = crossProjects.target(embed.target, in: candidates) else {
        if !embed.isDependencyOnly {
          note(pending, "the project has no such target (a target made by code, or renamed?)")
        }
        continue
      }
      resolved.append(
        CrossProjectEmbedIndex.Resolved(
          pending: pending, targetKey: CrossProjectEmbedIndex.key(project: project.path, target: target.name),
          isExtension: target.isExtension))
    }
    guard !resolved.isEmpty else { return }
    var identities: [String: String] = [:]
    var indexByKey: [String: Int] = [:]
    for (position, target) in targets.enumerated() {
      let identity = identities[target.project] ?? FileIdentity.of(target.project)
      identities[target.project] = identity
      indexByKey["\(identity)\u{0}\(target.name)"] = indexByKey["\(identity)\u{0}\(target.name)"] ?? position
    }
    // Embeds first, then dependencies for the extensions no embed (of any project) names.
    for dependencies in [false, true] {
      for embed in resolved where embed.pending.embed.isDependencyOnly == dependencies {
        guard let position = indexByKey[embed.targetKey] else { continue }
        if dependencies, !embed.isExtension || !targets[position].containingApps.isEmpty { continue }
        addContainingApp(embed.pending, toTargetAt: position)
      }
    }
  }

  /// Adds the app of `pending` to the containing apps of `targets[position]`, unless it is one already.
  private mutating func addContainingApp(_ pending: CrossProjectEmbedIndex.Pending, toTargetAt position: Int) {
    var target = targets[position]
    let sameProject = FileIdentity.of(pending.appProject) == FileIdentity.of(target.project)
    let appProject = sameProject ? nil : pending.appProject
    var facts = target.buildFacts
    let projects = facts.containingAppProjects(count: facts.containingApps.count)
    if zip(facts.containingApps, projects).contains(where: { $0 == pending.appName && $1 == appProject }) { return }
    facts.containingAppProjects = projects + [appProject]
    facts.containingApps.append(pending.appName)
    target.buildFacts = facts
    if target.containingApp == nil {
      target.containingApp = pending.appName
      target.containingAppProject = appProject
    }
    targets[position] = target
  }

  /// Reads the projects at `location` that the walk did not reach, when `boundary` admits them; the reason, when it is
  /// nothing that can be read.
  private mutating func readUnreached(
    _ location: CrossProjectEmbed.ProjectLocation, listedFolders: inout [String: String?], seen: inout Set<String>,
    cache: inout XcconfigCache, dependencyFiles: inout XcodeDependencyFileCache, overlay: XcodeFileOverlay,
    boundary: RepositoryBoundary
  ) -> String? {
    let path: String
    let isFolder: Bool
    switch location {
    case .project(let project): (path, isFolder) = (project, false)
    case .folder(let folder): (path, isFolder) = (folder, true)
    }
    let entry = RepositoryEntry.at(path, boundary: boundary)
    switch entry {
    case .refused:
      return "it is outside the folders sharelint reads: it is not linted"
    case .missing:
      return "the repository has no such \(isFolder ? "folder" : "project"): it is not linted"
    case .file, .folder:
      break
    }
    var projectPaths: [String] = []
    if !isFolder {
      projectPaths = [path]
    } else {
      guard entry.isFolder else { return "it is not a folder" }
      // Each folder is listed once, whichever path names it; a second look gives the first one's answer.
      let identity = FileIdentity.of(path)
      if let listed = listedFolders[identity] { return listed }
      listedFolders[identity] = .some(nil)
      func unreadable(_ reason: String) -> String {
        listedFolders[identity] = .some(reason)
        return reason
      }
      guard case .success(let names) = RepositoryFile.listFolder(path, boundary: boundary) else {
        return unreadable("its folder cannot be listed")
      }
      projectPaths = ProjectFormats.projects(inFolder: path, names: names, boundary: boundary)
      // A .NET app may name the folder its extension was built into, with no project.
      if projectPaths.isEmpty {
        return unreadable("the folder holds no project (only the built extension?): it is not linted")
      }
    }
    for project in projectPaths {
      if project.hasSuffix(".xcodeproj") {
        read(project, workspace: nil, seen: &seen, cache: &cache, dependencyFiles: &dependencyFiles, overlay: overlay)
      } else if let format = ProjectFormats.format(ofFile: project, boundary: boundary) {
        let reading = Result { () throws(XcodeProjectError) in
          try format.read(project, boundary: boundary, overlay: overlay)
        }
        read(
          project, workspace: nil, seen: &seen, cache: &cache, dependencyFiles: &dependencyFiles, reading: reading,
          overlay: overlay)
      }
    }
    return nil
  }

  /// The located note that the embed of `pending` is not resolved, and why.
  private mutating func note(_ pending: CrossProjectEmbedIndex.Pending, _ reason: String) {
    let embed = pending.embed
    let shown = PrintableText.escaped(PathText.relativeToWorkingFolder(PathText.tidied(embed.projectPath)))
    let place: String
    switch embed.project {
    case .project: place = "the project '\(shown)'"
    case .folder: place = "the folder '\(shown)'"
    }
    notes.append(
      XcodeProjectNote(
        "'\(PrintableText.escaped(pending.appName))' embeds '\(PrintableText.escaped(embed.name))' of \(place) "
          + "(\(embed.writtenAs)): \(reason)", file: embed.file, line: embed.line))
  }
}

import SharelintBase

/// A target of another project that an app target embeds, as the app's project names it: an Xcode project's embed
/// phase holding a `PBXReferenceProxy` to another `.xcodeproj`'s product, a Tuist `.project(target:path:)`
/// dependency, a .NET `AdditionalAppExtensions` item. A reader sees only its own project, so it declares the embed
/// (`XcodeProject.crossProjectEmbeds`); `XcodeTargetsReport` resolves it once every project is read, and the target
/// it names gets the app, with the app's project, as its containing app. What cannot be resolved is a located note.
public struct CrossProjectEmbed: Hashable, Sendable {
  /// Where the other project is.
  public enum ProjectLocation: Hashable, Sendable {
    /// The project at this path: an `.xcodeproj` folder or a project file of a `ProjectFormat`.
    case project(String)
    /// The projects directly in this folder (their `.xcodeproj` folders, or project files of a `ProjectFormat`).
    case folder(String)
  }

  /// How the embedded target is named in the other project.
  public enum TargetReference: Hashable, Sendable {
    /// The target's identifier, or its product reference's (an Xcode `remoteGlobalIDString`).
    case objectID(String)
    /// The target's name.
    case targetName(String)
    /// The name of the product it builds (`Name` of `Name.appex`): its `productName`, else its name.
    case productName(String)
  }

  /// The identifier of the app target (of the declaring project) that embeds the target.
  public var appTargetID: String
  /// Where the other project is, as the declaring project resolves the path it writes.
  public var project: ProjectLocation
  /// The embedded target.
  public var target: TargetReference
  /// The embedded product or target as the declaring project names it, for notes (`Share.appex`, `ShareExtension`).
  public var name: String
  /// What declares the embed, for notes (`PBXReferenceProxy`, `.project(target:path:)`, `AdditionalAppExtensions`).
  public var writtenAs: String
  /// True when the app only depends on the target (a `PBXTargetDependency`): it then contains the target only when the
  /// target is an extension no app embeds through a phase, as within one project.
  public var isDependencyOnly: Bool
  /// The file the embed is written in, and its 1-based line when known.
  public var file: String
  public var line: Int?

  /// The embed of `target` (named `name`) of the project at `project` by the app target `appTargetID`, written as
  /// `writtenAs` in `file`:`line`.
  public init(
    appTargetID: String, project: ProjectLocation, target: TargetReference, name: String, writtenAs: String,
    isDependencyOnly: Bool = false, file: String, line: Int?
  ) {
    self.appTargetID = appTargetID
    self.project = project
    self.target = target
    self.name = name
    self.writtenAs = writtenAs
    self.isDependencyOnly = isDependencyOnly
    self.file = file
    self.line = line
  }

  /// The path written for the other project (a folder or a project), as the declaring project resolves it.
  public var projectPath: String {
    switch project {
    case .project(let path), .folder(let path): return path
    }
  }
}

extension XcodeProject {
  /// The targets of other projects the app targets embed or depend on, through `PBXReferenceProxy` products
  /// (`remoteRef` → `PBXContainerItemProxy` → `containerPortal`, a reference to the other `.xcodeproj`) in their embed
  /// phases (those `containment` reads), and through `PBXTargetDependency`s whose `targetProxy` is such a proxy. One
  /// pass over the apps' phases and dependencies: linear in what they list.
  static func crossProjectEmbeds(
    targets: [PBXNativeTarget], objects: [String: XcodeObject], groupTree: GroupTree, source: SourceText,
    file: String
  ) -> [CrossProjectEmbed] {
    var embeds: [CrossProjectEmbed] = []
    var seen: Set<String> = []
    /// The other project and the target a container proxy names, when it names another project.
    func remote(_ proxyID: String?) -> (project: String, target: String, name: String?)? {
      guard let proxyID, let proxy = objects[proxyID], proxy.isa == "PBXContainerItemProxy",
        let portalID = proxy.fields.string("containerPortal"), let portal = objects[portalID],
        portal.isa == "PBXFileReference", let remoteID = proxy.fields.string("remoteGlobalIDString"),
        let path = groupTree.path(of: portalID), path.hasSuffix(".xcodeproj")
      else { return nil }
      return (path, remoteID, proxy.fields.string("remoteInfo"))
    }
    func line(of object: XcodeObject) -> Int { source.lineIndex(of: object.range.start) + 1 }
    for app in targets where app.isApplication {
      for fileID in embeddingBuildFileIDs(of: app, objects: objects) {
        guard let buildFile = objects[fileID], let referenceID = buildFile.fields.string("fileRef"),
          let reference = objects[referenceID], reference.isa == "PBXReferenceProxy",
          let (project, target, _) = remote(reference.fields.string("remoteRef")),
          seen.insert("\(app.id)\u{0}\(project)\u{0}\(target)").inserted
        else { continue }
        let product = reference.fields.string("path") ?? reference.fields.string("name") ?? referenceID
        embeds.append(
          CrossProjectEmbed(
            appTargetID: app.id, project: .project(project), target: .objectID(target), name: product,
            writtenAs: "PBXReferenceProxy", file: file, line: line(of: buildFile)))
      }
      for dependencyID in app.dependencyIDs {
        guard let dependency = objects[dependencyID], dependency.fields.string("target") == nil,
          let (project, target, name) = remote(dependency.fields.string("targetProxy")),
          seen.insert("\(app.id)\u{0}\(project)\u{0}\(target)").inserted
        else { continue }
        embeds.append(
          CrossProjectEmbed(
            appTargetID: app.id, project: .project(project), target: .objectID(target),
            name: dependency.fields.string("name") ?? name ?? target, writtenAs: "PBXTargetDependency",
            isDependencyOnly: true, file: file, line: line(of: dependency)))
      }
    }
    return embeds
  }
}

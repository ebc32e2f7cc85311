import Foundation
import SharelintBase

/// A way an app's build is described other than a committed `.xcodeproj` — an XcodeGen spec, a .NET project, a Tuist
/// manifest — read into the one project model every rule and command reads: an `XcodeProject` (targets with their
/// product type, configurations with build settings located where the description defines them, the Info.plist and
/// entitlements each configuration builds, what each target links and embeds, which app embeds which extension).
///
/// A committed `.xcodeproj` or `.xcworkspace` is the model's own format and is read by `XcodeProject` and
/// `XcodeWorkspace`; every other format is one type conforming to this protocol, listed once in
/// `ProjectFormats.all`. Discovery (which files in a folder are projects), `sharelint targets` and the lint plan
/// reach a format only through that list, so adding a format touches its reader and that list.
public protocol ProjectFormat: Sendable {
  /// How the format is named in notes and in `sharelint targets` ("XcodeGen spec", ".NET project").
  static var displayName: String { get }

  /// The files among `names` (the entries of `folder`, listed by a walk) that are projects of this format, as
  /// paths joined to `folder`; `hasCommittedXcodeProject` says whether an `.xcodeproj` with a `project.pbxproj` sits
  /// beside them (the committed project then wins for formats that generate it). Looks only within `boundary`.
  static func projectFiles(
    inFolder folder: String, names: [String], hasCommittedXcodeProject: Bool, boundary: RepositoryBoundary
  ) -> [String]

  /// The files among `names` (the entries of `folder`) that describe the committed `.xcodeproj` beside them and are
  /// kept to regenerate it (an XcodeGen spec): read only for the plists they write, never for the project, which is
  /// the committed one. Looks only within `boundary`.
  static func descriptionsBesideCommittedProject(
    inFolder folder: String, names: [String], boundary: RepositoryBoundary
  ) -> [String]

  /// Whether the file at `path`, named by a user on the command line, is a project of this format.
  static func isProjectFile(_ path: String, boundary: RepositoryBoundary) -> Bool

  /// Reads the project at `path` within `boundary`.
  /// - Throws: a located `XcodeProjectError` when the file cannot be used at all (unreadable, malformed, past the
  ///   bounds); what is only partly known is a note of the result.
  static func read(_ path: String, boundary: RepositoryBoundary) throws(XcodeProjectError) -> ProjectFormatReading

  /// `read(_:boundary:)`, with the contents `overlay` gives (a fix's changes, before they are written) read
  /// instead of the files it names.
  static func read(_ path: String, boundary: RepositoryBoundary, overlay: XcodeFileOverlay)
    throws(XcodeProjectError) -> ProjectFormatReading

  /// The files among `names` (the entries of `folder`) that describe a workspace the format generates (a Tuist
  /// `Workspace.swift`), read like an `.xcworkspace` for the projects they name (`readWorkspace`);
  /// `hasCommittedXcodeProject` as for `projectFiles`. Looks only within `boundary`.
  static func workspaceFiles(
    inFolder folder: String, names: [String], hasCommittedXcodeProject: Bool, boundary: RepositoryBoundary
  ) -> [String]

  /// Whether the file at `path`, named by a user on the command line, is a workspace description of this format.
  static func isWorkspaceFile(_ path: String, boundary: RepositoryBoundary) -> Bool

  /// The projects the workspace description at `path` names, read within `boundary`.
  /// - Throws: a located `XcodeProjectError` when the file cannot be used at all; a project it names that is not
  ///   there, or a list it computes, is a note of the result.
  static func readWorkspace(_ path: String, boundary: RepositoryBoundary) throws(XcodeProjectError)
    -> ProjectFormatWorkspace
}

extension ProjectFormat {
  /// A format that does not write the plists of a committed project describes none.
  public static func descriptionsBesideCommittedProject(
    inFolder folder: String, names: [String], boundary: RepositoryBoundary
  ) -> [String] {
    []
  }

  /// A format whose files no fix writes reads no overlay.
  public static func read(_ path: String, boundary: RepositoryBoundary, overlay: XcodeFileOverlay)
    throws(XcodeProjectError) -> ProjectFormatReading
  {
    try read(path, boundary: boundary)
  }

  /// A format that generates no workspace describes none.
  public static func workspaceFiles(
    inFolder folder: String, names: [String], hasCommittedXcodeProject: Bool, boundary: RepositoryBoundary
  ) -> [String] {
    []
  }

  /// A format that generates no workspace describes none.
  public static func isWorkspaceFile(_ path: String, boundary: RepositoryBoundary) -> Bool { false }

  /// A format that generates no workspace names no project.
  public static func readWorkspace(_ path: String, boundary: RepositoryBoundary) throws(XcodeProjectError)
    -> ProjectFormatWorkspace
  {
    ProjectFormatWorkspace(projects: [])
  }
}

/// What a `ProjectFormat` read from a workspace description (a Tuist `Workspace.swift`).
public struct ProjectFormatWorkspace: Sendable {
  /// The projects it names, in order, each an `.xcodeproj` folder or a project file of a `ProjectFormats` format.
  public var projects: [String]
  /// What could not be known or found, located (a project named that is not there, a list the description computes).
  public var notes: [XcodeProjectNote]

  /// The workspace naming `projects`, with `notes`.
  public init(projects: [String], notes: [XcodeProjectNote] = []) {
    self.projects = projects
    self.notes = notes
  }
}

/// What a `ProjectFormat` read from one project file.
public struct ProjectFormatReading: Sendable {
  /// The project, in the model every rule reads. Its `path` and `pbxprojPath` are the project file's path.
  public var project: XcodeProject
  /// Every file read to build it, the project file first (included specs, imported `.props` files): a file listed
  /// after the first is part of this project, not a project of its own.
  public var files: [String]
  /// What could not be known, located (a condition that cannot be evaluated, a value computed by code).
  public var notes: [XcodeProjectNote]
  /// The plists the build writes from the description that the repository does not have (XcodeGen's `info:`).
  public var generatedPlists: [XcodeGenGeneratedPlist]
  /// Whether every target the description makes was read: false when some are computed (a Tuist helper makes
  /// them), and then the plists beside the project that no read target builds are linted as loose files.
  public var readsEveryTarget: Bool
  /// The targets (by name) whose build settings the description computes in part (a Tuist helper's constant): the
  /// settings read are not all the build has, so what they leave undefined is unknown, not empty.
  public var targetsWithUnknownSettings: Set<String>
  /// The bytes of the files read, by the path each was read at, when the format keeps them (an XcodeGen spec's): the
  /// text findings and fixes are placed in, not read again.
  public var texts: [String: [UInt8]]

  /// A reading of `project` from `files`.
  public init(
    project: XcodeProject, files: [String], notes: [XcodeProjectNote] = [],
    generatedPlists: [XcodeGenGeneratedPlist] = [], readsEveryTarget: Bool = true,
    targetsWithUnknownSettings: Set<String> = [], texts: [String: [UInt8]] = [:]
  ) {
    self.targetsWithUnknownSettings = targetsWithUnknownSettings
    self.project = project
    self.files = files
    self.notes = notes
    self.generatedPlists = generatedPlists
    self.readsEveryTarget = readsEveryTarget
    self.texts = texts
  }
}

/// The project formats sharelint reads besides committed Xcode projects: the one registration point of a reader.
public enum ProjectFormats {
  /// Every format, in the order a folder's projects are listed.
  public static let all: [any ProjectFormat.Type] = [XcodeGenFormat.self, DotNetProjectFormat.self, TuistFormat.self]

  /// The format of the project file at `path` named on the command line, if it is one.
  public static func format(ofFile path: String, boundary: RepositoryBoundary = .current) -> (any ProjectFormat.Type)? {
    all.first { $0.isProjectFile(path, boundary: boundary) }
  }

  /// The descriptions beside the committed `.xcodeproj` at `projectPath` that write some of its plists (an XcodeGen
  /// spec kept to regenerate it), each read for those plists (`ProjectFormatReading.generatedPlists`) through
  /// `overlay`; a description that cannot be read is its error.
  public static func descriptionsBeside(
    committedProject projectPath: String, boundary: RepositoryBoundary = .current,
    overlay: XcodeFileOverlay = XcodeFileOverlay()
  ) -> [(path: String, reading: Result<ProjectFormatReading, XcodeProjectError>)] {
    let folder = PathText.removingLastComponent(of: projectPath)
    guard case .success(let names) = RepositoryFile.listFolder(folder.isEmpty ? "." : folder, boundary: boundary)
    else { return [] }
    return all.flatMap { format in
      format.descriptionsBesideCommittedProject(inFolder: folder, names: names, boundary: boundary).map { path in
        (path, Result { () throws(XcodeProjectError) in try format.read(path, boundary: boundary, overlay: overlay) })
      }
    }
  }

  /// The projects directly in `folder` (holding `names`): its committed `.xcodeproj` folders (those with a
  /// `project.pbxproj`), then the project files of every format there.
  public static func projects(inFolder folder: String, names: [String], boundary: RepositoryBoundary = .current)
    -> [String]
  {
    let committed = names.sorted().filter { name in
      name.hasSuffix(".xcodeproj")
        && RepositoryEntry.at(PathText.joined(PathText.joined(folder, name), "project.pbxproj"), boundary: boundary)
          .isFile
    }
    return committed.map { PathText.joined(folder, $0) }
      + projectFiles(inFolder: folder, names: names, hasCommittedXcodeProject: !committed.isEmpty, boundary: boundary)
  }

  /// The format whose workspace description is the file at `path` named on the command line, if it is one.
  public static func workspaceFormat(ofFile path: String, boundary: RepositoryBoundary = .current)
    -> (any ProjectFormat.Type)?
  {
    all.first { $0.isWorkspaceFile(path, boundary: boundary) }
  }

  /// The workspace descriptions of every format in `folder` (holding `names`).
  public static func workspaceFiles(
    inFolder folder: String, names: [String], hasCommittedXcodeProject: Bool,
    boundary: RepositoryBoundary = .current
  ) -> [String] {
    all.flatMap {
      $0.workspaceFiles(
        inFolder: folder, names: names, hasCommittedXcodeProject: hasCommittedXcodeProject, boundary: boundary)
    }
  }

  /// The project files of every format in `folder` (holding `names`), sorted by path within each format.
  public static func projectFiles(
    inFolder folder: String, names: [String], hasCommittedXcodeProject: Bool,
    boundary: RepositoryBoundary = .current
  ) -> [String] {
    all.flatMap {
      $0.projectFiles(
        inFolder: folder, names: names, hasCommittedXcodeProject: hasCommittedXcodeProject, boundary: boundary)
    }
  }
}

/// XcodeGen's `project.yml`, read as the project `xcodegen generate` writes (`XcodeGenProject`).
public enum XcodeGenFormat: ProjectFormat {
  public static let displayName = "XcodeGen spec"

  public static func projectFiles(
    inFolder folder: String, names: [String], hasCommittedXcodeProject: Bool, boundary: RepositoryBoundary
  ) -> [String] {
    guard !hasCommittedXcodeProject else { return [] }
    var specNames = names.filter(XcodeGenProject.isSpecName).sorted()
    if specNames.contains("project.yml") { specNames.removeAll { $0 == "project.yaml" } }
    return specNames.compactMap { name in
      let path = PathText.joined(folder, name)
      guard RepositoryEntry.at(path, boundary: boundary).isFile else { return nil }
      // `project-ios.yml`-like files count when they begin a spec (an included one usually has no `name:`).
      let isDefault = name == "project.yml" || name == "project.yaml"
      return isDefault || GeneratedProjectFolder.beginsASpec(path, boundary: boundary) ? path : nil
    }
  }

  /// The specs a folder with a committed project keeps to regenerate it: found as if the project were not committed.
  public static func descriptionsBesideCommittedProject(
    inFolder folder: String, names: [String], boundary: RepositoryBoundary
  ) -> [String] {
    projectFiles(inFolder: folder, names: names, hasCommittedXcodeProject: false, boundary: boundary)
  }

  public static func isProjectFile(_ path: String, boundary: RepositoryBoundary) -> Bool {
    XcodeGenProject.isSpecFile(path, boundary: boundary)
  }

  public static func read(_ path: String, boundary: RepositoryBoundary) throws(XcodeProjectError)
    -> ProjectFormatReading
  {
    try read(path, boundary: boundary, overlay: XcodeFileOverlay())
  }

  /// The spec and its includes, as a fix left them (`overlay`): a fix of `properties:` is written into them.
  public static func read(_ path: String, boundary: RepositoryBoundary, overlay: XcodeFileOverlay)
    throws(XcodeProjectError) -> ProjectFormatReading
  {
    let spec = try XcodeGenProject(specPath: path, boundary: boundary, overlay: overlay)
    return ProjectFormatReading(
      project: spec.project, files: spec.specFiles, notes: spec.notes, generatedPlists: spec.generatedPlists,
      texts: spec.specTexts)
  }
}

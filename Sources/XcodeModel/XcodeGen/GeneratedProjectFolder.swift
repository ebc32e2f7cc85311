import Foundation
import SharelintBase

/// What a folder holds of a project described in another format than a committed `.xcodeproj` (`ProjectFormats`: an
/// XcodeGen spec, a Tuist `Project.swift`, a .NET project) to read as the folder's projects, and Tuist workspace
/// manifests to name in a note. Asked for
/// every folder a walk enters, with the names the walk already listed, so it costs nothing where there is none. Files
/// are looked at and read only within a `RepositoryBoundary`.
package struct GeneratedProjectFolder: Sendable {
  /// The project files of every `ProjectFormats` format here (an XcodeGen spec counts only when no `.xcodeproj`
  /// beside it holds a `project.pbxproj`: `project.yml`, else `project.yaml`, and `project-*.yml`-like files that
  /// begin a spec), then the workspace descriptions a format reads like an `.xcworkspace` (a Tuist `Workspace.swift`).
  package var projectFiles: [String] = []
  /// The Tuist workspace manifests (`Workspace.swift` importing `ProjectDescription`) of a folder whose project is
  /// not committed (a `Project.swift` is a project file of a `ProjectFormats` format).
  package var tuistManifests: [TuistManifest] = []
  /// The `.xcodeproj` folders here without a `project.pbxproj`, and the `.xcworkspace` folders without a
  /// `contents.xcworkspacedata`, when the project is generated (XcodeGen and Tuist repositories commit the schemes
  /// in `xcshareddata`; the rest is generated, the workspace by `pod install` too): nothing to read.
  package var uncommittedProjectNames: Set<String> = []

  /// Whether the folder holds a project's description in another format (a spec, a .NET project, manifests).
  package var isGenerated: Bool { !projectFiles.isEmpty || !tuistManifests.isEmpty }

  /// What the folder at `folder`, holding the files and folders `names`, holds of a generated project, looking only
  /// where `boundary` lets it.
  package init(folder: String, names: [String], boundary: RepositoryBoundary = .current) {
    var committedProject = false
    var uncommitted: Set<String> = []
    for name in names where name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
      let isProject = name.hasSuffix(".xcodeproj")
      let contents = PathText.joined(
        PathText.joined(folder, name), isProject ? "project.pbxproj" : "contents.xcworkspacedata")
      if RepositoryEntry.at(contents, boundary: boundary) != .missing {
        if isProject { committedProject = true }
      } else {
        uncommitted.insert(name)
      }
    }
    projectFiles = ProjectFormats.projectFiles(
      inFolder: folder, names: names, hasCommittedXcodeProject: committedProject, boundary: boundary)
    // A workspace description a format reads (a Tuist `Workspace.swift`) is read like an `.xcworkspace`.
    let workspaceFiles = ProjectFormats.workspaceFiles(
      inFolder: folder, names: names, hasCommittedXcodeProject: committedProject, boundary: boundary)
    projectFiles += workspaceFiles
    if !committedProject {
      let manifestNames = names.filter { name in
        name == "Workspace.swift" && !workspaceFiles.contains(PathText.joined(folder, name))
      }
      tuistManifests = manifestNames.compactMap {
        TuistManifest(path: PathText.joined(folder, $0), boundary: boundary)
      }
    }
    if isGenerated { uncommittedProjectNames = uncommitted }
  }

  /// Whether the YAML file at `path` has a top-level `name:` (a spec XcodeGen can generate a project from; the specs
  /// it includes usually have none), looking at its first 64 KB; false when `boundary` refuses it.
  package static func beginsASpec(_ path: String, boundary: RepositoryBoundary = .current) -> Bool {
    guard case .success(let bytes) = RepositoryFile.read(path, limit: 64 << 10, prefixOnly: true, boundary: boundary)
    else { return false }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains { $0.hasPrefix("name:") }
  }

  /// What the folder at `folder` holds of a generated project, listing it (nothing when `boundary` refuses it).
  package init(folder: String, boundary: RepositoryBoundary = .current) {
    let names = (try? RepositoryFile.listFolder(folder.isEmpty ? "." : folder, boundary: boundary).get()) ?? []
    self.init(folder: folder, names: names, boundary: boundary)
  }
}

import Foundation
import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Tuist `Workspace.swift` read like an `.xcworkspace`: the projects its `Workspace(name:…, projects: […])` names,
/// where they are literal. Each entry is a folder holding a project (its `Project.swift`, or a committed
/// `.xcodeproj`), relative to the manifest's folder (or `.relativeToRoot`), and may hold wildcards as Tuist's globs
/// do: `*`, `?` and `[…]` within a name, `**` for any number of folders (`"Modules/**"`). A folder named that is not
/// there, or holds no project, is a located note, as a missing project of an `.xcworkspace` is; what the manifest
/// computes is a note naming `tuist generate`. Folders are looked at only within the builder's boundary, the
/// wildcards' walk bounded by `maximumFolders`.
extension TuistProjectBuilder {
  /// The callees that make a workspace.
  static let workspaceCallees: Set<String> = ["Workspace", "ProjectDescription.Workspace", "Workspace.init"]
  /// The most folders the wildcards of one workspace match.
  static let maximumFolders = 1_000

  /// The projects the manifest's workspace names (`.xcodeproj` folders and project files), in order, each once.
  mutating func workspaceProjects() -> [String] {
    let candidates = manifest.bindings.values.sorted { $0.line < $1.line } + manifest.expressions
    guard let call = candidates.compactMap(\.call).first(where: { Self.workspaceCallees.contains($0.callee) }) else {
      notes.append(manifestNote)
      return []
    }
    guard let list = Self.labelled(call.arguments)["projects"] else { return [] }
    var projects: [String] = []
    var seen: Set<String> = []
    var foldersMatched = 0
    for element in arrayElements(list, what: "the workspace's projects") {
      guard let written = path(element) else { continue }
      let hasWildcard = written.contains { $0 == "*" || $0 == "?" || $0 == "[" }
      let shown = PrintableText.escaped(written)
      if !hasWildcard {
        switch RepositoryEntry.at(PathText.joined(rootFolder, written), boundary: boundary) {
        case .folder:
          break
        case .refused:
          note("the workspace names '\(shown)', which is outside the folders sharelint reads", at: element)
          continue
        case .missing, .file:
          note("the workspace names '\(shown)', which does not exist", at: element)
          continue
        }
      }
      let folders = self.folders(matching: written, budget: Self.maximumFolders - foldersMatched)
      foldersMatched += folders.count
      var found = 0
      for folder in folders {
        let listing = RepositoryFile.listFolder(folder.isEmpty ? "." : folder, boundary: boundary)
        guard case .success(let names) = listing else { continue }
        for project in ProjectFormats.projects(inFolder: folder, names: names, boundary: boundary)
        where seen.insert(FileIdentity.of(project)).inserted {
          projects.append(project)
          found += 1
        }
      }
      if found == 0 {
        note(
          hasWildcard
            ? "the workspace names '\(shown)', which matches no project"
            : "the workspace names '\(shown)', which holds no project", at: element)
      }
    }
    if foldersMatched >= Self.maximumFolders {
      note(
        "the workspace's projects match more than \(Self.maximumFolders) folders: the rest are not read", at: list)
    }
    return projects
  }

  /// The folders `pattern` (relative to the manifest's folder) names: one for a literal path, those its wildcards
  /// match otherwise, `budget` at most. One component at a time over a list of folders, never recursing.
  private func folders(matching pattern: String, budget: Int) -> [String] {
    var frontier = [pattern.hasPrefix("/") ? "/" : rootFolder]
    for component in pattern.split(separator: "/").map(String.init) where component != "." {
      var next: [String] = []
      if component == "**" {
        for folder in frontier where next.count < budget {
          next.append(folder)
          next += subfolders(of: folder, limit: budget - next.count)
        }
      } else if component.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) {
        for folder in frontier {
          let listing = RepositoryFile.listFolder(folder.isEmpty ? "." : folder, boundary: boundary)
          guard case .success(let names) = listing else { continue }
          for name in names.sorted() where !name.hasPrefix(".") && fnmatch(component, name, 0) == 0 {
            let path = PathText.joined(folder, name)
            if next.count < budget, RepositoryEntry.at(path, boundary: boundary) == .folder { next.append(path) }
          }
        }
      } else {
        next = frontier.map { PathText.joined($0, component) }
      }
      frontier = next
    }
    return Array(frontier.prefix(budget))
  }

  /// The folders below `folder` (those a source walk enters: not `.git`, `Pods`, `DerivedData`… nor inside an
  /// `.xcodeproj`), `limit` at most.
  private func subfolders(of folder: String, limit: Int) -> [String] {
    var found: [String] = []
    var walker = SourceFolderWalker(boundary: boundary)
    walker.walk(folder: folder.isEmpty ? "." : folder, displayPath: folder) { entry, _ in
      guard entry.isDirectory else { return .leave }
      guard found.count < limit else { return .stop }
      if entry.name.hasSuffix(".xcodeproj") || entry.name.hasSuffix(".xcworkspace") { return .leave }
      found.append(entry.path)
      return .enter
    }
    return found
  }
}

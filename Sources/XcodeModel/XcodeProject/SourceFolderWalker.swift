import Foundation
import SharelintBase

/// Walks the folders of an app's sources, the one walk of `lint` and `targets`: entries in bytewise name order,
/// without hidden entries, dependency and build folders (`skippedFolderNames`), bundles that are no app
/// (`skippedFolderSuffixes`: their Info.plists describe no app or extension, and they hold no project) and the
/// uncommitted parts of a generated project (`GeneratedProjectFolder`). It follows symbolic links but enters
/// each real folder once (`FileIdentity`), so loops end, and goes no deeper than `maximumDepth`.
package struct SourceFolderWalker {
  /// Folder names never entered.
  package static let skippedFolderNames: Set<String> = [
    ".git", ".build", "DerivedData", "Pods", "Carthage", "node_modules",
  ]
  /// Folder name endings never entered.
  package static let skippedFolderSuffixes = [".framework", ".xcframework", ".bundle", ".dSYM"]
  /// How deep folders are entered.
  package static let maximumDepth = 64

  /// One entry of a folder, as the walk meets it.
  package struct Entry {
    /// Its name.
    package var name: String
    /// Its path: the folder's path, `/`, the name.
    package var path: String
    /// Its path as shown: the folder's display path and the name (`.` adds nothing in front).
    package var displayPath: String
    /// Its symlink-free absolute path when known without a `realpath(3)` (it is no symbolic link).
    package var identity: String?
    /// The symlink-free absolute path of the folder it is in.
    package var folderIdentity: String
    /// Whether it is a folder (following a symbolic link).
    package var isDirectory: Bool
    /// Whether it may not be what it seems: a symbolic link, or an entry the file system does not type (a FIFO,
    /// socket or device among them); ask `stat(2)` before reading it.
    package var needsStat: Bool
  }

  /// What to do with a folder the walk meets.
  package enum FolderDecision {
    /// Walk into it.
    case enter
    /// Leave it: the visitor has dealt with it (an `.app` bundle, an `.xcodeproj`), or it is a file.
    case leave
    /// End the walk: the visitor has found what it looked for, or enough.
    case stop
  }

  /// The folders visited so far, by symlink-free path: those the walk entered and those a visitor read itself.
  package struct VisitedFolders {
    private var identities: Set<String> = []

    /// Records the folder `path` (whose `FileIdentity` is `identity`, when known); false when it was visited
    /// before (reached again through a link).
    package mutating func firstVisit(of path: String, identity: String? = nil) -> Bool {
      identities.insert(identity ?? FileIdentity.of(path)).inserted
    }
  }

  /// The folders visited so far.
  package var visited = VisitedFolders()

  /// A walker that has visited nothing yet.
  package init() {}

  /// Walks the folder `path` (shown as `displayPath`), calling `visit` for every entry not skipped, with the
  /// visited folders (for a visitor that reads a folder itself): a folder is entered when `visit` says so.
  /// `unreadable` is told the display path of each folder that cannot be listed; `generatedProject` each folder
  /// holding a generated project's sources (an XcodeGen spec, Tuist manifests), with its display path, before its
  /// entries.
  package mutating func walk(
    folder path: String, displayPath: String, unreadable: (_ displayPath: String) -> Void = { _ in },
    generatedProject: (_ folder: GeneratedProjectFolder, _ displayPath: String) -> Void = { _, _ in },
    visit: (Entry, inout VisitedFolders) -> FolderDecision
  ) {
    _ = walk(
      folder: path, identity: FileIdentity.of(path), displayPath: displayPath, depth: 0, unreadable: unreadable,
      generatedProject: generatedProject, visit: visit)
  }

  /// Walks one folder; false when the visitor stopped the walk.
  private mutating func walk(
    folder path: String, identity: String, displayPath: String, depth: Int, unreadable: (String) -> Void,
    generatedProject: (GeneratedProjectFolder, String) -> Void, visit: (Entry, inout VisitedFolders) -> FolderDecision
  ) -> Bool {
    guard depth <= Self.maximumDepth, visited.firstVisit(of: path, identity: identity) else { return true }
    guard let entries = FolderEntries.list(path) else {
      unreadable(displayPath)
      return true
    }
    let generated = GeneratedProjectFolder(folder: path, names: entries.map(\.name))
    if generated.isGenerated { generatedProject(generated, displayPath) }
    for listed in entries where !listed.name.hasPrefix(".") {
      let name = listed.name
      if generated.uncommittedProjectNames.contains(name) { continue }
      let needsStat = listed.kind == .other
      let isDirectory = needsStat ? Self.isDirectory(path + "/" + name) : listed.kind == .directory
      if isDirectory, Self.isSkipped(folderNamed: name) { continue }
      let entry = Entry(
        name: name, path: path.hasSuffix("/") ? path + name : path + "/" + name,
        displayPath: Self.displayPath(displayPath, name),
        // An entry that is no symbolic link is found at its folder's symlink-free path: no realpath(3).
        identity: needsStat ? nil : (identity == "/" ? "/" : identity + "/") + name, folderIdentity: identity,
        isDirectory: isDirectory, needsStat: needsStat)
      let decision = visit(entry, &visited)
      if decision == .stop { return false }
      guard decision == .enter, isDirectory else { continue }
      let going = walk(
        folder: entry.path, identity: entry.identity ?? FileIdentity.of(entry.path), displayPath: entry.displayPath,
        depth: depth + 1, unreadable: unreadable, generatedProject: generatedProject, visit: visit)
      if !going { return false }
    }
    return true
  }

  /// Whether a folder named `name` is never entered (`skippedFolderNames`, `skippedFolderSuffixes`).
  package static func isSkipped(folderNamed name: String) -> Bool {
    skippedFolderNames.contains(name) || skippedFolderSuffixes.contains(where: name.hasSuffix)
  }

  /// `child` under the display path `parent`; a parent of `.` adds nothing in front.
  package static func displayPath(_ parent: String, _ child: String) -> String {
    if parent.isEmpty || parent == "." { return child }
    return parent.hasSuffix("/") ? parent + child : parent + "/" + child
  }

  /// Whether `path` names an existing folder (following symbolic links).
  package static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `path` names a regular file (following symbolic links): not a FIFO, socket or device, whose read
  /// could wait forever or never end.
  package static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }
}

/// A folder's entries with what `readdir(3)` says they are, sorted by name (bytewise): the walk then
/// needs neither a `stat(2)` per entry to tell folders from files nor a `realpath(3)` per file.
enum FolderEntries {
  struct Entry {
    enum Kind: Equatable {
      /// A folder (not a symbolic link to one).
      case directory
      /// A regular file.
      case regularFile
      /// A symbolic link, or an entry the file system does not type: ask `stat(2)`.
      case other
    }

    var name: String
    var kind: Kind
  }

  /// The entries of the folder `path` but `.` and `..`, or `nil` when it cannot be read.
  static func list(_ path: String) -> [Entry]? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var entries: [Entry] = []
    while let entry = readdir(folder) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
          String(cString: $0)
        }
      }
      if name == "." || name == ".." { continue }
      let kind: Entry.Kind =
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR): .directory
        case Int32(DT_REG): .regularFile
        default: .other
        }
      entries.append(Entry(name: name, kind: kind))
    }
    return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}

import Foundation
import SharelintBase

/// Walks the folders of an app's sources, the one walk of `lint` and `targets`: entries in bytewise name order,
/// without hidden entries, dependency and build folders (`skippedFolderNames`), bundles that are no app
/// (`skippedFolderSuffixes`: their Info.plists describe no app or extension, and they hold no project) and the
/// uncommitted parts of a generated project (`GeneratedProjectFolder`). It goes no deeper than `maximumDepth`.
///
/// It stays inside its `RepositoryBoundary`: a symbolic link (to a folder or a file) is followed only when the path
/// it resolves to is admitted (`refusal(toRead:identity:)`); one leading out of the linted folders, into a `.git`
/// folder or into `/proc`, `/sys` or `/dev` is handed to `refused` and neither entered nor visited. An entry that is
/// no link is found at its folder's symlink-free path and is inside it, so only links cost a `realpath(3)`. Each
/// real folder is entered once (`FileIdentity`), so loops end.
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
    /// Its symlink-free absolute path (`FileIdentity`): the folder's and the name for an entry that is no
    /// symbolic link, the link's resolved target for one that is.
    package var identity: String
    /// The symlink-free absolute path of the folder it is in.
    package var folderIdentity: String
    /// Whether it is a folder (following a symbolic link).
    package var isDirectory: Bool
    /// Whether it may not be what it seems: a symbolic link, or an entry that is neither a folder nor a regular file
    /// (a FIFO, socket or device); ask `stat(2)` before reading it.
    package var needsStat: Bool
    /// Whether it is a symbolic link.
    package var isSymbolicLink: Bool
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
  /// The folders and files the walk may enter and visit.
  package let boundary: RepositoryBoundary

  /// A walker that has visited nothing yet, inside `boundary` (the process's by default).
  package init(boundary: RepositoryBoundary = .current) {
    self.boundary = boundary
  }

  /// Walks the folder `path` (shown as `displayPath`), calling `visit` for every entry not skipped, with the
  /// visited folders (for a visitor that reads a folder itself): a folder is entered when `visit` says so.
  /// `unreadable` is told the display path of each folder that cannot be listed; `tooDeep` each folder not entered
  /// because it lies more than `maximumDepth` folders below `path`; `refused` each entry (or the folder `path`
  /// itself) the boundary refuses, with why — it is neither visited nor entered; `generatedProject` each folder
  /// holding a generated project's sources (an XcodeGen spec, Tuist manifests), with its display path, before its
  /// entries; `listed` each folder entered, with its display path and every name it holds (hidden ones too), so that
  /// whoever needs a folder's names later need not list it again.
  package mutating func walk(
    folder path: String, displayPath: String, unreadable: (_ displayPath: String) -> Void = { _ in },
    tooDeep: (_ displayPath: String) -> Void = { _ in },
    refused: (_ entry: Entry, _ refusal: BoundaryRefusal) -> Void = { _, _ in },
    generatedProject: (_ folder: GeneratedProjectFolder, _ displayPath: String) -> Void = { _, _ in },
    listed: (_ displayPath: String, _ names: [String]) -> Void = { _, _ in },
    visit: (Entry, inout VisitedFolders) -> FolderDecision
  ) {
    let identity = FileIdentity.of(path)
    if let refusal = boundary.refusal(toRead: path, identity: identity) {
      let name = PathText.lastComponent(of: path)
      refused(
        Entry(
          name: name, path: path, displayPath: displayPath, identity: identity,
          folderIdentity: PathText.removingLastComponent(of: identity), isDirectory: true, needsStat: true,
          isSymbolicLink: Self.isSymbolicLink(path)),
        refusal)
      return
    }
    _ = walk(
      folder: path, identity: identity, displayPath: displayPath, depth: 0, unreadable: unreadable,
      tooDeep: tooDeep, refused: refused, generatedProject: generatedProject, listed: listed, visit: visit)
  }

  /// Walks one folder; false when the visitor stopped the walk.
  private mutating func walk(
    folder path: String, identity: String, displayPath: String, depth: Int, unreadable: (String) -> Void,
    tooDeep: (String) -> Void, refused: (Entry, BoundaryRefusal) -> Void,
    generatedProject: (GeneratedProjectFolder, String) -> Void, listed folderListed: (String, [String]) -> Void,
    visit: (Entry, inout VisitedFolders) -> FolderDecision
  ) -> Bool {
    guard depth <= Self.maximumDepth else {
      tooDeep(displayPath)
      return true
    }
    guard visited.firstVisit(of: path, identity: identity) else { return true }
    guard let entries = FolderEntries.list(path) else {
      unreadable(displayPath)
      return true
    }
    let names = entries.map(\.name)
    folderListed(displayPath, names)
    let generated = GeneratedProjectFolder(folder: path, names: names)
    if generated.isGenerated { generatedProject(generated, displayPath) }
    let prefix = path.hasSuffix("/") ? path : path + "/"
    let identityPrefix = identity == "/" ? "/" : identity + "/"
    for listed in entries where !listed.name.hasPrefix(".") {
      let name = listed.name
      if generated.uncommittedProjectNames.contains(name) { continue }
      let entryPath = prefix + name
      // An entry that is no symbolic link is found at its folder's symlink-free path, inside the folder: no
      // realpath(3), no boundary check. A link is resolved, and checked where it leads.
      let kind: FolderEntries.LinkKind =
        switch listed.kind {
        case .directory: .directory
        case .regularFile: .regularFile
        case .other: FolderEntries.LinkKind(ofEntryAt: entryPath)
        }
      let isSymbolicLink = kind == .symbolicLink
      let isDirectory = isSymbolicLink ? Self.isDirectory(entryPath) : kind == .directory
      if isDirectory, Self.isSkipped(folderNamed: name) { continue }
      let entry = Entry(
        name: name, path: entryPath, displayPath: Self.displayPath(displayPath, name),
        identity: isSymbolicLink ? FileIdentity.of(entryPath) : identityPrefix + name, folderIdentity: identity,
        isDirectory: isDirectory, needsStat: kind == .symbolicLink || kind == .special, isSymbolicLink: isSymbolicLink)
      if isSymbolicLink, let refusal = boundary.refusal(toRead: entryPath, identity: entry.identity) {
        refused(entry, refusal)
        continue
      }
      let decision = visit(entry, &visited)
      if decision == .stop { return false }
      guard decision == .enter, isDirectory else { continue }
      let going = walk(
        folder: entry.path, identity: entry.identity, displayPath: entry.displayPath, depth: depth + 1,
        unreadable: unreadable, tooDeep: tooDeep, refused: refused, generatedProject: generatedProject,
        listed: folderListed, visit: visit)
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

  /// Whether `path` is itself a symbolic link.
  package static func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
  }
}

/// A folder's entries with what `readdir(3)` says they are, sorted by name (bytewise): the walk then
/// needs neither a `stat(2)` per entry to tell folders from files nor a `realpath(3)` per file.
enum FolderEntries {
  /// One entry of a folder.
  struct Entry {
    /// What `readdir(3)` says an entry is.
    enum Kind: Equatable {
      /// A folder (not a symbolic link to one).
      case directory
      /// A regular file.
      case regularFile
      /// A symbolic link, a FIFO, a socket, a device, or an entry the file system does not type: ask `lstat(2)`
      /// (`LinkKind`) or `stat(2)`.
      case other
    }

    /// Its name.
    var name: String
    /// What `readdir(3)` says it is.
    var kind: Kind
  }

  /// What an entry of kind `other` is, from `lstat(2)`.
  enum LinkKind: Equatable {
    /// A folder after all (the file system did not type it).
    case directory
    /// A regular file after all (the file system did not type it).
    case regularFile
    /// A symbolic link.
    case symbolicLink
    /// A FIFO, a socket or a device; or an entry that `lstat(2)` cannot see.
    case special

    /// What the entry at `path` is, not following a symbolic link.
    init(ofEntryAt path: String) {
      var status = stat()
      guard lstat(path, &status) == 0 else {
        self = .special
        return
      }
      switch status.st_mode & S_IFMT {
      case S_IFDIR: self = .directory
      case S_IFREG: self = .regularFile
      case S_IFLNK: self = .symbolicLink
      default: self = .special
      }
    }
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

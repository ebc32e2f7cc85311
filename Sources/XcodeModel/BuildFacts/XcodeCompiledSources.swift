import SharelintBase

/// The Swift, Objective-C and C files a target compiles, as the project says: the files of its "Compile Sources"
/// phases, and the folders Xcode 16 keeps in step with the disk (`PBXFileSystemSynchronizedRootGroup`, and an
/// XcodeGen target's `sources:`), whose files are listed only when they are read. Paths are as the project's other
/// paths: relative to the working folder when inside it.
public struct XcodeCompiledSources: Hashable, Sendable {
  /// A folder whose every source file the target compiles, but the exceptions.
  public struct Folder: Hashable, Sendable {
    /// The folder's path.
    public var path: String
    /// The paths, relative to the folder, the target leaves out (`membershipExceptions`); a folder's path leaves out
    /// everything in it.
    public var exceptions: Set<String>

    /// A folder at `path` without `exceptions`.
    public init(path: String, exceptions: Set<String> = []) {
      self.path = path
      self.exceptions = exceptions
    }

    /// Whether `relative` (a path inside the folder) is left out.
    func isException(_ relative: String) -> Bool {
      exceptions.contains(relative) || exceptions.contains { relative.hasPrefix($0 + "/") }
    }
  }

  /// The files of the "Compile Sources" phases that are Swift, Objective-C or C sources (`.swift`, `.m`, `.mm`, `.c`).
  public var files: [String] = []
  /// The folders whose sources it compiles.
  public var folders: [Folder] = []

  /// Nothing compiled.
  public init(files: [String] = [], folders: [Folder] = []) {
    self.files = files
    self.folders = folders
  }

  /// Whether the project names no source for the target.
  public var isEmpty: Bool { files.isEmpty && folders.isEmpty }

  /// The most files a folder's walk lists.
  public static let maximumFolderEntries = 50_000

  /// Every file: `files`, then each folder's sources in name order (hidden entries and dependency folders left
  /// out, no folder `boundary` refuses listed, the walk bounded: `truncated` says when it stopped early), each path
  /// once.
  public func allFiles(boundary: RepositoryBoundary = .current) -> (files: [String], truncated: Bool) {
    var seen: Set<String> = []
    var result: [String] = []
    for file in files where seen.insert(file).inserted { result.append(file) }
    var truncated = false
    for folder in folders {
      let listed = Self.sourceFiles(in: folder, boundary: boundary)
      truncated = truncated || listed.truncated
      for file in listed.files where seen.insert(file).inserted { result.append(file) }
    }
    return (result, truncated)
  }

  /// Adds `other`'s files and folders after these.
  public mutating func append(_ other: XcodeCompiledSources) {
    var knownFiles = Set(files)
    for file in other.files where knownFiles.insert(file).inserted { files.append(file) }
    var knownFolders = Set(folders)
    for folder in other.folders where knownFolders.insert(folder).inserted { folders.append(folder) }
  }

  /// The folder (or file) a glob pattern of sources is under — its components before the first with a wildcard
  /// (`ios/Classes/**/*.{swift,m}` is `ios/Classes`, `**/*.swift` is `.`) — so that every source below it counts;
  /// nil for a pattern that leaves its folder (`..`, an absolute or home path).
  public static func folder(ofPattern pattern: String) -> String? {
    guard !pattern.hasPrefix("/"), !pattern.hasPrefix("~") else { return nil }
    let components = pattern.split(separator: "/", omittingEmptySubsequences: true)
    guard !components.contains("..") else { return nil }
    let literal = components.prefix { !$0.contains(where: { "*?[{".contains($0) }) }
    return literal.isEmpty ? "." : literal.joined(separator: "/")
  }

  /// Whether a path names a file the target compiles from source and a source rule reads.
  public static func isCompiledSource(_ path: String) -> Bool {
    let lowered = path.lowercased()
    return lowered.hasSuffix(".swift") || lowered.hasSuffix(".m") || lowered.hasSuffix(".mm")
      || lowered.hasSuffix(".c")
  }

  /// The source files under `folder` (or the folder itself, when it is a source file), walked without recursion,
  /// listing no folder `boundary` refuses.
  static func sourceFiles(in folder: Folder, boundary: RepositoryBoundary) -> (files: [String], truncated: Bool) {
    if isCompiledSource(folder.path), SourceFolderWalker.isRegularFile(folder.path) { return ([folder.path], false) }
    var files: [String] = []
    var visited = 0
    var seenFolders: Set<String> = []
    var pending: [(path: String, relative: String, depth: Int)] = [(folder.path, "", 0)]
    while let (path, relative, depth) = pending.popLast() {
      let identity = FileIdentity.of(path)
      guard seenFolders.insert(identity).inserted, boundary.refusal(toRead: path, identity: identity) == nil,
        let entries = FolderEntries.list(path)
      else { continue }
      var subfolders: [(String, String, Int)] = []
      for entry in entries where !entry.name.hasPrefix(".") {
        visited += 1
        if visited > maximumFolderEntries { return (files, true) }
        let child = PathText.joined(path, entry.name)
        let childRelative = relative.isEmpty ? entry.name : relative + "/" + entry.name
        if folder.isException(childRelative) { continue }
        let isDirectory =
          entry.kind == .directory || (entry.kind == .other && SourceFolderWalker.isDirectory(child))
        if isDirectory {
          if depth < SourceFolderWalker.maximumDepth, !SourceFolderWalker.isSkipped(folderNamed: entry.name) {
            subfolders.append((child, childRelative, depth + 1))
          }
        } else if isCompiledSource(entry.name) {
          files.append(child)
        }
      }
      // Popped from the end: reversed, the folders are walked in name order.
      pending += subfolders.reversed()
    }
    return (files, false)
  }
}

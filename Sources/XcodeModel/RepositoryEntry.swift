import Foundation
import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path a repository names, asked through a `RepositoryBoundary` before anything looks at the disk: a
/// path the boundary refuses is never examined, so neither its contents nor whether it exists can reach a message.
/// Reading goes through `RepositoryFile.read`, listing through `RepositoryFile.listFolder`; this answers the
/// questions asked before them (is the `project.pbxproj` there, which of the search paths holds the include).
enum RepositoryEntry: Equatable {
  /// Nothing is there.
  case missing
  /// A folder.
  case folder
  /// Anything else: a file (`RepositoryFile.read` refuses a FIFO, socket or device with its reason).
  case file
  /// The boundary refuses the path: it was not examined.
  case refused(BoundaryRefusal)

  /// What is at `path` (symbolic links followed), within `boundary`.
  static func at(_ path: String, boundary: RepositoryBoundary) -> RepositoryEntry {
    if let refusal = boundary.refusal(toRead: path) { return .refused(refusal) }
    var status = stat()
    guard stat(path.isEmpty ? "." : path, &status) == 0 else { return .missing }
    return (status.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
  }

  /// Whether `path` is a folder a walk down to an admitted file may pass through: an admitted folder, or a folder
  /// above the boundary's roots (`/`, `/home` above `/home/ci/repo`), which is stepped through, never listed.
  static func isFolderOnTheWay(_ path: String, boundary: RepositoryBoundary) -> Bool {
    switch at(path, boundary: boundary) {
    case .folder: return true
    case .missing, .file: return false
    case .refused:
      let identity = FileIdentity.of(path)
      let prefix = identity.hasSuffix("/") ? identity : identity + "/"
      guard (boundary.roots + boundary.allowedOutside).contains(where: { $0.hasPrefix(prefix) }) else { return false }
      var status = stat()
      return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
  }

  /// Whether `folder` holds a `.git` (a folder, or the file of a worktree or submodule): the top of a repository,
  /// where MSBuild's and npm's searches upward stop. Only whether it is there is looked at (the boundary refuses every
  /// path inside `.git`, so `at` cannot tell); nothing in it is read.
  static func isRepositoryTop(_ folder: String) -> Bool {
    var status = stat()
    return lstat(PathText.joined(folder.isEmpty ? "." : folder, ".git"), &status) == 0
  }

  /// Whether something other than a folder is there (refused paths are not looked at: false).
  var isFile: Bool { self == .file }
  /// Whether a folder is there.
  var isFolder: Bool { self == .folder }

  /// The refusal, when the boundary refused the path.
  var refusal: BoundaryRefusal? {
    if case .refused(let refusal) = self { return refusal }
    return nil
  }
}

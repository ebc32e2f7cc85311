import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where sharelint may read and write when a file of the repository names a path: inside the folders the user
/// named on the command line (the roots) and the ones `--allow-outside` adds; never inside a `.git` folder, never
/// in the system's `/proc`, `/sys` or `/dev`.
///
/// A repository linted in CI is hostile input: its `INFOPLIST_FILE`, an xcconfig `#include`, a preprocessor
/// include, an XcodeGen `info: path:`, a workspace's project reference or a committed symbolic link can name
/// `/proc/self/environ`, `../../secrets.env` or `.git/config` (where `actions/checkout` keeps the job's token). Every
/// path sharelint opens because the repository named it is checked here first, on its symlink-free form
/// (`FileIdentity`), so a link inside the tree that leads out of it is refused like the path it leads to.
///
/// One boundary holds for the whole process: the command line installs it (`install`) before any file is read, and
/// `RepositoryFile`, the one reader, and the atomic writer consult `current`. A library user linting untrusted
/// repositories installs one the same way. Until one is installed the boundary is `unconfined`: any folder, but
/// still never `.git`, the system's folders, FIFOs, sockets or devices.
public struct RepositoryBoundary: Sendable, Equatable {
  /// The folders inside which files may be read and written, symlink-free and absolute; empty when unconfined.
  public private(set) var roots: [String]
  /// The paths outside the roots that `--allow-outside` admits (files or folders), symlink-free and absolute.
  public private(set) var allowedOutside: [String]

  /// A boundary around `roots` (files or folders; each admits itself and everything under it), with
  /// `allowedOutside` admitted too. Relative paths are taken from the working folder.
  public init(roots: [String], allowedOutside: [String] = []) {
    self.roots = Self.unique(roots.map(FileIdentity.of))
    self.allowedOutside = Self.unique(allowedOutside.map(FileIdentity.of))
  }

  /// No folder limit: only `.git` folders, the system's folders and files that are not regular are refused.
  public static let unconfined = RepositoryBoundary(roots: [])

  /// Whether reads and writes are kept inside roots.
  public var isConfined: Bool { !roots.isEmpty }

  /// The boundary of a command that lints `paths` as the user named them: a folder is a root; a file, an
  /// `.xcodeproj` or an `.xcworkspace` makes its repository a root (the nearest folder above it holding `.git`),
  /// or its own folder when it is in no repository. `allowedOutside` is `--allow-outside`'s paths.
  public static func forCommandLine(paths: [String], allowedOutside: [String] = []) -> RepositoryBoundary {
    var roots: [String] = []
    for path in paths where path != "-" {
      let identity = FileIdentity.of(path)
      let name = PathText.lastComponent(of: identity)
      if isFolder(identity), !name.hasSuffix(".xcodeproj"), !name.hasSuffix(".xcworkspace") {
        roots.append(identity)
      } else {
        let folder = PathText.removingLastComponent(of: identity)
        roots.append(repositoryRoot(above: folder) ?? folder)
      }
    }
    return RepositoryBoundary(roots: roots, allowedOutside: allowedOutside)
  }

  // MARK: The process's boundary

  private final class Installed: @unchecked Sendable {
    let lock = NSLock()
    var boundary = RepositoryBoundary.unconfined
  }

  private static let installed = Installed()

  /// The boundary every read and write of the process goes through.
  public static var current: RepositoryBoundary {
    installed.lock.lock()
    defer { installed.lock.unlock() }
    return installed.boundary
  }

  /// Makes `boundary` the process's: call it before reading anything a repository names.
  public static func install(_ boundary: RepositoryBoundary) {
    installed.lock.lock()
    installed.boundary = boundary
    installed.lock.unlock()
  }

  // MARK: Checks

  /// Why the file or folder `path` may not be read or listed, or nil when it may. `identity` is its `FileIdentity`
  /// when the caller already knows it (a walk meets most files at their symlink-free path).
  public func refusal(toRead path: String, identity: String? = nil) -> BoundaryRefusal? {
    refusal(path, identity: identity ?? FileIdentity.of(path), access: .read)
  }

  /// Why the file `path` may not be written (created or replaced), or nil when it may: the file it resolves to
  /// (through any symbolic link) must be admitted as for a read.
  public func refusal(toWrite path: String) -> BoundaryRefusal? {
    refusal(path, identity: FileIdentity.of(path), access: .write)
  }

  private func refusal(_ path: String, identity: String, access: BoundaryRefusal.Access) -> BoundaryRefusal? {
    if let place = Self.systemFolders.first(where: { Self.isInside(identity, $0) }) {
      return BoundaryRefusal(path: path, reason: .systemFolder(place), access: access)
    }
    if Self.isGitFolderPath(identity) {
      return BoundaryRefusal(path: path, reason: .gitMetadata, access: access)
    }
    guard isConfined else { return nil }
    if roots.contains(where: { Self.isInside(identity, $0) }) { return nil }
    if allowedOutside.contains(where: { Self.isInside(identity, $0) }) { return nil }
    return BoundaryRefusal(path: path, reason: .outsideRoots, access: access)
  }

  /// Folders whose files describe the machine, never the repository: `/proc/self/environ` holds the job's secrets,
  /// `/dev/stdin` and `/dev/zero` never end.
  static let systemFolders = ["/proc", "/sys", "/dev"]

  /// Whether `path` is `folder` or inside it, on the text alone (both absolute and tidied, or both symlink-free).
  public static func isInside(_ path: String, _ folder: String) -> Bool {
    if folder == "/" { return path.hasPrefix("/") }
    guard path.hasPrefix(folder) else { return false }
    let rest = path.utf8.dropFirst(folder.utf8.count)
    return rest.isEmpty || rest.first == UInt8(ascii: "/")
  }

  /// Whether a component of the absolute `path` is `.git`: the repository's metadata (its `config` holds the
  /// checkout's credentials), never a file of the app.
  public static func isGitFolderPath(_ path: String) -> Bool {
    // Byte by byte, without splitting: every file a run reads is asked.
    let component: [UInt8] = Array("/.git".utf8)
    var matched = 0
    for byte in path.utf8 {
      if matched == component.count {
        if byte == UInt8(ascii: "/") { return true }
        matched = 0
      }
      if byte == component[matched] {
        matched += 1
      } else {
        matched = byte == UInt8(ascii: "/") ? 1 : 0
      }
    }
    return matched == component.count
  }

  /// The nearest folder at or above `folder` that holds a `.git` entry (a folder, or a worktree's or submodule's
  /// file), climbing on the text of `folder`.
  public static func repositoryRoot(above folder: String) -> String? {
    var current = folder
    while !current.isEmpty {
      var status = stat()
      if lstat(PathText.joined(current, ".git"), &status) == 0 { return current }
      let parent = PathText.removingLastComponent(of: current)
      if parent == current { return nil }
      current = parent
    }
    return nil
  }

  private static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  private static func unique(_ paths: [String]) -> [String] {
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted }
  }
}

/// Why a path a repository named is not read or written.
public struct BoundaryRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was refused.
  public enum Access: Sendable, Equatable {
    case read
    case write
  }

  /// Why.
  public enum Reason: Sendable, Equatable {
    /// It resolves outside every root and every `--allow-outside` path.
    case outsideRoots
    /// It is inside a `.git` folder.
    case gitMetadata
    /// It is inside `/proc`, `/sys` or `/dev` (the folder named).
    case systemFolder(String)
    /// It is a FIFO, a socket or a device (the kind named), whose read could block or never end.
    case notARegularFile(String)
  }

  /// The path as the repository named it.
  public var path: String
  /// Why it is refused.
  public var reason: Reason
  /// Whether a read or a write was refused.
  public var access: Access

  /// A refusal.
  public init(path: String, reason: Reason, access: Access = .read) {
    self.path = path
    self.reason = reason
    self.access = access
  }

  /// What was not done, without the path: `outside the linted folders: not read`.
  public var consequence: String {
    let verb = access == .read ? "read" : "written"
    switch reason {
    case .outsideRoots: return "outside the linted folders: not \(verb) (--allow-outside admits a path)"
    case .gitMetadata: return "inside a .git folder: never \(verb)"
    case .systemFolder(let folder): return "in the system's \(folder): never \(verb)"
    case .notARegularFile(let kind): return "a \(kind), not a regular file: not \(verb)"
    }
  }

  /// `'/proc/self/environ': in the system's /proc: never read`.
  public var description: String { "'\(path)': \(consequence)" }
}

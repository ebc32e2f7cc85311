import Foundation
import SharelintBase

/// Contents to read instead of what is on disk, for the project files (`project.pbxproj`, `.xcconfig`) a fix has
/// changed in memory: how `fix` reads a project again after its edits, before anything is written. Files are
/// matched by identity (absolute, tidied, symlinks resolved), so any path naming the file finds its overlay.
public struct XcodeFileOverlay: Sendable {
  private var bytesByIdentity: [String: [UInt8]] = [:]

  /// No overlay: every file is read from disk.
  public init() {}

  /// The contents `bytesByPath` gives, by any path naming each file.
  public init(_ bytesByPath: [String: [UInt8]]) {
    for (path, bytes) in bytesByPath { bytesByIdentity[Self.identity(of: path)] = bytes }
  }

  /// Whether no file is overlaid.
  public var isEmpty: Bool { bytesByIdentity.isEmpty }

  /// The overlaid contents of the file at `path`, when it has some.
  public func bytes(at path: String) -> [UInt8]? {
    guard !bytesByIdentity.isEmpty else { return nil }
    return bytesByIdentity[Self.identity(of: path)]
  }

  /// The contents of the file at `path`: overlaid, else read from disk when it is a regular file of at most
  /// `limit` bytes that `boundary` admits.
  public func contents(at path: String, limit: Int = 64 << 20, boundary: RepositoryBoundary = .current) -> [UInt8]? {
    if let overlaid = bytes(at: path) { return overlaid }
    return try? RepositoryFile.read(path, limit: limit, boundary: boundary).get()
  }

  /// A file's identity (`FileIdentity`, as every other comparison of paths makes it: `URL`'s symlink resolution
  /// drops macOS's `/private`, so an overlaid file would not be found under the path the project reader uses).
  static func identity(of path: String) -> String { FileIdentity.of(path) }
}

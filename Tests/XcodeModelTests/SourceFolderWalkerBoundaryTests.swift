import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

/// The walk follows a symbolic link only where its boundary admits the path it resolves to: a link to a canary
/// folder or file outside the linted folder, to `/`, into a `.git` folder or into `/proc` is handed to `refused`,
/// and neither visited nor entered.
@Suite struct SourceFolderWalkerBoundaryTests {
  /// A test's folders: `root`, the linted one, and `canary`, beside it, outside the boundary.
  struct Folders {
    var root: String
    var canary: String
  }

  /// A root holding `App/Info.plist`, and a canary folder outside it holding `secret.plist` and `Deep/Info.plist`.
  static func folders() throws -> Folders {
    let base = try TemporaryFolders.make("sharelint-walker-boundary").path
    let folders = Folders(root: base + "/root", canary: base + "/canary")
    let files = ["/root/App/Info.plist", "/canary/secret.plist", "/canary/Deep/Info.plist"].map { base + $0 }
    for file in files {
      try FileManager.default.createDirectory(
        atPath: PathText.removingLastComponent(of: file), withIntermediateDirectories: true)
      try Data("CANARY".utf8).write(to: URL(fileURLWithPath: file))
    }
    return folders
  }

  /// What a walk of `root` inside `boundary` visits (display paths, `/` after a folder) and refuses (display path,
  /// then the refusal's consequence), entering every folder.
  static func walk(_ root: String, boundary: RepositoryBoundary) -> (visited: [String], refused: [String]) {
    var walker = SourceFolderWalker(boundary: boundary)
    var visited: [String] = []
    var refused: [String] = []
    walker.walk(
      folder: root, displayPath: ".",
      refused: { entry, refusal in refused.append(entry.displayPath + ": " + refusal.consequence) }
    ) { entry, _ in
      visited.append(entry.displayPath + (entry.isDirectory ? "/" : ""))
      return .enter
    }
    return (visited, refused)
  }

  static let outside = "outside the linted folders: not read (--allow-outside admits a path)"

  @Test func aLinkToAFolderOutsideIsNotEntered() throws {
    let folders = try Self.folders()
    try FileManager.default.createSymbolicLink(atPath: folders.root + "/Escape", withDestinationPath: folders.canary)
    let walked = Self.walk(folders.root, boundary: RepositoryBoundary(roots: [folders.root]))
    #expect(walked.visited == ["App/", "App/Info.plist"])
    #expect(walked.refused == ["Escape: " + Self.outside])
  }

  @Test func aLinkToTheFileSystemsRootIsNotEntered() throws {
    let folders = try Self.folders()
    try FileManager.default.createSymbolicLink(atPath: folders.root + "/App/everything", withDestinationPath: "/")
    let walked = Self.walk(folders.root, boundary: RepositoryBoundary(roots: [folders.root]))
    #expect(walked.visited == ["App/", "App/Info.plist"])
    #expect(walked.refused == ["App/everything: " + Self.outside])
  }

  @Test func aLinkToAFileOutsideIsNotVisited() throws {
    let folders = try Self.folders()
    try FileManager.default.createDirectory(atPath: folders.root + "/Share", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folders.root + "/Share/Info.plist", withDestinationPath: folders.canary + "/secret.plist")
    let walked = Self.walk(folders.root, boundary: RepositoryBoundary(roots: [folders.root]))
    #expect(walked.visited == ["App/", "App/Info.plist", "Share/"])
    #expect(walked.refused == ["Share/Info.plist: " + Self.outside])
  }

  /// `--allow-outside` admits the canary: the links to it are followed again.
  @Test func aPathAllowedOutsideIsFollowed() throws {
    let folders = try Self.folders()
    try FileManager.default.createSymbolicLink(atPath: folders.root + "/Escape", withDestinationPath: folders.canary)
    let walked = Self.walk(
      folders.root, boundary: RepositoryBoundary(roots: [folders.root], allowedOutside: [folders.canary]))
    #expect(walked.visited == [
      "App/", "App/Info.plist", "Escape/", "Escape/Deep/", "Escape/Deep/Info.plist", "Escape/secret.plist",
    ])
    #expect(walked.refused.isEmpty)
  }

  /// Links that stay inside are followed, and each entry met through one knows where it resolves.
  @Test func aLinkInsideIsFollowedWithItsIdentity() throws {
    let folders = try Self.folders()
    try FileManager.default.createSymbolicLink(atPath: folders.root + "/Alias", withDestinationPath: "App")
    var walker = SourceFolderWalker(boundary: RepositoryBoundary(roots: [folders.root]))
    var identities: [String: String] = [:]
    walker.walk(folder: folders.root, displayPath: ".") { entry, _ in
      identities[entry.displayPath] = entry.identity
      return .enter
    }
    let app = FileIdentity.of(folders.root + "/App")
    #expect(identities == ["Alias": app, "Alias/Info.plist": app + "/Info.plist", "App": app])
  }

  /// Even unconfined (no root), a link into a `.git` folder or into `/proc` is refused.
  @Test func linksIntoGitMetadataOrProcAreRefusedUnconfined() throws {
    let folders = try Self.folders()
    try FileManager.default.createDirectory(atPath: folders.root + "/.git", withIntermediateDirectories: true)
    try Data("[core]\n".utf8).write(to: URL(fileURLWithPath: folders.root + "/.git/config"))
    try FileManager.default.createSymbolicLink(atPath: folders.root + "/App/Meta", withDestinationPath: "../.git")
    try FileManager.default.createSymbolicLink(
      atPath: folders.root + "/App/App.entitlements", withDestinationPath: "../.git/config")
    try FileManager.default.createSymbolicLink(
      atPath: folders.root + "/App/Self-Info.plist", withDestinationPath: "/proc/self/environ")
    let walked = Self.walk(folders.root, boundary: .unconfined)
    #expect(walked.visited == ["App/", "App/Info.plist"])
    #expect(walked.refused == [
      "App/App.entitlements: inside a .git folder: never read", "App/Meta: inside a .git folder: never read",
      "App/Self-Info.plist: in the system's /proc: never read",
    ])
  }

  /// A walk of a folder the boundary refuses lists nothing.
  @Test func aRefusedFolderIsNotListed() throws {
    let folders = try Self.folders()
    let walked = Self.walk(folders.canary, boundary: RepositoryBoundary(roots: [folders.root]))
    #expect(walked.visited.isEmpty)
    #expect(walked.refused == [".: " + Self.outside])
  }

  /// A FIFO is still visited as an entry that needs a `stat(2)` (discovery reports it), never opened by the walk.
  @Test func aFIFOIsVisitedAsNeedingAStat() throws {
    let folders = try Self.folders()
    #expect(mkfifo(folders.root + "/App/Pipe-Info.plist", 0o600) == 0)
    var walker = SourceFolderWalker(boundary: RepositoryBoundary(roots: [folders.root]))
    var needingStat: [String] = []
    walker.walk(folder: folders.root, displayPath: ".") { entry, _ in
      if entry.needsStat { needingStat.append(entry.displayPath) }
      return .enter
    }
    #expect(needingStat == ["App/Pipe-Info.plist"])
  }

  /// A folder nested past `maximumDepth` is named to `tooDeep`, not entered: the walk's recursion is bounded.
  @Test func aFolderTooDeepIsNamedNotEntered() throws {
    let folders = try Self.folders()
    let names = (0...SourceFolderWalker.maximumDepth).map { "d\($0)" }
    try FileManager.default.createDirectory(
      atPath: folders.root + "/" + names.joined(separator: "/"), withIntermediateDirectories: true)
    var walker = SourceFolderWalker(boundary: RepositoryBoundary(roots: [folders.root]))
    var tooDeep: [String] = []
    var deepestVisited = ""
    walker.walk(folder: folders.root, displayPath: ".", tooDeep: { tooDeep.append($0) }) { entry, _ in
      if entry.displayPath.count > deepestVisited.count { deepestVisited = entry.displayPath }
      return .enter
    }
    #expect(tooDeep == [names.joined(separator: "/")])
    #expect(deepestVisited == names.joined(separator: "/"))
  }
}

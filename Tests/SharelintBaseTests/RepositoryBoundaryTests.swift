import Foundation
import SharelintBase
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The repository boundary and the one reader that goes through it: each test passes its own boundary (the
/// process's is installed by the command line only).
@Suite struct RepositoryBoundaryTests {
  /// `sandbox/outside/secret.txt`, `sandbox/repo/App/Info.plist`, `sandbox/repo/.git/config` and links from the
  /// repository to each, all resolved (on macOS the temporary folder is under the `/private` link).
  struct Sandbox {
    var root: String
    var repository: String { root + "/repo" }
    var secret: String { root + "/outside/secret.txt" }

    init() throws {
      root = FileIdentity.of(try TemporaryFolders.make("sharelint-boundary").path)
      let manager = FileManager.default
      for folder in ["/outside", "/repo/App", "/repo/.git"] {
        try manager.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
      }
      try Data("CANARY".utf8).write(to: URL(fileURLWithPath: root + "/outside/secret.txt"))
      try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: root + "/repo/App/Info.plist"))
      try Data("extraheader = AUTHORIZATION".utf8).write(to: URL(fileURLWithPath: root + "/repo/.git/config"))
      try manager.createSymbolicLink(atPath: root + "/repo/out.txt", withDestinationPath: "../outside/secret.txt")
      try manager.createSymbolicLink(atPath: root + "/repo/up", withDestinationPath: "..")
      try manager.createSymbolicLink(atPath: root + "/repo/inside.plist", withDestinationPath: "App/Info.plist")
      try manager.createSymbolicLink(atPath: root + "/repo/environ", withDestinationPath: "/proc/self/environ")
    }
  }

  @Test func onlyPathsThatResolveInsideARootAreRead() throws {
    let sandbox = try Sandbox()
    let boundary = RepositoryBoundary(roots: [sandbox.repository])
    #expect(boundary.refusal(toRead: sandbox.repository + "/App/Info.plist") == nil)
    #expect(boundary.refusal(toRead: sandbox.repository + "/inside.plist") == nil)
    #expect(boundary.refusal(toRead: sandbox.repository + "/App/../App/Info.plist") == nil)
    for path in [
      sandbox.secret, sandbox.repository + "/out.txt", sandbox.repository + "/up/outside/secret.txt",
      sandbox.repository + "/../outside/secret.txt", sandbox.repository + "/missing/../../outside/x",
      sandbox.root + "/repository-lookalike",
    ] {
      #expect(boundary.refusal(toRead: path)?.reason == .outsideRoots, "\(path)")
    }
    guard case .failure(.refused(let refusal)) = RepositoryFile.read(
      sandbox.repository + "/out.txt", limit: 100, boundary: boundary)
    else {
      Issue.record("a link out of the repository was read")
      return
    }
    #expect(refusal.description.hasSuffix("outside the linted folders: not read (--allow-outside admits a path)"))
    #expect(try RepositoryFile.read(sandbox.repository + "/inside.plist", limit: 100, boundary: boundary).get()
      == Array("<plist/>".utf8))
  }

  @Test func allowOutsideAdmitsAPathAndWhatItHolds() throws {
    let sandbox = try Sandbox()
    let boundary = RepositoryBoundary(roots: [sandbox.repository], allowedOutside: [sandbox.root + "/outside"])
    #expect(try RepositoryFile.read(sandbox.repository + "/out.txt", limit: 100, boundary: boundary).get()
      == Array("CANARY".utf8))
  }

  @Test func gitFoldersAndTheSystemsFoldersAreNeverRead() throws {
    let sandbox = try Sandbox()
    for boundary in [
      RepositoryBoundary(roots: [sandbox.repository]), .unconfined,
      RepositoryBoundary(roots: [sandbox.repository], allowedOutside: ["/"]),
    ] {
      #expect(boundary.refusal(toRead: sandbox.repository + "/.git/config")?.reason == .gitMetadata)
      #expect(boundary.refusal(toRead: sandbox.repository + "/App/../.git/config")?.reason == .gitMetadata)
      #if os(Linux)
      #expect(boundary.refusal(toRead: sandbox.repository + "/environ")?.reason == .systemFolder("/proc"))
      #endif
      #expect(boundary.refusal(toRead: "/dev/stdin")?.reason == .systemFolder("/dev"))
      #expect(boundary.refusal(toWrite: sandbox.repository + "/.git/config")?.reason == .gitMetadata)
    }
    #expect(RepositoryBoundary.unconfined.refusal(toRead: sandbox.secret) == nil)
  }

  @Test func writesAreCheckedWhereTheyLand() throws {
    let sandbox = try Sandbox()
    let boundary = RepositoryBoundary(roots: [sandbox.repository])
    #expect(boundary.refusal(toWrite: sandbox.repository + "/App/New.plist") == nil)
    #expect(boundary.refusal(toWrite: sandbox.repository + "/inside.plist") == nil)
    let refusal = boundary.refusal(toWrite: sandbox.repository + "/out.txt")
    #expect(refusal?.reason == .outsideRoots && refusal?.access == .write)
    #expect(refusal?.consequence == "outside the linted folders: not written (--allow-outside admits a path)")
    #expect(boundary.refusal(toWrite: sandbox.repository + "/up/outside/new.txt")?.reason == .outsideRoots)
  }

  @Test func theCommandLinesRootsAreItsFoldersAndTheRepositoriesOfItsFiles() throws {
    let sandbox = try Sandbox()
    let folder = RepositoryBoundary.forCommandLine(paths: [sandbox.repository + "/App"])
    #expect(folder.roots == [sandbox.repository + "/App"])
    // A named file (or project) stands for its repository: the folder above holding .git.
    let file = RepositoryBoundary.forCommandLine(paths: [sandbox.repository + "/App/Info.plist"])
    #expect(file.roots == [sandbox.repository])
    try FileManager.default.createDirectory(
      atPath: sandbox.root + "/loose/App.xcodeproj", withIntermediateDirectories: true)
    let project = RepositoryBoundary.forCommandLine(paths: [sandbox.root + "/loose/App.xcodeproj"])
    #expect(project.roots == [sandbox.root + "/loose"])
    #expect(RepositoryBoundary.forCommandLine(paths: ["-"]).isConfined == false)
  }

  @Test(.timeLimit(.minutes(1))) func onlyRegularFilesWithinTheLimitAreRead() throws {
    let folder = try TemporaryFolders.make("sharelint-repository-file").path
    let file = folder + "/a.yml"
    try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: file))
    #expect(try RepositoryFile.read(file, limit: 5, boundary: .unconfined).get() == Array("a: 1\n".utf8))
    #expect(RepositoryFile.read(file, limit: 4, boundary: .unconfined) == .failure(.tooLarge(limit: 4)))
    #expect(try RepositoryFile.read(file, limit: 2, prefixOnly: true, boundary: .unconfined).get() == Array("a:".utf8))
    let empty = folder + "/empty.yml"
    try Data().write(to: URL(fileURLWithPath: empty))
    #expect(try RepositoryFile.read(empty, limit: 5, boundary: .unconfined).get() == [])
    let zero = folder + "/.sharelint.yml"
    try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
    #expect(RepositoryFile.read(zero, limit: 1 << 20, boundary: .unconfined)
      == .failure(.refused(BoundaryRefusal(path: zero, reason: .systemFolder("/dev")))))
    let fifo = folder + "/fifo.yml"
    #expect(mkfifo(fifo, 0o600) == 0)
    // Nobody writes to the FIFO: a blocking open would wait for ever.
    #expect(RepositoryFile.read(fifo, limit: 1 << 20, boundary: .unconfined)
      == .failure(.refused(BoundaryRefusal(path: fifo, reason: .notARegularFile("FIFO")))))
    #expect(RepositoryFile.read(folder, limit: 1 << 20, boundary: .unconfined) == .failure(.isFolder))
    #expect(RepositoryFile.read(folder + "/none.yml", limit: 5, boundary: .unconfined) == .failure(.missing))
    #expect(RepositoryFile.Failure.tooLarge(limit: 4 << 20).description == "is larger than 4 MiB")
    #expect(try RepositoryFile.listFolder(folder, boundary: .unconfined).get().sorted()
      == [".sharelint.yml", "a.yml", "empty.yml", "fifo.yml"])
  }
}

@Suite struct GitFolderComponentTests {
  @Test func onlyAComponentNamedDotGitCounts() {
    for path in ["/r/.git", "/r/.git/", "/r/.git/config", "/.git/x", "//r//.git//config", "/r/a/.git/b/.git"] {
      #expect(RepositoryBoundary.isGitFolderPath(path), "\(path)")
    }
    for path in ["/r/.gitignore", "/r/x.git/config", "/r/.github/workflows", "/r/.gi/t", "/r/a.git", "/", ""] {
      #expect(!RepositoryBoundary.isGitFolderPath(path), "\(path)")
    }
  }
}

import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import PropertyList

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The writer against a hostile repository (issue 26): it writes inside the linted folders only, whatever links
/// lead elsewhere, and the temporary files a killed run left are removed by the next write, no other file.
@Suite("Atomic writes inside the boundary")
struct AtomicFileWriterBoundaryTests {
  /// A repository folder (the boundary's root) and a folder outside it, both symlink-free.
  private static func folders() throws -> (root: String, outside: String, boundary: RepositoryBoundary) {
    let base = FileIdentity.of(try TemporaryFolders.make("sharelint-writer").path)
    let root = base + "/repo"
    let outside = base + "/outside"
    for folder in [root, outside] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    return (root, outside, RepositoryBoundary(roots: [root]))
  }

  private static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func aFileOutsideTheBoundaryIsRefusedAndNothingIsWritten() throws {
    let (_, outside, boundary) = try Self.folders()
    let target = outside + "/Info.plist"
    let error = try #require(throws: PropertyListError.self) {
      try AtomicFileWriter.write(Array("new".utf8), to: target, boundary: boundary)
    }
    #expect(error.kind == .writeRefused)
    #expect(error.message == "'\(target)': outside the linted folders: not written (--allow-outside admits a path)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
  }

  @Test func aLinkIsWrittenThroughOnlyToAFileInside() throws {
    let (root, outside, boundary) = try Self.folders()
    try "old".write(toFile: root + "/Real.plist", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: root + "/Inside.plist", withDestinationPath: "Real.plist")
    try AtomicFileWriter.write(Array("new".utf8), to: root + "/Inside.plist", boundary: boundary)
    #expect(try Self.text(root + "/Real.plist") == "new")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/Inside.plist") == "Real.plist")

    try "secret".write(toFile: outside + "/Target.plist", atomically: false, encoding: .utf8)
    let target = outside + "/Target.plist"
    try FileManager.default.createSymbolicLink(atPath: root + "/Out.plist", withDestinationPath: target)
    let error = try #require(throws: PropertyListError.self) {
      try AtomicFileWriter.write(Array("new".utf8), to: root + "/Out.plist", boundary: boundary)
    }
    #expect(error.kind == .writeRefused)
    #expect(
      error.message == "'\(root)/Out.plist': outside the linted folders: not written (--allow-outside admits a path) "
        + "(it leads to '\(outside)/Target.plist')")
    #expect(try Self.text(outside + "/Target.plist") == "secret")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/Out.plist") == target)
  }

  @Test func aFolderLinkLeadingOutsideIsRefused() throws {
    let (root, outside, boundary) = try Self.folders()
    try FileManager.default.createSymbolicLink(atPath: root + "/App", withDestinationPath: outside)
    let error = try #require(throws: PropertyListError.self) {
      try AtomicFileWriter.write(Array("new".utf8), to: root + "/App/Info.plist", boundary: boundary)
    }
    #expect(error.kind == .writeRefused)
    #expect(error.message.hasSuffix("(it leads to '\(outside)/Info.plist')"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
  }

  @Test func gitMetadataIsNeverWrittenEvenUnconfined() throws {
    let (root, _, _) = try Self.folders()
    try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
    try "[core]".write(toFile: root + "/.git/config", atomically: false, encoding: .utf8)
    let error = try #require(throws: PropertyListError.self) {
      try AtomicFileWriter.write(Array("x".utf8), to: root + "/.git/config", boundary: .unconfined)
    }
    #expect(error.message == "'\(root)/.git/config': inside a .git folder: never written")
    #expect(try Self.text(root + "/.git/config") == "[core]")
  }

  /// The id of a process that has exited (and been waited for).
  private static func exitedProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test func theNextWriteRemovesOnlyTheTemporaryFilesOfItsTargetWhoseWriterIsGone() throws {
    let (root, _, boundary) = try Self.folders()
    let gone = try Self.exitedProcess()
    #expect(kill(gone, 0) != 0 && errno == ESRCH)
    let alive = getpid()
    let stale = ".Info.plist.sharelint-\(gone)-a1B2c3"
    let kept = [
      ".Info.plist.sharelint-\(alive)-a1B2c3",  // a live run's
      ".Info.plist.sharelint-Xy12zZ",  // no process id: an older sharelint's, which might be running
      ".Other.plist.sharelint-\(gone)-a1B2c3",  // another target's
      ".Info.plist.sharelint-\(gone)-a1B2c",  // not mkstemp's six characters
      ".Info.plist.sharelint-\(gone)-a1B2c3.bak",
      ".Info.plist.sharelint-0\(gone)-a1B2c3",
      "Info.plist.sharelint-\(gone)-a1B2c3",
    ]
    for name in [stale] + kept { try "partial".write(toFile: root + "/" + name, atomically: false, encoding: .utf8) }
    let staleFolder = ".Info.plist.sharelint-\(gone)-Folder"
    try FileManager.default.createDirectory(atPath: root + "/" + staleFolder, withIntermediateDirectories: false)
    try "old".write(toFile: root + "/Info.plist", atomically: false, encoding: .utf8)

    try AtomicFileWriter.write(Array("new".utf8), to: root + "/Info.plist", boundary: boundary)
    #expect(try Self.text(root + "/Info.plist") == "new")
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: root))
    #expect(left == Set(kept + [staleFolder, "Info.plist"]))
  }

  @Test(arguments: [
    ("123-a1B2c3", 123), ("4194304-ZZZZZZ", 4_194_304), ("1-000000", 1),
    ("0-a1B2c3", nil), ("-1-a1B2c3", nil), ("012-a1B2c3", nil), ("12-a1B2c", nil), ("12-a1B2c3d", nil),
    ("12-a1B-c3", nil), ("12-a1B2c.", nil), ("99999999999-a1B2c3", nil), ("a1B2c3", nil), ("12a1B2c3", nil),
  ] as [(String, Int32?)])
  func theWritersProcessIsReadOnlyFromTheExactPattern(suffix: String, process: Int32?) {
    #expect(AtomicFileWriter.writerProcess(ofSuffix: Substring(suffix)) == process)
  }

  @Test func aFailedWriteLeavesNoTemporaryFile() throws {
    let (root, _, boundary) = try Self.folders()
    try "old".write(toFile: root + "/Info.plist", atomically: false, encoding: .utf8)
    #expect(throws: PropertyListError.self) {
      try AtomicFileWriter.write(
        Array("new".utf8), to: root + "/Info.plist", expectedContents: Array("other".utf8), boundary: boundary)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["Info.plist"])
  }
}

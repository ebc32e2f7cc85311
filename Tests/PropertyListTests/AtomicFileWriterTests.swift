import Foundation
import Testing

@testable import PropertyList

@Suite("Atomic writes")
struct AtomicFileWriterTests {
  /// A fresh folder under the temporary directory, removed by the caller.
  private func makeFolder() throws -> String {
    let path = NSTemporaryDirectory() + "/sharelint-atomic-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func mode(of path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func writesNewBytesAndKeepsTheMode() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try Data(Fixtures.shareExtension.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)

    let document = try PropertyListDocument(contentsOfFile: path)
    let settings = try #require(document.value(at: ["IntuneMAMSettings"]))
    let edit = try document.insertingEntry(key: "AutoEnrollOnLaunch", value: .boolean(true), into: settings)
    let (newBytes, _) = document.source.bytes.applying([edit])
    try document.source.writeAtomically(newBytes)

    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == newBytes)
    #expect(try mode(of: path) == 0o640)
    #expect(
      try PropertyListDocument(contentsOfFile: path).value(at: ["IntuneMAMSettings", "AutoEnrollOnLaunch"])?
        .boolean == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Info.plist"])
  }

  @Test func refusesWhenTheFileChangedSinceItWasRead() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try Data(Fixtures.shareExtension.utf8).write(to: URL(fileURLWithPath: path))
    let document = try PropertyListDocument(contentsOfFile: path)

    let someoneElse = Data(Fixtures.shareExtension.replacingOccurrences(of: "Contoso", with: "Fabrikam").utf8)
    try someoneElse.write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: PropertyListError.self) { try document.source.writeAtomically(Array("new".utf8)) }
    #expect(error?.kind == .fileChanged)
    #expect(error?.message.contains("changed on disk since it was read") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == someoneElse)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Info.plist"])

    try FileManager.default.removeItem(atPath: path)
    let removed = #expect(throws: PropertyListError.self) { try document.source.writeAtomically(Array("new".utf8)) }
    #expect(removed?.kind == .fileChanged)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func writesThroughSymbolicLinksAndCreatesNewFiles() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let real = folder + "/Real.plist"
    let link = folder + "/Link.plist"
    try Data("old".utf8).write(to: URL(fileURLWithPath: real))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
    try AtomicFileWriter.write(Array("new".utf8), to: link, expectedContents: Array("old".utf8))
    #expect(try String(contentsOfFile: real, encoding: .utf8) == "new")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)

    let fresh = folder + "/Fresh.plist"
    try AtomicFileWriter.write(Array("fresh".utf8), to: fresh)
    #expect(try String(contentsOfFile: fresh, encoding: .utf8) == "fresh")
    #expect(try mode(of: fresh) == 0o644)
  }

  @Test func failsCleanlyWhenTheFolderIsMissing() throws {
    let error = #expect(throws: PropertyListError.self) {
      try AtomicFileWriter.write(Array("x".utf8), to: "/nonexistent-sharelint-folder/Info.plist")
    }
    #expect(error?.kind == .fileSystem)
    #expect(error?.message.contains("cannot create a temporary file") == true)
    let readError = #expect(throws: PropertyListError.self) {
      try PropertyListDocument(contentsOfFile: "/nonexistent-sharelint-folder/Info.plist")
    }
    #expect(readError?.message.contains("does not exist") == true)
  }
}

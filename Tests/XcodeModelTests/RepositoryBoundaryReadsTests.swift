import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

/// A repository written for one test and, beside it, a folder it must not reach holding a canary: what a hostile pull
/// request names (`#include "../outside/secrets.xcconfig"`). `boundary` admits the repository only.
struct Sandbox {
  /// The text every file outside holds: found in a result, it was read.
  static let canary = "canary-7f3e2b"

  /// The repository.
  let repository: String
  /// The folder beside it.
  let outside: String
  /// A boundary around the repository.
  let boundary: RepositoryBoundary

  /// A repository holding `files` (relative path → contents) and, outside, `secrets.xcconfig`, `secret.h`,
  /// `Info.plist`, `App.entitlements`, `more.yml` and `Podfile`, each with the canary.
  init(_ files: [String: String] = [:]) throws {
    let folder = try TemporaryFolders.make("sharelint-boundary")
    repository = folder.path + "/repo"
    outside = folder.path + "/outside"
    boundary = RepositoryBoundary(roots: [repository])
    let canary = Self.canary
    let plist = "<plist version=\"1.0\"><dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>"
      + "<array><string>\(canary)</string></array></dict></array></dict></plist>\n"
    for (name, text) in [
      "secrets.xcconfig": "SECRET = \(canary)\nPRODUCT_BUNDLE_IDENTIFIER = \(canary)\n", "secret.h": "\(canary)\n",
      "Info.plist": plist, "App.entitlements": plist, "more.yml": "targets:\n  \(canary):\n    type: application\n",
      "Podfile": "target 'App' do\n  pod '\(canary)'\nend\n",
    ] {
      try Self.write(outside + "/" + name, text)
    }
    try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
    for (name, text) in files { try write(name, text) }
  }

  /// Writes `text` at `relative` in the repository.
  func write(_ relative: String, _ text: String) throws {
    try Self.write(repository + "/" + relative, text)
  }

  /// A symbolic link at `relative` in the repository to `destination`.
  func link(_ relative: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(atPath: repository + "/" + relative, withDestinationPath: destination)
  }

  private static func write(_ path: String, _ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: PathText.removingLastComponent(of: path), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Whether `value`, described in full, holds the canary (something outside was read).
  static func holdsCanary(_ value: Any) -> Bool {
    String(reflecting: value).contains(canary)
  }
}

@Suite("Reads stay inside the repository: xcconfig files")
struct XcconfigBoundaryTests {
  /// The `Debug` configuration of `App` in a project whose app target's base configuration is `App.xcconfig`.
  private static func appDebug(_ sandbox: Sandbox, xcconfig: String) throws -> XcodeTargetConfiguration {
    try sandbox.write("App.xcconfig", xcconfig)
    try sandbox.write("App.xcodeproj/project.pbxproj", XcodeFixtures.project(appSettings: "", appBase: "FA"))
    let project = try XcodeProject(path: sandbox.repository + "/App.xcodeproj", boundary: sandbox.boundary)
    let app = try #require(project.target(named: "App"))
    return try #require(project.configuration(named: "Debug", of: app))
  }

  @Test func anIncludeOutsideTheRepositoryIsALocatedNoteAndNotRead() throws {
    let sandbox = try Sandbox()
    let configuration = try Self.appDebug(
      sandbox, xcconfig: "A = 1\n#include \"../outside/secrets.xcconfig\"\n#include \"/etc/passwd\"\nB = 2\n")
    let xcconfig = sandbox.repository + "/App.xcconfig"
    let outsideNote = try #require(configuration.notes.first { $0.message.contains("secrets.xcconfig") })
    #expect(
      outsideNote.message
        == "included file '../outside/secrets.xcconfig' is outside the linted folders: not read "
        + "(--allow-outside admits a path)")
    #expect(outsideNote.file == xcconfig && outsideNote.line == 2)
    let passwd = try #require(configuration.notes.first { $0.message.contains("/etc/passwd") })
    #expect(passwd.line == 3)
    // The rest of the file still counts; nothing of the included files does.
    #expect(configuration.settings.value(of: "A") == "1")
    #expect(configuration.settings.value(of: "B") == "2")
    #expect(configuration.settings.value(of: "SECRET") == nil)
    #expect(configuration.settings.value(of: "root") == nil)
    #expect(!Sandbox.holdsCanary(configuration))
  }

  @Test func gitMetadataAndTheSystemsFilesAreNeverRead() throws {
    let sandbox = try Sandbox([
      ".git/config": "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic \(Sandbox.canary)\n"
    ])
    let configuration = try Self.appDebug(
      sandbox, xcconfig: "#include \".git/config\"\n#include \"/dev/stdin\"\n#include \"/proc/self/environ\"\n")
    let messages = configuration.notes.map(\.message).filter { $0.hasPrefix("included file") }
    #expect(messages.count == 3)
    #expect(messages.first == "included file '.git/config' is inside a .git folder: never read")
    // Where /dev/stdin leads depends on what the test's standard input is: a system folder, whichever.
    #expect(messages.dropFirst().allSatisfy { $0.contains("' is in the system's /") && $0.hasSuffix(": never read") })
    #expect(configuration.settings.value(of: "extraheader") == nil)
    #expect(!Sandbox.holdsCanary(configuration))
  }

  @Test(.timeLimit(.minutes(1))) func aFIFOIsNotReadEvenUnconfined() throws {
    let sandbox = try Sandbox()
    #expect(mkfifo(sandbox.repository + "/pipe.xcconfig", 0o600) == 0)
    try sandbox.write("App.xcconfig", "#include \"pipe.xcconfig\"\nA = 1\n")
    var settings = BuildSettings()
    try settings.loadXcconfig(atPath: sandbox.repository + "/App.xcconfig", boundary: .unconfined)
    #expect(
      settings.xcconfigDiagnostics.map(\.message) == [
        "included file 'pipe.xcconfig' is a FIFO, not a regular file: not read"
      ])
    #expect(settings.value(of: "A") == "1")
  }

  @Test func aLinkInsideTheRepositoryToAFileOutsideIsRefusedLikeThePathItLeadsTo() throws {
    let sandbox = try Sandbox()
    try sandbox.link("Shared.xcconfig", to: sandbox.outside + "/secrets.xcconfig")
    try sandbox.write("App.xcconfig", "#include \"Shared.xcconfig\"\n")
    var settings = BuildSettings()
    try settings.loadXcconfig(atPath: sandbox.repository + "/App.xcconfig", boundary: sandbox.boundary)
    #expect(settings.xcconfigDiagnostics.map(\.kind) == [.unreadableFile])
    #expect(settings.xcconfigDiagnostics.first?.line == 1)
    #expect(!Sandbox.holdsCanary(settings))
  }

  @Test func aBaseConfigurationOutsideIsANoteAndItsSettingsAreUnknown() throws {
    let sandbox = try Sandbox()
    let pbxproj = XcodeFixtures.project(
      appSettings: "", appBase: "FX",
      extra: "\t\tFX = {isa = PBXFileReference; path = \"\(sandbox.outside)/secrets.xcconfig\"; "
        + "sourceTree = \"<absolute>\"; };")
    try sandbox.write("App.xcodeproj/project.pbxproj", pbxproj)
    let project = try XcodeProject(path: sandbox.repository + "/App.xcodeproj", boundary: sandbox.boundary)
    let app = try #require(project.target(named: "App"))
    let configuration = try #require(project.configuration(named: "Debug", of: app))
    #expect(
      configuration.notes.map(\.message) == [
        "'\(sandbox.outside)/secrets.xcconfig' is outside the linted folders: not read (--allow-outside admits a "
          + "path); its settings are unknown"
      ])
    #expect(!Sandbox.holdsCanary(configuration))
  }

  @Test func theCaseInsensitiveFinderListsNoFolderOutside() throws {
    let sandbox = try Sandbox()
    let asked = sandbox.outside + "/SECRETS.xcconfig"
    #expect(CaseInsensitiveFileFinder(boundary: .unconfined).findIgnoringCase(asked)?.caseDifference != nil)
    #expect(CaseInsensitiveFileFinder(boundary: sandbox.boundary).findIgnoringCase(asked) == nil)
    let found = CaseInsensitiveFileFinder(boundary: sandbox.boundary).find(
      "../outside/secrets", in: [sandbox.repository], defaultExtension: "xcconfig")
    #expect(found?.refusal?.reason == .outsideRoots)
  }

  @Test func infoPlistAndEntitlementsOutsideAreNotedWhereTheyAreSet() throws {
    let sandbox = try Sandbox()
    let pbxproj = XcodeFixtures.project(
      appSettings: "INFOPLIST_FILE = ../outside/Info.plist; CODE_SIGN_ENTITLEMENTS = \"/etc/passwd\";")
    try sandbox.write("App.xcodeproj/project.pbxproj", pbxproj)
    let project = try XcodeProject(path: sandbox.repository + "/App.xcodeproj", boundary: sandbox.boundary)
    let app = try #require(project.target(named: "App"))
    let configuration = try #require(project.configuration(named: "Debug", of: app))
    let refused = "is outside the linted folders: not read (--allow-outside admits a path)"
    let messages = configuration.notes.map(\.message)
    #expect(messages.contains { $0.hasPrefix("INFOPLIST_FILE '") && $0.hasSuffix("/outside/Info.plist' " + refused) })
    #expect(messages.contains("CODE_SIGN_ENTITLEMENTS '/etc/passwd' " + refused))
    #expect(configuration.notes.allSatisfy { $0.file == sandbox.repository + "/App.xcodeproj/project.pbxproj" })
  }
}

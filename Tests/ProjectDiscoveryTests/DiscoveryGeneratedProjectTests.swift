import Foundation
import SharelintBase
import Testing

@testable import ProjectDiscovery

@Suite("Discovery of projects a tool generates: XcodeGen specs, Tuist manifests")
struct DiscoveryGeneratedProjectTests {
  /// A fresh folder holding `files` (relative path → contents).
  private func folder(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sharelint-generated-\(UUID().uuidString)")
    for (name, contents) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    return folder.path
  }

  @Test func xcodeGenSpecIsListedAndItsSchemesFolderIsNot() throws {
    let root = try folder([
      "iOS/project.yml": "name: App\n",
      "iOS/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme": "<Scheme/>\n",
      "iOS/App/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n",
      "Legacy/Old.xcodeproj/project.pbxproj": "{}\n",
      "Legacy/project.yml": "name: Old\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let candidates = try TargetDiscovery().collect([root])
    // The committed project wins over the spec beside it.
    #expect(candidates.projectContainers == [root + "/Legacy/Old.xcodeproj", root + "/iOS/project.yml"])
    #expect(candidates.notes.isEmpty)
    let named = try TargetDiscovery().collect([root + "/iOS/project.yml"])
    #expect(named.projectContainers == [root + "/iOS/project.yml"])
  }

  @Test func tuistProjectManifestIsAProjectAndOtherSwiftManifestsAreNoPlists() throws {
    let root = try folder([
      "Project.swift": "import ProjectDescription\n\nlet project = Project(name: \"App\")\n",
      "Tuist/Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\n",
      "App/Resources/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    // A Tuist `Project.swift` is a project read where it is literal (`TuistFormat`): its note, when it yields
    // nothing, comes from reading it.
    let candidates = try TargetDiscovery().collect([root])
    #expect(candidates.projectContainers == [root + "/Project.swift"])
    #expect(candidates.notes.isEmpty)
    #expect(candidates.infoPlists.map(\.plist.displayPath) == [root + "/App/Resources/Info.plist"])
    let named = try TargetDiscovery().collect([root + "/Project.swift", root + "/Tuist/Package.swift"])
    #expect(named.projectContainers == [root + "/Project.swift"])
    #expect(named.notes.count == 1 && named.infoPlists.isEmpty && named.entitlements.isEmpty)
    #expect(
      named.notes.last
        == root + "/Tuist/Package.swift: a Swift manifest, which sharelint does not run; it holds no plist")
  }
}

import Foundation
import Testing
@testable import XcodeModel

@Suite struct SourceFolderWalkerTests {
  /// A fresh folder holding `files` (relative paths; a trailing `/` makes a folder) and `links` (name → target).
  static func tree(_ files: [String], links: [String: String] = [:]) throws -> String {
    let manager = FileManager.default
    let base = NSTemporaryDirectory() + "sharelint-walker-" + UUID().uuidString
    for file in files {
      let path = base + "/" + file
      if file.hasSuffix("/") {
        try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
      } else {
        try manager.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
      }
    }
    for (name, target) in links {
      try manager.createSymbolicLink(atPath: base + "/" + name, withDestinationPath: target)
    }
    return base
  }

  /// The display paths the walk visits under `base`, entering every folder.
  static func visited(_ base: String) -> [String] {
    var walker = SourceFolderWalker()
    var seen: [String] = []
    walker.walk(folder: base, displayPath: ".", unreadable: { seen.append("unreadable " + $0) }) { entry, _ in
      seen.append(entry.displayPath + (entry.isDirectory ? "/" : ""))
      return .enter
    }
    return seen
  }

  @Test func skipsHiddenDependencyBuildAndNonAppBundleFolders() throws {
    let base = try Self.tree([
      "App/Info.plist", ".git/Info.plist", "Pods/X/Info.plist", "DerivedData/Info.plist", "Kit.framework/Info.plist",
      "Res.bundle/Info.plist", "b/.hidden", "b/Pods",
    ])
    defer { try? FileManager.default.removeItem(atPath: base) }
    #expect(Self.visited(base) == ["App/", "App/Info.plist", "b/", "b/Pods"])
  }

  /// Each folder entered is handed on with every name it holds, hidden and skipped ones too (what the Intune
  /// package lookup reads instead of listing the folder again); folders not entered are not.
  @Test func eachFolderEnteredIsListedWithEveryName() throws {
    let base = try Self.tree(["App/Info.plist", "App/Podfile", ".git/HEAD", "Pods/X/Info.plist", "b/.hidden"])
    defer { try? FileManager.default.removeItem(atPath: base) }
    var walker = SourceFolderWalker()
    var listed: [String: [String]] = [:]
    walker.walk(folder: base, displayPath: ".", listed: { listed[$0] = $1.sorted() }) { _, _ in .enter }
    #expect(listed == [".": [".git", "App", "Pods", "b"], "App": ["Info.plist", "Podfile"], "b": [".hidden"]])
  }

  @Test func followsLinksButEntersEachFolderOnce() throws {
    let base = try Self.tree(["real/Info.plist"])
    defer { try? FileManager.default.removeItem(atPath: base) }
    try FileManager.default.createSymbolicLink(atPath: base + "/real/loop", withDestinationPath: base + "/real")
    try FileManager.default.createSymbolicLink(atPath: base + "/alias", withDestinationPath: base + "/real")
    // 'alias' is entered first (bytewise order), so 'real' is the second visit of the same folder.
    #expect(Self.visited(base) == ["alias/", "alias/Info.plist", "alias/loop/", "real/"])
  }

  @Test func containersAreFoundOnTheSameWalk() throws {
    let base = try Self.tree([
      "App/App.xcodeproj/project.pbxproj", "Pods/Pods.xcodeproj/project.pbxproj", "Kit.framework/K.xcodeproj/",
      "App.xcworkspace/contents.xcworkspacedata",
    ])
    defer { try? FileManager.default.removeItem(atPath: base) }
    #expect(XcodeTargetsReport.containers(under: base) == [base + "/App.xcworkspace", base + "/App/App.xcodeproj"])
  }
}

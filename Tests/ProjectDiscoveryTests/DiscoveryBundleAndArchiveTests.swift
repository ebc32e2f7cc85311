import Foundation

import SharelintBase
import TestSupport
import Testing
import XcodeModel
import ZIPFoundation

@testable import ProjectDiscovery


@Suite("Discovery of .app bundles, .ipa archives and folder trees")
struct DiscoveryBundleAndArchiveTests {
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  private static func plist(_ entries: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(entries)
    </dict>
    </plist>
    """
  }

  private static let appPlist = plist("<key>CFBundleIdentifier</key><string>com.example.app</string>")
  private static let extensionPlist = plist(
    """
    <key>CFBundleIdentifier</key><string>com.example.app.share</string>
    <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict>
    """)

  /// A fresh folder holding `files` (relative path → contents).
  private func folder(_ files: [String: String]) throws -> String {
    let folder = TemporaryFolders.url("sharelint-discovery")
    for (name, contents) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.path
  }

  /// A zip at `path` holding `entries` (path → bytes), deflated.
  private func makeZip(at path: String, _ entries: [(String, [UInt8])]) throws {
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    for (name, bytes) in entries {
      let data = Data(bytes)
      try archive.addEntry(
        with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
      ) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
  }

  @Test func appBundleYieldsItsPlistAndPlugInsWithoutEntitlements() throws {
    let root = try folder([
      "Build/Example.app/Info.plist": Self.appPlist,
      "Build/Example.app/Example.entitlements": Self.plist(""),
      "Build/Example.app/PlugIns/Share.appex/Info.plist": Self.extensionPlist,
      "Build/Example.app/Frameworks/Kit.framework/Info.plist": Self.appPlist,
      "Build/Example.app/Watch/Other/Info.plist": Self.appPlist,
    ])
    let result = try TargetDiscovery().discover([root + "/Build/Example.app/"])
    #expect(result.problems.isEmpty)
    #expect(
      result.targets.map(\.displayPath) == [
        root + "/Build/Example.app/Info.plist", root + "/Build/Example.app/PlugIns/Share.appex/Info.plist",
      ])
    #expect(result.targets.map(\.kind) == [.app, .appExtension])
    #expect(result.targets.allSatisfy { $0.entitlements == nil && $0.infoPlist?.location == .appBundle })
    #expect(result.targets[1].containingAppPath == root + "/Build/Example.app/Info.plist")
    #expect(result.targets[1].containingAppEvidence == .bundleLayout)
    let viaFolder = try TargetDiscovery().discover([root])
    #expect(viaFolder.targets.map(\.displayPath) == result.targets.map(\.displayPath))
    // What each bundle's Frameworks folder holds, for the build facts.
    #expect(result.targets.map(\.bundledFrameworks) == [["Kit.framework"], []])
    #expect(result.targets.first?.bundleDisplayPath == root + "/Build/Example.app")
  }

  @Test func anArchiveListsTheFrameworksOfTheAppAndOfEachExtension() throws {
    let root = try folder([:])
    try makeZip(at: root + "/App.ipa", [
      ("Payload/App.app/Info.plist", Array(Self.appPlist.utf8)),
      ("Payload/App.app/Frameworks/IntuneMAMSwift.framework/IntuneMAMSwift", [0]),
      ("Payload/App.app/Frameworks/IntuneMAMSwift.framework/Info.plist", Array(Self.appPlist.utf8)),
      ("Payload/App.app/Frameworks/libswiftCore.dylib", [0]),
      ("Payload/App.app/PlugIns/Share.appex/Info.plist", Array(Self.extensionPlist.utf8)),
      ("Payload/App.app/PlugIns/Share.appex/Frameworks/IntuneMAMSwiftStub.framework/IntuneMAMSwiftStub", [0]),
      ("Payload/Frameworks/Loose.framework/Loose", [0]),
    ])
    let result = try TargetDiscovery().discover([root + "/App.ipa"])
    #expect(result.targets.map(\.bundledFrameworks) == [
      ["IntuneMAMSwift.framework", "libswiftCore.dylib"], ["IntuneMAMSwiftStub.framework"],
    ])
    #expect(result.targets.map(\.bundleDisplayPath) == [
      root + "/App.ipa/Payload/App.app", root + "/App.ipa/Payload/App.app/PlugIns/Share.appex",
    ])
    #expect(ApplicationArchiveReader.bundledFramework("Payload/App.app/Frameworks") == nil)
  }

  @Test func folderWalkSkipsDependencyHiddenAndFrameworkFolders() throws {
    let root = try folder([
      "App/Info.plist": Self.appPlist,
      "App/App.entitlements": Self.plist(""),
      "App/App-Info.plist": Self.appPlist,
      "App/Notes-Info.xml.plist": Self.appPlist,
      "Pods/Lib/Info.plist": Self.appPlist,
      "Carthage/Build/Info.plist": Self.appPlist,
      "node_modules/x/Info.plist": Self.appPlist,
      "DerivedData/Info.plist": Self.appPlist,
      ".git/Info.plist": Self.appPlist,
      ".hidden/Info.plist": Self.appPlist,
      ".build/Info.plist": Self.appPlist,
      "Vendor/Kit.framework/Info.plist": Self.appPlist,
      "Orphan/Widget.entitlements": Self.plist(""),
    ])
    let result = try TargetDiscovery().discover([root])
    #expect(
      result.targets.map { String($0.displayPath.dropFirst(root.count + 1)) } == [
        "App/App-Info.plist", "App/Info.plist", "Orphan/Widget.entitlements",
      ])
    #expect(result.targets.map(\.kind) == [.app, .app, .entitlementsOnly])
    #expect(result.targets[0].entitlements?.displayPath == root + "/App/App.entitlements")
  }

  @Test func entitlementsNamedAfterTheFolderAreFoundElsewhere() throws {
    let root = try folder([
      "Sources/Notes/Info.plist": Self.appPlist,
      "Config/Notes.entitlements": Self.plist(""),
    ])
    let result = try TargetDiscovery().discover([root])
    #expect(result.targets.count == 1)
    #expect(result.targets.first?.entitlements?.displayPath == root + "/Config/Notes.entitlements")
  }

  @Test func symbolicLinkLoopsEnd() throws {
    let root = try folder(["App/Info.plist": Self.appPlist])
    try FileManager.default.createSymbolicLink(atPath: root + "/App/Loop", withDestinationPath: root)
    let result = try TargetDiscovery().discover([root])
    #expect(result.targets.map(\.displayPath) == [root + "/App/Info.plist"])
  }

  /// The walk takes a folder's entries from readdir(3): a symbolic link (to a folder or a file) is
  /// resolved, real folders and files are not, and each real file is found once either way.
  @Test func filesReachedThroughSymbolicLinksAreFoundOnce() throws {
    let root = try folder(["App/Info.plist": Self.appPlist, "Other/Info.plist": Self.appPlist])
    try FileManager.default.createSymbolicLink(atPath: root + "/Alias", withDestinationPath: root + "/App")
    try FileManager.default.createSymbolicLink(atPath: root + "/Zed", withDestinationPath: root + "/Other")
    try FileManager.default.createDirectory(atPath: root + "/Linked", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/Linked/Info.plist", withDestinationPath: root + "/App/Info.plist")
    let result = try TargetDiscovery().discover([root])
    // Sorted by name: Alias/ comes before App/, and Other/ before its alias Zed/.
    #expect(result.targets.map(\.displayPath) == [root + "/Alias/Info.plist", root + "/Other/Info.plist"])
    #expect(result.problems.isEmpty)
  }

  /// A FIFO named like a plist or an `.ipa` would block the read forever: it is reported and skipped,
  /// in a folder walk and in an `.app` bundle, and a FIFO next to an Info.plist named directly is left out.
  @Test func filesThatAreNotRegularAreReportedNotRead() throws {
    let root = try folder([
      "App/Info.plist": Self.appPlist, "Built/Woodgrove.app/Info.plist": Self.appPlist,
      "Built/Woodgrove.app/PlugIns/Share.appex/.keep": "",
    ])
    for fifo in [
      "Pipe/Info.plist", "Pipe/Packaged.ipa", "App/App.entitlements", "Built/Woodgrove.app/PlugIns/Share.appex/Info.plist",
    ] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + PathText.removingLastComponent(of: fifo), withIntermediateDirectories: true)
      #expect(mkfifo(root + "/" + fifo, 0o600) == 0)
    }
    let result = try TargetDiscovery().discover([root])
    #expect(result.targets.map(\.displayPath) == [root + "/App/Info.plist", root + "/Built/Woodgrove.app/Info.plist"])
    #expect(result.targets.first?.entitlements == nil)
    #expect(result.problems.map(\.description).sorted() == [
      root + "/App/App.entitlements: " + DiscoveryPaths.notARegularFile,
      root + "/Built/Woodgrove.app/PlugIns/Share.appex/Info.plist: " + DiscoveryPaths.notARegularFile,
      root + "/Pipe/Info.plist: " + DiscoveryPaths.notARegularFile,
      root + "/Pipe/Packaged.ipa: " + DiscoveryPaths.notARegularFile,
    ])
    let named = try TargetDiscovery().discover([root + "/App/Info.plist"])
    #expect(named.targets.count == 1 && named.problems.isEmpty)
  }

  @Test func bundleIdentifiersWithBuildSettingsPairThroughTheSettings() throws {
    let root = try folder([
      "App/Info.plist": Self.plist("<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"),
      "Share/Info.plist": Self.plist(
        """
        <key>IntuneMAMSettings</key><dict><key>ContainingAppBundleId</key><string>com.example.app</string></dict>
        <key>NSExtension</key><dict/>
        """),
    ])
    let unlinked = try TargetDiscovery().discover([root])
    #expect(unlinked.targets.last?.containingAppPath == nil, "an unexpanded identifier matches nothing")
    var settings = BuildSettings()
    settings.define("PRODUCT_BUNDLE_IDENTIFIER", as: "com.example.app")
    let linked = try TargetDiscovery(buildSettings: settings).discover([root])
    #expect(linked.targets.last?.containingAppPath == root + "/App/Info.plist")
    #expect(linked.targets.last?.containingAppEvidence == .intuneContainingAppBundleId)
  }

  @Test func corruptArchivesAreProblemsNotCrashes() throws {
    let root = try folder(["Garbage.ipa": String(repeating: "not a zip ", count: 50)])
    let woodgrove = try Data(contentsOf: URL(fileURLWithPath: Self.packageRoot + "/Samples/Packaged/Woodgrove.ipa"))
    try woodgrove.prefix(woodgrove.count / 2).write(to: URL(fileURLWithPath: root + "/Truncated.ipa"))
    var flipped = [UInt8](woodgrove)
    for index in stride(from: 64, to: flipped.count / 2, by: 7) { flipped[index] ^= 0x5A }
    try Data(flipped).write(to: URL(fileURLWithPath: root + "/Scrambled.ipa"))
    try Data().write(to: URL(fileURLWithPath: root + "/Empty.ipa"))
    let result = try TargetDiscovery().discover([root])
    let problemPaths = Set(result.problems.map { ($0.path as NSString).lastPathComponent })
    #expect(problemPaths.isSuperset(of: ["Garbage.ipa", "Truncated.ipa", "Empty.ipa"]))
    #expect(result.problems.contains { $0.description.hasSuffix("Garbage.ipa: not a readable zip archive") })
    #expect(result.problems.allSatisfy { !$0.message.contains("\n") })
    #expect(result.problems.contains { $0.path.contains("Scrambled.ipa") })
  }

  @Test func oversizedEntriesAreProblems() throws {
    let root = try folder([:])
    let big = Array(Self.appPlist.utf8) + [UInt8](repeating: 0x20, count: 64 << 10)
    try makeZip(
      at: root + "/Big.ipa",
      [
        ("Payload/Big.app/Info.plist", big),
        ("Payload/Big.app/PlugIns/Share.appex/Info.plist", Array(Self.extensionPlist.utf8)),
      ])
    let reader = ApplicationArchiveReader(maximumEntrySize: 16 << 10)
    let result = try TargetDiscovery(archiveReader: reader).discover([root + "/Big.ipa"])
    #expect(
      result.problems.map(\.description) == [
        root + "/Big.ipa/Payload/Big.app/Info.plist: archive entry is larger than 16384 bytes"
      ])
    #expect(result.targets.map(\.kind) == [.appExtension])
  }

  @Test func anEntryThatLiesAboutItsSizeIsStoppedWhileExpanding() throws {
    let root = try folder([:])
    let bomb = Array(Self.appPlist.utf8) + [UInt8](repeating: 0x20, count: 256 << 10)
    try makeZip(at: root + "/Bomb.ipa", [("Payload/Bomb.app/Info.plist", bomb)])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/Bomb.ipa")))
    // Declare a 100-byte entry in both the local header (offset 22) and the central directory (offset 24).
    let declared: [UInt8] = [100, 0, 0, 0]
    bytes.replaceSubrange(22..<26, with: declared)
    let central = try #require(Self.offset(of: [0x50, 0x4B, 0x01, 0x02], in: bytes))
    bytes.replaceSubrange(central + 24..<central + 28, with: declared)
    try Data(bytes).write(to: URL(fileURLWithPath: root + "/Bomb.ipa"))
    let reader = ApplicationArchiveReader(maximumEntrySize: 64 << 10)
    let result = try TargetDiscovery(archiveReader: reader).discover([root + "/Bomb.ipa"])
    #expect(result.targets.isEmpty)
    #expect(result.problems.contains { $0.message == "archive entry expands past 65536 bytes" })
  }

  @Test func tooManyEntriesIsAProblem() throws {
    let root = try folder([:])
    try makeZip(at: root + "/Many.ipa", (0..<12).map { ("Payload/Many.app/file\($0)", [UInt8(0)]) })
    let reader = ApplicationArchiveReader(maximumEntryCount: 10)
    let result = try TargetDiscovery(archiveReader: reader).discover([root + "/Many.ipa"])
    #expect(result.problems.map(\.message) == ["archive has more than 10 entries"])
  }

  @Test func onlyBundleInfoPlistsAreReadFromArchives() {
    #expect(ApplicationArchiveReader.isBundleInfoPlist("Payload/A.app/Info.plist"))
    #expect(ApplicationArchiveReader.isBundleInfoPlist("Payload/A.app/PlugIns/B.appex/Info.plist"))
    #expect(!ApplicationArchiveReader.isBundleInfoPlist("Payload/A.app/Frameworks/K.framework/Info.plist"))
    #expect(!ApplicationArchiveReader.isBundleInfoPlist("Payload/../A.app/Info.plist"))
    #expect(!ApplicationArchiveReader.isBundleInfoPlist("Payload/A.app/Sub/Info.plist"))
    #expect(!ApplicationArchiveReader.isBundleInfoPlist("Other/A.app/Info.plist"))
  }

  private static func offset(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    return (0...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
  }
}

import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import ProjectDiscovery

/// Pairing is linear: thousands of identical plists, or of app and extension pairs sharing one bundle identifier,
/// pair as a few do (the times are measured, not asserted: see docs/performance.md), and the trees that make it
/// linear answer as the searches they replaced.
@Suite struct DiscoveryScaleTests {
  static func plist(_ entries: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(entries)</dict></plist>\n"
  }

  static let app = plist("<key>CFBundleIdentifier</key><string>com.example.app</string>")
  static let appExtension = plist(
    """
    <key>CFBundleIdentifier</key><string>com.example.app.share</string>\
    <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict>
    """)
  static let entitlements = plist("<key>keychain-access-groups</key><array/>")

  /// A folder holding `files` (relative path → text).
  static func folder(_ files: [(String, String)]) throws -> String {
    let root = try TemporaryFolders.make("sharelint-discovery-scale").path
    var made: Set<String> = []
    for (relative, text) in files {
      let path = root + "/" + relative
      let folder = PathText.removingLastComponent(of: path)
      if made.insert(folder).inserted {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    return root
  }

  /// 4,500 identical Info.plists in one folder, each with its entitlements file: each pairs with its own.
  @Test func identicalPlistsInOneFolderPairWithTheirOwnEntitlements() throws {
    let count = 4_500
    let root = try Self.folder((0..<count).flatMap { index in
      [("T\(index)-Info.plist", Self.app), ("T\(index).entitlements", Self.entitlements)]
    })
    let result = try TargetDiscovery().discover([root])
    #expect(result.targets.count == count)
    #expect(result.problems.isEmpty)
    let mismatched = result.targets.filter { target in
      let name = PathText.lastComponent(of: target.displayPath)
      return target.entitlements?.displayPath != root + "/" + name.dropLast("-Info.plist".count) + ".entitlements"
    }
    #expect(mismatched.isEmpty)
  }

  /// 1,500 apps and 1,500 extensions, all of one bundle identifier each: every extension is tied to the app in its
  /// own folder (the nearest), by the bundle identifier's prefix.
  @Test func pairsOfOneBundleIdentifierTieEachExtensionToTheNearestApp() throws {
    let count = 1_500
    let root = try Self.folder((0..<count).flatMap { index in
      [("A\(index)/App/Info.plist", Self.app), ("A\(index)/Share/Info.plist", Self.appExtension)]
    })
    let result = try TargetDiscovery().discover([root])
    let extensions = result.targets.filter { $0.kind == .appExtension }
    #expect(extensions.count == count)
    let mistied = extensions.filter { target in
      let pair = PathText.removingLastComponent(of: PathText.removingLastComponent(of: target.displayPath))
      return target.containingAppPath != pair + "/App/Info.plist"
        || target.containingAppEvidence != .bundleIdentifierPrefix
    }
    #expect(mistied.isEmpty)
    let app = try #require(result.targets.first { $0.kind == .app })
    #expect(result.extensions(of: app).map(\.displayPath) == [
      PathText.removingLastComponent(of: PathText.removingLastComponent(of: app.displayPath)) + "/Share/Info.plist"
    ])
  }

  /// The search `NearestPaths` replaced: the path sharing the most leading components, the smallest on a tie.
  static func nearestBySearch(_ paths: [String], to path: String) -> String? {
    guard paths.count > 1 else { return paths.first }
    let components = path.split(separator: "/")
    func shared(_ other: String) -> Int {
      zip(components, other.split(separator: "/")).prefix { $0 == $1 }.count
    }
    return paths.max { shared($0) < shared($1) || (shared($0) == shared($1) && $0 > $1) }
  }

  /// The search `IdentifierPrefixes` replaced: each prefix before a `.`, longest first, looked up whole.
  static func longestPrefixBySearch(of identifier: String, in identifiers: Set<String>) -> String? {
    var prefix = Substring(identifier)
    while let dot = prefix.lastIndex(of: ".") {
      prefix = prefix[..<dot]
      if identifiers.contains(String(prefix)) { return String(prefix) }
    }
    return nil
  }

  @Test func theTreesAnswerAsTheSearchesTheyReplaced() {
    var generator = SeededGenerator(seed: 26)
    let parts = ["a", "b", "App", "", "é", "e\u{301}"]
    func random(_ count: Int, separator: String) -> String {
      (0..<count).map { _ in parts.randomElement(using: &generator)! }.joined(separator: separator)
    }
    for _ in 0..<300 {
      let paths = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
        random(Int.random(in: 1...5, using: &generator), separator: "/")
      }
      let index = NearestPaths(paths)
      for _ in 0..<10 {
        let path = random(Int.random(in: 0...6, using: &generator), separator: "/")
        #expect(index.nearest(to: path) == Self.nearestBySearch(paths, to: path), "\(paths) \(path)")
      }
      let identifiers = Set((0..<Int.random(in: 0...6, using: &generator)).map { _ in
        random(Int.random(in: 1...4, using: &generator), separator: ".")
      })
      let prefixes = IdentifierPrefixes(identifiers)
      for _ in 0..<10 {
        let identifier = random(Int.random(in: 1...6, using: &generator), separator: ".")
        #expect(
          prefixes.longestDottedPrefix(of: identifier) == Self.longestPrefixBySearch(of: identifier, in: identifiers),
          "\(identifiers) \(identifier)")
      }
    }
  }

  /// Past `directLookupParts` parts, the identifiers go in a tree, which answers as looking each prefix up would.
  @Test func identifiersOfManyPartsAnswerThroughTheTree() {
    var generator = SeededGenerator(seed: 27)
    let parts = ["a", "b", "c"]
    func random(_ count: Int) -> String {
      (0..<count).map { _ in parts.randomElement(using: &generator)! }.joined(separator: ".")
    }
    for _ in 0..<100 {
      let long = random(IdentifierPrefixes.directLookupParts + 1)
      var identifiers: Set<String> = [long, String(long.prefix(3))]
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        identifiers.insert(random(Int.random(in: 1...4, using: &generator)))
      }
      let prefixes = IdentifierPrefixes(identifiers)
      for identifier in [random(Int.random(in: 1...6, using: &generator)), long + ".x", long] {
        #expect(
          prefixes.longestDottedPrefix(of: identifier) == Self.longestPrefixBySearch(of: identifier, in: identifiers),
          "\(identifiers) \(identifier)")
      }
    }
  }

  /// An identifier of 200,000 parts is looked through once (looking each prefix up whole took minutes).
  @Test(.timeLimit(.minutes(1))) func aLongIdentifierIsWalkedOnce() {
    let long = Array(repeating: "a", count: 200_000).joined(separator: ".")
    let prefixes = IdentifierPrefixes(["a.a", "b"])
    #expect(prefixes.longestDottedPrefix(of: long) == "a.a")
  }
}

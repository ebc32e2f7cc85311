import Foundation
import SharelintBase
import Testing

@Suite struct FileIdentityTests {
  /// A fresh folder holding `real/Info.plist` and `link` → `real`, resolved itself (on macOS the temporary
  /// folder is under the `/private` link).
  static func folder() throws -> String {
    let manager = FileManager.default
    let base = NSTemporaryDirectory() + "sharelint-file-identity-" + UUID().uuidString
    try manager.createDirectory(atPath: base + "/real", withIntermediateDirectories: true)
    try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/real/Info.plist"))
    try manager.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/real")
    return base
  }

  @Test func aFileReachedThroughALinkIsOneFile() throws {
    let base = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let real = FileIdentity.of(base + "/real/Info.plist")
    #expect(FileIdentity.of(base + "/link/Info.plist") == real)
    #expect(FileIdentity.of(base + "/link/../real/./Info.plist") == real)
    #expect(FileIdentity.of(base + "//real//Info.plist") == real)
    #expect(real.hasSuffix("/real/Info.plist") && !real.contains("/link/"))
  }

  @Test func aMissingFileIsResolvedThroughItsExistingParent() throws {
    let base = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let resolvedBase = FileIdentity.of(base)
    #expect(FileIdentity.of(base + "/link/New/App.entitlements") == resolvedBase + "/real/New/App.entitlements")
    #expect(FileIdentity.of(base + "/link/New/../Other.xcconfig") == resolvedBase + "/real/Other.xcconfig")
    #expect(FileIdentity.of("/no-such-folder-\(UUID().uuidString)/a/../b").hasSuffix("/b"))
  }

  @Test func aRelativePathIsTakenFromTheWorkingFolder() {
    let working = FileIdentity.of(FileManager.default.currentDirectoryPath)
    #expect(FileIdentity.of("no-such-file-\(UUID().uuidString)").hasPrefix(working + "/"))
    #expect(FileIdentity.of(".") == working)
  }
}

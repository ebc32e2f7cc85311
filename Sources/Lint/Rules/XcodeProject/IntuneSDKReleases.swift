/// A version of the Intune App SDK for iOS, `major.minor.patch` (missing parts are 0).
struct IntuneSDKVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
  var major: Int
  var minor: Int
  var patch: Int

  init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// The version a dependency manager or bundle gives (`19.6.0`, `17.7`, `v21.7.1`, `= 19.6.0`); nil for a branch
  /// or revision (`main@1a2b3c4`) or anything else that is no version.
  init?(_ text: String) {
    var body = Substring(text).drop { $0 == " " || $0 == "=" || $0 == "v" || $0 == "~" || $0 == ">" }
    if let space = body.firstIndex(of: " ") { body = body[..<space] }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...4).contains(parts.count), let major = Int(parts[0]), major >= 0, major < 1_000 else { return nil }
    var numbers: [Int] = []
    for part in parts.dropFirst().prefix(2) {
      guard let number = Int(part), number >= 0, number < 100_000 else { return nil }
      numbers.append(number)
    }
    self.init(major, numbers.first ?? 0, numbers.count > 1 ? numbers[1] : 0)
  }

  static func < (lhs: IntuneSDKVersion, rhs: IntuneSDKVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }

  var description: String { "\(major).\(minor).\(patch)" }
}

/// An iOS version, `major.minor` (`IPHONEOS_DEPLOYMENT_TARGET`, `MinimumOSVersion`).
struct IOSVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
  var major: Int
  var minor: Int

  init(_ major: Int, _ minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  /// `15`, `15.0`, `12.2`, `15.0.1` (the patch is ignored); nil for anything else.
  init?(_ text: String) {
    let parts = text.trimmingSpacesAndQuotes.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), let major = Int(parts[0]), (2...99).contains(major) else { return nil }
    let minor = parts.count > 1 ? Int(parts[1]) : 0
    guard let minor, minor >= 0, minor < 100 else { return nil }
    self.init(major, minor)
  }

  static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

  var description: String { "\(major).\(minor)" }
}

extension String {
  fileprivate var trimmingSpacesAndQuotes: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\"" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\"" { text = text.dropLast() }
    return String(text)
  }
}

/// What sharelint knows of the Intune App SDK's releases, each fact with its source in the SDK's repository
/// (`microsoftconnect/ms-intune-app-sdk-ios`, formerly `msintuneappsdk/ms-intune-app-sdk-ios`), read at the commit
/// of each release tag.
enum IntuneSDKReleases {
  /// The oldest iOS each release runs on: `MinimumOSVersion` of the SDK's framework as each release ships it
  /// (`IntuneMAMSwift.xcframework/ios-arm64/IntuneMAMSwift.framework/Info.plist` from 14.1.0; before that
  /// `IntuneMAM.framework/Info.plist`), which is what the linker and the device enforce: an app that deploys to
  /// an older iOS links with a warning and fails to launch there (issues #147, #657). Rows are the first release
  /// of each minimum; the README's "Supported iOS Versions" table (from 14.4.1) agrees except where noted.
  static let minimumIOS: [(since: IntuneSDKVersion, minimum: IOSVersion, source: String)] = [
    (IntuneSDKVersion(21, 0, 0), IOSVersion(17), "21.1.0 (dc94e32) to 21.7.1 (d59aec5); README: 21.0.0+ → 17+"),
    (IntuneSDKVersion(18, 2, 0), IOSVersion(15), "18.2.0 (21e45cd) to 20.8.0 (588030f); README: 18.0.0+ → 15+, "
      + "from 20.1.0 20.0.0+ → 16+ (support, not the binary's minimum)"),
    (IntuneSDKVersion(17, 4, 0), IOSVersion(14), "17.4.0 (95fa303) to 18.1.2 (2a128eb); README: 17.0.0+ → 14+"),
    (IntuneSDKVersion(17, 0, 0), IOSVersion(13), "17.0.0 (3b7f518) to 17.3.2 (1488f2c); README until 17.1.1: 12.2+"),
    (IntuneSDKVersion(14, 1, 0), IOSVersion(12, 2), "14.1.0 (cb38d47) to 16.1.1 (2c52953); README: 12.2+; issue #145"),
    (IntuneSDKVersion(14, 0, 0), IOSVersion(13), "14.0.0 (0ad0b7d)"),
    (IntuneSDKVersion(13, 0, 0), IOSVersion(12), "13.0.0 (9a714e6)"),
    (IntuneSDKVersion(10, 0, 7), IOSVersion(10), "10.0.7 (ca4ff60) to 12.9.0 (5ed9dd5)"),
    (IntuneSDKVersion(8, 1, 1), IOSVersion(9), "8.1.1 (3241bfc) to 10.0.1 (e2fc801)"),
    (IntuneSDKVersion(0, 0, 0), IOSVersion(8), "6.0.5 (e88520a) to 8.0.6 (e64d2b6)"),
  ]

  /// The oldest iOS `version` runs on, with where that is written.
  static func minimumIOS(for version: IntuneSDKVersion) -> (minimum: IOSVersion, source: String)? {
    minimumIOS.first { version >= $0.since }.map { ($0.minimum, $0.source) }
  }

  /// The releases that need the `IntuneMAMFrameworkPatcher` build step: it ships in 17.6.3 (f746076), 17.7.0
  /// (df7624b) and 17.7.1 (d107276) and in no release before or after (the repository's tree at each tag); the
  /// 17.7.0 release notes make running it "a required integration step. Without this, the app launch will be
  /// blocked" (quoted in issue #362), and 17.6.3 shipped it ahead of iOS 17 (issue #355).
  static let patcherReleases = IntuneSDKVersion(17, 6, 3)..<IntuneSDKVersion(17, 7, 2)

  /// The first release whose frameworks need `IntuneMAMSwiftStub`: 11.0.2 added `IntuneMAMSwift.framework` with
  /// `IntuneMAMSwiftStub.framework` (cda2043); every release since ships the stub.
  static let stubSince = IntuneSDKVersion(11, 0, 2)
}

/// What sharelint knows of the Intune App SDK's releases, each fact with its source in the SDK's repository
/// (`microsoftconnect/ms-intune-app-sdk-ios`, formerly `msintuneappsdk/ms-intune-app-sdk-ios`), read at the commit
/// of each release tag.
public enum IntuneSDKReleases {
  /// The oldest iOS each release runs on: `MinimumOSVersion` of the SDK's framework as each release ships it
  /// (`IntuneMAMSwift.xcframework/ios-arm64/IntuneMAMSwift.framework/Info.plist` from 14.1.0; before that
  /// `IntuneMAM.framework/Info.plist`), which is what the linker and the device enforce: an app that deploys to
  /// an older iOS links with a warning and fails to launch there (issues #147, #657). Rows are the first release
  /// of each minimum; the README's "Supported iOS Versions" table (from 14.4.1) agrees except where noted.
  public static let minimumIOS: [(since: ReleaseVersion, minimum: IOSVersion, source: String)] = [
    (ReleaseVersion(21, 0, 0), IOSVersion(17), "21.1.0 (dc94e32) to 21.7.1 (d59aec5); README: 21.0.0+ → 17+"),
    (ReleaseVersion(18, 2, 0), IOSVersion(15), "18.2.0 (21e45cd) to 20.8.0 (588030f); README: 18.0.0+ → 15+, "
      + "from 20.1.0 20.0.0+ → 16+ (support, not the binary's minimum)"),
    (ReleaseVersion(17, 4, 0), IOSVersion(14), "17.4.0 (95fa303) to 18.1.2 (2a128eb); README: 17.0.0+ → 14+"),
    (ReleaseVersion(17, 0, 0), IOSVersion(13), "17.0.0 (3b7f518) to 17.3.2 (1488f2c); README until 17.1.1: 12.2+"),
    (ReleaseVersion(14, 1, 0), IOSVersion(12, 2), "14.1.0 (cb38d47) to 16.1.1 (2c52953); README: 12.2+; issue #145"),
    (ReleaseVersion(14, 0, 0), IOSVersion(13), "14.0.0 (0ad0b7d)"),
    (ReleaseVersion(13, 0, 0), IOSVersion(12), "13.0.0 (9a714e6)"),
    (ReleaseVersion(10, 0, 7), IOSVersion(10), "10.0.7 (ca4ff60) to 12.9.0 (5ed9dd5)"),
    (ReleaseVersion(8, 1, 1), IOSVersion(9), "8.1.1 (3241bfc) to 10.0.1 (e2fc801)"),
    (ReleaseVersion(0, 0, 0), IOSVersion(8), "6.0.5 (e88520a) to 8.0.6 (e64d2b6)"),
  ]

  /// The oldest iOS `version` runs on, with where that is written.
  public static func minimumIOS(for version: ReleaseVersion) -> (minimum: IOSVersion, source: String)? {
    minimumIOS.first { version >= $0.since }.map { ($0.minimum, $0.source) }
  }

  /// The releases that need the `IntuneMAMFrameworkPatcher` build step: it ships in 17.6.3 (f746076), 17.7.0
  /// (df7624b) and 17.7.1 (d107276) and in no release before or after (the repository's tree at each tag); the
  /// 17.7.0 release notes make running it "a required integration step. Without this, the app launch will be
  /// blocked" (quoted in issue #362), and 17.6.3 shipped it ahead of iOS 17 (issue #355).
  public static let patcherReleases = ReleaseVersion(17, 6, 3)..<ReleaseVersion(17, 7, 2)

  /// The first release whose frameworks need `IntuneMAMSwiftStub`: 11.0.2 added `IntuneMAMSwift.framework` with
  /// `IntuneMAMSwiftStub.framework` (cda2043); every release since ships the stub.
  public static let stubSince = ReleaseVersion(11, 0, 2)
}

extension IntuneSDKReleases {
  /// The oldest release Microsoft supports, from the README's note "We only support Intune App SDK version
  /// 20.0.0+" (21.3.0, 0e61754, 2025-12-23, to 21.7.1; before it 19.0.0+ from 20.3.0, 18.0.0+ from 20.1.0, 17.0.0+
  /// from 17.3.2).
  public static let oldestSupported = ReleaseVersion(20, 0, 0)

  /// The Xcode major version each line of releases supports: the README's "Supported Xcode Version" column, each row
  /// with the release whose README first lists it. Rows are the first release of each line.
  public static let supportedXcode: [(since: ReleaseVersion, xcode: Int, source: String)] = [
    (ReleaseVersion(22, 0, 0), 27, "the 22.2.0 release notes (a0960d0, 2026-11-18): \"intended for applications "
      + "compiled with Xcode 27\""),
    (ReleaseVersion(21, 0, 0), 26, "README from 21.1.0 (dc94e32, 2025-09-19): 21.0.0+ → Xcode 26"),
    (ReleaseVersion(20, 0, 0), 16, "README from 20.1.0 (b8f29e3, 2024-09-15): 20.0.0+ → Xcode 16"),
    (ReleaseVersion(18, 0, 0), 15, "README from 18.0.0 (6007a8e, 2023-09-13): 18.0.0+ → Xcode 15"),
    (ReleaseVersion(17, 0, 0), 14, "README from 17.0.0 (3b7f518, 2022-09-09): 17.0.0+ → Xcode 14"),
    (ReleaseVersion(15, 0, 0), 13, "README from 15.1.0 (6d51b44, 2021-11-04): 15.0.0+ → Xcode 13"),
    (ReleaseVersion(14, 1, 0), 12, "README from 14.6.0 (88975a7, 2021-07-15): 14.1.0+ → Xcode 12"),
    (ReleaseVersion(12, 9, 4), 11, "README from 14.6.0 (88975a7, 2021-07-15): 12.9.4+ → Xcode 11"),
  ]

  /// The Xcode major version `version`'s line supports, with where that is written; nil for releases before 12.9.4
  /// (no README table names them).
  public static func supportedXcode(for version: ReleaseVersion) -> (xcode: Int, source: String)? {
    supportedXcode.first { version >= $0.since }.map { ($0.xcode, $0.source) }
  }
}

/// One release of the Intune App SDK for iOS: its version, the day it was tagged, and what changed in it that an
/// app's files show.
public struct IntuneSDKRelease: Sendable {
  /// The release's version.
  public let version: ReleaseVersion
  /// The day the release was tagged in the SDK's repository (`YYYY-MM-DD`); nil when sharelint knows the release
  /// only from its release pull request.
  public let date: String?
  /// The tag's commit in `microsoftconnect/ms-intune-app-sdk-ios`, or the release pull request (`#689`).
  public let reference: String
  /// What changed in it that an app's files show or must follow, in the order the release notes give them.
  public let changes: [IntuneSDKChange]
  /// Whether its release notes were read; when not, `changes` comes from its tree and headers only.
  public let notesRead: Bool

  public init(
    _ version: ReleaseVersion, date: String?, reference: String, notesRead: Bool = true,
    changes: [IntuneSDKChange] = []
  ) {
    self.version = version
    self.date = date
    self.reference = reference
    self.notesRead = notesRead
    self.changes = changes
  }
}

/// A change a release brought, with what in sharelint checks it.
public struct IntuneSDKChange: Sendable {
  /// What an app moving past this release must do or know: "the SDK runs on iOS 17 and later".
  public let summary: String
  /// Whether an app linking an older release must change something to move past this one (a step `XC018` names).
  public let isBreaking: Bool
  /// What checks it.
  public let coverage: IntuneSDKChangeCoverage
  /// Where it is written: the release notes, the README or tree at the release's tag, an issue.
  public let source: String

  public init(_ summary: String, breaking: Bool = false, coverage: IntuneSDKChangeCoverage, source: String) {
    self.summary = summary
    self.isBreaking = breaking
    self.coverage = coverage
    self.source = source
  }
}

/// What in sharelint checks a release's change.
public enum IntuneSDKChangeCoverage: Sendable, Equatable {
  /// These rules (codes, `XC007`).
  case rules([String])
  /// sharelint reads it (a new way of linking the SDK, a setting it knows) without a finding of its own.
  case read(String)
  /// The repository shows it, and no rule checks it yet; what a check would read.
  case notYet(String)
  /// Nothing in the repository shows it (a runtime behaviour, an API's body); why.
  case notCheckable(String)
}

extension IntuneSDKReleases {
  /// Where the release table was read: the tags of the SDK's repository (versions, days, trees, READMEs, headers,
  /// `Package.swift`), the release pull requests for the releases tagged after the mirror was taken, and the GitHub
  /// release notes as `shared/reference/intune-sdk-2025-2026.md` collects them (2026-11-27).
  public static let historySource =
    "microsoftconnect/ms-intune-app-sdk-ios tags 6.0.5 (2016-09-28) to 21.7.1 (2026-07-07), the GitHub release "
    + "notes of 19.0.0 to 22.2.0 (2026-11-18) where they could be read (not found: 19.0.1, 19.2.0, 19.6.0, 19.7.1, "
    + "19.7.14, 20.3.0, 20.4.1, 20.8.0, 20.9.6, 21.4.1, 21.6.0, 21.9.0), and release pull request #695 (21.9.0)"

  /// Every release from 19.0.0 (the oldest whose notes `docs/sdk-coverage.md` maps) to the newest sharelint knows,
  /// and, before 19.0.0, the releases whose changes an app still on them must make to move on. In the order they
  /// were tagged (the 20.x line's fixes came out beside 21.x); 21.9.0, known only from its release pull request,
  /// last. 22.0.0 and 22.1.0 are not listed: no trace of them was found.
  ///
  /// Adding a release is adding its row here (and its minimum iOS or Xcode row above when they change); the tests
  /// in `Tests/IntuneKnowledgeTests` check the order, the days and that every rule named exists.
  public static let history: [IntuneSDKRelease] = [
    IntuneSDKRelease(ReleaseVersion(8, 1, 1), date: "2018-08-02", reference: "f8c70e0", changes: [
      IntuneSDKChange(
        "the SDK declares its com.microsoft.intune.mam. mirror types itself: the app's Info.plist must not",
        breaking: true, coverage: .rules(["IM012"]),
        source: "IntuneMAMConfigurator from 8.1.1 removes them (shared/reference/intune-sdk-notes.md §1.3)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(11, 0, 2), date: "2019-05-13", reference: "0cbe6d4", changes: [
      IntuneSDKChange(
        "IntuneMAMSwift.framework with IntuneMAMSwiftStub.framework replaces IntuneMAM.framework; every target that "
          + "links the SDK also links the stub", breaking: true, coverage: .rules(["XC004"]),
        source: "the tree at 11.0.2 (cda2043)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(12, 0, 12), date: "2019-10-08", reference: "73f4d4a", changes: [
      IntuneSDKChange(
        "the main nib and storyboard keys go back to the top level of the Info.plist (not under IntuneMAMSettings)",
        breaking: true, coverage: .rules(["IM010"]),
        source: "IntuneMAMConfigurator 12.0.12 moves them back (shared/reference/intune-sdk-notes.md §1.3 item 1)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(14, 1, 0), date: "2021-01-25", reference: "e1231d3", changes: [
      IntuneSDKChange(
        "the SDK ships as xcframeworks (IntuneMAMSwift.xcframework, libIntuneMAMSwift.xcframework); the fat "
          + "frameworks and their strip-architectures script go", breaking: true,
        coverage: .rules(["XC004", "XC012"]), source: "the tree at 14.1.0 (cb38d47)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(15, 1, 0), date: "2021-11-04", reference: "6d51b44", changes: [
      IntuneSDKChange(
        "the configurator writes LSApplicationQueriesSchemes as today: known managed apps' schemes bare, the Mobile "
          + "Threat Defense schemes, msauthv2 and msauthv3, at most 50 entries", breaking: true,
        coverage: .rules(["US002", "US003", "US010"]),
        source: "IntuneMAMConfigurator 15.1.0 (6d51b440), shared/reference/intune-sdk-notes.md §1.3 item 5"),
    ]),
    IntuneSDKRelease(ReleaseVersion(17, 6, 3), date: "2023-07-31", reference: "f746076", changes: [
      IntuneSDKChange(
        "IntuneMAMFrameworkPatcher must run in a build phase (17.6.3 to 17.7.1 only; gone from 17.7.2)",
        coverage: .rules(["XC008"]), source: "the 17.7.0 release notes, quoted in issue #362; the trees at each tag"),
    ]),
    IntuneSDKRelease(ReleaseVersion(18, 0, 0), date: "2023-09-13", reference: "6007a8e", changes: [
      IntuneSDKChange(
        "Xcode 15 builds the app", breaking: true, coverage: .rules(["XC019"]),
        source: "README at 18.0.0: 18.0.0+ → Xcode 15"),
    ]),
    IntuneSDKRelease(ReleaseVersion(18, 2, 0), date: "2023-11-02", reference: "21e45cd", changes: [
      IntuneSDKChange(
        "the SDK runs on iOS 15 and later", breaking: true, coverage: .rules(["XC007"]),
        source: "MinimumOSVersion of IntuneMAMSwift.framework at 18.2.0 (21e45cd)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(19, 0, 0), date: "2023-12-12", reference: "c5ff0f7", changes: [
      IntuneSDKChange(
        "ADAL is no longer supported: the app signs in through MSAL", breaking: true, coverage: .rules(["XC011"]),
        source: "the 19.0.0 release notes: \"ADAL is no longer supported. If your application still links to ADAL, "
          + "please migrate to MSAL\""),
    ]),
    IntuneSDKRelease(ReleaseVersion(19, 0, 1), date: "2023-12-14", reference: "d047bdd", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(19, 1, 0), date: "2024-01-30", reference: "98a2775", changes: [
      IntuneSDKChange(
        "the configurator adds the Mobile Threat Defense scheme intunemam-mtd to LSApplicationQueriesSchemes",
        coverage: .rules(["US002"]),
        source: "IntuneMAMConfigurator 19.1.0 (4ece07a4), shared/reference/intune-sdk-notes.md §1.3 item 5 (d)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(19, 2, 0), date: "2024-03-07", reference: "5c57b53", notesRead: false, changes: [
      IntuneSDKChange(
        "IntuneMAMEnrollmentManager's mdmEnrolledAccount, which names the account by UPN, is deprecated for "
          + "mdmEnrolledAccountIdWithCompletion:", coverage: .rules(["SC004"]),
        source: "IntuneMAMEnrollmentManager.h at 19.2.0 (5c57b53)"),
      IntuneSDKChange(
        "the synchronous mdmEnrolledAccountId is deprecated for mdmEnrolledAccountIdWithCompletion:",
        coverage: .notYet("a call the SourceCode rules could find, as SC004 finds the UPN-based calls"),
        source: "IntuneMAMEnrollmentManager.h at 19.2.0 (5c57b53)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(19, 3, 1), date: "2024-04-23", reference: "501b477", changes: [
      IntuneSDKChange(
        "the configurator again registers the MSAL redirect scheme from ADALRedirectUri or ADALRedirectScheme",
        coverage: .rules(["US007"]),
        source: "IntuneMAMConfigurator 19.3.1 (402714e2), shared/reference/intune-sdk-notes.md §1.3 item 3"),
    ]),
    IntuneSDKRelease(ReleaseVersion(19, 4, 0), date: "2024-05-08", reference: "8e58c3c", changes: [
      IntuneSDKChange(
        "IntuneMAMStatic.xcframework, a static build of IntuneMAMSwift.framework, replaces the deprecated "
          + "libIntuneMAMSwift static library; a target links one build, not both", breaking: true,
        coverage: .rules(["XC012", "XC021"]),
        source: "the 19.4.0 release notes (issue #432); the tree at 19.4.0 (8e58c3c)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(19, 5, 0), date: "2024-07-05", reference: "790ae8e", changes: [
      IntuneSDKChange(
        "the UPN-based APIs (…withAccountName:, …forIdentity:) are deprecated for their account-ID twins",
        coverage: .rules(["SC004"]), source: "the 19.5.0 release notes; the headers at 19.5.0 and 21.7.1"),
    ]),
    IntuneSDKRelease(ReleaseVersion(19, 6, 0), date: "2024-08-12", reference: "c0aa129", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(19, 7, 0), date: "2024-09-13", reference: "e394140", changes: [
      IntuneSDKChange(
        "the IntuneAutoUnenrollEnabled user default", coverage: .notCheckable(
          "a value the app writes to NSUserDefaults at run time, not a key of its files"),
        source: "the 19.7.0 release notes"),
      IntuneSDKChange(
        "the SDK no longer links MessageUI", coverage: .notCheckable("a change inside the SDK's binary"),
        source: "the 19.7.0 release notes"),
    ]),
    IntuneSDKRelease(ReleaseVersion(20, 1, 0), date: "2024-09-15", reference: "b8f29e3", changes: [
      IntuneSDKChange(
        "Xcode 16 builds the app", breaking: true, coverage: .rules(["XC019"]),
        source: "README at 20.1.0: 20.0.0+ → Xcode 16"),
      IntuneSDKChange(
        "Microsoft supports the 20.x line on iOS 16 and later", coverage: .rules(["XC007"]),
        source: "README at 20.1.0: 20.0.0+ → iOS 16+ (the framework's MinimumOSVersion stays 15.0)"),
      IntuneSDKChange(
        "the UPN-based APIs deprecated in 19.5.0 are removed: calling them no longer builds", breaking: true,
        coverage: .rules(["SC004"]), source: "the 20.1.0 release notes; the headers at 20.1.0 (b8f29e3)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(20, 1, 1), date: "2024-09-19", reference: "c79a03c"),
    IntuneSDKRelease(ReleaseVersion(19, 7, 1), date: "2024-09-30", reference: "67fc154", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(20, 1, 2), date: "2024-10-01", reference: "dd99e36"),
    IntuneSDKRelease(ReleaseVersion(19, 7, 6), date: "2024-11-20", reference: "a2840c7"),
    IntuneSDKRelease(ReleaseVersion(20, 2, 1), date: "2024-11-20", reference: "5fd0f2c"),
    IntuneSDKRelease(ReleaseVersion(19, 7, 8), date: "2024-12-31", reference: "d2c3b32"),
    IntuneSDKRelease(ReleaseVersion(20, 2, 2), date: "2024-12-31", reference: "2e1fd4e"),
    IntuneSDKRelease(ReleaseVersion(19, 7, 9), date: "2025-02-06", reference: "1be4a25"),
    IntuneSDKRelease(ReleaseVersion(20, 3, 0), date: "2025-02-06", reference: "e9b6248", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(19, 7, 12), date: "2025-03-06", reference: "a68ebba"),
    IntuneSDKRelease(ReleaseVersion(20, 4, 0), date: "2025-03-06", reference: "36a5742", changes: [
      IntuneSDKChange(
        "the SDK is a Swift package (products IntuneMAMSwift, IntuneMAMStatic, IntuneMAMTelemetry, "
          + "libIntuneMAMSwiftFileProvider)",
        coverage: .read("Package.resolved and the project's package products count as linking the SDK"),
        source: "Package.swift at 20.4.0 (36a5742) and 21.7.1 (d59aec5)"),
    ]),
    IntuneSDKRelease(ReleaseVersion(20, 4, 1), date: "2025-03-19", reference: "fbec4b5", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(19, 7, 13), date: "2025-04-17", reference: "3f135e4"),
    IntuneSDKRelease(ReleaseVersion(20, 5, 0), date: "2025-04-18", reference: "8be6896"),
    IntuneSDKRelease(ReleaseVersion(19, 7, 14), date: "2025-06-12", reference: "8e469a1", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(20, 6, 0), date: "2025-06-13", reference: "be86afc", changes: [
      IntuneSDKChange(
        "IntuneMAMConfigurator ships as a notarized disk image (IntuneMAMConfigurator.dmg) instead of an executable "
          + "at the repository's root", breaking: true, coverage: .notYet(
          "a Run Script phase that runs IntuneMAMConfigurator from the SDK's folder: XC014 reads such phases for "
            + "their -i, -e and -o, not for the tool's path"),
        source: "the tree at 20.6.0 (be86afc); shared/reference/intune-sdk-notes.md §1.1"),
    ]),
    IntuneSDKRelease(ReleaseVersion(20, 7, 0), date: "2025-07-30", reference: "4f0f049", changes: [
      IntuneSDKChange(
        "the configurator augments activation rules written as predicate strings",
        coverage: .rules(["AR004"]), source: "the 20.7.0 release notes"),
    ]),
    IntuneSDKRelease(ReleaseVersion(20, 8, 0), date: "2025-09-12", reference: "588030f", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(21, 1, 0), date: "2025-09-19", reference: "dc94e32", changes: [
      IntuneSDKChange(
        "the SDK runs on iOS 17 and later", breaking: true, coverage: .rules(["XC007"]),
        source: "MinimumOSVersion of IntuneMAMSwift.framework at 21.1.0 (dc94e32); README: 21.0.0+ → iOS 17+"),
      IntuneSDKChange(
        "Xcode 26 builds the app", breaking: true, coverage: .rules(["XC019"]),
        source: "README at 21.1.0: 21.0.0+ → Xcode 26"),
      IntuneSDKChange(
        "the app must have its own Microsoft Entra registration: ADALClientId and ADALRedirectUri are required",
        breaking: true, coverage: .rules(["IM007"]), source: "the 21.1.0 release notes; SDK issue #616"),
      IntuneSDKChange(
        "the \"Authenticate pointers\" and \"Enable Read-only Platform Memory\" options of Xcode 26's Enhanced "
          + "Security capability are unsupported: the SDK blocks the app and closes it when read-only platform "
          + "memory is on", coverage: .rules(["XC022"]), source: "the 21.1.0 release notes"),
    ]),
    IntuneSDKRelease(ReleaseVersion(20, 9, 0), date: "2025-10-22", reference: "c03fd5d", changes: [
      IntuneSDKChange(
        "the HooksAlwaysEnabled setting under IntuneMAMSettings (on the 20.x line)",
        coverage: .rules(["IM001", "IM002"]), source: "the 20.9.0 release notes"),
    ]),
    IntuneSDKRelease(ReleaseVersion(21, 2, 0), date: "2025-10-22", reference: "3082330", changes: [
      IntuneSDKChange(
        "the HooksAlwaysEnabled setting under IntuneMAMSettings: the SDK's hooks are active while the app is "
          + "unmanaged", coverage: .rules(["IM001", "IM002"]),
        source: "the 21.2.0 release notes (release pull request #612)"),
      IntuneSDKChange(
        "IntuneMAMPolicy's isScreenCaptureAllowed", coverage: .notCheckable(
          "an API the app may call; nothing requires it"),
        source: "the 21.2.0 release notes"),
    ]),
    IntuneSDKRelease(ReleaseVersion(20, 9, 2), date: "2025-12-22", reference: "dff7eca"),
    IntuneSDKRelease(ReleaseVersion(21, 3, 0), date: "2025-12-23", reference: "0e61754", changes: [
      IntuneSDKChange(
        "under \"Policy managed apps with Open-In/Share filtering\" the SDK blocks encrypted data to known unmanaged "
          + "share extensions with invalid NSExtensionActivationRules, which it cannot filter from the share sheet",
        coverage: .rules(["AR001", "AR003", "AR006"]),
        source: "the 21.3.0 release notes (which rules count as invalid is not public; a rule iOS cannot read, a "
          + "TRUEPREDICATE rule that matches everything and a constant of the wrong type are the ones sharelint "
          + "can tell)"),
      IntuneSDKChange(
        "the README supports 20.0.0 and later only", breaking: true, coverage: .rules(["XC018"]),
        source: "README at 21.3.0 (0e61754): \"We only support Intune App SDK version 20.0.0+\""),
    ]),
    IntuneSDKRelease(ReleaseVersion(21, 4, 0), date: "2026-01-02", reference: "9aba5b0"),
    IntuneSDKRelease(ReleaseVersion(21, 4, 1), date: "2026-01-27", reference: "774c2d1", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(21, 5, 0), date: "2026-03-02", reference: "e9c038d", changes: [
      IntuneSDKChange(
        "fixes to tokens in extensions", coverage: .notCheckable("a change inside the SDK's binary"),
        source: "the 21.5.0 and 21.5.1 release notes"),
    ]),
    IntuneSDKRelease(ReleaseVersion(21, 5, 1), date: "2026-03-12", reference: "7299ef4"),
    IntuneSDKRelease(ReleaseVersion(20, 9, 6), date: "2026-05-05", reference: "eeafa39", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(21, 6, 0), date: "2026-05-06", reference: "089a1f5", notesRead: false),
    IntuneSDKRelease(ReleaseVersion(21, 7, 1), date: "2026-07-07", reference: "d59aec5", changes: [
      IntuneSDKChange(
        "getAccessTokenForUser:resource:completion:", coverage: .notCheckable(
          "an API the app may call; nothing requires it"),
        source: "the 21.7.1 release notes; IntuneMAMEnrollmentManager.h at 21.7.1"),
    ]),
    IntuneSDKRelease(ReleaseVersion(21, 8, 0), date: "2026-08-25", reference: "59c3150", changes: [
      IntuneSDKChange(
        "the \"Ask Siri\" button of iOS 27's context menus follows the screen capture policy",
        coverage: .notCheckable("a change inside the SDK's binary"), source: "the 21.8.0 release notes"),
    ]),
    IntuneSDKRelease(ReleaseVersion(22, 2, 0), date: "2026-11-18", reference: "a0960d0", changes: [
      IntuneSDKChange(
        "the 22.x line is for apps built with Xcode 27 (apps built with Xcode 26 stay on 21.x)", breaking: true,
        coverage: .rules(["XC019"]), source: "the 22.2.0 release notes (GitHub release, 2026-11-18)"),
      IntuneSDKChange(
        "the com.microsoft.intune.mam.BiometricSetupShortcut app configuration key",
        coverage: .notCheckable("app configuration comes from the Intune policy, not the app's files"),
        source: "the 22.2.0 release notes"),
    ]),
    IntuneSDKRelease(ReleaseVersion(21, 9, 0), date: nil, reference: "#695", notesRead: false),
  ]

  /// The newest release sharelint knows: what rules assume when a target's release is unknown.
  public static var newest: ReleaseVersion { history.map(\.version).max() ?? oldestSupported }

  /// The breaking changes an app linking `version` must make to move to `target` (in `(version, target]`), oldest
  /// first, each with its release.
  public static func steps(from version: ReleaseVersion, to target: ReleaseVersion)
    -> [(release: ReleaseVersion, change: IntuneSDKChange)]
  {
    history.sorted { $0.version < $1.version }.filter { $0.version > version && $0.version <= target }
      .flatMap { release in release.changes.filter(\.isBreaking).map { (release.version, $0) } }
  }
}

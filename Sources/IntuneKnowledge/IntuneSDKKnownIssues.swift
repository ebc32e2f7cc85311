/// Problems of the Intune App SDK that an app's project files show, each with its sources and the day they were
/// read: what the SDK's issues and release notes report, with the Apple and build-engine facts that decide when an
/// app meets them. The release table (`IntuneSDKReleases`) says what each release requires; these are what goes
/// wrong between the SDK and a project's other choices.
public enum IntuneSDKKnownIssues {
  /// Where they were read, for `explain` (when: `KnowledgeSnapshot.checkedOn`, the module's one date).
  public static let checkedSource =
    "microsoftconnect/ms-intune-app-sdk-ios at 21.7.1 (d59aec5) and its issues #690, #691; the 21.1.0 release "
    + "notes; developer.apple.com (Enhanced Security); swiftlang/swift-build (41aee62)"
}

extension IntuneSDKKnownIssues {
  /// One build of the SDK a target can link: as a frameworks-phase file (`fileName`) or as a product of the SDK's
  /// Swift package (`packageProduct`).
  public struct SDKBuild: Sendable, Hashable {
    /// The `.xcframework` the repository ships.
    public let fileName: String
    /// The product of `Package.swift` that brings it in.
    public let packageProduct: String
    /// What it is, as the guide says it (`dynamic framework`).
    public let kind: String
  }

  /// The dynamic build: `IntuneMAMSwift.xcframework`, product `IntuneMAMSwift` (`Package.swift` from 20.4.0,
  /// 36a5742, 2025-03-06, to 21.7.1, d59aec5).
  public static let dynamicBuild = SDKBuild(
    fileName: "IntuneMAMSwift.xcframework", packageProduct: "IntuneMAMSwift", kind: "dynamic framework")
  /// The static build: `IntuneMAMStatic.xcframework` (from 19.4.0, 8e58c3c, 2024-05-08), product `IntuneMAMStatic`.
  public static let staticBuild = SDKBuild(
    fileName: "IntuneMAMStatic.xcframework", packageProduct: "IntuneMAMStatic", kind: "static framework")

  /// The framework both builds put into the build folder: every library of `IntuneMAMStatic.xcframework` has
  /// `LibraryPath` `IntuneMAMSwift.framework`, as `IntuneMAMSwift.xcframework`'s do (their `Info.plist` from 19.4.0
  /// to 21.7.1). Xcode copies an xcframework's library to its output folder under that path
  /// (swift-build `XCFramework.computeOutputDirectory` and `XCFrameworkContext.add`), so a target linking both gets
  /// two commands producing one path: "Multiple commands produce '…/IntuneMAMSwift.framework'" (issues #690 and
  /// #691, 2026-08-30, SDK 20.9.6, 20.9.7 and 21.8.0 through Swift Package Manager; open when read).
  public static let sharedFrameworkName = "IntuneMAMSwift.framework"

  /// Where the conflict is reported.
  public static let bothBuildsSource =
    "microsoftconnect/ms-intune-app-sdk-ios issues #690 and #691 (2026-08-30; 20.9.6, 20.9.7, 21.8.0); "
    + "IntuneMAMStatic.xcframework/Info.plist LibraryPath at 21.7.1 (d59aec5)"

  /// Which build to keep, as the "stage 3" guide puts it: the dynamic framework is recommended; the static one has
  /// launch-time benefits, but each app or extension linking it carries its own copy of the SDK, while the app and
  /// its extensions share one dynamic framework.
  public static let whichBuildToKeep =
    "the guide recommends IntuneMAMSwift (one copy shared by the app and its extensions); IntuneMAMStatic starts "
    + "faster but puts a copy of the SDK into every target that links it"
}

extension IntuneSDKKnownIssues {
  /// Xcode 26's Enhanced Security options the SDK does not support. The 21.1.0 release notes (2025-09-19): the
  /// Enhanced Security capability's "Authenticate pointers" and "Read-only Platform Memory" are unsupported, and
  /// the SDK closes the app when read-only platform memory is on.
  public static let enhancedSecuritySource = "the Intune App SDK 21.1.0 release notes (2025-09-19)"

  /// The entitlement Xcode writes for "Enable Read-Only Platform Memory", with the value `true`
  /// (developer.apple.com, "Enabling enhanced security for your app" and the entitlement's page: "marks memory used
  /// for internal platform state as read-only"; iOS 26.0+).
  public static let readOnlyPlatformMemoryEntitlement = "com.apple.security.hardened-process.dyld-ro"

  /// The build setting behind "Authenticate Pointers": Xcode sets it to YES when the capability is added, and it
  /// adds the `arm64e` architecture (developer.apple.com, "Enabling enhanced security for your app"; swift-build
  /// `Settings.addStandardArchitecturesOverride`).
  public static let pointerAuthenticationSetting = "ENABLE_POINTER_AUTHENTICATION"

  /// The build setting "Enable Build Settings" of the capability sets; `ENABLE_POINTER_AUTHENTICATION` defaults to
  /// its value (swift-build `CoreBuildSystem.xcspec`: `DefaultValue = "$(ENABLE_ENHANCED_SECURITY)"`, itself NO by
  /// default).
  public static let enhancedSecuritySetting = "ENABLE_ENHANCED_SECURITY"

  /// The architecture with pointer authentication: an `ARCHS` naming it builds authenticated pointers whatever
  /// `ENABLE_POINTER_AUTHENTICATION` says (developer.apple.com, "Preparing your app to work with pointer
  /// authentication").
  public static let pointerAuthenticationArchitecture = "arm64e"
}

extension IntuneSDKKnownIssues {
  /// Why "the app runs on Apple silicon Macs as Designed for iPad" (issues #524, 2025-01-29, and #650, 2026-02-19:
  /// the SDK crashes there; #396: "macOS is not currently supported") is not read from a project: Xcode's
  /// `SUPPORTS_MAC_DESIGNED_FOR_IPHONE_IPAD` is YES by default for every iOS target (swift-build
  /// `iOSDevice.xcspec`), projects edited in Xcode's Supported Destinations write YES explicitly (beside
  /// `SUPPORTS_MACCATALYST = NO`, in 3 of the 24 apps sharelint is tried on, none of them Intune apps), and it only
  /// shows the Mac run destination: whether the App Store offers the app on Macs is the app's availability setting
  /// in App Store Connect, on unless the developer turns it off (App Store Connect Help, "Manage availability of
  /// iPhone and iPad apps on Macs with Apple silicon").
  public static let designedForIPadOnMacNotCheckable =
    "SUPPORTS_MAC_DESIGNED_FOR_IPHONE_IPAD is YES by default and only shows a run destination; App Store Connect's "
    + "availability decides whether the app runs on Macs"
}

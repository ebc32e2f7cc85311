/// One step of Microsoft's Intune App SDK integration guides that leaves a trace in an app's files, numbered as
/// in the audit behind issue 20. Guide keys: **000** the SDK developer guide (2020), **001** the App Protection
/// CA guide, **002** the SDK developer guide (2016, older SDKs), **003** stage 3 "Integrate the Intune App SDK"
/// (current), **004** the MSAL iOS tutorial (English originals in MicrosoftDocs/memdocs,
/// `memdocs/intune/developer/app-sdk-ios*.md`).
public struct GuideStep: Sendable {
  /// How far sharelint checks the step, beyond the rules that name it in `RuleDescription.guideSteps`.
  public enum Coverage: Sendable, Equatable {
    /// Checked fully by the rules naming the step (and `configure`, when `configure` is set).
    case full
    /// Checked in part; the text says what is left.
    case partly(String)
    /// Checkable from the repository's files, but not checked yet; the text says what it needs.
    case notYet(String)
    /// Not checkable from the files sharelint reads; the text says where the step shows instead.
    case notCheckable(String)
  }

  /// The step's number, stable across versions of this table.
  public let number: Int
  /// The table the step belongs to (`Entitlements`, `URL schemes`, …).
  public let area: String
  /// What the guide asks, in a line.
  public let requirement: String
  /// Which guides ask it, and where (`003 build 1; 000`).
  public let guide: String
  /// How far sharelint checks it.
  public let coverage: Coverage
  /// The `configure` step that writes what the step asks, when there is one.
  public let configure: String?

  init(_ number: Int, _ area: String, _ requirement: String, _ guide: String, _ coverage: Coverage,
       configure: String? = nil) {
    self.number = number
    self.area = area
    self.requirement = requirement
    self.guide = guide
    self.coverage = coverage
    self.configure = configure
  }
}

/// The steps, in order. Every step marked covered is named by some rule's `guideSteps` (or by `configure`), and
/// no rule names a step marked otherwise: `GuideCoverageTests` checks both and that `docs/guide-coverage.md` is
/// `GuideCoverage.markdown()`.
public enum GuideSteps {
  static let build = "Build, linking, dependencies"
  static let entitlements = "Entitlements"
  static let schemes = "URL schemes"
  static let settings = "IntuneMAMSettings and other Info.plist keys"
  static let extensions = "Extensions and sharing"
  static let source = "Source code"


  /// Every step.
  public static let all: [GuideStep] = [
    GuideStep(1, build, "minimum iOS and Xcode (iOS 11 → iOS 14 with the current SDK)", "000 prereq, 003 prereq",
              .full),
    GuideStep(2, build, "keep the SDK current", "000, 003", .full),
    GuideStep(3, build, "link IntuneMAMSwift.xcframework (or IntuneMAMStatic.xcframework) to each target",
              "003 build 1; 000; 002", .full),
    GuideStep(4, build, "also link IntuneMAMSwiftStub", "000, 003 build 1", .full),
    GuideStep(5, build, "Embed & Sign the dynamic SDK in the app", "003 build 1; 000", .full),
    GuideStep(6, build, "Do Not Embed the SDK in extensions", "003 build 1", .full),
    GuideStep(7, build, "not the deprecated libIntuneMAMSwift; IntuneMAMResources.bundle only with it",
              "003 SDK contents", .full),
    GuideStep(8, build, "static library: `-force_load …/libIntuneMAM.a` in OTHER_LDFLAGS", "000 opt 2; 002 build 1, 4",
              .full),
    GuideStep(9, build, "IntuneMAMResources.bundle in Copy Bundle Resources (guides disagree on when)",
              "002 build 3; 000; 003", .full),
    GuideStep(10, build, "exact file-name case; library search paths", "000/002 best practices",
              .notYet("the guides' iOS best practices, not an integration step: a library the linker cannot find "
                + "fails the build (\"library not found\"), which the build reports better than a lint; a file "
                + "whose case differs on disk is named in a note (the projects are read as a Mac's case-insensitive "
                + "disk reads them); a wrong-case SDK file name inside the bundle is not checked yet")),
    GuideStep(11, build, "system frameworks (MessageUI, Security, CoreServices, SystemConfiguration, libsqlite3, …)",
              "003 build 2; 000; 002",
              .notYet("kept unchecked: the dynamic frameworks link their own system frameworks; for the static "
                + "library a missing one is an 'Undefined symbols' link error the build reports, and clang modules "
                + "and Swift autolink most of the list, so a rule would repeat the build or report frameworks the "
                + "build finds itself")),
    GuideStep(12, build, "strip simulator slices before App Store (universal frameworks)", "000/002 submit", .full),
    GuideStep(13, build, "`ENABLE_BITCODE = NO`", "003 build settings", .full),
    GuideStep(14, build, "`STRIP_SWIFT_SYMBOLS = NO` (Xcode's default is YES)", "003 build settings", .full),
    GuideStep(15, build, "File Provider: non-UI part links libIntuneMAMSwiftFileProvider, UI part the full SDK",
              "003 File Provider", .full),
    GuideStep(16, build, "run IntuneMAMConfigurator `-i/-e/-o` after every change and SDK update, in the build",
              "000 build 7; 003 build 7", .full,
              configure: "`sharelint configure` (and `configure --check` in CI) make and check its changes; the "
                + "guides ask to rerun the tool after changes, not for a build phase, so what it writes is checked in "
                + "the plists and a phase that runs it is checked for the target's own files"),
    GuideStep(17, build, "link MSAL (≥ 1.0 for CA): Podfile, Cartfile or SPM", "000; 001; 004", .full),
    GuideStep(18, build, "(ADAL, obsolete) libADALiOS.a with `-force_load`, ADALiOSBundle", "002 build 11–13",
              .full),
    GuideStep(19, build, "`IntuneMAMUseMSALOnNextLaunch` when both ADAL and MSAL are linked", "000 MSAL 2",
              .notCheckable("obsolete: only an app moving from ADAL to MSAL sets this user default, and ADAL is "
                + "retired (XC011 reports an app that still links it)")),

    GuideStep(20, entitlements, "Keychain Sharing on every target (`CODE_SIGN_ENTITLEMENTS`, every configuration)",
              "000/003 build 3; 002; 004", .full),
    GuideStep(21, entitlements, "provisioning profile allows `TEAMID.*` keychain groups", "000/002/003",
              .notCheckable("provisioning profiles live in the Apple Developer portal, not the repository")),
    GuideStep(22, entitlements, "the app's bundle id is the first keychain group", "000 4a; 002 7; 003 4.1", .full),
    GuideStep(23, entitlements, "`$(AppIdentifierPrefix)com.microsoft.intune.mam`", "000, 002, 003", .full),
    GuideStep(24, entitlements, "`$(AppIdentifierPrefix)com.microsoft.adalcache`", "000, 002, 003, 004", .full),
    GuideStep(25, entitlements, "`$(AppIdentifierPrefix)` on hand-written groups", "000, 002, 003", .full),
    GuideStep(26, entitlements, "`ADALCacheKeychainGroupOverride` (without prefix) replaces adalcache",
              "000, 002, 003", .full),
    GuideStep(27, entitlements, "(ADAL SSO, obsolete) `com.microsoft.workplacejoin`", "002",
              .notCheckable("obsolete: ADAL's broker, retired with ADAL; no current SDK reads it")),
    GuideStep(28, entitlements, "`AppGroupIdentifiers` = the entitlements' app groups", "000/003 table; 002", .full,
              configure: "`configure` writes them"),

    GuideStep(29, schemes, "every scheme passed to `canOpenURL` is in `LSApplicationQueriesSchemes`",
              "000 5; 002 9; 003 5", .full),
    GuideStep(30, schemes, "an `-intunemam` twin for each queried scheme", "002 9; 003 5", .full,
              configure: "`configure` adds the twins (the guide lets known managed apps go without theirs only when "
                + "the list is out of room, which is step 35's)"),
    GuideStep(31, schemes, "`http-intunemam`, `https-intunemam`", "002 9; 003 5", .full,
              configure: "`configure` adds them"),
    GuideStep(32, schemes, "`microsoft-edge-http(s)-intunemam` (the configurator writes them bare)", "003 5", .full,
              configure: "`configure` adds the bare schemes, as the configurator does"),
    GuideStep(33, schemes, "the 11 MTD schemes `smart-ns` … `intunemam-mtd`", "003 5", .full,
              configure: "`configure` adds them"),
    GuideStep(34, schemes, "`ms-outlook-intunemam` when the app uses mailto (003) / always (002)", "003 5; 002 9",
              .full, configure: "`configure` adds bare `ms-outlook`, as the configurator does"),
    GuideStep(35, schemes, "out of room: drop known managed twins and call `isURLAllowed:isKnownManagedAppScheme:YES`",
              "003 5",
              .partly("the `isURLAllowed:isKnownManagedAppScheme:` call is not checked: which code opens a known "
                + "managed app without its twin is the app's logic, not a name"),
              configure: "`configure` drops the twins past the limit"),
    GuideStep(36, schemes, "broker queries (msauth/msauthv2 in 004; msauthv2/msauthv3 today)", "004; 001", .full,
              configure: "`configure` adds `msauthv2` and `msauthv3`"),
    GuideStep(37, schemes, "an `-intunemam` twin beside each `CFBundleURLSchemes` entry", "002 8; 000 Open-in 1", .full,
              configure: "`configure` adds the twins"),
    GuideStep(38, schemes, "`msauth.<bundle id>` registered in `CFBundleURLTypes`", "004 URL schemes", .full,
              configure: "`configure` registers it and its twin"),
    GuideStep(39, schemes, "`ADALRedirectUri` = `msauth.<bundle id>://auth` (`ADALRedirectScheme` for "
                + "`scheme://bundle_id`)", "000; 003 table", .full),

    GuideStep(40, settings, "the `IntuneMAMSettings` dictionary exists", "000/003", .full),
    GuideStep(41, settings, "only documented keys, spelled exactly", "all", .full),
    GuideStep(42, settings, "documented value types", "all", .full),
    GuideStep(43, settings, "`ADALClientId`, a GUID (which apps need it differs by guide version)", "000/002/003",
              .full),
    GuideStep(44, settings, "`ADALRedirectUri` or `ADALRedirectScheme`", "000/002/003", .full),
    GuideStep(45, settings, "`ADALAuthority` for single-tenant apps", "000; 003",
              .notCheckable("whether the app is single-tenant is a property of its Entra registration")),
    GuideStep(46, settings, "`ContainingAppBundleId` in each extension, equal to the containing app's id",
              "000/003 table; 002", .full),
    GuideStep(47, settings, "`MAMPolicyRequired` ⇒ `AutoEnrollOnLaunch`", "000/003", .full),
    GuideStep(48, settings, "no App Store submission with `MAMPolicyRequired`", "000/003", .full),
    GuideStep(49, settings, "no `DebugSettingsEnabled` in shipped builds", "000/002", .full),
    GuideStep(50, settings, "`MAMPolicyWarnAbsent` (002: not for the store; 000/003: allowed)", "002", .full),
    GuideStep(51, settings, "colours `#XXXXXX`", "all", .full),
    GuideStep(52, settings, "`MaxFileProtectionLevel` one of four values", "000/003", .full),
    GuideStep(53, settings, "`SplashIconFile`: a bundled image, no `.png`, @2x/@3x sizes", "002", .full),
    GuideStep(54, settings, "`SafariViewControllerBlockedOverride` when MSAL uses SFSafariViewController or "
                + "ASWebAuthenticationSession", "000 MSAL 1; 003",
              .notYet("the web view type MSAL is given (`MSALWebviewParameters.webviewType`) is usually a value chosen "
                + "at run time, and the setting matters only with it; not checked yet")),
    GuideStep(55, settings, "`WebViewHandledURLSchemes` when a web view handles URLs", "000/003",
              .notYet("which URLs a web view's navigation delegate handles is the app's logic, not a name in its "
                + "code; not checked yet")),
    GuideStep(56, settings, "`FinishLaunchingAtStartup = YES` when BGTaskScheduler is used", "003 table", .full),
    GuideStep(57, settings, "`MultiIdentity` with the identity APIs", "000; 002",
              .notYet("single-identity apps call the thread and process identity APIs too (the guides' web view and "
                + "canOpenURL recipes), so only a UI identity switch would mark a multi-identity app; not checked "
                + "yet")),
    GuideStep(58, settings, "`OpenInActionExtension = YES` in the Open-in extension", "000 Open-in 6; 003", .full),
    GuideStep(59, settings, "telemetry opt-out; `MAMTelemetryUsePPE`, `VerboseLoggingEnabled` for testing only",
              "000; tables", .full),
    GuideStep(60, settings, "(2016) storyboard/nib keys under IntuneMAMSettings (reversed since SDK 12.0.12)",
              "002 build 5", .full, configure: "`configure` moves them back, as the configurator does"),
    GuideStep(61, settings, "(2016) MAMEnvironment.plist, MAMPolicies.plist, debug settings bundle in debug only",
              "002", .full),
    GuideStep(62, settings, "`NSFaceIDUsageDescription`", "000/003 step 6", .full),

    GuideStep(63, extensions, "each type in a share/action rule has a `com.microsoft.intune.mam.<type>` twin",
              "000 update existing", .full, configure: "`configure` adds the twins"),
    GuideStep(64, extensions, "Open-in rule: one file, and the mam twins of all the app's `CFBundleDocumentTypes`",
              "000 Open-in 7", .full),
    GuideStep(65, extensions, "Open-in: the app has a URL scheme with its twin", "000 Open-in 1", .full),
    GuideStep(66, extensions, "Open-in: app and extension share an app group listed in both", "000 Open-in 2", .full),
    GuideStep(67, extensions, "Open-in: both targets in the intune.mam keychain group", "000 Open-in 3", .full),
    GuideStep(68, extensions, "extension named \"Open in <app>\", localized", "000 Open-in 4", .full),
    GuideStep(69, extensions, "template icons or `-generateOpenInIcons`", "000 Open-in 5",
              .notCheckable("icons are images; `configure` refuses -generateOpenInIcons")),
    GuideStep(70, extensions, "notification service extension gets `notificationPolicy` through the keychain",
              "000 notifications",
              .notYet("that the extension reads the policy the app stores is the app's logic across two targets, "
                + "not a name; not checked yet")),

    GuideStep(71, source, "enroll after sign-in (`registerAndEnrollAccountId` / `loginAndEnrollAccount` / AutoEnroll)",
              "000/002/003", .full),
    GuideStep(72, source, "`deRegisterAndUnenrollAccountId` before sign-out", "same", .full),
    GuideStep(73, source, "AccountId APIs instead of the UPN ones", "003 vs 000/002; 001", .full),
    GuideStep(74, source, "`application(_:open:options:)` passes to `MSALPublicClientApplication.handleMSALResponse`",
              "004 callback", .full),
    GuideStep(75, source, "MSAL configuration matches IntuneMAMSettings (client id, redirect, authority)",
              "000; 001; 004",
              .notYet("MSAL's client id, redirect URI and authority are mostly read from variables or files at run "
                + "time; comparing them needs values, not names; not checked yet")),
    GuideStep(76, source, "CA: `clientApplicationCapabilities = [\"protapp\"]`", "001", .full),
    GuideStep(77, source, "CA: `MSALErrorServerProtectionPoliciesRequired` → `remediateComplianceForAccountId`; "
                + "`IntuneMAMComplianceDelegate`", "001", .full),
    GuideStep(78, source, "save-as / open-from checks", "000",
              .notYet("which save and open locations an app offers is its interface; the policy checks cannot be "
                + "required from names; not checked yet")),
  ]
}

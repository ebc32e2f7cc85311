import SharelintBase

/// The plist type the Intune App SDK expects for a setting under `IntuneMAMSettings`.
public enum IntuneSettingType: Sendable, Equatable {
  /// `<string>`.
  case string
  /// `<true/>` or `<false/>`.
  case boolean
  /// `<integer>` or `<real>` (the docs say "Number").
  case number
  /// `<array>` of `<string>`.
  case stringArray

  /// How messages name the type: "a boolean (<true/> or <false/>)".
  public var phrase: String {
    switch self {
    case .string: return "a string"
    case .boolean: return "a boolean (<true/> or <false/>)"
    case .number: return "a number (<integer> or <real>)"
    case .stringArray: return "an array of strings"
    }
  }
}

/// One setting the Intune App SDK reads from `IntuneMAMSettings`.
public struct IntuneSetting: Sendable {
  /// The key, exactly as the SDK spells it.
  public let name: String
  /// The plist type the SDK reads.
  public let type: IntuneSettingType
  /// What it does, from Microsoft's settings table.
  public let summary: String
  /// The first release of each line of releases that reads it (`20.9.0` and `21.2.0`: the 20.x line got it too),
  /// when a release note says so; empty for the settings of the docs' table, which every supported release reads.
  public let introduced: [ReleaseVersion]
  /// Where `introduced` is written; nil when it is empty.
  public let introducedSource: String?

  public init(
    name: String, type: IntuneSettingType, summary: String, introduced: [ReleaseVersion] = [],
    introducedSource: String? = nil
  ) {
    self.name = name
    self.type = type
    self.summary = summary
    self.introduced = introduced
    self.introducedSource = introducedSource
  }

  /// Whether `release` reads the setting: it is on a line that has it, at or after the release that brought it.
  public func isRead(by release: ReleaseVersion) -> Bool {
    guard !introduced.isEmpty else { return true }
    return introduced.contains { first in release.major == first.major && release >= first }
      || introduced.allSatisfy { release.major > $0.major }
  }
}

/// Every key the Intune App SDK for iOS documents under `IntuneMAMSettings`, with its type: the one
/// table `unknown-intune-setting` (IM001) and `intune-setting-type` (IM002) read.
///
/// Sources:
/// - the settings table of "Stage 3: Intune SDK integration into your iOS app", section "Configure
///   settings for the Intune App SDK":
///   https://learn.microsoft.com/en-us/intune/intune-service/developer/app-sdk-ios-phase3
///   (MicrosoftDocs/memdocs `memdocs/intune/developer/app-sdk-ios-phase3.md` @08b4e829 and @136c7bc0);
/// - the 2018 table of "Microsoft Intune App SDK for iOS developer guide" for the settings since
///   dropped from the docs (`DebugSettingsEnabled`, `MainNibFile…`, `MainStoryboardFile…`):
///   Microsoft/IntuneDocs `intune/app-sdk-ios.md` (ms.date 01/10/2018);
/// - the release notes for the settings added since the docs' table was last updated (`introduced`);
/// - IntuneMAMConfigurator 21.7.1, which still migrates `MainNibFile~iphone` and
///   `MainStoryboardFile~iphone` (shared/reference/intune-sdk-notes.md §1.3 item 1).
public enum IntuneSettingsCatalog {
  /// The documented settings, in the docs' order.
  public static let settings: [IntuneSetting] = [
    IntuneSetting(name: "ADALClientId", type: .string, summary: "the app's Microsoft Entra client identifier"),
    IntuneSetting(name: "ADALAuthority", type: .string, summary: "the app's Microsoft Entra authority"),
    IntuneSetting(name: "ADALRedirectUri", type: .string, summary: "the app's Microsoft Entra redirect URI"),
    IntuneSetting(name: "ADALRedirectScheme", type: .string, summary: "the app's Microsoft Entra redirect scheme"),
    IntuneSetting(name: "ADALLogOverrideDisabled", type: .boolean, summary: "keeps MSAL logs out of the SDK's log"),
    IntuneSetting(
      name: "ADALCacheKeychainGroupOverride", type: .string,
      summary: "the keychain group for the MSAL cache instead of com.microsoft.adalcache"),
    IntuneSetting(name: "AppGroupIdentifiers", type: .stringArray, summary: "the entitlements' app groups"),
    IntuneSetting(name: "ContainingAppBundleId", type: .string, summary: "an extension's containing app"),
    IntuneSetting(
      name: "AutoEnrollOnLaunch", type: .boolean, summary: "enroll at launch when a managed identity exists"),
    IntuneSetting(name: "MAMPolicyRequired", type: .boolean, summary: "block the app from starting without a policy"),
    IntuneSetting(name: "MAMPolicyWarnAbsent", type: .boolean, summary: "warn at launch when there is no policy"),
    IntuneSetting(name: "MultiIdentity", type: .boolean, summary: "the app is multi-identity aware"),
    IntuneSetting(
      name: "SafariViewControllerBlockedOverride", type: .boolean, summary: "disables the SafariViewController hooks"),
    IntuneSetting(name: "SplashIconFile", type: .string, summary: "the Intune splash icon"),
    IntuneSetting(name: "SplashIconFile~ipad", type: .string, summary: "the Intune splash icon on iPad"),
    IntuneSetting(name: "SplashDuration", type: .number, summary: "minimum seconds the Intune splash shows"),
    IntuneSetting(name: "BackgroundColor", type: .string, summary: "background color of the SDK's UI"),
    IntuneSetting(name: "ForegroundColor", type: .string, summary: "foreground color of the SDK's UI"),
    IntuneSetting(name: "AccentColor", type: .string, summary: "accent color of the SDK's UI"),
    IntuneSetting(name: "SecondaryBackgroundColor", type: .string, summary: "secondary background of the MTD screens"),
    IntuneSetting(name: "SecondaryForegroundColor", type: .string, summary: "secondary foreground of the MTD screens"),
    IntuneSetting(name: "SupportsDarkMode", type: .boolean, summary: "the SDK's UI follows dark mode"),
    IntuneSetting(name: "MAMTelemetryDisabled", type: .boolean, summary: "the SDK sends no telemetry"),
    IntuneSetting(name: "MAMTelemetryUsePPE", type: .boolean, summary: "telemetry goes to the PPE back end"),
    IntuneSetting(
      name: "MaxFileProtectionLevel", type: .string, summary: "the highest NSFileProtectionType supported"),
    IntuneSetting(name: "OpenInActionExtension", type: .boolean, summary: "YES for Open-in action extensions"),
    IntuneSetting(
      name: "WebViewHandledURLSchemes", type: .stringArray, summary: "URL schemes the app's WebView handles"),
    IntuneSetting(
      name: "DocumentBrowserFileCachePath", type: .string, summary: "where decrypted document-browser files go"),
    IntuneSetting(name: "VerboseLoggingEnabled", type: .boolean, summary: "the SDK logs verbosely"),
    IntuneSetting(name: "FinishLaunchingAtStartup", type: .boolean, summary: "needed with BGTaskScheduler"),
    IntuneSetting(name: "ValuesToScrubFromLogging", type: .stringArray, summary: "app config values kept out of logs"),
    IntuneSetting(
      name: "DebugSettingsEnabled", type: .boolean, summary: "test policies from the Settings bundle apply"),
    IntuneSetting(name: "MainNibFile", type: .string, summary: "legacy: the main nib (now NSMainNibFile)"),
    IntuneSetting(name: "MainNibFile~ipad", type: .string, summary: "legacy: the iPad main nib"),
    IntuneSetting(name: "MainNibFile~iphone", type: .string, summary: "legacy: the iPhone main nib"),
    IntuneSetting(name: "MainStoryboardFile", type: .string, summary: "legacy: the main storyboard"),
    IntuneSetting(name: "MainStoryboardFile~ipad", type: .string, summary: "legacy: the iPad main storyboard"),
    IntuneSetting(name: "MainStoryboardFile~iphone", type: .string, summary: "legacy: the iPhone main storyboard"),
    IntuneSetting(
      name: "HooksAlwaysEnabled", type: .boolean,
      summary: "the SDK's hooks are active while the app is unmanaged, so becoming managed needs no restart",
      introduced: [ReleaseVersion(20, 9, 0), ReleaseVersion(21, 2, 0)],
      introducedSource: "the release notes of 20.9.0 and 21.2.0 (2025-10-22): \"Added support for a new "
        + "HooksAlwaysEnabled config setting in the IntuneMAMSettings dictionary\"; not in the docs' settings table "
        + "as of 2025-11-17"),
  ]

  /// The settings by key.
  public static let settingsByName: [String: IntuneSetting] = Dictionary(
    settings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The color settings, read as `#RRGGBB` (IM005).
  public static let colorSettingNames = [
    "BackgroundColor", "ForegroundColor", "AccentColor", "SecondaryBackgroundColor", "SecondaryForegroundColor",
  ]

  /// The values `MaxFileProtectionLevel` accepts (IM006).
  public static let fileProtectionLevels = [
    "NSFileProtectionComplete", "NSFileProtectionCompleteUnlessOpen",
    "NSFileProtectionCompleteUntilFirstUserAuthentication", "NSFileProtectionNone",
  ]

  /// The documented setting nearest to `name` by edit distance (case-insensitive), with that distance.
  public static func nearestSetting(to name: String) -> (setting: IntuneSetting, distance: Int) {
    let lowered = name.lowercased()
    // One byte is one character in ASCII text without "\r\n" (one character of two bytes), as
    // every setting name is: compare bytes then, characters otherwise.
    if lowered.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      return nearest(to: Array(lowered.utf8), among: lowercasedSettingBytes)
    }
    return nearest(to: Array(lowered), among: lowercasedSettingCharacters)
  }

  /// The settings' names lowercased, as UTF-8 and as characters, in `settings` order.
  private static let lowercasedSettingBytes = settings.map { Array($0.name.lowercased().utf8) }
  private static let lowercasedSettingCharacters = settings.map { Array($0.name.lowercased()) }

  /// The first setting whose lowercased name (in `names`) is nearest to `wanted`, with the distance.
  private static func nearest<Element: Equatable>(to wanted: [Element], among names: [[Element]])
    -> (setting: IntuneSetting, distance: Int)
  {
    var best = (setting: settings[0], distance: Int.max)
    for (setting, name) in zip(settings, names) {
      // The distance is at least the difference in length: such a name cannot come closer.
      guard abs(name.count - wanted.count) < best.distance else { continue }
      let distance = EditDistance.levenshtein(wanted, name, limit: best.distance - 1)
      if distance < best.distance { best = (setting, distance) }
    }
    return best
  }
}


import Foundation

/// The Info.plist keys Xcode writes from an `INFOPLIST_KEY_<Key>` build setting when a target sets
/// `GENERATE_INFOPLIST_FILE = YES`, as swift-build knows them.
///
/// Source: swiftlang/swift-build, commit 41aee626ba142a63955fa69ebe4913daa1d805ca (2026-08-21), read 2026-11-28:
/// `Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift` (`generatedInfoPlistKeys` and
/// `usageDescriptionStringKeys`, looked up as declared macros by `valueForInfoPlistKeyMacro`) and the
/// `INFOPLIST_KEY_*` macros of `Sources/SWBCore/Settings/BuiltinMacros.swift`. Xcode reads no other
/// `INFOPLIST_KEY_*` setting: `INFOPLIST_KEY_LSApplicationQueriesSchemes` or `INFOPLIST_KEY_IntuneMAMSettings`
/// never reach the built Info.plist. Those keys belong in an Info.plist file named by `INFOPLIST_FILE`, whose
/// keys Xcode merges with the generated ones (a generated scalar replaces the file's; arrays are appended).
/// `GENERATE_INFOPLIST_FILE` defaults to NO (`CoreBuildSystem.xcspec`): without it no `INFOPLIST_KEY_*` counts.
public enum GeneratedInfoPlistKeys {
  /// The keys (`NSFaceIDUsageDescription`), each written by the setting `INFOPLIST_KEY_` + the key, except the
  /// device-specific ones (`UISupportedInterfaceOrientations~ipad` is
  /// `INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad`).
  public static let keys: Set<String> = [
    // General
    "CFBundleDisplayName", "LSApplicationCategoryType", "NSHumanReadableCopyright", "NSPrincipalClass",
    "ITSAppUsesNonExemptEncryption", "ITSEncryptionExportComplianceCode",
    "NSLocationTemporaryUsageDescriptionDictionary",
    // macOS
    "LSBackgroundOnly", "LSUIElement", "NSMainNibFile", "NSMainStoryboardFile", "NSViewGestureRecognizerIsExclusive",
    // iOS and derived platforms
    "UILaunchStoryboardName", "UIMainStoryboardFile", "UIRequiredDeviceCapabilities",
    "UISupportedInterfaceOrientations",
    "UIUserInterfaceStyle", "LSSupportsOpeningDocumentsInPlace", "NSSensorKitPrivacyPolicyURL",
    "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates", "UIApplicationSupportsIndirectInputEvents",
    "UIRequiresFullScreen", "UIStatusBarHidden", "UIStatusBarStyle", "UISupportedInterfaceOrientations~ipad",
    "UISupportedInterfaceOrientations~iphone", "UISupportsDocumentBrowser",
    // watchOS
    "CLKComplicationPrincipalClass", "WKApplication", "WKCompanionAppBundleIdentifier", "WKExtensionDelegateClassName",
    "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly", "WKSupportsLiveActivityLaunchAttributeTypes",
    // Metal, game controllers, sticker packs
    "MetalCaptureEnabled", "GCSupportsControllerUserInteraction", "GCSupportsGameMode", "NSStickerSharingLevel",
    // Usage descriptions
    "NFCReaderUsageDescription", "NSAccessoryTrackingUsageDescription", "NSAppDataUsageDescription",
    "NSAppleEventsUsageDescription", "NSAppleMusicUsageDescription", "NSBluetoothAlwaysUsageDescription",
    "NSBluetoothPeripheralUsageDescription", "NSBluetoothWhileInUseUsageDescription", "NSCalendarsUsageDescription",
    "NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription", "NSCameraUsageDescription",
    "NSContactsUsageDescription", "NSCriticalMessagingUsageDescription", "NSDesktopFolderUsageDescription",
    "NSDocumentsFolderUsageDescription", "NSDownloadsFolderUsageDescription", "NSFaceIDUsageDescription",
    "NSFallDetectionUsageDescription", "NSFileProviderDomainUsageDescription", "NSFileProviderPresenceUsageDescription",
    "NSFinancialDataUsageDescription", "NSFocusStatusUsageDescription", "NSGKFriendListUsageDescription",
    "NSHandsTrackingUsageDescription", "NSHealthClinicalHealthRecordsShareUsageDescription",
    "NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription", "NSHomeKitUsageDescription",
    "NSIdentityUsageDescription", "NSLocalNetworkUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
    "NSLocationAlwaysUsageDescription", "NSLocationUsageDescription", "NSLocationWhenInUseUsageDescription",
    "NSMicrophoneUsageDescription", "NSMotionUsageDescription", "NSNearbyInteractionAllowOnceUsageDescription",
    "NSNearbyInteractionUsageDescription", "NSNetworkVolumesUsageDescription", "NSPhotoLibraryAddUsageDescription",
    "NSPhotoLibraryUsageDescription", "NSRemindersUsageDescription", "NSRemindersFullAccessUsageDescription",
    "NSRemovableVolumesUsageDescription", "NSSensorKitUsageDescription", "NSSiriUsageDescription",
    "NSSpeechRecognitionUsageDescription", "NSSystemAdministrationUsageDescription",
    "NSSystemExtensionUsageDescription", "NSUserTrackingUsageDescription", "NSVideoSubscriberAccountUsageDescription",
    "NSVoIPUsageDescription", "NSWorldSensingUsageDescription", "OSBundleUsageDescription",
  ]

  /// The settings that make a key without being one: `INFOPLIST_KEY_UILaunchScreen_Generation = YES` writes an
  /// empty `UILaunchScreen`, `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES` a scene manifest.
  public static let generationSettings: Set<String> = [
    "INFOPLIST_KEY_UILaunchScreen_Generation", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation",
  ]

  /// The build setting that writes `key` into a generated Info.plist; nil when Xcode has none (the key must then
  /// be written in an Info.plist file).
  public static func setting(for key: String) -> String? {
    guard keys.contains(key) else { return nil }
    return "INFOPLIST_KEY_" + key.replacingOccurrences(of: "~iphone", with: "_iPhone")
      .replacingOccurrences(of: "~ipad", with: "_iPad")
  }

  /// The Info.plist key an `INFOPLIST_KEY_…` setting names: the name without its prefix, a device suffix
  /// spelled as in the Info.plist (`INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad` names
  /// `UISupportedInterfaceOrientations~ipad`).
  public static func key(forSetting name: String) -> String {
    let key = String(name.dropFirst(name.hasPrefix("INFOPLIST_KEY_") ? "INFOPLIST_KEY_".count : 0))
    for (suffix, device) in [("_iPad", "~ipad"), ("_iPhone", "~iphone")] where key.hasSuffix(suffix) {
      return String(key.dropLast(suffix.count)) + device
    }
    return key
  }

  /// The Info.plist key the setting `name` makes: the key it names, or for a generation setting
  /// (`generationSettings`) the key it generates (`UILaunchScreen` for `INFOPLIST_KEY_UILaunchScreen_Generation`).
  public static func generatedKey(forSetting name: String) -> String {
    let key = key(forSetting: name)
    guard generationSettings.contains(name), key.hasSuffix("_Generation") else { return key }
    return String(key.dropLast("_Generation".count))
  }

  /// Whether Xcode reads the setting `name` (`INFOPLIST_KEY_…`) when it generates an Info.plist.
  public static func isRead(_ name: String) -> Bool {
    generationSettings.contains(name) || keys.contains { setting(for: $0) == name }
  }
}

/// The Info.plist keys Apple documents, as data: what PL005 compares an Info.plist's top-level keys with (see
/// `InfoPlistKeySpelling`). Each name is copied from Apple's "Information Property List" reference
/// (developer.apple.com/documentation/bundleresources/information-property-list) and its topic pages, grouped as
/// they are; a key missing here is never reported, but one that looks like a misspelling of a key listed here is,
/// so the list holds every key of the reference (macOS, watchOS and visionOS ones too), not only the iOS ones.
public enum AppleInfoPlistKeys {
  /// Where they were read (when: `KnowledgeSnapshot.checkedOn`, the module's one date).
  public static let checkedSource = """
    Apple's Information Property List reference and its topic pages (bundle configuration, user interface, app \
    execution, protected resources, data and storage, app services), \
    developer.apple.com/documentation/bundleresources/information-property-list
    """
  /// "Protected resources": the usage descriptions (purpose strings) iOS shows when the app asks for a
  /// permission, with the other keys of that page. The deprecated ones (`NSCalendarsUsageDescription`,
  /// `NSRemindersUsageDescription`, `NSLocationAlwaysUsageDescription`, `NSLocationUsageDescription`, …) are
  /// kept: apps still carry them next to their successors.
  public static let protectedResources = [
    "NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription",
    "NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription",
    "NSCalendarsUsageDescription",
    "NSRemindersFullAccessUsageDescription", "NSRemindersUsageDescription",
    "NSCameraUsageDescription", "NSMainCameraUsageDescription", "NSEnterpriseMCAMUsageDescription",
    "NSMicrophoneUsageDescription", "NSAlwaysAllowMicrophoneModeControl",
    "NSContactsUsageDescription",
    "NSFaceIDUsageDescription",
    "NSDesktopFolderUsageDescription", "NSDocumentsFolderUsageDescription", "NSDownloadsFolderUsageDescription",
    "NSNetworkVolumesUsageDescription", "NSRemovableVolumesUsageDescription", "NSFileProviderDomainUsageDescription",
    "NSGKFriendListUsageDescription",
    "NSHealthClinicalHealthRecordsShareUsageDescription", "NSHealthShareUsageDescription",
    "NSHealthUpdateUsageDescription", "NSHealthRequiredReadAuthorizationTypeIdentifiers",
    "NSHomeKitUsageDescription",
    "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationUsageDescription",
    "NSLocationWhenInUseUsageDescription",
    "NSLocationTemporaryUsageDescriptionDictionary", "NSLocationAlwaysUsageDescription", "NSWidgetWantsLocation",
    "NSLocationDefaultAccuracyReduced",
    "NSAppleMusicUsageDescription",
    "NSMotionUsageDescription", "NSFallDetectionUsageDescription",
    "NSLocalNetworkUsageDescription", "NSNearbyInteractionUsageDescription",
    "NSNearbyInteractionAllowOnceUsageDescription",
    "NFCReaderUsageDescription",
    "NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription",
    "NSAppleScriptEnabled",
    "NSUpdateSecurityPolicy", "NSAppDataUsageDescription", "NSUserTrackingUsageDescription",
    "NSAppleEventsUsageDescription", "NSSystemAdministrationUsageDescription",
    "ITSAppUsesNonExemptEncryption", "ITSEncryptionExportComplianceCode",
    "NSSensorKitUsageDescription", "NSSensorKitUsageDetail", "NSSensorKitPrivacyPolicyURL",
    "NSSiriUsageDescription",
    "NSSpeechRecognitionUsageDescription",
    "NSVideoSubscriberAccountUsageDescription",
    "NSWorldSensingUsageDescription", "NSHandsTrackingUsageDescription", "NSAccessoryTrackingUsageDescription",
    "NSFinancialDataUsageDescription", "NSIdentityUsageDescription",
    "UIRequiresPersistentWiFi",
    // On the reference's own page and key pages rather than this topic's.
    "NSCriticalMessagingUsageDescription", "NSFocusStatusUsageDescription", "NSAlarmKitUsageDescription",
    "PHPhotoLibraryPreventAutomaticLimitedAccessAlert",
  ]

  /// "Bundle configuration".
  public static let bundleConfiguration = [
    "CFBundlePackageType", "LSApplicationCategoryType",
    "CFBundleIdentifier", "WKAppBundleIdentifier", "WKCompanionAppBundleIdentifier",
    "CFBundleName", "CFBundleDisplayName", "CFBundleSpokenName",
    "CFBundleVersion", "CFBundleShortVersionString", "CFBundleInfoDictionaryVersion", "NSHumanReadableCopyright",
    "LSMinimumSystemVersion", "LSMinimumSystemVersionByArchitecture", "MinimumOSVersion", "LSRequiresIPhoneOS",
    "WKApplication", "WKWatchKitApp",
    "CFBundleDevelopmentRegion", "CFBundleLocalizations", "CFBundleAllowMixedLocalizations",
    "TICapsLockLanguageSwitchCapable",
    "CFAppleHelpAnchor", "CFBundleHelpBookName", "CFBundleHelpBookFolder",
  ]

  /// "User interface".
  public static let userInterface = [
    "UIApplicationSceneManifest", "UIApplicationPreferredDefaultSceneSessionRole", "NSMainStoryboardFile",
    "UIMainStoryboardFile", "NSMainNibFile", "LSUIElement", "UISupportsTrueScreenSizeOnMac",
    "UILaunchScreen", "UILaunchScreens", "UILaunchStoryboardName", "UILaunchStoryboards", "LSUIPresentationMode",
    "UILaunchToFullScreenByDefaultOnMac",
    "CFBundleIcons", "CFBundleIconFiles", "CFBundleIconFile", "CFBundleIconName", "UIPrerenderedIcon",
    "UIInterfaceOrientation", "UISupportedInterfaceOrientations", "UIPreferredDefaultInterfaceOrientation",
    "UIDesignRequiresCompatibility", "UIUserInterfaceStyle", "UIViewEdgeAntialiasing", "UIWhitePointAdaptivityStyle",
    "UIViewGroupOpacity", "UIRequiresFullScreen", "UISupportsFullScreenInAssistiveAccess",
    "NSPrefersDisplaySafeAreaCompatibilityMode", "NSAccentColorName", "NSWidgetBackgroundColorName",
    "ATSApplicationFontsPath", "UIAppFonts",
    "UIStatusBarHidden", "UIStatusBarStyle", "UIStatusBarTintParameters", "UIViewControllerBasedStatusBarAppearance",
    "UIApplicationSupportsIndirectInputEvents",
    "NSPrefPaneIconFile", "NSPrefPaneIconLabel",
    "UIAppSupportsHDR", "NSHighResolutionCapable", "NSSupportsAutomaticGraphicsSwitching", "GPUEjectPolicy",
    "GPUSelectionPolicy",
    "QLNeedsToBeRunInMainThread", "QLPreviewHeight", "QLPreviewWidth", "QLSupportsConcurrentRequests",
    "QLThumbnailMinimumSize",
    "UILaunchImages",
  ]

  /// "App execution".
  public static let appExecution = [
    "NSPrincipalClass", "CLKComplicationPrincipalClass", "CFBundleExecutable", "LSEnvironment",
    "UIApplicationShortcutItems",
    "UIRequiredDeviceCapabilities", "LSMultipleInstancesProhibited", "LSArchitecturePriority",
    "LSRequiresNativeExecution", "WKPrefersNetworkUponForeground", "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly",
    "PUICAutoLaunchAudioOptOut", "CLKComplicationSupportedFamilies",
    "NSExtension", "NSServices", "WKExtensionDelegateClassName", "UIApplicationShortcutWidget",
    "NSAppClip",
    "UIBackgroundModes", "WKBackgroundModes", "BGTaskSchedulerPermittedIdentifiers", "LSBackgroundOnly",
    "NSEndpointSecurityEarlyBoot", "NSEndpointSecurityRebootRequired",
    "NSDockTilePlugIn",
    "CFPlugInDynamicRegisterFunction", "CFPlugInDynamicRegistration", "CFPlugInFactories", "CFPlugInTypes",
    "CFPlugInUnloadFunction",
    "LSGetAppDiedEvents", "NSSupportsSuddenTermination", "UIApplicationExitsOnSuspend",
  ]

  /// "Data and storage".
  public static let dataAndStorage = [
    "CFBundleDocumentTypes", "UISupportsDocumentBrowser", "LSSupportsOpeningDocumentsInPlace",
    "NSDownloadsUbiquitousContents",
    "CFBundleURLTypes",
    "UTExportedTypeDeclarations", "UTImportedTypeDeclarations",
    "NSAdvertisingAttributionReportEndpoint", "NSAppTransportSecurity", "NSBonjourServices", "CKSharingSupported",
    "BAUsesAppleHosting", "BAHasManagedAssetPacks", "BAAppGroupID", "BAInitialDownloadRestrictions",
    "BAMaxInstallSize", "BAManifestURL", "BAEssentialMaxInstallSize",
    "APFiles", "APInstallerURL", "NSSupportsPurgeableLocalStorage", "LSFileQuarantineEnabled", "UIFileSharingEnabled",
    "CSResourcesFileMapped",
    "LSBundleContainsCoreMLmlmodelc",
    "NSJavaRoot",
  ]

  /// "App services".
  public static let appServices = [
    "MusicHapticsSupported",
    "NSAccessorySetupSupports", "NSAccessorySetupBluetoothCompanyIdentifiers", "NSAccessorySetupBluetoothNames",
    "NSAccessorySetupBluetoothServices",
    "AdNetworkIdentifiers", "AttributionCopyEndpoint", "EligibleForAdAttributionKitReengagementPostbackCopies",
    "WKSupportsAlwaysOnDisplay",
    "ASAccountAuthenticationModificationOptOutOfSecurityPromptsOnSignIn",
    "ASWebAuthenticationSessionWebBrowserSupportCapabilities",
    "CoreSpotlightActions",
    "ENAPIVersion", "ENDeveloperRegion",
    "UIApplicationSupportsPrintCommand", "UISupportedExternalAccessoryProtocols",
    "AVGameBypassSystemSpatialAudio", "GKGameCenterBadgingDisabled", "GKShowChallengeBanners",
    "GCSupportedGameControllers", "GCSupportsControllerUserInteraction", "GCRequiresControllerUserInteraction",
    "GCSupportsMultipleMicroGamepads", "LSSupportsGameMode", "GCSupportsGameMode", "GCDisableInferringGameMetadata",
    "INIntentsSupported", "INIntentsRestrictedWhileLocked", "INIntentsRestrictedWhileProtectedDataUnavailable",
    "INSupportedMediaCategories",
    "XPCService",
    "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates",
    "MKDirectionsApplicationSupportedModes",
    "NSStickerSharingLevel",
    "NSApplicationServices",
    "com.apple.developer.nfc.readersession.felica.systemcodes",
    "com.apple.developer.nfc.readersession.iso7816.select-identifiers",
    "SFSafariCorrespondingIOSAppBundleIdentifier", "SFSafariCorrespondingIOSExtensionBundleIdentifier",
    "SFSafariCorrespondingMacOSAppBundleIdentifier", "SFSafariCorrespondingMacOSExtensionBundleIdentifier",
    "SRResearchDataGeneration",
    "SMAuthorizedClients", "SMPrivilegedExecutables",
    "SKAdNetworkItems", "SKExternalLinkAccount", "SKExternalPurchase", "SKExternalPurchaseCustomLinkRegions",
    "SKExternalPurchaseLink", "SKExternalPurchaseMultiLink", "SKIncludeConsumableInAppPurchaseHistory",
    "NSUserActivityTypes",
    "WiFiAwareServices",
  ]

  /// Keys on the reference's own page or on pages of their own, outside the topic pages above, and long-standing
  /// keys the topic pages no longer list (`LSApplicationQueriesSchemes` is documented with UIKit's
  /// `canOpenURL(_:)`, `UIDeviceFamily` is written by Xcode from TARGETED_DEVICE_FAMILY).
  public static let otherTopLevel = [
    "LSApplicationQueriesSchemes", "UIDeviceFamily", "CFBundleSupportedPlatforms", "CFBundleSignature",
    "CFBundleGetInfoString", "BEEmbeddedWebBrowserEngine", "BEEmbeddedWebBrowserEngineVersion",
    "OSAScriptingDefinition", "CADisableMinimumFrameDurationOnPhone", "NSUbiquitousContainers",
    "UIPrefersShowingLanguageSettings", "NSCrossWebsiteTrackingUsageDescription", "UILaunchImageFile",
    "UINewsstandApp", "NSSupportsAutomaticTermination", "NSRequiresAquaSystemAppearance", "NSQuitAlwaysKeepsWindows",
    "LSApplicationSecondaryCategoryType", "LSHasLocalizedDisplayName",
  ]

  /// Keys Xcode writes into a built app's Info.plist: known, so never reported, but never suggested either (nobody
  /// types them).
  public static let writtenByXcode = [
    "BuildMachineOSBuild", "DTCompiler", "DTPlatformBuild", "DTPlatformName", "DTPlatformVersion", "DTSDKBuild",
    "DTSDKName", "DTXcode", "DTXcodeBuild", "DTAppStoreToolsBuild",
  ]

  /// Keys Apple documents inside another key's dictionary (`NSAppTransportSecurity`, `NSExtension`, the scene
  /// manifest, URL and document types): known, so one written at the top level by mistake is not reported as a
  /// misspelling, but never suggested there.
  public static let nested = [
    // NSAppTransportSecurity
    "NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsForMedia", "NSAllowsArbitraryLoadsInWebContent",
    "NSAllowsLocalNetworking", "NSExceptionDomains", "NSIncludesSubdomains", "NSExceptionAllowsInsecureHTTPLoads",
    "NSExceptionMinimumTLSVersion", "NSExceptionRequiresForwardSecrecy", "NSRequiresCertificateTransparency",
    "NSThirdPartyExceptionAllowsInsecureHTTPLoads", "NSThirdPartyExceptionMinimumTLSVersion",
    "NSThirdPartyExceptionRequiresForwardSecrecy", "NSPinnedDomains", "NSPinnedCAIdentities",
    "NSPinnedLeafIdentities",
    // NSExtension, and the Intents extension's attributes (the app's own are `INIntents…`, at the top level)
    "NSExtensionAttributes", "NSExtensionPointIdentifier", "NSExtensionPrincipalClass", "NSExtensionMainStoryboard",
    "NSExtensionActivationRule", "IntentsSupported", "IntentsRestrictedWhileLocked",
    "IntentsRestrictedWhileProtectedDataUnavailable",
    // UIApplicationSceneManifest
    "UIApplicationSupportsMultipleScenes", "UISceneConfigurations",
    // CFBundleURLTypes, CFBundleDocumentTypes, CFBundleIcons
    "CFBundleURLName", "CFBundleURLSchemes", "CFBundleURLIconFile", "CFBundleTypeRole", "CFBundleTypeName",
    "CFBundleTypeIconFile", "LSHandlerRank", "LSItemContentTypes", "LSTypeIsPackage", "NSDocumentClass",
    "NSExportableTypes", "CFBundlePrimaryIcon", "CFBundleAlternateIcons", "CFBundleSymbolName",
  ]

  /// Every documented key that belongs at the top level: the keys PL005 suggests.
  public static let topLevel: Set<String> = Set(
    protectedResources + bundleConfiguration + userInterface + appExecution + dataAndStorage + appServices
      + otherTopLevel)

  /// Every key sharelint knows Apple documents or Xcode writes, wherever it belongs: never reported.
  public static let known: Set<String> = topLevel.union(writtenByXcode).union(nested)
}

/// Where iOS reads each key of an app extension's `NSExtension` dictionary, as data: what AR015
/// (`misplaced-extension-key`) compares an extension's Info.plist with.
///
/// **Sources** (read 2026-11-28, `KnowledgeSnapshot.checkedOn`):
/// - Apple, "Information Property List Key Reference › App Extension Keys"
///   (developer.apple.com/library/ios/documentation/General/Reference/InfoPlistKeyReference/Articles/AppExtensionKeys.html):
///   "Keys for app extensions follow a particular hierarchical structure, with the NSExtension dictionary at the top.
///   Most app extension types employ an NSExtensionAttributes dictionary as an immediate child of the NSExtension
///   key", with the example `NSExtension › NSExtensionAttributes › NSExtensionJavaScriptPreprocessingFile` next to
///   `NSExtension › NSExtensionPointIdentifier` and `NSExtension › NSExtensionPrincipalClass`.
/// - Apple's Bundle Resources reference, whose key pages name each key's place in their identifier:
///   `plist:Information_Property_List.NSExtension.NSExtensionAttributes.NSExtensionActivationRule` ("The semantic
///   data types that a Share or Action extension supports") and
///   `….NSExtensionActivationRule.NSExtensionActivationDictionaryVersion` ("The version of the parent
///   extension-activation rule dictionary"); the `NSExtensionActivation…` keys are the rule dictionary's topics.
///
/// **Doubt.** The newer reference files `NSExtensionActionWantsFullScreenPresentation` (and
/// `NSExtensionMainStoryboard`, `NSExtensionPointIdentifier`) both under `NSExtension/` in its page addresses and
/// among the topics of `NSExtensionAttributes`, so it settles nothing for that key; this table puts it in
/// `NSExtensionAttributes`, with the share and action keys, as sharelint's issue 28 does. The File Provider keys'
/// place was not re-read in 2026 (the pages above were cut before their sections). Confirm on a device before
/// relying on those rows.
public enum AppExtensionKeyPlacement {
  /// A dictionary a key of an app extension can belong to.
  public enum Place: String, Hashable, Sendable, CaseIterable {
    /// The top level of the Info.plist.
    case infoPlist = "the Info.plist's top level"
    /// `NSExtension`.
    case extensionDictionary = "NSExtension"
    /// `NSExtension › NSExtensionAttributes`.
    case attributes = "NSExtensionAttributes"
    /// `NSExtension › NSExtensionAttributes › NSExtensionActivationRule`, in its dictionary form.
    case activationRule = "NSExtensionActivationRule"

    /// The key path of the dictionary, as findings name it.
    public var keyPath: [String] {
      switch self {
      case .infoPlist: return []
      case .extensionDictionary: return ["NSExtension"]
      case .attributes: return ["NSExtension", "NSExtensionAttributes"]
      case .activationRule: return ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]
      }
    }
  }

  /// The keys iOS reads directly from `NSExtension`, for every extension point.
  public static let extensionDictionaryKeys: Set<String> = [
    "NSExtensionAttributes", "NSExtensionPointIdentifier", "NSExtensionPrincipalClass", "NSExtensionMainStoryboard",
    "NSExtensionOverridesHostUIAppearance",
    // File Provider extensions (see "Doubt" above).
    "NSExtensionFileProviderDocumentGroup", "NSExtensionFileProviderSupportsEnumeration",
  ]

  /// The keys iOS reads from `NSExtensionAttributes`: share and action extensions (`NSExtensionActivationRule`,
  /// `NSExtensionJavaScriptPreprocessingFile`, `NSExtensionActionWantsFullScreenPresentation`, macOS's
  /// `NSExtensionService…` keys), photo editing (`PHSupportedMediaTypes`), custom keyboards, Intents and
  /// notification content extensions.
  public static let attributeKeys: Set<String> = [
    "NSExtensionActivationRule", "NSExtensionJavaScriptPreprocessingFile",
    "NSExtensionActionWantsFullScreenPresentation",
    "NSExtensionServiceAllowsFinderPreviewItem", "NSExtensionServiceAllowsToolbarItem",
    "NSExtensionServiceAllowsTouchBarItem", "NSExtensionServiceFinderPreviewIconName",
    "NSExtensionServiceFinderPreviewLabel", "NSExtensionServiceRoleType", "NSExtensionServiceToolbarIconFile",
    "NSExtensionServiceToolbarPaletteLabel", "NSExtensionServiceTouchBarBezelColorName",
    "NSExtensionServiceTouchBarIconName", "NSExtensionServiceTouchBarLabel",
    "PHSupportedMediaTypes", "PHProjectExtensionDefinesProjectTypes",
    "IsASCIICapable", "PrefersRightToLeft", "PrimaryLanguage", "RequestsOpenAccess",
    "IntentsSupported", "IntentsRestrictedWhileLocked", "IntentsRestrictedWhileProtectedDataUnavailable",
    "UNNotificationExtensionCategory", "UNNotificationExtensionInitialContentSizeRatio",
    "UNNotificationExtensionDefaultContentHidden", "UNNotificationExtensionOverridesDefaultTitle",
    "UNNotificationExtensionUserInteractionEnabled",
  ]

  /// The keys of the dictionary form of `NSExtensionActivationRule` (share and action extensions).
  public static let activationRuleKeys: Set<String> = [
    "NSExtensionActivationSupportsAttachmentsWithMaxCount", "NSExtensionActivationSupportsAttachmentsWithMinCount",
    "NSExtensionActivationSupportsFileWithMaxCount", "NSExtensionActivationSupportsImageWithMaxCount",
    "NSExtensionActivationSupportsMovieWithMaxCount", "NSExtensionActivationSupportsText",
    "NSExtensionActivationSupportsWebURLWithMaxCount", "NSExtensionActivationSupportsWebPageWithMaxCount",
    "NSExtensionActivationDictionaryVersion", "NSExtensionActivationUsesStrictMatching",
  ]

  /// The extension points whose extensions the share sheet offers and whose `NSExtensionActivationRule` decides
  /// when: Share (`com.apple.share-services`) and Action (`com.apple.ui-services` with a user interface,
  /// `com.apple.services` without).
  public static let activatedExtensionPoints: Set<String> = [
    "com.apple.share-services", "com.apple.ui-services", "com.apple.services",
  ]

  /// The dictionary iOS reads `key` from; `nil` for a key this table does not place.
  public static func place(of key: String) -> Place? {
    placeByKey[key]
  }

  /// The three tables in one, asked once per key of every extension's plist (most keys are in none of them).
  private static let placeByKey: [String: Place] = {
    var places: [String: Place] = [:]
    for key in activationRuleKeys { places[key] = .activationRule }
    for key in attributeKeys { places[key] = .attributes }
    for key in extensionDictionaryKeys { places[key] = .extensionDictionary }
    return places
  }()
}

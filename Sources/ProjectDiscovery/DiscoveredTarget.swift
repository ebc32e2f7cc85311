import SharelintBase

/// Something to lint: an app or an app extension (its Info.plist, its entitlements when found, the
/// app that contains it), or an entitlements file on its own.
public struct DiscoveredTarget: Sendable {
  /// What the target is.
  public enum Kind: String, Hashable, Sendable {
    /// An Info.plist without `NSExtension`: an application.
    case app
    /// An Info.plist with `NSExtension` (or ExtensionKit's `EXAppExtensionAttributes`).
    case appExtension = "extension"
    /// An Info.plist that could not be parsed or whose root is not a dictionary; `infoPlist` holds it
    /// so the linter can report why.
    case unclassified
    /// An entitlements file that no Info.plist was paired with.
    case entitlementsOnly = "entitlements"
  }

  /// How an extension was tied to its containing app.
  public enum ContainingAppEvidence: String, Hashable, Sendable {
    /// The extension sits at `PlugIns/X.appex/Info.plist` inside the app's `.app` folder.
    case bundleLayout
    /// The extension's `IntuneMAMSettings.ContainingAppBundleId` is the app's `CFBundleIdentifier`.
    case intuneContainingAppBundleId
    /// The extension's `CFBundleIdentifier` is the app's followed by `.` and more, as iOS requires.
    case bundleIdentifierPrefix
  }

  /// What the target is.
  public let kind: Kind
  /// The Info.plist; `nil` for `.entitlementsOnly`.
  public let infoPlist: DiscoveredPlist?
  /// The paired entitlements file; always `nil` inside `.app` bundles and `.ipa` archives, whose
  /// entitlements live in the code signature.
  public let entitlements: DiscoveredPlist?
  /// `NSExtension.NSExtensionPointIdentifier` of an extension (`com.apple.share-services`).
  public let extensionPointIdentifier: String?
  /// `CFBundleIdentifier` as written (it may hold `$(PRODUCT_BUNDLE_IDENTIFIER)`).
  public let bundleIdentifier: String?
  /// For an extension, the display path of its containing app's Info.plist, when found.
  public internal(set) var containingAppPath: String?
  /// How `containingAppPath` was found.
  public internal(set) var containingAppEvidence: ContainingAppEvidence?
  /// For a built bundle (an `.app` or `.appex` folder, or one inside an `.ipa`), the names in its `Frameworks`
  /// folder (`IntuneMAMSwift.framework`, `libswiftCore.dylib`), sorted; `nil` for source files.
  public internal(set) var bundledFrameworks: [String]?
  /// For a built bundle, the versions of the Intune App SDK and MSAL frameworks in its `Frameworks` folder, by
  /// framework name (`IntuneMAMSwift.framework`), as their own `Info.plist`s give them.
  public internal(set) var bundledFrameworkVersions: [String: BundledFrameworkVersion] = [:]

  /// A target of `kind` made of `infoPlist` and `entitlements`.
  public init(
    kind: Kind, infoPlist: DiscoveredPlist?, entitlements: DiscoveredPlist?, extensionPointIdentifier: String? = nil,
    bundleIdentifier: String? = nil, containingAppPath: String? = nil,
    containingAppEvidence: ContainingAppEvidence? = nil
  ) {
    self.kind = kind
    self.infoPlist = infoPlist
    self.entitlements = entitlements
    self.extensionPointIdentifier = extensionPointIdentifier
    self.bundleIdentifier = bundleIdentifier
    self.containingAppPath = containingAppPath
    self.containingAppEvidence = containingAppEvidence
  }

  /// The display path of the bundle folder the Info.plist is in (`X.ipa/Payload/X.app`), for a built bundle.
  public var bundleDisplayPath: String? {
    guard bundledFrameworks != nil, let path = infoPlist?.displayPath else { return nil }
    return PathText.removingLastComponent(of: path)
  }

  /// The path targets are sorted and named by: the Info.plist's, or the entitlements file's.
  public var displayPath: String { infoPlist?.displayPath ?? entitlements?.displayPath ?? "" }
}

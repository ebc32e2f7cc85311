import ActivationRules
import PropertyList

/// What the rules look at: one app or extension with its Info.plist, its entitlements and, for an
/// extension, its containing app's Info.plist.
public struct LintTarget: Sendable {
  /// App or extension.
  public enum Kind: String, Sendable {
    case app
    case appExtension = "extension"
  }

  /// App or extension, decided by the `NSExtension` key.
  public var kind: Kind
  /// The Info.plist; its `source.name` is the path shown in diagnostics.
  public var infoPlist: PropertyListDocument
  /// The entitlements, when the target has a file of them.
  public var entitlements: PropertyListDocument?
  /// For an extension, the containing app's Info.plist, when it was found.
  public var containingAppInfoPlist: PropertyListDocument?
  /// The settings the run and the configuration give this target.
  public var settings: LintSettings

  /// A target; the kind follows from the Info.plist.
  public init(
    infoPlist: PropertyListDocument, entitlements: PropertyListDocument? = nil,
    containingAppInfoPlist: PropertyListDocument? = nil, settings: LintSettings = LintSettings()
  ) {
    self.infoPlist = infoPlist
    self.entitlements = entitlements
    self.containingAppInfoPlist = containingAppInfoPlist
    self.settings = settings
    kind = infoPlist.root["NSExtension"] == nil ? .app : .appExtension
  }

  /// `IntuneMAMSettings`, when present and a dictionary.
  public var intuneSettings: PropertyListNode? {
    guard let node = infoPlist.root["IntuneMAMSettings"], node.entries != nil else { return nil }
    return node
  }

  /// Whether the Intune rules apply: the plist has `IntuneMAMSettings`, or the configuration says so.
  public var isIntuneManaged: Bool {
    settings.intuneManaged ?? (infoPlist.root["IntuneMAMSettings"] != nil)
  }

  /// The `CFBundleIdentifier`, when it is a string.
  public var bundleIdentifier: String? { infoPlist.root["CFBundleIdentifier"]?.string }
}

/// Settings that shape a lint run for one target: from the command line and `.sharelint.yml`.
public struct LintSettings: Sendable {
  /// Forces the Intune rules on (true) or off (false); nil decides by `IntuneMAMSettings`.
  public var intuneManaged: Bool?
  /// The iOS SDK the app links against (27 and later honour only 25 query schemes).
  public var sdkVersion: Int?
  /// Values for `$(NAME)` references: `-D NAME=VALUE`, `--xcconfig` files, the configuration's
  /// `build_settings`.
  public var buildSettings: BuildSettings
  /// The shape a dictionary activation rule is converted to when a fix rewrites it as a predicate:
  /// canonical (its real meaning) unless `configure --shape configurator` asks for the vendor's.
  public var activationRuleShape: ConversionShape = .canonical

  /// Settings; everything optional.
  public init(intuneManaged: Bool? = nil, sdkVersion: Int? = nil, buildSettings: BuildSettings = BuildSettings()) {
    self.intuneManaged = intuneManaged
    self.sdkVersion = sdkVersion
    self.buildSettings = buildSettings
  }

  /// How many `LSApplicationQueriesSchemes` entries iOS honours for this SDK.
  public var queriesSchemesLimit: Int { (sdkVersion ?? 0) >= 27 ? 25 : 50 }
}

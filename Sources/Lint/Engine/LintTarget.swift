import ActivationRules
import IntuneKnowledge
import PropertyList
import Synchronization
import UniformTypes
import XcodeModel

/// What the rules look at: one app or extension with its Info.plist, its entitlements and, for an
/// extension, its containing app's Info.plist.
public struct LintTarget: Sendable {
  /// App or extension.
  public enum Kind: String, Sendable {
    case app
    case appExtension = "extension"
  }

  /// App or extension, decided by the `NSExtension` key.
  public var kind: Kind { didSet { derived = DerivedFacts() } }
  /// The Info.plist; its `source.name` is the path shown in diagnostics.
  public var infoPlist: PropertyListDocument { didSet { derived = DerivedFacts() } }
  /// The entitlements, when the target has a file of them.
  public var entitlements: PropertyListDocument? { didSet { derived = DerivedFacts() } }
  /// For an extension, the containing app's Info.plist, when it was found.
  public var containingAppInfoPlist: PropertyListDocument? { didSet { derived = DerivedFacts() } }
  /// The settings the run and the configuration give this target.
  public var settings: LintSettings { didSet { derived = DerivedFacts() } }
  /// What several rules read from the target, worked out once by the first rule that asks;
  /// replaced, so worked out again, whenever a property above changes.
  private(set) var derived = DerivedFacts()

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

  /// Why the Intune rules apply to this target, or nil when they do not (see `IntuneEvidence`).
  public var intuneEvidence: IntuneEvidence? { derived.intuneEvidence.value { IntuneEvidence.find(in: self) } }

  /// Whether the Intune rules apply.
  public var isIntuneManaged: Bool { intuneEvidence != nil }

  /// The `CFBundleIdentifier`, when it is a string.
  /// With `GENERATE_INFOPLIST_FILE = YES` and no such key in the file, the one Xcode writes.
  public var bundleIdentifier: String? {
    infoPlist.root["CFBundleIdentifier"]?.string ?? settings.generatedInfoPlistKeys["CFBundleIdentifier"]
  }
}

/// Facts about one target that several rules need, each worked out on first use and kept: the
/// activation rule is read and the type registry built once per target, not once per rule.
final class DerivedFacts: Sendable {
  /// The extension's activation rule, read leniently; nil for apps and extensions without one.
  let activationRuleSite = ComputedOnce<ActivationRuleSite?>()
  /// The system's types plus those the target and its containing app declare.
  let typeRegistry = ComputedOnce<UniformTypeRegistry>()
  /// The activation rule as a predicate, a dictionary converted in the canonical shape.
  let canonicalPredicate = ComputedOnce<ResolvedPredicate?>()
  /// `LSApplicationQueriesSchemes`, when it is an array.
  let queriesSchemes = ComputedOnce<SchemeArray?>()
  /// Each URL type's `CFBundleURLSchemes` that is an array.
  let urlSchemeArrays = ComputedOnce<[SchemeArray]>()
  /// The build settings the URL-scheme rules expand schemes with.
  let schemeBuildSettings = ComputedOnce<BuildSettings>()
  /// Why the target counts as an Intune app, if it does.
  let intuneEvidence = ComputedOnce<IntuneEvidence?>()
  /// The top-level keys that misspell a documented key (PL005 reports them, IM011 defers to them).
  let misspelledInfoPlistKeys = ComputedOnce<[MisspelledInfoPlistKey]>()
  /// The Intune App SDK release the target links, when its files say (the linter and the release-aware rules ask).
  let linkedIntuneSDKRelease = ComputedOnce<ReleaseVersion?>()
  /// The extension's activation rule against the types its code handles (AR019 and AR020 read it).
  let handledTypesComparison = ComputedOnce<HandledTypesComparison?>()
}

/// A value computed by the first caller and returned to every later one.
final class ComputedOnce<Value: Sendable>: Sendable {
  private let state = Mutex<Value?>(nil)

  /// The value, computed with `compute` if no caller has computed it yet.
  func value(_ compute: () -> Value) -> Value {
    state.withLock { stored in
      if let stored { return stored }
      let computed = compute()
      stored = computed
      return computed
    }
  }

  /// The value, when a caller has computed it.
  var valueIfComputed: Value? { state.withLock { $0 } }
}

/// Settings that shape a lint run for one target: from the command line and `.sharelint.yml`.
public struct LintSettings: Sendable {
  /// Whether the Intune rules apply: forced on or off, or decided from the target (`IntuneEvidence`).
  public var intuneMode: IntuneMode
  /// Where `intune: auto` looks, for a target made of loose files, for a Podfile, Package.resolved or Cartfile
  /// naming the SDK; nil: nowhere.
  public var intuneDependencies: IntuneDependencyLookup?
  /// What the build says about the target: its project's build facts in this configuration, or the frameworks
  /// its bundle carries; nil for loose files.
  public var buildFacts: TargetBuildFacts?
  /// Whether the target is under App Protection conditional access: forced on or off by `conditional_access`, or nil
  /// to decide from its code (`ConditionalAccessEvidence`).
  public var conditionalAccess: Bool?
  /// The iOS SDK the app links against (27 and later honour only 25 query schemes).
  public var sdkVersion: Int?
  /// Values for `$(NAME)` references: `-D NAME=VALUE`, `--xcconfig` files, the configuration's
  /// `build_settings`.
  public var buildSettings: BuildSettings
  /// The keys Xcode adds to the built Info.plist from `INFOPLIST_KEY_*` settings when the target sets
  /// `GENERATE_INFOPLIST_FILE = YES` (`NSFaceIDUsageDescription` → its text): rules that require a key accept it.
  public var generatedInfoPlistKeys: [String: String] = [:]
  /// Whether the rules whose keys a NuGet package's build-time configurator writes run anyway (`configure` on such
  /// a project: the user asked for the keys in the source files).
  public var ignoresBuildTimeConfigurator = false
  /// What the project model noted about where the build settings come from (an `.xcconfig` the repository
  /// lacks…): PL003's findings repeat it, since it is usually why a setting is undefined.
  public var buildSettingNotes: [String] = []
  /// Where a project target's settings come from and could have come from: what PL003 names as the likeliest
  /// reason a setting is undefined.
  public var buildSettingProvenance: BuildSettingProvenance?
  /// For an extension of an Xcode project, its containing app's `PRODUCT_BUNDLE_IDENTIFIER` in the same
  /// configuration, expanded with the app's own settings (the extension's would expand it wrongly).
  public var containingAppBundleIdentifier: String?
  /// The shape a dictionary activation rule is converted to when a fix rewrites it as a predicate:
  /// canonical (its real meaning) unless `configure --shape configurator` asks for the vendor's.
  public var activationRuleShape: ConversionShape = .canonical

  /// Settings; everything optional.
  public init(
    intuneMode: IntuneMode = .auto, intuneDependencies: IntuneDependencyLookup? = nil, sdkVersion: Int? = nil,
    buildSettings: BuildSettings = BuildSettings()
  ) {
    self.intuneMode = intuneMode
    self.intuneDependencies = intuneDependencies
    self.sdkVersion = sdkVersion
    self.buildSettings = buildSettings
  }

  /// How many `LSApplicationQueriesSchemes` entries iOS honours for this SDK.
  public var queriesSchemesLimit: Int { (sdkVersion ?? 0) >= 27 ? 25 : 50 }
}

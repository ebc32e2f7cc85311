/// The scheme lists the Intune App SDK and its configurator work with, as found in IntuneMAMConfigurator 21.7.1
/// and the SDK documentation. Section numbers refer to `reference/intune-sdk-notes.md`.
public enum IntuneSchemeLists {
  /// The suffix of a scheme's managed twin: a managed app registers and queries `<scheme>-intunemam`
  /// (notes §1.3 item 4 and 5, §3 "How -intunemam rewriting works").
  public static let managedTwinSuffix = "-intunemam"

  /// The Mobile Threat Defense partner schemes the configurator adds to `LSApplicationQueriesSchemes`
  /// (notes §1.3 item 5 (d); `intunemam-mtd` since 19.1.0, the others since 12.0.18).
  public static let mobileThreatDefenseSchemes: [String] = [
    "smart-ns", "zips", "lacoonsecurity", "wandera", "lookoutwork-ase", "skycure", "betteractiveshield",
    "smsec", "mvisionmobile", "scmx", "intunemam-mtd",
  ]

  /// The required schemes a configurator release added after 15.1.0 (whose list the others date from): a target
  /// linking an older release does not need them. `intunemam-mtd` first appears in 19.1.0 (4ece07a4; notes §1.3
  /// item 5 (d)).
  public static let requiredSchemesAddedSince: [String: ReleaseVersion] = ["intunemam-mtd": ReleaseVersion(19, 1, 0)]

  /// Whether a target linking `release` (nil: unknown, the newest assumed) needs the required scheme `scheme`.
  public static func isRequired(_ scheme: String, by release: ReleaseVersion?) -> Bool {
    guard let release, let since = requiredSchemesAddedSince[scheme] else { return true }
    return release >= since
  }

  /// Schemes that never get an `-intunemam` twin in `LSApplicationQueriesSchemes`:
  /// `+[CMAPUtility getExcludedURLSchemes]` in IntuneMAMConfigurator 21.7.1 (notes §1.3 item 5 (a)).
  public static let configuratorExcludedSchemes: [String] =
    [
      "ms-log-azureauthenticator", "ms-log-companyportal", "companyportal", "msauth", "msauthv2", "msauthv3",
    ] + mobileThreatDefenseSchemes

  /// Schemes of apps known to implement the Intune SDK (`_cmarKnownManagedCanOpenUrlSchemes`, 34 entries in
  /// 21.7.1, notes §1.4). Their twins may be dropped when the list is too long, provided the app calls
  /// `isURLAllowed:isKnownManagedAppScheme:YES` for them (notes §2).
  public static let knownManagedAppSchemes: [String] = [
    "microsoft-edge-https", "microsoft-edge-http", "microsoft-edge", "open-officemobile", "launch-officemobile",
    "ms-officemobile", "ms-word", "ms-word-shared", "ms-word-shared-container", "ms-word-standalone", "ms-excel",
    "ms-excel-shared", "ms-excel-shared-container", "ms-excel-standalone", "ms-powerpoint", "ms-powerpoint-shared",
    "ms-powerpoint-shared-container", "ms-powerpoint-standalone", "ms-onedrive", "ms-onedrive-auth", "onenote",
    "onenote-shared-container", "onenote-cmd", "launch-onenote", "ms-outlook", "ms-outlook-shared",
    "ms-outlook-accepts-attachments", "mspbi", "ms-sharepoint", "msteams", "yammerapp", "yammer",
    "ms-whiteboard-preview", "lync",
  ]

  /// The schemes step (b) of the configurator considers: each one the app does not list itself is added bare
  /// when it is a known managed scheme, as `<scheme>-intunemam` otherwise (notes §1.3 item 5 (b)).
  public static let configuratorBrowserAndMailSchemes: [String] = [
    "https", "http", "microsoft-edge-https", "microsoft-edge-http", "ms-outlook",
  ]

  /// The entries every SDK app's `LSApplicationQueriesSchemes` needs, as the 21.7.1 configurator writes them:
  /// step (b)'s net effect, `companyportal` (c), the MTD schemes (d), `msauthv2` and `msauthv3` (e)
  /// (notes §1.3 item 5). 19 entries, the baseline before any scheme of the app's own.
  /// In the configurator's step order: (b) in its own order, then (c), (d), (e).
  public static let requiredQueriesSchemes: [String] =
    configuratorBrowserAndMailSchemes.map { knownManagedAppSchemeSet.contains($0) ? $0 : managedTwin(of: $0) }
    + ["companyportal"] + mobileThreatDefenseSchemes + ["msauthv2", "msauthv3"]

  /// The known managed schemes step (b) adds bare (`microsoft-edge-https`, `microsoft-edge-http`, `ms-outlook`):
  /// the SDK opens these apps by their own scheme, so their `-intunemam` twins are not needed.
  public static let configuratorBareKnownManagedSchemes: Set<String> =
    Set(configuratorBrowserAndMailSchemes.filter { knownManagedAppSchemeSet.contains($0) })

  /// The protocols Intune exempts by default in `exemptedAppProtocols` (notes §3, "Select apps to exempt";
  /// the Graph default value `skype;app-settings;calshow;itms;itmss;itms-apps;itms-appss;itms-services;`).
  public static let defaultExemptedAppProtocols: [String] = [
    "skype", "app-settings", "calshow", "itms", "itmss", "itms-apps", "itms-appss", "itms-services",
  ]

  /// The universal links Intune exempts by default (notes §3, "Select universal links to exempt").
  public static let defaultExemptedUniversalLinks: [String] = [
    "http://maps.apple.com", "https://maps.apple.com", "http://facetime.apple.com", "https://facetime.apple.com",
  ]

  /// How many `LSApplicationQueriesSchemes` entries `canOpenURL` honours for apps linked on or after iOS 15
  /// (notes §4). IntuneMAMConfigurator 21.7.1 hard-codes this value.
  public static let queriesSchemesLimit = 50

  /// How many entries `canOpenURL` honours for apps linked on or after iOS 27 (notes §4, issue #697).
  public static let queriesSchemesLimitFromIOS27 = 25

  /// `<scheme>-intunemam`.
  public static func managedTwin(of scheme: String) -> String { scheme + managedTwinSuffix }

  /// `knownManagedAppSchemes` as a set, for lookups of normalized schemes.
  public static let knownManagedAppSchemeSet = Set(knownManagedAppSchemes)
  /// `configuratorExcludedSchemes` as a set, for lookups of normalized schemes.
  public static let configuratorExcludedSchemeSet = Set(configuratorExcludedSchemes)
}

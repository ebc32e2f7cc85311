import IntuneKnowledge

/// What becomes of an app's `LSApplicationQueriesSchemes` when it is configured for the Intune SDK: the current
/// IntuneMAMConfigurator's result, and our order-preserving variant. Both are pure functions over `[String]`.
public enum QueriesSchemesConfiguration {
  /// IntuneMAMConfigurator 21.7.1's `cmapInfoPlist_convertLSApplicationQueriesSchemes`, as a set.
  public struct ConfiguratorResult: Equatable, Sendable {
    /// The entries written. The tool goes through an `NSSet`, so their order in the plist is arbitrary.
    public var schemes: Set<String>
    /// True when the tool removes the key (no entry left).
    public var removesKey: Bool { schemes.isEmpty }
    /// True when the list exceeded 50 and the tool dropped the known managed twins
    /// (it logs `Optimized LSApplicationQueriesSchemes.`).
    public var optimized: Bool
    /// How many entries the tool's `WARNING … will not be recognized by iOS for canOpenURL` lists: those past 50.
    /// Which entries they are depends on set order.
    public var entriesPastLimit: Int
  }

  /// Our order-preserving rewrite.
  public struct OrderPreservingResult: Equatable, Sendable {
    /// The new list, in order.
    public var schemes: [String]
    /// Required entries that were missing and were appended.
    public var appendedRequiredEntries: [String]
    /// Known managed twins removed to make room.
    public var droppedKnownManagedTwins: [String]
    /// Entries still at a position ≥ the limit.
    public var entriesPastLimit: [QueriesSchemeBudget.Entry]
  }

  /// The configurator's limit (notes §1.3 item 5: `cmpq $51`, hard-coded).
  public static let configuratorLimit = 50

  /// What IntuneMAMConfigurator 21.7.1 writes for `schemes` (notes §1.3 item 5), compared case-sensitively as
  /// `NSSet` and `hasSuffix:` do:
  /// - an extension plist keeps its entries minus those ending in `-intunemam`, and gains nothing;
  /// - an app plist: (a) every entry not ending in `-intunemam` is kept and gains its twin unless excluded
  ///   (existing twins stay: the tool starts from the set of existing entries); (b) each of `https`, `http`,
  ///   `microsoft-edge-https`, `microsoft-edge-http`, `ms-outlook` the app does not list is added bare when it is a
  ///   known managed scheme, as its twin otherwise; (c) `companyportal`, (d) the MTD schemes, (e) `msauthv2` and
  ///   `msauthv3` are added; more than 50 entries → every known managed twin is removed.
  public static func configuratorSet(of schemes: [String], isExtension: Bool) -> ConfiguratorResult {
    let suffix = IntuneSchemeLists.managedTwinSuffix
    if isExtension {
      return ConfiguratorResult(
        schemes: Set(schemes.filter { !$0.hasSuffix(suffix) }), optimized: false, entriesPastLimit: 0)
    }
    let listed = Set(schemes)
    var result = listed
    for scheme in schemes where !scheme.hasSuffix(suffix) {
      if !IntuneSchemeLists.configuratorExcludedSchemeSet.contains(scheme) { result.insert(scheme + suffix) }
    }
    for scheme in IntuneSchemeLists.configuratorBrowserAndMailSchemes where !listed.contains(scheme) {
      result.insert(IntuneSchemeLists.knownManagedAppSchemeSet.contains(scheme) ? scheme : scheme + suffix)
    }
    result.insert("companyportal")
    result.formUnion(IntuneSchemeLists.mobileThreatDefenseSchemes)
    result.formUnion(["msauthv2", "msauthv3"])
    var optimized = false
    if result.count > configuratorLimit {
      for scheme in IntuneSchemeLists.knownManagedAppSchemes { result.remove(scheme + suffix) }
      optimized = true
    }
    return ConfiguratorResult(
      schemes: result, optimized: optimized, entriesPastLimit: max(0, result.count - configuratorLimit))
  }

  /// Our variant, which keeps the app's order so the entries it put first stay within the limit. Schemes compare
  /// case-insensitively and each is written once (later duplicates are dropped):
  /// - an extension keeps its entries minus the `-intunemam` ones;
  /// - an app keeps its entries in order, each followed by its twin unless the configurator excludes it; an existing
  ///   twin moves to just after its scheme, or stays where it is when its scheme is not listed;
  /// - the required entries (`IntuneSchemeLists.requiredQueriesSchemes`) that are missing are appended;
  /// - past `limit`, known managed twins are removed, the latest first, until the list fits or none is left.
  public static func orderPreserving(
    _ schemes: [String], isExtension: Bool, limit: Int = IntuneSchemeLists.queriesSchemesLimit
  ) -> OrderPreservingResult {
    var result: [String] = []
    var seen = Set<String>()
    @discardableResult func add(_ scheme: String) -> Bool {
      guard seen.insert(URLSchemeSyntax.normalized(scheme)).inserted else { return false }
      result.append(scheme)
      return true
    }
    func isExcluded(_ scheme: String) -> Bool {
      IntuneSchemeLists.configuratorExcludedSchemeSet.contains(URLSchemeSyntax.normalized(scheme))
    }
    if isExtension {
      for scheme in schemes where !IntuneSchemeLists.isManagedTwin(scheme) { add(scheme) }
      return OrderPreservingResult(
        schemes: result, appendedRequiredEntries: [], droppedKnownManagedTwins: [],
        entriesPastLimit: QueriesSchemeBudget(schemes: result, limit: limit).entriesPastLimit)
    }
    let listedBases = Set(schemes.filter { !IntuneSchemeLists.isManagedTwin($0) }.map(URLSchemeSyntax.normalized))
    for scheme in schemes {
      if let base = IntuneSchemeLists.baseScheme(ofTwin: scheme) {
        if listedBases.contains(URLSchemeSyntax.normalized(base)) && !isExcluded(base) { continue }
        add(scheme)
      } else {
        add(scheme)
        if !isExcluded(scheme) { add(IntuneSchemeLists.managedTwin(of: scheme)) }
      }
    }
    let appended = IntuneSchemeLists.requiredQueriesSchemes.filter { add($0) }
    var dropped: [String] = []
    if result.count > limit {
      for index in result.indices.reversed() where result.count > limit {
        let normalized = URLSchemeSyntax.normalized(result[index])
        if let base = IntuneSchemeLists.baseScheme(ofTwin: normalized),
          IntuneSchemeLists.knownManagedAppSchemeSet.contains(base)
        {
          dropped.insert(result.remove(at: index), at: 0)
        }
      }
    }
    return OrderPreservingResult(
      schemes: result, appendedRequiredEntries: appended, droppedKnownManagedTwins: dropped,
      entriesPastLimit: QueriesSchemeBudget(schemes: result, limit: limit).entriesPastLimit)
  }
}

import IntuneKnowledge

/// How an app's ordered `LSApplicationQueriesSchemes` fits the number of entries `canOpenURL` honours: iOS reads
/// only the first `limit` entries (50 for apps linked on or after iOS 15, 25 from iOS 27; notes §4), counting
/// every position, duplicates included. Schemes compare case-insensitively.
public struct QueriesSchemeBudget: Equatable, Sendable {
  /// One entry of the list with its zero-based position.
  public struct Entry: Equatable, Hashable, Sendable {
    /// The position in the list.
    public var index: Int
    /// The entry as written.
    public var scheme: String

    /// Creates an entry.
    public init(index: Int, scheme: String) {
      self.index = index
      self.scheme = scheme
    }
  }

  /// The list, in order.
  public let schemes: [String]
  /// How many entries `canOpenURL` honours.
  public let limit: Int
  /// Entries at a position ≥ `limit`: `canOpenURL` returns false for them.
  public let entriesPastLimit: [Entry]
  /// `<scheme>-intunemam` entries of known managed apps (notes §1.4): the docs allow dropping them when the app
  /// calls `isURLAllowed:isKnownManagedAppScheme:YES` for those schemes (notes §2).
  public let droppableKnownManagedTwins: [Entry]
  /// Entries that repeat an earlier one: they use a position and declare nothing new.
  public let duplicates: [Entry]

  /// Measures `schemes` against `limit`.
  public init(schemes: [String], limit: Int = IntuneSchemeLists.queriesSchemesLimit) {
    self.schemes = schemes
    self.limit = limit
    var pastLimit: [Entry] = []
    var droppable: [Entry] = []
    var duplicates: [Entry] = []
    var seen = Set<String>()
    for (index, scheme) in schemes.enumerated() {
      let entry = Entry(index: index, scheme: scheme)
      let normalized = URLSchemeSyntax.normalized(scheme)
      if index >= limit { pastLimit.append(entry) }
      if !seen.insert(normalized).inserted { duplicates.append(entry) }
      if let base = IntuneSchemeLists.baseScheme(ofTwin: normalized),
        IntuneSchemeLists.knownManagedAppSchemeSet.contains(base)
      {
        droppable.append(entry)
      }
    }
    entriesPastLimit = pastLimit
    droppableKnownManagedTwins = droppable
    self.duplicates = duplicates
  }

  /// How many entries are over the limit (0 when the list fits).
  public var overflow: Int { max(0, schemes.count - limit) }

  /// True when every entry is honoured.
  public var fits: Bool { schemes.count <= limit }

  /// True when dropping duplicates and the known managed twins would bring the list within the limit.
  public var fitsAfterDroppingDuplicatesAndKnownManagedTwins: Bool {
    let removable = Set(duplicates.map(\.index)).union(droppableKnownManagedTwins.map(\.index))
    return schemes.count - removable.count <= limit
  }

  /// The fewest known managed twins to drop to make room for the overflow, latest positions first
  /// (all of them when that is still not enough).
  public var knownManagedTwinsToDrop: [Entry] {
    Array(droppableKnownManagedTwins.reversed().prefix(overflow))
  }

  /// What `canOpenURL` answers for `scheme` given this list: its first position decides.
  public func canOpenURLStatus(forScheme scheme: String) -> URLVerdict.CanOpenURLStatus {
    let normalized = URLSchemeSyntax.normalized(scheme)
    guard let index = schemes.firstIndex(where: { URLSchemeSyntax.normalized($0) == normalized }) else {
      return .undeclared
    }
    return index < limit ? .declared : .pastLimit
  }
}

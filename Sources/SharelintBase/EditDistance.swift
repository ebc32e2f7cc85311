/// Edit distances for the spelling suggestions every layer makes ("did you mean …?"): one computation, the
/// Levenshtein distance, optionally counting a swap of two adjacent elements as one edit (the optimal string
/// alignment distance), optionally bounded so a search stops early on a candidate that cannot win.
public enum EditDistance {
  /// The number of insertions, deletions and substitutions that turn `source` into `target`.
  @inlinable
  public static func levenshtein<Source: Collection, Target: Collection>(_ source: Source, _ target: Target) -> Int
  where Source.Element == Target.Element, Source.Element: Equatable {
    distance(Array(source), Array(target), transpositions: false, limit: nil)
  }

  /// The Levenshtein distance between `source` and `target` when it is at most `limit`, else `limit + 1`.
  @inlinable
  public static func levenshtein<Element: Equatable>(_ source: [Element], _ target: [Element], limit: Int) -> Int {
    distance(source, target, transpositions: false, limit: limit)
  }

  /// The optimal string alignment distance (Levenshtein plus swaps of adjacent elements, each one edit) between
  /// `source` and `target` when it is at most `limit`, else `limit + 1`.
  @inlinable
  public static func optimalStringAlignment<Element: Equatable>(
    _ source: [Element], _ target: [Element], limit: Int
  ) -> Int {
    distance(source, target, transpositions: true, limit: limit)
  }

  /// The distance, computed row by row; with a `limit`, any answer above it is `limit + 1`, found as soon as a
  /// row's smallest cell exceeds it (every later row's cells are at least that), and only the cells within
  /// `limit` of the diagonal are computed — a path through any other cell costs more than `limit` (spelling
  /// suggestions compare every known key with each unknown one, 2 edits at most).
  @usableFromInline
  static func distance<Element: Equatable>(
    _ source: [Element], _ target: [Element], transpositions: Bool, limit: Int?
  ) -> Int {
    func bounded(_ value: Int) -> Int { limit.map { Swift.min(value, $0 + 1) } ?? value }
    if let limit, abs(source.count - target.count) > limit { return limit + 1 }
    guard !source.isEmpty, !target.isEmpty else { return bounded(Swift.max(source.count, target.count)) }
    // Out of the band, a cell counts as `unreachable`: more than any answer the caller accepts.
    let band = Swift.min(limit ?? Int.max, Swift.max(source.count, target.count))
    let unreachable = limit.map { Swift.min($0, Int.max / 2) + 1 } ?? Int.max / 2
    var beforePrevious = [Int](repeating: unreachable, count: target.count + 1)
    var previous = (0...target.count).map { $0 <= band ? $0 : unreachable }
    var current = [Int](repeating: unreachable, count: target.count + 1)
    for i in 1...source.count {
      let low = Swift.max(1, i - band)
      let high = Swift.min(target.count, i + band)
      current[low - 1] = low == 1 && i <= band ? i : unreachable
      var rowMinimum = current[low - 1]
      if low <= high {
        for j in low...high {
          let cost = source[i - 1] == target[j - 1] ? 0 : 1
          var value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if transpositions, i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
            value = Swift.min(value, beforePrevious[j - 2] + 1)
          }
          current[j] = Swift.min(value, unreachable)
          rowMinimum = Swift.min(rowMinimum, current[j])
        }
      }
      if high < target.count { current[high + 1] = unreachable }
      if let limit, rowMinimum > limit { return limit + 1 }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return bounded(previous[target.count])
  }
}

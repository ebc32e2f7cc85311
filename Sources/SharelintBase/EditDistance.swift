/// The Levenshtein distance, for the spelling suggestions every layer makes ("did you mean …?").
public enum EditDistance {
  /// The number of insertions, deletions and substitutions that turn `source` into `target`.
  public static func levenshtein<Source: Collection, Target: Collection>(_ source: Source, _ target: Target) -> Int
  where Source.Element == Target.Element, Source.Element: Equatable {
    let a = Array(source)
    let b = Array(target)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      row[0] = i
      for j in 1...b.count {
        row[j] = Swift.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &row)
    }
    return previous[b.count]
  }
}

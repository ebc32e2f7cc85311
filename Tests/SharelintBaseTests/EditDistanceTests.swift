import SharelintBase
import TestSupport
import Testing

@Suite struct EditDistanceTests {
  @Test func levenshteinCountsInsertionsDeletionsAndSubstitutions() {
    #expect(EditDistance.levenshtein("kitten".utf8, "sitting".utf8) == 3)
    #expect(EditDistance.levenshtein("".utf8, "abc".utf8) == 3)
    #expect(EditDistance.levenshtein("abc".utf8, "abc".utf8) == 0)
    #expect(EditDistance.levenshtein("ab".utf8, "ba".utf8) == 2)
  }

  @Test func optimalStringAlignmentCountsASwapOfNeighboursAsOneEdit() {
    #expect(EditDistance.optimalStringAlignment(Array("ab".utf8), Array("ba".utf8), limit: 5) == 1)
    #expect(EditDistance.optimalStringAlignment(Array("public.jpge".utf8), Array("public.jpeg".utf8), limit: 3) == 1)
    // Optimal string alignment edits no substring twice: 'ca' → 'abc' is 3, not 2.
    #expect(EditDistance.optimalStringAlignment(Array("ca".utf8), Array("abc".utf8), limit: 5) == 3)
  }

  @Test func aLimitCapsTheAnswerAtOneMore() {
    #expect(EditDistance.levenshtein(Array("kitten"), Array("sitting"), limit: 2) == 3)
    #expect(EditDistance.levenshtein(Array("kitten"), Array("sitting"), limit: 3) == 3)
    #expect(EditDistance.levenshtein(Array("a"), Array("abcdefgh"), limit: 2) == 3)
    #expect(EditDistance.levenshtein([Character](), Array("abcdefgh"), limit: 2) == 3)
    #expect(EditDistance.optimalStringAlignment(Array("abcdef".utf8), Array("ghijkl".utf8), limit: 1) == 2)
    #expect(EditDistance.levenshtein(Array("abc"), Array("abd"), limit: Int.max - 1) == 1)
  }

  /// The banded computation a limit allows agrees with the full table (computed here the textbook way) on random
  /// short words, with and without swaps, under every small limit and none.
  @Test func theBandALimitAllowsAgreesWithTheFullTable() {
    func reference(_ a: [UInt8], _ b: [UInt8], swaps: Bool) -> Int {
      guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
      var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in 0...a.count { table[i][0] = i }
      for j in 0...b.count { table[0][j] = j }
      for i in 1...a.count {
        for j in 1...b.count {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
          if swaps, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
          }
        }
      }
      return table[a.count][b.count]
    }
    var generator = SeededGenerator(seed: 0xED17)
    for _ in 0..<3_000 {
      let a = (0..<Int.random(in: 0...8, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
      let b = (0..<Int.random(in: 0...8, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
      let swaps = Bool.random(using: &generator)
      let full = reference(a, b, swaps: swaps)
      for limit in [0, 1, 2, 3, Int.max - 1] {
        let found = swaps
          ? EditDistance.optimalStringAlignment(a, b, limit: limit) : EditDistance.levenshtein(a, b, limit: limit)
        #expect(found == min(full, limit + 1), "\(a) \(b) limit \(limit)")
      }
      if !swaps { #expect(EditDistance.levenshtein(a, b) == full) }
    }
  }
}

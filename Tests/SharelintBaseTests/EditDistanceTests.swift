import SharelintBase
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
}

import PredicateEvaluation
import Testing

/// SUBQUERY: the filtered array, its variable bound per element, nesting and shadowing.
@Suite struct SubqueryTests {
  let team = #"{"members": [{"name": "a", "score": 5, "skills": ["x"]}, {"name": "b", "score": 9, "skills": []},"#
    + #" {"name": "c", "score": 7, "skills": ["x", "y"]}]}"#

  @Test func returnsTheMatchingElements() throws {
    #expect(try value(of: "SUBQUERY(members, $m, $m.score > 6).name", on: team) == ["b", "c"])
    #expect(try value(of: "SUBQUERY(members, $m, $m.score > 100)", on: team) == [])
    #expect(try evaluate("SUBQUERY(members, $m, $m.score > 6).@count == 2", on: team))
  }

  @Test func elementIsAlsoSelfInsideTheSubquery() throws {
    #expect(try evaluate("SUBQUERY(members, $m, score > 6).@count == 2", on: team))
    #expect(try evaluate("SUBQUERY(members, $m, SELF.name == 'a').@count == 1", on: team))
  }

  @Test func nestedSubqueriesSeeOuterVariables() throws {
    let rule = "SUBQUERY(members, $m, SUBQUERY($m.skills, $s, $s == 'x' AND $m.score > 6).@count > 0).@count == 1"
    #expect(try evaluate(rule, on: team))
  }

  @Test func subqueryVariableShadowsABinding() throws {
    #expect(
      try evaluate("SUBQUERY(members, $m, $m.score == 9).@count == 1 AND $m == 'outer'", on: team,
                   bindings: ["m": "outer"]))
  }

  @Test func missingCollectionIsEmptyAndScalarIsAnError() throws {
    #expect(try evaluate("SUBQUERY(nothing, $m, $m == 1).@count == 0", on: team))
    try expectEvaluationError("SUBQUERY(members[0].name, $m, $m == 1).@count == 0", on: team, .typeMismatch,
                              at: "members[0].name")
  }
}

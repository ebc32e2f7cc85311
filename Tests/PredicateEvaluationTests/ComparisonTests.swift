import PredicateEvaluation
import Testing

/// `==`, `!=`, ordering, BETWEEN, IN, CONTAINS and the ANY / ALL / NONE modifiers.
@Suite struct ComparisonTests {
  @Test func numbersCompareByValueAcrossIntegerAndDouble() throws {
    #expect(try evaluate("1 == 1.0"))
    #expect(try evaluate("2 > 1.5"))
    #expect(try evaluate("-3 < -2"))
    #expect(try evaluate("n == 10", on: #"{"n": 10.0}"#))
    #expect(try evaluate("n >= 9.99", on: #"{"n": 10}"#))
    #expect(try evaluate("9007199254740993 > 9007199254740992"))
    #expect(try !evaluate("1 != 1.0"))
    #expect(try evaluate("0x10 == 16"))
  }

  @Test func booleansAreNumbers() throws {
    #expect(try evaluate("flag == YES", on: #"{"flag": true}"#))
    #expect(try evaluate("flag == 1", on: #"{"flag": true}"#))
    #expect(try evaluate("flag == FALSE", on: #"{"flag": false}"#))
    #expect(try !evaluate("flag == 'true'", on: #"{"flag": true}"#))
  }

  @Test func nullEqualsOnlyNull() throws {
    #expect(try evaluate("x == nil", on: #"{"x": null}"#))
    #expect(try evaluate("missing == NULL"))
    #expect(try !evaluate("x == nil", on: #"{"x": 0}"#))
    #expect(try evaluate("x != nil", on: #"{"x": ""}"#))
    #expect(try !evaluate("missing < 3"))
    #expect(try !evaluate("missing >= 3"))
  }

  @Test func stringsCompareWithOptions() throws {
    #expect(try evaluate("'abc' == 'abc'"))
    #expect(try !evaluate("'abc' == 'ABC'"))
    #expect(try evaluate("'abc' ==[c] 'ABC'"))
    #expect(try evaluate("'café' ==[d] 'cafe'"))
    #expect(try evaluate("'CAFÉ' ==[cd] 'cafe'"))
    #expect(try evaluate("'straße' ==[c] 'STRASSE'"))
    #expect(try evaluate("'apple' < 'banana'"))
    #expect(try evaluate("'Apple' <[c] 'apple2'"))
    #expect(try !evaluate("'1' == 1"))
  }

  @Test func arraysCompareElementWise() throws {
    #expect(try evaluate("tags == {'a', 'b'}", on: #"{"tags": ["a", "b"]}"#))
    #expect(try !evaluate("tags == {'b', 'a'}", on: #"{"tags": ["a", "b"]}"#))
    #expect(try evaluate("tags ==[c] {'A', 'B'}", on: #"{"tags": ["a", "b"]}"#))
    #expect(try evaluate("{1, 2.0} == {1.0, 2}"))
    #expect(try evaluate("d == e", on: #"{"d": {"k": [1]}, "e": {"k": [1.0]}}"#))
  }

  @Test func orderingMismatchesAreErrors() throws {
    try expectEvaluationError("name < 3", on: #"{"name": "x"}"#, .typeMismatch, at: "name < 3")
    try expectEvaluationError("list > 0", on: #"{"list": []}"#, .typeMismatch, at: "list > 0")
  }

  @Test func between() throws {
    #expect(try evaluate("5 BETWEEN {1, 10}"))
    #expect(try evaluate("1 BETWEEN {1, 10}"))
    #expect(try evaluate("10 BETWEEN {1, 10}"))
    #expect(try !evaluate("10.5 BETWEEN {1, 10}"))
    #expect(try evaluate("'m' BETWEEN {'a', 'z'}"))
    #expect(try evaluate("$x BETWEEN {$lo, $hi}", bindings: ["x": 3, "lo": 2.5, "hi": 4]))
    #expect(try !evaluate("missing BETWEEN {1, 10}"))
    try expectEvaluationError("5 BETWEEN {1, 2, 3}", .typeMismatch, at: "{1, 2, 3}")
    try expectEvaluationError("5 BETWEEN 3", .typeMismatch, at: "3")
  }

  @Test func inLooksInArraysDictionaryValuesAndStrings() throws {
    #expect(try evaluate("'b' IN {'a', 'b'}"))
    #expect(try !evaluate("'c' IN {'a', 'b'}"))
    #expect(try evaluate("'B' IN[c] {'a', 'b'}"))
    #expect(try evaluate("2 IN {1.0, 2.0}"))
    #expect(try evaluate("'Lon' IN city", on: #"{"city": "London"}"#))
    #expect(try evaluate("'lon' IN[c] city", on: #"{"city": "London"}"#))
    #expect(try evaluate("'v' IN d", on: #"{"d": {"k": "v"}}"#))
    #expect(try !evaluate("'k' IN d", on: #"{"d": {"k": "v"}}"#))
    #expect(try !evaluate("1 IN missing"))
    try expectEvaluationError("1 IN 2", .typeMismatch, at: "2")
    try expectEvaluationError("1 IN 'one'", .typeMismatch, at: "1")
  }

  @Test func containsLooksInCollectionsAndStrings() throws {
    #expect(try evaluate("tags CONTAINS 'b'", on: #"{"tags": ["a", "b"]}"#))
    #expect(try !evaluate("tags CONTAINS 'B'", on: #"{"tags": ["a", "b"]}"#))
    #expect(try evaluate("tags CONTAINS[c] 'B'", on: #"{"tags": ["a", "b"]}"#))
    #expect(try evaluate("name CONTAINS 'ond'", on: #"{"name": "London"}"#))
    #expect(try evaluate("name CONTAINS ''", on: #"{"name": "London"}"#))
    #expect(try evaluate("name CONTAINS[cd] 'ÓND'", on: #"{"name": "London"}"#))
    #expect(try !evaluate("missing CONTAINS 'x'"))
    try expectEvaluationError("5 CONTAINS 1", .typeMismatch, at: "5")
  }

  @Test func anyAllNone() throws {
    let json = #"{"scores": [3, 7, 9], "empty": []}"#
    #expect(try evaluate("ANY scores > 8", on: json))
    #expect(try evaluate("SOME scores > 8", on: json))
    #expect(try !evaluate("ALL scores > 8", on: json))
    #expect(try evaluate("ALL scores > 2", on: json))
    #expect(try evaluate("NONE scores > 9", on: json))
    #expect(try !evaluate("NONE scores > 8", on: json))
    #expect(try evaluate("ALL empty > 100", on: json))
    #expect(try !evaluate("ANY empty > 0", on: json))
    #expect(try evaluate("NONE empty > 0", on: json))
    #expect(try evaluate("NOT ANY scores == 4", on: json))
    #expect(try evaluate("ANY scores IN {9, 10}", on: json))
    #expect(try !evaluate("ANY missing == 1", on: json))
  }

  @Test func aggregateModifiersNeedACollection() throws {
    let error = try expectEvaluationError("ANY name == 'x'", on: #"{"name": "x"}"#, .typeMismatch, at: "name")
    #expect(error?.message == "'ANY' needs a collection on its left, found a string")
    try expectEvaluationError("ALL 5 > 1", .typeMismatch, at: "5")
  }

  @Test func compoundPredicates() throws {
    #expect(try evaluate("TRUEPREDICATE"))
    #expect(try !evaluate("FALSEPREDICATE"))
    #expect(try evaluate("1 == 1 AND (2 == 3 OR 4 == 4)"))
    #expect(try !evaluate("NOT (1 == 1)"))
    #expect(try evaluate("1 == 2 OR 1 == 3 OR 1 == 1"))
  }

  @Test func shortCircuitSkipsErrorsLikeNSPredicate() throws {
    #expect(try !evaluate("FALSEPREDICATE AND 'a' < 1"))
    #expect(try evaluate("TRUEPREDICATE OR 'a' < 1"))
  }
}

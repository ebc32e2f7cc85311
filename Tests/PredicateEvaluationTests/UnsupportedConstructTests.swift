import PredicateEvaluation
import Testing

/// What the evaluator refuses, each with a clear message at the node.
@Suite struct UnsupportedConstructTests {
  @Test func placeholdersMustBeSubstituted() throws {
    let error = try expectEvaluationError("name == %@", .unsupported, at: "%@")
    #expect(error?.message.hasPrefix("unsubstituted placeholder '%@'") == true)
    try expectEvaluationError("%K == 1", .unsupported, at: "%K")
  }

  @Test func constructsNotEvaluated() throws {
    try expectEvaluationError("ANYKEY == 1", .unsupported, at: "ANYKEY")
    try expectEvaluationError("FUNCTION(SELF, 'description') == 'x'", .unsupported,
                              at: "FUNCTION(SELF, 'description')")
    try expectEvaluationError("CAST('1', 'NSNumber') == 1", .unsupported, at: "CAST('1', 'NSNumber')")
    try expectEvaluationError("FETCH(x, y, NO) == nil", .unsupported, at: "FETCH(x, y, NO)")
    let error = try expectEvaluationError("1 == 1 AND ANYKEY == 1", .unsupported, at: "ANYKEY")
    #expect(error?.message == "'ANYKEY' is not supported in evaluation")
  }

  @Test func deepNestingEvaluatesWithoutExhaustingTheStack() throws {
    let depth = 250  // within the parser's 256 levels, as it descends and as the tree's height
    let predicate = String(repeating: "NOT (", count: depth) + "1 == 1" + String(repeating: ")", count: depth)
    #expect(try evaluate(predicate) == (depth % 2 == 0))
    let expression = String(repeating: "(1 + ", count: depth) + "0" + String(repeating: ")", count: depth)
    #expect(try value(of: expression) == .integer(Int64(depth)))
  }

  @Test func errorsNeverEscapeAsCrashes() throws {
    // A grab-bag of mismatches: each must throw an EvaluationError, never trap.
    let predicates = [
      "{1} < {2}", "'a' BETWEEN {1, 2}", "SELF.x.y.z == 1", "1 MATCHES 'a'", "SUBQUERY(5, $x, $x == 1).@count == 0",
      "abs(nil) == 1", "x[1.5] == 1", "ALL 'abc' == 'a'", "now(1) == 1", "length(5) == 1",
    ]
    for predicate in predicates {
      let tree = try parsedPredicate(predicate)
      #expect(throws: EvaluationError.self, "\(predicate)") {
        try PredicateEvaluator().evaluate(tree, on: ["x": [1, 2, 3], "SELF": 1])
      }
    }
  }
}

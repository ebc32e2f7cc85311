import PredicateEvaluation
import PredicateSyntax
import SharelintBase
import Testing

/// Evaluation of predicates shaped to exhaust the stack or the clock (issue 26): the deepest trees the
/// parser builds, nested loops over long arrays, quadratic set operations and substring searches,
/// backtracking patterns. Each gives its answer or a located error.
@Suite struct AttackerSizedEvaluationTests {
  /// The tree of the largest `count` for which `text(count)` parses (it must for 1, not for the bound).
  static func deepest(_ text: (Int) -> String) throws -> PredicateNode {
    var low = 1
    var high = PredicateParser.maximumNesting
    while high - low > 1 {
      let middle = (low + high) / 2
      if PredicateParser.parse(text(middle)).isValid { low = middle } else { high = middle }
    }
    return try #require(PredicateParser.parse(text(low)).predicate)
  }

  @Test func theDeepestTreesEvaluate() throws {
    let evaluator = PredicateEvaluator()
    let object = try EvaluationValue(json: #"{"a": 1, "b": 1, "x": [1, 2]}"#)
    let additions = try Self.deepest { "a == 1" + String(repeating: " + 0", count: $0) }
    #expect(try evaluator.evaluate(additions, on: object))
    let minus = try Self.deepest { "a == " + String(repeating: "-", count: 2 * ($0 / 2)) + "1" }
    #expect(try evaluator.evaluate(minus, on: object))
    let nots = try Self.deepest { String(repeating: "NOT ", count: 2 * ($0 / 2)) + "a == 1" }
    #expect(try evaluator.evaluate(nots, on: object))
    let calls = try Self.deepest {
      "a == " + String(repeating: "abs(", count: $0) + "1" + String(repeating: ")", count: $0)
    }
    #expect(try evaluator.evaluate(calls, on: object))
    let ternaries = try Self.deepest {
      "a == " + String(repeating: "TERNARY(b == 1, ", count: $0) + "1" + String(repeating: ", 2)", count: $0)
    }
    #expect(try evaluator.evaluate(ternaries, on: object))
    let subqueries = try Self.deepest {
      String(repeating: "SUBQUERY({1}, $v, ", count: $0) + "$v == 1" + String(repeating: ").@count > 0", count: $0)
    }
    #expect(try evaluator.evaluate(subqueries, on: object))
    let aggregates = try Self.deepest {
      "{" + String(repeating: "{", count: $0) + String(repeating: "}", count: $0) + "} == a"
    }
    #expect(try !evaluator.evaluate(aggregates, on: object))
  }

  @Test func keyPathsMapThroughTheDeepestJSON() throws {
    let depth = EvaluationValue.maximumJSONNesting - 1
    let json = "{\"a\": " + String(repeating: "[", count: depth - 1) + "{\"b\": 1}"
      + String(repeating: "]", count: depth - 1) + "}"
    let object = try EvaluationValue(json: json)
    var expected: EvaluationValue = 1
    for _ in 0..<depth - 1 { expected = [expected] }
    #expect(try PredicateEvaluator().value(of: try #require(Self.keyPath("a.b")), on: object) == expected)
    let operators = try #require(PredicateParser.parse("a" + String(repeating: ".@count", count: 5_000) + " == 1")
      .predicate)
    #expect(try !PredicateEvaluator().evaluate(operators, on: EvaluationValue(json: "{}")))
    try expectEvaluationError(
      "a.@count.@count == 1", on: #"{"a": [1]}"#, .typeMismatch, at: "@count")
  }

  /// The left side of `text == 1`.
  static func keyPath(_ text: String) -> ExpressionNode? {
    guard case .comparison(let comparison) = PredicateParser.parse(text + " == 1").predicate?.kind else { return nil }
    return comparison.left
  }

  @Test func nestedLoopsOverLongArraysStopAtTheBudget() throws {
    let list = "{" + (0..<300).map(String.init).joined(separator: ", ") + "}"
    let rule = "SUBQUERY(\(list), $x, SUBQUERY(\(list), $y, SUBQUERY(\(list), $z, $z == -1).@count > 0).@count > 0)"
      + ".@count > 0"
    let tree = try parsedPredicate(rule)
    var budget = EvaluationBudget(steps: 200_000)
    do {
      _ = try PredicateEvaluator().evaluate(tree, on: [:], budget: &budget)
      Issue.record("300³ steps within 200,000")
    } catch {
      #expect(error.kind == .tooComplex)
      #expect(error.message == "evaluating the rule takes more than 200000 steps; sharelint stops there")
      #expect(error.range.end <= rule.utf8.count)
    }
    #expect(budget.isExhausted)
    // A shared budget, once spent, stops the next evaluation at once.
    #expect(throws: EvaluationError.self) { try PredicateEvaluator().evaluate(tree, on: [:], budget: &budget) }
    // The same rule with short arrays fits a small budget, and each evaluation has its own by default.
    var small = EvaluationBudget(steps: 200_000)
    #expect(try !PredicateEvaluator().evaluate(
      try parsedPredicate(rule.replacingOccurrences(of: list, with: "{1, 2}")), on: [:], budget: &small))
    #expect(!small.isExhausted)
    let membership = try parsedPredicate("SUBQUERY(\(list), $x, $x IN \(list)).@count == 300")
    var enough = EvaluationBudget(steps: 1_000_000)
    #expect(try PredicateEvaluator().evaluate(membership, on: [:], budget: &enough))
    var tooLittle = EvaluationBudget(steps: 50_000)
    #expect(throws: EvaluationError.self) {
      try PredicateEvaluator().evaluate(membership, on: [:], budget: &tooLittle)
    }
  }

  @Test func distinctUnionsAndSetOperationsOnLongArraysKeepTheirMeaning() throws {
    let count = 20_000
    let repeated = "{" + (0..<count).map { "\($0 % 1_000)" }.joined(separator: ", ") + "}"
    #expect(try value(of: "count(\(repeated).@distinctUnionOfObjects)") == .integer(1_000))
    #expect(try value(of: "\(repeated) UNION \(repeated)") == .array((0..<1_000).map { .integer(Int64($0)) }))
    #expect(try value(of: "\(repeated) MINUS {0, 1.0, 2}").arrayCount == 997)
    #expect(try value(of: "\(repeated) INTERSECT {999, 1000, 998.0}") == [998, 999])
    // Numbers equal by value are one, whatever their spelling; arrays and dictionaries compare by content.
    #expect(try value(of: "{1, 1.0, TRUE, 2, 'a', 'a', {1}, {1.0}, NULL}.@distinctUnionOfObjects")
      == [1, 2, "a", [1]])
    #expect(try value(of: "mode({1, 1.0, 2, 2, 3})") == [1, 2])
    // Two integers one Double cannot tell apart are still two.
    #expect(try value(of: "{9007199254740993} MINUS {9007199254740992}") == [9_007_199_254_740_993])
    #expect(try value(of: "{9007199254740993, 9007199254740992}.@distinctUnionOfObjects").arrayCount == 2)
  }

  @Test func substringSearchIsLinearAndCorrect() throws {
    let haystack = String(repeating: "a", count: 100_000)
    let needle = String(repeating: "a", count: 50_000) + "b"
    #expect(try !evaluate("'\(haystack)' CONTAINS '\(needle)'"))
    #expect(try evaluate("'\(haystack)b' CONTAINS '\(needle)'"))
    /// Every string of a and b up to `length` letters.
    func words(upTo length: Int) -> [String] {
      (0...length).flatMap { size in
        (0..<(1 << size)).map { bits in String((0..<size).map { bits >> $0 & 1 == 0 ? "a" : "b" }) }
      }
    }
    let parts = words(upTo: 3)
    let tree = try parsedPredicate("SELF CONTAINS $part")
    for text in words(upTo: 6) {
      let found = parts.map { part in part.isEmpty || text.contains(part) }
      for (part, expected) in zip(parts, found) {
        let evaluator = PredicateEvaluator(bindings: ["part": .string(part)])
        #expect(try evaluator.evaluate(tree, on: .string(text)) == expected, "'\(text)' CONTAINS '\(part)'")
      }
    }
  }

  @Test func aBacktrackingPatternGivesUpWithALocatedError() throws {
    let subject = String(repeating: "a", count: 40)
    let error = try expectEvaluationError("'\(subject)' MATCHES '(a|a)*[bc]'", .invalidPattern, at: "MATCHES")
    #expect(error?.message.contains("match limit") == true)
  }
}

extension EvaluationValue {
  /// The number of elements of an array, -1 for anything else.
  fileprivate var arrayCount: Int {
    if case .array(let elements) = self { return elements.count }
    return -1
  }
}

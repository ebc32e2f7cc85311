import PredicateEvaluation
import Testing

/// Arithmetic, functions, TERNARY, array literals and set operations.
@Suite struct ExpressionTests {
  @Test func arithmetic() throws {
    #expect(try value(of: "1 + 2 * 3") == 7)
    #expect(try value(of: "(1 + 2) * 3") == 9)
    #expect(try value(of: "7 - 10") == -3)
    #expect(try value(of: "7 / 2") == 3.5)
    #expect(try value(of: "2 ** 10") == 1024.0)
    #expect(try value(of: "1.5 + 1") == 2.5)
    #expect(try value(of: "-n", on: #"{"n": 4}"#) == -4)
    #expect(try value(of: "9223372036854775807 + 1") == .double(9223372036854775808.0))
    #expect(try evaluate("price * quantity > 100", on: #"{"price": 12.5, "quantity": 9}"#))
  }

  @Test func arithmeticErrors() throws {
    try expectEvaluationError("1 / 0 == 1", .arithmetic, at: "0")
    try expectEvaluationError("'a' + 1 == 1", .typeMismatch, at: "'a'")
    try expectEvaluationError("1 * missing == 1", .typeMismatch, at: "missing")
    try expectEvaluationError("-name == 1", on: #"{"name": "x"}"#, .typeMismatch, at: "name")
  }

  @Test func listFunctionsUnderPlainAndSelectorNames() throws {
    let json = #"{"v": [4, 1, 3, 2, 2]}"#
    #expect(try value(of: "sum(v)", on: json) == 12)
    #expect(try value(of: "sum:(v)", on: json) == 12)
    #expect(try value(of: "count(v)", on: json) == 5)
    #expect(try value(of: "count:(v)", on: json) == 5)
    #expect(try value(of: "min(v)", on: json) == 1)
    #expect(try value(of: "max:(v)", on: json) == 4)
    #expect(try value(of: "average(v)", on: json) == 2.4)
    #expect(try value(of: "median(v)", on: json) == 2.0)
    #expect(try value(of: "median({1, 2, 3, 4})") == 2.5)
    #expect(try value(of: "mode(v)", on: json) == [2])
    #expect(try value(of: "mode:({1, 1, 2, 2, 3})") == [1, 2])
    #expect(try value(of: "stddev({2, 4, 4, 4, 5, 5, 7, 9})") == 2.0)
    #expect(try value(of: "sum(1, 2, 3)") == 6)
    #expect(try value(of: "SUM({1, 2})") == 3)
  }

  @Test func numericFunctions() throws {
    #expect(try value(of: "sqrt(16)") == 4.0)
    #expect(try value(of: "log(1000)") == 3.0)
    #expect(try value(of: "ln(1)") == 0.0)
    #expect(try value(of: "exp(0)") == 1.0)
    #expect(try value(of: "floor(2.7)") == 2.0)
    #expect(try value(of: "ceiling:(2.1)") == 3.0)
    #expect(try value(of: "trunc(-2.7)") == -2.0)
    #expect(try value(of: "abs(-5)") == 5)
    #expect(try value(of: "abs:(-5.5)") == 5.5)
    #expect(try value(of: "modulus:by:(10, 3)") == 1)
    #expect(try value(of: "modulus:by:(10.5, 3)") == 1.5)
    #expect(try value(of: "add:to:(2, 3)") == 5)
    #expect(try value(of: "from:subtract:(10, 4)") == 6)
    #expect(try value(of: "multiply:by:(6, 7)") == 42)
    #expect(try value(of: "divide:by:(1, 4)") == 0.25)
    #expect(try value(of: "raise:toPower:(2, 3)") == 8.0)
    #expect(try value(of: "bitwiseAnd:with:(6, 3)") == 2)
    #expect(try value(of: "onesComplement:(0)") == -1)
  }

  @Test func stringFunctions() throws {
    #expect(try value(of: "uppercase('abc')") == "ABC")
    #expect(try value(of: "lowercase:('ÀB')") == "àb")
    #expect(try value(of: "length('naïve')") == 5)
    #expect(try value(of: "length('😀')") == 2, "length counts UTF-16 units, as NSString")
    #expect(try evaluate("length(name) > 3", on: #"{"name": "Grace"}"#))
  }

  @Test func nowIsTheCurrentTime() throws {
    guard case .double(let seconds) = try value(of: "now()") else {
      Issue.record("now() did not give a number")
      return
    }
    #expect(seconds > 1_700_000_000)
  }

  @Test func functionErrors() throws {
    try expectEvaluationError("frobnicate(1) == 1", .invalidFunction, at: "frobnicate(1)")
    try expectEvaluationError("sqrt(1, 2) == 1", .invalidFunction, at: "sqrt(1, 2)")
    try expectEvaluationError("sqrt('x') == 1", .typeMismatch, at: "'x'")
    try expectEvaluationError("sum('x') == 1", .typeMismatch, at: "'x'")
    try expectEvaluationError("sum({1, 'x'}) == 1", .typeMismatch, at: "sum({1, 'x'})")
    try expectEvaluationError("modulus:by:(1, 0) == 1", .arithmetic, at: "0")
    try expectEvaluationError("uppercase(1) == 1", .typeMismatch, at: "1")
    try expectEvaluationError("random() == 1", .unsupported, at: "random()")
    try expectEvaluationError("onesComplement:(1e300) == 1", .typeMismatch, at: "1e300")
    try expectEvaluationError("bitwiseOr:with:(1, 0.5) == 1", .typeMismatch, at: "0.5")
  }

  @Test func ternaryPicksABranch() throws {
    #expect(try value(of: "TERNARY(n > 1, 'big', 'small')", on: #"{"n": 5}"#) == "big")
    #expect(try value(of: "TERNARY(n > 1, 'big', 'small')", on: #"{"n": 0}"#) == "small")
    #expect(try evaluate("TERNARY(kind == 'a', x, y) == 2", on: #"{"kind": "b", "x": 1, "y": 2}"#))
  }

  @Test func arrayLiteralsAndSetOperations() throws {
    #expect(try value(of: "{1, 'two', nil, {3}}") == [1, "two", nil, [3]])
    #expect(try value(of: "{}") == [])
    #expect(try value(of: "{1, 2} UNION {2, 3}") == [1, 2, 3])
    #expect(try value(of: "{1, 2, 3} INTERSECT {3, 2.0, 9}") == [2, 3])
    #expect(try value(of: "{1, 2, 3} MINUS {2}") == [1, 3])
    try expectEvaluationError("({1} UNION 2) == nil", .typeMismatch, at: "2")
  }
}

import PredicateEvaluation
import PredicateSyntax
import Testing

/// BEGINSWITH, ENDSWITH, LIKE and MATCHES, with the [c] [d] [n] [l] options and Unicode text.
@Suite struct StringOperatorTests {
  @Test func beginsAndEndsWith() throws {
    #expect(try evaluate("'public.jpeg' BEGINSWITH 'public.'"))
    #expect(try !evaluate("'public.jpeg' BEGINSWITH 'Public.'"))
    #expect(try evaluate("'public.jpeg' BEGINSWITH[c] 'PUBLIC.'"))
    #expect(try evaluate("'public.jpeg' ENDSWITH 'jpeg'"))
    #expect(try evaluate("'Crème' ENDSWITH[d] 'eme'"))
    #expect(try evaluate("'Crème' BEGINSWITH[cd] 'CRE'"))
    #expect(try evaluate("'x' BEGINSWITH ''"))
    #expect(try !evaluate("'x' ENDSWITH 'xx'"))
    #expect(try !evaluate("missing BEGINSWITH 'a'"))
    #expect(try evaluate("'abc' BEGINSWITH[n] 'ab' AND 'abc' ENDSWITH[l] 'bc'"))
  }

  @Test func likeWildcards() throws {
    #expect(try evaluate("'public.jpeg' LIKE 'public.*'"))
    #expect(try evaluate("'public.jpeg' LIKE '*.jp?g'"))
    #expect(try !evaluate("'public.jpeg' LIKE 'public'"))
    #expect(try evaluate("'' LIKE '*'"))
    #expect(try !evaluate("'' LIKE '?'"))
    #expect(try evaluate("'a.b' LIKE 'a.b'"))
    #expect(try !evaluate("'axb' LIKE 'a.b'"), "'.' is literal in LIKE")
    #expect(try evaluate("'(x)+[y]' LIKE '(x)+[y]'"), "regex metacharacters are literal in LIKE")
    #expect(try evaluate(#"'a*b' LIKE 'a\\*b'"#), "a backslash escapes the wildcard")
    #expect(try !evaluate(#"'axxb' LIKE 'a\\*b'"#))
    #expect(try evaluate("'line\none' LIKE 'line*'"), "'*' crosses line breaks")
  }

  @Test func likeIsUnicodeAware() throws {
    #expect(try evaluate("'naïve' LIKE 'na?ve'"), "'?' is one character, not one byte")
    #expect(try evaluate("'😀x' LIKE '?x'"))
    #expect(try evaluate("'NAÏVE' LIKE[c] 'naïve'"))
    #expect(try evaluate("'naïve' LIKE[d] 'naive'"))
    #expect(try evaluate("'NAÏVE' LIKE[cd] 'na*e'"))
    #expect(try !evaluate("'NAÏVE' LIKE 'naive'"))
    #expect(try evaluate("'STRASSE' LIKE[c] 'straße'"))
  }

  @Test func matchesIsAnchoredRegularExpression() throws {
    #expect(try evaluate("'public.jpeg' MATCHES 'public\\\\.[a-z]+'"))
    #expect(try !evaluate("'public.jpeg' MATCHES 'jpeg'"), "MATCHES must match the whole string")
    #expect(try !evaluate("'xpublic.jpeg' MATCHES 'public.*'"))
    #expect(try evaluate("'abc' MATCHES 'a|abc'"), "the anchor applies to every alternative")
    #expect(try evaluate("'Ünïcödé' MATCHES '\\\\w+'"), "\\w is Unicode-aware")
    #expect(try evaluate("'ÄBC' MATCHES[c] 'äbc'"))
    #expect(try evaluate("'résumé' MATCHES[d] 'resume'"))
    #expect(try evaluate("'RÉSUMÉ' MATCHES[cd] 'res.me'"))
    #expect(try evaluate("'2024' MATCHES '\\\\d{4}'"))
  }

  @Test func invalidPatternIsAnErrorAtThePattern() throws {
    let error = try expectEvaluationError("'x' MATCHES '(unclosed'", .invalidPattern, at: "'(unclosed'")
    #expect(error?.message.contains("missing closing parenthesis") == true)
    try expectEvaluationError("'x' MATCHES '[z-a]'", .invalidPattern, at: "'[z-a]'")
    try expectEvaluationError("'x' MATCHES '*'", .invalidPattern, at: "'*'")
  }

  @Test func stringOperatorsNeedStrings() throws {
    try expectEvaluationError("5 BEGINSWITH '5'", .typeMismatch, at: "5")
    try expectEvaluationError("'5' LIKE 5", .typeMismatch, at: "5")
    let error = try expectEvaluationError(
      "names MATCHES 'a'", on: #"{"names": ["a"]}"#, .typeMismatch, at: "names")
    #expect(error?.message.contains("ANY") == true)
    #expect(try evaluate("ANY names MATCHES 'a'", on: #"{"names": ["b", "a"]}"#))
  }

  @Test func patternsAreCompiledOncePerPatternAndOptions() throws {
    let evaluator = PredicateEvaluator()
    let tree = try parsedPredicate("ANY names LIKE[c] 'a*' OR ANY names MATCHES 'b.' OR ANY names LIKE[c] 'a*'")
    for names in [["x"], ["ab"], ["bc", "ay"], []] {
      _ = try evaluator.evaluate(tree, on: ["names": .array(names.map(EvaluationValue.string))])
    }
    #expect(evaluator.compiledPatternCount == 2)
    let copy = evaluator
    _ = try copy.evaluate(tree, on: ["names": ["zz"]])
    #expect(evaluator.compiledPatternCount == 2, "copies share the cache")
  }

  @Test func evaluatorIsUsableFromManyThreads() async throws {
    let evaluator = PredicateEvaluator()
    let tree = try parsedPredicate("name MATCHES[c] 'item-[0-9]+' AND name LIKE '*-?*'")
    let results = try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<32 {
        group.addTask { try evaluator.evaluate(tree, on: ["name": .string("Item-\(index)")]) }
      }
      var all: [Bool] = []
      for try await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 32 && results.allSatisfy { $0 })
  }
}

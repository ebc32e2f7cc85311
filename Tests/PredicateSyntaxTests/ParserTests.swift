import PredicateSyntax
import Testing

@Suite struct ParserTests {
  @Test func appleActivationRuleExample() throws {
    let text = """
      SUBQUERY (
          extensionItems,
          $extensionItem,
          SUBQUERY (
              $extensionItem.attachments,
              $attachment,
              ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"
          ).@count == $extensionItem.attachments.@count
      ).@count == 1
      """
    let predicate = try parsed(text)
    guard case .comparison(let outer) = predicate.kind, case .keyPath(let base?, let components) = outer.left.kind,
      case .subquery(let collection, let variable, _, let inner) = base.kind
    else {
      Issue.record("unexpected shape: \(predicate)")
      return
    }
    #expect(components.map(\.name) == ["@count"])
    #expect(variable == "extensionItem")
    #expect(slice(text, collection.range) == "extensionItems")
    #expect(outer.right.kind == .constant(.integer(1)))
    #expect(slice(text, inner.range).hasPrefix("SUBQUERY ("))
  }

  @Test func andBindsTighterThanOr() throws {
    let predicate = try parsed("a == 1 OR b == 2 AND c == 3")
    guard case .or(let operands) = predicate.kind else {
      Issue.record("expected OR at the top")
      return
    }
    #expect(operands.count == 2)
    if case .and(let inner) = operands[1].kind { #expect(inner.count == 2) } else { Issue.record("expected AND") }
  }

  /// Apple's parser accepts a key path made of format arguments; `%K` is the only placeholder that is a key.
  @Test func percentKStandsForAKeyInAKeyPath() throws {
    let text = "%K.%K BEGINSWITH 'a'"
    let predicate = try parsed(text)
    guard case .comparison(let comparison) = predicate.kind,
      case .keyPath(let base, let components) = comparison.left.kind
    else {
      Issue.record("expected a comparison of a key path, got \(predicate.kind)")
      return
    }
    if case .placeholder("%K")? = base?.kind {} else { Issue.record("the base is not the placeholder %K") }
    #expect(components.map(\.name) == ["%K"])
    #expect(components.allSatisfy { $0.isPlaceholder })
    #expect(slice(text, components[0].range) == "%K")
    #expect(!PredicateParser.parse("a.%@ == 1").isValid)
  }

  @Test func chainsAreFlatAndParenthesesAssociate() throws {
    let chain = try parsed("a == 1 AND b == 2 AND c == 3")
    let grouped = try parsed("(a == 1 AND b == 2) AND c == 3")
    #expect(chain.isStructurallyEqual(to: grouped))
    if case .and(let operands) = chain.kind { #expect(operands.count == 3) } else { Issue.record("expected AND") }
  }

  @Test func everyNodeRangeCoversItsText() throws {
    let text = "NOT (ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO[c] 'public.image') && x.@count[LAST] >= -2"
    let predicate = try parsed(text)
    #expect(slice(text, predicate.range) == text)
    guard case .and(let operands) = predicate.kind, case .not(let negated) = operands[0].kind,
      case .comparison(let comparison) = negated.kind, case .comparison(let second) = operands[1].kind
    else {
      Issue.record("unexpected shape")
      return
    }
    #expect(slice(text, operands[0].range) == "NOT (ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO[c] 'public.image')")
    #expect(slice(text, comparison.operatorRange) == "UTI-CONFORMS-TO[c]")
    #expect(comparison.options == .caseInsensitive)
    #expect(comparison.modifierRange.map { slice(text, $0) } == "ANY")
    #expect(slice(text, comparison.left.range) == "$a.registeredTypeIdentifiers")
    #expect(slice(text, comparison.right.range) == "'public.image'")
    #expect(slice(text, second.left.range) == "x.@count[LAST]")
    #expect(slice(text, second.right.range) == "-2")
  }

  @Test func parenthesizedExpressionsAreNotPredicates() throws {
    #expect(try formatted("(a + b) * 2 > (c)") == "(a + b) * 2 > c")
    #expect(try formatted("((a == 1))") == "a == 1")
    #expect(try formatted("(a).b == 1") == "a.b == 1")
    #expect(try formatted("(a UNION b).@count == 2") == "(a UNION b).@count == 2")
  }

  @Test func theWholeLanguage() throws {
    let accepted = [
      "TRUEPREDICATE", "falsepredicate", "NOT a == 1", "! (a == 1)", "a = 1 || b <> 2 && c =< 3 AND d => 4",
      "name BEGINSWITH[cd] 'a'", "name ENDSWITH[n] \"z\"", "name LIKE[cdnl] 'a?c*'", "name MATCHES '^[a-z]+$'",
      "age BETWEEN {18, 65}", "'x' IN tags", "tags CONTAINS 'x'", "ALL kids.age > 10", "NONE kids.age > 10",
      "SOME kids.age > 10", "SELF == %@", "%K == %d", "SELF.name == nil", "a == YES AND b == NO AND c == NULL",
      "@count > 0", "a.@sum.price > 10.5", "a.@distinctUnionOfObjects.name.@count == 1", "#IN == 1",
      "items[0] == 1", "items[FIRST] == items[LAST]", "items[SIZE] == 3", "dict['key'] == 1",
      "2 ** 3 ** 2 == 64", "-a == -(b + 1)", "sum(a, b) == 3", "now() > date", "modulus:by:(10, 3) == 1",
      "FUNCTION(SELF, 'lengthOfString:', name) > 3", "TERNARY(a == 1, 'x', 'y') == 'x'",
      "CAST('2026-01-01', 'NSDate') < now()", "($x := 5) == 5", "a UNION b INTERSECT c MINUS d == {}",
      "ANYKEY == 1", "FETCH(a, b, c) == 1", "#uti == 1 OR x UTI-CONFORMS-TO 'x'",
      "$attachment.registeredTypeIdentifiers UTI-EQUALS \"public.png\"",
      "{} == {1, 'a', {2}}", "a == 0x1F AND b == 0o17 AND c == 0b1010 AND d == 9.2e-5",
      "é.ü == 'ö'",
    ]
    for text in accepted { _ = try parsed(text) }
  }

  @Test func rejectsWhatApplesParserRejects() {
    expectDiagnostic("age 1️⃣=== 25", .tripleEquals)
    expectDiagnostic("(1️⃣)", .expectedPredicate)
    expectDiagnostic("1️⃣,", .expectedPredicate)
    expectDiagnostic("1️⃣", .emptyPredicate)
    expectDiagnostic("1️⃣   \n\t", .emptyPredicate)
    expectDiagnostic("anyCol 1️⃣CONATINS 0", .expectedComparisonOperator)
    expectDiagnostic("a ==1️⃣", .expectedExpression)
    expectDiagnostic("a == 1 AND1️⃣", .expectedPredicate)
    expectDiagnostic("NOT1️⃣", .expectedPredicate)
    expectDiagnostic("a1️⃣", .expectedComparisonOperator)
    expectDiagnostic("a == 1 1️⃣b", .trailingInput)
    expectDiagnostic("1️⃣(a == 1", .unbalancedParenthesis)
    expectDiagnostic("a == 1 1️⃣)", .unbalancedParenthesis)
    expectDiagnostic("a IN 1️⃣{1, 2", .unbalancedBrace)
    expectDiagnostic("a[0 == 1️⃣}", .unbalancedBrace)
    expectDiagnostic("a == 1️⃣'abc", .unterminatedString)
    expectDiagnostic("a == \"x\" OR b == 1️⃣\"y", .unterminatedString)
    expectDiagnostic("a == '1️⃣\\xZZ'", .invalidEscape)
    expectDiagnostic("a == 1️⃣0x", .invalidNumber)
    expectDiagnostic("a == 1️⃣0b12", .invalidNumber)
    expectDiagnostic("a == 1️⃣1e", .invalidNumber)
    expectDiagnostic("a == 1️⃣12abc", .invalidNumber)
    expectDiagnostic("a == 1️⃣0xFFFFFFFFFFFFFFFFFF", .numberOutOfRange)
    expectDiagnostic("a == 1️⃣% ", .invalidPlaceholder)
    expectDiagnostic("a == 1️⃣?", .unexpectedCharacter)
    expectDiagnostic("a == 1 1️⃣& b == 2", .unexpectedCharacter)
    expectDiagnostic("a ==[1️⃣x] b", .invalidComparisonOption)
    expectDiagnostic("a ==[c1️⃣c] b", .invalidComparisonOption)
    expectDiagnostic("SUBQUERY(items, 1️⃣x, x.a == 1).@count > 0", .subqueryVariableExpected)
    expectDiagnostic("SUBQUERY(items, 1️⃣$x.a, $x == 1).@count > 0", .subqueryVariableExpected)
    expectDiagnostic("SUBQUERY(items 1️⃣$x, $x == 1).@count > 0", .expectedToken)
    expectDiagnostic("a.1️⃣FIRST == 1", .reservedWord)
    expectDiagnostic("1️⃣SIZE == 1", .reservedWord)
    expectDiagnostic("a == 1️⃣AND", .expectedExpression)
    expectDiagnostic("a + 1️⃣== 1", .expectedExpression)
    expectDiagnostic("name == 1️⃣“x”", .typographicQuote)
    expectDiagnostic("a ==1️⃣\u{00A0}1", .unexpectedCharacter)
  }

  @Test func typographicClosingQuotePointsAtTheQuoteNotTheFarFailure() throws {
    let rule = "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image1️⃣” OR "
      + "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.movie\""
    let diagnostic = try #require(expectDiagnostic(rule, .typographicQuote))
    let fix = try #require(diagnostic.fixIts.first)
    #expect(fix.applicability == .safe)
    let text = MarkedSource(rule).text
    let (fixed, skipped) = Array(text.utf8).applying(fix.edits)
    #expect(skipped.isEmpty)
    #expect(PredicateParser.parse(bytes: fixed).isValid)
  }

  @Test func typographicQuoteInsideAnUnterminatedString() throws {
    // The string swallows the rest of the rule and never ends: the quote is the cause.
    let diagnostic = try #require(expectDiagnostic("a == \"x1️⃣” AND b == (c", .typographicQuote))
    #expect(diagnostic.notes.first?.message.contains("never closed") == true)
    expectDiagnostic("name == \"public.image1️⃣”", .typographicQuote)
    // Typographic quotes inside a well-formed string are the author's text, not an error.
    #expect(PredicateParser.parse("title == \"“quoted”\"").isValid)
  }

  @Test func lenientModeBuildsTheTreeAndReportsEveryQuote() throws {
    let outcome = PredicateParser.parse("name == “x” AND kind == ‘y’", lenient: true)
    let predicate = try #require(outcome.predicate)
    #expect(outcome.diagnostics.count == 4)
    #expect(outcome.diagnostics.allSatisfy { $0.id == .typographicQuote })
    #expect(!outcome.isValid)
    #expect(PredicatePrinter().print(predicate) == "name == \"x\" AND kind == \"y\"")
  }

  @Test func nestingIsBoundedWithoutOverflowingTheStack() {
    let depth = 100_000
    let parentheses = String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth)
    #expect(PredicateParser.parse(parentheses).diagnostics.first?.id == .nestingTooDeep)
    let expressions = "a == " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    #expect(PredicateParser.parse(expressions).diagnostics.first?.id == .nestingTooDeep)
    let nots = String(repeating: "NOT ", count: depth) + "a == 1"
    #expect(PredicateParser.parse(nots).diagnostics.first?.id == .nestingTooDeep)
    let minus = "a == " + String(repeating: "-", count: depth) + "1"
    #expect(PredicateParser.parse(minus).diagnostics.first?.id == .nestingTooDeep)
    let arrays = "a IN " + String(repeating: "{", count: depth) + String(repeating: "}", count: depth)
    #expect(PredicateParser.parse(arrays).diagnostics.first?.id == .nestingTooDeep)
    let justInside = String(repeating: "(", count: 200) + "a == 1" + String(repeating: ")", count: 200)
    #expect(PredicateParser.parse(justInside).isValid)
  }

  @Test func longFlatInputIsFine() {
    let chain = (0..<20_000).map { "a\($0) == \($0)" }.joined(separator: " AND ")
    #expect(PredicateParser.parse(chain).isValid)
    let keyPath = "a" + String(repeating: ".b", count: 20_000) + " == 1"
    #expect(PredicateParser.parse(keyPath).isValid)
  }

  @Test func arbitraryBytesNeverCrash() {
    var generator = SplitMix64(seed: 0x5EED)
    let alphabet = Array("()[]{}'\"\\$@#%.,=<>!&|+-*/:;? \n\tabcANDORNOTSUBQUERY0x19e“”‘’é".utf8) + [0xFF, 0xC3, 0x00]
    for _ in 0..<3_000 {
      let length = Int(generator.next() % 60)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let outcome = PredicateParser.parse(bytes: bytes)
      for diagnostic in outcome.diagnostics {
        #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= bytes.count)
      }
      #expect(outcome.predicate != nil || !outcome.diagnostics.isEmpty)
    }
  }
}

/// A small deterministic generator for property tests.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

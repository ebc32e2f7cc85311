import PredicateSyntax
import SharelintBase
import Testing

/// Predicates shaped to break a parser or a walk: left-deep chains, deep nesting of every kind, very
/// long flat input (issue 26). Each gives a located error or a tree every consumer handles.
@Suite struct AttackerSizedPredicateTests {
  /// The bound every tree respects.
  static let bound = PredicateParser.maximumNesting

  /// A shape nesting `count` times: the text, given the count.
  struct NestingShape: CustomStringConvertible, Sendable {
    var description: String
    var text: @Sendable (Int) -> String
  }

  /// Every way of nesting the grammar has; each is refused somewhere below 4 × the bound.
  static let nestingShapes: [NestingShape] = [
    NestingShape(description: "subscripts") { "a" + String(repeating: "[0]", count: $0) + " == 1" },
    NestingShape(description: "subscripted key paths") { "$v" + String(repeating: ".b[0]", count: $0) + " == 1" },
    NestingShape(description: "additions") { "a == 1" + String(repeating: " + 1", count: $0) },
    NestingShape(description: "subtractions") { "a == 1" + String(repeating: " - 1", count: $0) },
    NestingShape(description: "products") { "a == 2" + String(repeating: " * 2", count: $0) },
    NestingShape(description: "powers") { "a == 2" + String(repeating: " ** 2", count: $0) },
    NestingShape(description: "string concatenation") { "a == \"s\"" + String(repeating: " + \"s\"", count: $0) },
    NestingShape(description: "unions") { "a == x" + String(repeating: " UNION x", count: $0) },
    NestingShape(description: "unary minus") { "a == " + String(repeating: "-", count: $0) + "1" },
    NestingShape(description: "NOT") { String(repeating: "NOT ", count: $0) + "a == 1" },
    NestingShape(description: "!") { String(repeating: "!", count: $0) + "a == 1" },
    NestingShape(description: "parenthesized predicates") {
      String(repeating: "(", count: $0) + "a == 1" + String(repeating: ")", count: $0)
    },
    NestingShape(description: "alternating AND and OR") { count in
      (0..<count).map { $0 % 2 == 0 ? "(a == 1 AND " : "(b == 2 OR " }.joined() + "c == 3"
        + String(repeating: ")", count: count)
    },
    NestingShape(description: "SUBQUERY") {
      String(repeating: "SUBQUERY(x, $a, ", count: $0) + "a == 1" + String(repeating: ").@count > 0", count: $0)
    },
    NestingShape(description: "function calls") {
      "a == " + String(repeating: "abs(", count: $0) + "1" + String(repeating: ")", count: $0)
    },
    NestingShape(description: "aggregates") {
      "a IN " + String(repeating: "{1, ", count: $0) + "1" + String(repeating: "}", count: $0)
    },
    NestingShape(description: "TERNARY") {
      "a == " + String(repeating: "TERNARY(b == 1, ", count: $0) + "1" + String(repeating: ", 2)", count: $0)
    },
    NestingShape(description: "subscripts inside subscripts") {
      "a" + String(repeating: "[b", count: $0) + String(repeating: "]", count: $0) + " == 1"
    },
    NestingShape(description: "assignments") {
      "a == " + (0..<$0).map { "$v\($0) := " }.joined() + "1"
    },
  ]

  /// The largest count for which `shape` parses, checking that one more is refused as too deep.
  static func deepest(_ shape: NestingShape, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> PredicateNode
  {
    var low = 1  // parses
    var high = 4 * bound  // refused
    #expect(PredicateParser.parse(shape.text(low)).isValid, "\(shape) once", sourceLocation: sourceLocation)
    let refusal = PredicateParser.parse(shape.text(high))
    #expect(refusal.diagnostics.first?.id == .nestingTooDeep, "\(shape)", sourceLocation: sourceLocation)
    while high - low > 1 {
      let middle = (low + high) / 2
      if PredicateParser.parse(shape.text(middle)).isValid { low = middle } else { high = middle }
    }
    let outcome = PredicateParser.parse(shape.text(low))
    let tree = try #require(outcome.predicate, sourceLocation: sourceLocation)
    #expect(tree.height <= bound, "\(shape): height \(tree.height)", sourceLocation: sourceLocation)
    #expect(low >= bound / 8, "\(shape): refused at \(low + 1)", sourceLocation: sourceLocation)
    #expect(
      PredicateParser.parse(shape.text(low + 1)).diagnostics.first?.id == .nestingTooDeep, "\(shape)",
      sourceLocation: sourceLocation)
    return tree
  }

  @Test(arguments: nestingShapes)
  func theDeepestTreeOfEachShapeGoesThroughEveryConsumer(_ shape: NestingShape) throws {
    let tree = try Self.deepest(shape)
    for style in [PredicatePrinter.Style.compact, .pretty] {
      let printed = PredicatePrinter(style: style).print(tree)
      let reparsed = try #require(PredicateParser.parse(printed).predicate, "\(shape), \(style): \(printed.prefix(80))")
      #expect(reparsed.isStructurallyEqual(to: tree), "\(shape), \(style)")
    }
    Self.expectStreamedOutputs(of: tree)
    #expect(tree.withoutRanges().hashValue == tree.withoutRanges().hashValue)
  }

  /// The JSON and the outline written node by node are those of the whole `json` value.
  static func expectStreamedOutputs(of tree: PredicateNode, sourceLocation: SourceLocation = #_sourceLocation) {
    let json = tree.json
    for pretty in [false, true] {
      var streamed = ""
      SyntaxTreeJSON.write(tree, into: &streamed, pretty: pretty)
      #expect(streamed == json.serialized(pretty: pretty), sourceLocation: sourceLocation)
      var pieces: [String] = []
      SyntaxTreeJSON.write(tree, pretty: pretty) { pieces.append($0) }
      #expect(pieces.joined() == streamed, sourceLocation: sourceLocation)
    }
    #expect(TreeOutline.render(tree) == TreeOutline.render(json), sourceLocation: sourceLocation)
  }

  @Test func theTreeIsWrittenNodeByNodeAsItsWholeValueWouldBe() throws {
    for text in [
      #"ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#,
      #"a[FIRST].b[0] + -1 == {1, $x.@count, f(2)} AND NOT SUBQUERY(x, $y, $y.z == TERNARY(q == 1, "a", "b"))"#
        + #".@count > 0 OR CAST(a, "NSNumber") == FETCH(a) AND $v := 3 == FUNCTION(a, "b:", 1)"#,
      #"{} == a UNION b INTERSECT c MINUS d AND a[LAST][SIZE] == 2 ** 3 / 4 AND %K == %@ AND "x\"\n" IN y"#,
      "TRUEPREDICATE", "f() == FETCH() AND FUNCTION(a, 'b:') == 1",
      "FALSEPREDICATE OR ANY a == 1.5 AND SOME b != NULL AND ALL c <= YES AND NONE d < ANYKEY",
    ] {
      Self.expectStreamedOutputs(of: try #require(PredicateParser.parse(text).predicate))
    }
    // Long enough to be written in several pieces.
    let long = try #require(PredicateParser.parse(
      "a IN {" + (0..<3_000).map(String.init).joined(separator: ", ") + "}").predicate)
    var pieces: [String] = []
    SyntaxTreeJSON.write(long, pretty: true) { pieces.append($0) }
    #expect(pieces.count > 1)
    #expect(pieces.joined() == long.json.serialized(pretty: true))
  }

  @Test func aLeftDeepChainIsRefusedWhereItCrossesTheBound() {
    let subscripts = "a" + String(repeating: "[0]", count: 20_000) + " == 1"
    let diagnostic = PredicateParser.parse(subscripts).diagnostics.first
    #expect(diagnostic?.id == .nestingTooDeep)
    #expect(diagnostic?.message == "the predicate nests deeper than \(Self.bound) levels")
    // `a` is one level; the bound-th '[' makes the expression one too many.
    #expect(diagnostic?.range == ByteRange(start: 1 + 3 * (Self.bound - 1), end: 1 + 3 * (Self.bound - 1) + 1))
    let sums = "a == 1" + String(repeating: " + 1", count: 20_000)
    let sum = PredicateParser.parse(sums).diagnostics.first
    #expect(sum?.id == .nestingTooDeep)
    #expect(sum?.range.start == 6 + 4 * (Self.bound - 1) + 1)
  }

  @Test func longKeyPathsParseInLinearTime() throws {
    let keys = 30_000
    let keyPath = try #require(PredicateParser.parse("a" + String(repeating: ".b", count: keys) + " == 1").predicate)
    guard case .comparison(let comparison) = keyPath.kind,
      case .keyPath(nil, let components) = comparison.left.kind
    else {
      Issue.record("not a key path: \(keyPath.kind)")
      return
    }
    #expect(components.count == keys + 1)
    #expect(keyPath.height == 2)
    let operators = try #require(PredicateParser.parse("a" + String(repeating: ".@count", count: 10_000) + " == 1")
      .predicate)
    #expect(operators.height == 2)
    #expect(PredicatePrinter().print(operators).hasSuffix(".@count.@count == 1"))
    // A key path after a variable, subscripts between runs of keys.
    let mixed = try #require(PredicateParser.parse("$v.a.b[0].c.d == 1").predicate)
    #expect(PredicatePrinter().print(mixed) == "$v.a.b[0].c.d == 1")
  }

  @Test func longFlatChainsAndAggregatesStayFlat() throws {
    let terms = 5_000
    for connective in [" AND ", " OR ", " && ", " || "] {
      let chain = try #require(PredicateParser.parse(
        (0..<terms).map { "a\($0 % 10) == \($0)" }.joined(separator: connective)).predicate)
      #expect(chain.height == 3)
    }
    let mixed = try #require(PredicateParser.parse(
      (0..<terms / 2).map { "a == \($0) AND b == 2" }.joined(separator: " OR ")).predicate)
    #expect(mixed.height == 4)
    let pretty = PredicatePrinter(style: .pretty).print(mixed)
    #expect(pretty.split(separator: "\n").count == terms / 2)
    let aggregate = try #require(PredicateParser.parse(
      "a IN {" + (0..<terms).map(String.init).joined(separator: ", ") + "}").predicate)
    #expect(aggregate.height == 3)
    #expect(PredicatePrinter().print(aggregate).utf8.count > terms)
  }

  @Test func theLengthIsBoundedAtOneMebibyte() {
    let limit = PredicateParser.maximumLength
    let filler = "a == 1" + String(repeating: " ", count: limit - 6)
    #expect(PredicateParser.parse(filler).isValid)
    let outcome = PredicateParser.parse(filler + "\n")
    #expect(outcome.predicate == nil)
    #expect(outcome.diagnostics.map(\.id) == [.predicateTooLong])
    #expect(outcome.diagnostics.first?.range == .empty(at: limit))
    #expect(PredicateParser.parse(filler + "“", lenient: true).diagnostics.map(\.id) == [.predicateTooLong])
  }

  @Test func manyTypographicQuotesParseLenientlyInOnePass() throws {
    let count = 5_000
    let rule = (0..<count).map { "name == “x\($0)”" }.joined(separator: " AND ")
    let outcome = PredicateParser.parse(rule, lenient: true)
    #expect(outcome.predicate != nil)
    #expect(outcome.diagnostics.count == 2 * count)
    #expect(outcome.diagnostics.first?.fixIts.first?.edits.count == 2 * count)
    let strict = PredicateParser.parse(rule)
    #expect(strict.diagnostics.map(\.id) == [.typographicQuote])
  }

  @Test func prettyPrintingDeepAlternatingChainsMeasuresEachLineOnce() throws {
    // Each level holds a long run of comparisons: printing each level whole to see whether it fits
    // on a line took the size times the height.
    let run = (0..<40).map { "k\($0) == \($0)" }.joined(separator: " AND ")
    let levels = 100
    let text = (0..<levels).map { $0 % 2 == 0 ? "(\(run) OR " : "(\(run) AND " }.joined() + "z == 1"
      + String(repeating: ")", count: levels)
    let tree = try #require(PredicateParser.parse(text).predicate)
    let pretty = PredicatePrinter(style: .pretty).print(tree)
    #expect(try #require(PredicateParser.parse(pretty).predicate).isStructurallyEqual(to: tree))
  }
}

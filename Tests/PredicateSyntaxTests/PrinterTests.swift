import PredicateSyntax
import SharelintBase
import Testing

@Suite struct PrinterTests {
  @Test func compactCanonicalForm() throws {
    #expect(try formatted("any $a.registeredTypeIdentifiers uti-conforms-to 'public.image'")
      == "ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\"")
    #expect(try formatted("a = 1 && b <> 2 || c =< 3") == "(a == 1 AND b != 2) OR c <= 3")
    #expect(try formatted("a = 1 || b = 2 && c = 3") == "a == 1 OR (b == 2 AND c == 3)")
    #expect(try formatted("(a = 1 || b = 2) && c = 3") == "(a == 1 OR b == 2) AND c == 3")
    #expect(try formatted("!(a == 1 and b == 2)") == "NOT (a == 1 AND b == 2)")
    #expect(try formatted("name beginswith[DC] 'x'") == "name BEGINSWITH[cd] \"x\"")
    #expect(try formatted("some x.y => yes") == "ANY x.y >= TRUE")
    #expect(try formatted("s == 'say \"hi\"\\n'") == #"s == "say \"hi\"\n""#)
    #expect(try formatted("#and.#first == nil") == "#and.#first == NULL")
    #expect(try formatted("a - (b - c) == a - b - c") == "a - (b - c) == a - b - c")
    #expect(try formatted("2 ** 3 ** 2 == 2 ** (3 ** 2)") == "(2 ** 3) ** 2 == 2 ** (3 ** 2)")
    #expect(try formatted("-a + -b == 0") == "(-a) + (-b) == 0")
    #expect(try formatted("subquery(items, $i, $i.x == 1).@count > 0")
      == "SUBQUERY(items, $i, $i.x == 1).@count > 0")
  }

  @Test func prettyFormLaysOutSubqueriesLikeApplesDocumentation() throws {
    let rule = "SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, "
      + "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\" OR "
      + "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.movie\").@count >= 1).@count >= 1"
    let expected = """
      SUBQUERY (
          extensionItems,
          $extensionItem,
          SUBQUERY (
              $extensionItem.attachments,
              $attachment,
              ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
              OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.movie"
          ).@count >= 1
      ).@count >= 1
      """
    let pretty = PredicatePrinter(style: .pretty)
    let printed = pretty.print(try parsed(rule))
    #expect(printed == expected)
    #expect(pretty.print(try parsed(printed)) == printed)
  }

  @Test func randomTreesSurviveARoundTripInBothStyles() throws {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<2_000 {
      var builder = RandomTreeBuilder(generator: generator)
      let tree = builder.predicate(depth: 4)
      generator = builder.generator
      for style in [PredicatePrinter.Style.compact, .pretty] {
        let text = PredicatePrinter(style: style).print(tree)
        let outcome = PredicateParser.parse(text)
        guard let reparsed = outcome.predicate else {
          Issue.record("printed text does not parse: \(text) — \(outcome.diagnostics.first?.message ?? "")")
          return
        }
        let sameTree = reparsed.isStructurallyEqual(to: tree)
        #expect(sameTree, "round trip changed the tree: \(text)")
        if !sameTree {
          Issue.record("printed \(reparsed.withoutRanges().json.serialized())\nexpected \(tree.withoutRanges().json.serialized())")
          return
        }
        let reprinted = PredicatePrinter(style: style).print(reparsed)
        #expect(reprinted == text, "not idempotent: \(text)")
      }
    }
  }
}

/// Builds random, well-formed trees over the whole language for round-trip tests.
struct RandomTreeBuilder {
  var generator: SplitMix64
  private let zero = ByteRange.empty(at: 0)

  init(generator: SplitMix64) { self.generator = generator }

  private mutating func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }

  mutating func predicate(depth: Int) -> PredicateNode {
    let choice = depth <= 0 ? 3 + pick(2) : pick(6)
    switch choice {
    case 0:
      return PredicateNode(.and((0..<(2 + pick(2))).map { _ in nonAnd(depth: depth - 1) }), range: zero)
    case 1:
      return PredicateNode(.or((0..<(2 + pick(2))).map { _ in nonOr(depth: depth - 1) }), range: zero)
    case 2:
      return PredicateNode(.not(predicate(depth: depth - 1)), range: zero)
    case 3:
      return PredicateNode(.constant(pick(2) == 0), range: zero)
    default:
      let operators = Comparison.Operator.allCases
      let modifiers = Comparison.Modifier.allCases
      let comparison = Comparison(
        modifier: modifiers[pick(modifiers.count)], operator: operators[pick(operators.count)], operatorRange: zero,
        options: Comparison.Options(rawValue: UInt8(pick(16))),
        left: expression(depth: depth - 1), right: expression(depth: depth - 1))
      return PredicateNode(.comparison(comparison), range: zero)
    }
  }

  private mutating func nonAnd(depth: Int) -> PredicateNode {
    let candidate = predicate(depth: depth)
    if case .and = candidate.kind { return PredicateNode(.not(candidate), range: zero) }
    return candidate
  }

  private mutating func nonOr(depth: Int) -> PredicateNode {
    let candidate = predicate(depth: depth)
    if case .or = candidate.kind { return PredicateNode(.not(candidate), range: zero) }
    return candidate
  }

  private mutating func name() -> String {
    ["a", "b", "name", "registeredTypeIdentifiers", "AND", "first", "size", "é"][pick(8)]
  }

  private mutating func keyPath(base: ExpressionNode?) -> ExpressionNode {
    let count = 1 + pick(3)
    let components = (0..<count).map { index -> KeyPathComponent in
      let operatorKey = index > 0 && pick(4) == 0
      return KeyPathComponent(name: operatorKey ? ["@count", "@sum", "@max"][pick(3)] : name(), range: zero)
    }
    if let base, case .keyPath(let innerBase, let innerComponents) = base.kind {
      // The parser reads `a.b` after a key path as one longer key path.
      return ExpressionNode(.keyPath(base: innerBase, components: innerComponents + components), range: zero)
    }
    return ExpressionNode(.keyPath(base: base, components: components), range: zero)
  }

  mutating func expression(depth: Int) -> ExpressionNode {
    if depth <= 0 { return leaf() }
    switch pick(14) {
    case 0: return ExpressionNode(.arithmetic(ArithmeticOperator.allCases[pick(5)], expression(depth: depth - 1),
                                          expression(depth: depth - 1)), range: zero)
    case 1: return ExpressionNode(.negation(expression(depth: depth - 1)), range: zero)
    case 2: return ExpressionNode(.setOperation(SetOperator.allCases[pick(3)], expression(depth: depth - 1),
                                            expression(depth: depth - 1)), range: zero)
    case 3: return ExpressionNode(.array((0..<pick(3)).map { _ in expression(depth: depth - 1) }), range: zero)
    case 4: return keyPath(base: [ExpressionNode(.variable("x"), range: zero), expression(depth: depth - 1)][pick(2)])
    case 5:
      let indices: [SubscriptIndex] = [.first, .last, .size, .expression(expression(depth: depth - 1))]
      return ExpressionNode(.subscripted(base: keyPath(base: nil), index: indices[pick(4)]), range: zero)
    case 6: return ExpressionNode(.functionCall(name: ["sum", "now", "modulus:by:"][pick(3)],
                                            arguments: (0..<pick(3)).map { _ in expression(depth: depth - 1) }),
                              range: zero)
    case 7: return ExpressionNode(.function(receiver: expression(depth: depth - 1), selector: leaf(),
                                        arguments: [expression(depth: depth - 1)]), range: zero)
    case 8: return ExpressionNode(.subquery(collection: keyPath(base: nil), variable: "item", variableRange: zero,
                                        predicate: predicate(depth: depth - 1)), range: zero)
    case 9: return ExpressionNode(.ternary(condition: predicate(depth: depth - 1), then: expression(depth: depth - 1),
                                       else: expression(depth: depth - 1)), range: zero)
    case 10: return ExpressionNode(.cast(value: expression(depth: depth - 1), type: leaf()), range: zero)
    case 11: return ExpressionNode(.assignment(variable: "v", value: expression(depth: depth - 1)), range: zero)
    case 12: return ExpressionNode(.fetch(arguments: [leaf(), leaf(), leaf()]), range: zero)
    default: return leaf()
    }
  }

  private mutating func leaf() -> ExpressionNode {
    let constants: [Constant] = [
      .string("public.image"), .string("a \"q\" \\ \n é “x”"), .integer(Int64(pick(1000))), .real(2.5e-7),
      .real(1e300), .boolean(true), .boolean(false), .null, .string(""),
    ]
    switch pick(7) {
    case 0, 1: return ExpressionNode(.constant(constants[pick(constants.count)]), range: zero)
    case 2: return ExpressionNode(.variable(["attachment", "x", "SELF"][pick(3)]), range: zero)
    case 3: return ExpressionNode(.evaluatedObject, range: zero)
    case 4: return ExpressionNode(.placeholder(["%@", "%K", "%d", "%lu"][pick(4)]), range: zero)
    case 5: return ExpressionNode(.anyKey, range: zero)
    default: return keyPath(base: nil)
    }
  }
}

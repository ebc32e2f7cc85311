import SharelintBase

extension Parser {
  /// Parses the whole input: `predicate`, then the end of input.
  mutating func parseTopLevel() throws(SyntaxDiagnostic) -> PredicateNode {
    if case .endOfInput = current.kind {
      throw SyntaxDiagnostic(.emptyPredicate, "the predicate is empty", at: .empty(at: 0))
    }
    let predicate = try parsePredicate()
    if case .endOfInput = current.kind { return predicate }
    throw SyntaxDiagnostic(
      .trailingInput, "unexpected \(displayName(current)) after a complete predicate",
      at: current.range, label: "expected AND, OR or the end here")
  }

  /// `predicate ::= or-predicate`
  mutating func parsePredicate() throws(SyntaxDiagnostic) -> PredicateNode {
    try enterNesting()
    defer { depth -= 1 }
    return try parseOrPredicate()
  }

  /// `or-predicate ::= and-predicate { ("OR" | "||") and-predicate }`
  mutating func parseOrPredicate() throws(SyntaxDiagnostic) -> PredicateNode {
    let first = try parseAndPredicate()
    guard isKeyword(.or) || isPunctuation(.pipePipe) else { return first }
    var operands: [PredicateNode] = []
    operands.reserveCapacity(4)  // One allocation for the usual short chain, not three as it grows.
    Parser.appendFlattened(first, or: true, to: &operands)
    while isKeyword(.or) || isPunctuation(.pipePipe) {
      advance()
      Parser.appendFlattened(try parseAndPredicate(), or: true, to: &operands)
    }
    return try boundedChain(.or(operands), operands)
  }

  /// `and-predicate ::= not-predicate { ("AND" | "&&") not-predicate }`
  mutating func parseAndPredicate() throws(SyntaxDiagnostic) -> PredicateNode {
    let first = try parseNotPredicate()
    guard isKeyword(.and) || isPunctuation(.ampersandAmpersand) else { return first }
    var operands: [PredicateNode] = []
    operands.reserveCapacity(4)  // One allocation for the usual short chain, not three as it grows.
    Parser.appendFlattened(first, or: false, to: &operands)
    while isKeyword(.and) || isPunctuation(.ampersandAmpersand) {
      advance()
      Parser.appendFlattened(try parseNotPredicate(), or: false, to: &operands)
    }
    return try boundedChain(.and(operands), operands)
  }

  /// The AND or OR chain of `operands`, or the nesting error at the first operand that makes it too high.
  func boundedChain(
    _ kind: PredicateNode.Kind, _ operands: [PredicateNode]
  ) throws(SyntaxDiagnostic) -> PredicateNode {
    let chain = PredicateNode(kind, range: operands[0].range.union(operands[operands.count - 1].range))
    guard chain.height <= PredicateParser.maximumNesting else {
      let highest = operands.first { $0.height >= PredicateParser.maximumNesting } ?? operands[0]
      throw nestingTooDeep(at: .empty(at: highest.range.start))
    }
    return chain
  }

  /// AND and OR are associative: a parenthesized `(a AND b) AND c` is the same chain as
  /// `a AND b AND c`, so chains are kept flat and printing never changes the tree.
  static func appendFlattened(_ predicate: PredicateNode, or: Bool, to operands: inout [PredicateNode]) {
    switch predicate.kind {
    case .and(let chain) where !or: operands.append(contentsOf: chain)
    case .or(let chain) where or: operands.append(contentsOf: chain)
    default: operands.append(predicate)
    }
  }

  /// `not-predicate ::= ("NOT" | "!") not-predicate | primary-predicate`
  ///
  /// A run of NOTs is read in a loop and wrapped around its operand from the inside out: it costs no
  /// stack, only tree height, refused from the `maximumNesting`-th NOT on.
  mutating func parseNotPredicate() throws(SyntaxDiagnostic) -> PredicateNode {
    var notTokens: [ByteRange] = []
    while isKeyword(.not) || isPunctuation(.bang) {
      if notTokens.count == PredicateParser.maximumNesting - 1 { throw nestingTooDeep(at: current.range) }
      notTokens.append(advance())
    }
    var predicate = try parsePrimaryPredicate()
    for notToken in notTokens.reversed() {
      predicate = try bounded(PredicateNode(.not(predicate), range: notToken.union(predicate.range)), at: notToken)
    }
    return predicate
  }

  /// `primary-predicate ::= "TRUEPREDICATE" | "FALSEPREDICATE" | "(" predicate ")" | comparison`
  mutating func parsePrimaryPredicate() throws(SyntaxDiagnostic) -> PredicateNode {
    switch current.kind {
    case .keyword(.truePredicate):
      return PredicateNode(.constant(true), range: advance())
    case .keyword(.falsePredicate):
      return PredicateNode(.constant(false), range: advance())
    case .punctuation(.leftParenthesis) where parenthesizedGroupIsPredicate():
      let open = advance()
      if isPunctuation(.rightParenthesis) {
        throw SyntaxDiagnostic(.expectedPredicate, "expected a predicate inside '()'", at: current.range)
      }
      var inner = try parsePredicate()
      let close = try expect(.rightParenthesis, "to close the parenthesis")
      inner.range = open.union(close)
      return inner
    default:
      guard canStartExpression(current) || isAggregateModifier(current) else {
        throw SyntaxDiagnostic(
          .expectedPredicate, "expected a predicate, found \(displayName(current))", at: currentErrorRange)
      }
      return try parseComparison()
    }
  }

  /// Whether the parenthesized group at the cursor is a predicate, `(a == 1) AND …`, rather than the
  /// start of an expression, `(a + b) > 1`: decided by the token after the matching `)`.
  func parenthesizedGroupIsPredicate() -> Bool {
    let close = tokens[index].closeIndex
    guard close >= 0 else { return true }
    let after = tokens[min(close + 1, tokens.count - 1)]
    if comparisonOperator(after) != nil { return false }
    switch after.kind {
    case .punctuation(let punctuation):
      switch punctuation {
      case .plus, .minus, .star, .slash, .starStar, .dot, .leftBracket: return false
      default: return true
      }
    case .identifier(escaped: false):
      return setOperator(after) == nil
    default:
      return true
    }
  }

  func isAggregateModifier(_ token: LexedToken) -> Bool {
    switch token.kind {
    case .keyword(.any), .keyword(.some), .keyword(.all), .keyword(.none): return true
    default: return false
    }
  }

  /// `comparison ::= [ aggregate-modifier ] expression comparison-operator [ comparison-options ] expression`
  mutating func parseComparison() throws(SyntaxDiagnostic) -> PredicateNode {
    let start = current.range.start
    var modifier = Comparison.Modifier.direct
    var modifierRange: ByteRange?
    if isAggregateModifier(current) {
      let modifierKind = current.kind
      modifierRange = advance()
      switch modifierKind {
      case .keyword(.all): modifier = .all
      case .keyword(.none): modifier = .none
      default: modifier = .any
      }
    }
    let left = try parseExpression()
    guard let op = comparisonOperator(current) else { throw missingOperator(after: left) }
    var operatorRange = advance()
    var options: Comparison.Options = []
    if isPunctuation(.leftBracket) {
      options = try parseComparisonOptions()
      operatorRange = operatorRange.union(tokens[index - 1].range)
    }
    guard canStartExpression(current) else {
      throw SyntaxDiagnostic(
        .expectedExpression,
        "expected an expression after '\(op.rawValue)', found \(displayName(current))", at: currentErrorRange)
    }
    let right = try parseExpression()
    let comparison = Comparison(
      modifier: modifier, modifierRange: modifierRange, operator: op, operatorRange: operatorRange,
      options: options, left: left, right: right)
    return try bounded(
      PredicateNode(.comparison(comparison), range: ByteRange(start: start, end: right.range.end)), at: operatorRange)
  }

  /// The diagnostic for a complete expression followed by something that is not an operator,
  /// with a spelling suggestion when the word is close to one (`CONATINS` → `CONTAINS`).
  func missingOperator(after left: ExpressionNode) -> SyntaxDiagnostic {
    var message = "expected a comparison operator after \(quoted(left.range)), found \(displayName(current))"
    var fixIts: [FixIt] = []
    if current.kind == .identifier(escaped: false), let suggestion = Parser.nearestOperatorKeyword(to: text(of: current))
    {
      message += "; did you mean '\(suggestion)'?"
      fixIts.append(FixIt(
        title: "replace with '\(suggestion)'", edits: [TextEdit(range: current.range, replacement: suggestion)],
        applicability: .unsafe))
    }
    let range = current.kind == .endOfInput ? ByteRange.empty(at: previousEnd) : current.range
    return SyntaxDiagnostic(.expectedComparisonOperator, message, at: range, fixIts: fixIts)
  }

  static func nearestOperatorKeyword(to word: String) -> String? {
    let upper = Keyword.asciiUppercased(word)
    let candidates = ["BETWEEN", "IN", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES",
                      "UTI-CONFORMS-TO", "UTI-EQUALS"]
    let scored = candidates.map { ($0, EditDistance.levenshtein(upper.utf8, $0.utf8)) }
      .filter { $0.1 <= 2 && $0.1 < max(2, $0.0.count / 2) }
      .sorted { $0.1 < $1.1 }
    guard let best = scored.first, scored.dropFirst().first?.1 != best.1 else { return nil }
    return best.0
  }

  /// The comparison operator `token` spells, if any.
  func comparisonOperator(_ token: LexedToken) -> Comparison.Operator? {
    switch token.kind {
    case .punctuation(let punctuation):
      switch punctuation {
      case .equal, .equalEqual: return .equalTo
      case .notEqual, .lessGreater: return .notEqualTo
      case .less: return .lessThan
      case .lessEqual, .equalLess: return .lessThanOrEqualTo
      case .greater: return .greaterThan
      case .greaterEqual, .equalGreater: return .greaterThanOrEqualTo
      default: return nil
      }
    case .keyword(let keyword):
      switch keyword {
      case .between: return .between
      case .in: return .in
      case .contains: return .contains
      case .beginsWith: return .beginsWith
      case .endsWith: return .endsWith
      case .like: return .like
      case .matches: return .matches
      case .utiConformsTo: return .utiConformsTo
      case .utiEquals: return .utiEquals
      default: return nil
      }
    default:
      return nil
    }
  }

  /// `comparison-options ::= "[" option-letters "]"`
  mutating func parseComparisonOptions() throws(SyntaxDiagnostic) -> Comparison.Options {
    let open = advance()
    let word = current
    switch word.kind {
    case .identifier(escaped: false), .keyword:
      break
    default:
      throw SyntaxDiagnostic(
        .invalidComparisonOption, "expected option letters such as 'c', 'd' or 'cd' inside '[…]'",
        at: word.kind == .endOfInput ? .empty(at: open.end) : word.range)
    }
    var options: Comparison.Options = []
    for offset in word.range.start..<word.range.end {
      let letter = bytes[offset]
      let letterRange = ByteRange(start: offset, end: offset + 1)
      guard let option = Comparison.Options.option(forLetter: letter) else {
        throw SyntaxDiagnostic(
          .invalidComparisonOption,
          "unknown comparison option '\(Character(Unicode.Scalar(letter)))'; the options are c, d, n and l",
          at: letterRange)
      }
      guard !options.contains(option) else {
        throw SyntaxDiagnostic(
          .invalidComparisonOption, "comparison option '\(Character(Unicode.Scalar(letter)))' is repeated",
          at: letterRange)
      }
      options.insert(option)
    }
    advance()
    try expect(.rightBracket, "to close the comparison options")
    return options
  }
}

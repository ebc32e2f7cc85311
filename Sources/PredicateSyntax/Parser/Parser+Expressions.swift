import SharelintBase

extension Parser {
  /// Where to point when the current token is wrong: the token, or just after the last real token
  /// when the input has ended (so trailing whitespace does not move the caret).
  var currentErrorRange: ByteRange {
    if case .endOfInput = current.kind { return .empty(at: previousEnd) }
    return current.range
  }

  /// Whether `token` can begin an expression.
  func canStartExpression(_ token: LexedToken) -> Bool {
    switch token.kind {
    case .identifier, .atIdentifier, .variable, .selectorName, .placeholder, .string, .integer, .real:
      return true
    case .keyword(let keyword):
      switch keyword {
      case .null, .nilWord, .selfWord, .trueWord, .yes, .falseWord, .no, .anyKey, .subquery, .fetch, .cast,
        .first, .last, .size, .caseInsensitive, .ci:
        return true  // the last five only to report them as reserved words
      default:
        return false
      }
    case .punctuation(let punctuation):
      return punctuation == .leftParenthesis || punctuation == .leftBrace || punctuation == .minus
    case .endOfInput:
      return false
    }
  }

  /// Throws `expected-expression` unless the current token can begin an expression.
  func requireExpressionStart(_ context: @autoclosure () -> String) throws(SyntaxDiagnostic) {
    guard canStartExpression(current) else {
      throw SyntaxDiagnostic(
        .expectedExpression, "expected an expression \(context()), found \(displayName(current))",
        at: currentErrorRange)
    }
  }

  /// `expression ::= assignment-expression`
  /// `assignment-expression ::= variable ":=" expression | set-expression`
  mutating func parseExpression() throws(SyntaxDiagnostic) -> ExpressionNode {
    try enterNesting()
    defer { depth -= 1 }
    if current.kind == .variable, isPunctuation(.assign, peek()) {
      let name = text(of: current)
      let variable = advance()
      advance()
      try requireExpressionStart("after ':='")
      let value = try parseExpression()
      return try bounded(
        ExpressionNode(.assignment(variable: name, value: value), range: variable.union(value.range)), at: variable)
    }
    try requireExpressionStart("here")
    return try parseBinaryExpression(minimumPrecedence: 0)
  }

  /// The binary operators of expressions, loosest first:
  /// `set-expression ::= additive-expression { ("UNION" | "INTERSECT" | "MINUS") additive-expression }`
  /// `additive-expression ::= multiplicative-expression { ("+" | "-") multiplicative-expression }`
  /// `multiplicative-expression ::= power-expression { ("*" | "/") power-expression }`
  /// `power-expression ::= unary-expression { "**" unary-expression }`
  /// All are left-associative; parsed by precedence climbing so nesting costs few stack frames.
  mutating func parseBinaryExpression(minimumPrecedence: Int) throws(SyntaxDiagnostic) -> ExpressionNode {
    var left = isPunctuation(.minus) ? try parseUnaryExpression() : try parsePostfixExpression()
    while let binary = binaryOperator(current), binary.precedence >= minimumPrecedence {
      let operatorRange = advance()
      try requireExpressionStart("after '\(binary.spelling)'")
      let right = try parseBinaryExpression(minimumPrecedence: binary.precedence + 1)
      let range = left.range.union(right.range)
      let node: ExpressionNode
      switch binary {
      case .arithmetic(let op): node = ExpressionNode(.arithmetic(op, left, right), range: range)
      case .set(let op): node = ExpressionNode(.setOperation(op, left, right), range: range)
      }
      left = try bounded(node, at: operatorRange)
    }
    return left
  }

  /// A binary operator of expressions.
  enum BinaryOperator {
    case arithmetic(ArithmeticOperator)
    case set(SetOperator)

    /// How tightly it binds: higher binds tighter.
    var precedence: Int {
      switch self {
      case .set: return 1
      case .arithmetic(.add), .arithmetic(.subtract): return 2
      case .arithmetic(.multiply), .arithmetic(.divide): return 3
      case .arithmetic(.power): return 4
      }
    }

    var spelling: String {
      switch self {
      case .arithmetic(let op): return op.rawValue
      case .set(let op): return op.rawValue
      }
    }
  }

  func binaryOperator(_ token: LexedToken) -> BinaryOperator? {
    switch token.kind {
    case .punctuation(.plus): return .arithmetic(.add)
    case .punctuation(.minus): return .arithmetic(.subtract)
    case .punctuation(.star): return .arithmetic(.multiply)
    case .punctuation(.slash): return .arithmetic(.divide)
    case .punctuation(.starStar): return .arithmetic(.power)
    case .identifier(escaped: false): return setOperator(token).map { .set($0) }
    default: return nil
    }
  }

  /// The set operator the unescaped identifier `token` spells, if any (these words are not reserved).
  func setOperator(_ token: LexedToken) -> SetOperator? {
    if isContextualWord("UNION", token) { return .union }
    if isContextualWord("INTERSECT", token) { return .intersect }
    if isContextualWord("MINUS", token) { return .minus }
    return nil
  }

  /// `unary-expression ::= "-" unary-expression | postfix-expression`
  ///
  /// A run of minus signs is read in a loop, like a run of NOTs (`parseNotPredicate`).
  mutating func parseUnaryExpression() throws(SyntaxDiagnostic) -> ExpressionNode {
    var minusSigns: [ByteRange] = []
    while isPunctuation(.minus) {
      if minusSigns.count == PredicateParser.maximumNesting - 1 { throw nestingTooDeep(at: current.range) }
      minusSigns.append(advance())
      try requireExpressionStart("after '-'")
    }
    var expression = try parsePostfixExpression()
    for minus in minusSigns.reversed() {
      expression = try bounded(ExpressionNode(.negation(expression), range: minus.union(expression.range)), at: minus)
    }
    return expression
  }

  /// `postfix-expression ::= primary-expression { "." key | "[" subscript "]" }`
  ///
  /// A run of keys is collected before its node is made, so a key path of any length is built in
  /// linear time; each subscript, and each run of keys after one, is a level of the tree.
  mutating func parsePostfixExpression() throws(SyntaxDiagnostic) -> ExpressionNode {
    var expression = try parsePrimaryExpression()
    while true {
      if isPunctuation(.dot) {
        let firstDot = current.range
        var base: ExpressionNode? = expression
        var components: [KeyPathComponent] = []
        if case .keyPath(let keyPathBase, let keyPathComponents) = expression.kind {
          base = keyPathBase
          components = keyPathComponents
        }
        while isPunctuation(.dot) {
          advance()
          components.append(try parseKey())
        }
        let range = expression.range.union(components[components.count - 1].range)
        expression = try bounded(
          ExpressionNode(.keyPath(base: base, components: components), range: range), at: firstDot)
      } else if isPunctuation(.leftBracket) {
        let open = advance()
        let index = try parseSubscript()
        let close = try expect(.rightBracket, "to close the subscript")
        expression = try bounded(
          ExpressionNode(.subscripted(base: expression, index: index), range: expression.range.union(close)), at: open)
      } else {
        return expression
      }
    }
  }

  /// `key ::= identifier | escaped-identifier | at-identifier | "%K"`
  mutating func parseKey() throws(SyntaxDiagnostic) -> KeyPathComponent {
    switch current.kind {
    case .placeholder:
      // Apple's parser takes a key path made of format arguments, `%K.%K`; only %K stands for a key.
      let written = text(of: current)
      guard written == "%K" else {
        throw SyntaxDiagnostic(
          .expectedExpression, "expected a key after '.', found '\(written)'; only '%K' stands for a key",
          at: currentErrorRange)
      }
      return KeyPathComponent(name: written, range: advance())
    case .identifier:
      return KeyPathComponent(name: text(of: current), range: advance())
    case .atIdentifier:
      // The name keeps its `@`: the token's own bytes.
      return KeyPathComponent(name: String(decoding: bytes[current.range.start..<current.range.end], as: UTF8.self),
                              range: advance())
    case .keyword(let keyword):
      throw reservedWord(keyword, at: current.range)
    default:
      throw SyntaxDiagnostic(
        .expectedExpression, "expected a key after '.', found \(displayName(current))", at: currentErrorRange)
    }
  }

  func reservedWord(_ keyword: Keyword, at range: ByteRange) -> SyntaxDiagnostic {
    let written = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    return SyntaxDiagnostic(
      .reservedWord, "'\(written)' is a reserved word; write '#\(written)' to use it as a key", at: range,
      fixIts: [FixIt(title: "escape it as '#\(written)'", edits: [.insert("#", at: range.start)], applicability: .unsafe)])
  }

  /// `subscript ::= "FIRST" | "LAST" | "SIZE" | expression`
  mutating func parseSubscript() throws(SyntaxDiagnostic) -> SubscriptIndex {
    let symbolic: SubscriptIndex?
    switch current.kind {
    case .keyword(.first): symbolic = .first
    case .keyword(.last): symbolic = .last
    case .keyword(.size): symbolic = .size
    default: symbolic = nil
    }
    if let symbolic, isPunctuation(.rightBracket, peek()) {
      advance()
      return symbolic
    }
    try requireExpressionStart("inside '[…]'")
    return .expression(try parseExpression())
  }

  /// `primary-expression`: literals, SELF, variables, keys, placeholders, arrays, `( expression )`,
  /// SUBQUERY, FUNCTION, TERNARY, CAST, FETCH and function calls.
  mutating func parsePrimaryExpression() throws(SyntaxDiagnostic) -> ExpressionNode {
    let token = current
    switch token.kind {
    case .string:
      advance()
      return ExpressionNode(.constant(.string(text(of: token))), range: token.range)
    case .integer(let value):
      advance()
      return ExpressionNode(.constant(.integer(value)), range: token.range)
    case .real(let value):
      advance()
      return ExpressionNode(.constant(.real(value)), range: token.range)
    case .variable:
      advance()
      return ExpressionNode(.variable(text(of: token)), range: token.range)
    case .placeholder:
      advance()
      return ExpressionNode(.placeholder(text(of: token)), range: token.range)
    case .atIdentifier:
      advance()
      // The name keeps its `@`: the token's own bytes.
      let name = String(decoding: bytes[token.range.start..<token.range.end], as: UTF8.self)
      return ExpressionNode(.keyPath(base: nil, components: [KeyPathComponent(name: name, range: token.range)]),
                        range: token.range)
    case .selectorName:
      advance()
      return try parseFunctionCall(name: text(of: token), start: token.range)
    case .identifier(let escaped):
      advance()
      if !escaped && isPunctuation(.leftParenthesis) {
        if isContextualWord("FUNCTION", token) { return try parseFunctionExpression(start: token.range) }
        if isContextualWord("TERNARY", token) { return try parseTernaryExpression(start: token.range) }
        return try parseFunctionCall(name: text(of: token), start: token.range)
      }
      return ExpressionNode(.keyPath(base: nil, components: [KeyPathComponent(name: text(of: token), range: token.range)]),
                        range: token.range)
    case .keyword(let keyword):
      return try parseKeywordExpression(keyword, token: token)
    case .punctuation(.leftParenthesis):
      let open = advance()
      try requireExpressionStart("inside '('")
      var inner = try parseExpression()
      let close = try expect(.rightParenthesis, "to close the parenthesis")
      inner.range = open.union(close)
      return inner
    case .punctuation(.leftBrace):
      let open = advance()
      let elements = try parseArguments(closing: .rightBrace, purpose: "in the array literal")
      return try bounded(ExpressionNode(.array(elements), range: open.union(tokens[index - 1].range)), at: open)
    default:
      throw SyntaxDiagnostic(
        .expectedExpression, "expected an expression, found \(displayName(token))", at: currentErrorRange)
    }
  }

  mutating func parseKeywordExpression(_ keyword: Keyword, token: LexedToken) throws(SyntaxDiagnostic) -> ExpressionNode {
    switch keyword {
    case .null, .nilWord:
      advance()
      return ExpressionNode(.constant(.null), range: token.range)
    case .trueWord, .yes:
      advance()
      return ExpressionNode(.constant(.boolean(true)), range: token.range)
    case .falseWord, .no:
      advance()
      return ExpressionNode(.constant(.boolean(false)), range: token.range)
    case .selfWord:
      advance()
      return ExpressionNode(.evaluatedObject, range: token.range)
    case .anyKey:
      advance()
      return ExpressionNode(.anyKey, range: token.range)
    case .subquery:
      advance()
      return try parseSubqueryExpression(start: token.range)
    case .cast:
      advance()
      try expect(.leftParenthesis, "after 'CAST'")
      let arguments = try parseArguments(closing: .rightParenthesis, purpose: "of CAST")
      guard arguments.count == 2 else {
        throw SyntaxDiagnostic(
          .expectedExpression, "CAST takes two arguments, a value and a class name, not \(arguments.count)",
          at: token.range.union(tokens[index - 1].range))
      }
      return try bounded(
        ExpressionNode(
          .cast(value: arguments[0], type: arguments[1]), range: token.range.union(tokens[index - 1].range)),
        at: token.range)
    case .fetch:
      advance()
      try expect(.leftParenthesis, "after 'FETCH'")
      let arguments = try parseArguments(closing: .rightParenthesis, purpose: "of FETCH")
      return try bounded(
        ExpressionNode(.fetch(arguments: arguments), range: token.range.union(tokens[index - 1].range)),
        at: token.range)
    default:
      throw reservedWord(keyword, at: token.range)
    }
  }

  /// Parses `expression { "," expression }` up to `closing` (the opening token already consumed),
  /// and consumes `closing`. An empty list is allowed. Each argument is one nesting level deeper
  /// (`parseExpression`).
  mutating func parseArguments(
    closing: Punctuation, purpose: @autoclosure () -> String
  ) throws(SyntaxDiagnostic) -> [ExpressionNode] {
    var arguments: [ExpressionNode] = []
    if isPunctuation(closing) {
      advance()
      return arguments
    }
    while true {
      try requireExpressionStart(purpose())
      arguments.append(try parseExpression())
      if isPunctuation(closing) {
        advance()
        return arguments
      }
      try expect(.comma, "or '\(closing.rawValue)' \(purpose())")
    }
  }

  /// `function-call ::= ( identifier | selector-name ) "(" [ expression { "," expression } ] ")"`
  mutating func parseFunctionCall(name: String, start: ByteRange) throws(SyntaxDiagnostic) -> ExpressionNode {
    try expect(.leftParenthesis, "after the function name '\(name)'")
    let arguments = try parseArguments(closing: .rightParenthesis, purpose: "of '\(name)'")
    return try bounded(
      ExpressionNode(.functionCall(name: name, arguments: arguments), range: start.union(tokens[index - 1].range)),
      at: start)
  }

  /// `function-expression ::= "FUNCTION" "(" expression "," expression { "," expression } ")"`
  mutating func parseFunctionExpression(start: ByteRange) throws(SyntaxDiagnostic) -> ExpressionNode {
    advance()
    let arguments = try parseArguments(closing: .rightParenthesis, purpose: "of FUNCTION")
    guard arguments.count >= 2 else {
      throw SyntaxDiagnostic(
        .expectedExpression, "FUNCTION takes a receiver and a selector name, then the arguments",
        at: start.union(tokens[index - 1].range))
    }
    return try bounded(
      ExpressionNode(
        .function(receiver: arguments[0], selector: arguments[1], arguments: Array(arguments.dropFirst(2))),
        range: start.union(tokens[index - 1].range)),
      at: start)
  }

  /// `ternary-expression ::= "TERNARY" "(" predicate "," expression "," expression ")"`
  mutating func parseTernaryExpression(start: ByteRange) throws(SyntaxDiagnostic) -> ExpressionNode {
    advance()
    let condition = try parsePredicate()
    try expect(.comma, "after TERNARY's condition")
    try requireExpressionStart("for TERNARY's value when true")
    let then = try parseExpression()
    try expect(.comma, "after TERNARY's value when true")
    try requireExpressionStart("for TERNARY's value when false")
    let otherwise = try parseExpression()
    let close = try expect(.rightParenthesis, "to close TERNARY")
    return try bounded(
      ExpressionNode(.ternary(condition: condition, then: then, else: otherwise), range: start.union(close)),
      at: start)
  }

  /// `subquery-expression ::= "SUBQUERY" "(" expression "," variable "," predicate ")"`
  mutating func parseSubqueryExpression(start: ByteRange) throws(SyntaxDiagnostic) -> ExpressionNode {
    try expect(.leftParenthesis, "after 'SUBQUERY'")
    try requireExpressionStart("as SUBQUERY's collection")
    let collection = try parseExpression()
    try expect(.comma, "after SUBQUERY's collection")
    guard current.kind == .variable, isPunctuation(.comma, peek()) else {
      throw subqueryVariableError()
    }
    let variable = text(of: current)
    let variableRange = advance()
    advance()
    let predicate = try parsePredicate()
    let close = try expect(.rightParenthesis, "to close SUBQUERY")
    return try bounded(
      ExpressionNode(
        .subquery(collection: collection, variable: variable, variableRange: variableRange, predicate: predicate),
        range: start.union(close)),
      at: start)
  }

  /// SUBQUERY's second argument is not a lone `$variable`: point at the whole argument.
  mutating func subqueryVariableError() -> SyntaxDiagnostic {
    let start = currentErrorRange
    var range = start
    if canStartExpression(current), let argument = try? parseExpression() { range = argument.range }
    let written = range.count > 0 ? " " + quoted(range) : ""
    return SyntaxDiagnostic(
      .subqueryVariableExpected,
      "SUBQUERY's second argument must be a variable such as '$item', not\(written.isEmpty ? " nothing" : written)",
      at: range)
  }
}

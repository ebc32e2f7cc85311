/// The recursive-descent parser's state and token helpers. The grammar lives in
/// `Parser+Predicates.swift` and `Parser+Expressions.swift`, one `parseXxx()` per production of
/// `Grammar/PredicateFormat.ebnf`.
import SharelintBase

struct Parser {
  let tokens: [LexedToken]
  let bytes: [UInt8]
  /// The lexer's `LexedText.decodedTexts`.
  let decodedTexts: [String]
  var index = 0
  var depth = 0

  /// A parser over what the lexer made of `bytes`. Throws when a delimiter does not balance (the
  /// lexer checked): that is reported where it is, not where the parser would later give up.
  init(_ lexed: LexedText, bytes: [UInt8]) throws(SyntaxDiagnostic) {
    if let unbalanced = lexed.unbalanced { throw unbalanced }
    self.tokens = lexed.tokens
    self.bytes = bytes
    self.decodedTexts = lexed.decodedTexts
  }

  // MARK: - Tokens

  /// The token at the cursor.
  var current: LexedToken { tokens[index] }
  var previousEnd: Int { index > 0 ? tokens[index - 1].range.end : 0 }

  func peek(_ offset: Int = 1) -> LexedToken { tokens[min(index + offset, tokens.count - 1)] }

  /// Moves past the current token (never past the end) and returns its range.
  @discardableResult
  mutating func advance() -> ByteRange {
    let range = tokens[index].range
    if index < tokens.count - 1 { index += 1 }
    return range
  }

  func isPunctuation(_ punctuation: Punctuation) -> Bool {
    tokens[index].kind == .punctuation(punctuation)
  }

  func isPunctuation(_ punctuation: Punctuation, _ token: LexedToken) -> Bool {
    token.kind == .punctuation(punctuation)
  }

  func isKeyword(_ keyword: Keyword) -> Bool {
    tokens[index].kind == .keyword(keyword)
  }

  /// The name, text or value `token` carries (see `LexedToken.text(in:decodedTexts:)`).
  func text(of token: LexedToken) -> String { token.text(in: bytes, decodedTexts: decodedTexts) }

  /// The token as a message names it: `'AND'`, `')'`, `end of input`.
  func displayName(_ token: LexedToken) -> String {
    token.publicKind(in: bytes, decodedTexts: decodedTexts).displayName
  }

  /// Whether `token` is an unescaped identifier spelling `word` (given in upper case), ASCII
  /// case-insensitively: contextual words such as UNION or TERNARY are not reserved.
  func isContextualWord(_ word: StaticString, _ token: LexedToken) -> Bool {
    guard token.kind == .identifier(escaped: false), token.range.count == word.utf8CodeUnitCount else { return false }
    let start = token.range.start
    return word.withUTF8Buffer { expected in
      for index in 0..<expected.count {
        let actual = bytes[start + index]
        let wanted = expected[index]
        if actual != wanted && !(actual >= 0x61 && actual <= 0x7A && actual - 0x20 == wanted) { return false }
      }
      return true
    }
  }

  /// Consumes `punctuation` or throws `expected-token` naming what it is for.
  @discardableResult
  mutating func expect(
    _ punctuation: Punctuation, _ purpose: @autoclosure () -> String
  ) throws(SyntaxDiagnostic) -> ByteRange {
    guard isPunctuation(punctuation) else {
      throw SyntaxDiagnostic(
        .expectedToken, "expected '\(punctuation.rawValue)' \(purpose()), found \(displayName(current))",
        at: currentErrorRange)
    }
    return advance()
  }

  /// The source text of `range`, shortened for a message.
  func quoted(_ range: ByteRange, limit: Int = 40) -> String {
    let slice = bytes[range.start..<range.end]
    if slice.count <= limit { return "'\(String(decoding: slice, as: UTF8.self))'" }
    return "'\(String(decoding: slice.prefix(limit), as: UTF8.self))…'"
  }

  // MARK: - Nesting

  /// Goes one nesting level deeper, refusing past `PredicateParser.maximumNesting`. A production
  /// that nests calls it first, followed by `defer { depth -= 1 }`.
  @inline(__always)
  mutating func enterNesting() throws(SyntaxDiagnostic) {
    guard depth < PredicateParser.maximumNesting else { throw nestingTooDeep(at: currentErrorRange) }
    depth += 1
  }

  /// The error for input nesting deeper than `PredicateParser.maximumNesting`, at `range`.
  @inline(never)
  func nestingTooDeep(at range: ByteRange) -> SyntaxDiagnostic {
    SyntaxDiagnostic(
      .nestingTooDeep, "the predicate nests deeper than \(PredicateParser.maximumNesting) levels", at: range)
  }

  /// `node`, or the nesting error at `range` when the node makes the tree higher than
  /// `PredicateParser.maximumNesting`. Left-deep chains (`a[0][0]…`, `1 + 1 + …`, `$x.a[0].b[0]…`) are
  /// built in loops, not by descending, so this is what bounds their height; `range` is the
  /// operator or token that adds the level.
  func bounded(_ node: ExpressionNode, at range: ByteRange) throws(SyntaxDiagnostic) -> ExpressionNode {
    guard node.height <= PredicateParser.maximumNesting else { throw nestingTooDeep(at: range) }
    return node
  }

  /// `node`, or the nesting error at `range` when it is higher than `PredicateParser.maximumNesting`.
  func bounded(_ node: PredicateNode, at range: ByteRange) throws(SyntaxDiagnostic) -> PredicateNode {
    guard node.height <= PredicateParser.maximumNesting else { throw nestingTooDeep(at: range) }
    return node
  }
}

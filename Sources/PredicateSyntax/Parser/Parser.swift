/// The recursive-descent parser's state and token helpers. The grammar lives in
/// `Parser+Predicates.swift` and `Parser+Expressions.swift`, one `parseXxx()` per production of
/// `Grammar/PredicateFormat.ebnf`.
struct Parser {
  let tokens: [Token]
  let bytes: [UInt8]
  /// For each opening delimiter's token index, the index of its closing token (-1 elsewhere).
  let matchingClose: [Int]
  var index = 0
  var depth = 0

  /// Checks that `(` `)`, `{` `}` and `[` `]` balance before any parsing, so an unbalanced
  /// delimiter is reported where it is, not where the parser later gives up.
  init(tokens: [Token], bytes: [UInt8]) throws(SyntaxDiagnostic) {
    self.tokens = tokens
    self.bytes = bytes
    var stack: [Int] = []
    var matches = [Int](repeating: -1, count: tokens.count)
    for (position, token) in tokens.enumerated() {
      guard case .punctuation(let punctuation) = token.kind else { continue }
      switch punctuation {
      case .leftParenthesis, .leftBrace, .leftBracket:
        stack.append(position)
      case .rightParenthesis, .rightBrace, .rightBracket:
        guard let open = stack.last else {
          throw Parser.unbalanced(punctuation, at: token.range, message: "unmatched '\(punctuation.rawValue)'")
        }
        guard case .punctuation(let opening) = tokens[open].kind, Parser.closing(of: opening) == punctuation else {
          let opening = tokens[open]
          throw Parser.unbalanced(
            punctuation, at: token.range,
            message: "'\(punctuation.rawValue)' does not close the \(opening.kind.displayName) before it",
            notes: [.init(message: "unclosed \(opening.kind.displayName) is here", range: opening.range)])
        }
        stack.removeLast()
        matches[open] = position
      default:
        continue
      }
    }
    if let open = stack.last, case .punctuation(let punctuation) = tokens[open].kind {
      throw Parser.unbalanced(
        punctuation, at: tokens[open].range, message: "'\(punctuation.rawValue)' is never closed")
    }
    matchingClose = matches
  }

  private static func closing(of opening: Punctuation) -> Punctuation? {
    switch opening {
    case .leftParenthesis: return .rightParenthesis
    case .leftBrace: return .rightBrace
    case .leftBracket: return .rightBracket
    default: return nil
    }
  }

  private static func unbalanced(
    _ punctuation: Punctuation, at range: ByteRange, message: String, notes: [SyntaxDiagnostic.Note] = []
  ) -> SyntaxDiagnostic {
    let id: SyntaxDiagnosticID
    switch punctuation {
    case .leftBrace, .rightBrace: id = .unbalancedBrace
    case .leftBracket, .rightBracket: id = .unbalancedBracket
    default: id = .unbalancedParenthesis
    }
    return SyntaxDiagnostic(id, message, at: range, notes: notes)
  }

  // MARK: - Tokens

  /// The token at the cursor, borrowed (no copy: the parser asks for it many times per token).
  var current: Token {
    _read { yield tokens[index] }
  }
  var previousEnd: Int { index > 0 ? tokens[index - 1].range.end : 0 }

  func peek(_ offset: Int = 1) -> Token { tokens[min(index + offset, tokens.count - 1)] }

  /// Moves past the current token (never past the end) and returns its range. It returns no
  /// `Token`: copying one would retain and release its string on every token.
  @discardableResult
  mutating func advance() -> ByteRange {
    let range = tokens[index].range
    if index < tokens.count - 1 { index += 1 }
    return range
  }

  func isPunctuation(_ punctuation: Punctuation) -> Bool {
    if case .punctuation(let found) = tokens[index].kind { return found == punctuation }
    return false
  }

  func isPunctuation(_ punctuation: Punctuation, _ token: Token) -> Bool {
    if case .punctuation(let found) = token.kind { return found == punctuation }
    return false
  }

  func isKeyword(_ keyword: Keyword) -> Bool {
    if case .keyword(let found) = tokens[index].kind { return found == keyword }
    return false
  }

  /// The unescaped identifier spelled `word` (ASCII case-insensitively), for contextual words
  /// such as UNION or TERNARY that are not reserved.
  func isContextualWord(_ word: StaticString, _ token: Token? = nil) -> Bool {
    if case .identifier(let name, escaped: false) = (token ?? current).kind {
      return Keyword.spells(name, word)
    }
    return false
  }

  /// Consumes `punctuation` or throws `expected-token` naming what it is for.
  @discardableResult
  mutating func expect(_ punctuation: Punctuation, _ purpose: String) throws(SyntaxDiagnostic) -> ByteRange {
    guard isPunctuation(punctuation) else {
      throw SyntaxDiagnostic(
        .expectedToken, "expected '\(punctuation.rawValue)' \(purpose), found \(current.kind.displayName)",
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

  /// Runs `body` one nesting level deeper, refusing past `PredicateParser.maximumNesting`.
  mutating func nested<T>(_ body: (inout Parser) throws(SyntaxDiagnostic) -> T) throws(SyntaxDiagnostic) -> T {
    guard depth < PredicateParser.maximumNesting else {
      throw SyntaxDiagnostic(
        .nestingTooDeep, "nesting is deeper than \(PredicateParser.maximumNesting) levels", at: currentErrorRange)
    }
    depth += 1
    defer { depth -= 1 }
    return try body(&self)
  }
}

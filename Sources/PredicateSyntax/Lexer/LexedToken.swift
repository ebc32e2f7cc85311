/// A token as the parser reads it: plain data, no strings, so the lexer allocates nothing per token
/// and the parser copies tokens for free. A name or a literal's text stays in the source bytes
/// until a node needs it (`text(in:decodedTexts:)`); `Token` is the public, string-carrying form.
import SharelintBase

struct LexedToken {
  /// `TokenKind` without the strings.
  enum Kind: Equatable {
    /// A word, or any word escaped with `#`.
    case identifier(escaped: Bool)
    case keyword(Keyword)
    /// `@name`.
    case atIdentifier
    /// `$name`.
    case variable
    /// `modulus:by:`.
    case selectorName
    /// `%@`, `%K`, `%d`, …
    case placeholder
    /// A string literal delimited by `"` (or `“ ”`) when `isDouble`, else by `'` (or `‘ ’`).
    case string(isDouble: Bool)
    case integer(Int64)
    case real(Double)
    case punctuation(Punctuation)
    case endOfInput
  }

  /// What the token is.
  var kind: Kind
  /// Where it is, in UTF-8 bytes.
  var range: ByteRange
  /// For `(`, `{` and `[`, the index of the matching closing token once the input balances; -1 otherwise.
  var closeIndex = -1
  /// When the token's text is not a slice of the source (a string literal with escapes or
  /// typographic quotes, `#UTI-…`), its index in `LexedText.decodedTexts`; -1 otherwise.
  var decodedText = -1

  init(_ kind: Kind, range: ByteRange) {
    self.kind = kind
    self.range = range
  }
}

/// What the lexer hands the parser.
struct LexedText {
  /// The tokens, ending with `.endOfInput`.
  var tokens: [LexedToken]
  /// The texts that are not slices of the source, indexed by `LexedToken.decodedText`.
  var decodedTexts: [String]
  /// Typographic quotes found inside string literals (strict mode), in order.
  var typographicQuotesInStrings: [ByteRange]
  /// Typographic quotes the lenient mode read as string delimiters, in order.
  var typographicDelimiters: [ByteRange]
  /// The first delimiter that does not balance, if any: the parser reports it before parsing.
  var unbalanced: SyntaxDiagnostic?

  /// `token` in its public form, with its strings.
  func publicToken(_ token: LexedToken, in bytes: [UInt8]) -> Token {
    Token(kind: token.publicKind(in: bytes, decodedTexts: decodedTexts), range: token.range)
  }
}

extension LexedToken {
  /// The name, text or value the token carries: an identifier's or key's name without `#`, `@` or
  /// `$`, a placeholder or selector name as written, a string literal's decoded value. `bytes` is
  /// the source and `decodedTexts` the lexer's `LexedText.decodedTexts`.
  func text(in bytes: [UInt8], decodedTexts: [String]) -> String {
    if decodedText >= 0 { return decodedTexts[decodedText] }
    let textRange = self.textRange
    return String(decoding: bytes[textRange.start..<textRange.end], as: UTF8.self)
  }

  /// The bytes of the source that spell the token's text (when it has no decoded text).
  var textRange: ByteRange {
    switch kind {
    case .identifier(escaped: true), .atIdentifier, .variable:
      return ByteRange(start: range.start + 1, end: range.end)
    case .string:
      return ByteRange(start: range.start + 1, end: range.end - 1)
    default:
      return range
    }
  }

  /// The public `TokenKind` of the token.
  func publicKind(in bytes: [UInt8], decodedTexts: [String]) -> TokenKind {
    switch kind {
    case .identifier(let escaped): return .identifier(text(in: bytes, decodedTexts: decodedTexts), escaped: escaped)
    case .keyword(let keyword): return .keyword(keyword)
    case .atIdentifier: return .atIdentifier(text(in: bytes, decodedTexts: decodedTexts))
    case .variable: return .variable(text(in: bytes, decodedTexts: decodedTexts))
    case .selectorName: return .selectorName(text(in: bytes, decodedTexts: decodedTexts))
    case .placeholder: return .placeholder(text(in: bytes, decodedTexts: decodedTexts))
    case .string(let isDouble):
      return .string(text(in: bytes, decodedTexts: decodedTexts), quote: isDouble ? "\"" : "'")
    case .integer(let value): return .integer(value)
    case .real(let value): return .real(value)
    case .punctuation(let punctuation): return .punctuation(punctuation)
    case .endOfInput: return .endOfInput
    }
  }
}

/// One lexical token of a predicate format string, with its byte range.
public struct Token: Hashable, Sendable {
  /// What the token is, with its decoded payload where it has one.
  public var kind: TokenKind
  /// Where it is, in UTF-8 bytes.
  public var range: ByteRange

  /// A token of `kind` at `range`.
  public init(kind: TokenKind, range: ByteRange) {
    self.kind = kind
    self.range = range
  }
}

/// The kinds of token. Keywords are recognised case-insensitively; `#word` gives an identifier.
public enum TokenKind: Hashable, Sendable {
  /// A C-style identifier, or any word escaped with `#` (`escaped` is then true).
  case identifier(String, escaped: Bool)
  /// A reserved word (AND, SUBQUERY, UTI-CONFORMS-TO, …).
  case keyword(Keyword)
  /// `@name`, a collection operator or key.
  case atIdentifier(String)
  /// `$name`.
  case variable(String)
  /// A selector-style function name ending in a colon, `modulus:by:`.
  case selectorName(String)
  /// A format placeholder, `%@`, `%K`, `%d`, `%lu`, … (the text as written).
  case placeholder(String)
  /// A string literal's decoded value; `quote` is the delimiter used.
  case string(String, quote: Character)
  /// An integer literal's value.
  case integer(Int64)
  /// A decimal or exponent literal's value.
  case real(Double)
  /// Punctuation and operators.
  case punctuation(Punctuation)
  /// The end of the input.
  case endOfInput
}

/// Operators and delimiters.
public enum Punctuation: String, Hashable, Sendable, CaseIterable {
  case leftParenthesis = "("
  case rightParenthesis = ")"
  case leftBrace = "{"
  case rightBrace = "}"
  case leftBracket = "["
  case rightBracket = "]"
  case comma = ","
  case dot = "."
  case equal = "="
  case equalEqual = "=="
  case notEqual = "!="
  case lessGreater = "<>"
  case less = "<"
  case lessEqual = "<="
  case equalLess = "=<"
  case greater = ">"
  case greaterEqual = ">="
  case equalGreater = "=>"
  case plus = "+"
  case minus = "-"
  case star = "*"
  case slash = "/"
  case starStar = "**"
  case assign = ":="
  case bang = "!"
  case ampersandAmpersand = "&&"
  case pipePipe = "||"
}

/// The reserved words of the language (Apple's list) and the contextual words the parser knows.
public enum Keyword: String, Hashable, Sendable, CaseIterable {
  case and = "AND", or = "OR", `in` = "IN", not = "NOT"
  case all = "ALL", any = "ANY", some = "SOME", none = "NONE"
  case like = "LIKE", caseInsensitive = "CASEINSENSITIVE", ci = "CI", matches = "MATCHES"
  case contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", between = "BETWEEN"
  case null = "NULL", nilWord = "NIL", selfWord = "SELF"
  case trueWord = "TRUE", yes = "YES", falseWord = "FALSE", no = "NO"
  case first = "FIRST", last = "LAST", size = "SIZE"
  case anyKey = "ANYKEY", subquery = "SUBQUERY", fetch = "FETCH", cast = "CAST"
  case truePredicate = "TRUEPREDICATE", falsePredicate = "FALSEPREDICATE"
  case utiConformsTo = "UTI-CONFORMS-TO", utiEquals = "UTI-EQUALS"

  /// Looks up a word case-insensitively (ASCII).
  public init?(word: String) {
    guard let keyword = Keyword.byUppercasedWord[Keyword.asciiUppercased(word)] else { return nil }
    self = keyword
  }

  private static let byUppercasedWord: [String: Keyword] = {
    var table: [String: Keyword] = [:]
    for keyword in Keyword.allCases { table[keyword.rawValue] = keyword }
    return table
  }()

  static func asciiUppercased(_ word: String) -> String {
    String(decoding: word.utf8.map { ($0 >= 0x61 && $0 <= 0x7A) ? $0 - 0x20 : $0 }, as: UTF8.self)
  }
}

extension TokenKind {
  /// The token as a reader would name it in a message: `'AND'`, `')'`, `end of input`.
  public var displayName: String {
    switch self {
    case .identifier(let name, let escaped): return "'\(escaped ? "#" : "")\(name)'"
    case .keyword(let keyword): return "'\(keyword.rawValue)'"
    case .atIdentifier(let name): return "'@\(name)'"
    case .variable(let name): return "'$\(name)'"
    case .selectorName(let name): return "'\(name)'"
    case .placeholder(let text): return "'\(text)'"
    case .string: return "string literal"
    case .integer, .real: return "number"
    case .punctuation(let punctuation): return "'\(punctuation.rawValue)'"
    case .endOfInput: return "end of input"
    }
  }
}

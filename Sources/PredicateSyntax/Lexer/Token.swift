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
    guard let keyword = Keyword.lookup(Array(word.utf8)[...]) else { return nil }
    self = keyword
  }

  /// Looks up the word spelled by `bytes`, ASCII case-insensitively, without allocating: the
  /// lexer calls this for every identifier.
  static func lookup(_ bytes: ArraySlice<UInt8>) -> Keyword? {
    guard let packed = PackedWord(bytes) else { return nil }
    return byPackedWord[packed]
  }

  /// Up to 16 upper-cased ASCII bytes packed into two integers: a cheap dictionary key.
  struct PackedWord: Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init?(_ bytes: ArraySlice<UInt8>) {
      guard bytes.count >= 2, bytes.count <= 16 else { return nil }
      for (index, byte) in bytes.enumerated() {
        guard byte < 0x80 else { return nil }
        let upper = UInt64((byte >= 0x61 && byte <= 0x7A) ? byte - 0x20 : byte)
        if index < 8 { low |= upper << (8 * UInt64(index)) } else { high |= upper << (8 * UInt64(index - 8)) }
      }
    }
  }

  private static let byPackedWord: [PackedWord: Keyword] = {
    var table: [PackedWord: Keyword] = [:]
    for keyword in Keyword.allCases { table[PackedWord(Array(keyword.rawValue.utf8)[...])!] = keyword }
    return table
  }()

  static func asciiUppercased(_ word: String) -> String {
    String(decoding: word.utf8.map { ($0 >= 0x61 && $0 <= 0x7A) ? $0 - 0x20 : $0 }, as: UTF8.self)
  }

  /// Whether `word` spells `upper` (given in upper case), ASCII case-insensitively.
  static func spells(_ word: String, _ upper: StaticString) -> Bool {
    guard word.utf8.count == upper.utf8CodeUnitCount else { return false }
    return upper.withUTF8Buffer { expected in
      zip(word.utf8, expected).allSatisfy { actual, wanted in
        actual == wanted || (actual >= 0x61 && actual <= 0x7A && actual - 0x20 == wanted)
      }
    }
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

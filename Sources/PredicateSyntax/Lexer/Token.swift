/// One lexical token of a predicate format string, with its byte range.
import SharelintBase

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
    let found = word.utf8.withContiguousStorageIfAvailable(Keyword.lookup) ?? Array(word.utf8).withUnsafeBufferPointer(Keyword.lookup)
    guard let keyword = found else { return nil }
    self = keyword
  }

  /// Looks up the word spelled by `word`, ASCII case-insensitively, without allocating: the lexer
  /// calls this for every identifier. The word is packed, upper-cased, into two integers (first
  /// eight bytes big-endian in `head`, the rest in `tail`, so the constants below read as the
  /// keyword does), and compared with the keywords of its length. `KeywordTests` checks the table
  /// against `allCases`.
  @inline(__always)
  static func lookup(_ word: UnsafeBufferPointer<UInt8>) -> Keyword? {
    let count = word.count
    guard count >= 2, count <= 15 else { return nil }
    var allBits: UInt8 = 0
    func pack(_ range: Range<Int>) -> UInt64 {
      var packed: UInt64 = 0
      for index in range {
        let byte = word[index]
        allBits |= byte
        packed = packed << 8 | UInt64(byte &- 0x61 < 26 ? byte &- 0x20 : byte)
      }
      return packed
    }
    let head = pack(0..<min(count, 8))
    let tail = pack(min(count, 8)..<count)
    guard allBits < 0x80 else { return nil }
    switch count {
    case 2:
      switch head {
      case 0x43_49: return .ci
      case 0x49_4E: return .in
      case 0x4E_4F: return .no
      case 0x4F_52: return .or
      default: return nil
      }
    case 3:
      switch head {
      case 0x41_4C_4C: return .all
      case 0x41_4E_44: return .and
      case 0x41_4E_59: return .any
      case 0x4E_49_4C: return .nilWord
      case 0x4E_4F_54: return .not
      case 0x59_45_53: return .yes
      default: return nil
      }
    case 4:
      switch head {
      case 0x43_41_53_54: return .cast
      case 0x4C_41_53_54: return .last
      case 0x4C_49_4B_45: return .like
      case 0x4E_4F_4E_45: return Keyword.none
      case 0x4E_55_4C_4C: return .null
      case 0x53_45_4C_46: return .selfWord
      case 0x53_49_5A_45: return .size
      case 0x53_4F_4D_45: return Keyword.some
      case 0x54_52_55_45: return .trueWord
      default: return nil
      }
    case 5:
      switch head {
      case 0x46_41_4C_53_45: return .falseWord
      case 0x46_45_54_43_48: return .fetch
      case 0x46_49_52_53_54: return .first
      default: return nil
      }
    case 6:
      return head == 0x41_4E_59_4B_45_59 ? .anyKey : nil
    case 7:
      switch head {
      case 0x42_45_54_57_45_45_4E: return .between
      case 0x4D_41_54_43_48_45_53: return .matches
      default: return nil
      }
    case 8:
      switch head {
      case 0x43_4F_4E_54_41_49_4E_53: return .contains
      case 0x45_4E_44_53_57_49_54_48: return .endsWith
      case 0x53_55_42_51_55_45_52_59: return .subquery
      default: return nil
      }
    case 10:
      switch (head, tail) {
      case (0x42_45_47_49_4E_53_57_49, 0x54_48): return .beginsWith
      case (0x55_54_49_2D_45_51_55_41, 0x4C_53): return .utiEquals
      default: return nil
      }
    case 13:
      return (head, tail) == (0x54_52_55_45_50_52_45_44, 0x49_43_41_54_45) ? .truePredicate : nil
    case 14:
      return (head, tail) == (0x46_41_4C_53_45_50_52_45, 0x44_49_43_41_54_45) ? .falsePredicate : nil
    case 15:
      switch (head, tail) {
      case (0x43_41_53_45_49_4E_53_45, 0x4E_53_49_54_49_56_45): return .caseInsensitive
      case (0x55_54_49_2D_43_4F_4E_46, 0x4F_52_4D_53_2D_54_4F): return .utiConformsTo
      default: return nil
      }
    default:
      return nil
    }
  }

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

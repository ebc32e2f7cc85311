import SharelintBase

/// A token of an `#if` or `#elif` expression, with the file offset it came from (for a token of a
/// macro's body, the offset of the macro's name where it was used).
struct PreprocessorToken: Sendable {
  /// What the token is.
  enum Kind: Equatable, Sendable {
    case number(PreprocessorValue)
    case identifier(String)
    case punctuator(String)
    case invalid(String)
  }

  var kind: Kind
  var offset: Int
}

/// A value of the `#if` arithmetic: 64 bits, signed unless a `u` suffix or an unsigned operand made
/// it unsigned (C's usual arithmetic conversions on `intmax_t` / `uintmax_t`).
struct PreprocessorValue: Equatable, Sendable {
  var bits: UInt64
  var isUnsigned: Bool

  static let zero = PreprocessorValue(bits: 0, isUnsigned: false)
  static let one = PreprocessorValue(bits: 1, isUnsigned: false)

  init(bits: UInt64, isUnsigned: Bool) {
    self.bits = bits
    self.isUnsigned = isUnsigned
  }

  init(_ truth: Bool) { self.init(bits: truth ? 1 : 0, isUnsigned: false) }

  var signed: Int64 { Int64(bitPattern: bits) }
  var isTrue: Bool { bits != 0 }
}

/// An error of expression evaluation: a message and the file offset it points at.
struct PreprocessorExpressionError: Error {
  var message: String
  var offset: Int
}

/// Lexes the text of an `#if` expression into tokens (no macro expansion: the caller does that).
enum PreprocessorExpressionLexer {
  /// The tokens of `bytes`, where `offsets[i]` is the file offset of `bytes[i]` and `end` the offset
  /// just after the expression.
  static func tokens(_ bytes: [UInt8], offsets: [Int]) -> [PreprocessorToken] {
    var result: [PreprocessorToken] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let start = index
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C
        || byte == UInt8(ascii: "\r")
      {
        index += 1
        continue
      }
      if PreprocessorCharacters.isIdentifierStart(byte) {
        while index < bytes.count, PreprocessorCharacters.isIdentifierPart(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        result.append(PreprocessorToken(kind: .identifier(name), offset: offsets[start]))
        continue
      }
      if PreprocessorCharacters.isDigit(byte) {
        while index < bytes.count,
          PreprocessorCharacters.isIdentifierPart(bytes[index]) || bytes[index] == UInt8(ascii: ".")
        {
          index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let kind: PreprocessorToken.Kind = parseNumber(text).map { .number($0) } ?? .invalid(text)
        result.append(PreprocessorToken(kind: kind, offset: offsets[start]))
        continue
      }
      if byte == UInt8(ascii: "'") {
        index += 1
        var value: UInt64 = 0
        var valid = true
        var count = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
          var character = bytes[index]
          if character == UInt8(ascii: "\\"), index + 1 < bytes.count {
            index += 1
            switch bytes[index] {
            case UInt8(ascii: "n"): character = 10
            case UInt8(ascii: "t"): character = 9
            case UInt8(ascii: "r"): character = 13
            case UInt8(ascii: "0"): character = 0
            default: character = bytes[index]
            }
          }
          value = (value << 8) | UInt64(character)
          count += 1
          index += 1
        }
        if index < bytes.count { index += 1 } else { valid = false }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let kind: PreprocessorToken.Kind =
          valid && count > 0 ? .number(PreprocessorValue(bits: value, isUnsigned: false)) : .invalid(text)
        result.append(PreprocessorToken(kind: kind, offset: offsets[start]))
        continue
      }
      let punctuators = ["<<", ">>", "<=", ">=", "==", "!=", "&&", "||"]
      if index + 1 < bytes.count {
        let pair = String(decoding: bytes[index..<(index + 2)], as: UTF8.self)
        if punctuators.contains(pair) {
          result.append(PreprocessorToken(kind: .punctuator(pair), offset: offsets[start]))
          index += 2
          continue
        }
      }
      let single = String(decoding: [byte], as: UTF8.self)
      if "()!~-+*/%<>&^|?:,".utf8.contains(byte) {
        result.append(PreprocessorToken(kind: .punctuator(single), offset: offsets[start]))
      } else {
        let length = min(SourceText.scalarLength(leadByte: byte), bytes.count - index)
        let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        result.append(PreprocessorToken(kind: .invalid(text), offset: offsets[start]))
        index += length
        continue
      }
      index += 1
    }
    return result
  }

  /// The value of an integer literal (decimal, `0x` hexadecimal, `0b` binary, `0` octal, with `u`/`l`
  /// suffixes in any case and order), or nil when it is not one.
  static func parseNumber(_ text: String) -> PreprocessorValue? {
    var digits = Substring(text.lowercased())
    var isUnsigned = false
    var suffixCount = 0
    while let last = digits.last, last == "u" || last == "l" {
      if last == "u" {
        if isUnsigned { return nil }
        isUnsigned = true
      }
      digits.removeLast()
      suffixCount += 1
      if suffixCount > 3 { return nil }
    }
    var radix = 10
    if digits.hasPrefix("0x") {
      radix = 16
      digits.removeFirst(2)
    } else if digits.hasPrefix("0b") {
      radix = 2
      digits.removeFirst(2)
    } else if digits.count > 1, digits.hasPrefix("0") {
      radix = 8
      digits.removeFirst()
    }
    guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else { return nil }
    // A decimal literal too big for intmax_t is unsigned, as is any literal above it.
    return PreprocessorValue(bits: value, isUnsigned: isUnsigned || value > UInt64(Int64.max))
  }
}

/// Evaluates an `#if` expression already macro-expanded into tokens, with C's precedence; undefined
/// identifiers are 0, operands that are not evaluated (`0 && 1/0`) raise no error.
struct PreprocessorExpressionParser {
  private let tokens: [PreprocessorToken]
  private let endOffset: Int
  private var index = 0
  private var depth = 0
  /// The most nested parentheses and operators accepted, far above any real `#if`.
  static let maximumDepth = 200

  init(tokens: [PreprocessorToken], endOffset: Int) {
    self.tokens = tokens
    self.endOffset = endOffset
  }

  /// The value of the whole expression.
  static func evaluate(_ tokens: [PreprocessorToken], endOffset: Int) throws(PreprocessorExpressionError)
    -> PreprocessorValue
  {
    var parser = PreprocessorExpressionParser(tokens: tokens, endOffset: endOffset)
    guard !tokens.isEmpty else {
      throw PreprocessorExpressionError(message: "#if with no expression", offset: endOffset)
    }
    let value = try parser.parseConditional(evaluating: true)
    if parser.index < tokens.count {
      throw PreprocessorExpressionError(
        message: "missing binary operator before '\(parser.describe(tokens[parser.index]))'",
        offset: tokens[parser.index].offset)
    }
    return value
  }

  private func describe(_ token: PreprocessorToken) -> String {
    switch token.kind {
    case .number(let value): return value.isUnsigned ? "\(value.bits)" : "\(value.signed)"
    case .identifier(let name): return name
    case .punctuator(let text): return text
    case .invalid(let text): return text
    }
  }

  private var currentOffset: Int { index < tokens.count ? tokens[index].offset : endOffset }

  private func peekPunctuator() -> String? {
    guard index < tokens.count, case .punctuator(let text) = tokens[index].kind else { return nil }
    return text
  }

  private mutating func expect(_ punctuator: String) throws(PreprocessorExpressionError) {
    guard peekPunctuator() == punctuator else {
      let found = index < tokens.count ? "'\(describe(tokens[index]))'" : "end of expression"
      throw PreprocessorExpressionError(message: "expected '\(punctuator)' before \(found)", offset: currentOffset)
    }
    index += 1
  }

  /// conditional := logical-or ('?' conditional ':' conditional)?
  private mutating func parseConditional(evaluating: Bool) throws(PreprocessorExpressionError) -> PreprocessorValue {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw PreprocessorExpressionError(message: "#if expression nested too deeply", offset: currentOffset)
    }
    let condition = try parseBinary(level: 0, evaluating: evaluating)
    guard peekPunctuator() == "?" else { return condition }
    index += 1
    let whenTrue = try parseConditional(evaluating: evaluating && condition.isTrue)
    try expect(":")
    let whenFalse = try parseConditional(evaluating: evaluating && !condition.isTrue)
    var result = condition.isTrue ? whenTrue : whenFalse
    result.isUnsigned = whenTrue.isUnsigned || whenFalse.isUnsigned
    return result
  }

  /// The binary operators from the loosest (`||`) to the tightest (`*` `/` `%`).
  private static let levels: [[String]] = [
    ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="], ["<<", ">>"], ["+", "-"],
    ["*", "/", "%"],
  ]

  /// binary(level) := binary(level + 1) (operator-of-level binary(level + 1))*
  private mutating func parseBinary(level: Int, evaluating: Bool) throws(PreprocessorExpressionError)
    -> PreprocessorValue
  {
    if level == Self.levels.count { return try parseUnary(evaluating: evaluating) }
    var left = try parseBinary(level: level + 1, evaluating: evaluating)
    while let text = peekPunctuator(), Self.levels[level].contains(text) {
      let operatorOffset = tokens[index].offset
      index += 1
      let rightEvaluated: Bool
      switch text {
      case "&&": rightEvaluated = evaluating && left.isTrue
      case "||": rightEvaluated = evaluating && !left.isTrue
      default: rightEvaluated = evaluating
      }
      let right = try parseBinary(level: level + 1, evaluating: rightEvaluated)
      left = try Self.apply(text, left, right, evaluating: evaluating, at: operatorOffset)
    }
    return left
  }

  /// The value of `left text right`.
  private static func apply(
    _ text: String, _ left: PreprocessorValue, _ right: PreprocessorValue, evaluating: Bool, at offset: Int
  ) throws(PreprocessorExpressionError) -> PreprocessorValue {
    let isUnsigned = left.isUnsigned || right.isUnsigned
    func arithmetic(_ bits: UInt64) -> PreprocessorValue { PreprocessorValue(bits: bits, isUnsigned: isUnsigned) }
    switch text {
    case "||": return PreprocessorValue(left.isTrue || right.isTrue)
    case "&&": return PreprocessorValue(left.isTrue && right.isTrue)
    case "|": return arithmetic(left.bits | right.bits)
    case "^": return arithmetic(left.bits ^ right.bits)
    case "&": return arithmetic(left.bits & right.bits)
    case "==": return PreprocessorValue(left.bits == right.bits)
    case "!=": return PreprocessorValue(left.bits != right.bits)
    case "<", "<=", ">", ">=":
      let order: Int
      if isUnsigned {
        order = left.bits < right.bits ? -1 : (left.bits == right.bits ? 0 : 1)
      } else {
        order = left.signed < right.signed ? -1 : (left.signed == right.signed ? 0 : 1)
      }
      switch text {
      case "<": return PreprocessorValue(order < 0)
      case "<=": return PreprocessorValue(order <= 0)
      case ">": return PreprocessorValue(order > 0)
      default: return PreprocessorValue(order >= 0)
      }
    case "<<", ">>":
      // A negative count shifts the other way; counts of 64 and more give 0 (or the sign for >>).
      var count = right.isUnsigned ? (right.bits > 64 ? 64 : Int(right.bits)) : Int(clamping: right.signed)
      var leftward = text == "<<"
      if count < 0 {
        leftward.toggle()
        count = count == Int.min ? 64 : -count
      }
      count = min(count, 64)
      if leftward {
        return PreprocessorValue(bits: count >= 64 ? 0 : left.bits << UInt64(count), isUnsigned: left.isUnsigned)
      }
      if left.isUnsigned {
        return PreprocessorValue(bits: count >= 64 ? 0 : left.bits >> UInt64(count), isUnsigned: true)
      }
      let shifted = count >= 64 ? (left.signed < 0 ? -1 : 0) : left.signed >> Int64(count)
      return PreprocessorValue(bits: UInt64(bitPattern: shifted), isUnsigned: false)
    case "+": return arithmetic(left.bits &+ right.bits)
    case "-": return arithmetic(left.bits &- right.bits)
    case "*": return arithmetic(left.bits &* right.bits)
    default:  // "/" and "%"
      guard right.bits != 0 else {
        if !evaluating { return arithmetic(0) }
        throw PreprocessorExpressionError(message: "division by zero in #if", offset: offset)
      }
      if isUnsigned { return arithmetic(text == "/" ? left.bits / right.bits : left.bits % right.bits) }
      if left.signed == Int64.min, right.signed == -1 { return arithmetic(text == "/" ? left.bits : 0) }
      let value = text == "/" ? left.signed / right.signed : left.signed % right.signed
      return arithmetic(UInt64(bitPattern: value))
    }
  }

  /// unary := ('!' | '~' | '-' | '+') unary | primary
  private mutating func parseUnary(evaluating: Bool) throws(PreprocessorExpressionError) -> PreprocessorValue {
    guard let text = peekPunctuator(), ["!", "~", "-", "+"].contains(text) else {
      return try parsePrimary(evaluating: evaluating)
    }
    index += 1
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw PreprocessorExpressionError(message: "#if expression nested too deeply", offset: currentOffset)
    }
    let operand = try parseUnary(evaluating: evaluating)
    switch text {
    case "!": return PreprocessorValue(!operand.isTrue)
    case "~": return PreprocessorValue(bits: ~operand.bits, isUnsigned: operand.isUnsigned)
    case "-": return PreprocessorValue(bits: 0 &- operand.bits, isUnsigned: operand.isUnsigned)
    default: return operand
    }
  }

  /// primary := number | identifier | '(' conditional ')'
  private mutating func parsePrimary(evaluating: Bool) throws(PreprocessorExpressionError) -> PreprocessorValue {
    guard index < tokens.count else {
      throw PreprocessorExpressionError(message: "expected value in expression", offset: endOffset)
    }
    let token = tokens[index]
    switch token.kind {
    case .number(let value):
      index += 1
      return value
    case .identifier:
      index += 1
      return .zero
    case .punctuator("("):
      index += 1
      let value = try parseConditional(evaluating: evaluating)
      try expect(")")
      return value
    case .punctuator(let text):
      throw PreprocessorExpressionError(message: "expected value in expression before '\(text)'", offset: token.offset)
    case .invalid(let text):
      throw PreprocessorExpressionError(message: "invalid token '\(text)' in #if expression", offset: token.offset)
    }
  }
}

/// Byte classes of the preprocessor.
enum PreprocessorCharacters {
  static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
  }

  static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

  /// The punctuator pairs C reads as one token (or as a comment's start), which clang's output keeps apart
  /// with a space where a macro expansion brought them together.
  private static let joiningPairs: Set<[UInt8]> = Set(
    [
      "--", "++", "-=", "->", "+=", "<<", "<=", ">>", ">=", "==", "!=", "&&", "&=", "||", "|=", "*=", "/=", "%=",
      "^=", "##", "<:", ":>", "<%", "%>", "%:", "/*", "//",
    ].map { Array($0.utf8) })

  /// Whether `left` followed by `right` would read as one token: two identifier or number characters,
  /// a digit and `.`, or a pair of `joiningPairs`.
  static func wouldJoin(_ left: UInt8, _ right: UInt8) -> Bool {
    if isIdentifierPart(left) && isIdentifierPart(right) { return true }
    if (isDigit(left) && right == UInt8(ascii: ".")) || (left == UInt8(ascii: ".") && isDigit(right)) { return true }
    return joiningPairs.contains([left, right])
  }

  /// The end of the preprocessing number starting at `start` (a digit): digits, letters, `_`, `.`, and
  /// a sign after `e`, `E`, `p` or `P`. No macro is replaced inside one (`1SCHEME` stays as written).
  static func endOfNumber(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
        [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[index - 1])
      {
        index += 1
      } else if isIdentifierPart(byte) || byte == UInt8(ascii: ".") {
        index += 1
      } else {
        break
      }
    }
    return index
  }
}

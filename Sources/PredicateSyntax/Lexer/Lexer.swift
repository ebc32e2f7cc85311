/// Splits a predicate format string into tokens with byte ranges.
///
/// The lexer stops at the first error (it throws a `SyntaxDiagnostic`). In lenient mode typographic
/// quotes `“ ” ‘ ’` delimit strings like their ASCII cousins and are recorded, so analysis can go on.
public struct Lexer {
  /// What a run of the lexer produced besides its tokens.
  public struct Output: Sendable {
    /// The tokens, ending with `.endOfInput`.
    public var tokens: [Token]
    /// Typographic quotes found inside string literals (strict mode), in order. They are legal
    /// there, but when the predicate then fails to parse they are the likely cause.
    public var typographicQuotesInStrings: [ByteRange]
    /// Typographic quotes the lenient mode read as string delimiters, in order.
    public var typographicDelimiters: [ByteRange]
  }

  private let bytes: [UInt8]
  private let lenient: Bool
  private var offset = 0
  private var tokens: [Token] = []
  private var typographicQuotesInStrings: [ByteRange] = []
  private var typographicDelimiters: [ByteRange] = []

  /// A lexer over `bytes`; `lenient` reads typographic quotes as quotes.
  public init(bytes: [UInt8], lenient: Bool = false) {
    self.bytes = bytes
    self.lenient = lenient
  }

  /// Tokenizes the whole input or throws the first lexical error.
  public static func tokenize(_ bytes: [UInt8], lenient: Bool = false) throws(SyntaxDiagnostic) -> Output {
    var lexer = Lexer(bytes: bytes, lenient: lenient)
    return try lexer.run()
  }

  private mutating func run() throws(SyntaxDiagnostic) -> Output {
    tokens.reserveCapacity(bytes.count / 4 + 2)
    while true {
      skipWhitespace()
      guard offset < bytes.count else { break }
      try lexToken()  // Every token consumes at least one byte: each branch advances `offset`.
    }
    tokens.append(Token(kind: .endOfInput, range: .empty(at: bytes.count)))
    return Output(
      tokens: tokens, typographicQuotesInStrings: typographicQuotesInStrings,
      typographicDelimiters: typographicDelimiters)
  }

  // MARK: - Characters

  private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
  }

  private static func isIdentifierContinue(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
  }

  /// Decodes the Unicode scalar at `index`, or nil for invalid UTF-8; returns its length too.
  private func scalar(at index: Int) -> (scalar: Unicode.Scalar?, length: Int) {
    let lead = bytes[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length = SourceText.scalarLength(leadByte: lead)
    guard length > 1, index + length <= bytes.count else { return (nil, 1) }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for continuation in bytes[(index + 1)..<(index + length)] {
      guard continuation & 0xC0 == 0x80 else { return (nil, 1) }
      value = value << 6 | UInt32(continuation & 0x3F)
    }
    return (Unicode.Scalar(value), length)
  }

  /// The typographic quote at `index`, if one starts there: its text and whether it is a double one.
  private func typographicQuote(at index: Int) -> (text: String, isDouble: Bool)? {
    guard index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80 else { return nil }
    switch bytes[index + 2] {
    case 0x9C: return ("“", true)
    case 0x9D: return ("”", true)
    case 0x98: return ("‘", false)
    case 0x99: return ("’", false)
    default: return nil
    }
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: offset += 1
      default: return
      }
    }
  }

  private mutating func append(_ kind: TokenKind, from start: Int) {
    tokens.append(Token(kind: kind, range: ByteRange(start: start, end: offset)))
  }

  // MARK: - Tokens

  private mutating func lexToken() throws(SyntaxDiagnostic) {
    let start = offset
    let first = bytes[offset]
    switch first {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      try lexString(openingLength: 1, isDouble: first == UInt8(ascii: "\""))
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      try lexNumber()
    case UInt8(ascii: "$"):
      offset += 1
      guard let name = lexWord() else {
        throw unexpected(start, "expected a variable name after '$'")
      }
      append(.variable(name), from: start)
    case UInt8(ascii: "@"):
      offset += 1
      guard let name = lexWord() else {
        throw unexpected(start, "expected a key after '@'")
      }
      append(.atIdentifier(name), from: start)
    case UInt8(ascii: "#"):
      offset += 1
      guard let name = lexWord() else {
        throw unexpected(start, "expected a word after '#'")
      }
      if Keyword.spells(name, "UTI"), let suffix = lexUTIOperatorSuffix() {
        append(.identifier(name + suffix, escaped: true), from: start)
      } else {
        append(.identifier(name, escaped: true), from: start)
      }
    case UInt8(ascii: "%"):
      try lexPlaceholder()
    default:
      if Lexer.isIdentifierStart(first) || first >= 0x80 {
        try lexWordToken()
      } else {
        try lexPunctuation()
      }
    }
  }

  /// Reads `[A-Za-z_][A-Za-z0-9_]*` (and non-ASCII letters) at the cursor, or nothing.
  private mutating func lexWord() -> String? {
    let start = offset
    guard skipWord() else { return nil }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// Moves past a word at the cursor; false (and no move) when there is none.
  private mutating func skipWord() -> Bool {
    let start = offset
    guard start < bytes.count, !Lexer.isDigit(bytes[start]) else { return false }
    // The cursor is a local: the ASCII loop runs once per byte of every word.
    var cursor = start
    let end = bytes.count
    while cursor < end {
      let current = bytes[cursor]
      if current < 0x80 {
        guard Lexer.isIdentifierContinue(current) else { break }
        cursor += 1
      } else {
        guard typographicQuote(at: cursor) == nil else { break }
        let (scalar, length) = scalar(at: cursor)
        guard let scalar, scalar.properties.isAlphabetic else { break }
        cursor += length
      }
    }
    offset = cursor
    return cursor > start
  }

  private static let utiOperatorSuffixes: [(text: String, bytes: [UInt8])] = [
    ("-CONFORMS-TO", Array("-CONFORMS-TO".utf8)), ("-EQUALS", Array("-EQUALS".utf8)),
  ]

  /// After a word `UTI`, reads `-CONFORMS-TO` or `-EQUALS` when the next bytes spell one.
  private mutating func lexUTIOperatorSuffix() -> String? {
    for suffix in Lexer.utiOperatorSuffixes {
      let end = offset + suffix.bytes.count
      guard end <= bytes.count else { continue }
      var matches = true
      for (index, expected) in suffix.bytes.enumerated() {
        let actual = bytes[offset + index]
        if actual != expected && !(actual >= 0x61 && actual <= 0x7A && actual - 0x20 == expected) {
          matches = false
          break
        }
      }
      let boundary = end == bytes.count || !Lexer.isIdentifierContinue(bytes[end])
      if matches && boundary {
        offset = end
        return suffix.text
      }
    }
    return nil
  }

  private mutating func lexWordToken() throws(SyntaxDiagnostic) {
    let start = offset
    if let quote = typographicQuote(at: offset) {
      if lenient {
        try lexString(openingLength: 3, isDouble: quote.isDouble)
        return
      }
      throw typographicQuoteError(at: start, quote: quote.text)
    }
    guard skipWord() else {
      let (scalar, length) = scalar(at: offset)
      let range = ByteRange(start: start, end: min(bytes.count, start + length))
      guard let scalar else {
        throw SyntaxDiagnostic(.unexpectedCharacter, "invalid UTF-8 byte", at: range)
      }
      var hex = String(scalar.value, radix: 16, uppercase: true)
      while hex.count < 4 { hex = "0" + hex }
      let code = "U+" + hex
      let what = scalar.properties.isWhitespace
        ? "'\(Character(scalar))' (\(code)) is not whitespace to Apple's parser; use a plain space"
        : "unexpected character '\(Character(scalar))' (\(code))"
      throw SyntaxDiagnostic(.unexpectedCharacter, what, at: range)
    }
    let isSelectorPiece = byte(at: offset) == UInt8(ascii: ":") && byte(at: offset + 1) != UInt8(ascii: "=")
    if !isSelectorPiece, let keyword = Keyword.lookup(bytes[start..<offset]) {
      append(.keyword(keyword), from: start)
      return
    }
    if offset - start == 3, bytes[start] | 0x20 == UInt8(ascii: "u"), bytes[start + 1] | 0x20 == UInt8(ascii: "t"),
      bytes[start + 2] | 0x20 == UInt8(ascii: "i"), let suffix = lexUTIOperatorSuffix()
    {
      append(.keyword(suffix == "-EQUALS" ? .utiEquals : .utiConformsTo), from: start)
      return
    }
    let word = String(decoding: bytes[start..<offset], as: UTF8.self)
    // A selector-style function name: `modulus:by:` (a colon not starting `:=`).
    if isSelectorPiece {
      var name = word + ":"
      offset += 1
      while true {
        let pieceStart = offset
        guard let piece = lexWord() else { break }
        if byte(at: offset) == UInt8(ascii: ":"), byte(at: offset + 1) != UInt8(ascii: "=") {
          name += piece + ":"
          offset += 1
        } else {
          offset = pieceStart
          break
        }
      }
      append(.selectorName(name), from: start)
      return
    }
    append(.identifier(word, escaped: false), from: start)
  }

  private func unexpected(_ start: Int, _ message: String) -> SyntaxDiagnostic {
    SyntaxDiagnostic(.unexpectedCharacter, message, at: ByteRange(start: start, end: start + 1))
  }

  private func typographicQuoteError(at start: Int, quote: String) -> SyntaxDiagnostic {
    let ascii = quote == "“" || quote == "”" ? "\"" : "'"
    return SyntaxDiagnostic(
      .typographicQuote, "typographic quote '\(quote)' is not a string delimiter; use '\(ascii)'",
      at: ByteRange(start: start, end: start + 3), label: "typographic quote",
      fixIts: [FixIt(
        title: "replace '\(quote)' with '\(ascii)'",
        edits: [TextEdit(range: ByteRange(start: start, end: start + 3), replacement: ascii)],
        applicability: .safe)])
  }

  // MARK: Strings

  /// Reads a string literal whose opening quote (1 byte, or 3 for a typographic one) is at the cursor.
  private mutating func lexString(openingLength: Int, isDouble: Bool) throws(SyntaxDiagnostic) {
    let start = offset
    let openingQuote = bytes[start]
    if openingLength == 3 { typographicDelimiters.append(ByteRange(start: start, end: start + 3)) }
    offset += openingLength
    if openingLength == 1, let end = plainStringEnd(from: offset, quote: openingQuote) {
      // The common case: no escape and no typographic quote, so the text is the bytes themselves.
      let text = String(decoding: bytes[offset..<end], as: UTF8.self)
      offset = end + 1
      append(.string(text, quote: isDouble ? "\"" : "'"), from: start)
      return
    }
    var value: [UInt8] = []
    let quotesBefore = typographicQuotesInStrings.count
    while true {
      guard offset < bytes.count else {
        let opening = ByteRange(start: start, end: start + openingLength)
        if typographicQuotesInStrings.count > quotesBefore {
          // `"public.image”`: the typographic quote was meant to close the string.
          let quote = typographicQuotesInStrings[quotesBefore]
          var diagnostic = typographicQuoteError(
            at: quote.start, quote: String(decoding: bytes[quote.start..<quote.end], as: UTF8.self))
          diagnostic.message = diagnostic.message.replacingFirst(
            "is not a string delimiter", with: "does not close the string")
          diagnostic.notes = [.init(message: "the string that starts here is never closed", range: opening)]
          throw diagnostic
        }
        throw SyntaxDiagnostic(
          .unterminatedString, "unterminated string literal", at: opening, label: "string starts here")
      }
      let current = bytes[offset]
      if openingLength == 1 && current == openingQuote {
        offset += 1
        break
      }
      if let quote = typographicQuote(at: offset) {
        let quoteRange = ByteRange(start: offset, end: offset + 3)
        if lenient && quote.isDouble == isDouble {
          typographicDelimiters.append(quoteRange)
          offset += 3
          break
        }
        if !lenient { typographicQuotesInStrings.append(quoteRange) }
        value.append(contentsOf: bytes[offset..<(offset + 3)])
        offset += 3
        continue
      }
      if lenient && openingLength == 3 && current == (isDouble ? UInt8(ascii: "\"") : UInt8(ascii: "'")) {
        offset += 1
        break
      }
      if current == UInt8(ascii: "\\") {
        try lexEscape(into: &value)
        continue
      }
      value.append(current)
      offset += 1
    }
    let decoded = String(decoding: value, as: UTF8.self)
    append(.string(decoded, quote: isDouble ? "\"" : "'"), from: start)
  }

  /// The offset of the closing `quote` when the string from `index` has no backslash and no
  /// typographic quote before it; nil otherwise (the general path then reads it).
  private func plainStringEnd(from index: Int, quote: UInt8) -> Int? {
    var cursor = index
    while cursor < bytes.count {
      let current = bytes[cursor]
      if current == quote { return cursor }
      if current == UInt8(ascii: "\\") || (current == 0xE2 && typographicQuote(at: cursor) != nil) { return nil }
      cursor += 1
    }
    return nil
  }

  /// Reads one backslash escape at the cursor and appends its UTF-8 to `value`.
  private mutating func lexEscape(into value: inout [UInt8]) throws(SyntaxDiagnostic) {
    let start = offset
    guard let next = byte(at: offset + 1) else {
      offset += 1
      return  // The loop then reports the unterminated string.
    }
    func invalid(_ message: String, length: Int) -> SyntaxDiagnostic {
      SyntaxDiagnostic(.invalidEscape, message, at: ByteRange(start: start, end: min(bytes.count, start + length)))
    }
    switch next {
    case UInt8(ascii: "n"): value.append(0x0A); offset += 2
    case UInt8(ascii: "t"): value.append(0x09); offset += 2
    case UInt8(ascii: "r"): value.append(0x0D); offset += 2
    case UInt8(ascii: "a"): value.append(0x07); offset += 2
    case UInt8(ascii: "b"): value.append(0x08); offset += 2
    case UInt8(ascii: "f"): value.append(0x0C); offset += 2
    case UInt8(ascii: "v"): value.append(0x0B); offset += 2
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var scalarValue: UInt32 = 0
      for index in 1...3 {
        guard let digit = byte(at: offset + index), digit >= 0x30, digit <= 0x37 else {
          throw invalid("octal escape needs three octal digits, as in '\\101'", length: 1 + index)
        }
        scalarValue = scalarValue * 8 + UInt32(digit - 0x30)
      }
      appendScalar(scalarValue, to: &value)
      offset += 4
    case UInt8(ascii: "x"), UInt8(ascii: "X"):
      guard let high = byte(at: offset + 2).flatMap(Lexer.hexValue),
        let low = byte(at: offset + 3).flatMap(Lexer.hexValue)
      else {
        throw invalid("'\\x' escape needs two hexadecimal digits, as in '\\x41'", length: 2)
      }
      appendScalar(high * 16 + low, to: &value)
      offset += 4
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      var scalarValue: UInt32 = 0
      for index in 2...5 {
        guard let digit = byte(at: offset + index).flatMap(Lexer.hexValue) else {
          throw invalid("'\\u' escape needs four hexadecimal digits, as in '\\u00e9'", length: 2)
        }
        scalarValue = scalarValue * 16 + digit
      }
      guard Unicode.Scalar(scalarValue) != nil else {
        throw invalid("'\\u' escape names no Unicode scalar (a lone surrogate)", length: 6)
      }
      appendScalar(scalarValue, to: &value)
      offset += 6
    default:
      // `\"`, `\'`, `\\` and any other character stand for themselves (as in Apple's lexer).
      let (_, length) = scalar(at: offset + 1)
      value.append(contentsOf: bytes[(offset + 1)..<(offset + 1 + length)])
      offset += 1 + length
    }
  }

  private func appendScalar(_ value: UInt32, to bytes: inout [UInt8]) {
    guard let scalar = Unicode.Scalar(value) else { return }
    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  // MARK: Numbers

  private mutating func lexNumber() throws(SyntaxDiagnostic) {
    let start = offset
    func invalid(_ message: String) -> SyntaxDiagnostic {
      var end = offset
      while end < bytes.count, Lexer.isIdentifierContinue(bytes[end]) || bytes[end] == UInt8(ascii: ".") {
        end += 1
      }
      return SyntaxDiagnostic(.invalidNumber, message, at: ByteRange(start: start, end: max(end, start + 1)))
    }
    if bytes[offset] == UInt8(ascii: "0"), let prefix = byte(at: offset + 1),
      let radix = [UInt8(ascii: "x"): 16, UInt8(ascii: "X"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "O"): 8,
                   UInt8(ascii: "b"): 2, UInt8(ascii: "B"): 2][prefix]
    {
      offset += 2
      let digitsStart = offset
      var value: UInt64 = 0
      var overflow = false
      while offset < bytes.count, let digit = Lexer.hexValue(bytes[offset]), digit < radix {
        let (multiplied, overflow1) = value.multipliedReportingOverflow(by: UInt64(radix))
        let (added, overflow2) = multiplied.addingReportingOverflow(UInt64(digit))
        overflow = overflow || overflow1 || overflow2
        value = added
        offset += 1
      }
      let name = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary"
      if offset == digitsStart || (offset < bytes.count && Lexer.isIdentifierContinue(bytes[offset])) {
        throw invalid("invalid \(name) number")
      }
      guard !overflow, value <= UInt64(Int64.max) else {
        throw SyntaxDiagnostic(
          .numberOutOfRange, "\(name) number does not fit in 64 bits", at: ByteRange(start: start, end: offset))
      }
      append(.integer(Int64(value)), from: start)
      return
    }
    while offset < bytes.count, Lexer.isDigit(bytes[offset]) { offset += 1 }
    var isInteger = true
    if byte(at: offset) == UInt8(ascii: "."), let next = byte(at: offset + 1), Lexer.isDigit(next) {
      isInteger = false
      offset += 1
      while offset < bytes.count, Lexer.isDigit(bytes[offset]) { offset += 1 }
    }
    if let marker = byte(at: offset), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      isInteger = false
      offset += 1
      if let sign = byte(at: offset), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
      let digitsStart = offset
      while offset < bytes.count, Lexer.isDigit(bytes[offset]) { offset += 1 }
      if offset == digitsStart { throw invalid("exponent needs digits, as in '1e-5'") }
    }
    if offset < bytes.count, Lexer.isIdentifierContinue(bytes[offset]) {
      throw invalid("invalid number")
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if isInteger, let value = Int64(text) {
      append(.integer(value), from: start)
      return
    }
    guard let value = Double(text), value.isFinite else {
      throw SyntaxDiagnostic(.numberOutOfRange, "number is too large", at: ByteRange(start: start, end: offset))
    }
    append(.real(value), from: start)
  }

  // MARK: Placeholders

  private mutating func lexPlaceholder() throws(SyntaxDiagnostic) {
    let start = offset
    offset += 1
    if let next = byte(at: offset), next == UInt8(ascii: "@") || next == UInt8(ascii: "K") {
      offset += 1
      append(.placeholder(String(decoding: bytes[start..<offset], as: UTF8.self)), from: start)
      return
    }
    let lengthModifiers = Set("hlqLzjt".utf8)
    let conversions = Set("diouxXfFeEgGcCsSpaA".utf8)
    var modifierCount = 0
    while let next = byte(at: offset), lengthModifiers.contains(next), modifierCount < 2 {
      offset += 1
      modifierCount += 1
    }
    guard let conversion = byte(at: offset), conversions.contains(conversion) else {
      throw SyntaxDiagnostic(
        .invalidPlaceholder, "'%' must start a format placeholder such as '%@', '%K' or '%d'",
        at: ByteRange(start: start, end: start + 1))
    }
    offset += 1
    append(.placeholder(String(decoding: bytes[start..<offset], as: UTF8.self)), from: start)
  }

  // MARK: Punctuation

  private mutating func lexPunctuation() throws(SyntaxDiagnostic) {
    let start = offset
    let first = bytes[offset]
    let second = byte(at: offset + 1)
    func emit(_ punctuation: Punctuation, length: Int) {
      offset += length
      append(.punctuation(punctuation), from: start)
    }
    switch first {
    case UInt8(ascii: "("): emit(.leftParenthesis, length: 1)
    case UInt8(ascii: ")"): emit(.rightParenthesis, length: 1)
    case UInt8(ascii: "{"): emit(.leftBrace, length: 1)
    case UInt8(ascii: "}"): emit(.rightBrace, length: 1)
    case UInt8(ascii: "["): emit(.leftBracket, length: 1)
    case UInt8(ascii: "]"): emit(.rightBracket, length: 1)
    case UInt8(ascii: ","): emit(.comma, length: 1)
    case UInt8(ascii: "."): emit(.dot, length: 1)
    case UInt8(ascii: "+"): emit(.plus, length: 1)
    case UInt8(ascii: "-"): emit(.minus, length: 1)
    case UInt8(ascii: "/"): emit(.slash, length: 1)
    case UInt8(ascii: "*"): second == UInt8(ascii: "*") ? emit(.starStar, length: 2) : emit(.star, length: 1)
    case UInt8(ascii: "="):
      if second == UInt8(ascii: "="), byte(at: offset + 2) == UInt8(ascii: "=") {
        throw SyntaxDiagnostic(
          .tripleEquals, "'===' is not an operator; use '=='", at: ByteRange(start: start, end: start + 3),
          fixIts: [FixIt(
            title: "replace '===' with '=='",
            edits: [TextEdit(range: ByteRange(start: start, end: start + 3), replacement: "==")],
            applicability: .safe)])
      }
      switch second {
      case UInt8(ascii: "="): emit(.equalEqual, length: 2)
      case UInt8(ascii: "<"): emit(.equalLess, length: 2)
      case UInt8(ascii: ">"): emit(.equalGreater, length: 2)
      default: emit(.equal, length: 1)
      }
    case UInt8(ascii: "!"):
      second == UInt8(ascii: "=") ? emit(.notEqual, length: 2) : emit(.bang, length: 1)
    case UInt8(ascii: "<"):
      switch second {
      case UInt8(ascii: "="): emit(.lessEqual, length: 2)
      case UInt8(ascii: ">"): emit(.lessGreater, length: 2)
      default: emit(.less, length: 1)
      }
    case UInt8(ascii: ">"):
      second == UInt8(ascii: "=") ? emit(.greaterEqual, length: 2) : emit(.greater, length: 1)
    case UInt8(ascii: "&"):
      guard second == UInt8(ascii: "&") else { throw unexpected(start, "'&' is not an operator; use '&&' or 'AND'") }
      emit(.ampersandAmpersand, length: 2)
    case UInt8(ascii: "|"):
      guard second == UInt8(ascii: "|") else { throw unexpected(start, "'|' is not an operator; use '||' or 'OR'") }
      emit(.pipePipe, length: 2)
    case UInt8(ascii: ":"):
      guard second == UInt8(ascii: "=") else { throw unexpected(start, "':' is only valid in ':=' or a selector name") }
      emit(.assign, length: 2)
    case UInt8(ascii: "?"):
      throw unexpected(start, "'?' is not a valid token; LIKE patterns go inside a string, as in 'name LIKE \"a?c\"'")
    default:
      let printable = first >= 0x20 && first < 0x7F
      throw unexpected(
        start, printable ? "unexpected character '\(Character(Unicode.Scalar(first)))'"
          : "unexpected control character 0x\(String(first, radix: 16, uppercase: true))")
    }
  }
}

extension String {
  /// This string with the first occurrence of `target` replaced (no Foundation needed).
  func replacingFirst(_ target: String, with replacement: String) -> String {
    let characters = Array(self)
    let pattern = Array(target)
    guard !pattern.isEmpty, characters.count >= pattern.count else { return self }
    for start in 0...(characters.count - pattern.count) where Array(characters[start..<(start + pattern.count)]) == pattern {
      return String(characters[..<start]) + replacement + String(characters[(start + pattern.count)...])
    }
    return self
  }
}

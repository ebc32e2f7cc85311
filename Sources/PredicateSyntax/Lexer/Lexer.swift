/// Splits a predicate format string into tokens with byte ranges.
///
/// The lexer stops at the first error (it throws a `SyntaxDiagnostic`). In lenient mode typographic
/// quotes `“ ” ‘ ’` delimit strings like their ASCII cousins and are recorded, so analysis can go on.
///
/// The parser reads `LexedToken`s, which keep names and values in the source bytes; `tokenize` gives
/// the same tokens with their strings.
import SharelintBase

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

  /// A lexer over `bytes`; `lenient` reads typographic quotes as quotes.
  public init(bytes: [UInt8], lenient: Bool = false) {
    self.bytes = bytes
    self.lenient = lenient
  }

  /// Tokenizes the whole input or throws the first lexical error.
  public static func tokenize(_ bytes: [UInt8], lenient: Bool = false) throws(SyntaxDiagnostic) -> Output {
    let lexed = try Lexer(bytes: bytes, lenient: lenient).run()
    return Output(
      tokens: lexed.tokens.map { lexed.publicToken($0, in: bytes) },
      typographicQuotesInStrings: lexed.typographicQuotesInStrings, typographicDelimiters: lexed.typographicDelimiters)
  }

  /// Tokenizes the whole input for the parser, or throws the first lexical error.
  static func lex(_ bytes: [UInt8], lenient: Bool) throws(SyntaxDiagnostic) -> LexedText {
    try Lexer(bytes: bytes, lenient: lenient).run()
  }

  private func run() throws(SyntaxDiagnostic) -> LexedText {
    try bytes.withUnsafeBufferPointer { buffer throws(SyntaxDiagnostic) in
      var scanner = Scanner(bytes: buffer, lenient: lenient)
      return try scanner.run()
    }
  }
}

/// The lexer proper, reading the bytes through an unsafe buffer: it looks at every byte of the
/// input, and array accesses would each check their bounds. Every index is checked against
/// `bytes.count` before use.
private struct Scanner {
  let bytes: UnsafeBufferPointer<UInt8>
  let lenient: Bool
  var offset = 0
  var tokens: [LexedToken] = []
  var decodedTexts: [String] = []
  var typographicQuotesInStrings: [ByteRange] = []
  var typographicDelimiters: [ByteRange] = []
  /// The innermost open delimiter not yet closed (its `closeIndex` links to the one around it), or -1.
  var innermostOpen = -1
  var unbalanced: SyntaxDiagnostic?
  /// The last two distinct long identifiers, by token index (-1 for none); see `appendIdentifier`.
  var recentLongIdentifiers = (-1, -1)

  init(bytes: UnsafeBufferPointer<UInt8>, lenient: Bool) {
    self.bytes = bytes
    self.lenient = lenient
  }

  mutating func run() throws(SyntaxDiagnostic) -> LexedText {
    tokens.reserveCapacity(bytes.count / 4 + 2)
    while true {
      skipWhitespace()
      guard offset < bytes.count else { break }
      try lexToken()  // Every token consumes at least one byte: each branch advances `offset`.
    }
    tokens.append(LexedToken(.endOfInput, range: .empty(at: bytes.count)))
    if unbalanced == nil, innermostOpen >= 0, case .punctuation(let punctuation) = tokens[innermostOpen].kind {
      unbalanced = Scanner.unbalanced(
        punctuation, at: tokens[innermostOpen].range, message: "'\(punctuation.rawValue)' is never closed")
    }
    return LexedText(
      tokens: tokens, decodedTexts: decodedTexts, typographicQuotesInStrings: typographicQuotesInStrings,
      typographicDelimiters: typographicDelimiters, unbalanced: unbalanced)
  }

  // MARK: - Characters

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
  }

  /// `[A-Za-z0-9_]`: one comparison per range (a wrapped subtraction), letters first.
  static func isIdentifierContinue(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
  }

  mutating func skipWhitespace() {
    var cursor = offset
    while cursor < bytes.count {
      switch bytes[cursor] {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: cursor += 1
      default: offset = cursor; return
      }
    }
    offset = cursor
  }

  mutating func append(_ kind: LexedToken.Kind, from start: Int) {
    tokens.append(LexedToken(kind, range: ByteRange(start: start, end: offset)))
  }

  /// Appends a token whose text is `text` rather than a slice of its bytes.
  mutating func append(_ kind: LexedToken.Kind, from start: Int, text: String) {
    var token = LexedToken(kind, range: ByteRange(start: start, end: offset))
    token.decodedText = decodedTexts.count
    decodedTexts.append(text)
    tokens.append(token)
  }

  // MARK: - Tokens

  /// The hot path: inlined into `run` with `lexWordToken` and `lexPunctuation`; everything rarer
  /// (strings, numbers, placeholders, errors) stays out of line so the loop stays small.
  @inline(__always)
  mutating func lexToken() throws(SyntaxDiagnostic) {
    let start = offset
    let first = bytes[offset]
    switch first {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      try lexString(openingLength: 1, isDouble: first == UInt8(ascii: "\""))
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      try lexNumber()
    case UInt8(ascii: "$"):
      offset += 1
      guard skipWord() else {
        throw unexpected(start, "expected a variable name after '$'")
      }
      append(.variable, from: start)
    case UInt8(ascii: "@"):
      offset += 1
      guard skipWord() else {
        throw unexpected(start, "expected a key after '@'")
      }
      append(.atIdentifier, from: start)
    case UInt8(ascii: "#"):
      offset += 1
      guard skipWord() else {
        throw unexpected(start, "expected a word after '#'")
      }
      if offset - start == 4, spellsUTI(at: start + 1), let suffix = lexUTIOperatorSuffix() {
        let name = String(decoding: bytes[(start + 1)..<(start + 4)], as: UTF8.self)
        append(.identifier(escaped: true), from: start, text: name + suffix)
      } else {
        append(.identifier(escaped: true), from: start)
      }
    case UInt8(ascii: "%"):
      try lexPlaceholder()
    default:
      if Scanner.isIdentifierStart(first) || first >= 0x80 {
        try lexWordToken()
      } else {
        try lexPunctuation()
      }
    }
  }

  /// Whether the three bytes at `index` spell `UTI`, ASCII case-insensitively.
  func spellsUTI(at index: Int) -> Bool {
    index + 3 <= bytes.count && bytes[index] | 0x20 == UInt8(ascii: "u")
      && bytes[index + 1] | 0x20 == UInt8(ascii: "t") && bytes[index + 2] | 0x20 == UInt8(ascii: "i")
  }

  /// Moves past a word at the cursor, `[A-Za-z_][A-Za-z0-9_]*` and non-ASCII letters; false (and
  /// no move) when there is none.
  @inline(__always)
  mutating func skipWord() -> Bool {
    let start = offset
    guard start < bytes.count, !Scanner.isDigit(bytes[start]) else { return false }
    // The cursor is a local: the loops run for every byte of every word. Eight bytes at a time up
    // to the first that is not an ASCII identifier character, then one at a time from there.
    var cursor = start
    let end = bytes.count
    while cursor + 8 <= end {
      let stops = SWAR.nonIdentifierBytes(bytes.loadEightBytes(at: cursor))
      cursor += SWAR.bytesBeforeFirst(stops)
      guard stops == 0 else { break }
    }
    while cursor < end {
      let current = bytes[cursor]
      if current < 0x80 {
        guard Scanner.isIdentifierContinue(current) else { break }
        cursor += 1
      } else {
        let length = bytes.nonASCIILetterLength(at: cursor)
        guard length > 0 else { break }
        cursor += length
      }
    }
    offset = cursor
    return cursor > start
  }

  /// After a word `UTI`, reads `-CONFORMS-TO` or `-EQUALS` when the next bytes spell one.
  @inline(never)
  mutating func lexUTIOperatorSuffix() -> String? {
    if skipSuffix("-CONFORMS-TO") { return "-CONFORMS-TO" }
    if skipSuffix("-EQUALS") { return "-EQUALS" }
    return nil
  }

  /// Moves past `suffix` (given in upper case, matched ASCII case-insensitively) when the bytes at
  /// the cursor spell it and no identifier character follows.
  mutating func skipSuffix(_ suffix: StaticString) -> Bool {
    let length = suffix.utf8CodeUnitCount
    let end = offset + length
    guard end <= bytes.count else { return false }
    let start = offset
    let matches = suffix.withUTF8Buffer { expected in
      guard length >= 8 else {
        for index in 0..<length {
          let actual = bytes[start + index]
          let wanted = expected[index]
          if actual != wanted && !(actual >= 0x61 && actual <= 0x7A && actual - 0x20 == wanted) { return false }
        }
        return true
      }
      // Eight bytes at a time, the last eight overlapping: a byte may differ from the expected one
      // only by 0x20, and only where that is an upper-case letter (so the byte is its lower case).
      var index = 0
      while true {
        let chunk = min(index, length - 8)
        let wanted = expected.loadEightBytes(at: chunk)
        let actual = bytes.loadEightBytes(at: start + chunk)
        guard (actual ^ wanted) & ~(SWAR.upperCaseLetters(wanted) >> 2) == 0 else { return false }
        if chunk == length - 8 { return true }
        index += 8
      }
    }
    guard matches, end == bytes.count || !Scanner.isIdentifierContinue(bytes[end]) else { return false }
    offset = end
    return true
  }

  @inline(__always)
  mutating func lexWordToken() throws(SyntaxDiagnostic) {
    let start = offset
    if bytes[start] == 0xE2, let quote = bytes.typographicQuote(at: start) {
      if lenient {
        try lexString(openingLength: 3, isDouble: quote.isDouble)
        return
      }
      throw typographicQuoteError(at: start, quote: quote.text)
    }
    guard skipWord() else { throw notAWord(at: start) }
    let isSelectorPiece = bytes.byte(at: offset) == UInt8(ascii: ":") && bytes.byte(at: offset + 1) != UInt8(ascii: "=")
    if !isSelectorPiece, let keyword = Keyword.lookup(UnsafeBufferPointer(rebasing: bytes[start..<offset])) {
      append(.keyword(keyword), from: start)
      return
    }
    if offset - start == 3, spellsUTI(at: start), let suffix = lexUTIOperatorSuffix() {
      append(.keyword(suffix == "-EQUALS" ? .utiEquals : .utiConformsTo), from: start)
      return
    }
    // A selector-style function name: `modulus:by:` (a colon not starting `:=`). Its pieces are
    // contiguous, so its name is the bytes it covers.
    if isSelectorPiece {
      offset += 1
      while true {
        let pieceStart = offset
        guard skipWord() else { break }
        if bytes.byte(at: offset) == UInt8(ascii: ":"), bytes.byte(at: offset + 1) != UInt8(ascii: "=") {
          offset += 1
        } else {
          offset = pieceStart
          break
        }
      }
      append(.selectorName, from: start)
      return
    }
    appendIdentifier(from: start)
  }

  /// Appends an unescaped identifier. A name longer than 15 bytes is a String on the heap of its
  /// own; when such a name repeats one of the last two, as `registeredTypeIdentifiers` does in
  /// every condition of a rule, its tokens share one String (made once, kept in `decodedTexts`).
  mutating func appendIdentifier(from start: Int) {
    append(.identifier(escaped: false), from: start)
    let length = offset - start
    guard length > 15 else { return }
    let position = tokens.count - 1
    guard let earlier = sameLongIdentifier(as: position, among: recentLongIdentifiers.0)
      ?? sameLongIdentifier(as: position, among: recentLongIdentifiers.1)
    else {
      recentLongIdentifiers = (position, recentLongIdentifiers.0)
      return
    }
    if tokens[earlier].decodedText < 0 {
      let range = tokens[earlier].range
      tokens[earlier].decodedText = decodedTexts.count
      decodedTexts.append(String(decoding: bytes[range.start..<range.end], as: UTF8.self))
    }
    tokens[position].decodedText = tokens[earlier].decodedText
  }

  /// `candidate` when it is a token (not -1) spelled with the same bytes as the token at `position`.
  func sameLongIdentifier(as position: Int, among candidate: Int) -> Int? {
    guard candidate >= 0 else { return nil }
    let range = tokens[position].range
    let other = tokens[candidate].range
    guard other.count == range.count else { return nil }
    // Both are longer than 15 bytes: compare eight at a time, the last eight overlapping.
    var index = 0
    while index + 8 < range.count {
      guard bytes.loadEightBytes(at: range.start + index) == bytes.loadEightBytes(at: other.start + index) else { return nil }
      index += 8
    }
    let last = range.count - 8
    guard bytes.loadEightBytes(at: range.start + last) == bytes.loadEightBytes(at: other.start + last) else { return nil }
    return candidate
  }

  /// The error for a non-ASCII character at `start` that is not a letter.
  @inline(never)
  func notAWord(at start: Int) -> SyntaxDiagnostic {
    let (scalar, length) = bytes.scalar(at: start)
    let range = ByteRange(start: start, end: min(bytes.count, start + length))
    guard let scalar else {
      return SyntaxDiagnostic(.unexpectedCharacter, "invalid UTF-8 byte", at: range)
    }
    var hex = String(scalar.value, radix: 16, uppercase: true)
    while hex.count < 4 { hex = "0" + hex }
    let code = "U+" + hex
    let what = scalar.properties.isWhitespace
      ? "'\(Character(scalar))' (\(code)) is not whitespace to Apple's parser; use a plain space"
      : "unexpected character '\(Character(scalar))' (\(code))"
    return SyntaxDiagnostic(.unexpectedCharacter, what, at: range)
  }

  @inline(never)
  func unexpected(_ start: Int, _ message: String) -> SyntaxDiagnostic {
    SyntaxDiagnostic(.unexpectedCharacter, message, at: ByteRange(start: start, end: start + 1))
  }

  @inline(never)
  func typographicQuoteError(at start: Int, quote: String) -> SyntaxDiagnostic {
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
  @inline(never)
  mutating func lexString(openingLength: Int, isDouble: Bool) throws(SyntaxDiagnostic) {
    let start = offset
    let openingQuote = bytes[start]
    if openingLength == 3 { typographicDelimiters.append(ByteRange(start: start, end: start + 3)) }
    offset += openingLength
    if openingLength == 1, let end = plainStringEnd(from: offset, quote: openingQuote) {
      // The common case: no escape and no typographic quote, so the text is the bytes between the quotes.
      offset = end + 1
      append(.string(isDouble: isDouble), from: start)
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
      if let quote = bytes.typographicQuote(at: offset) {
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
    append(.string(isDouble: isDouble), from: start, text: String(decoding: value, as: UTF8.self))
  }

  /// The offset of the closing `quote` when the string from `index` has no backslash and no
  /// typographic quote before it; nil otherwise (the general path then reads it).
  func plainStringEnd(from index: Int, quote: UInt8) -> Int? {
    var cursor = index
    // Eight bytes at a time up to the first that is the quote, a backslash or 0xE2 (which starts a
    // typographic quote), then one at a time from there.
    let patterns = (SWAR.repeating(quote), SWAR.repeating(UInt8(ascii: "\\")), SWAR.repeating(0xE2))
    while cursor + 8 <= bytes.count {
      let word = bytes.loadEightBytes(at: cursor)
      let stops = SWAR.zeroBytes(word ^ patterns.0) | SWAR.zeroBytes(word ^ patterns.1) | SWAR.zeroBytes(word ^ patterns.2)
      cursor += SWAR.bytesBeforeFirst(stops)
      guard stops == 0 else { break }
    }
    while cursor < bytes.count {
      let current = bytes[cursor]
      if current == quote { return cursor }
      if current == UInt8(ascii: "\\") || (current == 0xE2 && bytes.isTypographicQuote(at: cursor)) { return nil }
      cursor += 1
    }
    return nil
  }

  /// Reads one backslash escape at the cursor and appends its UTF-8 to `value`.
  mutating func lexEscape(into value: inout [UInt8]) throws(SyntaxDiagnostic) {
    let start = offset
    guard let next = bytes.byte(at: offset + 1) else {
      offset += 1
      return  // The loop then reports the unterminated string.
    }
    let count = bytes.count
    func invalid(_ message: String, length: Int) -> SyntaxDiagnostic {
      SyntaxDiagnostic(.invalidEscape, message, at: ByteRange(start: start, end: min(count, start + length)))
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
        guard let digit = bytes.byte(at: offset + index), digit >= 0x30, digit <= 0x37 else {
          throw invalid("octal escape needs three octal digits, as in '\\101'", length: 1 + index)
        }
        scalarValue = scalarValue * 8 + UInt32(digit - 0x30)
      }
      Scanner.appendScalar(scalarValue, to: &value)
      offset += 4
    case UInt8(ascii: "x"), UInt8(ascii: "X"):
      guard let high = bytes.byte(at: offset + 2).flatMap(Scanner.hexValue),
        let low = bytes.byte(at: offset + 3).flatMap(Scanner.hexValue)
      else {
        throw invalid("'\\x' escape needs two hexadecimal digits, as in '\\x41'", length: 2)
      }
      Scanner.appendScalar(high * 16 + low, to: &value)
      offset += 4
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      var scalarValue: UInt32 = 0
      for index in 2...5 {
        guard let digit = bytes.byte(at: offset + index).flatMap(Scanner.hexValue) else {
          throw invalid("'\\u' escape needs four hexadecimal digits, as in '\\u00e9'", length: 2)
        }
        scalarValue = scalarValue * 16 + digit
      }
      guard Unicode.Scalar(scalarValue) != nil else {
        throw invalid("'\\u' escape names no Unicode scalar (a lone surrogate)", length: 6)
      }
      Scanner.appendScalar(scalarValue, to: &value)
      offset += 6
    default:
      // `\"`, `\'`, `\\` and any other character stand for themselves (as in Apple's lexer).
      let (_, length) = bytes.scalar(at: offset + 1)
      value.append(contentsOf: bytes[(offset + 1)..<(offset + 1 + length)])
      offset += 1 + length
    }
  }

  static func appendScalar(_ value: UInt32, to bytes: inout [UInt8]) {
    guard let scalar = Unicode.Scalar(value) else { return }
    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  // MARK: Numbers

  @inline(never)
  mutating func lexNumber() throws(SyntaxDiagnostic) {
    let start = offset
    func invalid(_ scanner: Scanner, _ message: String) -> SyntaxDiagnostic {
      var end = scanner.offset
      let bytes = scanner.bytes
      while end < bytes.count, Scanner.isIdentifierContinue(bytes[end]) || bytes[end] == UInt8(ascii: ".") {
        end += 1
      }
      return SyntaxDiagnostic(.invalidNumber, message, at: ByteRange(start: start, end: max(end, start + 1)))
    }
    if bytes[offset] == UInt8(ascii: "0"), let prefix = bytes.byte(at: offset + 1), let radix = Scanner.radix(prefix: prefix) {
      offset += 2
      let digitsStart = offset
      var value: UInt64 = 0
      var overflow = false
      while offset < bytes.count, let digit = Scanner.hexValue(bytes[offset]), digit < radix {
        let (multiplied, overflow1) = value.multipliedReportingOverflow(by: UInt64(radix))
        let (added, overflow2) = multiplied.addingReportingOverflow(UInt64(digit))
        overflow = overflow || overflow1 || overflow2
        value = added
        offset += 1
      }
      let name = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary"
      if offset == digitsStart || (offset < bytes.count && Scanner.isIdentifierContinue(bytes[offset])) {
        throw invalid(self, "invalid \(name) number")
      }
      guard !overflow, value <= UInt64(Int64.max) else {
        throw SyntaxDiagnostic(
          .numberOutOfRange, "\(name) number does not fit in 64 bits", at: ByteRange(start: start, end: offset))
      }
      append(.integer(Int64(value)), from: start)
      return
    }
    // The integer part's value, while it fits: most literals are small integers, read without a String.
    var integer: Int64 = 0
    var fits = true
    while offset < bytes.count, Scanner.isDigit(bytes[offset]) {
      let (multiplied, overflow1) = integer.multipliedReportingOverflow(by: 10)
      let (added, overflow2) = multiplied.addingReportingOverflow(Int64(bytes[offset] - 0x30))
      fits = fits && !overflow1 && !overflow2
      integer = added
      offset += 1
    }
    var isInteger = true
    if bytes.byte(at: offset) == UInt8(ascii: "."), let next = bytes.byte(at: offset + 1), Scanner.isDigit(next) {
      isInteger = false
      offset += 1
      while offset < bytes.count, Scanner.isDigit(bytes[offset]) { offset += 1 }
    }
    if let marker = bytes.byte(at: offset), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      isInteger = false
      offset += 1
      if let sign = bytes.byte(at: offset), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
      let digitsStart = offset
      while offset < bytes.count, Scanner.isDigit(bytes[offset]) { offset += 1 }
      if offset == digitsStart { throw invalid(self, "exponent needs digits, as in '1e-5'") }
    }
    if offset < bytes.count, Scanner.isIdentifierContinue(bytes[offset]) {
      throw invalid(self, "invalid number")
    }
    if isInteger && fits {
      append(.integer(integer), from: start)
      return
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw SyntaxDiagnostic(.numberOutOfRange, "number is too large", at: ByteRange(start: start, end: offset))
    }
    append(.real(value), from: start)
  }

  /// The radix a `0x`, `0o` or `0b` prefix letter announces.
  static func radix(prefix: UInt8) -> UInt32? {
    switch prefix {
    case UInt8(ascii: "x"), UInt8(ascii: "X"): return 16
    case UInt8(ascii: "o"), UInt8(ascii: "O"): return 8
    case UInt8(ascii: "b"), UInt8(ascii: "B"): return 2
    default: return nil
    }
  }

  // MARK: Placeholders

  @inline(never)
  mutating func lexPlaceholder() throws(SyntaxDiagnostic) {
    let start = offset
    offset += 1
    if let next = bytes.byte(at: offset), next == UInt8(ascii: "@") || next == UInt8(ascii: "K") {
      offset += 1
      append(.placeholder, from: start)
      return
    }
    var modifierCount = 0
    while let next = bytes.byte(at: offset), Scanner.isLengthModifier(next), modifierCount < 2 {
      offset += 1
      modifierCount += 1
    }
    guard let conversion = bytes.byte(at: offset), Scanner.isConversion(conversion) else {
      throw SyntaxDiagnostic(
        .invalidPlaceholder, "'%' must start a format placeholder such as '%@', '%K' or '%d'",
        at: ByteRange(start: start, end: start + 1))
    }
    offset += 1
    append(.placeholder, from: start)
  }

  /// `hlqLzjt`.
  static func isLengthModifier(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"),
      UInt8(ascii: "j"), UInt8(ascii: "t"):
      return true
    default:
      return false
    }
  }

  /// `diouxXfFeEgGcCsSpaA`.
  static func isConversion(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "x"),
      UInt8(ascii: "X"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
      UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"),
      UInt8(ascii: "S"), UInt8(ascii: "p"), UInt8(ascii: "a"), UInt8(ascii: "A"):
      return true
    default:
      return false
    }
  }

  // MARK: Punctuation

  @inline(__always)
  mutating func lexPunctuation() throws(SyntaxDiagnostic) {
    let start = offset
    let first = bytes[offset]
    let second = bytes.byte(at: offset + 1)
    let punctuation: Punctuation
    var length = 1
    switch first {
    case UInt8(ascii: "("): punctuation = .leftParenthesis
    case UInt8(ascii: ")"): punctuation = .rightParenthesis
    case UInt8(ascii: "{"): punctuation = .leftBrace
    case UInt8(ascii: "}"): punctuation = .rightBrace
    case UInt8(ascii: "["): punctuation = .leftBracket
    case UInt8(ascii: "]"): punctuation = .rightBracket
    case UInt8(ascii: ","): punctuation = .comma
    case UInt8(ascii: "."): punctuation = .dot
    case UInt8(ascii: "+"): punctuation = .plus
    case UInt8(ascii: "-"): punctuation = .minus
    case UInt8(ascii: "/"): punctuation = .slash
    case UInt8(ascii: "*"):
      if second == UInt8(ascii: "*") { (punctuation, length) = (.starStar, 2) } else { punctuation = .star }
    case UInt8(ascii: "="):
      if second == UInt8(ascii: "="), bytes.byte(at: offset + 2) == UInt8(ascii: "=") {
        throw Scanner.tripleEquals(at: start)
      }
      switch second {
      case UInt8(ascii: "="): (punctuation, length) = (.equalEqual, 2)
      case UInt8(ascii: "<"): (punctuation, length) = (.equalLess, 2)
      case UInt8(ascii: ">"): (punctuation, length) = (.equalGreater, 2)
      default: punctuation = .equal
      }
    case UInt8(ascii: "!"):
      if second == UInt8(ascii: "=") { (punctuation, length) = (.notEqual, 2) } else { punctuation = .bang }
    case UInt8(ascii: "<"):
      switch second {
      case UInt8(ascii: "="): (punctuation, length) = (.lessEqual, 2)
      case UInt8(ascii: ">"): (punctuation, length) = (.lessGreater, 2)
      default: punctuation = .less
      }
    case UInt8(ascii: ">"):
      if second == UInt8(ascii: "=") { (punctuation, length) = (.greaterEqual, 2) } else { punctuation = .greater }
    case UInt8(ascii: "&"):
      guard second == UInt8(ascii: "&") else { throw unexpected(start, "'&' is not an operator; use '&&' or 'AND'") }
      (punctuation, length) = (.ampersandAmpersand, 2)
    case UInt8(ascii: "|"):
      guard second == UInt8(ascii: "|") else { throw unexpected(start, "'|' is not an operator; use '||' or 'OR'") }
      (punctuation, length) = (.pipePipe, 2)
    case UInt8(ascii: ":"):
      guard second == UInt8(ascii: "=") else { throw unexpected(start, "':' is only valid in ':=' or a selector name") }
      (punctuation, length) = (.assign, 2)
    case UInt8(ascii: "?"):
      throw unexpected(start, "'?' is not a valid token; LIKE patterns go inside a string, as in 'name LIKE \"a?c\"'")
    default:
      throw unexpectedASCII(first, at: start)
    }
    offset += length
    append(.punctuation(punctuation), from: start)
    switch punctuation {
    case .leftParenthesis, .leftBrace, .leftBracket: open()
    case .rightParenthesis, .rightBrace, .rightBracket: close(punctuation)
    default: break
    }
  }

  @inline(never)
  static func tripleEquals(at start: Int) -> SyntaxDiagnostic {
    SyntaxDiagnostic(
      .tripleEquals, "'===' is not an operator; use '=='", at: ByteRange(start: start, end: start + 3),
      fixIts: [FixIt(
        title: "replace '===' with '=='",
        edits: [TextEdit(range: ByteRange(start: start, end: start + 3), replacement: "==")],
        applicability: .safe)])
  }

  @inline(never)
  func unexpectedASCII(_ byte: UInt8, at start: Int) -> SyntaxDiagnostic {
    let printable = byte >= 0x20 && byte < 0x7F
    return unexpected(
      start, printable ? "unexpected character '\(Character(Unicode.Scalar(byte)))'"
        : "unexpected control character 0x\(String(byte, radix: 16, uppercase: true))")
  }

  // MARK: Delimiters

  /// Records the `(`, `{` or `[` just appended as the innermost open delimiter.
  mutating func open() {
    guard unbalanced == nil else { return }
    let position = tokens.count - 1
    tokens[position].closeIndex = innermostOpen
    innermostOpen = position
  }

  /// Matches the `)`, `}` or `]` just appended with the innermost open delimiter. The first
  /// mismatch is kept, and reported by the parser once the whole input has lexed: `(`, `)`, `{`, `}`,
  /// `[` and `]` must balance before any parsing, so an unbalanced delimiter is reported where it is,
  /// not where the parser later gives up.
  mutating func close(_ punctuation: Punctuation) {
    guard unbalanced == nil else { return }
    let position = tokens.count - 1
    let range = tokens[position].range
    guard innermostOpen >= 0 else {
      unbalanced = Scanner.unbalanced(punctuation, at: range, message: "unmatched '\(punctuation.rawValue)'")
      return
    }
    let opening = tokens[innermostOpen]
    guard case .punctuation(let openingPunctuation) = opening.kind, Scanner.closing(of: openingPunctuation) == punctuation
    else {
      let name = TokenKind.punctuation(Scanner.punctuation(of: opening)).displayName
      unbalanced = Scanner.unbalanced(
        punctuation, at: range, message: "'\(punctuation.rawValue)' does not close the \(name) before it",
        notes: [.init(message: "unclosed \(name) is here", range: opening.range)])
      return
    }
    let enclosing = opening.closeIndex
    tokens[innermostOpen].closeIndex = position
    innermostOpen = enclosing
  }

  static func punctuation(of token: LexedToken) -> Punctuation {
    guard case .punctuation(let punctuation) = token.kind else { preconditionFailure("not punctuation") }
    return punctuation
  }

  static func closing(of opening: Punctuation) -> Punctuation? {
    switch opening {
    case .leftParenthesis: return .rightParenthesis
    case .leftBrace: return .rightBrace
    case .leftBracket: return .rightBracket
    default: return nil
    }
  }

  static func unbalanced(
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
}

/// Character-level reading, on the buffer itself so the scanner's hot loops never copy the scanner.
fileprivate extension UnsafeBufferPointer<UInt8> {
  /// The byte at `index`, or nil past the end.
  func byte(at index: Int) -> UInt8? { index < count ? self[index] : nil }

  /// Decodes the Unicode scalar at `index`, or nil for invalid UTF-8; returns its length too.
  func scalar(at index: Int) -> (scalar: Unicode.Scalar?, length: Int) {
    let lead = self[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length = SourceText.scalarLength(leadByte: lead)
    guard length > 1, index + length <= count else { return (nil, 1) }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for continuation in self[(index + 1)..<(index + length)] {
      guard continuation & 0xC0 == 0x80 else { return (nil, 1) }
      value = value << 6 | UInt32(continuation & 0x3F)
    }
    return (Unicode.Scalar(value), length)
  }

  /// Whether `“ ” ‘ ’` starts at `index`.
  func isTypographicQuote(at index: Int) -> Bool {
    guard index + 2 < count, self[index] == 0xE2, self[index + 1] == 0x80 else { return false }
    let last = self[index + 2]
    return last == 0x9C || last == 0x9D || last == 0x98 || last == 0x99
  }

  /// The typographic quote at `index`, if one starts there: its text and whether it is a double one.
  func typographicQuote(at index: Int) -> (text: String, isDouble: Bool)? {
    guard index + 2 < count, self[index] == 0xE2, self[index + 1] == 0x80 else { return nil }
    switch self[index + 2] {
    case 0x9C: return ("“", true)
    case 0x9D: return ("”", true)
    case 0x98: return ("‘", false)
    case 0x99: return ("’", false)
    default: return nil
    }
  }

  /// The eight bytes from `index` (which must be at most `count - 8`) as one integer, the first
  /// in the lowest bits.
  func loadEightBytes(at index: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(baseAddress! + index).loadUnaligned(as: UInt64.self))
  }

  /// The length of the non-ASCII letter at `index` (a Unicode alphabetic scalar, not a typographic
  /// quote), or 0 when there is none. Out of line: words are almost always ASCII.
  @inline(never)
  func nonASCIILetterLength(at index: Int) -> Int {
    guard !isTypographicQuote(at: index) else { return 0 }
    let (scalar, length) = scalar(at: index)
    guard let scalar, scalar.properties.isAlphabetic else { return 0 }
    return length
  }
}

/// Tests on eight bytes at once, packed in a `UInt64` with the first byte in the lowest bits (SIMD
/// within a register). A test flags a byte by setting its high bit.
enum SWAR {
  static let high: UInt64 = 0x8080_8080_8080_8080
  static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// `byte` in every byte.
  static func repeating(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

  /// Flags the bytes of `word` that are zero, exactly (nothing carries from byte to byte).
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    ~(((word & low7) &+ low7) | word) & high
  }

  /// Flags the bytes of `word` that are not `[A-Za-z0-9_]`, non-ASCII bytes included. Exact up to
  /// and including the first flagged byte: below it every byte is ASCII, so adding at most 0x7F
  /// cannot carry, and the high bit of `byte + (0x80 - bound)` says whether `byte >= bound`.
  /// Bytes after the first flagged one may be flagged wrongly.
  static func nonIdentifierBytes(_ word: UInt64) -> UInt64 {
    let lower = word | repeating(0x20)
    let letters = (lower &+ repeating(0x80 - 0x61)) & ~(lower &+ repeating(0x80 - 0x7B))
    let digits = (word &+ repeating(0x80 - 0x30)) & ~(word &+ repeating(0x80 - 0x3A))
    let underscores = zeroBytes(word ^ repeating(0x5F))
    return (~(letters | digits | underscores) | word) & high
  }

  /// Flags the bytes of `word`, all ASCII, that are upper-case letters.
  static func upperCaseLetters(_ word: UInt64) -> UInt64 {
    (word &+ repeating(0x80 - 0x41)) & ~(word &+ repeating(0x80 - 0x5B)) & high
  }

  /// How many bytes come before the first flagged one: 8 when none is.
  static func bytesBeforeFirst(_ flags: UInt64) -> Int { flags.trailingZeroBitCount >> 3 }
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

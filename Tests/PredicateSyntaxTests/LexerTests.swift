import PredicateSyntax
import Testing

@Suite struct LexerTests {
  private func kinds(_ text: String) throws -> [TokenKind] {
    try Lexer.tokenize(Array(text.utf8)).tokens.map(\.kind).dropLast()
  }

  @Test func keywordsAreCaseInsensitiveAndHashEscapesThem() throws {
    #expect(try kinds("and Or nOt") == [.keyword(.and), .keyword(.or), .keyword(.not)])
    #expect(try kinds("#AND #size") == [.identifier("AND", escaped: true), .identifier("size", escaped: true)])
    #expect(try kinds("uti-conforms-to UTI-Equals") == [.keyword(.utiConformsTo), .keyword(.utiEquals)])
    #expect(try kinds("uti - 1") == [.identifier("uti", escaped: false), .punctuation(.minus), .integer(1)])
  }

  @Test func stringEscapes() throws {
    let text = #"'a\n\t\r\"\'\\' "\101\x42\u00e9\u20AC" "it's""#
    #expect(try kinds(text) == [
      .string("a\n\t\r\"'\\", quote: "'"), .string("ABé€", quote: "\""), .string("it's", quote: "\""),
    ])
  }

  @Test func numbers() throws {
    #expect(try kinds("0 42 2.71828 9.2e-5 1E10 0x1F 0o17 0b1010 9223372036854775808") == [
      .integer(0), .integer(42), .real(2.71828), .real(9.2e-5), .real(1e10), .integer(31), .integer(15),
      .integer(10), .real(9223372036854775808),
    ])
  }

  @Test func variablesKeysPlaceholdersAndSelectors() throws {
    #expect(try kinds("$attachment.@count %@ %K %d %lu %lld modulus:by:(") == [
      .variable("attachment"), .punctuation(.dot), .atIdentifier("count"), .placeholder("%@"), .placeholder("%K"),
      .placeholder("%d"), .placeholder("%lu"), .placeholder("%lld"), .selectorName("modulus:by:"),
      .punctuation(.leftParenthesis),
    ])
    #expect(try kinds("$x:=1") == [.variable("x"), .punctuation(.assign), .integer(1)])
  }

  @Test func operatorsOfEverySpelling() throws {
    let text = "= == != <> < <= =< > >= => + - * / ** && || ! ( ) { } [ ] , ."
    let expected: [Punctuation] = [
      .equal, .equalEqual, .notEqual, .lessGreater, .less, .lessEqual, .equalLess, .greater, .greaterEqual,
      .equalGreater, .plus, .minus, .star, .slash, .starStar, .ampersandAmpersand, .pipePipe, .bang,
      .leftParenthesis, .rightParenthesis, .leftBrace, .rightBrace, .leftBracket, .rightBracket, .comma, .dot,
    ]
    #expect(try kinds(text) == expected.map { .punctuation($0) })
  }

  @Test func tokenRangesAreUTF8ByteOffsets() throws {
    let text = "é == \"ü\""
    let tokens = try Lexer.tokenize(Array(text.utf8)).tokens
    #expect(tokens.map(\.range) == [
      ByteRange(start: 0, end: 2), ByteRange(start: 3, end: 5), ByteRange(start: 6, end: 10),
      ByteRange(start: 10, end: 10),
    ])
  }

  @Test func lenientModeReadsTypographicQuotesAsQuotes() throws {
    let output = try Lexer.tokenize(Array("a == “x” OR b == ‘y’".utf8), lenient: true)
    #expect(output.tokens.map(\.kind).contains(.string("x", quote: "\"")))
    #expect(output.tokens.map(\.kind).contains(.string("y", quote: "'")))
    #expect(output.typographicDelimiters.count == 4)
  }

  @Test func strictModeKeepsTypographicQuotesInsideStrings() throws {
    let output = try Lexer.tokenize(Array("title == \"“quoted”\"".utf8))
    #expect(output.tokens[2].kind == .string("“quoted”", quote: "\""))
    #expect(output.typographicQuotesInStrings.count == 2)
  }
}

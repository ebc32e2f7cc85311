import PredicateSyntax
import SharelintBase
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

  @Test func everyKeywordIsFoundInAnyCaseAndNothingElseIs() throws {
    for keyword in Keyword.allCases {
      let word = keyword.rawValue
      #expect(Keyword(word: word) == keyword)
      #expect(Keyword(word: word.lowercased()) == keyword)
      let mixed = String(word.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.lowercased()) : $0.element })
      #expect(Keyword(word: mixed) == keyword)
      #expect(Keyword(word: word + "S") == nil)
      #expect(Keyword(word: String(word.dropLast())) != keyword)
    }
    for word in ["", "A", "ANDY", "ORR", "NONE_", "SUBQUERY1", "É", "ÄND", "TRUEPREDICATES", "CASEINSENSITIVEX"] {
      #expect(Keyword(word: word) == nil, "\(word)")
    }
  }

  @Test func keywordsAndWordsInTheLexer() throws {
    #expect(try kinds("subQuery anykeys _and and2 sélf") == [
      .keyword(.subquery), .identifier("anykeys", escaped: false), .identifier("_and", escaped: false),
      .identifier("and2", escaped: false), .identifier("sélf", escaped: false),
    ])
    #expect(try kinds("#uti-equals #UTI-Conforms-To uti-equalsX") == [
      .identifier("uti-EQUALS", escaped: true), .identifier("UTI-CONFORMS-TO", escaped: true),
      .identifier("uti", escaped: false), .punctuation(.minus), .identifier("equalsX", escaped: false),
    ])
  }

  @Test func decodedStringsKeepTheirRanges() throws {
    let tokens = try Lexer.tokenize(Array(#"a == "x\ty" OR b == 'plain'"#.utf8)).tokens
    #expect(tokens[2].kind == .string("x\ty", quote: "\""))
    #expect(tokens[2].range == ByteRange(start: 5, end: 11))
    #expect(tokens[6].kind == .string("plain", quote: "'"))
    #expect(tokens[6].range == ByteRange(start: 20, end: 27))
  }

  @Test func integersTooLargeForInt64AreReals() throws {
    #expect(try kinds("9223372036854775807 9223372036854775808 00012") == [
      .integer(Int64.max), .real(9223372036854775808), .integer(12),
    ])
  }

  @Test func aLexicalErrorOutranksAnEarlierUnbalancedDelimiter() {
    let outcome = PredicateParser.parse("a == ) AND b == 'unterminated")
    #expect(outcome.diagnostics.map(\.id) == [.unterminatedString])
    let unbalanced = PredicateParser.parse("(a == 1 AND b == 2")
    #expect(unbalanced.diagnostics.map(\.id) == [.unbalancedParenthesis])
    #expect(unbalanced.diagnostics.first?.range == ByteRange(start: 0, end: 1))
  }

  @Test func wordsEndAtTheFirstNonIdentifierByteWhateverTheirLength() throws {
    // The word scanner reads eight bytes at a time: try every length around that and every kind
    // of byte that ends a word or continues it.
    for length in 1...20 {
      let alphabet = Array("aZ_9yQ0b")
      let word = String((0..<length).map { alphabet[$0 % alphabet.count] })
      for follower in [" ", "@x", "[", "{", "/", ":=", "-", "(", ")", "\t", "==", "\"s\"", ".", "$x", "%@"] {
        let tokens = try Lexer.tokenize(Array((word + follower).utf8)).tokens
        #expect(tokens[0].kind == .identifier(word, escaped: false), "\(word)\(follower)")
        #expect(tokens[0].range == ByteRange(start: 0, end: word.utf8.count))
      }
      for stray in ["`", "?", "^", "\u{7F}"] {
        #expect(throws: SyntaxDiagnostic.self) { try Lexer.tokenize(Array((word + stray).utf8)) }
        let outcome = PredicateParser.parse(word + stray)
        #expect(outcome.diagnostics.first?.range == ByteRange(start: length, end: length + 1), "\(word)\(stray)")
      }
      let accented = try kinds(word + "é" + word)
      #expect(accented == [.identifier(word + "é" + word, escaped: false)])
    }
  }

  @Test func repeatedLongNamesAreTheSameNames() throws {
    let name = "registeredTypeIdentifiers"
    let text = "\(name) == 1 OR other == 2 OR \(name) == 3 OR \(name)X == 4 OR \(name) == 5"
    let names = try kinds(text).compactMap { kind -> String? in
      if case .identifier(let word, escaped: false) = kind { return word }
      return nil
    }
    #expect(names == [name, "other", name, name + "X", name])
  }

  @Test func utiOperatorsMatchOnlyTheirOwnSpelling() throws {
    #expect(try kinds("uti-conforms-to Uti-Conforms-To UTI-EQUALS uti-equals") == [
      .keyword(.utiConformsTo), .keyword(.utiConformsTo), .keyword(.utiEquals), .keyword(.utiEquals),
    ])
    #expect(try kinds("UTI-CONFORMS-TOO") == [
      .identifier("UTI", escaped: false), .punctuation(.minus), .identifier("CONFORMS", escaped: false),
      .punctuation(.minus), .identifier("TOO", escaped: false),
    ])
    // A carriage return differs from '-' by the bit that separates the cases of a letter.
    #expect(try kinds("UTI\rCONFORMS\rTO UTI-CONFORMS\rTO") == [
      .identifier("UTI", escaped: false), .identifier("CONFORMS", escaped: false), .identifier("TO", escaped: false),
      .identifier("UTI", escaped: false), .punctuation(.minus), .identifier("CONFORMS", escaped: false),
      .identifier("TO", escaped: false),
    ])
    #expect(try kinds("UTI-CONFORMS-T") == [
      .identifier("UTI", escaped: false), .punctuation(.minus), .identifier("CONFORMS", escaped: false),
      .punctuation(.minus), .identifier("T", escaped: false),
    ])
    #expect(try kinds("UTI-CONF0RMS-TO") == [
      .identifier("UTI", escaped: false), .punctuation(.minus), .identifier("CONF0RMS", escaped: false),
      .punctuation(.minus), .identifier("TO", escaped: false),
    ])
  }
}

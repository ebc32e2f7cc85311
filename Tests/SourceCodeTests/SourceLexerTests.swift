import Foundation
import SharelintBase
import SourceCode
import TestSupport
import Testing

@Suite struct SourceLexerTests {
  /// The identifiers of `text` read as `language`.
  static func identifiers(_ text: String, _ language: SourceLanguage = .swift) -> [String] {
    let file = SourceFile(name: "x", bytes: Array(text.utf8), language: language)
    return file.tokens.indices.filter { file.tokens[$0].kind == .identifier }.map(file.spelling)
  }

  /// The string literals of `text`, with their delimiters.
  static func strings(_ text: String, _ language: SourceLanguage = .swift) -> [String] {
    let file = SourceFile(name: "x", bytes: Array(text.utf8), language: language)
    return file.tokens.indices.filter { file.tokens[$0].isString }.map(file.spelling)
  }

  @Test func languagesFollowTheExtension() {
    #expect(SourceLanguage(path: "App/AppDelegate.swift") == .swift)
    #expect(SourceLanguage(path: "App/AppDelegate.m") == .objectiveC)
    #expect(SourceLanguage(path: "App/Bridge.MM") == .objectiveC)
    #expect(SourceLanguage(path: "App/Info.plist") == nil)
    #expect(SourceLanguage(path: ".swift") == nil)
  }

  @Test func commentsMakeNoTokens() {
    let text = """
      // handleMSALResponse in a line comment
      /* outer /* nested handleMSALResponse */ still comment handleMSALResponse */
      let visible = 1
      """
    #expect(Self.identifiers(text) == ["let", "visible"])
    // C comments do not nest: the first `*/` ends the comment.
    #expect(Self.identifiers("/* a /* b */ c */", .objectiveC) == ["c"])
    #expect(Self.identifiers("x /* never closed handleMSALResponse") == ["x"])
  }

  @Test func swiftStringsHideTheirText() {
    #expect(Self.identifiers(#"let a = "handleMSALResponse" + b"#) == ["let", "a", "b"])
    #expect(Self.strings(#"f("a\"b", "c")"#) == [#""a\"b""#, #""c""#])
    let multiline = "let s = \"\"\"\n  a \"quoted\" handleMSALResponse\n  \"\"\"\nlet t = 1"
    #expect(Self.identifiers(multiline) == ["let", "s", "let", "t"])
    #expect(
      Self.strings(##"x(#"raw "quoted" \(notInterpolated)"#, y)"##) == [##"#"raw "quoted" \(notInterpolated)"#"##])
    #expect(Self.identifiers(##"x(#"a"# , y)"##) == ["x", "y"])
  }

  @Test func interpolationsAreCode() {
    let text = #"let s = "a \(dict["key"]) b \(f(x)) c"; after"#
    #expect(Self.identifiers(text) == ["let", "s", "dict", "f", "x", "after"])
    let file = SourceFile(name: "x", bytes: Array(text.utf8), language: .swift)
    let outer = file.tokens.first { $0.isString }
    #expect(outer?.kind == .interpolatedString)
    #expect(outer.map { String(decoding: Array(text.utf8)[$0.range.start..<$0.range.end], as: UTF8.self) }
      == #""a \(dict["key"]) b \(f(x)) c""#)
    // Raw strings interpolate with as many `#` as they have.
    #expect(Self.identifiers(##"#"a \#(inside) \(outside)"#"##) == ["inside"])
    // Nested interpolations.
    #expect(Self.identifiers(#""\("\(deep)")" tail"#) == ["deep", "tail"])
  }

  @Test func oneLineLiteralsLeftOpenEndWithTheirLine() {
    #expect(Self.identifiers("let a = \"open\nlet b = 1") == ["let", "a", "let", "b"])
    #expect(Self.identifiers("char c = 'x\nint d;", .objectiveC) == ["char", "c", "int", "d"])
  }

  @Test func objectiveCLiteralsHideTheirText() {
    let text = """
      #import <MSAL/MSAL.h>
      NSString *s = @"handleMSALResponse:";
      const char *c = "also \\" hidden";
      char q = '\\'';
      [MSALPublicClientApplication handleMSALResponse:url sourceApplication:nil];
      """
    let identifiers = Self.identifiers(text, .objectiveC)
    #expect(identifiers.filter { $0 == "handleMSALResponse" }.count == 1)
    #expect(Self.strings(text, .objectiveC) == [#"@"handleMSALResponse:""#, #""also \" hidden""#, #"'\''"#])
    // `#` and `@` are not Swift's raw strings in Objective-C.
    #expect(Self.identifiers(#"#define X "a" @interface Y"#, .objectiveC) == ["define", "X", "interface", "Y"])
  }

  @Test func stringContentIsWhatIsBetweenTheDelimiters() {
    let file = SourceFile(
      name: "x", bytes: Array(#"canOpenURL(URL(string: "fb://profile")!)"#.utf8), language: .swift)
    let index = file.tokens.firstIndex { $0.isString }!
    #expect(file.stringContent(index) == "fb://profile")
    let objc = SourceFile(name: "x", bytes: Array(#"[NSURL URLWithString:@"tel:1"]"#.utf8), language: .objectiveC)
    #expect(objc.stringContent(objc.tokens.firstIndex { $0.isString }!) == "tel:1")
  }

  @Test func numbersAreOneToken() {
    let file = SourceFile(name: "x", bytes: Array("let a = 1.5e3 + 0x1F; b..<2".utf8), language: .swift)
    #expect(file.tokens.filter { $0.kind == .number }.map { $0.range.count } == [5, 4, 1])
  }

  @Test func rangesPointAtTheBytes() {
    let text = "é.handleMSALResponse(url)"
    let file = SourceFile(name: "x", bytes: Array(text.utf8), language: .swift)
    let found = file.identifiers(named: ["handleMSALResponse"])
    #expect(found.count == 1)
    let position = file.text.position(of: file.tokens[found[0]].range.start)
    #expect(position == SourceText.Position(line: 1, column: 3))
  }

  /// Any bytes lex without a crash, every token inside the text and in order, ranges never empty.
  @Test func randomBytesNeverBreakTheLexer() {
    var generator = SeededGenerator(seed: 42)
    let alphabet = Array(#"ab_1 \#n\#t"'\()#@/*[]{}.:;,é"#.utf8) + [0x00, 0xFF, 0xC3, 0x80]
    for round in 0..<400 {
      let count = Int.random(in: 0..<200, using: &generator)
      let bytes = (0..<count).map { _ in
        round % 2 == 0 ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      }
      for language in SourceLanguage.allCases {
        let tokens = SourceLexer.tokens(of: bytes, language: language)
        var previousStart = -1
        for token in tokens {
          #expect(token.range.start >= 0 && token.range.end <= bytes.count && token.range.count > 0)
          #expect(token.range.start > previousStart)
          #expect(token.content.start >= token.range.start && token.content.end <= token.range.end)
          previousStart = token.range.start
        }
      }
    }
  }

  @Test func deepInterpolationsAreBounded() {
    let depth = SourceLexer.maximumInterpolationDepth * 3
    let text = String(repeating: #""\("#, count: depth) + "x" + String(repeating: #")""#, count: depth)
    let tokens = SourceLexer.tokens(of: Array(text.utf8), language: .swift)
    #expect(!tokens.isEmpty)
  }
}

@Suite struct SourceFileReaderTests {
  @Test func readsBoundedFilesAndSaysWhatItSkipped() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-source-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let small = folder.appendingPathComponent("A.m")
    try Data("[x handleMSALResponse:url];".utf8).write(to: small)
    guard case .read(let file) = SourceFileReader.read(small.path, name: "A.m") else {
      Issue.record("A.m was not read")
      return
    }
    #expect(file.language == .objectiveC && file.name == "A.m")
    #expect(file.mentions(anyOf: ["handleMSALResponse"]))
    let large = folder.appendingPathComponent("Generated.swift")
    try Data(repeating: UInt8(ascii: "a"), count: 2_000).write(to: large)
    guard case .tooLarge(let limit) = SourceFileReader.read(large.path, name: "G", maximumSize: 1_000) else {
      Issue.record("the large file was read")
      return
    }
    #expect(limit == 1_000)
    guard case .unreadable(let reason) = SourceFileReader.read(folder.path, name: "folder") else {
      Issue.record("a folder was read")
      return
    }
    #expect(reason == "is a folder")
    let fifo = folder.appendingPathComponent("Pipe.swift")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    guard case .unreadable(let fifoReason) = SourceFileReader.read(fifo.path, name: "Pipe.swift") else {
      Issue.record("a FIFO was read")
      return
    }
    #expect(fifoReason == "is a FIFO, not a regular file: not read")
  }
}

import Foundation
import SharelintBase
import Testing
import TestSupport
import XcodeModel

@testable import PropertyList

@Suite("Info.plist preprocessor: cpp -P -traditional with a source map")
struct InfoPlistPreprocessorTests {
  /// Preprocesses `text` as `/App/Info.plist`, other files served from `files`.
  static func run(
    _ text: String, definitions: [String: String] = [:], files: [String: String] = [:], prefixHeader: String? = nil,
    keepsComments: Bool = false
  ) throws(InfoPlistPreprocessorError) -> PreprocessedInfoPlist {
    let preprocessor = InfoPlistPreprocessor(definitions: definitions, keepsComments: keepsComments) { path in
      files[path].map { Array($0.utf8) }
    }
    return try preprocessor.preprocess(SourceText(name: "/App/Info.plist", string: text), prefixHeader: prefixHeader)
  }

  static func output(
    _ text: String, definitions: [String: String] = [:], files: [String: String] = [:], prefixHeader: String? = nil
  ) throws -> String {
    String(
      decoding: try run(text, definitions: definitions, files: files, prefixHeader: prefixHeader).output, as: UTF8.self
    )
  }

  static func failure(
    _ text: String, definitions: [String: String] = [:], files: [String: String] = [:], prefixHeader: String? = nil
  ) -> InfoPlistPreprocessorError? {
    do {
      _ = try run(text, definitions: definitions, files: files, prefixHeader: prefixHeader)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Directives

  @Test func ifdefIfndefElseEndifChooseBranchesAndDropDirectiveLines() throws {
    let text = "a\n#ifdef DEBUG\ndebug\n#else\nrelease\n#endif\n#ifndef DEBUG\nnot-debug\n#endif\nz\n"
    #expect(try Self.output(text) == "a\nrelease\nnot-debug\nz\n")
    #expect(try Self.output(text, definitions: ["DEBUG": "1"]) == "a\ndebug\nz\n")
  }

  @Test func ifElifElseTakesTheFirstTrueBranchOnly() throws {
    let text = "#if LEVEL == 1\none\n#elif LEVEL == 2\ntwo\n#elif LEVEL >= 2\nmore\n#else\nnone\n#endif\n"
    #expect(try Self.output(text, definitions: ["LEVEL": "1"]) == "one\n")
    #expect(try Self.output(text, definitions: ["LEVEL": "2"]) == "two\n")
    #expect(try Self.output(text, definitions: ["LEVEL": "3"]) == "more\n")
    #expect(try Self.output(text) == "none\n")
  }

  @Test func nestedGroupsInsideSkippedBranchesAreNotEvaluated() throws {
    let text = "#if 0\n#if 1/0\nx\n#else\ny\n#endif\n#foo\n#error no\n#endif\nkept\n"
    #expect(try Self.output(text) == "kept\n")
  }

  @Test func defineAndUndef() throws {
    let text = "#define NAME Contoso\nNAME\n#undef NAME\nNAME\n#define EMPTY\n[EMPTY]\n"
    #expect(try Self.output(text) == "Contoso\nNAME\n[]\n")
  }

  /// As clang -traditional (Xcode's): a `#` in column one, or after tabs, starts a directive; after spaces it is text.
  @Test func aHashInColumnOneOrAfterTabsStartsADirectiveAsInClangTraditional() throws {
    #expect(try Self.output("#  define X 2\n #define Y 3\nX Y\n") == " #define Y 3\n2 Y\n")
    #expect(try Self.output("<dict>\n\t#ifndef OFF\n\t<key>A</key>\n\t#endif\n</dict>\n") == "<dict>\n\t<key>A</key>\n</dict>\n")
    #expect(try Self.output("\t\t#define Y 5\nY\n") == "5\n")
  }

  /// Without `-traditional` (Xcode's default): directives may be indented by spaces, `//` comments out the rest of
  /// the line (a URL is cut, as `clang -E -P -x c` cuts it), and the source map still holds for what is left.
  @Test func withoutTraditionalSlashSlashIsACommentAndSpacesMayIndentDirectives() throws {
    let text = "<dict>\n  #ifdef DEBUG\n\t<string>https://contoso.example/x</string>\n  #endif\n\t<key>S</key>\n</dict>\n"
    let preprocessor = InfoPlistPreprocessor(definitions: ["DEBUG": "1"], traditional: false)
    let result = try preprocessor.preprocess(SourceText(name: "Info.plist", string: text))
    #expect(String(decoding: result.output, as: UTF8.self) == "<dict>\n\t<string>https:\n\t<key>S</key>\n</dict>\n")
    let key = try #require(String(decoding: result.output, as: UTF8.self).range(of: "<key>S</key>"))
    let start = String(decoding: result.output, as: UTF8.self).utf8.distance(
      from: String(decoding: result.output, as: UTF8.self).utf8.startIndex, to: key.lowerBound)
    let mapped = try #require(result.sourceRange(ofOutputRange: start..<(start + 12)))
    #expect(Array(Array(text.utf8)[mapped.range]) == Array("<key>S</key>".utf8))
    // The same text with -traditional: the spaced directives are text and the URL stays whole.
    let traditional = try InfoPlistPreprocessor(definitions: ["DEBUG": "1"])
      .preprocess(SourceText(name: "Info.plist", string: text))
    #expect(String(decoding: traditional.output, as: UTF8.self).contains("https://contoso.example/x"))
  }

  @Test func nullDirectiveLineMarkerLineAndPragmaOnce() throws {
    #expect(try Self.output("#\n# 12 \"x\"\n#line 4\n#pragma once\n#pragma mark - Schemes\nok\n") == "ok\n")
  }

  @Test func otherPragmasAreCopiedAndWarningsNoted() throws {
    let result = try Self.run("#pragma foo x\n#warning careful\nok\n")
    #expect(String(decoding: result.output, as: UTF8.self) == "#pragma foo x\nok\n")
    #expect(result.warnings.map(\.message) == ["#warning careful"])
    #expect(result.warnings.first?.line == 2)
  }

  @Test func lineContinuationsJoinLinesInDirectivesAndText() throws {
    #expect(
      try Self.output("#define LONG a \\\n b\nLONG\nS\\\nX\n", definitions: ["SX": "joined"]) == "a  b\njoined\n")
  }

  @Test func functionLikeMacrosAreRefusedWithALocatedError() throws {
    let error = try #require(Self.failure("x\n#define F(a) [a]\n"))
    #expect(error.message == "function-like macros are not supported")
    #expect(error.line == 2)
    #expect(error.column == 10)
  }

  // MARK: Expressions

  @Test(arguments: [
    ("1 + 2 * 3 == 7", true), ("(1 + 2) * 3 == 9", true), ("10 - 4 - 3 == 3", true), ("2 + 3 << 1 == 10", true),
    ("1 << 2 + 1 == 8", true), ("-1 < 0", true), ("-1 < 0u", false), ("~0 == -1", true), ("!0 && !!5", true),
    ("7 / 2 == 3 && 7 % 2 == 1", true), ("-7 / 2 == -3", true), ("0x1F == 31 && 017 == 15 && 0b101 == 5", true),
    ("10UL == 10 && 5ll == 5", true), ("1 | 2 ^ 3 & 1", true), ("(1 | 2) == 3 && (6 ^ 3) == 5 && (6 & 3) == 2", true),
    ("1 ? 2 : 0", true), ("0 ? 1 : 0", false), ("1 ? 0 : 1 ? 1 : 1", false), ("3 > 2 > 1", false),
    ("1 <= 1 && 1 >= 1 && 2 != 1", true), ("1 || 1/0", true), ("!(0 && 1/0)", true), ("UNDEFINED", false),
    ("UNDEFINED == 0", true), ("'A' == 65", true), ("0 || 0 || 3", true),
  ])
  func expressionsFollowCPrecedence(expression: String, expected: Bool) throws {
    #expect(try Self.output("#if \(expression)\nyes\n#else\nno\n#endif\n") == (expected ? "yes\n" : "no\n"))
  }

  @Test func definedWithAndWithoutParenthesesAndThroughMacros() throws {
    let text = "#if defined(A) && defined B && !defined C\nyes\n#endif\n#if LEVEL > 1\nlevel\n#endif\n"
    #expect(try Self.output(text, definitions: ["A": "", "B": "0", "LEVEL": "TWO", "TWO": "2"]) == "yes\nlevel\n")
    #expect(try Self.output(text, definitions: ["A": "", "C": "1"]) == "")
  }

  // MARK: Definitions, prefix header, includes

  @Test func definitionsSettingSplitsLikeXcode() {
    let parsed = InfoPlistPreprocessor.parseDefinitions(#"DEBUG  NAME=Contoso "GREETING=hello world" X=a\ b Y= Z=1=2"#)
    #expect(parsed == ["DEBUG": "1", "NAME": "Contoso", "GREETING": "hello world", "X": "a b", "Y": "", "Z": "1=2"])
    #expect(InfoPlistPreprocessor.parseDefinitions("  ").isEmpty)
    #expect(InfoPlistPreprocessor.parseDefinitions("A=1 A=2") == ["A": "2"])
  }

  @Test func definitionsMustBeIdentifiers() throws {
    let error = try #require(Self.failure("x\n", definitions: ["F(x)": "1"]))
    #expect(error.message == "macro names must be identifiers: 'F(x)'")
  }

  @Test func prefixHeaderIsReadFirstAndItsTextComesFirst() throws {
    let files = ["/App/Config/Prefix.h": "/* settings */\n#define SCHEME contoso\n#define DEBUG 1\n"]
    let result = try Self.run(
      "#ifdef DEBUG\n<string>SCHEME</string>\n#endif\n", files: files, prefixHeader: "/App/Config/Prefix.h")
    #expect(String(decoding: result.output, as: UTF8.self) == "\n<string>contoso</string>\n")
    #expect(result.files.map(\.name) == ["/App/Info.plist", "/App/Config/Prefix.h"])
    #expect(result.activeMacros["SCHEME"] == "contoso")
    let missing = try #require(Self.failure("x\n", prefixHeader: "/nope.h"))
    #expect(missing.message == "cannot read prefix header '/nope.h'")
  }

  @Test func includesResolveNextToTheIncludingFileThenThePrefixHeadersFolder() throws {
    let files = [
      "/App/Parts/Schemes.inc": "<string>one</string>\n#include \"../Shared.inc\"\n",
      "/App/Shared.inc": "<string>shared</string>\n",
      "/Config/Common.inc": "<string>common</string>\n",
      "/Config/Prefix.h": "",
    ]
    let text =
      "#include \"Parts/Schemes.inc\"\n#include <Common.inc>\n#import \"Shared.inc\"\n#import \"Shared.inc\"\nend\n"
    let result = try Self.run(text, files: files, prefixHeader: "/Config/Prefix.h")
    // `#import` skips Shared.inc, already read through Schemes.inc's `#include "../Shared.inc"`.
    let output = "<string>one</string>\n<string>shared</string>\n<string>common</string>\nend\n"
    #expect(String(decoding: result.output, as: UTF8.self) == output)
    #expect(result.includedFiles == ["/App/Parts/Schemes.inc", "/App/Shared.inc", "/Config/Common.inc"])
  }

  @Test func includeCycleAndMissingFileAreLocatedErrors() throws {
    let files = ["/App/A.inc": "a\n#include \"B.inc\"\n", "/App/B.inc": "b\n  \n#include \"A.inc\"\n"]
    let cycle = try #require(Self.failure("#include \"A.inc\"\n", files: files))
    #expect(cycle.message == "include cycle: /App/A.inc → /App/B.inc → /App/A.inc")
    #expect(cycle.file == "/App/B.inc")
    #expect(cycle.line == 3 && cycle.column == 1)
    let missing = try #require(Self.failure("x\n#include  \"Nope.inc\"\n"))
    #expect(missing.message == "'Nope.inc' file not found")
    #expect(missing.line == 2 && missing.column == 12)
  }

  // MARK: Macro substitution in text

  @Test func macrosAreReplacedInTextTagsAndXMLCommentsButNotInQuotes() throws {
    let text = """
      <string>SCHEME</string> "SCHEME" 'SCHEME' <!-- SCHEME --> https://SCHEME/x SCHEME_X XSCHEME 1SCHEME 0x1e+SCHEME
      <string>Don't use SCHEME here</string> SCHEME

      """
    let expected = """
      <string>myapp</string> "SCHEME" 'SCHEME' <!-- myapp --> https://myapp/x SCHEME_X XSCHEME 1SCHEME 0x1e+SCHEME
      <string>Don't use SCHEME here</string> SCHEME

      """
    #expect(try Self.output(text, definitions: ["SCHEME": "myapp"]) == expected)
  }

  @Test func urlsAndXMLCommentsSurviveAndCCommentsAreRemoved() throws {
    let text = "<string>https://contoso.com//a</string> <!-- keep -->\na/* gone */b c/* multi\nline */d\n"
    #expect(try Self.output(text) == "<string>https://contoso.com//a</string> <!-- keep -->\nab cd\n")
    let kept = try Self.run(text, keepsComments: true)
    #expect(String(decoding: kept.output, as: UTF8.self) == text)
  }

  @Test func macrosExpandInsideMacrosAndAMacroInsideItsOwnExpansionStaysAsWritten() throws {
    #expect(try Self.output("A\n", definitions: ["A": "<B>", "B": "C C", "C": "x"]) == "<x x>\n")
    #expect(try Self.output("SELF\n", definitions: ["SELF": "SELF+1"]) == "SELF+1\n")
    #expect(try Self.output("A B\n", definitions: ["A": "B", "B": "A"]) == "A B\n")
    #expect(try Self.output("#if SELF\nyes\n#else\nno\n#endif\n", definitions: ["SELF": "SELF"]) == "no\n")
  }

  @Test func expansionsAreKeptApartFromNeighboursTheyWouldJoinAsClangDoes() throws {
    let text = "-M- +M+ /M/ <key>M</key> aN.N x-N N-N\n"
    let definitions = ["M": "-", "N": "x", "P": "-M", "Q": "M-"]
    #expect(try Self.output(text, definitions: definitions) == "- - - +-+ /-/ <key>-</key> aN.x x-x x-x\n")
    #expect(try Self.output("P Q -P\n", definitions: definitions) == "- - - - - - -\n")
  }

  @Test func emptyMacrosCannotMakeExponentialWork() throws {
    var definitions = ["M0": ""]
    for level in 1...40 {
      definitions["M\(level)"] = "M\(level - 1) M\(level - 1)"
    }
    let error = try #require(Self.failure("#if M40\n#endif\n", definitions: definitions))
    #expect(error.message == "more than 1000000 macro expansions")
    #expect(error.line == 1 && error.column == 5)
  }

  @Test func exponentialExpansionStopsAtTheOutputLimit() throws {
    var definitions = ["M0": "xxxxxxxxxxxxxxxx"]
    for level in 1...40 { definitions["M\(level)"] = "M\(level - 1) M\(level - 1)" }
    let preprocessor = InfoPlistPreprocessor(definitions: definitions, maximumOutputSize: 1 << 20) { _ in nil }
    let error = try #require(throws: InfoPlistPreprocessorError.self) {
      try preprocessor.preprocess(SourceText(name: "/App/Info.plist", string: "M40\n"))
    }
    #expect(error.message == "output exceeds 1048576 bytes")
    #expect(InfoPlistPreprocessor().maximumOutputSize == XMLPlistReader.maximumInputSize)
    #expect(error.line == 1 && error.column == 1)
  }

  // MARK: Positions

  @Test func keptBytesMapToTheirExactSourceRange() throws {
    let text = "#define S myapp\n#ifdef DEBUG\n<string>x</string>\n#endif\n<key>K</key><string>S</string>\n"
    let result = try Self.run(text, definitions: ["DEBUG": "1"])
    let output = String(decoding: result.output, as: UTF8.self)
    #expect(output == "<string>x</string>\n<key>K</key><string>myapp</string>\n")
    // "<key>K</key>" on output line 2 is a verbatim copy of source line 5.
    let keyStart = output.utf8.count - "<key>K</key><string>myapp</string>\n".utf8.count
    let mapped = try #require(result.sourceRange(ofOutputRange: keyStart..<(keyStart + 12)))
    let sourceKey = text.utf8.count - "<key>K</key><string>S</string>\n".utf8.count
    #expect(mapped.file == "/App/Info.plist")
    #expect(mapped.range == sourceKey..<(sourceKey + 12))
    #expect(Array(text.utf8)[mapped.range] == Array("<key>K</key>".utf8)[...])
    // The "x" of line 1 maps to the "x" of source line 3.
    let x = try #require(result.sourceLocation(ofOutputOffset: 8))
    #expect(x.offset == Array(text.utf8).firstIndex(of: UInt8(ascii: "x")))
    // "myapp" comes from a macro: no verbatim range; its location is where S was written.
    let myapp = keyStart + 12 + 8
    #expect(result.sourceRange(ofOutputRange: myapp..<(myapp + 5)) == nil)
    #expect(result.sourceRange(ofOutputRange: (myapp - 2)..<(myapp + 1)) == nil)
    #expect(result.sourceLocation(ofOutputOffset: myapp + 3)?.offset == sourceKey + 12 + 8)
    // The range just before the expansion still maps.
    #expect(result.sourceRange(ofOutputRange: (myapp - 8)..<myapp)?.range == (sourceKey + 12)..<(sourceKey + 20))
    #expect(result.sourceLocation(ofOutputOffset: result.output.count) == nil)
  }

  @Test func includedAndJoinedBytesDoNotMapAsOneRange() throws {
    let result = try Self.run("ab\\\ncd\n#include \"I.inc\"\n", files: ["/App/I.inc": "inc\n"])
    #expect(String(decoding: result.output, as: UTF8.self) == "abcd\ninc\n")
    #expect(result.sourceRange(ofOutputRange: 0..<2)?.range == 0..<2)
    #expect(result.sourceRange(ofOutputRange: 1..<3) == nil)
    #expect(result.sourceRange(ofOutputRange: 2..<5)?.range == 4..<7)
    let included = try #require(result.sourceRange(ofOutputRange: 5..<8))
    #expect(included.file == "/App/I.inc" && included.range == 0..<3)
    #expect(result.sourceRange(ofOutputRange: 4..<6) == nil)
  }

  @Test func everyOutputByteHasASourceLocation() throws {
    let text = "#define A 1\nA b A\n#if A\nc\n#endif\nlast"
    let result = try Self.run(text)
    #expect(String(decoding: result.output, as: UTF8.self) == "1 b 1\nc\nlast\n")
    for offset in result.output.indices { #expect(result.sourceLocation(ofOutputOffset: offset) != nil) }
    #expect(result.segments.reduce(0) { $0 + $1.length } == result.output.count)
  }

  @Test func conditionsAtAnOutputOffsetNameTheBranchesTaken() throws {
    let text = "top\n#ifdef DEBUG\n#if LEVEL > 1\ndeep\n#endif\n#else\nrelease\n#endif\nend\n"
    let debug = try Self.run(text, definitions: ["DEBUG": "1", "LEVEL": "2"])
    #expect(String(decoding: debug.output, as: UTF8.self) == "top\ndeep\nend\n")
    #expect(debug.conditions(atOutputOffset: 0).isEmpty)
    let deep = debug.conditions(atOutputOffset: 4)
    #expect(deep.map(\.directive) == ["#ifdef DEBUG", "#if LEVEL > 1"])
    #expect(deep.map(\.offset) == [4, 17])
    #expect(debug.conditions(atOutputOffset: 9).isEmpty)
    let release = try Self.run(text)
    let branch = try #require(release.conditions(atOutputOffset: 4).first)
    #expect(branch.directive == "#else" && branch.opening == "#ifdef DEBUG" && branch.openingOffset == 4)
    #expect(branch.file == "/App/Info.plist")
  }

  // MARK: Errors

  @Test(arguments: [
    ("x\n#foo bar\n", "invalid preprocessing directive '#foo'", 2, 1),
    ("x\n#ifdef DEBUG\ny\n", "unterminated #ifdef", 2, 1),
    ("x\n#ifndef\tDEBUG\r\ny\n", "unterminated #ifndef", 2, 1),
    ("#if 1\n#if 0\n#endif\n", "unterminated #if", 1, 1),
    ("x\n#endif\n", "#endif without #if", 2, 1),
    ("#else\n", "#else without #if", 1, 1),
    ("#if 1\n#else\n#else\n#endif\n", "#else after #else", 3, 1),
    ("#if 1\n#else\n#elif 1\n#endif\n", "#elif after #else", 3, 1),
    ("a\n  b\n#error Release builds need a scheme\n", "#error Release builds need a scheme", 3, 1),
    ("#if 1 / (2 - 2)\n#endif\n", "division by zero in #if", 1, 7),
    ("#if 4 % 0\n#endif\n", "division by zero in #if", 1, 7),
    ("#if\n#endif\n", "#if with no expression", 1, 4),
    ("#if (1\n#endif\n", "expected ')' before end of expression", 1, 7),
    ("#if 1 2\n#endif\n", "missing binary operator before '2'", 1, 7),
    ("#if 1 +\n#endif\n", "expected value in expression", 1, 8),
    ("#if 08\n#endif\n", "invalid token '08' in #if expression", 1, 5),
    ("#if defined\n#endif\n", "operator 'defined' requires an identifier", 1, 5),
    ("#if defined(X\n#endif\n", "missing ')' after 'defined'", 1, 13),
    ("#ifdef\n#endif\n", "no macro name given in #ifdef directive", 1, 7),
    ("#define 3\n", "macro names must be identifiers", 1, 9),
    ("#include Info.h\n", "#include expects \"FILENAME\" or <FILENAME>", 1, 10),
    ("#ident \"x\"\n", "unsupported preprocessing directive '#ident'", 1, 1),
    ("a /* open\nb\n", "unterminated comment", 1, 3),
    ("ü\n#bad\n", "invalid preprocessing directive '#bad'", 2, 1),
  ])
  func errorsAreLocated(text: String, message: String, line: Int, column: Int) throws {
    let error = try #require(Self.failure(text))
    #expect(error.message == message)
    #expect(error.file == "/App/Info.plist")
    #expect(error.line == line)
    #expect(error.column == column)
    #expect(error.description == "/App/Info.plist:\(line):\(column): error: \(message)")
  }

  @Test func deepNestingIsBoundedNotATrap() throws {
    let deepIf = String(repeating: "#if 1\n", count: 1_100)
    #expect(Self.failure(deepIf)?.message == "#if nested too deeply")
    let parentheses =
      "#if " + String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000) + "\n#endif\n"
    #expect(Self.failure(parentheses)?.message == "#if expression nested too deeply")
    let unary = "#if " + String(repeating: "-", count: 5_000) + "1\n#endif\n"
    #expect(Self.failure(unary)?.message == "#if expression nested too deeply")
    var chain: [String: String] = [:]
    for level in 0..<300 { chain["M\(level)"] = "M\(level + 1)" }
    #expect(Self.failure("M0\n", definitions: chain)?.message.hasPrefix("macro expansion nested too deeply") == true)
    #expect(
      Self.failure("#if M0\n#endif\n", definitions: chain)?.message.hasPrefix("macro expansion nested too deeply")
        == true)
    var files: [String: String] = [:]
    for level in 0..<250 { files["/App/F\(level).inc"] = "#include \"F\(level + 1).inc\"\n" }
    files["/App/F250.inc"] = "x\n"
    #expect(Self.failure("#include \"F0.inc\"\n", files: files)?.message == "#include nested too deeply")
  }

  @Test func arbitraryBytesNeverTrap() {
    var generator = SeededGenerator(seed: 0x1F0_9E7A)
    let alphabet = Array("#ifdefineundefelsendif()<>\"'/*\\\n 01xX!~-+%&|^?:=ABCü".utf8)
    for _ in 0..<300 {
      let count = Int.random(in: 0..<200, using: &generator)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      let preprocessor = InfoPlistPreprocessor(definitions: ["A": "B", "B": "1"]) { _ in nil }
      if let result = try? preprocessor.preprocess(SourceText(name: "fuzz", bytes: bytes)) {
        for offset in result.output.indices { _ = result.sourceLocation(ofOutputOffset: offset) }
        _ = result.sourceRange(ofOutputRange: 0..<result.output.count)
      }
    }
  }

  // MARK: A realistic Info.plist

  @Test func realisticInfoPlistWithDebugURLSchemeParsesAfterPreprocessing() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>CFBundleIdentifier</key>
      \t<string>com.contoso.APP_NAME</string>
      \t<key>CFBundleURLTypes</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>CFBundleURLSchemes</key>
      \t\t\t<array>
      \t\t\t\t<string>contoso</string>
      #ifdef DEBUG
      \t\t\t\t<string>contoso-debug</string>
      #endif
      \t\t\t</array>
      \t\t</dict>
      \t</array>
      \t<key>NSFaceIDUsageDescription</key>
      \t<string>Contoso's sign-in uses Face ID</string>
      \t<key>Website</key>
      \t<string>https://contoso.com/APP_NAME</string>
      </dict>
      </plist>

      """
    for debug in [false, true] {
      let definitions = InfoPlistPreprocessor.parseDefinitions(debug ? "DEBUG APP_NAME=mail" : "APP_NAME=mail")
      let result = try Self.run(plist, definitions: definitions)
      let document = try PropertyListDocument(bytes: result.output, name: "/App/Info.plist")
      let schemes = document.value(at: ["CFBundleURLTypes"])
      #expect(schemes != nil)
      let text = String(decoding: result.output, as: UTF8.self)
      #expect(text.contains("<string>com.contoso.mail</string>"))
      #expect(text.contains("<string>https://contoso.com/mail</string>"))
      #expect(text.contains("contoso-debug") == debug)
      #expect(text.contains("Contoso's sign-in uses Face ID"))
      if debug {
        let start = try #require(text.range(of: "contoso-debug")).lowerBound.utf16Offset(in: text)
        let mapped = try #require(result.sourceRange(ofOutputRange: start..<(start + 13)))
        let source = Array(plist.utf8)
        #expect(Array(source[mapped.range]) == Array("contoso-debug".utf8))
        #expect(SourceText(name: "", bytes: source).position(of: mapped.range.lowerBound).line == 14)
        #expect(result.conditions(atOutputOffset: start).map(\.directive) == ["#ifdef DEBUG"])
      }
    }
  }

  /// A plist without directives, C comments or macros comes out byte for byte, mapped as one verbatim run.
  @Test func samplePlistsWithoutDirectivesComeOutUnchanged() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("Samples").path)
    var checked = 0
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix("Info.plist") else { continue }
      let path = root.appendingPathComponent("Samples/\(relative)").path
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      let text = String(decoding: bytes, as: UTF8.self)
      guard !BinaryPropertyList.looksBinary(bytes), bytes.last == UInt8(ascii: "\n"), !text.contains("/*"),
        !text.split(separator: "\n").contains(where: { $0.drop { $0 == "\t" }.hasPrefix("#") })
      else { continue }
      let result = try InfoPlistPreprocessor().preprocess(SourceText(name: path, bytes: bytes))
      #expect(result.output == bytes, "\(relative)")
      #expect(result.sourceRange(ofOutputRange: 0..<bytes.count)?.range == 0..<bytes.count, "\(relative)")
      #expect(result.segments.count == 1, "\(relative)")
      checked += 1
    }
    #expect(checked > 0)
  }

  // MARK: Agreement with clang (what Xcode runs) and GNU cpp

  /// Inputs, and whether GNU cpp agrees with clang on them (it replaces macros inside numbers such as
  /// `1SCHEME` and reports a macro inside its own expansion as an error).
  static let differentialInputs: [(text: String, definitions: [String: String], gnuAgrees: Bool)] = [
    (
      "#define SCHEME myapp\n<string>SCHEME</string> \"SCHEME\" 'SCHEME' <!-- SCHEME --> https://SCHEME/x\n", [:], true
    ),
    ("a/*x*/b SCHEME_X S\\\nCHEME\nc/* multi\nline */d\n\n\n\nafter blanks\n", ["SCHEME": "v"], true),
    ("1SCHEME 0x1e+SCHEME 2.SCHEME\n", ["SCHEME": "v"], false),
    (
      "-M- aN N1 <N> a/N/b .N. N.N 1N +M+ /M/ [E] a E b\n<string>N</string><key>M</key>\n-P Q- P-Q\n",
      ["M": "-", "N": "x", "E": "", "P": "-M", "Q": "M-"], false
    ),
    ("<string>Don't SCHEME</string> SCHEME\nnext 'a' SCHEME \"open SCHEME\n", ["SCHEME": "v"], true),
    (
      "#if defined(DEBUG) && LEVEL >= 2 || 0x10 == 16\nyes\n#elif 1\nno\n#else\nno\n#endif\n #define Z 4\nZ\n",
      ["LEVEL": "2"], true
    ),
    (
      "#define A <B>\n#define B C C\n#define C x\nA\n#undef B\nA\n#ifndef B\nundefined\n#endif\n#pragma foo here\n",
      [:], true
    ),
    (
      "#ifdef DEBUG\n<string>debug</string>\n#else\n<string>release</string>\n#endif\nlast line without break",
      ["DEBUG": ""], true
    ),
    (
      "  indented\ttabs   and  spaces  \n#if (1 ? 2 : 3) == 2 && -1 < 0 && 7 % 3 == 1 && -1 > 0u\nok\n#endif\n", [:],
      true
    ),
    ("#define SELF SELF+1\nSELF\n#define A B\n#define B A\nA B\n#if SELF\nno\n#endif\n#pragma mark x\n", [:], false),
  ]

  /// The reference preprocessors on this machine; the differential tests are reported as skipped, with this
  /// reason, where one is missing (they cannot pass without comparing anything).
  static let clang = findExecutable("clang")
  static let cpp = findExecutable("cpp")

  @Test(.enabled(if: clang != nil, "no clang on PATH to compare with"),
        arguments: 0..<differentialInputs.count)
  func agreesWithClangTraditionalBlankLinesAside(index: Int) throws {
    let clang = try #require(Self.clang)
    let input = Self.differentialInputs[index]
    let expected = try Self.runReference(
      clang, ["-E", "-P", "-x", "c", "-Wno-trigraphs", "-traditional", "-undef"], input)
    let ours = String(decoding: try Self.run(input.text, definitions: input.definitions).output, as: UTF8.self)
    #expect(Self.withoutBlankLines(ours) == Self.withoutBlankLines(expected))
  }

  @Test(.enabled(if: cpp != nil, "no cpp on PATH to compare with"),
        arguments: 0..<differentialInputs.count)
  func agreesWithGNUCppTraditional(index: Int) throws {
    let cpp = try #require(Self.cpp)
    let input = Self.differentialInputs[index]
    guard input.gnuAgrees else { return }
    let expected = try Self.runReference(cpp, ["-P", "-traditional", "-undef", "-ffreestanding", "-x", "c"], input)
    let ours = String(decoding: try Self.run(input.text, definitions: input.definitions).output, as: UTF8.self)
    #expect(ours == expected)
  }

  static func withoutBlankLines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: true)
  }

  /// The standard output of `tool arguments -D… file` run on `input.text` written to a file.
  static func runReference(
    _ tool: String, _ arguments: [String], _ input: (text: String, definitions: [String: String], gnuAgrees: Bool)
  ) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-pp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Info.plist")
    try Data(input.text.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments =
      arguments + input.definitions.sorted { $0.key < $1.key }.map { "-D\($0.key)=\($0.value)" } + [file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }

  static func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

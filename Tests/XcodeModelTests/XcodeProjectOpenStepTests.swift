import Foundation
import SharelintBase
import Testing
import TestSupport
import XcodeModel

@testable import PropertyList

@Suite("Old-style (OpenStep) property lists")
struct XcodeProjectOpenStepTests {
  private func parse(_ text: String) throws -> OpenStepNode {
    try OpenStepPlistParser.parse(Array(text.utf8))
  }

  /// The error reading `text` fails with, checked to point inside the text (or at its end).
  private func failure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> OpenStepPlistError? {
    do {
      _ = try OpenStepPlistParser.parse(Array(text.utf8))
      Issue.record("expected an error", sourceLocation: sourceLocation)
      return nil
    } catch {
      #expect(error.offset >= 0 && error.offset <= text.utf8.count, sourceLocation: sourceLocation)
      #expect(!error.message.isEmpty && !error.message.hasSuffix("."), sourceLocation: sourceLocation)
      #expect(error.message.first?.isUppercase == false, sourceLocation: sourceLocation)
      return error
    }
  }

  @Test func dictionariesArraysStringsAndDataWithTheirRanges() throws {
    let text = """
      // !$*UTF8*$!
      {
      \tname = "Contoso App"; /* a comment */
      \tlist = ( a, "b c", );
      \tdata = <0fBd 12>;
      \tempty = {};
      \tpath = "$(SRCROOT)/Info.plist";
      \tplain = Sources/App_1.0+x:y$-z;
      }
      """
    let root = try parse(text)
    let dictionary = try #require(root.dictionary)
    #expect(dictionary.entries.map(\.key) == ["name", "list", "data", "empty", "path", "plain"])
    #expect(dictionary.string("plain") == "Sources/App_1.0+x:y$-z")
    #expect(dictionary.string("name") == "Contoso App")
    #expect(dictionary.strings("list") == ["a", "b c"])
    #expect(dictionary["data"]?.value == .data([0x0F, 0xBD, 0x12]))
    #expect(dictionary["empty"]?.dictionary?.count == 0)
    #expect(dictionary.string("path") == "$(SRCROOT)/Info.plist")

    let bytes = Array(text.utf8)
    func slice(_ range: ByteRange) -> String { String(decoding: bytes[range.start..<range.end], as: UTF8.self) }
    let name = try #require(dictionary.entry("name"))
    #expect(slice(name.keyRange) == "name")
    #expect(slice(name.value.range) == "\"Contoso App\"")
    #expect(slice(try #require(dictionary["list"]).range) == "( a, \"b c\", )")
    #expect(slice(try #require(dictionary["list"]?.array?[1]).range) == "\"b c\"")
    #expect(slice(try #require(dictionary["data"]).range) == "<0fBd 12>")
    #expect(slice(root.range).hasPrefix("{") && slice(root.range).hasSuffix("}"))
  }

  @Test func escapesInQuotedStrings() throws {
    let root = try parse(#"{ a = "tab\tnl\nq\"b\\u\U00e9o\101\303\251x\z"; b = 'single "quoted"'; }"#)
    #expect(root.dictionary?.string("a") == "tab\tnl\nq\"b\\uéoAÃ©x" + "z")
    #expect(root.dictionary?.string("b") == "single \"quoted\"")
  }

  @Test func utf8TextAndAByteOrderMarkAreRead() throws {
    let root = try OpenStepPlistParser.parse([0xEF, 0xBB, 0xBF] + Array("{ name = \"Café ☕\"; }".utf8))
    #expect(root.dictionary?.string("name") == "Café ☕")
    #expect(root.range.start == 3)
  }

  @Test func duplicateKeysKeepEveryEntryAndTheLastWins() throws {
    let root = try parse("{ a = 1; a = 2; }")
    #expect(root.dictionary?.entries.count == 2)
    #expect(root.dictionary?.string("a") == "2")
  }

  @Test func everyErrorIsLocated() throws {
    let cases: [(text: String, offset: Int, message: String)] = [
      ("", 0, "the file holds no property list"),
      ("{ a = b }", 8, "expected ';' after the value of 'a'"),
      ("{ a b; }", 4, "expected '=' after the key 'a'"),
      ("{ a = \"open; }", 6, "unterminated string"),
      ("{ a = b; } /* open", 11, "unterminated comment; expected '*/'"),
      ("( a b )", 4, "expected ',' or ')' after an array element"),
      ("{ a = <0f1>; }", 10, "data has an odd number of hexadecimal digits"),
      ("{ a = <0g>; }", 8, "expected a hexadecimal digit or '>' in data, found 'g'"),
      ("{ a = b; } c", 11, "unexpected 'c' after the property list"),
      ("{ a = ; }", 6, "expected a value, found ';'"),
      ("{ = b; }", 2, "expected a key or '}', found '='"),
      ("{ a = \"\\U12\"; }", 7, "expected four hexadecimal digits after '\\U'"),
      ("{ a = (", 7, "the file ends where a value was expected"),
      ("{ a = b;", 8, "the file ends inside a dictionary; expected a key or '}'"),
      ("( a", 3, "the file ends inside an array; expected ',' or ')'"),
      ("{ a = b", 7, "the file ends inside a dictionary; expected ';'"),
      ("{ a = \u{1}; }", 6, "expected a value, found '\\x01'"),
    ]
    for (text, offset, message) in cases {
      let error = try #require(failure(text))
      #expect(error.offset == offset, "\(text)")
      #expect(error.message == message, "\(text)")
    }
  }

  @Test func errorsRenderAsFileLineColumn() throws {
    let text = "// !$*UTF8*$!\n{\n\tisa = PBXProject\n}\n"
    let error = try #require(failure(text))
    #expect(
      error.located(in: SourceText(name: "App.xcodeproj/project.pbxproj", string: text))
        == "App.xcodeproj/project.pbxproj:4:1: expected ';' after the value of 'isa'")
  }

  @Test func deepNestingIsRefusedWithoutRecursing() throws {
    let deep = String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
    let error = try #require(failure(deep))
    #expect(error.message == "nesting deeper than 512 levels")
    #expect(error.offset == 512)
    let allowed = String(repeating: "(", count: 512) + String(repeating: ")", count: 512)
    #expect(try parse(allowed).array?.count == 1)
    let dictionaries = String(repeating: "{a=", count: 10_000)
    #expect(failure(dictionaries)?.message == "nesting deeper than 512 levels")
  }

  @Test func truncatedInputAndBinaryGarbageFailWithoutTrapping() throws {
    let text = Array(Self.smallProject.utf8)
    for length in 0..<text.count {
      do {
        _ = try OpenStepPlistParser.parse(Array(text[..<length]))
      } catch {
        #expect(error.offset <= length)
      }
    }
    var generator = SeededGenerator(seed: 0x0_9E57E9)
    for _ in 0..<200 {
      let count = Int.random(in: 0..<300, using: &generator)
      let garbage = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      do { _ = try OpenStepPlistParser.parse(garbage) } catch { #expect(error.offset <= garbage.count) }
      var mutated = text
      for _ in 0..<4 {
        mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      do { _ = try OpenStepPlistParser.parse(mutated) } catch { #expect(error.offset <= mutated.count) }
    }
  }

  static let smallProject = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjects = {
    \t\tAA /* x */ = {isa = PBXBuildFile; fileRef = BB; settings = {ATTRIBUTES = (Weak, ); }; };
    \t\tBB = {isa = PBXFileReference; path = "a b.swift"; sourceTree = "<group>"; };
    \t};
    \trootObject = AA;
    }
    """
}

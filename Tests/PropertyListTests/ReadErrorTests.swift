import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import PropertyList

@Suite("Read errors: located, one line, never a crash")
struct ReadErrorTests {
  @Test func malformedXMLReportsLibXML2sMessageAtLineAndColumn() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>CFBundleName</key>
      \t<string>Contoso</strin>
      </dict>
      </plist>
      """
    let error = try #require(Fixtures.readError(plist))
    #expect(error.kind == .malformedXML)
    #expect(error.position?.line == 5)
    #expect(error.message.contains("mismatch"))
    #expect(!error.message.contains("\n"))
    #expect(error.description.hasPrefix("Info.plist:5:"))
  }

  @Test func columnsCountUnicodeScalarsNotBytes() throws {
    // libxml2's own column is unreliable on non-ASCII lines; the reader uses libxml2's byte
    // position and reports a column in scalars: '“é”' is 8 bytes but 3 columns.
    let ascii = try #require(Fixtures.readError("<plist><string>abc</string><</plist>"))
    let unicode = try #require(Fixtures.readError("<plist><string>“é”</string><</plist>"))
    #expect(ascii.message == unicode.message)
    #expect(ascii.position == .init(line: 1, column: 29))
    #expect(unicode.position == .init(line: 1, column: 29))
    #expect(unicode.offset == 33)
  }

  @Test func plistStructureErrorsPointAtTheOffendingElement() throws {
    let cases: [(String, String, Int, Int)] = [
      ("<plist>\n<dict>\n  <string>no key</string>\n</dict>\n</plist>", "expected '<key>' before '<string>'", 3, 3),
      ("<plist>\n  <foo/>\n</plist>", "unknown element '<foo>'", 2, 3),
      ("<plist><dict><key>n</key>\n<integer>abc</integer></dict></plist>", "'abc' is not a valid '<integer>'", 2, 10),
      ("<plist><dict><key>lonely</key></dict></plist>", "key 'lonely' has no value", 1, 14),
      ("<plist><array><key>k</key></array></plist>", "'<key>' outside a '<dict>'", 1, 15),
      ("<plist><date>yesterday</date></plist>", "'yesterday' is not a valid '<date>'", 1, 14),
      ("<plist><data>!!!</data></plist>", "is not a valid '<data>'", 1, 14),
      ("<plist><string>a<b/></string></plist>", "unexpected element '<b>' inside '<string>'", 1, 17),
      ("<plist><true>yes</true></plist>", "'<true>' must be empty", 1, 14),
      ("<plist><string>a</string><string>b</string></plist>", "more than one value", 1, 26),
      ("<plist></plist>", "'<plist>' holds no value", 1, 1),
      ("<plist><integer>99999999999999999999</integer></plist>", "is not a valid '<integer>'", 1, 17),
      ("<plist><dict>stray</dict></plist>", "unexpected text in '<dict>'", 1, 14),
    ]
    for (text, message, line, column) in cases {
      let error = try #require(Fixtures.readError(text), "\(text)")
      #expect(error.kind == .invalidPropertyList, "\(text)")
      #expect(error.message.contains(message), "\(text): \(error.message)")
      #expect(error.position == .init(line: line, column: column), "\(text): \(error)")
    }
  }

  @Test func externalEntitiesAndBillionLaughsAreRefusedFast() throws {
    let external = """
      <?xml version="1.0"?>
      <!DOCTYPE plist [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
      <plist><string>&xxe;</string></plist>
      """
    var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      laughs += " <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
    }
    laughs += "]>\n<plist><string>&lol9;</string></plist>"
    let clock = ContinuousClock()
    for text in [external, laughs] {
      let start = clock.now
      let error = try #require(Fixtures.readError(text))
      #expect(clock.now - start < .seconds(5))  // refused before any expansion, not after
      #expect(error.kind == .unsupported)
      #expect(error.message.contains("entity declarations are not allowed"))
      #expect(error.position?.line == (text == external ? 2 : 3))
    }
    // A reference to an undeclared entity is refused by name, even with the external DTD named.
    let undeclared = """
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist><string>a &nbsp; b</string></plist>
      """
    let error = try #require(Fixtures.readError(undeclared))
    #expect(error.kind == .unsupported)
    #expect(error.message.contains("'&nbsp;' is not supported"))
    #expect(error.position == .init(line: 2, column: 18))
  }

  @Test func nestingAndSizeAreBounded() throws {
    let deep =
      "<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
      + "</plist>"
    let error = try #require(Fixtures.readError(deep))
    #expect(error.kind == .limitExceeded)
    #expect(error.message.contains("deeper than 512"))

    let atLimit =
      "<plist>" + String(repeating: "<array>", count: 512) + String(repeating: "</array>", count: 512)
      + "</plist>"
    let document = try Fixtures.document(atLimit)
    #expect(document.root.elements?.count == 1)
    let unclosedDeep = "<plist>" + String(repeating: "<dict><key>k</key>", count: 100_000)
    #expect(Fixtures.readError(unclosedDeep)?.kind == .limitExceeded)

    let huge = [UInt8](repeating: UInt8(ascii: " "), count: XMLPlistReader.maximumInputSize + 1)
    let sizeError = try #require(Fixtures.readError(bytes: huge))
    #expect(sizeError.kind == .limitExceeded)
    #expect(sizeError.message.contains("64 MiB"))
  }

  /// Long containers read whole (a quadratic reader would take minutes here; speed itself is
  /// measured by the benchmarks, not asserted in a test).
  @Test func longArraysAndDictionariesRead() throws {
    let count = 50_000
    let array = "<plist><array>" + String(repeating: "<string>abc</string>\n", count: count) + "</array></plist>"
    let dictionary =
      "<plist><dict>" + (0..<count).map { "<key>k\($0)</key><integer>\($0)</integer>" }.joined()
      + "</dict></plist>"
    #expect(try Fixtures.document(array).root.elements?.count == count)
    #expect(try Fixtures.document(dictionary).root["k49999"]?.integer == 49_999)
  }

  @Test func encodingsOtherThanUTF8AreRefusedClearly() throws {
    let utf16: [UInt8] =
      [0xFF, 0xFE]
      + Array("<plist/>".utf16).flatMap { unit -> [UInt8] in
        [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
    let error = try #require(Fixtures.readError(bytes: utf16))
    #expect(error.kind == .unsupported)
    #expect(error.message.contains("UTF-16 plists are not supported"))
    let latin1 = try #require(Fixtures.readError(#"<?xml version="1.0" encoding="ISO-8859-1"?><plist/>"#))
    #expect(latin1.message.contains("encoding 'ISO-8859-1' is not supported"))
    let invalidUTF8 = try #require(
      Fixtures.readError(
        bytes: Array("<plist><string>".utf8) + [0xC3, 0x28]
          + Array("</string></plist>".utf8)))
    #expect(invalidUTF8.kind == .malformedXML)
    #expect(invalidUTF8.position?.line == 1)
  }

  @Test func emptyAndTruncatedInputs() throws {
    #expect(Fixtures.readError("")?.kind == .invalidPropertyList)
    #expect(Fixtures.readError("   \n")?.kind == .invalidPropertyList)
    let full = Fixtures.shareExtension
    var cut = full.utf8.count - 3
    while cut > 0 {
      let bytes = Array(Array(full.utf8)[..<cut])
      let error = Fixtures.readError(bytes: bytes)
      #expect(error != nil && error?.offset != nil, "cut at \(cut)")
      cut -= 97
    }
  }

  @Test func randomBytesNeverCrash() throws {
    var generator = SeededGenerator(seed: 0x5EED)
    let alphabet = Array("<>/?!-[]&;#x\"'= \n\tplistdictarraykeystringtrueintegerCDATA".utf8)
    var failures = 0
    for round in 0..<3_000 {
      let length = Int.random(in: 0...200, using: &generator)
      var bytes: [UInt8]
      if round % 3 == 0 {
        bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      } else {
        bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      }
      if round % 5 == 0 { bytes = Array("bplist00".utf8) + bytes }
      do {
        _ = try PropertyListDocument(bytes: bytes, name: "random")
      } catch let error as PropertyListError {
        failures += 1
        #expect(!error.message.isEmpty && !error.message.contains("\n"))
      }
    }
    #expect(failures > 2_900)
  }
}

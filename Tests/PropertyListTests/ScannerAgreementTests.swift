import Foundation
import TestSupport
import Testing

@testable import PropertyList

@Suite("The scanner handles whatever libxml2 accepts")
struct ScannerAgreementTests {
  @Test func unusualButWellFormedPlistsRead() throws {
    let variants = [
      "<?xml version='1.0' encoding='utf-8' ?><plist version = '1.0' >"
        + "<dict ><key >a</key ><string >b</string ></dict ></plist >",
      "<!-- leading comment --><?app-hint x?>\n<plist><dict><!-- c --><key>a</key><?pi?>"
        + "<string>b</string></dict></plist>\n<!-- trailing -->\n",
      "<!DOCTYPE plist [ <!ELEMENT plist ANY> <!-- ] > --> ]>"
        + "<plist><dict><key>a</key><string>b</string></dict></plist>",
      "<plist><dict><key><![CDATA[a]]></key><string>b</string></dict></plist>",
      "<plist version=\"1>0\"><dict><key>a</key><string>b</string></dict></plist>",
      "\n\n  <plist>\r\n<dict>\r\n<key>a</key>\r\n<string>b</string>\r\n</dict>\r\n</plist>\r\n",
      "<plist><dict><key>a</key><string>&#98;</string></dict></plist>",
    ]
    for text in variants {
      #expect(LibXML2WellFormedness.firstError(in: Array(text.utf8)) == nil, "\(text)")
      let document = try Fixtures.document(text)
      #expect(document.value(at: ["a"])?.string == "b", "\(text)")
      #expect(document.root.entries?.count == 1)
    }
  }

  @Test func mutatedPlistsLibXML2AcceptsAreNeverMalformedForTheScanner() throws {
    var generator = SeededGenerator(seed: 7)
    let base = Array(Fixtures.shareExtension.utf8)
    let pieces = [
      "<", ">", "/", "&amp;", "<!-- x -->", "<![CDATA[y]]>", " ", "\n", "<?p q?>", "\"", "'", "&#65;", "]]>",
    ]
    .map { Array($0.utf8) }
    var accepted = 0
    for _ in 0..<1_500 {
      let bytes = mutated(base, inserting: pieces, using: &generator)
      guard LibXML2WellFormedness.firstError(in: bytes) == nil else { continue }
      accepted += 1
      do {
        _ = try PropertyListDocument(bytes: bytes, name: "Info.plist")
      } catch let error as PropertyListError {
        #expect(error.kind != .malformedXML, "libxml2 accepted but the scanner said: \(error)")
      }
    }
    #expect(accepted > 100)
  }
}

@Suite("libxml2 agrees with the plain form")
struct PlainXMLFormTests {
  @Test func whatXcodeWritesIsPlainAndTheUnusualIsNot() {
    #expect(PlainXMLForm.contains(Array(Fixtures.shareExtension.utf8)))
    let body = "<dict><key>a</key><string>b</string></dict></plist>"
    #expect(PlainXMLForm.contains(Array(("<plist version='1.0' >" + body).utf8)))
    #expect(PlainXMLForm.contains(Array(("<!-- c --><plist>\n" + body + "\n<!---->").utf8)))
    #expect(PlainXMLForm.contains(Array(("<plist><!-- \u{E9}\u{1F600} -->" + body).utf8)))
    let unusual = [
      "<plist><![CDATA[x]]>" + body, "<?pi?><plist>" + body, "<!DOCTYPE plist [ ]><plist>" + body,
      "<plist><!-- a--b -->" + body, "<plist><!-- a --->" + body, "<plist>]]>" + body,
      "<plist id='x'>" + body, "<plist><dict a='b'/>" + body, " <?xml version=\"1.0\"?><plist>" + body,
      "<plist>\u{1}" + body, "<plist>\u{85}" + body, "<plist>\u{FFFE}" + body,
      "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
        + "<plist>" + body + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
    ]
    for text in unusual { #expect(!PlainXMLForm.contains(Array(text.utf8)), "\(text)") }
    let invalidUTF8: [[UInt8]] = [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFF], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]]
    for bytes in invalidUTF8 {
      #expect(!PlainXMLForm.contains(Array("<plist><dict><key>".utf8) + bytes + Array("</key></dict></plist>".utf8)))
    }
  }

  /// The reader skips libxml2 for plain bytes it reads: libxml2 must accept every one of them.
  @Test func libxml2AcceptsEveryPlainPlistTheReaderReads() throws {
    var generator = SeededGenerator(seed: 11)
    let bases = [
      Array(Fixtures.shareExtension.utf8),
      Array(("<!-- Fabrikam -->\n<plist version=\"1.0\"><dict>"
        + "<key>Name</key><string>Caf\u{E9} \u{201C}x\u{201D}</string>"
        + "<key>List</key><array><integer>1</integer><true/><string/></array></dict></plist>\n").utf8),
    ]
    let pieces: [[UInt8]] = [
      "<", ">", "/", "&amp;", "&#0;", "&#xD800;", "&#65;", "&bogus;", "&", ";", "<!-- x -->", "<!-- a--b -->",
      "--", "-->", "<!--", "-", "]]>", "]", "<![CDATA[y]]>", "<?p q?>", "<?xml version=\"1.0\"?>", "<!DOCTYPE plist>",
      "\"", "'", "=", " version=\"1\"", " id=\"a\"", "\u{0}", "\u{1}", "\u{E9}", "\u{FFFE}", "\r", " ", "\n",
      "<dict>", "</dict>", "<key>k</key>", "<true/>", "<plist>", "</plist>", "<string>", "</string>", "<array/>",
    ].map { Array($0.utf8) } + [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFF], [0xE2, 0x82]]
    var plainAndRead = 0
    for _ in 0..<4_000 {
      let bytes = mutated(bases.randomElement(using: &generator)!, inserting: pieces, using: &generator)
      guard PlainXMLForm.contains(bytes),
        (try? PropertyListDocument(bytes: bytes, name: "Info.plist", knownWellFormed: true)) != nil
      else { continue }
      plainAndRead += 1
      let failure = LibXML2WellFormedness.firstError(in: bytes)
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(failure == nil, "plain and read, but libxml2 says \(String(describing: failure)): \(text)")
    }
    #expect(plainAndRead > 400)
  }
}

/// `bytes` after one to three random edits: one of `pieces` inserted, or one to four bytes removed.
private func mutated(_ bytes: [UInt8], inserting pieces: [[UInt8]], using generator: inout SeededGenerator)
  -> [UInt8]
{
  var bytes = bytes
  for _ in 0..<Int.random(in: 1...3, using: &generator) {
    let at = Int.random(in: 0..<bytes.count, using: &generator)
    if Bool.random(using: &generator) {
      bytes.insert(contentsOf: pieces.randomElement(using: &generator)!, at: at)
    } else {
      bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...4, using: &generator)))
    }
  }
  return bytes
}

extension LibXML2WellFormedness.Failure: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.message == rhs.message && lhs.line == rhs.line }
}

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
      var bytes = base
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        if Bool.random(using: &generator) {
          bytes.insert(contentsOf: pieces.randomElement(using: &generator)!, at: at)
        } else {
          bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...4, using: &generator)))
        }
      }
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

extension LibXML2WellFormedness.Failure: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.message == rhs.message && lhs.line == rhs.line }
}

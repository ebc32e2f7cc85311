import CLibXML2
import CPCRE2
import Foundation
import Testing

/// The system-library modules must import next to Foundation (the ICU pitfall in DESIGN.md) and
/// link: these tests call one function of each library and check its answer.
@Suite struct SystemLibrariesTests {
  @Test func libxml2ParsesNextToFoundation() throws {
    let xml = "<plist><string>a &amp; b</string></plist>"
    let document = xml.withCString { pointer in
      xmlReadMemory(pointer, Int32(strlen(pointer)), "memory.xml", nil, Int32(XML_PARSE_NONET.rawValue))
    }
    let parsed = try #require(document)
    defer { xmlFreeDoc(parsed) }
    let root = try #require(xmlDocGetRootElement(parsed))
    #expect(String(cString: root.pointee.name) == "plist")
    // Foundation in the same module, to prove the two coexist.
    #expect(URL(fileURLWithPath: "/tmp").lastPathComponent == "tmp")
  }

  @Test func pcre2MatchesInUTFMode() throws {
    var errorCode: Int32 = 0
    var errorOffset = 0
    let pattern = "^public\\.[a-z]+$"
    let code = pattern.withCString { pointer in
      pointer.withMemoryRebound(to: UInt8.self, capacity: pattern.utf8.count) {
        pcre2_compile_8($0, pattern.utf8.count, UInt32(PCRE2_UTF), &errorCode, &errorOffset, nil)
      }
    }
    let compiled = try #require(code)
    defer { pcre2_code_free_8(compiled) }
    let matchData = try #require(pcre2_match_data_create_from_pattern_8(compiled, nil))
    defer { pcre2_match_data_free_8(matchData) }
    func matches(_ subject: String) -> Bool {
      subject.withCString { pointer in
        pointer.withMemoryRebound(to: UInt8.self, capacity: subject.utf8.count) {
          pcre2_match_8(compiled, $0, subject.utf8.count, 0, 0, matchData, nil) >= 0
        }
      }
    }
    #expect(matches("public.jpeg"))
    #expect(!matches("com.adobe.pdf"))
  }
}

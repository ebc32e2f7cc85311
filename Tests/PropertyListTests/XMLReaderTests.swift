import Foundation
import SharelintBase
import Testing

@testable import PropertyList

@Suite("Reading XML plists with positions")
struct XMLReaderTests {
  @Test func readsEveryValueTypeOfARealInfoPlist() throws {
    let document = try Fixtures.document(Fixtures.shareExtension)
    #expect(document.format == .xml)
    #expect(document.value(at: ["CFBundleDisplayName"])?.string == "Share to Contoso")
    #expect(
      document.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationSupportsImageWithMaxCount"])?
        .integer == 10)
    #expect(document.value(at: ["UIRequiresFullScreen"])?.boolean == true)
    #expect(document.value(at: ["IntuneMAMSettings", "MultiIdentity"])?.boolean == false)
    #expect(document.value(at: ["Score"])?.content == .real(0.75))
    #expect(document.value(at: ["BuildDate"])?.content == .date(Date(timeIntervalSince1970: 1_715_938_200)))
    #expect(document.value(at: ["Token"])?.content == .data(Data("Hello, Intune!".utf8)))
    #expect(document.value(at: ["Empty"])?.elements?.isEmpty == true)
    let schemes = try #require(document.value(at: ["LSApplicationQueriesSchemes"])?.elements)
    #expect(schemes.map(\.string) == ["http-intunemam", "https-intunemam", "ms-outlook"])
    #expect(schemes[2].keyPath == "LSApplicationQueriesSchemes[2]")
    #expect(
      document.root.entries?.map(\.key.text).prefix(3) == ["CFBundleDisplayName", "CFBundleVersion", "NSExtension"])
    #expect(document.value(at: ["NSExtension", "Missing"]) == nil)
    #expect(document.value(at: ["CFBundleDisplayName", "NotADictionary"]) == nil)
  }

  @Test func rangesCoverExactlyTheirElementsAndContents() throws {
    let document = try Fixtures.document(Fixtures.shareExtension)
    let name = try #require(document.value(at: ["CFBundleDisplayName"]))
    #expect(document.text(of: try #require(name.elementRange)) == "<string>Share to Contoso</string>")
    #expect(document.text(of: try #require(name.contentRange)) == "Share to Contoso")
    let key = try #require(document.root.entries?.first?.key)
    #expect(document.text(of: try #require(key.elementRange)) == "<key>CFBundleDisplayName</key>")
    #expect(document.text(of: try #require(key.contentRange)) == "CFBundleDisplayName")

    let flag = try #require(document.value(at: ["UIRequiresFullScreen"]))
    #expect(document.text(of: try #require(flag.elementRange)) == "<true/>")
    #expect(flag.contentRange?.count == 0)

    let count = try #require(
      document.value(at: [
        "NSExtension", "NSExtensionAttributes",
        "NSExtensionActivationSupportsImageWithMaxCount",
      ]))
    #expect(document.text(of: try #require(count.elementRange)) == "<integer>10</integer>")

    let schemes = try #require(document.value(at: ["LSApplicationQueriesSchemes"]))
    let schemesText = document.text(of: try #require(schemes.elementRange))
    #expect(schemesText.hasPrefix("<array>\n\t\t<string>http-intunemam</string>"))
    #expect(schemesText.hasSuffix("<string>ms-outlook</string>\n\t</array>"))
    #expect(document.text(of: try #require(document.value(at: ["Empty"])?.elementRange)) == "<array/>")

    let root = document.text(of: try #require(document.root.elementRange))
    #expect(root.hasPrefix("<dict>\n\t<key>CFBundleDisplayName"))
    #expect(root.hasSuffix("</array/>\n</dict>") == false && root.hasSuffix("<array/>\n</dict>"))
    #expect(document.position(of: try #require(name.elementRange).start) == .init(line: 6, column: 2))
  }

  @Test func entityOffsetsMapToTheExactFileColumn() throws {
    let document = try Fixtures.document(Fixtures.shareExtension)
    let rule = try #require(document.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]))
    #expect(rule.keyPath == "NSExtension.NSExtensionAttributes.NSExtensionActivationRule")
    let text = try #require(rule.string)
    #expect(text.contains("UTI-CONFORMS-TO \"public.image\").@count >= 1"))

    // "public.image" in the decoded text, and its position in the file.
    let decoded = Array(text.utf8)
    let needle = Array("public.image".utf8)
    let textOffset = try #require(
      (0...(decoded.count - needle.count)).first {
        Array(decoded[$0..<$0 + needle.count]) == needle
      })
    let fileOffset = try #require(rule.sourceOffset(ofTextUTF8Offset: textOffset))
    #expect(document.text(of: ByteRange(start: fileOffset, end: fileOffset + 12)) == "public.image")
    let lineText = Fixtures.shareExtension.split(separator: "\n", omittingEmptySubsequences: false)[14]
    let found = try #require(lineText.range(of: "public.image"))
    let expectedColumn = lineText.distance(from: lineText.startIndex, to: found.lowerBound) + 1
    #expect(expectedColumn > 100)
    #expect(document.position(of: fileOffset) == .init(line: 15, column: expectedColumn))

    // The opening quote is the whole '&quot;'; '>' is '&gt;'.
    let map = try #require(rule.sourceMap)
    #expect(document.text(of: map.sourceRange(ofTextUTF8Range: (textOffset - 1)..<textOffset)) == "&quot;")
    let greater = try #require(text.utf8.firstIndex(of: UInt8(ascii: ">")))
    let greaterOffset = text.utf8.distance(from: text.utf8.startIndex, to: greater)
    #expect(document.text(of: map.sourceRange(ofTextUTF8Range: greaterOffset..<(greaterOffset + 2))) == "&gt;=")
    #expect(map.sourceOffset(ofTextUTF8Offset: decoded.count) == map.contentRange.end)
    #expect(map.sourceOffset(ofTextUTF8Offset: 0) == map.contentRange.start)
  }

  @Test func cdataCharacterReferencesAndCommentsMapBack() throws {
    let plist = """
      <plist version="1.0"><dict><key>K&#x41;&#66;</key>\
      <string>a<![CDATA[<b>&amp;]]>c<!-- note -->d&#x1F600;e</string></dict></plist>
      """
    let document = try Fixtures.document(plist)
    let entry = try #require(document.root.entries?.first)
    #expect(entry.key.text == "KAB")
    let value = entry.value
    #expect(value.string == "a<b>&amp;cd😀e")
    let map = try #require(value.sourceMap)
    func source(_ textOffset: Int) -> String {
      let offset = map.sourceOffset(ofTextUTF8Offset: textOffset)
      return document.text(of: ByteRange(start: offset, end: offset + 1))
    }
    #expect(source(0) == "a")
    #expect(source(1) == "<")  // inside the CDATA section
    #expect(source(4) == "&")  // '&amp;' inside CDATA is literal text
    #expect(source(9) == "c")
    #expect(source(10) == "d")  // the comment is skipped
    #expect(source(11) == "&")  // the emoji's character reference
    #expect(source(13) == "&")  // any byte of the emoji maps to the reference
    #expect(source(15) == "e")
    #expect(document.text(of: map.sourceRange(ofTextUTF8Range: 11..<15)) == "&#x1F600;")
  }

  @Test func duplicateKeysAreKeptAndRecordedWithBothRanges() throws {
    let plist = """
      <plist version="1.0">
      <dict>
        <key>CFBundleURLSchemes</key>
        <string>first</string>
        <key>Other</key>
        <integer>1</integer>
        <key>CFBundleURLSchemes</key>
        <string>second</string>
      </dict>
      </plist>
      """
    let document = try Fixtures.document(plist)
    #expect(document.root.entries?.count == 3)
    #expect(document.value(at: ["CFBundleURLSchemes"])?.string == "second")
    let duplicate = try #require(document.duplicateKeys.first)
    #expect(document.duplicateKeys.count == 1)
    #expect(duplicate.key == "CFBundleURLSchemes")
    #expect(duplicate.dictionaryPath.isEmpty)
    #expect(document.position(of: duplicate.firstRange.start) == .init(line: 3, column: 3))
    #expect(document.position(of: duplicate.duplicateRange.start) == .init(line: 7, column: 3))
    #expect(document.text(of: duplicate.duplicateRange) == "<key>CFBundleURLSchemes</key>")

    // Foundation's reader agrees that the last one wins.
    var format = PropertyListSerialization.PropertyListFormat.xml
    let foundation = try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: &format)
    #expect((foundation as? [String: Any])?["CFBundleURLSchemes"] as? String == "second")
  }

  @Test func duplicateKeysOfABigDictionaryAreFoundAsInASmallOne() throws {
    // Past 8 entries the reader indexes keys by their bytes; keys still compare as strings do, so
    // "\u{212A}ey" (KELVIN SIGN) repeats "Key", and repeats are found however big the dictionary grows.
    var keys = (0..<200).map { "Key\($0)" }
    keys += ["Key7", "\u{212A}ey150", "Caf\u{E9}", "Cafe\u{301}", "Key199", "\u{212A}ey0"]
    let entries = keys.map { "<key>\($0)</key><true/>" }.joined(separator: "\n")
    let document = try Fixtures.document("<plist version=\"1.0\"><dict>\n\(entries)\n</dict></plist>")
    #expect(document.root.entries?.count == 206)
    let found = document.duplicateKeys.map { "\($0.key) first at line \(document.position(of: $0.firstRange.start).line)" }
    #expect(
      found == [
        "Key7 first at line 9", "\u{212A}ey150 first at line 152", "Cafe\u{301} first at line 204",
        "Key199 first at line 201", "\u{212A}ey0 first at line 2",
      ])
  }

  @Test func agreesWithFoundationOnTheWholeTree() throws {
    for text in [Fixtures.shareExtension, Fixtures.appWithSpacesAndCRLF] {
      let document = try Fixtures.document(text)
      var format = PropertyListSerialization.PropertyListFormat.xml
      let foundation = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: &format)
      let binary = try PropertyListSerialization.data(fromPropertyList: foundation, format: .binary, options: 0)
      let viaFoundation = try PropertyListDocument(bytes: [UInt8](binary), name: "Info.plist")
      #expect(viaFoundation.root.value == document.root.value.normalized)
    }
  }

  @Test func acceptsPlainVariants() throws {
    let withoutPlist = try Fixtures.document("<dict><key>a</key><string/></dict>")
    #expect(withoutPlist.value(at: ["a"])?.string == "")
    let bom = try PropertyListDocument(
      bytes: [0xEF, 0xBB, 0xBF] + Array("<plist><integer> -0x1F </integer></plist>".utf8),
      name: "x")
    #expect(bom.root.integer == -31)
    let reals = try Fixtures.document(
      "<plist><array><real>-infinity</real><real>1e3</real><real>nan</real></array></plist>")
    #expect(reals.root[0]?.content == .real(-.infinity))
    #expect(reals.root[1]?.content == .real(1000))
    if case .real(let number) = reals.root[2]?.content { #expect(number.isNaN) } else { Issue.record("not a real") }
    let extremes = try Fixtures.document(
      "<plist><array><integer>9223372036854775807</integer><integer>-9223372036854775808</integer></array></plist>")
    #expect(extremes.root.elements?.map(\.integer) == [Int.max, Int.min])
  }
}

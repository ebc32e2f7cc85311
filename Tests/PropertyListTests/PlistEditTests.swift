import Foundation
import SharelintBase
import Testing

@testable import PropertyList

@Suite("Byte-exact edits")
struct PlistEditTests {
  /// Applies `edits` to `document`, checks every edit applied, that the bytes before the first and
  /// after the last edit are untouched, and returns the result re-read plus its text.
  private func apply(
    _ edits: [TextEdit], to document: PropertyListDocument, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws -> (PropertyListDocument, String)
  {
    let original = document.source.bytes
    let (result, skipped) = original.applying(edits)
    #expect(skipped.isEmpty, sourceLocation: sourceLocation)
    let first = try #require(edits.map(\.range.start).min())
    let last = try #require(edits.map(\.range.end).max())
    #expect(result.prefix(first).elementsEqual(original.prefix(first)), sourceLocation: sourceLocation)
    let tail = original.count - last
    #expect(result.suffix(tail).elementsEqual(original.suffix(tail)), sourceLocation: sourceLocation)
    return (try PropertyListDocument(bytes: result, name: "Info.plist"), String(decoding: result, as: UTF8.self))
  }

  @Test func replacingAStringChangesOnlyItsTextAndKeepsTheEntityStyle() throws {
    let document = try Fixtures.document(Fixtures.shareExtension)
    let rule = try #require(document.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]))
    let newRule = #"TRUEPREDICATE AND "a" < "b" & 'c'"#
    let edit = try document.replacingValue(of: rule, with: .string(newRule))
    #expect(edit.range == rule.contentRange)
    #expect(edit.replacement == #"TRUEPREDICATE AND &quot;a&quot; &lt; &quot;b&quot; &amp; 'c'"#)
    let (reread, text) = try apply([edit], to: document)
    #expect(
      reread.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"])?.string == newRule)
    let oldContent = document.text(of: try #require(rule.contentRange))
    #expect(text == Fixtures.shareExtension.replacingOccurrences(of: oldContent, with: edit.replacement))
  }

  @Test func replacingAValueWithAContainerIndentsItLikeTheFile() throws {
    let document = try Fixtures.document(Fixtures.shareExtension)
    let flag = try #require(document.value(at: ["UIRequiresFullScreen"]))
    let edit = try document.replacingValue(
      of: flag, with: .dictionary([.init("Enabled", .boolean(true)), .init("Modes", .array([.string("a")]))]))
    let (reread, text) = try apply([edit], to: document)
    #expect(
      text.contains(
        """
        \t<key>UIRequiresFullScreen</key>
        \t<dict>
        \t\t<key>Enabled</key>
        \t\t<true/>
        \t\t<key>Modes</key>
        \t\t<array>
        \t\t\t<string>a</string>
        \t\t</array>
        \t</dict>
        \t<key>IntuneMAMSettings</key>
        """))
    #expect(reread.value(at: ["UIRequiresFullScreen", "Modes"])?.elements?.first?.string == "a")

    let empty = try #require(document.value(at: ["CFBundleDisplayName"]))
    let emptyString = try Fixtures.document("<plist><dict><key>a</key><string/></dict></plist>")
    let fill = try emptyString.replacingValue(of: try #require(emptyString.value(at: ["a"])), with: .string("x"))
    let (filled, _) = try apply([fill], to: emptyString)
    #expect(filled.value(at: ["a"])?.string == "x")
    #expect(empty.string == "Share to Contoso")
  }

  @Test func insertingAKeyAtTheEndOrAfterAKey() throws {
    let document = try Fixtures.document(Fixtures.shareExtension)
    let settings = try #require(document.value(at: ["IntuneMAMSettings"]))
    let atEnd = try document.insertingEntry(key: "AutoEnrollOnLaunch", value: .boolean(true), into: settings)
    let (reread, text) = try apply([atEnd], to: document)
    #expect(
      text.contains(
        """
        \t\t<key>MultiIdentity</key>
        \t\t<false/>
        \t\t<key>AutoEnrollOnLaunch</key>
        \t\t<true/>
        \t</dict>
        """))
    #expect(
      reread.value(at: ["IntuneMAMSettings"])?.entries?.map(\.key.text) == [
        "ADALClientId", "MultiIdentity", "AutoEnrollOnLaunch",
      ])

    let afterKey = try document.insertingEntry(
      key: "ADALRedirectUri", value: .string("msauth.com.contoso://auth"), into: settings, after: "ADALClientId")
    let (second, _) = try apply([afterKey], to: document)
    #expect(
      second.value(at: ["IntuneMAMSettings"])?.entries?.map(\.key.text) == [
        "ADALClientId", "ADALRedirectUri", "MultiIdentity",
      ])
    #expect(throws: PropertyListError.self) {
      try document.insertingEntry(key: "x", value: .integer(1), into: settings, after: "Missing")
    }
  }

  @Test func insertingIntoEmptyDictionariesOfEveryShape() throws {
    let shapes = [
      (
        "<plist>\n<dict>\n  <key>A</key>\n  <dict/>\n</dict>\n</plist>\n",
        "  <key>A</key>\n  <dict>\n    <key>k</key>\n    <string>v</string>\n  </dict>\n"
      ),
      (
        "<plist>\n<dict>\n  <key>A</key>\n  <dict></dict>\n</dict>\n</plist>\n",
        "  <key>A</key>\n  <dict>\n    <key>k</key>\n    <string>v</string>\n  </dict>\n"
      ),
      (
        "<plist>\n<dict>\n  <key>A</key>\n  <dict>\n  </dict>\n</dict>\n</plist>\n",
        "  <key>A</key>\n  <dict>\n    <key>k</key>\n    <string>v</string>\n  </dict>\n"
      ),
    ]
    for (text, expected) in shapes {
      let document = try Fixtures.document(text)
      let edit = try document.insertingEntry(
        key: "k", value: .string("v"), into: try #require(document.value(at: ["A"])))
      let (reread, result) = try apply([edit], to: document)
      #expect(result.contains(expected), "\(result)")
      #expect(reread.value(at: ["A", "k"])?.string == "v")
    }
  }

  @Test func insertingArrayElementsAtIndexAppendAndIntoEmptyArrays() throws {
    let document = try Fixtures.document(Fixtures.appWithSpacesAndCRLF)
    #expect(document.indentationStyle == IndentationStyle(unit: "    ", lineEnding: "\r\n"))
    let queries = try #require(document.value(at: ["LSApplicationQueriesSchemes"]))
    let fill = try document.insertingElements([.string("http-intunemam"), .string("https-intunemam")], into: queries)
    let (filled, text) = try apply([fill], to: document)
    #expect(
      text.contains(
        "    <array>\r\n        <string>http-intunemam</string>\r\n"
          + "        <string>https-intunemam</string>\r\n    </array>"
      ))
    #expect(
      filled.value(at: ["LSApplicationQueriesSchemes"])?.elements?.map(\.string) == [
        "http-intunemam", "https-intunemam",
      ])

    let schemes = try #require(document.value(at: ["CFBundleURLTypes"])?[0]?["CFBundleURLSchemes"])
    let first = try document.insertingElements([.string("contoso-intunemam")], into: schemes, at: 0)
    let (prepended, prependedText) = try apply([first], to: document)
    #expect(
      prependedText.contains(
        "                <string>contoso-intunemam</string>\r\n                <string>contoso</string>\r\n"))
    #expect(
      prepended.value(at: ["CFBundleURLTypes"])?[0]?["CFBundleURLSchemes"]?.elements?.map(\.string) == [
        "contoso-intunemam", "contoso",
      ])
    let append = try document.insertingElements([.string("z")], into: schemes)
    let (appended, _) = try apply([append], to: document)
    #expect(
      appended.value(at: ["CFBundleURLTypes"])?[0]?["CFBundleURLSchemes"]?.elements?.map(\.string) == ["contoso", "z"])

    let selfClosing = try Fixtures.document(Fixtures.shareExtension)
    let emptyArray = try #require(selfClosing.value(at: ["Empty"]))
    let edit = try selfClosing.insertingElements([.integer(1)], into: emptyArray)
    let (_, result) = try apply([edit], to: selfClosing)
    #expect(result.contains("\t<key>Empty</key>\n\t<array>\n\t\t<integer>1</integer>\n\t</array>\n</dict>"))
    #expect(throws: PropertyListError.self) {
      try selfClosing.insertingElements([.integer(1)], into: emptyArray, at: 2)
    }
  }

  @Test func trailingCommentsStayWithTheirElement() throws {
    let text =
      "<plist>\n<dict>\n  <key>A</key>\n  <array>\n    <string>a</string> <!-- keep -->\n  </array>\n"
      + "  <key>B</key>\n  <string>b</string> <!-- b note -->\n</dict>\n</plist>\n"
    let document = try Fixtures.document(text)
    let append = try document.insertingElements([.string("z")], into: try #require(document.value(at: ["A"])))
    let entry = try document.insertingEntry(key: "C", value: .string("c"), into: document.root)
    let (reread, result) = try apply([append, entry], to: document)
    #expect(
      result
        == text
        .replacingOccurrences(of: "<!-- keep -->\n", with: "<!-- keep -->\n    <string>z</string>\n")
        .replacingOccurrences(of: "<!-- b note -->\n", with: "<!-- b note -->\n  <key>C</key>\n  <string>c</string>\n")
    )
    #expect(reread.value(at: ["A"])?.elements?.map(\.string) == ["a", "z"])
    #expect(reread.value(at: ["C"])?.string == "c")
  }

  @Test func inlineArraysStayInline() throws {
    let document = try Fixtures.document("<plist><array><string>a</string><string>c</string></array></plist>")
    let edit = try document.insertingElements([.string("b")], into: document.root, at: 1)
    let (_, text) = try apply([edit], to: document)
    #expect(text == "<plist><array><string>a</string><string>b</string><string>c</string></array></plist>")
  }

  @Test func removingElementsAndKeysTakesTheirLines() throws {
    let document = try Fixtures.document(Fixtures.shareExtension)
    let queries = try #require(document.value(at: ["LSApplicationQueriesSchemes"]))
    let removeMiddle = try document.removingElement(at: 1, from: queries)
    let (reread, text) = try apply([removeMiddle], to: document)
    #expect(text.contains("\t\t<string>http-intunemam</string>\n\t\t<string>ms-outlook</string>\n"))
    #expect(
      reread.value(at: ["LSApplicationQueriesSchemes"])?.elements?.map(\.string) == ["http-intunemam", "ms-outlook"])

    let removeKey = try document.removingEntries(forKey: "UIRequiresFullScreen", from: document.root)
    #expect(removeKey.count == 1)
    let (withoutKey, withoutKeyText) = try apply(removeKey, to: document)
    #expect(withoutKeyText.contains("\t</array>\n\t<key>IntuneMAMSettings</key>"))
    #expect(withoutKey.value(at: ["UIRequiresFullScreen"]) == nil)
    #expect(
      withoutKeyText.utf8.count == Fixtures.shareExtension.utf8.count
        - "\t<key>UIRequiresFullScreen</key>\n\t<true/>\n".utf8.count)

    // Two non-overlapping edits at once: both apply.
    let both = [removeMiddle] + removeKey
    let (combined, _) = try apply(both, to: document)
    #expect(combined.value(at: ["UIRequiresFullScreen"]) == nil)
    #expect(combined.value(at: ["LSApplicationQueriesSchemes"])?.elements?.count == 2)
  }

  @Test func removingADuplicateKeyKeepsTheOther() throws {
    let text =
      "<plist>\n<dict>\n\t<key>A</key>\n\t<string>1</string>\n"
      + "\t<key>A</key>\n\t<string>2</string>\n</dict>\n</plist>\n"
    let document = try Fixtures.document(text)
    let edit = try document.removingEntry(at: 1, from: document.root)
    let (reread, result) = try apply([edit], to: document)
    #expect(result == "<plist>\n<dict>\n\t<key>A</key>\n\t<string>1</string>\n</dict>\n</plist>\n")
    #expect(reread.duplicateKeys.isEmpty)
  }

  @Test func binaryDocumentsRefuseByteEdits() throws {
    let binary = try BinaryPropertyList.serialize(.dictionary([.init("a", .string("b"))]))
    let document = try PropertyListDocument(bytes: binary, name: "Info.plist")
    let node = try #require(document.value(at: ["a"]))
    let error = #expect(throws: PropertyListError.self) {
      try document.replacingValue(of: node, with: .string("c"))
    }
    #expect(error?.message.contains("binary plists are rewritten whole") == true)
  }

  @Test func fragmentsAndWholeDocumentsRoundTrip() throws {
    let value = PropertyListValue.dictionary([
      .init("S", .string("a & <b> \"c\"")), .init("I", .integer(-42)), .init("R", .real(2.5)),
      .init("B", .boolean(false)), .init("D", .date(Date(timeIntervalSince1970: 0))),
      .init("X", .data(Data((0..<100).map { UInt8($0) }))), .init("E", .array([])), .init("F", .dictionary([])),
    ])
    let text = try XMLPlistWriter.document(value, style: IndentationStyle(unit: "  ", lineEnding: "\n"))
    #expect(text.contains("\n  <key>D</key>\n  <date>1970-01-01T00:00:00Z</date>\n"))
    let reread = try Fixtures.document(text)
    #expect(reread.root.value == value)
    #expect(reread.indentationStyle.unit == "  ")
    #expect(
      try XMLPlistWriter.fragment(.array([.integer(1)]), indentation: "\t", style: .xcode)
        == "<array>\n\t\t<integer>1</integer>\n\t</array>")
    #expect(throws: PropertyListError.self) { try XMLPlistWriter.escape("bell\u{7}") }
    #expect(throws: PropertyListError.self) {
      try XMLPlistWriter.fragment(.date(Date(timeIntervalSince1970: 1e300)), indentation: "", style: .xcode)
    }
    let farDates = [Date(timeIntervalSince1970: -62_135_596_800), Date(timeIntervalSince1970: 253_402_300_799)]
    let farText = try XMLPlistWriter.document(.array(farDates.map { .date($0) }))
    #expect(farText.contains("<date>0001-01-01T00:00:00Z</date>"))
    #expect(farText.contains("<date>9999-12-31T23:59:59Z</date>"))
    #expect(try Fixtures.document(farText).root.value == .array(farDates.map { .date($0) }))
  }
}

/// A comment standing alone above an element (a `sharelint:disable-next-line`) stays with that element when a fix
/// inserts before it.
@Suite struct PlistEditCommentTests {
  @Test func anElementInsertedBeforeAnotherGoesAboveTheCommentOverIt() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>LSApplicationQueriesSchemes</key>
      \t<array>
      \t\t<!-- sharelint:disable-next-line US004 - checked by hand -->
      \t\t<string>contoso</string>
      \t</array>
      </dict>
      </plist>

      """
    let document = try PropertyListDocument(source: SourceText(name: "Info.plist", string: xml))
    let array = try #require(document.value(at: ["LSApplicationQueriesSchemes"]))
    let edit = try document.insertingElements([.string("first")], into: array, at: 0)
    let (bytes, skipped) = document.source.bytes.applying([edit])
    #expect(skipped.isEmpty)
    #expect(String(decoding: bytes, as: UTF8.self).contains("""
      \t\t<string>first</string>
      \t\t<!-- sharelint:disable-next-line US004 - checked by hand -->
      \t\t<string>contoso</string>
      """))
  }
}

import SharelintBase
import Testing

@testable import PropertyList

/// `movingEntry`: a key and its value carried to another dictionary as written.
@Suite("Moving an entry")
struct PlistMoveEntryTests {
  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>NSExtension</key>
    \t<dict>
    \t\t<key>NSExtensionActivationRule</key> <!-- misplaced -->
    \t\t<string>SUBQUERY (extensionItems, $e,
    \t\t\tANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.image&quot;
    \t\t).@count == 1</string>
    \t\t<key>NSExtensionPointIdentifier</key>
    \t\t<string>com.apple.share-services</string>
    \t</dict>
    </dict>
    </plist>

    """

  @Test func aMovedStringKeepsItsTextAndEntitiesAndANewDictionaryIsMadeForIt() throws {
    let document = try PropertyListDocument(bytes: Array(Self.plist.utf8), name: "Info.plist")
    let source = try #require(document.value(at: ["NSExtension"]))
    let rule = try #require(document.value(at: ["NSExtension", "NSExtensionActivationRule"]))
    let edits = try document.movingEntry(
      forKey: "NSExtensionActivationRule", from: source, into: source, newKey: "NSExtensionAttributes")
    #expect(edits.count == 2)
    let (bytes, skipped) = document.source.bytes.applying(edits)
    #expect(skipped.isEmpty)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text == """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>NSExtension</key>
      \t<dict>
      \t\t<key>NSExtensionPointIdentifier</key>
      \t\t<string>com.apple.share-services</string>
      \t\t<key>NSExtensionAttributes</key>
      \t\t<dict>
      \t\t\t<key>NSExtensionActivationRule</key> <!-- misplaced -->
      \t\t\t<string>SUBQUERY (extensionItems, $e,
      \t\t\tANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.image&quot;
      \t\t).@count == 1</string>
      \t\t</dict>
      \t</dict>
      </dict>
      </plist>

      """)
    let reread = try PropertyListDocument(bytes: bytes, name: "Info.plist")
    #expect(reread.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"])?.string
      == rule.string)
    #expect(reread.value(at: ["NSExtension", "NSExtensionActivationRule"]) == nil)
  }

  @Test func aKeyWrittenTwiceIsNotMoved() throws {
    let twice = Self.plist.replacingOccurrences(
      of: "\t\t<key>NSExtensionPointIdentifier</key>",
      with: "\t\t<key>NSExtensionActivationRule</key>\n\t\t<true/>\n\t\t<key>NSExtensionPointIdentifier</key>")
    let document = try PropertyListDocument(bytes: Array(twice.utf8), name: "Info.plist")
    let source = try #require(document.value(at: ["NSExtension"]))
    #expect(throws: PropertyListError.self) {
      try document.movingEntry(forKey: "NSExtensionActivationRule", from: source, into: source, newKey: "A")
    }
  }
}

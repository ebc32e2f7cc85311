import Foundation
import PropertyList
import SharelintBase
import Testing

@Suite struct PropertyListTypeTests {
  @Test func namesComeFromOneTable() {
    #expect(PropertyListType.allCases.map(\.elementName)
      == ["string", "integer", "real", "boolean", "date", "data", "array", "dict"])
    #expect(PropertyListType.allCases.map(\.nameWithArticle)
      == ["a string", "an integer", "a real", "a boolean", "a date", "data", "an array", "a dictionary"])
  }

  @Test func nodesAndValuesAgree() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>s</key><string>x</string><key>i</key><integer>1</integer><key>r</key><real>1.5</real>
      \t<key>b</key><true/><key>d</key><date>2024-01-01T00:00:00Z</date><key>x</key><data>AA==</data>
      \t<key>a</key><array/><key>o</key><dict/>
      </dict>
      </plist>
      """
    let document = try PropertyListDocument(source: SourceText(name: "Info.plist", string: text))
    let entries = try #require(document.root.entries)
    #expect(entries.map(\.value.type) == PropertyListType.allCases)
    #expect(entries.map { $0.value.value.type } == PropertyListType.allCases)
    #expect(document.root.typeName == "dict" && document.root.value.typeName == "dict")
  }
}

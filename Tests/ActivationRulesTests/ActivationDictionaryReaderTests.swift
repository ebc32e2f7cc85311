import ActivationRules
import PropertyList
import Testing

@Suite struct ActivationDictionaryReaderTests {
  @Test func readsEveryKeyWithItsType() throws {
    let value = PropertyListValue.dictionary(
      ActivationKey.allCases.map { key in
        switch key.valueType {
        case .integer: return .init(key.rawValue, .integer(key == .dictionaryVersion ? 2 : 3))
        case .boolean: return .init(key.rawValue, .boolean(true))
        }
      })
    let reading = try #require(ActivationDictionary.read(value))
    #expect(reading.problems.isEmpty)
    #expect(reading.dictionary.values.count == 10)
    #expect(reading.dictionary.integer(.imageWithMaxCount) == 3)
    #expect(reading.dictionary.flag(.text))
    #expect(reading.dictionary.version == 2)
    #expect(reading.dictionary.usesStrictMatching)
    #expect(reading.dictionary.propertyListValue.normalized == value.normalized)
  }

  @Test func reportsAWrongTypeNamingTheKeyAndTheExpectedType() throws {
    let value = PropertyListValue.dictionary([
      .init("NSExtensionActivationSupportsImageWithMaxCount", .string("2")),
      .init("NSExtensionActivationSupportsText", .integer(1)),
    ])
    let reading = try #require(ActivationDictionary.read(value))
    #expect(
      reading.problems.map(\.message) == [
        "'NSExtensionActivationSupportsImageWithMaxCount' must be an integer, found string",
        "'NSExtensionActivationSupportsText' must be a boolean, found integer",
      ])
    // Read on anyway, the way Foundation's integerValue and boolValue would.
    #expect(reading.dictionary.integer(.imageWithMaxCount) == 2)
    #expect(reading.dictionary.flag(.text))
  }

  @Test func suggestsTheNearestKeyWithinTwoEdits() throws {
    let value = PropertyListValue.dictionary([
      .init("NSExtensionActivationSupportsImageWithMaxCont", .integer(1)),
      .init("NSExtensionActivationSupportsWebURLWithMaxCount ", .integer(1)),
      .init("NSExtensionActivationSupportsEverything", .integer(1)),
    ])
    let reading = try #require(ActivationDictionary.read(value))
    #expect(
      reading.problems.map(\.kind) == [
        .unknownKey("NSExtensionActivationSupportsImageWithMaxCont", suggestion: .imageWithMaxCount),
        .unknownKey("NSExtensionActivationSupportsWebURLWithMaxCount ", suggestion: .webURLWithMaxCount),
        .unknownKey("NSExtensionActivationSupportsEverything", suggestion: nil),
      ])
    #expect(reading.problems[0].message.hasSuffix("did you mean 'NSExtensionActivationSupportsImageWithMaxCount'?"))
    #expect(reading.dictionary.values.isEmpty)
  }

  @Test func reportsAnUnsupportedVersionAndNegativeCounts() throws {
    let value = PropertyListValue.dictionary([
      .init("NSExtensionActivationDictionaryVersion", .integer(3)),
      .init("NSExtensionActivationSupportsMovieWithMaxCount", .integer(-1)),
    ])
    let reading = try #require(ActivationDictionary.read(value))
    #expect(
      reading.problems.map(\.kind) == [.unsupportedVersion(3), .negativeCount(key: .movieWithMaxCount, value: -1)])
    #expect(reading.dictionary.enabledTypeRows.isEmpty)
  }

  @Test func strictMatchingFollowsTheExtensionFoundationBuilder() {
    #expect(ActivationDictionary().usesStrictMatching)
    #expect(ActivationDictionary([.dictionaryVersion: .integer(1)]).usesStrictMatching)
    #expect(!ActivationDictionary([.dictionaryVersion: .integer(2)]).usesStrictMatching)
    #expect(
      ActivationDictionary([.dictionaryVersion: .integer(2), .usesStrictMatching: .boolean(true)]).usesStrictMatching)
  }

  @Test func problemsCarryTheXMLPositions() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>NSExtensionActivationSupportsImageWithMaxCount</key>
        <string>1</string>
      </dict>
      </plist>
      """
    let document = try PropertyListDocument(bytes: Array(xml.utf8), name: "Info.plist")
    let reading = try #require(ActivationDictionary.read(document.root))
    let problem = try #require(reading.problems.first)
    let valueRange = try #require(problem.valueRange)
    #expect(Array(xml.utf8)[valueRange.start..<valueRange.end] == Array("<string>1</string>".utf8)[...])
    #expect(ActivationDictionary.read(PropertyListValue.string("TRUEPREDICATE")) == nil)
  }

  @Test func theTableHasOneRowPerKey() {
    #expect(ActivationKeyTable.rows.map(\.key) == ActivationKey.allCases)
    #expect(ActivationKeyTable.row(.webPageWithMaxCount).acceptedTypes == ["com.apple.property-list"])
    #expect(ActivationKeyTable.row(.webPageWithMaxCount).configuratorAcceptedTypes == ["public.url"])
    #expect(ActivationKeyTable.row(.text).excludedTypes == ["public.file-url"])
  }
}

import ActivationRules
import PredicateSyntax
import PropertyList
import Testing

@Suite struct ActivationRuleTests {
  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>String</key>
      <string>ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO &quot;public.image&quot;</string>
      <key>Dictionary</key>
      <dict>
        <key>NSExtensionActivationSupportsImageWithMaxCount</key>
        <integer>1</integer>
      </dict>
      <key>Array</key>
      <array/>
    </dict>
    </plist>
    """

  func node(_ key: String) throws -> PropertyListNode {
    let document = try PropertyListDocument(bytes: Array(Self.plist.utf8), name: "Info.plist")
    return try #require(document.root[key])
  }

  @Test func aStringRuleIsParsedAndItsRangesMapIntoTheFile() throws {
    guard case .predicate(let written) = try ActivationRule.read(node("String")).get() else {
      Issue.record("expected a predicate")
      return
    }
    #expect(written.outcome.isValid)
    let predicate = try #require(written.predicate)
    guard case .comparison(let comparison) = predicate.kind else {
      Issue.record("expected a comparison")
      return
    }
    let fileRange = try #require(written.fileRange(of: comparison.right.range))
    let bytes = Array(Self.plist.utf8)
    #expect(String(decoding: bytes[fileRange.start..<fileRange.end], as: UTF8.self) == "&quot;public.image&quot;")
  }

  @Test func aDictionaryRuleIsConvertedInEitherShape() throws {
    let rule = try ActivationRule.read(node("Dictionary")).get()
    let canonical = try #require(rule.resolvedPredicate())
    #expect(canonical.conversion == .canonical)
    #expect(canonical.text.contains(#"UTI-CONFORMS-TO "public.image""#))
    let configurator = try #require(rule.resolvedPredicate(shape: .configurator))
    #expect(configurator.conversion == .configurator)
    #expect(configurator.text != canonical.text)
  }

  @Test func augmentationEditsAreInThePredicatesCoordinates() throws {
    let rule = try ActivationRule.read(node("String")).get()
    let augmentation = try #require(rule.augmentation())
    #expect(augmentation.originalText == #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#)
    #expect(augmentation.edits.count == 2)
    #expect(augmentation.augmentedText.hasSuffix(#""com.microsoft.intune.mam.public.image")"#))
  }

  @Test func otherTypesAreRejected() throws {
    let result = ActivationRule.read(try node("Array"))
    guard case .failure(let error) = result else {
      Issue.record("expected an error")
      return
    }
    #expect(error.message == "'NSExtensionActivationRule' must be a string or a dictionary, found array")
    #expect(error.range != nil)
  }

  @Test func aSyntaxErrorLeavesNothingToEvaluate() throws {
    let rule = try ActivationRule.read(PropertyListValue.string("ANY $a UTI-CONFORMS-TO")).get()
    #expect(rule.resolvedPredicate() == nil)
    #expect(rule.augmentation() == nil)
    #expect(rule.simulate() == nil)
    guard case .predicate(let written) = rule else {
      Issue.record("expected a predicate")
      return
    }
    #expect(!written.outcome.diagnostics.isEmpty)
    #expect(written.fileRange(of: .empty(at: 0)) == nil)
  }
}

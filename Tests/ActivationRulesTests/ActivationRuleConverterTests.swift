import ActivationRules
import PredicateEvaluation
import PredicateSyntax
import SharelintBase
import Testing

@Suite struct ActivationRuleConverterTests {
  static let imagesUpToTwo = ActivationDictionary([.imageWithMaxCount: .integer(2)])

  @Test func canonicalShapeOfAStrictImageRule() {
    let converted = ActivationRuleConverter.convert(Self.imagesUpToTwo, shape: .canonical)
    #expect(
      converted.text == """
        SUBQUERY (
            extensionItems,
            $extensionItem,
            SUBQUERY (
                $extensionItem.attachments,
                $attachment,
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
            ).@count > 0
        ).@count > 0
        AND SUBQUERY (
            extensionItems,
            $extensionItem,
            SUBQUERY (
                $extensionItem.attachments,
                $attachment,
                NOT ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
            ).@count > 0
        ).@count == 0
        AND SUBQUERY (
            extensionItems,
            $extensionItem,
            SUBQUERY (
                $extensionItem.attachments,
                $attachment,
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
            ).@count > 2
        ).@count == 0
        """)
    // The tree's ranges point into the text.
    #expect(converted.predicate.range == ByteRange(start: 0, end: converted.text.utf8.count))
  }

  @Test func nonStrictDropsTheEveryAttachmentClause() {
    var dictionary = Self.imagesUpToTwo
    dictionary.values[.dictionaryVersion] = .integer(2)
    let converted = ActivationRuleConverter.convert(dictionary, shape: .canonical)
    #expect(!converted.text.contains("NOT"))
    dictionary.values[.usesStrictMatching] = .boolean(true)
    #expect(ActivationRuleConverter.convert(dictionary, shape: .canonical).text.contains("NOT"))
  }

  @Test func aDictionaryEnablingNothingNeverActivates() {
    let dictionary = ActivationDictionary([.imageWithMaxCount: .integer(0)])
    let converted = ActivationRuleConverter.convert(dictionary, shape: .canonical)
    #expect(converted.text == "FALSEPREDICATE")
  }

  @Test func configuratorShapeUsesTheVendorTemplates() {
    let dictionary = ActivationDictionary([
      .attachmentsWithMinCount: .integer(1), .webURLWithMaxCount: .integer(1), .text: .boolean(true),
    ])
    let converted = ActivationRuleConverter.convert(dictionary, shape: .configurator)
    #expect(
      converted.sourceText == """
        ( SUBQUERY (extensionItems, $extensionItem, $extensionItem.attachments.@count >= 1).@count > 0 ) && \
        ( SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" && \
        NONE $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url").@count > 1).@count == 0 ) && \
        ( ( SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.plain-text" && \
        NONE $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url").@count > 0).@count > 0 ) || \
        ( SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" && \
        NONE $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url").@count > 0).@count > 0 ) )
        """)
    #expect(PredicateParser.parse(converted.text).predicate?.isStructurallyEqual(to: converted.predicate) == true)
  }

  /// The vendor's shape means "at least one" even where iOS matches strictly.
  @Test func configuratorShapeIsLooserThanIOSWithoutVersion2() throws {
    let context = ExtensionContext(attachments: [.init(["public.jpeg"]), .init(["public.plain-text"])])
    let semantics = ActivationDictionarySemantics()
    #expect(!semantics.activates(Self.imagesUpToTwo, on: context, interpretation: .ios))
    #expect(semantics.activates(Self.imagesUpToTwo, on: context, interpretation: .configurator))
    let configurator = ActivationRuleConverter.convert(Self.imagesUpToTwo, shape: .configurator)
    #expect(evaluates(configurator.predicate, on: context) == true)
    let canonical = ActivationRuleConverter.convert(Self.imagesUpToTwo, shape: .canonical)
    #expect(evaluates(canonical.predicate, on: context) == false)
  }

  @Test func semanticsOfTheDocumentedAppleExample() {
    // "image + text offered, extension handles only text → version 1: will not appear; 2: will appear".
    let context = ExtensionContext(attachments: [.init(["public.jpeg"]), .init(["public.plain-text"])])
    let semantics = ActivationDictionarySemantics()
    #expect(!semantics.activates(ActivationDictionary([.text: .boolean(true)]), on: context))
    let version2 = ActivationDictionary([.text: .boolean(true), .dictionaryVersion: .integer(2)])
    #expect(semantics.activates(version2, on: context))
  }

  /// Every combination of the eight count keys, with each version and strictness setting: 2,304
  /// dictionaries, each checked on 24 random contexts (55,296 cases per shape).
  @Test func conversionsAgreeWithTheSemanticsOnRandomInputs() {
    var random = SplitMix64(seed: 0x5EED_AC71)
    let contexts = (0..<400).map { _ in ContextGenerator.context(&random) }
    let countKeys: [ActivationKey] = [
      .attachmentsWithMaxCount, .attachmentsWithMinCount, .fileWithMaxCount, .imageWithMaxCount, .movieWithMaxCount,
      .text, .webURLWithMaxCount, .webPageWithMaxCount,
    ]
    let semantics = ActivationDictionarySemantics()
    let evaluator = PredicateEvaluator()
    var checked = 0
    var disagreements: [String] = []
    for subset in 0..<(1 << countKeys.count) {
      for version in [nil, 1, 2] as [Int?] {
        for strict in [nil, false, true] as [Bool?] {
          var dictionary = ActivationDictionary()
          for (bit, key) in countKeys.enumerated() where subset & (1 << bit) != 0 {
            dictionary.values[key] =
              key == .text ? .boolean(Bool.random(using: &random)) : .integer(Int.random(in: 0...3, using: &random))
          }
          if let version { dictionary.values[.dictionaryVersion] = .integer(version) }
          if let strict { dictionary.values[.usesStrictMatching] = .boolean(strict) }
          let canonical = ActivationRuleConverter.convert(dictionary, shape: .canonical).predicate
          let configurator = ActivationRuleConverter.convert(dictionary, shape: .configurator).predicate
          for _ in 0..<24 {
            let context = contexts.randomElement(using: &random)!
            let value = context.evaluationValue
            let expected = semantics.activates(dictionary, on: context, interpretation: .ios)
            let vendorExpected = semantics.activates(dictionary, on: context, interpretation: .configurator)
            let canonicalResult = try? evaluator.evaluate(canonical, on: value)
            let configuratorResult = try? evaluator.evaluate(configurator, on: value)
            if canonicalResult != expected || configuratorResult != vendorExpected, disagreements.count < 5 {
              disagreements.append("\(dictionary.propertyListValue) on \(value)")
            }
            checked += 1
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements)")
    #expect(checked == 256 * 9 * 24)
  }

  /// For version-2, non-strict dictionaries without the any-type and WebPage keys (whose readings
  /// differ by design) and one extension item, the configurator's shape means what iOS does.
  @Test func configuratorShapeMatchesNonStrictIOSWhereTheReadingsOverlap() {
    var random = SplitMix64(seed: 42)
    let semantics = ActivationDictionarySemantics()
    var compared = 0
    for _ in 0..<2_000 {
      var dictionary = ActivationDictionary([.dictionaryVersion: .integer(2)])
      for key in [ActivationKey.fileWithMaxCount, .imageWithMaxCount, .movieWithMaxCount, .webURLWithMaxCount]
      where Bool.random(using: &random) {
        dictionary.values[key] = .integer(Int.random(in: 0...3, using: &random))
      }
      if Bool.random(using: &random) { dictionary.values[.text] = .boolean(Bool.random(using: &random)) }
      var context = ContextGenerator.context(&random)
      context.items = [context.items[0]]
      guard !dictionary.enabledTypeRows.isEmpty else { continue }
      #expect(
        semantics.activates(dictionary, on: context, interpretation: .ios)
          == semantics.activates(dictionary, on: context, interpretation: .configurator))
      compared += 1
    }
    #expect(compared > 1_000)
  }
}

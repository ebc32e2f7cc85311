import ActivationRules
import PredicateEvaluation
import PredicateSyntax
import Testing

@Suite struct IntuneAugmentationTests {
  static let image = #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#
  static let imageTwin = #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image""#

  func augmented(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    IntuneAugmenter.augment(text: text)?.augmentedText ?? "<does not parse>"
  }

  @Test func anyGainsItsTwinInParentheses() throws {
    let augmentation = try #require(IntuneAugmenter.augment(text: Self.image))
    #expect(augmentation.augmentedText == "(\(Self.image) OR \(Self.imageTwin))")
    // Two insertions around the comparison, nothing else touched.
    #expect(augmentation.edits.map(\.range) == [.empty(at: 0), .empty(at: Self.image.utf8.count)])
  }

  @Test func parenthesesKeepTheOrInsideAnAnd() {
    let text = #"SUBQUERY($x.attachments, $a, \#(Self.image) AND $a.fileSize < 10).@count > 0"#
    #expect(
      augmented(text)
        == #"SUBQUERY($x.attachments, $a, (\#(Self.image) OR \#(Self.imageTwin)) AND $a.fileSize < 10).@count > 0"#)
  }

  @Test func anAlreadyParenthesizedComparisonIsNotWrappedTwice() {
    #expect(augmented("(\(Self.image)) AND TRUEPREDICATE") == "(\(Self.image) OR \(Self.imageTwin)) AND TRUEPREDICATE")
  }

  @Test func noneExcludesTheTwinToo() {
    #expect(
      augmented(#"NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url""#)
        == #"(NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url" AND "#
        + #"NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.file-url")"#)
  }

  @Test func allBecomesASubqueryOverTheDisjunction() throws {
    let text = #"ALL $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#
    let result = augmented(text)
    #expect(
      result == #"SUBQUERY($a.registeredTypeIdentifiers, $type, NOT ($type UTI-CONFORMS-TO "public.image" OR "#
        + #"$type UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image")).@count == 0"#)
    let original = try #require(parsed(text))
    let rewritten = try #require(parsed(result))
    for types: [String] in [
      [], ["public.jpeg"], ["public.jpeg", "com.microsoft.intune.mam.public.png"], ["public.jpeg", "public.pdf"],
      ["com.microsoft.intune.mam.public.jpeg"], ["com.microsoft.intune.mam.com.adobe.pdf"],
    ] {
      let value: EvaluationValue = ["registeredTypeIdentifiers": .array(types.map(EvaluationValue.string))]
      let evaluator = PredicateEvaluator(bindings: ["a": value])
      let expected = types.allSatisfy { !$0.hasSuffix("pdf") }
      #expect(try evaluator.evaluate(rewritten, on: value) == expected, "\(types)")
      if !types.contains(where: { $0.hasPrefix("com.microsoft") }) {
        #expect(try evaluator.evaluate(original, on: value) == expected, "\(types)")
      }
    }
  }

  @Test func testsNestedInsideAnAugmentedComparisonAreAugmentedInItsCopyToo() throws {
    let inner = #"SUBQUERY($a.registeredTypeIdentifiers, $t, $t UTI-CONFORMS-TO "public.image")"#
    let text = #"ALL \#(inner) UTI-CONFORMS-TO "public.jpeg""#
    let augmentation = try #require(IntuneAugmenter.augment(text: text))
    #expect(Array(text.utf8).applying(augmentation.edits).skipped.isEmpty)
    #expect(augmentation.edits.count == 1)
    let result = augmentation.augmentedText
    #expect(result.hasPrefix(#"SUBQUERY(SUBQUERY($a.registeredTypeIdentifiers, $t, ($t UTI-CONFORMS-TO "public.image" OR "#))
    #expect(result.contains(#"$type UTI-CONFORMS-TO "com.microsoft.intune.mam.public.jpeg""#))
    #expect(IntuneAugmenter.augment(text: result)?.isUnchanged == true)
  }

  @Test func arraysAfterInGainTwinsElementByElement() {
    #expect(
      augmented(#"ANY $a.registeredTypeIdentifiers IN {"public.jpeg", 'public.png'}"#)
        == #"ANY $a.registeredTypeIdentifiers IN {"public.jpeg", "com.microsoft.intune.mam.public.jpeg", "#
        + #"'public.png', 'com.microsoft.intune.mam.public.png'}"#)
    #expect(augmented(#"$t IN {"public.jpeg", "com.microsoft.intune.mam.public.jpeg"}"#).contains("public.jpeg\"}"))
  }

  @Test func membershipTestsOnTheTypeListGainTheirTwin() {
    #expect(
      augmented(#""public.jpeg" IN $a.registeredTypeIdentifiers"#)
        == #"("public.jpeg" IN $a.registeredTypeIdentifiers OR "#
        + #""com.microsoft.intune.mam.public.jpeg" IN $a.registeredTypeIdentifiers)"#)
    #expect(
      augmented(#"$a.registeredTypeIdentifiers CONTAINS "public.jpeg""#)
        == #"($a.registeredTypeIdentifiers CONTAINS "public.jpeg" OR "#
        + #"$a.registeredTypeIdentifiers CONTAINS "com.microsoft.intune.mam.public.jpeg")"#)
    // Other string comparisons are not type tests.
    #expect(augmented(#"$a.name == "public.jpeg""#) == #"$a.name == "public.jpeg""#)
  }

  @Test func theAuthorsConnectiveStyleIsKept() {
    let text = #"ANY $a.t UTI-CONFORMS-TO "public.image" || ANY $a.t UTI-CONFORMS-TO "public.movie""#
    #expect(
      augmented(text)
        == #"(ANY $a.t UTI-CONFORMS-TO "public.image" || "#
        + #"ANY $a.t UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image")"#
        + #" || (ANY $a.t UTI-CONFORMS-TO "public.movie" || "#
        + #"ANY $a.t UTI-CONFORMS-TO "com.microsoft.intune.mam.public.movie")"#)
  }

  @Test func aRuleWithEveryTwinIsLeftByteForByte() throws {
    for text in [
      "\(Self.image) OR \(Self.imageTwin)",
      "(\(Self.image) AND $a.x == 1) OR (\(Self.imageTwin) AND $a.x == 1)",
      #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image""#,
    ] {
      let augmentation = try #require(IntuneAugmenter.augment(text: text))
      #expect(augmentation.isUnchanged, "\(text)")
      #expect(augmentation.augmentedText == text)
    }
  }

  @Test func augmentingTwiceChangesNothingTheSecondTime() throws {
    for text in Self.rules {
      let once = try #require(IntuneAugmenter.augment(text: text))
      let twice = try #require(IntuneAugmenter.augment(text: once.augmentedText))
      #expect(twice.edits.isEmpty, "\(once.augmentedText) → \(twice.augmentedText)")
      #expect(!once.edits.isEmpty, "\(text)")
    }
  }

  @Test func linesWithoutAChangedComparisonAreKeptByteForByte() throws {
    let text = """
      SUBQUERY (
        extensionItems,
        $extensionItem,
        SUBQUERY (
          $extensionItem.attachments,
          $attachment,
          ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
            AND $attachment.fileSize   <   1000
        ).@count == 1
      ).@count == 1
      """
    let result = try #require(IntuneAugmenter.augment(text: text)).augmentedText
    let before = text.split(separator: "\n", omittingEmptySubsequences: false)
    let after = result.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(before.count == after.count)
    for (index, line) in before.enumerated() where !line.contains("UTI-CONFORMS-TO") {
      #expect(after[index] == line)
    }
    #expect(after[6].hasSuffix(#""com.microsoft.intune.mam.public.image")"#))
  }

  /// Rules that only gain when an attachment gains a matching type (every count compared with `>`,
  /// `>=` or the attachment count): ANY, ALL, IN, nested SUBQUERYs.
  static let monotoneRules: [String] = [
    rule(#"ANY \#(types) UTI-CONFORMS-TO "public.url" AND NONE \#(types) UTI-CONFORMS-TO "public.file-url""#,
         count: "== $e.attachments.@count"),
    rule(#"ALL \#(types) UTI-CONFORMS-TO "public.image""#),
    rule(#"ANY \#(types) IN {"public.jpeg", "public.png", "com.adobe.pdf"}"#),
    rule(#"ANY \#(types) UTI-EQUALS "public.plain-text" OR "public.url" IN \#(types)"#),
    rule(#"SUBQUERY(\#(types), $t, $t UTI-CONFORMS-TO "public.movie").@count > 0"#),
  ]

  /// Rules with exact counts, upper limits or negations, and converted dictionaries.
  static let otherRules: [String] = [
    rule(#"ANY \#(types) UTI-CONFORMS-TO "public.image""#, count: ">= 1", itemCount: "== 1"),
    rule(#"NOT (ANY \#(types) UTI-CONFORMS-TO "public.movie")"#, count: "== 0"),
  ] + [
    ActivationDictionary([.imageWithMaxCount: .integer(2), .text: .boolean(true)]),
    ActivationDictionary([
      .webURLWithMaxCount: .integer(1), .fileWithMaxCount: .integer(3), .dictionaryVersion: .integer(2),
    ]),
    ActivationDictionary([.movieWithMaxCount: .integer(1), .webPageWithMaxCount: .integer(1)]),
  ].map { ActivationRuleConverter.convert($0, shape: .canonical).text }

  static let types = "$a.registeredTypeIdentifiers"

  /// `SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, test).@count count).@count itemCount`.
  static func rule(_ test: String, count: String = "> 0", itemCount: String = "> 0") -> String {
    "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, \(test)).@count \(count)).@count \(itemCount)"
  }

  /// Every rule above.
  static let rules = monotoneRules + otherRules

  /// On unwrapped and on fully wrapped contexts, the augmented rule answers what the original
  /// answers on the unwrapped context; when some attachments are wrapped, a monotone rule only gains.
  @Test func augmentedRulesAcceptTheWrappedTwinsAndNothingElse() throws {
    var random = SplitMix64(seed: 7)
    let evaluator = PredicateEvaluator()
    for text in Self.rules {
      let original = try #require(parsed(text))
      let augmentation = try #require(IntuneAugmenter.augment(text: text))
      let augmented = try #require(parsed(augmentation.augmentedText))
      let monotone = Self.monotoneRules.contains(text)
      var activations = 0
      for _ in 0..<300 {
        let plain = ContextGenerator.context(&random, pool: ContextGenerator.plainTypes)
        let expected = try evaluator.evaluate(original, on: plain.evaluationValue)
        #expect(try evaluator.evaluate(augmented, on: plain.evaluationValue) == expected)
        #expect(try evaluator.evaluate(augmented, on: plain.wrappedForIntuneMAM.evaluationValue) == expected)
        if expected { activations += 1 }
        // A managed and an unmanaged source never mix inside one attachment, only across attachments.
        var mixed = ContextGenerator.context(&random, pool: ContextGenerator.plainTypes)
        for item in mixed.items.indices {
          for attachment in mixed.items[item].indices where Bool.random(using: &random) {
            mixed.items[item][attachment] = ExtensionContext(attachments: [mixed.items[item][attachment]])
              .wrappedForIntuneMAM.items[0][0]
          }
        }
        if monotone, try evaluator.evaluate(original, on: mixed.evaluationValue) {
          #expect(try evaluator.evaluate(augmented, on: mixed.evaluationValue))
        }
      }
      #expect(activations > 0, "the generator never activates \(text)")
    }
  }

  @Test func wrappedPhotosAreAcceptedWhereverTheirUnwrappedFormWas() throws {
    let augmentation = try #require(IntuneAugmenter.augment(text: Self.otherRules[0]))
    let augmented = try #require(parsed(augmentation.augmentedText))
    let wrapped = ExtensionContext(attachments: [.init(["com.microsoft.intune.mam.public.jpeg"])])
    #expect(evaluates(augmented, on: wrapped) == true)
    #expect(evaluates(try #require(parsed(Self.otherRules[0])), on: wrapped) == false)
  }

  @Test func configuratorShapeWrapsEachInnermostSubquery() throws {
    let text = Self.monotoneRules[0]
    let augmentation = try #require(IntuneAugmenter.augment(text: text, shape: .configurator))
    #expect(
      augmentation.augmentedText
        == #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ((ANY $a.registeredTypeIdentifiers "#
        + #"UTI-CONFORMS-TO "public.url" AND NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url") || "#
        + #"(ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.url" AND "#
        + #"NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.file-url"))"#
        + #").@count == $e.attachments.@count).@count > 0"#)
    // The vendor leaves alone any rule that already mentions the prefix.
    let again = try #require(IntuneAugmenter.augment(text: augmentation.augmentedText, shape: .configurator))
    #expect(again.isUnchanged)
  }

  /// The configurator's conversion followed by its augmentation accepts wrapped inputs wherever
  /// the conversion accepted unwrapped ones.
  @Test func configuratorPipelineAcceptsWrappedInputs() throws {
    var random = SplitMix64(seed: 99)
    let dictionary = ActivationDictionary([.imageWithMaxCount: .integer(2), .webURLWithMaxCount: .integer(1)])
    let rule = ActivationRule.dictionary(.init(dictionary: dictionary, problems: []))
    let augmentation = try #require(rule.augmentation(shape: .configurator))
    let original = try #require(parsed(augmentation.originalText))
    let augmented = try #require(parsed(augmentation.augmentedText))
    for _ in 0..<300 {
      let plain = ContextGenerator.context(&random, pool: ContextGenerator.plainTypes)
      #expect(evaluates(augmented, on: plain.wrappedForIntuneMAM) == evaluates(original, on: plain))
    }
  }
}

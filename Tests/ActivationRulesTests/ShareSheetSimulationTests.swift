import ActivationRules
import PredicateSyntax
import Testing

@Suite struct ShareSheetSimulationTests {
  @Test func theCatalogueHasEveryInputTwiceUnmanagedThenManaged() {
    let inputs = ShareSheetCatalogue.inputs
    #expect(inputs.count == 24)
    #expect(Set(inputs.map(\.name)).count == inputs.count)
    #expect(Set(inputs.map(\.sourceApp)) == ["Photos", "Safari", "Notes", "Files", "Mail"])
    for input in inputs where input.isManaged {
      let types = input.context.items.joined().flatMap(\.registeredTypeIdentifiers)
      #expect(types.allSatisfy { $0.hasPrefix("com.microsoft.intune.mam.") }, "\(input.name)")
    }
    #expect(
      inputs[0].evaluationValue.description
        == #"{"extensionItems":[{"attachments":[{"registeredTypeIdentifiers":["public.jpeg","public.heic"]}]}]}"#)
  }

  func activatingInputs(_ text: String) throws -> [String] {
    let rule = try #require(parsed(text))
    return ShareSheetSimulator().simulate(rule: rule).filter { $0.activates == true }.map(\.input.name)
  }

  @Test func anImageRuleActivatesOnUnmanagedImagesOnly() throws {
    let text = #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, "#
      + #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count >= 1"#
    #expect(
      try activatingInputs(text) == [
        "Photos: one photo", "Photos: five photos", "Photos: Live Photo", "Mail: photo attachment",
      ])
    let augmented = try #require(IntuneAugmenter.augment(text: text)).augmentedText
    #expect(try activatingInputs(augmented).count == 8)
  }

  /// A file from Files carries its own type, not `public.file-url`: a rule for web URLs does not activate "for any
  /// file" (a scanned document from Notes, a file URL alone, and Mail's attachments, with one, still do).
  @Test func aURLRuleDoesNotActivateOnFilesDocuments() throws {
    let text = #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, "#
      + #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url").@count >= 1).@count >= 1"#
    #expect(
      try activatingInputs(text) == [
        "Safari: web page with JavaScript preprocessing", "Safari: bare URL", "Notes: scanned document",
        "Mail: photo attachment",
      ])
  }

  @Test func aWebPageDictionaryActivatesInSafari() throws {
    let dictionary = ActivationDictionary([.webPageWithMaxCount: .integer(1)])
    let outcomes = try #require(ActivationRule.dictionary(.init(dictionary: dictionary, problems: [])).simulate())
    let activating = outcomes.filter { $0.activates == true }.map(\.input.name)
    #expect(activating == ["Safari: web page with JavaScript preprocessing"])
  }

  @Test func evaluationErrorsAreReportedPerInput() throws {
    let rule = try #require(parsed(#"extensionItems UTI-CONFORMS-TO "public.image""#))
    let outcomes = ShareSheetSimulator().simulate(rule: rule)
    #expect(outcomes.count == ShareSheetCatalogue.inputs.count)
    #expect(outcomes.allSatisfy { $0.activates == nil })
    if case .failure(let error) = outcomes[0].result {
      #expect(error.message.contains("UTI-CONFORMS-TO"))
    } else {
      Issue.record("expected an evaluation error")
    }
  }
}

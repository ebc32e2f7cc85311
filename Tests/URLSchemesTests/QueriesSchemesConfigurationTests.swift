import IntuneKnowledge
import Testing
import URLSchemes

@Suite struct QueriesSchemesConfigurationTests {
  /// An app that queries WhatsApp, Word (with its twin already), Facebook and the web, plus MSAL's schemes.
  let realisticApp = [
    "whatsapp", "ms-word", "ms-word-intunemam", "msauthv2", "msauthv3", "https", "fb", "companyportal",
  ]

  @Test func configuratorSetOfARealisticApp() {
    let result = QueriesSchemesConfiguration.configuratorSet(of: realisticApp, isExtension: false)
    let expected: Set<String> = Set([
      "whatsapp", "whatsapp-intunemam", "ms-word", "ms-word-intunemam", "msauthv2", "msauthv3", "https",
      "https-intunemam", "fb", "fb-intunemam", "companyportal", "http-intunemam", "microsoft-edge-https",
      "microsoft-edge-http", "ms-outlook",
    ]).union(IntuneSchemeLists.mobileThreatDefenseSchemes)
    #expect(result.schemes == expected)
    #expect(result.schemes.count == 26)
    #expect(!result.optimized && result.entriesPastLimit == 0 && !result.removesKey)
  }

  @Test func configuratorBaselineIs19Entries() {
    let result = QueriesSchemesConfiguration.configuratorSet(of: [], isExtension: false)
    #expect(result.schemes == Set(IntuneSchemeLists.requiredQueriesSchemes))
    #expect(result.schemes.count == 19)
  }

  @Test func configuratorDropsKnownManagedTwinsPast50() {
    let schemes = (0..<30).map { "app\($0)" } + ["ms-word", "ms-excel", "msteams"]
    let result = QueriesSchemesConfiguration.configuratorSet(of: schemes, isExtension: false)
    #expect(result.optimized)
    #expect(!result.schemes.contains("ms-word-intunemam") && !result.schemes.contains("msteams-intunemam"))
    #expect(result.schemes.contains("app29-intunemam") && result.schemes.contains("ms-word"))
    #expect(result.schemes.count == 60 + 3 + 19)
    #expect(result.entriesPastLimit == 32)
  }

  @Test func configuratorIsCaseSensitiveLikeNSSet() {
    let result = QueriesSchemesConfiguration.configuratorSet(of: ["MSAuthV2", "Https"], isExtension: false)
    #expect(result.schemes.contains("MSAuthV2-intunemam"))
    #expect(result.schemes.contains("Https-intunemam") && result.schemes.contains("https-intunemam"))
  }

  @Test func configuratorOnExtensions() {
    let result = QueriesSchemesConfiguration.configuratorSet(
      of: ["ms-word", "ms-word-intunemam", "fb"], isExtension: true)
    #expect(result.schemes == ["ms-word", "fb"])
    #expect(QueriesSchemesConfiguration.configuratorSet(of: ["a-intunemam"], isExtension: true).removesKey)
  }

  @Test func orderPreservingKeepsOrderAndInsertsTwins() {
    let result = QueriesSchemesConfiguration.orderPreserving(
      ["whatsapp", "ms-word-intunemam", "ms-word", "msauthv2", "https", "fb", "FB", "orphan-intunemam"],
      isExtension: false)
    let required =
      ["http-intunemam", "microsoft-edge-https", "microsoft-edge-http", "ms-outlook", "companyportal"]
      + IntuneSchemeLists.mobileThreatDefenseSchemes + ["msauthv3"]
    #expect(
      result.schemes == [
        "whatsapp", "whatsapp-intunemam", "ms-word", "ms-word-intunemam", "msauthv2", "https", "https-intunemam", "fb",
        "fb-intunemam", "orphan-intunemam",
      ] + required)
    #expect(result.appendedRequiredEntries == required)
    #expect(result.droppedKnownManagedTwins.isEmpty && result.entriesPastLimit.isEmpty)
  }

  @Test func orderPreservingAgreesWithTheConfiguratorAsASetWithinTheLimit() {
    let ours = QueriesSchemesConfiguration.orderPreserving(realisticApp, isExtension: false)
    let theirs = QueriesSchemesConfiguration.configuratorSet(of: realisticApp, isExtension: false)
    #expect(Set(ours.schemes) == theirs.schemes)
    #expect(ours.schemes.count == theirs.schemes.count)
    #expect(Array(ours.schemes.prefix(3)) == ["whatsapp", "whatsapp-intunemam", "ms-word"])
  }

  @Test func orderPreservingDropsKnownManagedTwinsLatestFirst() {
    let schemes = (0..<10).map { "app\($0)" } + ["ms-word", "msteams"]
    let result = QueriesSchemesConfiguration.orderPreserving(schemes, isExtension: false, limit: 25)
    #expect(result.droppedKnownManagedTwins == ["ms-word-intunemam", "msteams-intunemam"])
    #expect(result.schemes.count == 20 + 2 + 19)
    #expect(result.entriesPastLimit.map(\.index) == Array(25..<41))
    #expect(result.schemes.prefix(2) == ["app0", "app0-intunemam"])

    // 13 schemes with twins, two known managed ones with twins, msauth (no twin) and the 19 required: 50.
    let fits = QueriesSchemesConfiguration.orderPreserving(
      (0..<13).map { "app\($0)" } + ["ms-word", "lync", "msauth"], isExtension: false, limit: 50)
    #expect(fits.schemes.count == 50 && fits.droppedKnownManagedTwins.isEmpty)
    let twoOver = QueriesSchemesConfiguration.orderPreserving(
      (0..<13).map { "app\($0)" } + ["ms-word", "lync", "msauth", "zz"], isExtension: false, limit: 50)
    #expect(twoOver.droppedKnownManagedTwins == ["ms-word-intunemam", "lync-intunemam"])
    #expect(twoOver.schemes.count == 50 && twoOver.entriesPastLimit.isEmpty)
  }

  @Test func orderPreservingOnExtensions() {
    let result = QueriesSchemesConfiguration.orderPreserving(["b", "a-intunemam", "a", "B"], isExtension: true)
    #expect(result.schemes == ["b", "a"])
    #expect(result.appendedRequiredEntries.isEmpty)
  }
}

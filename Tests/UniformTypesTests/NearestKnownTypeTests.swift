import Testing
import UniformTypes

/// Suggestions for the `unknown-uti` lint rule.
@Suite struct NearestKnownTypeTests {
  let registry = UniformTypeRegistry.system

  @Test(arguments: [
    ("public.jpg", "public.jpeg"), ("public.images", "public.image"), ("public.plaintext", "public.plain-text"),
    ("public.vidoe", "public.video"), ("Public.JPEG", "public.jpeg"), ("public.pdf", "com.adobe.pdf"),
    ("public.gif", "com.compuserve.gif"),
    ("com.microsoft.intune.mam.public.jpg", "com.microsoft.intune.mam.public.jpeg"),
    ("public.url ", "public.url"),
  ])
  func suggestsTheIntendedType(written: String, expected: String) {
    #expect(registry.nearestKnown(to: written) == expected)
  }

  @Test func farAwayIdentifiersGetNoSuggestion() {
    #expect(registry.nearestKnown(to: "com.example.totally-different") == nil)
    #expect(registry.nearestKnown(to: "") == nil)
  }

  /// Another organization's identifier is compared whole: a shared last component is no misspelling there, a near
  /// spelling of the whole identifier still is.
  @Test func withoutTheLastComponentOnlyTheWholeSpellingCounts() {
    let opml = UniformTypeRegistry(declarations: [TypeDeclaration(identifier: "unofficial.opml")])
    #expect(opml.nearestKnown(to: "org.opml.opml") == "unofficial.opml")
    #expect(opml.nearestKnown(to: "org.opml.opml", matchingLastComponent: false) == nil)
    #expect(registry.nearestKnown(to: "com.adobe.pfd", matchingLastComponent: false) == "com.adobe.pdf")
    #expect(
      registry.nearestKnown(to: "com.microsoft.intune.mam.com.adobe.pfd", matchingLastComponent: false)
        == "com.microsoft.intune.mam.com.adobe.pdf")
  }

  @Test func declaredTypesAreCandidates() {
    let registry = UniformTypeRegistry(declarations: [TypeDeclaration(identifier: "com.example.recipe")])
    #expect(registry.nearestKnown(to: "com.example.recipes") == "com.example.recipe")
  }
}

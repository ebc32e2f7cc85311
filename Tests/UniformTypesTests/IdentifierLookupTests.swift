import Testing
import UniformTypes

/// The case-insensitive lookup behind every conformance question, at every identifier length.
@Suite struct IdentifierLookupTests {
  @Test func identifiersOfEveryLengthAndCase() {
    let identifiers = (1...80).map { length in "com.example." + String(repeating: "x", count: length) }
    let registry = UniformTypeRegistry(
      declarations: identifiers.map { TypeDeclaration(identifier: $0, conformsTo: ["public.data"]) })
    for identifier in identifiers {
      #expect(registry.knows(identifier), "\(identifier.utf8.count) bytes")
      #expect(registry.knows(identifier.uppercased()), "\(identifier.utf8.count) bytes, uppercased")
      #expect(registry.conforms(identifier.uppercased(), to: "PUBLIC.ITEM"))
      #expect(!registry.knows(identifier + "y"))
      #expect(!registry.knows(String(identifier.dropLast()) + "z"), "same length, last byte differs")
    }
  }

  @Test func nonASCIIIdentifiersFoldWithUnicodeCase() {
    let registry = UniformTypeRegistry(declarations: [
      TypeDeclaration(identifier: "com.example.Ünïcode", conformsTo: ["public.text"])
    ])
    #expect(registry.knows("COM.EXAMPLE.üNÏCODE"))
    #expect(registry.conforms("com.example.ünïcode", to: "public.data"))
    #expect(!registry.knows("com.example.unicode"))
  }

  @Test func resolvedTypesAnswerLikeStrings() {
    let registry = UniformTypeRegistry.system
    let pairs = [
      ("public.jpeg", "public.image"), ("public.image", "public.jpeg"), ("com.example.a", "com.example.a"),
      ("com.example.a", "public.data"), ("Public.PNG", "public.item"),
      ("com.microsoft.intune.mam.com.example.a", "com.microsoft.intune.mam.com.example.a"),
    ]
    for (type, supertype) in pairs {
      #expect(
        registry.conforms(registry.resolve(type), to: registry.resolve(supertype))
          == registry.conforms(type, to: supertype), "\(type) → \(supertype)")
    }
    #expect(registry.resolve("Public.JPEG").identifier == "Public.JPEG")
  }
}

import Testing
import UniformTypes

/// The Intune MAM mirror and its helpers.
@Suite struct IntuneMAMMirrorTests {
  let registry = UniformTypeRegistry.system

  @Test func wrappedTypesMirrorTheHierarchy() {
    #expect(registry.conforms("com.microsoft.intune.mam.public.jpeg", to: "com.microsoft.intune.mam.public.image"))
    #expect(registry.conforms("com.microsoft.intune.mam.com.adobe.pdf", to: "com.microsoft.intune.mam.public.data"))
    #expect(registry.conforms("COM.MICROSOFT.INTUNE.MAM.public.png", to: "com.microsoft.intune.mam.PUBLIC.ITEM"))
    #expect(!registry.conforms("com.microsoft.intune.mam.public.image", to: "com.microsoft.intune.mam.public.jpeg"))
  }

  @Test func wrappedAndUnwrappedTypesStayApart() {
    #expect(!registry.conforms("com.microsoft.intune.mam.public.jpeg", to: "public.image"))
    #expect(!registry.conforms("com.microsoft.intune.mam.public.jpeg", to: "public.jpeg"))
    #expect(!registry.conforms("public.jpeg", to: "com.microsoft.intune.mam.public.image"))
  }

  @Test func declaredTypesAreMirroredToo() {
    let registry = UniformTypeRegistry(declarations: [
      TypeDeclaration(identifier: "com.example.recipe", conformsTo: ["public.json"])
    ])
    #expect(registry.knows("com.microsoft.intune.mam.com.example.recipe"))
    #expect(
      registry.conforms("com.microsoft.intune.mam.com.example.recipe", to: "com.microsoft.intune.mam.public.text"))
  }

  @Test func twinsOfTwinsAndUnknownTwins() {
    #expect(
      registry.conforms(
        "com.microsoft.intune.mam.com.microsoft.intune.mam.public.jpeg",
        to: "com.microsoft.intune.mam.com.microsoft.intune.mam.public.image"))
    #expect(registry.conforms("com.microsoft.intune.mam.com.example.x", to: "com.microsoft.intune.mam.com.example.x"))
    #expect(!registry.conforms("com.microsoft.intune.mam.com.example.x", to: "com.microsoft.intune.mam.public.data"))
  }

  @Test func knownTwinsAreKnown() {
    #expect(registry.knows("com.microsoft.intune.mam.public.jpeg"))
    #expect(!registry.knows("com.microsoft.intune.mam.com.example.x"))
    #expect(!registry.knownIdentifiers.contains { IntuneMAMTypes.isIntuneMAMType($0) })
  }

  @Test func helpers() {
    #expect(IntuneMAMTypes.isIntuneMAMType("com.microsoft.intune.mam.public.jpeg"))
    #expect(IntuneMAMTypes.isIntuneMAMType("Com.Microsoft.Intune.MAM.public.jpeg"))
    #expect(!IntuneMAMTypes.isIntuneMAMType("com.microsoft.intune.mam."))
    #expect(!IntuneMAMTypes.isIntuneMAMType("public.jpeg"))
    #expect(IntuneMAMTypes.intuneMAMTwin(of: "public.jpeg") == "com.microsoft.intune.mam.public.jpeg")
    #expect(
      IntuneMAMTypes.intuneMAMTwin(of: "com.microsoft.intune.mam.public.jpeg")
        == "com.microsoft.intune.mam.public.jpeg")
    #expect(IntuneMAMTypes.unwrappingIntuneMAM("com.microsoft.intune.mam.com.adobe.pdf") == "com.adobe.pdf")
    #expect(IntuneMAMTypes.unwrappingIntuneMAM("public.png") == "public.png")
  }
}

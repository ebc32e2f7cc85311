import Testing
import UniformTypes

/// The system table: the chains Apple's header documents, reflexivity, transitivity, case.
@Suite struct SystemConformanceTests {
  let registry = UniformTypeRegistry.system

  @Test(arguments: [
    ("public.jpeg", "public.image"), ("public.jpeg", "public.data"), ("public.jpeg", "public.item"),
    ("public.jpeg", "public.content"), ("public.png", "public.image"), ("com.compuserve.gif", "public.image"),
    ("com.microsoft.bmp", "public.image"), ("org.webmproject.webp", "public.image"), ("public.heic", "public.image"),
    ("public.heif", "public.heif-standard"), ("public.svg-image", "public.xml"), ("public.svg-image", "public.image"),
    ("public.camera-raw-image", "public.image"), ("public.utf8-plain-text", "public.text"),
    ("public.utf16-plain-text", "public.plain-text"), ("public.html", "public.text"), ("public.json", "public.data"),
    ("public.source-code", "public.text"), ("public.file-url", "public.url"), ("public.file-url", "public.data"),
    ("com.adobe.pdf", "public.composite-content"), ("com.adobe.pdf", "public.content"),
    ("com.apple.webarchive", "public.composite-content"), ("com.apple.xml-property-list", "public.text"),
    ("com.apple.xml-property-list", "com.apple.property-list"), ("com.apple.binary-property-list", "public.data"),
    ("public.mpeg-4-audio", "public.movie"), ("public.mpeg-4-audio", "public.audio"), ("public.mp3", "public.audio"),
    ("com.apple.quicktime-movie", "public.audiovisual-content"), ("public.video", "public.movie"),
    ("public.avi", "public.movie"), ("public.folder", "public.item"), ("com.apple.bundle", "public.directory"),
    ("com.apple.rtfd", "public.directory"), ("public.zip-archive", "public.archive"),
    ("public.zip-archive", "public.data"), ("public.vcard", "public.contact"), ("public.vcard", "public.text"),
    ("com.apple.mail.email", "public.message"), ("public.comma-separated-values-text", "public.text"),
    ("public.tab-separated-values-text", "public.delimited-values-text"),
    ("org.openxmlformats.wordprocessingml.document", "public.composite-content"),
    ("org.openxmlformats.spreadsheetml.sheet", "public.spreadsheet"),
    ("org.openxmlformats.presentationml.presentation", "public.presentation"),
    ("com.microsoft.word.doc", "public.data"), ("com.microsoft.excel.xls", "public.spreadsheet"),
    ("com.microsoft.powerpoint.ppt", "public.composite-content"), ("com.apple.iwork.keynote.key", "com.apple.package"),
    ("com.apple.application-bundle", "public.executable"), ("com.apple.pkpass", "public.data"),
  ])
  func documentedChainsHold(type: String, supertype: String) {
    #expect(registry.conforms(type, to: supertype))
  }

  @Test(arguments: [
    ("public.image", "public.jpeg"), ("public.jpeg", "public.png"), ("public.jpeg", "public.text"),
    ("com.adobe.pdf", "public.text"), ("public.text", "public.image"), ("public.url", "public.file-url"),
    ("public.movie", "public.audio"), ("public.audio", "public.movie"), ("public.folder", "public.data"),
    ("com.apple.live-photo", "public.image"), ("public.plain-text", "public.utf8-plain-text"),
    ("public.item", "public.data"), ("public.archive", "public.data"),
  ])
  func unrelatedTypesDoNotConform(type: String, supertype: String) {
    #expect(!registry.conforms(type, to: supertype))
  }

  @Test func conformanceIsReflexiveEvenForUnknownTypes() {
    #expect(registry.conforms("public.jpeg", to: "public.jpeg"))
    #expect(registry.conforms("com.example.never-declared", to: "com.example.never-declared"))
    #expect(!registry.conforms("com.example.never-declared", to: "public.item"))
  }

  @Test func identifiersIgnoreCase() {
    #expect(registry.conforms("Public.JPEG", to: "PUBLIC.image"))
    #expect(registry.conforms("COM.EXAMPLE.X", to: "com.example.x"))
    #expect(registry.equals("com.Adobe.PDF", "com.adobe.pdf"))
    #expect(!registry.equals("public.jpeg", "public.image"))
    #expect(registry.knows("PUBLIC.PNG"))
    #expect(registry.canonicalIdentifier("Com.Adobe.Pdf") == "com.adobe.pdf")
  }

  @Test func tableIsLargeAndEveryParentIsDeclared() {
    let known = Set(registry.knownIdentifiers)
    #expect(known.count >= 60)
    for declaration in UniformTypeRegistry.systemDeclarations {
      for parent in declaration.conformsTo {
        #expect(known.contains(parent), "\(declaration.identifier) names undeclared \(parent)")
      }
    }
    let identifiers = UniformTypeRegistry.systemDeclarations.map(\.identifier)
    #expect(Set(identifiers).count == identifiers.count, "an identifier is declared twice")
  }

  @Test func everySystemTypeDataOrDirectoryReachesItem() {
    for identifier in registry.knownIdentifiers
    where registry.conforms(identifier, to: "public.data") || registry.conforms(identifier, to: "public.directory") {
      #expect(registry.conforms(identifier, to: "public.item"), "\(identifier)")
    }
  }

  @Test func supertypesListTheWholeChain() {
    #expect(registry.directSupertypes(of: "public.jpeg") == ["public.image"])
    #expect(
      registry.supertypes(of: "public.jpeg") == ["public.content", "public.data", "public.image", "public.item"])
    #expect(registry.supertypes(of: "com.example.unknown").isEmpty)
  }
}

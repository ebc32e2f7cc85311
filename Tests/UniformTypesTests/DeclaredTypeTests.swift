import Testing
import UniformTypes

/// Types an app declares in `UTExportedTypeDeclarations` / `UTImportedTypeDeclarations`.
@Suite struct DeclaredTypeTests {
  @Test func exportedTypeJoinsTheSystemGraph() {
    let registry = UniformTypeRegistry(declarations: [
      TypeDeclaration(identifier: "com.example.recipe", conformsTo: ["public.json"]),
      TypeDeclaration(
        identifier: "com.example.recipe-bundle", conformsTo: ["com.example.recipe", "com.apple.package"]),
    ])
    #expect(registry.knows("com.example.recipe"))
    #expect(registry.conforms("com.example.recipe", to: "public.text"))
    #expect(registry.conforms("com.example.recipe-bundle", to: "public.data"))
    #expect(registry.conforms("com.example.recipe-bundle", to: "public.directory"))
    #expect(!registry.conforms("public.json", to: "com.example.recipe"))
    #expect(!UniformTypeRegistry.system.knows("com.example.recipe"))
  }

  @Test func cyclesAreHarmless() {
    let registry = UniformTypeRegistry(declarations: [
      TypeDeclaration(identifier: "com.example.a", conformsTo: ["com.example.b"]),
      TypeDeclaration(identifier: "com.example.b", conformsTo: ["com.example.c", "public.data"]),
      TypeDeclaration(identifier: "com.example.c", conformsTo: ["com.example.a"]),
    ])
    #expect(registry.conforms("com.example.a", to: "com.example.c"))
    #expect(registry.conforms("com.example.c", to: "com.example.b"))
    #expect(registry.conforms("com.example.c", to: "public.item"))
    #expect(!registry.conforms("public.data", to: "com.example.a"))
  }

  @Test func systemDeclarationWinsOverAnAppsRedeclaration() {
    let registry = UniformTypeRegistry(declarations: [
      TypeDeclaration(identifier: "public.jpeg", conformsTo: ["public.text"], origin: .imported)
    ])
    #expect(!registry.conforms("public.jpeg", to: "public.text"))
    #expect(registry.conforms("public.jpeg", to: "public.image"))
  }

  @Test func exportedDeclarationWinsOverImportedOne() {
    let registry = UniformTypeRegistry(declarations: [
      TypeDeclaration(identifier: "com.example.doc", conformsTo: ["public.text"], origin: .imported),
      TypeDeclaration(identifier: "com.example.doc", conformsTo: ["public.image"], origin: .exported),
    ])
    #expect(registry.conforms("com.example.doc", to: "public.image"))
    #expect(!registry.conforms("com.example.doc", to: "public.text"))
  }

  @Test func parentNamedButNotDeclaredIsNotKnownButStillConforms() {
    let registry = UniformTypeRegistry.system.declaring([
      TypeDeclaration(identifier: "com.example.child", conformsTo: ["com.example.parent"])
    ])
    #expect(registry.conforms("com.example.child", to: "com.example.parent"))
    #expect(!registry.knows("com.example.parent"))
    #expect(registry.declarations.count == 1)
  }
}

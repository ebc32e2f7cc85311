import Testing
@testable import UniformTypes

/// A registry with declarations extends the prebuilt system graph; every answer must be the one a
/// graph built from scratch gives.
@Suite struct ExtendedGraphTests {
  /// The registry `declarations` give when everything is built from scratch.
  static func builtFromScratch(_ declarations: [TypeDeclaration]) -> UniformTypeRegistry {
    var builder = GraphBuilder()
    builder.add(UniformTypeRegistry.systemDeclarations + declarations)
    builder.addIntuneMAMMirror()
    return UniformTypeRegistry(declarations: declarations, graph: ConformanceGraph(builder))
  }

  static let cases: [[TypeDeclaration]] = [
    [
      TypeDeclaration(identifier: "com.example.recipe", conformsTo: ["public.json"]),
      TypeDeclaration(
        identifier: "com.Example.Recipe-Bundle", conformsTo: ["com.example.recipe", "com.apple.package"]),
      TypeDeclaration(identifier: "com.example.recipe", conformsTo: ["public.text"], origin: .imported),
    ],
    [
      TypeDeclaration(identifier: "com.example.a", conformsTo: ["com.example.b"]),
      TypeDeclaration(identifier: "com.example.b", conformsTo: ["com.example.c", "public.data"]),
      TypeDeclaration(identifier: "com.example.c", conformsTo: ["com.example.a", "com.example.named-only"]),
    ],
    [TypeDeclaration(identifier: "public.jpeg", conformsTo: ["public.text"], origin: .imported)],
    [TypeDeclaration(identifier: "com.microsoft.intune.mam.com.example.note", conformsTo: ["public.text"])],
    [TypeDeclaration(identifier: "com.example.note", conformsTo: ["com.microsoft.intune.mam.public.text"])],
    [TypeDeclaration(identifier: "com.example.ünicode", conformsTo: ["public.text"])],
    // More nodes than the system table has room for: the table is built again.
    (0..<150).map { TypeDeclaration(identifier: "com.example.type\($0)", conformsTo: ["public.data"]) },
  ]

  @Test(arguments: cases) func extendedGraphAnswersAsOneBuiltFromScratch(_ declarations: [TypeDeclaration]) {
    let extended = UniformTypeRegistry(declarations: declarations)
    let scratch = Self.builtFromScratch(declarations)
    #expect(extended.knownIdentifiers == scratch.knownIdentifiers)
    // About a hundred of the graph's identifiers, spread over it, and a few it does not have.
    let step = max(1, scratch.spellings.count / 100)
    let identifiers = stride(from: 0, to: scratch.spellings.count, by: step).map { scratch.spellings[$0] }
      + declarations.map(\.identifier) + ["com.example.unknown", "COM.EXAMPLE.RECIPE", "Public.JPEG", "public.data"]
    for identifier in identifiers {
      #expect(extended.knows(identifier) == scratch.knows(identifier))
      #expect(extended.canonicalIdentifier(identifier) == scratch.canonicalIdentifier(identifier))
      #expect(extended.directSupertypes(of: identifier) == scratch.directSupertypes(of: identifier))
      #expect(extended.supertypes(of: identifier) == scratch.supertypes(of: identifier))
      #expect(extended.nearestKnown(to: identifier + "x") == scratch.nearestKnown(to: identifier + "x"))
    }
    for type in identifiers {
      for supertype in identifiers {
        #expect(extended.conforms(type, to: supertype) == scratch.conforms(type, to: supertype))
      }
    }
  }

  @Test func plainDeclarationsExtendTheSystemGraph() {
    #expect(SystemGraph.builder.extended(with: Self.cases[0]) != nil)
    #expect(SystemGraph.builder.extended(with: Self.cases[1]) != nil)
    #expect(SystemGraph.builder.extended(with: Self.cases[3]) == nil)
    #expect(SystemGraph.builder.extended(with: Self.cases[5]) == nil)
  }
}

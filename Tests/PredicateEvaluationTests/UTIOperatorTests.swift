import PredicateEvaluation
import Testing
import UniformTypes

/// UTI-CONFORMS-TO and UTI-EQUALS, through the registry.
@Suite struct UTIOperatorTests {
  @Test func conformsToFollowsTheGraph() throws {
    #expect(try evaluate("'public.jpeg' UTI-CONFORMS-TO 'public.image'"))
    #expect(try evaluate("'public.jpeg' UTI-CONFORMS-TO 'public.data'"))
    #expect(try evaluate("'public.jpeg' UTI-CONFORMS-TO 'public.jpeg'"))
    #expect(try !evaluate("'public.image' UTI-CONFORMS-TO 'public.jpeg'"))
    #expect(try evaluate("'PUBLIC.JPEG' UTI-CONFORMS-TO 'Public.Image'"))
    #expect(try !evaluate("'com.example.x' UTI-CONFORMS-TO 'public.data'"))
  }

  @Test func equalsIgnoresCaseButNotHierarchy() throws {
    #expect(try evaluate("'public.PNG' UTI-EQUALS 'public.png'"))
    #expect(try !evaluate("'public.png' UTI-EQUALS 'public.image'"))
  }

  @Test func nullSideGivesNo() throws {
    #expect(try !evaluate("missing UTI-CONFORMS-TO 'public.data'"))
    #expect(try !evaluate("'public.data' UTI-CONFORMS-TO missing"))
    #expect(try !evaluate("nil UTI-EQUALS nil"))
    #expect(try evaluate("NOT (missing UTI-CONFORMS-TO 'public.data')"))
  }

  @Test func nonStringSideIsAnError() throws {
    try expectEvaluationError("5 UTI-CONFORMS-TO 'public.data'", .typeMismatch, at: "5")
    try expectEvaluationError("'public.data' UTI-EQUALS {1}", .typeMismatch, at: "{1}")
    let error = try expectEvaluationError(
      "types UTI-CONFORMS-TO 'public.image'", on: #"{"types": ["public.jpeg"]}"#, .typeMismatch, at: "types")
    #expect(error?.message.contains("write 'ANY'") == true)
  }

  @Test func declaredTypesTakePart() throws {
    let registry = UniformTypeRegistry(declarations: [
      TypeDeclaration(identifier: "com.example.recipe", conformsTo: ["public.json"])
    ])
    #expect(try evaluate("'com.example.recipe' UTI-CONFORMS-TO 'public.text'", registry: registry))
    #expect(try !evaluate("'com.example.recipe' UTI-CONFORMS-TO 'public.text'"))
  }

  @Test func anyOverTypeIdentifiers() throws {
    let json = #"{"registeredTypeIdentifiers": ["public.file-url", "com.adobe.pdf"]}"#
    #expect(try evaluate("ANY registeredTypeIdentifiers UTI-CONFORMS-TO 'public.composite-content'", on: json))
    #expect(try !evaluate("ALL registeredTypeIdentifiers UTI-CONFORMS-TO 'com.adobe.pdf'", on: json))
    #expect(try evaluate("NONE registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image'", on: json))
  }
}

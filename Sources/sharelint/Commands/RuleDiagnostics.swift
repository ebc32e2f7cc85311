import PredicateSyntax
import SharelintBase

/// Parsing a predicate for a command and writing its diagnostics as carets on standard error.
enum RuleDiagnostics {
  static func parseAndReport(_ source: SourceInput, lenient: Bool) -> PredicateParser.Outcome {
    let outcome = PredicateParser.parse(bytes: source.bytes, lenient: lenient)
    let text = SourceText(name: source.name, bytes: source.bytes)
    let renderer = CaretRenderer(colour: StandardStreams.standardErrorWantsColour)
    for diagnostic in outcome.diagnostics {
      StandardStreams.writeRenderedError(renderer.render(diagnostic, in: text) + "\n")
    }
    return outcome
  }
}

import PredicateSyntax
import SharelintBase

/// Parsing a predicate for a command and writing its diagnostics as carets on standard error.
enum RuleDiagnostics {
  /// How many diagnostics are printed: each is shown with its line, and a rule is often one long line
  /// (a lenient parse reports every typographic quote, tens of thousands in a hostile rule).
  static let maximumPrinted = 100

  static func parseAndReport(_ source: SourceInput, lenient: Bool, colour: Bool) -> PredicateParser.Outcome {
    let outcome = PredicateParser.parse(bytes: source.bytes, lenient: lenient)
    let text = SourceText(name: source.name, bytes: source.bytes)
    let renderer = CaretRenderer(colour: colour)
    for diagnostic in outcome.diagnostics.prefix(maximumPrinted) {
      StandardStreams.writeRenderedError(renderer.render(diagnostic, in: text) + "\n")
    }
    if outcome.diagnostics.count > maximumPrinted {
      StandardStreams.writeError(
        "\(source.name): \(outcome.diagnostics.count - maximumPrinted) more diagnostics are not shown\n")
    }
    return outcome
  }
}

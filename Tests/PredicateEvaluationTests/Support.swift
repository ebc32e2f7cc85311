import PredicateEvaluation
import PredicateSyntax
import Testing
import UniformTypes

/// Parses `predicate` (which must parse) and evaluates it on the JSON text `json`.
func evaluate(
  _ predicate: String, on json: String = "{}", bindings: [String: EvaluationValue] = [:],
  registry: UniformTypeRegistry = .system, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Bool {
  let tree = try parsedPredicate(predicate, sourceLocation: sourceLocation)
  let object = try EvaluationValue(json: json)
  return try PredicateEvaluator(registry: registry, bindings: bindings).evaluate(tree, on: object)
}

/// Parses `predicate` and evaluates it on `object`, an already built value such as an extension context.
func evaluate(_ predicate: String, in object: EvaluationValue, sourceLocation: SourceLocation = #_sourceLocation)
  throws -> Bool
{
  try PredicateEvaluator().evaluate(parsedPredicate(predicate, sourceLocation: sourceLocation), on: object)
}

/// The value of `expression`, given as the left side of a comparison `expression == nil`.
func value(of expression: String, on json: String = "{}", sourceLocation: SourceLocation = #_sourceLocation)
  throws -> EvaluationValue
{
  let tree = try parsedPredicate("\(expression) == nil", sourceLocation: sourceLocation)
  guard case .comparison(let comparison) = tree.kind else {
    Issue.record("'\(expression)' did not parse as an expression", sourceLocation: sourceLocation)
    return .null
  }
  return try PredicateEvaluator().value(of: comparison.left, on: EvaluationValue(json: json))
}

/// Parses `text`, requiring success.
func parsedPredicate(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PredicateNode {
  let outcome = PredicateParser.parse(text)
  if let diagnostic = outcome.diagnostics.first {
    Issue.record("unexpected syntax error: \(diagnostic.message)", sourceLocation: sourceLocation)
  }
  return try #require(outcome.predicate, sourceLocation: sourceLocation)
}

/// Evaluates `predicate` on `json`, requiring an `EvaluationError` of `kind` whose range covers
/// exactly the text `culprit` of the predicate; returns the error for further checks.
@discardableResult
func expectEvaluationError(
  _ predicate: String, on json: String = "{}", _ kind: EvaluationError.Kind, at culprit: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> EvaluationError? {
  let tree = try parsedPredicate(predicate, sourceLocation: sourceLocation)
  let object = try EvaluationValue(json: json)
  do {
    let result = try PredicateEvaluator().evaluate(tree, on: object)
    Issue.record("expected \(kind.rawValue), got \(result)", sourceLocation: sourceLocation)
    return nil
  } catch {
    #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
    let bytes = Array(predicate.utf8)
    #expect(error.range.end <= bytes.count, "range outside the predicate", sourceLocation: sourceLocation)
    let covered = String(decoding: bytes[error.range.start..<min(error.range.end, bytes.count)], as: UTF8.self)
    #expect(covered == culprit, "error points at '\(covered)': \(error.message)", sourceLocation: sourceLocation)
    #expect(!error.message.isEmpty && !error.message.hasSuffix("."), sourceLocation: sourceLocation)
    return error
  }
}

/// An extension context: one extension item per inner array, one attachment per type list.
func extensionContext(_ items: [[[String]]]) -> EvaluationValue {
  .dictionary([
    "extensionItems": .array(items.map { attachments in
      .dictionary([
        "attachments": .array(attachments.map { types in
          .dictionary(["registeredTypeIdentifiers": .array(types.map(EvaluationValue.string))])
        })
      ])
    })
  ])
}

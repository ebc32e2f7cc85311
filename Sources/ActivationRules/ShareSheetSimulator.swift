import PredicateEvaluation
import PredicateSyntax
import UniformTypes

/// The answer for one catalogue input.
public struct SimulationOutcome: Sendable {
  /// The input.
  public var input: ShareSheetInput
  /// Whether the rule activates, or why it could not be evaluated.
  public var result: Result<Bool, EvaluationError>

  /// Whether the rule activates; `nil` when evaluation failed.
  public var activates: Bool? { try? result.get() }
}

/// Runs a rule over the share-sheet catalogue.
public struct ShareSheetSimulator: Sendable {
  /// The evaluator, with the type graph (the app's own declarations may be added to it).
  public var evaluator: PredicateEvaluator

  /// A simulator conforming types with `registry`.
  public init(registry: UniformTypeRegistry = .system) {
    evaluator = PredicateEvaluator(registry: registry)
  }

  /// The outcome of `rule` on each of `inputs`, in order.
  public func simulate(rule: PredicateNode, inputs: [ShareSheetInput] = ShareSheetCatalogue.inputs)
    -> [SimulationOutcome]
  {
    inputs.map { outcome(of: rule, on: $0) }
  }

  /// Evaluates `rule` on one input.
  public func outcome(of rule: PredicateNode, on input: ShareSheetInput) -> SimulationOutcome {
    do throws(EvaluationError) {
      let activates = try evaluator.evaluate(rule, on: input.evaluationValue)
      return SimulationOutcome(input: input, result: .success(activates))
    } catch {
      return SimulationOutcome(input: input, result: .failure(error))
    }
  }
}

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

/// The steps a run of simulations may take (`PredicateEvaluation.EvaluationBudget`), for callers that
/// evaluate one rule on many inputs and share one budget between them.
public typealias SimulationBudget = EvaluationBudget

/// Runs a rule over the share-sheet catalogue.
public struct ShareSheetSimulator: Sendable {
  /// The evaluator, with the type graph (the app's own declarations may be added to it).
  public var evaluator: PredicateEvaluator

  /// A simulator conforming types with `registry`.
  public init(registry: UniformTypeRegistry = .system) {
    evaluator = PredicateEvaluator(registry: registry)
  }

  /// The outcome of `rule` on each of `inputs`, in order, the evaluations sharing one budget.
  public func simulate(rule: PredicateNode, inputs: [ShareSheetInput] = ShareSheetCatalogue.inputs)
    -> [SimulationOutcome]
  {
    var budget = SimulationBudget()
    return inputs.map { outcome(of: rule, on: $0, budget: &budget) }
  }

  /// Evaluates `rule` on one input, with a budget of its own.
  public func outcome(of rule: PredicateNode, on input: ShareSheetInput) -> SimulationOutcome {
    var budget = SimulationBudget()
    return outcome(of: rule, on: input, budget: &budget)
  }

  /// Evaluates `rule` on one input, spending steps from `budget`: once it is spent, the outcome is a
  /// failure of kind `.tooComplex`.
  public func outcome(of rule: PredicateNode, on input: ShareSheetInput, budget: inout SimulationBudget)
    -> SimulationOutcome
  {
    do throws(EvaluationError) {
      let activates = try evaluator.evaluate(rule, on: input.evaluationValue, budget: &budget)
      return SimulationOutcome(input: input, result: .success(activates))
    } catch {
      return SimulationOutcome(input: input, result: .failure(error))
    }
  }
}

import SharelintBase

/// How much work evaluations may do: a count of steps (a node evaluated, an element compared, mapped,
/// counted or iterated over), spent as an evaluation goes and shared by the evaluations given the
/// same budget. Past it, evaluation stops with an `EvaluationError` of kind `.tooComplex`.
///
/// A predicate and its input are bounded in size, but nested SUBQUERYs over long arrays, or an IN on
/// a long literal inside one, multiply their sizes: the budget keeps such a rule from running for
/// hours, as `UTF8Search` and the hashing of `Aggregates` keep each single operation linear.
public struct EvaluationBudget: Hashable, Sendable {
  /// The steps an evaluation gets unless told otherwise: some tenths of a second of work, ten times
  /// what evaluating the longest predicate the parser reads once on a share-sheet input takes.
  public static let defaultSteps = 20_000_000

  /// The steps left.
  public private(set) var remainingSteps: Int
  /// The steps the budget started with, for messages.
  public let steps: Int

  /// A budget of `steps` steps.
  public init(steps: Int = EvaluationBudget.defaultSteps) {
    self.steps = steps
    remainingSteps = steps
  }

  /// Whether an evaluation ran out of steps: the ones after it fail at once.
  public var isExhausted: Bool { remainingSteps < 0 }

  /// Takes `count` steps, or throws `.tooComplex` at `range` when there are not that many left.
  @inline(__always)
  mutating func spend(_ count: Int, at range: ByteRange) throws(EvaluationError) {
    remainingSteps -= count
    if remainingSteps < 0 { throw exhausted(at: range) }
  }

  /// The error for a budget spent.
  @inline(never)
  func exhausted(at range: ByteRange) -> EvaluationError {
    EvaluationError(
      .tooComplex, "evaluating the rule takes more than \(steps) steps; sharelint stops there", at: range)
  }
}

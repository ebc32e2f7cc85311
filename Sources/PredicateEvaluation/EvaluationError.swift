import PredicateSyntax
import SharelintBase

/// Why a predicate could not be evaluated, and where: the range of the node at fault.
///
/// Apple's `evaluateWithObject:` raises an exception in these cases; here they are values a lint
/// rule can point at. Messages follow the house style: lowercase, no trailing period, source text in '…'.
public struct EvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The families of failure.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// An operand of the wrong kind: a number where a string is needed, a non-collection after ANY.
    case typeMismatch = "type-mismatch"
    /// A construct the evaluator does not run: ANYKEY, FETCH, FUNCTION, CAST, `:=`, placeholders.
    case unsupported
    /// A `$variable` with no binding.
    case unboundVariable = "unbound-variable"
    /// A LIKE or MATCHES pattern PCRE2 rejects, or a match that gave up.
    case invalidPattern = "invalid-pattern"
    /// A function or collection operator that does not exist, or a call with the wrong arguments.
    case invalidFunction = "invalid-function"
    /// An index past the end of an array.
    case indexOutOfRange = "index-out-of-range"
    /// Division by zero or a similar arithmetic failure.
    case arithmetic
    /// The evaluation took more steps than its `EvaluationBudget` allows (nested SUBQUERYs over long
    /// arrays, membership tests in long literals inside loops).
    case tooComplex = "too-complex"
  }

  /// The family.
  public var kind: Kind
  /// What went wrong, for a human.
  public var message: String
  /// The bytes of the predicate text responsible.
  public var range: ByteRange

  /// An error of `kind` saying `message` about `range`.
  public init(_ kind: Kind, _ message: String, at range: ByteRange) {
    self.kind = kind
    self.message = message
    self.range = range
  }

  /// `message` followed by the range.
  public var description: String { "\(message) (at \(range))" }
}

import PredicateSyntax
import SharelintBase

/// Expressions: literals, SELF, variables, key paths, subscripts, arithmetic, SUBQUERY, TERNARY,
/// set operations and function calls.
extension Interpreter {
  mutating func value(of expression: ExpressionNode, on object: EvaluationValue) throws(EvaluationError)
    -> EvaluationValue
  {
    try budget.spend(1, at: expression.range)
    switch expression.kind {
    case .constant(let constant):
      return EvaluationValue(constant)
    case .evaluatedObject:
      return object
    case .variable(let name):
      return try variable(name, at: expression.range)
    case .keyPath(let base, let components):
      guard let base else { return try KeyValueCoding.value(of: object, at: components[...], budget: &budget) }
      if case .subquery(let collection, let name, _, let predicate) = base.kind, components.first?.name == "@count" {
        // `SUBQUERY(…).@count`, the usual shape: count the matches without collecting them.
        let count = try subquery(collection, name, predicate, on: object, collecting: false).count
        return try KeyValueCoding.value(of: .integer(Int64(count)), at: components.dropFirst(), budget: &budget)
      }
      let start = try value(of: base, on: object)
      return try KeyValueCoding.value(of: start, at: components[...], budget: &budget)
    case .subscripted(let base, let index):
      return try subscripted(value(of: base, on: object), index, base: base, on: object)
    case .array(let elements):
      var values: [EvaluationValue] = []
      values.reserveCapacity(elements.count)
      for element in elements { values.append(try value(of: element, on: object)) }
      return .array(values)
    case .arithmetic(let operation, let left, let right):
      return try Arithmetic.apply(
        operation, value(of: left, on: object), value(of: right, on: object),
        leftRange: left.range, rightRange: right.range)
    case .negation(let operand):
      let number = try Arithmetic.operand(value(of: operand, on: object), of: "'-'", side: "", at: operand.range)
      switch number {
      case .integer(let integer) where integer != .min: return .integer(-integer)
      default: return .double(-number.doubleValue)
      }
    case .setOperation(let operation, let left, let right):
      return try setOperation(
        operation, value(of: left, on: object), value(of: right, on: object), left: left, right: right)
    case .functionCall(let name, let arguments):
      var values: [EvaluationValue] = []
      values.reserveCapacity(arguments.count)
      for argument in arguments { values.append(try value(of: argument, on: object)) }
      if values.count == 1, case .array(let elements) = values[0] {
        try budget.spend(elements.count, at: expression.range)
      }
      return try BuiltinFunctions.call(name, values, arguments: arguments, at: expression.range)
    case .subquery(let collection, let name, _, let predicate):
      return .array(try subquery(collection, name, predicate, on: object, collecting: true).kept)
    case .ternary(let condition, let then, let otherwise):
      return try value(of: test(condition, on: object) ? then : otherwise, on: object)
    case .placeholder(let text):
      throw EvaluationError(
        .unsupported, "unsubstituted placeholder '\(text)'; substitute a value before evaluating",
        at: expression.range)
    case .anyKey:
      throw unsupported("'ANYKEY'", at: expression.range)
    case .assignment(let name, _):
      throw unsupported("the assignment to '$\(name)'", at: expression.range)
    case .function:
      throw unsupported("'FUNCTION'", at: expression.range)
    case .cast:
      throw unsupported("'CAST'", at: expression.range)
    case .fetch:
      throw unsupported("'FETCH'", at: expression.range)
    }
  }

  func unsupported(_ what: String, at range: ByteRange) -> EvaluationError {
    EvaluationError(.unsupported, "\(what) is not supported in evaluation", at: range)
  }

  /// SUBQUERY: the elements of the collection for which the predicate holds, evaluated with the
  /// element as SELF and bound to the variable. Without `collecting` only the count is kept.
  mutating func subquery(
    _ collection: ExpressionNode, _ name: String, _ predicate: PredicateNode, on object: EvaluationValue,
    collecting: Bool
  ) throws(EvaluationError) -> (kept: [EvaluationValue], count: Int) {
    let elements: [EvaluationValue]
    switch try value(of: collection, on: object) {
    case .array(let values): elements = values
    case .null: elements = []
    case let other:
      throw EvaluationError(
        .typeMismatch, "'SUBQUERY' needs a collection, found \(other.kindDescription)", at: collection.range)
    }
    try budget.spend(elements.count, at: collection.range)
    var kept: [EvaluationValue] = []
    var count = 0
    let scope = scopes.count
    scopes.append((name, .null))
    defer { scopes.removeLast() }
    for element in elements {
      scopes[scope].value = element
      if try test(predicate, on: element) {
        count += 1
        if collecting { kept.append(element) }
      }
    }
    return (kept, count)
  }

  /// `base[index]`, `base[FIRST]`, `base[LAST]`, `base[SIZE]`; a null base gives null.
  mutating func subscripted(
    _ container: EvaluationValue, _ index: SubscriptIndex, base: ExpressionNode, on object: EvaluationValue
  ) throws(EvaluationError) -> EvaluationValue {
    switch (container, index) {
    case (.null, _):
      return .null
    case (.array(let elements), .first):
      return elements.first ?? .null
    case (.array(let elements), .last):
      return elements.last ?? .null
    case (.array(let elements), .size):
      return .integer(Int64(elements.count))
    case (.dictionary(let members), .size):
      return .integer(Int64(members.count))
    case (.array(let elements), .expression(let indexExpression)):
      let key = try value(of: indexExpression, on: object)
      guard !key.isBool, let number = key.number, number.doubleValue.rounded() == number.doubleValue else {
        throw EvaluationError(
          .typeMismatch, "an array index must be a whole number, found \(key.kindDescription)",
          at: indexExpression.range)
      }
      let position = number.doubleValue
      guard position >= 0, position < Double(elements.count) else {
        throw EvaluationError(
          .indexOutOfRange, "index \(number.value) is out of range for an array of \(elements.count) elements",
          at: indexExpression.range)
      }
      return elements[Int(position)]
    case (.dictionary(let members), .expression(let keyExpression)):
      let key = try value(of: keyExpression, on: object)
      guard case .string(let name) = key else {
        throw EvaluationError(
          .typeMismatch, "a dictionary key must be a string, found \(key.kindDescription)", at: keyExpression.range)
      }
      return members[name] ?? .null
    case (.dictionary, _):
      throw EvaluationError(
        .typeMismatch, "'FIRST' and 'LAST' need an array, found a dictionary", at: base.range)
    default:
      throw EvaluationError(
        .typeMismatch, "only arrays and dictionaries can be subscripted, not \(container.kindDescription)",
        at: base.range)
    }
  }

  /// UNION (distinct elements of both), INTERSECT (of the left, those also on the right),
  /// MINUS (of the left, those not on the right). Null counts as an empty collection.
  mutating func setOperation(
    _ operation: SetOperator, _ left: EvaluationValue, _ right: EvaluationValue,
    left leftExpression: ExpressionNode, right rightExpression: ExpressionNode
  ) throws(EvaluationError) -> EvaluationValue {
    let lhs = try collectionElements(left, for: operation.rawValue, at: leftExpression.range)
    let rhs = try collectionElements(right, for: operation.rawValue, at: rightExpression.range)
    try budget.spend(lhs.count + rhs.count, at: leftExpression.range.union(rightExpression.range))
    switch operation {
    case .union: return .array(Aggregates.union(lhs + rhs, distinct: true))
    case .intersect, .minus:
      let onRight = LooseValueSet(rhs)
      let keep = operation == .intersect
      return .array(Aggregates.union(lhs.filter { onRight.contains($0) == keep }, distinct: true))
    }
  }

  func collectionElements(_ value: EvaluationValue, for operation: String, at range: ByteRange)
    throws(EvaluationError) -> [EvaluationValue]
  {
    switch value {
    case .array(let elements): return elements
    case .null: return []
    default:
      throw EvaluationError(
        .typeMismatch, "'\(operation)' needs collections on both sides, found \(value.kindDescription)", at: range)
    }
  }
}

extension EvaluationValue {
  var isBool: Bool {
    if case .bool = self { return true }
    return false
  }
}

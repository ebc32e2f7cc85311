import Foundation
import PredicateSyntax
import SharelintBase

/// A number as the predicate language sees one: booleans count as 0 and 1, as `NSNumber` makes them.
enum Number {
  case integer(Int64)
  case double(Double)

  var doubleValue: Double {
    switch self {
    case .integer(let value): Double(value)
    case .double(let value): value
    }
  }

  var value: EvaluationValue {
    switch self {
    case .integer(let integer): .integer(integer)
    case .double(let double): .double(double)
    }
  }

  /// -1, 0 or 1; integers compare exactly, anything else as doubles.
  static func order(_ lhs: Number, _ rhs: Number) -> Int {
    if case .integer(let left) = lhs, case .integer(let right) = rhs {
      return left < right ? -1 : (left == right ? 0 : 1)
    }
    let left = lhs.doubleValue
    let right = rhs.doubleValue
    return left < right ? -1 : (left == right ? 0 : 1)
  }
}

extension EvaluationValue {
  /// The value as a number, when it is one (or a boolean).
  var number: Number? {
    switch self {
    case .integer(let value): .integer(value)
    case .double(let value): .double(value)
    case .bool(let value): .integer(value ? 1 : 0)
    default: nil
    }
  }
}

/// `+ - * / **` and the arithmetic functions: integers stay integers while they fit, division and
/// powers give doubles, as `NSExpression`'s arithmetic gives `NSNumber`s.
enum Arithmetic {
  static func apply(
    _ operation: ArithmeticOperator, _ left: EvaluationValue, _ right: EvaluationValue,
    leftRange: ByteRange, rightRange: ByteRange
  ) throws(EvaluationError) -> EvaluationValue {
    let spelling = "'\(operation.rawValue)'"
    let lhs = try operand(left, of: spelling, side: "left", at: leftRange)
    let rhs = try operand(right, of: spelling, side: "right", at: rightRange)
    switch operation {
    case .add: return combine(lhs, rhs, &+, Int64.addingReportingOverflow, +)
    case .subtract: return combine(lhs, rhs, &-, Int64.subtractingReportingOverflow, -)
    case .multiply: return combine(lhs, rhs, &*, Int64.multipliedReportingOverflow, *)
    case .divide:
      guard rhs.doubleValue != 0 else { throw EvaluationError(.arithmetic, "division by zero", at: rightRange) }
      return .double(lhs.doubleValue / rhs.doubleValue)
    case .power:
      return .double(pow(lhs.doubleValue, rhs.doubleValue))
    }
  }

  /// `modulus:by:`: the remainder, with the sign of the dividend.
  static func modulus(
    _ left: EvaluationValue, _ right: EvaluationValue, leftRange: ByteRange, rightRange: ByteRange
  ) throws(EvaluationError) -> EvaluationValue {
    let lhs = try operand(left, of: "'modulus:by:'", side: "first", at: leftRange)
    let rhs = try operand(right, of: "'modulus:by:'", side: "second", at: rightRange)
    guard rhs.doubleValue != 0 else { throw EvaluationError(.arithmetic, "modulus by zero", at: rightRange) }
    if case .integer(let dividend) = lhs, case .integer(let divisor) = rhs {
      let (remainder, overflow) = dividend.remainderReportingOverflow(dividingBy: divisor)
      return .integer(overflow ? 0 : remainder)
    }
    return .double(fmod(lhs.doubleValue, rhs.doubleValue))
  }

  /// The number in `value`, or a type mismatch naming the operation and the side.
  static func operand(
    _ value: EvaluationValue, of operation: String, side: String, at range: ByteRange
  ) throws(EvaluationError) -> Number {
    guard let number = value.number else {
      throw EvaluationError(
        .typeMismatch, "\(operation) needs a number as its \(side) operand, found \(value.kindDescription)", at: range)
    }
    return number
  }

  private static func combine(
    _ lhs: Number, _ rhs: Number, _ wrapping: (Int64, Int64) -> Int64,
    _ checked: (Int64) -> (Int64) -> (partialValue: Int64, overflow: Bool), _ real: (Double, Double) -> Double
  ) -> EvaluationValue {
    if case .integer(let left) = lhs, case .integer(let right) = rhs {
      let (result, overflow) = checked(left)(right)
      if !overflow { return .integer(result) }
    }
    return .double(real(lhs.doubleValue, rhs.doubleValue))
  }
}

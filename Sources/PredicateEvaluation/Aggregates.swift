import Foundation
import PredicateSyntax
import SharelintBase

/// Statistics over a list of values, shared by the collection operators (`@sum`, `@avg`, `@min`,
/// `@max`) and the functions (`sum:`, `average:`, `min:`, `max:`, `median:`, `mode:`, `stddev:`).
/// Nulls are skipped, as key-value coding skips `nil`.
enum Aggregates {
  /// The numbers among `values`; anything else is a type mismatch at `range`.
  static func numbers(
    _ values: [EvaluationValue], for operation: String, at range: ByteRange
  ) throws(EvaluationError) -> [Number] {
    var numbers: [Number] = []
    numbers.reserveCapacity(values.count)
    for value in values {
      if value.isNull { continue }
      guard let number = value.number else {
        throw EvaluationError(
          .typeMismatch, "\(operation) needs numbers, found \(value.kindDescription) '\(value)'", at: range)
      }
      numbers.append(number)
    }
    return numbers
  }

  /// The total; integers while they fit. The sum of nothing is 0.
  static func sum(_ values: [EvaluationValue], for operation: String, at range: ByteRange) throws(EvaluationError)
    -> EvaluationValue
  {
    var integerTotal: Int64 = 0
    var doubleTotal = 0.0
    var allIntegers = true
    for number in try numbers(values, for: operation, at: range) {
      doubleTotal += number.doubleValue
      if allIntegers, case .integer(let value) = number {
        let (result, overflow) = integerTotal.addingReportingOverflow(value)
        if overflow { allIntegers = false } else { integerTotal = result }
      } else {
        allIntegers = false
      }
    }
    return allIntegers ? .integer(integerTotal) : .double(doubleTotal)
  }

  /// The mean, or null for no numbers.
  static func average(_ values: [EvaluationValue], for operation: String, at range: ByteRange)
    throws(EvaluationError) -> EvaluationValue
  {
    let numbers = try numbers(values, for: operation, at: range)
    guard !numbers.isEmpty else { return .null }
    return .double(numbers.reduce(0.0) { $0 + $1.doubleValue } / Double(numbers.count))
  }

  /// The smallest (`sign` -1) or largest (`sign` 1) value: numbers with numbers, strings with strings.
  static func extreme(
    _ values: [EvaluationValue], sign: Int, for operation: String, at range: ByteRange
  ) throws(EvaluationError) -> EvaluationValue {
    var best: EvaluationValue = .null
    for value in values where !value.isNull {
      if best.isNull {
        best = value
        continue
      }
      let order: Int
      switch (value, best) {
      case (.string(let candidate), .string(let current)):
        order = candidate < current ? -1 : (candidate == current ? 0 : 1)
      default:
        guard let candidate = value.number, let current = best.number else {
          throw EvaluationError(
            .typeMismatch, "\(operation) needs numbers or strings of one kind, found \(value.kindDescription) "
              + "next to \(best.kindDescription)", at: range)
        }
        order = Number.order(candidate, current)
      }
      if order == sign { best = value }
    }
    return best
  }

  /// The middle value (the mean of the two middle ones for an even count), or null for none.
  static func median(_ values: [EvaluationValue], for operation: String, at range: ByteRange)
    throws(EvaluationError) -> EvaluationValue
  {
    let sorted = try numbers(values, for: operation, at: range).map(\.doubleValue).sorted()
    guard !sorted.isEmpty else { return .null }
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return .double(sorted[middle]) }
    return .double((sorted[middle - 1] + sorted[middle]) / 2)
  }

  /// The most frequent values, in order of first appearance: `mode:` answers with an array.
  static func mode(_ values: [EvaluationValue]) -> EvaluationValue {
    var distinct: [EvaluationValue] = []
    var counts: [Int] = []
    // The position in `distinct` of each value seen, by key; a key's values that differ (large
    // integers sharing a Double) are told apart by comparing them.
    var positions: [LooseEquality.Key: [Int]] = [:]
    for value in values where !value.isNull {
      let key = LooseEquality.Key(value)
      if let index = positions[key]?.first(where: { LooseEquality.equal(distinct[$0], value, options: []) }) {
        counts[index] += 1
      } else {
        positions[key, default: []].append(distinct.count)
        distinct.append(value)
        counts.append(1)
      }
    }
    let highest = counts.max() ?? 0
    return .array(zip(distinct, counts).filter { $0.1 == highest }.map(\.0))
  }

  /// The population standard deviation, or null for no numbers.
  static func standardDeviation(_ values: [EvaluationValue], for operation: String, at range: ByteRange)
    throws(EvaluationError) -> EvaluationValue
  {
    let numbers = try numbers(values, for: operation, at: range).map(\.doubleValue)
    guard !numbers.isEmpty else { return .null }
    let mean = numbers.reduce(0, +) / Double(numbers.count)
    let variance = numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count)
    return .double(variance.squareRoot())
  }

  /// `values` without nulls and, when `distinct`, without repeats (first occurrence kept).
  static func union(_ values: [EvaluationValue], distinct: Bool) -> [EvaluationValue] {
    var result: [EvaluationValue] = []
    result.reserveCapacity(values.count)
    var seen = LooseValueSet()
    for value in values where !value.isNull {
      if distinct && !seen.insert(value) { continue }
      result.append(value)
    }
    return result
  }
}

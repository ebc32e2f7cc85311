import Foundation
import PredicateSyntax
import SharelintBase

/// NSExpression's predefined functions, called by their plain names (`sum(…)`, `sqrt(…)`) or their
/// selector names (`sum:(…)`, `modulus:by:(…)`); names ignore case.
///
/// The list functions (`sum`, `count`, `min`, `max`, `average`, `median`, `mode`, `stddev`) take one
/// array, or several values written out. `stddev` is the population standard deviation, `mode` an
/// array of the most frequent values, `log` base 10, `ln` natural, `length` counts UTF-16 units (or
/// array elements), `now` is seconds since 1970 as a double.
enum BuiltinFunctions {
  typealias ListBody = @Sendable ([EvaluationValue], String, ByteRange) throws(EvaluationError) -> EvaluationValue
  typealias BinaryBody =
    @Sendable (EvaluationValue, EvaluationValue, ByteRange, ByteRange) throws(EvaluationError) -> EvaluationValue

  enum Function: Sendable {
    /// A function of a list of values (its name and call range given for messages).
    case list(ListBody)
    case unaryNumber(@Sendable (Number) -> EvaluationValue)
    case unaryInteger(@Sendable (Int64) -> EvaluationValue)
    case unaryString(@Sendable (String) -> EvaluationValue)
    case binaryNumber(BinaryBody)
    case length
    case now
    case identity
  }

  static let table: [String: Function] = {
    var table: [String: Function] = [
      "sum": .list { values, name, range throws(EvaluationError) in try Aggregates.sum(values, for: name, at: range) },
      "count": .list { values, _, _ in .integer(Int64(values.count)) },
      "min": .list { values, name, range throws(EvaluationError) in
        try Aggregates.extreme(values, sign: -1, for: name, at: range)
      },
      "max": .list { values, name, range throws(EvaluationError) in
        try Aggregates.extreme(values, sign: 1, for: name, at: range)
      },
      "average": .list { values, name, range throws(EvaluationError) in
        try Aggregates.average(values, for: name, at: range)
      },
      "median": .list { values, name, range throws(EvaluationError) in
        try Aggregates.median(values, for: name, at: range)
      },
      "mode": .list { values, _, _ in Aggregates.mode(values) },
      "stddev": .list { values, name, range throws(EvaluationError) in
        try Aggregates.standardDeviation(values, for: name, at: range)
      },
      "sqrt": .unaryNumber { .double($0.doubleValue.squareRoot()) },
      "log": .unaryNumber { .double(log10($0.doubleValue)) },
      "ln": .unaryNumber { .double(log($0.doubleValue)) },
      "exp": .unaryNumber { .double(exp($0.doubleValue)) },
      "floor": .unaryNumber { .double($0.doubleValue.rounded(.down)) },
      "ceiling": .unaryNumber { .double($0.doubleValue.rounded(.up)) },
      "trunc": .unaryNumber { .double($0.doubleValue.rounded(.towardZero)) },
      "abs": .unaryNumber { number in
        if case .integer(let integer) = number, integer != .min { return .integer(Swift.abs(integer)) }
        return .double(Swift.abs(number.doubleValue))
      },
      "onescomplement": .unaryInteger { .integer(~$0) },
      "uppercase": .unaryString { .string($0.uppercased()) },
      "lowercase": .unaryString { .string($0.lowercased()) },
      "length": .length,
      "now": .now,
      "noindex": .identity,
      "modulus:by:": .binaryNumber { left, right, leftRange, rightRange throws(EvaluationError) in
        try Arithmetic.modulus(left, right, leftRange: leftRange, rightRange: rightRange)
      },
    ]
    let arithmetic: [(String, ArithmeticOperator)] = [
      ("add:to:", .add), ("from:subtract:", .subtract), ("multiply:by:", .multiply), ("divide:by:", .divide),
      ("raise:topower:", .power),
    ]
    for (name, operation) in arithmetic {
      table[name] = .binaryNumber { left, right, leftRange, rightRange throws(EvaluationError) in
        try Arithmetic.apply(operation, left, right, leftRange: leftRange, rightRange: rightRange)
      }
    }
    let bitwise: [(String, @Sendable (Int64, Int64) -> Int64)] = [
      ("bitwiseand:with:", { $0 & $1 }), ("bitwiseor:with:", { $0 | $1 }), ("bitwisexor:with:", { $0 ^ $1 }),
      ("leftshift:by:", { $0 << $1 }), ("rightshift:by:", { $0 >> $1 }),
    ]
    for (name, operation) in bitwise {
      table[name] = .binaryNumber { left, right, leftRange, rightRange throws(EvaluationError) in
        let lhs = try integer(left, of: name, at: leftRange)
        let rhs = try integer(right, of: name, at: rightRange)
        return .integer(operation(lhs, rhs))
      }
    }
    return table
  }()

  /// Functions Apple has that an evaluation here cannot honour.
  static let unsupportedNames: Set<String> = ["random", "randomn", "distancetolocation:fromlocation:"]

  /// Calls `name` on the already evaluated `values` (whose expressions are `arguments`).
  static func call(
    _ name: String, _ values: [EvaluationValue], arguments: [ExpressionNode], at range: ByteRange
  ) throws(EvaluationError) -> EvaluationValue {
    let key = normalizedName(name)
    let written = "'\(name)'"
    guard let function = table[key] else {
      if unsupportedNames.contains(key) {
        throw EvaluationError(.unsupported, "the function \(written) is not supported in evaluation", at: range)
      }
      throw EvaluationError(.invalidFunction, "unknown function \(written)", at: range)
    }
    switch function {
    case .list(let body):
      return try body(try listArgument(values, arguments, of: written, at: range), written, range)
    case .unaryNumber(let body):
      try expectArguments(1, values, of: written, at: range)
      return body(try Arithmetic.operand(values[0], of: written, side: "only", at: arguments[0].range))
    case .unaryInteger(let body):
      try expectArguments(1, values, of: written, at: range)
      return body(try integer(values[0], of: name, at: arguments[0].range))
    case .unaryString(let body):
      try expectArguments(1, values, of: written, at: range)
      guard case .string(let text) = values[0] else {
        throw EvaluationError(
          .typeMismatch, "\(written) needs a string, found \(values[0].kindDescription)", at: arguments[0].range)
      }
      return body(text)
    case .binaryNumber(let body):
      try expectArguments(2, values, of: written, at: range)
      return try body(values[0], values[1], arguments[0].range, arguments[1].range)
    case .length:
      try expectArguments(1, values, of: written, at: range)
      switch values[0] {
      case .string(let text): return .integer(Int64(text.utf16.count))
      case .array(let elements): return .integer(Int64(elements.count))
      case .null: return .null
      default:
        throw EvaluationError(
          .typeMismatch, "\(written) needs a string or an array, found \(values[0].kindDescription)",
          at: arguments[0].range)
      }
    case .now:
      try expectArguments(0, values, of: written, at: range)
      return .double(Date().timeIntervalSince1970)
    case .identity:
      try expectArguments(1, values, of: written, at: range)
      return values[0]
    }
  }

  /// `sum:` and `sum` are one function, and so are `SUM` and `sum`: a one-part selector loses its
  /// colon, and ASCII letters are lowercased.
  static func normalizedName(_ name: String) -> String {
    var lowered = String(decoding: name.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    if lowered.hasSuffix(":"), lowered.utf8.filter({ $0 == UInt8(ascii: ":") }).count == 1 {
      lowered.removeLast()
    }
    return lowered
  }

  /// A list function's values: the elements of its one array argument, or its arguments themselves.
  static func listArgument(
    _ values: [EvaluationValue], _ arguments: [ExpressionNode], of name: String, at range: ByteRange
  ) throws(EvaluationError) -> [EvaluationValue] {
    guard values.count == 1 else { return values }
    switch values[0] {
    case .array(let elements): return elements
    case .null: return []
    default:
      throw EvaluationError(
        .typeMismatch, "\(name) needs an array, found \(values[0].kindDescription)", at: arguments[0].range)
    }
  }

  static func expectArguments(
    _ count: Int, _ values: [EvaluationValue], of name: String, at range: ByteRange
  ) throws(EvaluationError) {
    guard values.count != count else { return }
    let noun = count == 1 ? "argument" : "arguments"
    throw EvaluationError(.invalidFunction, "\(name) takes \(count) \(noun), not \(values.count)", at: range)
  }

  static func integer(_ value: EvaluationValue, of name: String, at range: ByteRange) throws(EvaluationError)
    -> Int64
  {
    switch value.number {
    case .integer(let integer): return integer
    case .double(let double) where double.rounded() == double && Swift.abs(double) < 9.0e18: return Int64(double)
    default:
      throw EvaluationError(
        .typeMismatch, "'\(name)' needs whole numbers, found \(value.kindDescription)", at: range)
    }
  }
}

import PredicateSyntax
import SharelintBase

/// Key paths as `valueForKeyPath:` reads them.
///
/// * A dictionary gives the member for the key, null when there is none.
/// * An array passes the whole remaining path to each element and collects the answers, nulls
///   included, as `NSArray` does: `attachments.registeredTypeIdentifiers` is an array of arrays,
///   never flattened (`@unionOfArrays` flattens).
/// * A collection operator (`@count`, `@sum`, `@avg`, `@min`, `@max`, `@unionOfObjects`,
///   `@distinctUnionOfObjects`, `@unionOfArrays`, `@distinctUnionOfArrays`) applies to the collection
///   in hand; the keys after it (`@sum.price`) are read from each element first. `@count` takes none.
/// * Null gives null whatever follows, as messaging `nil` does.
/// * A string answers `length` (UTF-16 units, as `NSString`) and any value answers `self`; other keys
///   on strings, numbers and booleans are errors, as they are not key-value coding compliant.
///
/// Mapping over an array or applying a collection operator spends a step per element from `budget`.
/// Recursion follows the nesting of the value, which the JSON reader and the parser bound.
enum KeyValueCoding {
  static func value(
    of start: EvaluationValue, at components: ArraySlice<KeyPathComponent>, budget: inout EvaluationBudget
  ) throws(EvaluationError) -> EvaluationValue {
    // The usual step, one key of a dictionary (`$attachment.registeredTypeIdentifiers`), taken directly.
    if components.count == 1, case .dictionary(let members) = start {
      let name = components[components.startIndex].name
      if let first = name.utf8.first, first != UInt8(ascii: "@"), first != UInt8(ascii: "%") {
        return members[name] ?? .null
      }
    }
    if let placeholder = components.first(where: \.isPlaceholder) {
      throw EvaluationError(
        .unsupported, "unsubstituted placeholder '\(placeholder.name)'; substitute a key before evaluating",
        at: placeholder.range)
    }
    var current = start
    var index = components.startIndex
    while index < components.endIndex {
      let component = components[index]
      if component.name.utf8.first == UInt8(ascii: "@") {
        return try collectionOperator(current, component, rest: components[(index + 1)...], budget: &budget)
      }
      switch current {
      case .dictionary(let members):
        current = members[component.name] ?? .null
      case .array(let elements):
        let rest = components[index...]
        try budget.spend(elements.count, at: component.range)
        var mapped: [EvaluationValue] = []
        mapped.reserveCapacity(elements.count)
        for element in elements { mapped.append(try value(of: element, at: rest, budget: &budget)) }
        return .array(mapped)
      case .null:
        return .null
      case .string(let text) where component.name == "length":
        current = .integer(Int64(text.utf16.count))
      default:
        guard component.name == "self" else {
          throw EvaluationError(
            .typeMismatch, "\(current.kindDescription) has no key '\(component.name)'", at: component.range)
        }
      }
      index += 1
    }
    return current
  }

  /// Applies the collection operator `component` to `collection`, reading `rest` from each element.
  static func collectionOperator(
    _ collection: EvaluationValue, _ component: KeyPathComponent, rest: ArraySlice<KeyPathComponent>,
    budget: inout EvaluationBudget
  ) throws(EvaluationError) -> EvaluationValue {
    let name = component.name
    if name == "@count" {
      switch collection {
      case .array(let elements): return try value(of: .integer(Int64(elements.count)), at: rest, budget: &budget)
      case .dictionary(let members): return try value(of: .integer(Int64(members.count)), at: rest, budget: &budget)
      case .null: return .null
      default: throw needsCollection(name, found: collection, at: component.range)
      }
    }
    guard let operation = CollectionOperator(rawValue: name) else {
      throw EvaluationError(.invalidFunction, "unknown collection operator '\(name)'", at: component.range)
    }
    let elements: [EvaluationValue]
    switch collection {
    case .array(let values): elements = values
    case .null: return .null
    default: throw needsCollection(name, found: collection, at: component.range)
    }
    try budget.spend(elements.count, at: component.range)
    var values = elements
    if !rest.isEmpty {
      values = []
      values.reserveCapacity(elements.count)
      for element in elements { values.append(try value(of: element, at: rest, budget: &budget)) }
    }
    let range = component.range
    switch operation {
    case .sum: return try Aggregates.sum(values, for: "'\(name)'", at: range)
    case .average: return try Aggregates.average(values, for: "'\(name)'", at: range)
    case .minimum: return try Aggregates.extreme(values, sign: -1, for: "'\(name)'", at: range)
    case .maximum: return try Aggregates.extreme(values, sign: 1, for: "'\(name)'", at: range)
    case .unionOfObjects: return .array(Aggregates.union(values, distinct: false))
    case .distinctUnionOfObjects: return .array(Aggregates.union(values, distinct: true))
    case .unionOfArrays, .distinctUnionOfArrays:
      var flattened: [EvaluationValue] = []
      for value in values {
        if case .array(let inner) = value { try budget.spend(inner.count, at: range) }
        switch value {
        case .array(let inner): flattened.append(contentsOf: inner)
        case .null: continue
        default:
          throw EvaluationError(
            .typeMismatch, "'\(name)' needs an array of arrays, found \(value.kindDescription) inside", at: range)
        }
      }
      return .array(Aggregates.union(flattened, distinct: operation == .distinctUnionOfArrays))
    }
  }

  /// The collection operators other than `@count`.
  enum CollectionOperator: String {
    case sum = "@sum"
    case average = "@avg"
    case minimum = "@min"
    case maximum = "@max"
    case unionOfObjects = "@unionOfObjects"
    case distinctUnionOfObjects = "@distinctUnionOfObjects"
    case unionOfArrays = "@unionOfArrays"
    case distinctUnionOfArrays = "@distinctUnionOfArrays"
  }

  static func needsCollection(_ name: String, found value: EvaluationValue, at range: ByteRange) -> EvaluationError {
    EvaluationError(.typeMismatch, "'\(name)' needs a collection, found \(value.kindDescription)", at: range)
  }
}

import SharelintBase

/// The tree as JSON, for `sharelint rule parse --json`: every node is an object with a `kind` and a
/// `range` (`{"start": byte, "end": byte}`, UTF-8 offsets into the predicate text, end exclusive).
extension PredicateNode {
  /// The node and its children as JSON.
  public var json: JSONValue {
    var members: [String: JSONValue] = ["range": range.json]
    switch kind {
    case .constant(let value):
      members["kind"] = .string(value ? "truePredicate" : "falsePredicate")
    case .and(let operands):
      members["kind"] = .string("and")
      members["operands"] = .array(operands.map(\.json))
    case .or(let operands):
      members["kind"] = .string("or")
      members["operands"] = .array(operands.map(\.json))
    case .not(let operand):
      members["kind"] = .string("not")
      members["operand"] = operand.json
    case .comparison(let comparison):
      members["kind"] = .string("comparison")
      members["modifier"] = comparison.modifier == .direct ? .null : .string(comparison.modifier.rawValue)
      members["operator"] = .string(comparison.operator.rawValue)
      members["operatorRange"] = comparison.operatorRange.json
      members["options"] = .string(comparison.options.letters)
      members["left"] = comparison.left.json
      members["right"] = comparison.right.json
    }
    return .object(members)
  }
}

extension ExpressionNode {
  /// The node and its children as JSON.
  public var json: JSONValue {
    var members: [String: JSONValue] = ["range": range.json]
    func set(_ kind: String, _ fields: [String: JSONValue] = [:]) {
      members["kind"] = .string(kind)
      members.merge(fields) { _, new in new }
    }
    switch kind {
    case .constant(let constant):
      switch constant {
      case .string(let text): set("constant", ["type": "string", "value": .string(text)])
      case .integer(let value): set("constant", ["type": "integer", "value": .integer(value)])
      case .real(let value): set("constant", ["type": "real", "value": .number(value)])
      case .boolean(let value): set("constant", ["type": "boolean", "value": .bool(value)])
      case .null: set("constant", ["type": "null", "value": .null])
      }
    case .evaluatedObject: set("self")
    case .variable(let name): set("variable", ["name": .string(name)])
    case .placeholder(let text): set("placeholder", ["text": .string(text)])
    case .anyKey: set("anyKey")
    case .keyPath(let base, let components):
      set("keyPath", [
        "base": base?.json ?? .null,
        "components": .array(components.map { .object(["name": .string($0.name), "range": $0.range.json]) }),
      ])
    case .subscripted(let base, let index):
      let indexJSON: JSONValue
      switch index {
      case .first: indexJSON = .object(["kind": "symbol", "name": "FIRST"])
      case .last: indexJSON = .object(["kind": "symbol", "name": "LAST"])
      case .size: indexJSON = .object(["kind": "symbol", "name": "SIZE"])
      case .expression(let inner): indexJSON = inner.json
      }
      set("subscript", ["base": base.json, "index": indexJSON])
    case .array(let elements): set("array", ["elements": .array(elements.map(\.json))])
    case .arithmetic(let op, let left, let right):
      set("arithmetic", ["operator": .string(op.rawValue), "left": left.json, "right": right.json])
    case .negation(let operand): set("negation", ["operand": operand.json])
    case .setOperation(let op, let left, let right):
      set("setOperation", ["operator": .string(op.rawValue), "left": left.json, "right": right.json])
    case .assignment(let variable, let value):
      set("assignment", ["variable": .string(variable), "value": value.json])
    case .functionCall(let name, let arguments):
      set("functionCall", ["name": .string(name), "arguments": .array(arguments.map(\.json))])
    case .function(let receiver, let selector, let arguments):
      set("function", ["receiver": receiver.json, "selector": selector.json, "arguments": .array(arguments.map(\.json))])
    case .subquery(let collection, let variable, let variableRange, let predicate):
      set("subquery", [
        "collection": collection.json, "variable": .string(variable), "variableRange": variableRange.json,
        "predicate": predicate.json,
      ])
    case .ternary(let condition, let then, let otherwise):
      set("ternary", ["condition": condition.json, "then": then.json, "else": otherwise.json])
    case .cast(let value, let type): set("cast", ["value": value.json, "type": type.json])
    case .fetch(let arguments): set("fetch", ["arguments": .array(arguments.map(\.json))])
    }
    return .object(members)
  }
}


extension SyntaxDiagnostic {
  /// The diagnostic as JSON, positions given both as bytes and as 1-based line:column of `source`.
  public func json(in source: SourceText) -> JSONValue {
    let start = source.position(of: range.start)
    let end = source.position(of: range.end)
    return .object([
      "id": .string(id.rawValue),
      "severity": .string(severity.rawValue),
      "message": .string(message),
      "range": range.json,
      "line": .integer(Int64(start.line)),
      "column": .integer(Int64(start.column)),
      "endLine": .integer(Int64(end.line)),
      "endColumn": .integer(Int64(end.column)),
      "fixes": .array(fixIts.map { fix in
        .object([
          "title": .string(fix.title),
          "applicability": .string(fix.applicability.rawValue),
          "edits": .array(fix.edits.map { .object(["range": $0.range.json, "replacement": .string($0.replacement)]) }),
        ])
      }),
    ])
  }
}

import SharelintBase

/// The tree as JSON, for `sharelint rule parse --json`: every node is an object with a `kind` and a
/// `range` (`{"start": byte, "end": byte}`, UTF-8 offsets into the predicate text, end exclusive).
///
/// `json` builds the whole value; `SyntaxTreeJSON.write` and `TreeOutline.render(_:)` write the same
/// text one node at a time, without holding a value per node (some 500 bytes each) for the whole tree.
extension PredicateNode {
  /// The node and its children as JSON.
  public var json: JSONValue { jsonObject { $0.json } }

  /// The node's JSON object, each child node's value given by `child`.
  func jsonObject(child: (SyntaxTreeNode) -> JSONValue) -> JSONValue {
    var members: [String: JSONValue] = ["range": range.json]
    switch kind {
    case .constant(let value):
      members["kind"] = .string(value ? "truePredicate" : "falsePredicate")
    case .and(let operands):
      members["kind"] = .string("and")
      members["operands"] = child(.predicates(operands))
    case .or(let operands):
      members["kind"] = .string("or")
      members["operands"] = child(.predicates(operands))
    case .not(let operand):
      members["kind"] = .string("not")
      members["operand"] = child(.predicate(operand))
    case .comparison(let comparison):
      members["kind"] = .string("comparison")
      members["modifier"] = comparison.modifier == .direct ? .null : .string(comparison.modifier.rawValue)
      members["operator"] = .string(comparison.operator.rawValue)
      members["operatorRange"] = comparison.operatorRange.json
      members["options"] = .string(comparison.options.letters)
      members["left"] = child(.expression(comparison.left))
      members["right"] = child(.expression(comparison.right))
    }
    return .object(members)
  }
}

extension ExpressionNode {
  /// The node and its children as JSON.
  public var json: JSONValue { jsonObject { $0.json } }

  /// The node's JSON object, each child node's value given by `child`.
  func jsonObject(child childValue: (SyntaxTreeNode) -> JSONValue) -> JSONValue {
    func child(_ expression: ExpressionNode) -> JSONValue { childValue(.expression(expression)) }
    func child(_ predicate: PredicateNode) -> JSONValue { childValue(.predicate(predicate)) }
    func child(_ expressions: [ExpressionNode]) -> JSONValue {
      expressions.isEmpty ? .array([]) : childValue(.expressions(expressions))
    }
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
        "base": base.map(child) ?? .null,
        "components": childValue(.components(components)),
      ])
    case .subscripted(let base, let index):
      let indexJSON: JSONValue
      switch index {
      case .first: indexJSON = .object(["kind": "symbol", "name": "FIRST"])
      case .last: indexJSON = .object(["kind": "symbol", "name": "LAST"])
      case .size: indexJSON = .object(["kind": "symbol", "name": "SIZE"])
      case .expression(let inner): indexJSON = child(inner)
      }
      set("subscript", ["base": child(base), "index": indexJSON])
    case .array(let elements): set("array", ["elements": child(elements)])
    case .arithmetic(let op, let left, let right):
      set("arithmetic", ["operator": .string(op.rawValue), "left": child(left), "right": child(right)])
    case .negation(let operand): set("negation", ["operand": child(operand)])
    case .setOperation(let op, let left, let right):
      set("setOperation", ["operator": .string(op.rawValue), "left": child(left), "right": child(right)])
    case .assignment(let variable, let value):
      set("assignment", ["variable": .string(variable), "value": child(value)])
    case .functionCall(let name, let arguments):
      set("functionCall", ["name": .string(name), "arguments": child(arguments)])
    case .function(let receiver, let selector, let arguments):
      set("function", ["receiver": child(receiver), "selector": child(selector), "arguments": child(arguments)])
    case .subquery(let collection, let variable, let variableRange, let predicate):
      set("subquery", [
        "collection": child(collection), "variable": .string(variable), "variableRange": variableRange.json,
        "predicate": child(predicate),
      ])
    case .ternary(let condition, let then, let otherwise):
      set("ternary", ["condition": child(condition), "then": child(then), "else": child(otherwise)])
    case .cast(let value, let type): set("cast", ["value": child(value), "type": child(type)])
    case .fetch(let arguments): set("fetch", ["arguments": child(arguments)])
    }
    return .object(members)
  }
}

/// What the JSON writers walk: a node of the tree, or a list of them (an AND's operands, an array's
/// elements, a key path's keys), so that a list of any length stands in its parent as one marker.
enum SyntaxTreeNode {
  case predicate(PredicateNode)
  case expression(ExpressionNode)
  case predicates([PredicateNode])
  case expressions([ExpressionNode])
  case components([KeyPathComponent])

  /// The node and its children as JSON.
  var json: JSONValue {
    switch self {
    case .predicate(let predicate): predicate.json
    case .expression(let expression): expression.json
    case .predicates(let predicates): .array(predicates.map(\.json))
    case .expressions(let expressions): .array(expressions.map(\.json))
    case .components(let components): .array(components.map(Self.json))
    }
  }

  /// A key of a key path as JSON.
  static func json(_ component: KeyPathComponent) -> JSONValue {
    .object(["name": .string(component.name), "range": component.range.json])
  }

  /// The node's JSON object, each child node's value given by `child`; a list's JSON array.
  func jsonObject(child: (SyntaxTreeNode) -> JSONValue) -> JSONValue {
    switch self {
    case .predicate(let predicate): predicate.jsonObject(child: child)
    case .expression(let expression): expression.jsonObject(child: child)
    case .predicates, .expressions, .components: json
    }
  }

  /// The node's own JSON object, each child standing as a marker (`SyntaxTreeJSON.marker`) for its
  /// index in `children`.
  func shallowJSON(children: inout [SyntaxTreeNode]) -> JSONValue {
    jsonObject { child in
      children.append(child)
      return SyntaxTreeJSON.marker(children.count - 1)
    }
  }
}

/// Writing the tree's JSON (`PredicateNode.json`, as `JSONValue.write` lays it out) one node at a time:
/// the text of a 1 MiB predicate's tree is some 100 MB, its `JSONValue` several times that. Recursion
/// follows the tree, whose height the parser bounds.
public enum SyntaxTreeJSON {
  /// Appends the JSON text of `predicate`'s tree to `output`, exactly as
  /// `predicate.json.write(into: &output, pretty: pretty)` would.
  public static func write(_ predicate: PredicateNode, into output: inout String, pretty: Bool = false) {
    write(.predicate(predicate), into: &output, pretty: pretty, level: 0) { _ in }
  }

  /// Writes the same text to `sink` in pieces of some 64 KiB, so that the whole text is never held.
  public static func write(_ predicate: PredicateNode, pretty: Bool = false, to sink: (String) -> Void) {
    var output = ""
    write(.predicate(predicate), into: &output, pretty: pretty, level: 0) { output in
      guard output.utf8.count >= 1 << 16 else { return }
      sink(output)
      output = ""
    }
    sink(output)
  }

  /// The key of a marker object; no node's JSON has it.
  static let markerKey = "\u{1}child"

  /// A stand-in for the child at `index`.
  static func marker(_ index: Int) -> JSONValue { .object([markerKey: .integer(Int64(index))]) }

  /// The child index `value` stands for, when it is a marker.
  static func markerIndex(_ value: JSONValue) -> Int? {
    guard case .object(let members) = value, members.count == 1, case .integer(let index) = members[markerKey]
    else { return nil }
    return Int(index)
  }

  /// Writes `node` at `level`; `flush` may take what `output` holds after each element of a list.
  static func write(
    _ node: SyntaxTreeNode, into output: inout String, pretty: Bool, level: Int, flush: (inout String) -> Void
  ) {
    switch node {
    case .predicate, .expression:
      var children: [SyntaxTreeNode] = []
      let object = node.shallowJSON(children: &children)
      write(object, children: children, into: &output, pretty: pretty, level: level, flush: flush)
    case .predicates(let list):
      writeList(list.count, into: &output, pretty: pretty, level: level, flush: flush) { index, output in
        write(.predicate(list[index]), into: &output, pretty: pretty, level: level + 1, flush: flush)
      }
    case .expressions(let list):
      writeList(list.count, into: &output, pretty: pretty, level: level, flush: flush) { index, output in
        write(.expression(list[index]), into: &output, pretty: pretty, level: level + 1, flush: flush)
      }
    case .components(let list):
      writeList(list.count, into: &output, pretty: pretty, level: level, flush: flush) { index, output in
        SyntaxTreeNode.json(list[index]).write(into: &output, pretty: pretty, level: level + 1)
      }
    }
  }

  /// A JSON array of `count` elements laid out as `JSONValue.write` does, each written by `element`.
  static func writeList(
    _ count: Int, into output: inout String, pretty: Bool, level: Int, flush: (inout String) -> Void,
    element: (Int, inout String) -> Void
  ) {
    guard count > 0 else {
      output += "[]"
      return
    }
    output += "["
    for index in 0..<count {
      if index > 0 { output += "," }
      if pretty { output += "\n" + String(repeating: "  ", count: level + 1) }
      element(index, &output)
      flush(&output)
    }
    if pretty { output += "\n" + String(repeating: "  ", count: level) }
    output += "]"
  }

  /// `value` laid out as `JSONValue.write` does, each marker replaced by its child's JSON.
  static func write(
    _ value: JSONValue, children: [SyntaxTreeNode], into output: inout String, pretty: Bool, level: Int,
    flush: (inout String) -> Void
  ) {
    if let index = markerIndex(value) {
      write(children[index], into: &output, pretty: pretty, level: level, flush: flush)
      return
    }
    switch value {
    case .array(let elements) where !elements.isEmpty:
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: "  ", count: level + 1) }
        write(element, children: children, into: &output, pretty: pretty, level: level + 1, flush: flush)
      }
      if pretty { output += "\n" + String(repeating: "  ", count: level) }
      output += "]"
    case .object(let members) where !members.isEmpty:
      output += "{"
      for (position, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
        if position > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: "  ", count: level + 1) }
        JSONValue.writeString(key, into: &output)
        output += pretty ? ": " : ":"
        write(members[key]!, children: children, into: &output, pretty: pretty, level: level + 1, flush: flush)
      }
      if pretty { output += "\n" + String(repeating: "  ", count: level) }
      output += "}"
    default:
      value.write(into: &output, pretty: pretty, level: level)
    }
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

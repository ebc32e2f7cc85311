/// An indented outline of a syntax tree's JSON, for reading at a terminal:
///
/// ```
/// comparison [0..<75] modifier=ANY operator=UTI-CONFORMS-TO
///   left: keyPath [4..<41]
///     base: variable [4..<15] name=attachment
///   right: constant [58..<75] type=string value="public.image"
/// ```
import SharelintBase

public enum TreeOutline {
  /// The outline of `node` (a value produced by `PredicateNode.json`), one node a line.
  public static func render(_ node: JSONValue) -> String {
    var output = ""
    write(node, label: nil, level: 0, into: &output) { _, _, _, _ in }
    return output
  }

  /// The outline of `predicate`'s tree, the same as `render(predicate.json)`, written one node at a
  /// time (see `SyntaxTreeJSON`). Recursion follows the tree, whose height the parser bounds.
  public static func render(_ predicate: PredicateNode) -> String {
    var output = ""
    write(.predicate(predicate), label: nil, level: 0, into: &output)
    return output
  }

  private static func write(_ node: SyntaxTreeNode, label: String?, level: Int, into output: inout String) {
    switch node {
    case .predicates(let list):
      for predicate in list { write(.predicate(predicate), label: label, level: level, into: &output) }
      return
    case .expressions(let list):
      for expression in list { write(.expression(expression), label: label, level: level, into: &output) }
      return
    case .components(let list):
      for component in list {
        write(SyntaxTreeNode.json(component), label: label, level: level, into: &output) { _, _, _, _ in }
      }
      return
    case .predicate, .expression:
      break
    }
    var children: [SyntaxTreeNode] = []
    let object = node.shallowJSON(children: &children)
    write(object, label: label, level: level, into: &output) { index, label, level, output in
      write(children[index], label: label, level: level, into: &output)
    }
  }

  /// Writes `node`; a marker (`SyntaxTreeJSON.marker`) is written by `child`.
  private static func write(
    _ node: JSONValue, label: String?, level: Int, into output: inout String,
    child: (Int, String?, Int, inout String) -> Void
  ) {
    if let index = SyntaxTreeJSON.markerIndex(node) {
      child(index, label, level, &output)
      return
    }
    let indent = String(repeating: "  ", count: level)
    guard case .object(let members) = node else {
      if case .array(let elements) = node {
        for element in elements { write(element, label: label, level: level, into: &output, child: child) }
      }
      return
    }
    var line = indent + (label.map { $0 + ": " } ?? "")
    if case .string(let kind) = members["kind"] { line += kind }
    if case .object(let range) = members["range"], case .integer(let start) = range["start"],
      case .integer(let end) = range["end"]
    {
      line += " [\(start)..<\(end)]"
    }
    var children: [(String, JSONValue)] = []
    for key in members.keys.sorted() where key != "kind" && key != "range" && !key.hasSuffix("Range") {
      let value = members[key]!
      switch value {
      case .object(let inner) where inner["kind"] != nil || SyntaxTreeJSON.markerIndex(value) != nil:
        children.append((key, value))
      case .array(let elements) where elements.contains { if case .object = $0 { return true } else { return false } }:
        children.append((key, value))
      case .null: continue
      case .string(let text) where text.isEmpty: continue
      default: line += " \(key)=\(value.serialized())"
      }
    }
    output += line + "\n"
    for (key, value) in children { write(value, label: key, level: level + 1, into: &output, child: child) }
  }
}

/// Prints a tree back as a format string, in canonical form.
///
/// - `compact`: one line, upper-case keywords, `==`/`!=`/`<=`/`>=`, double-quoted strings,
///   the fewest parentheses that keep the tree, but always explicit parentheses around an AND inside
///   an OR (and around nested `**`, and around a negation used as an operand) so that readers and
///   implementations with other precedence rules read the same meaning.
/// - `pretty`: the same tokens over several lines, SUBQUERY arguments indented as in Apple's
///   documentation; anything short and SUBQUERY-free stays on one line.
///
/// Parsing the output gives the same tree (ranges aside), so formatting is idempotent. Printing
/// recurses along the tree, whose height the parser bounds (`PredicateParser.maximumNesting`), and
/// takes time linear in the tree's size in both styles.
public struct PredicatePrinter: Sendable {
  /// The layout.
  public enum Style: Sendable {
    case compact
    case pretty
  }

  /// The layout used.
  public var style: Style
  /// The indentation unit of `pretty`.
  public var indentUnit: String
  /// `pretty` keeps a compound predicate on one line when it is no longer than this.
  public var lineWidth: Int
  /// When set, printing stops once the output is longer than this many bytes: `fitsOnOneLine` needs
  /// no more, and printing each subtree whole would take the tree's size times its height.
  private var outputLimit: Int?

  /// A printer in `style`.
  public init(style: Style = .compact, indentUnit: String = "    ", lineWidth: Int = 80) {
    self.style = style
    self.indentUnit = indentUnit
    self.lineWidth = lineWidth
  }

  /// The canonical text of `predicate`.
  public func print(_ predicate: PredicateNode) -> String {
    var output = ""
    write(predicate, indent: 0, into: &output)
    return output
  }

  /// The canonical text of `expression`.
  public func print(_ expression: ExpressionNode) -> String {
    var output = ""
    write(expression, indent: 0, into: &output)
    return output
  }

  // MARK: - Predicates

  private func write(_ predicate: PredicateNode, indent: Int, into output: inout String) {
    if let outputLimit, output.utf8.count > outputLimit { return }
    switch predicate.kind {
    case .constant(let value):
      output += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
    case .and(let operands), .or(let operands):
      let isAnd: Bool
      if case .and = predicate.kind { isAnd = true } else { isAnd = false }
      let multiline = style == .pretty && !fitsOnOneLine(predicate)
      for (position, operand) in operands.enumerated() {
        if let outputLimit, output.utf8.count > outputLimit { return }
        if position > 0 {
          if multiline {
            output += "\n" + indentation(indent) + (isAnd ? "AND " : "OR ")
          } else {
            output += isAnd ? " AND " : " OR "
          }
        }
        writeOperand(operand, needsParentheses: isCompound(operand), indent: indent, into: &output)
      }
    case .not(let operand):
      output += "NOT "
      writeOperand(operand, needsParentheses: isCompound(operand), indent: indent, into: &output)
    case .comparison(let comparison):
      if comparison.modifier != .direct { output += comparison.modifier.rawValue + " " }
      write(comparison.left, indent: indent, into: &output)
      output += " " + comparison.operator.rawValue
      if !comparison.options.isEmpty { output += "[" + comparison.options.letters + "]" }
      output += " "
      write(comparison.right, indent: indent, into: &output)
    }
  }

  private func isCompound(_ predicate: PredicateNode) -> Bool {
    switch predicate.kind {
    case .and, .or: return true
    default: return false
    }
  }

  private func writeOperand(_ operand: PredicateNode, needsParentheses: Bool, indent: Int, into output: inout String) {
    guard needsParentheses else {
      write(operand, indent: indent, into: &output)
      return
    }
    if style == .pretty && !fitsOnOneLine(operand) {
      output += "(\n" + indentation(indent + 1)
      write(operand, indent: indent + 1, into: &output)
      output += "\n" + indentation(indent) + ")"
    } else {
      output += "("
      write(operand, indent: indent, into: &output)
      output += ")"
    }
  }

  private func fitsOnOneLine(_ predicate: PredicateNode) -> Bool {
    var measuring = PredicatePrinter(style: .compact)
    measuring.outputLimit = lineWidth
    let compact = measuring.print(predicate)
    return compact.utf8.count <= lineWidth && !compact.contains("SUBQUERY(")
  }

  /// How many levels `pretty` indents at most: past it, deeper levels line up with the last, so the
  /// output stays linear in the tree's size (and under the parser's length bound) however deep it is.
  static let maximumIndentation = 16

  private func indentation(_ level: Int) -> String {
    String(repeating: indentUnit, count: min(level, PredicatePrinter.maximumIndentation))
  }

  // MARK: - Expressions

  /// Binding strength: assignment 0, set operations 1, + - 2, * / 3, ** 4, negation 5, the rest 6.
  private func precedence(_ expression: ExpressionNode) -> Int {
    switch expression.kind {
    case .assignment: return 0
    case .setOperation: return 1
    case .arithmetic(let op, _, _):
      switch op {
      case .add, .subtract: return 2
      case .multiply, .divide: return 3
      case .power: return 4
      }
    case .negation: return 5
    default: return 6
    }
  }

  private func isPower(_ expression: ExpressionNode) -> Bool {
    if case .arithmetic(.power, _, _) = expression.kind { return true }
    return false
  }

  private func isNegation(_ expression: ExpressionNode) -> Bool {
    if case .negation = expression.kind { return true }
    return false
  }

  private func write(_ expression: ExpressionNode, indent: Int, into output: inout String) {
    if let outputLimit, output.utf8.count > outputLimit { return }
    switch expression.kind {
    case .constant(.string(let text)) where outputLimit.map { text.utf8.count > $0 } ?? false:
      // Longer than the limit by itself: the line cannot fit, whatever the literal's escapes.
      output += String(repeating: "\"", count: (outputLimit ?? 0) + 1)
    case .constant(let constant):
      output += PredicatePrinter.literal(constant)
    case .evaluatedObject:
      output += "SELF"
    case .variable(let name):
      output += "$" + name
    case .placeholder(let text):
      output += text
    case .anyKey:
      output += "ANYKEY"
    case .keyPath(let base, let components):
      if let base {
        writeWrapped(base, when: precedence(base) < 6, indent: indent, into: &output)
        output += "."
      }
      for (position, component) in components.enumerated() {
        if let outputLimit, output.utf8.count > outputLimit { break }
        if position > 0 { output += "." }
        output += PredicatePrinter.key(component.name)
      }
    case .subscripted(let base, let index):
      writeWrapped(base, when: precedence(base) < 6, indent: indent, into: &output)
      output += "["
      switch index {
      case .first: output += "FIRST"
      case .last: output += "LAST"
      case .size: output += "SIZE"
      case .expression(let inner): write(inner, indent: indent, into: &output)
      }
      output += "]"
    case .array(let elements):
      output += "{"
      writeList(elements, indent: indent, into: &output)
      output += "}"
    case .arithmetic(let op, let left, let right):
      let own = precedence(expression)
      let leftNeeds = precedence(left) < own || isNegation(left) || (op == .power && isPower(left))
      let rightNeeds = precedence(right) <= own || isNegation(right)
      writeWrapped(left, when: leftNeeds, indent: indent, into: &output)
      output += " " + op.rawValue + " "
      writeWrapped(right, when: rightNeeds, indent: indent, into: &output)
    case .negation(let operand):
      output += "-"
      writeWrapped(operand, when: precedence(operand) < 6, indent: indent, into: &output)
    case .setOperation(let op, let left, let right):
      writeWrapped(left, when: precedence(left) < 1 || isNegation(left), indent: indent, into: &output)
      output += " " + op.rawValue + " "
      writeWrapped(right, when: precedence(right) <= 1 || isNegation(right), indent: indent, into: &output)
    case .assignment(let variable, let value):
      output += "$" + variable + " := "
      write(value, indent: indent, into: &output)
    case .functionCall(let name, let arguments):
      output += name + "("
      writeList(arguments, indent: indent, into: &output)
      output += ")"
    case .function(let receiver, let selector, let arguments):
      output += "FUNCTION("
      writeList([receiver, selector] + arguments, indent: indent, into: &output)
      output += ")"
    case .subquery(let collection, let variable, _, let predicate):
      if style == .pretty {
        let inner = indentation(indent + 1)
        output += "SUBQUERY (\n" + inner
        write(collection, indent: indent + 1, into: &output)
        output += ",\n" + inner + "$" + variable + ",\n" + inner
        write(predicate, indent: indent + 1, into: &output)
        output += "\n" + indentation(indent) + ")"
      } else {
        output += "SUBQUERY("
        write(collection, indent: indent, into: &output)
        output += ", $" + variable + ", "
        write(predicate, indent: indent, into: &output)
        output += ")"
      }
    case .ternary(let condition, let then, let otherwise):
      output += "TERNARY("
      write(condition, indent: indent, into: &output)
      output += ", "
      writeList([then, otherwise], indent: indent, into: &output)
      output += ")"
    case .cast(let value, let type):
      output += "CAST("
      writeList([value, type], indent: indent, into: &output)
      output += ")"
    case .fetch(let arguments):
      output += "FETCH("
      writeList(arguments, indent: indent, into: &output)
      output += ")"
    }
  }

  private func writeWrapped(_ expression: ExpressionNode, when wrap: Bool, indent: Int, into output: inout String) {
    if wrap { output += "(" }
    write(expression, indent: indent, into: &output)
    if wrap { output += ")" }
  }

  private func writeList(_ expressions: [ExpressionNode], indent: Int, into output: inout String) {
    for (position, element) in expressions.enumerated() {
      if let outputLimit, output.utf8.count > outputLimit { return }
      if position > 0 { output += ", " }
      write(element, indent: indent, into: &output)
    }
  }

  // MARK: - Tokens

  /// A literal in canonical spelling: double-quoted strings, decimal integers, `TRUE`, `NULL`.
  public static func literal(_ constant: Constant) -> String {
    switch constant {
    case .string(let text): return quotedString(text)
    case .integer(let value): return String(value)
    case .real(let value): return String(describing: value)
    case .boolean(let value): return value ? "TRUE" : "FALSE"
    case .null: return "NULL"
    }
  }

  /// `text` as a double-quoted string literal with the escapes the lexer reads back.
  public static func quotedString(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\t": output += "\\t"
      case "\r": output += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          var hex = String(scalar.value, radix: 16)
          while hex.count < 4 { hex = "0" + hex }
          output += "\\u" + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }

  /// A key as written in a key path: `@count`, `name`, or `#AND` for a reserved word.
  public static func key(_ name: String) -> String {
    if name.hasPrefix("@") { return name }
    return Keyword(word: name) == nil ? name : "#" + name
  }
}

/// An expression: NSExpression's counterpart. Every node knows the bytes it was parsed from.
public struct Expression: Hashable, Sendable {
  /// The shapes an expression takes.
  public indirect enum Kind: Hashable, Sendable {
    /// A literal: string, number, boolean or null.
    case constant(Constant)
    /// `SELF`, the object being evaluated.
    case evaluatedObject
    /// `$name`.
    case variable(String)
    /// A key path: `a.b.@count` (`base` nil), or keys applied to another expression, `$x.a`.
    case keyPath(base: Expression?, components: [KeyPathComponent])
    /// `base[index]`, `base[FIRST]`, `base[LAST]`, `base[SIZE]`.
    case subscripted(base: Expression, index: SubscriptIndex)
    /// A format placeholder kept as written: `%@`, `%K`, `%d`.
    case placeholder(String)
    /// `{ a, b, … }`.
    case array([Expression])
    /// `ANYKEY`.
    case anyKey
    /// `left op right` for `+ - * / **`.
    case arithmetic(ArithmeticOperator, Expression, Expression)
    /// `-operand`.
    case negation(Expression)
    /// `left UNION|INTERSECT|MINUS right`.
    case setOperation(SetOperator, Expression, Expression)
    /// `$variable := value`.
    case assignment(variable: String, value: Expression)
    /// `name(arguments…)`, including selector-style names such as `modulus:by:`.
    case functionCall(name: String, arguments: [Expression])
    /// `FUNCTION(receiver, selector, arguments…)`.
    case function(receiver: Expression, selector: Expression, arguments: [Expression])
    /// `SUBQUERY(collection, $variable, predicate)`.
    case subquery(collection: Expression, variable: String, variableRange: ByteRange, predicate: Predicate)
    /// `TERNARY(condition, then, else)`.
    case ternary(condition: Predicate, then: Expression, else: Expression)
    /// `CAST(value, type)`.
    case cast(value: Expression, type: Expression)
    /// `FETCH(arguments…)`, Core Data's fetch expression.
    case fetch(arguments: [Expression])
  }

  /// The node's shape.
  public var kind: Kind
  /// The bytes it covers.
  public var range: ByteRange

  /// A node of `kind` covering `range`.
  public init(_ kind: Kind, range: ByteRange) {
    self.kind = kind
    self.range = range
  }
}

/// A literal value.
public enum Constant: Hashable, Sendable {
  /// A string literal's decoded text.
  case string(String)
  /// An integer literal.
  case integer(Int64)
  /// A decimal or exponent literal.
  case real(Double)
  /// `TRUE`/`YES` or `FALSE`/`NO`.
  case boolean(Bool)
  /// `NULL`/`NIL`.
  case null
}

/// One key of a key path, such as `registeredTypeIdentifiers` or `@count`.
public struct KeyPathComponent: Hashable, Sendable {
  /// The key; collection operators keep their `@`.
  public var name: String
  /// Where it is written (without the dot before it).
  public var range: ByteRange

  /// A key named `name` at `range`.
  public init(name: String, range: ByteRange) {
    self.name = name
    self.range = range
  }

  /// Whether the key is a collection operator or other `@` key.
  public var isAtKey: Bool { name.hasPrefix("@") }
}

/// What goes between the brackets of a subscript.
public enum SubscriptIndex: Hashable, Sendable {
  /// An index or key expression.
  case expression(Expression)
  /// `[FIRST]`.
  case first
  /// `[LAST]`.
  case last
  /// `[SIZE]`.
  case size
}

/// `+ - * / **`.
public enum ArithmeticOperator: String, Hashable, Sendable, CaseIterable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case power = "**"
}

/// `UNION`, `INTERSECT`, `MINUS`.
public enum SetOperator: String, Hashable, Sendable, CaseIterable {
  case union = "UNION"
  case intersect = "INTERSECT"
  case minus = "MINUS"
}

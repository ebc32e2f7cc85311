/// An expression: NSExpression's counterpart. Every node knows the bytes it was parsed from.
import SharelintBase

public struct ExpressionNode: Hashable, Sendable {
  /// The shapes an expression takes. Only the cases that hold a node inline are `indirect`: a
  /// constant, variable, array or call is stored in place, with no box to allocate and free.
  public enum Kind: Hashable, Sendable {
    /// A literal: string, number, boolean or null.
    case constant(Constant)
    /// `SELF`, the object being evaluated.
    case evaluatedObject
    /// `$name`.
    case variable(String)
    /// A key path: `a.b.@count` (`base` nil), or keys applied to another expression, `$x.a`.
    indirect case keyPath(base: ExpressionNode?, components: [KeyPathComponent])
    /// `base[index]`, `base[FIRST]`, `base[LAST]`, `base[SIZE]`.
    indirect case subscripted(base: ExpressionNode, index: SubscriptIndex)
    /// A format placeholder kept as written: `%@`, `%K`, `%d`.
    case placeholder(String)
    /// `{ a, b, … }`.
    case array([ExpressionNode])
    /// `ANYKEY`.
    case anyKey
    /// `left op right` for `+ - * / **`.
    indirect case arithmetic(ArithmeticOperator, ExpressionNode, ExpressionNode)
    /// `-operand`.
    indirect case negation(ExpressionNode)
    /// `left UNION|INTERSECT|MINUS right`.
    indirect case setOperation(SetOperator, ExpressionNode, ExpressionNode)
    /// `$variable := value`.
    indirect case assignment(variable: String, value: ExpressionNode)
    /// `name(arguments…)`, including selector-style names such as `modulus:by:`.
    case functionCall(name: String, arguments: [ExpressionNode])
    /// `FUNCTION(receiver, selector, arguments…)`.
    indirect case function(receiver: ExpressionNode, selector: ExpressionNode, arguments: [ExpressionNode])
    /// `SUBQUERY(collection, $variable, predicate)`.
    indirect case subquery(collection: ExpressionNode, variable: String, variableRange: ByteRange, predicate: PredicateNode)
    /// `TERNARY(condition, then, else)`.
    indirect case ternary(condition: PredicateNode, then: ExpressionNode, else: ExpressionNode)
    /// `CAST(value, type)`.
    indirect case cast(value: ExpressionNode, type: ExpressionNode)
    /// `FETCH(arguments…)`, Core Data's fetch expression.
    case fetch(arguments: [ExpressionNode])
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

  /// Whether the key is the format placeholder `%K` (as in `%K.%K BEGINSWITH 'a'`), to be substituted before
  /// evaluation; no other key starts with `%`.
  public var isPlaceholder: Bool { name.utf8.first == UInt8(ascii: "%") }
}

/// What goes between the brackets of a subscript.
public enum SubscriptIndex: Hashable, Sendable {
  /// An index or key expression.
  case expression(ExpressionNode)
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

  /// The operator `word` spells, ASCII case-insensitively (these words are not reserved).
  public init?(word: String) {
    if Keyword.spells(word, "UNION") {
      self = .union
    } else if Keyword.spells(word, "INTERSECT") {
      self = .intersect
    } else if Keyword.spells(word, "MINUS") {
      self = .minus
    } else {
      return nil
    }
  }
}

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
  public var kind: Kind {
    didSet { storedHeight = Self.height(of: kind) }
  }
  /// `height`, kept beside `kind` where it costs no space (it fits the padding after the kind).
  private var storedHeight: Int32
  /// The bytes it covers.
  public var range: ByteRange

  /// A node of `kind` covering `range`.
  public init(_ kind: Kind, range: ByteRange) {
    self.kind = kind
    self.storedHeight = Self.height(of: kind)
    self.range = range
  }

  /// How many levels of nodes this tree has, itself included: 1 for a constant or a key path
  /// without base, one more than its deepest child otherwise. The parser builds no tree higher than
  /// `PredicateParser.maximumNesting`, so walks that recurse along the tree stay within a known depth.
  public var height: Int { Int(storedHeight) }

  /// The height of a node of `kind`, from its children's (saturating: trees built in code may be higher
  /// than any parse).
  static func height(of kind: Kind) -> Int32 {
    var highest: Int32 = 0
    func include(_ child: ExpressionNode) { highest = max(highest, child.storedHeight) }
    func include(_ child: PredicateNode) { highest = max(highest, Int32(clamping: child.height)) }
    switch kind {
    case .constant, .evaluatedObject, .variable, .placeholder, .anyKey:
      break
    case .keyPath(let base, _):
      if let base { include(base) }
    case .subscripted(let base, let index):
      include(base)
      if case .expression(let inner) = index { include(inner) }
    case .array(let elements), .functionCall(_, let elements), .fetch(let elements):
      for element in elements { include(element) }
    case .arithmetic(_, let left, let right), .setOperation(_, let left, let right), .cast(let left, let right):
      include(left)
      include(right)
    case .negation(let operand), .assignment(_, let operand):
      include(operand)
    case .function(let receiver, let selector, let arguments):
      include(receiver)
      include(selector)
      for argument in arguments { include(argument) }
    case .subquery(let collection, _, _, let predicate):
      include(collection)
      include(predicate)
    case .ternary(let condition, let then, let otherwise):
      include(condition)
      include(then)
      include(otherwise)
    }
    return highest == .max ? highest : highest + 1
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

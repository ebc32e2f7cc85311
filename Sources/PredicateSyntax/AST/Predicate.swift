/// A predicate: the boolean part of the language. Every node knows the bytes it was parsed from.
///
/// Structural equality that ignores ranges is `isStructurallyEqual(to:)`; `==` compares ranges too.
import SharelintBase

public struct PredicateNode: Hashable, Sendable {
  /// The shapes a predicate takes. Only `not` and `comparison` hold nodes inline, so only they are
  /// `indirect`: constants and chains are stored in place, with no box to allocate and free.
  public enum Kind: Hashable, Sendable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    /// Operands joined by `AND`/`&&`; a chain `a AND b AND c` is one node with three operands.
    case and([PredicateNode])
    /// Operands joined by `OR`/`||`.
    case or([PredicateNode])
    /// `NOT p` or `!p`.
    indirect case not(PredicateNode)
    /// `[modifier] expression operator[options] expression`.
    indirect case comparison(Comparison)
  }

  /// The node's shape.
  public var kind: Kind {
    didSet { storedHeight = Self.height(of: kind) }
  }
  /// `height`, kept beside `kind` where it costs no space.
  private var storedHeight: Int32
  /// The bytes it covers, parentheses included when it was written inside some.
  public var range: ByteRange

  /// A node of `kind` covering `range`.
  public init(_ kind: Kind, range: ByteRange) {
    self.kind = kind
    self.storedHeight = Self.height(of: kind)
    self.range = range
  }

  /// How many levels of nodes this tree has, itself included, expressions counted: 1 for
  /// `TRUEPREDICATE`, 2 for `a == 1` (the comparison, then its operands). The parser builds no tree
  /// higher than `PredicateParser.maximumNesting`.
  public var height: Int { Int(storedHeight) }

  /// The height of a node of `kind`, from its children's (saturating).
  static func height(of kind: Kind) -> Int32 {
    var highest: Int32 = 0
    switch kind {
    case .constant:
      break
    case .and(let operands), .or(let operands):
      for operand in operands { highest = max(highest, operand.storedHeight) }
    case .not(let operand):
      highest = operand.storedHeight
    case .comparison(let comparison):
      highest = Int32(clamping: max(comparison.left.height, comparison.right.height))
    }
    return highest == .max ? highest : highest + 1
  }
}

/// A comparison predicate, NSComparisonPredicate's counterpart.
public struct Comparison: Hashable, Sendable {
  /// `ANY`/`SOME`, `ALL`, `NONE`, or none at all (`direct`). `SOME` is read as `ANY`: they are synonyms.
  public enum Modifier: String, Hashable, Sendable, CaseIterable {
    case direct = ""
    case any = "ANY"
    case all = "ALL"
    case none = "NONE"
  }

  /// The comparison operators, under their canonical spelling.
  public enum Operator: String, Hashable, Sendable, CaseIterable {
    case equalTo = "=="
    case notEqualTo = "!="
    case lessThan = "<"
    case lessThanOrEqualTo = "<="
    case greaterThan = ">"
    case greaterThanOrEqualTo = ">="
    case between = "BETWEEN"
    case `in` = "IN"
    case contains = "CONTAINS"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case like = "LIKE"
    case matches = "MATCHES"
    case utiConformsTo = "UTI-CONFORMS-TO"
    case utiEquals = "UTI-EQUALS"
  }

  /// The `[cdnl]` options written after the operator.
  public struct Options: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `c`: case-insensitive.
    public static let caseInsensitive = Options(rawValue: 1 << 0)
    /// `d`: diacritic-insensitive.
    public static let diacriticInsensitive = Options(rawValue: 1 << 1)
    /// `n`: normalized (the operands are already folded).
    public static let normalized = Options(rawValue: 1 << 2)
    /// `l`: locale-sensitive.
    public static let localeSensitive = Options(rawValue: 1 << 3)

    /// The option letters in canonical order, `cdnl`.
    public var letters: String {
      var text = ""
      if contains(.caseInsensitive) { text += "c" }
      if contains(.diacriticInsensitive) { text += "d" }
      if contains(.normalized) { text += "n" }
      if contains(.localeSensitive) { text += "l" }
      return text
    }

    /// The option a letter stands for, case-insensitively.
    public static func option(forLetter letter: UInt8) -> Options? {
      switch letter | 0x20 {
      case UInt8(ascii: "c"): return .caseInsensitive
      case UInt8(ascii: "d"): return .diacriticInsensitive
      case UInt8(ascii: "n"): return .normalized
      case UInt8(ascii: "l"): return .localeSensitive
      default: return nil
      }
    }
  }

  /// The aggregate modifier.
  public var modifier: Modifier
  /// Where the modifier keyword is, when there is one.
  public var modifierRange: ByteRange?
  /// The operator.
  public var `operator`: Operator
  /// Where the operator is written, options included.
  public var operatorRange: ByteRange
  /// The options.
  public var options: Options
  /// The left operand.
  public var left: ExpressionNode
  /// The right operand.
  public var right: ExpressionNode

  /// A comparison `left operator right`.
  public init(
    modifier: Modifier = .direct, modifierRange: ByteRange? = nil, operator: Operator, operatorRange: ByteRange,
    options: Options = [], left: ExpressionNode, right: ExpressionNode
  ) {
    self.modifier = modifier
    self.modifierRange = modifierRange
    self.operator = `operator`
    self.operatorRange = operatorRange
    self.options = options
    self.left = left
    self.right = right
  }
}

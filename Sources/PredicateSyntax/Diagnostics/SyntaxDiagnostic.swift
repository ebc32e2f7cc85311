import SharelintBase

/// The stable identifiers of syntax errors. Scripts and tests key on these; never rename one.
public enum SyntaxDiagnosticID: String, Hashable, Sendable, CaseIterable {
  case emptyPredicate = "empty-predicate"
  case unexpectedCharacter = "unexpected-character"
  case typographicQuote = "typographic-quote"
  case unterminatedString = "unterminated-string"
  case invalidEscape = "invalid-escape"
  case invalidNumber = "invalid-number"
  case numberOutOfRange = "number-out-of-range"
  case invalidPlaceholder = "invalid-placeholder"
  case tripleEquals = "triple-equals"
  case unbalancedParenthesis = "unbalanced-parenthesis"
  case unbalancedBrace = "unbalanced-brace"
  case unbalancedBracket = "unbalanced-bracket"
  case expectedPredicate = "expected-predicate"
  case expectedExpression = "expected-expression"
  case expectedComparisonOperator = "expected-comparison-operator"
  case expectedToken = "expected-token"
  case invalidComparisonOption = "invalid-comparison-option"
  case subqueryVariableExpected = "subquery-variable-expected"
  case trailingInput = "trailing-input"
  case nestingTooDeep = "nesting-too-deep"
  case reservedWord = "reserved-word"
  case predicateTooLong = "predicate-too-long"
}

/// A problem in a predicate: a stable id, a message, the bytes it is about, notes and fix-its.
///
/// Messages follow STYLE.md: lowercase, no trailing period, source text quoted in '…'.
public struct SyntaxDiagnostic: Error, Hashable, Sendable {
  /// A secondary message pointing somewhere else, such as where an unterminated string began.
  public struct Note: Hashable, Sendable {
    /// What the note says.
    public var message: String
    /// Where it points.
    public var range: ByteRange

    /// A note saying `message` about `range`.
    public init(message: String, range: ByteRange) {
      self.message = message
      self.range = range
    }
  }

  /// The stable identifier.
  public var id: SyntaxDiagnosticID
  /// The one-line message.
  public var message: String
  /// The bytes the problem is about; empty when something is missing there.
  public var range: ByteRange
  /// How serious it is.
  public var severity: Severity
  /// A short label printed under the caret (`typographic quote`), if any.
  public var label: String?
  /// Secondary locations.
  public var notes: [Note]
  /// Suggested fixes.
  public var fixIts: [FixIt]

  /// A diagnostic; errors by default.
  public init(
    _ id: SyntaxDiagnosticID, _ message: String, at range: ByteRange, severity: Severity = .error,
    label: String? = nil, notes: [Note] = [], fixIts: [FixIt] = []
  ) {
    self.id = id
    self.message = message
    self.range = range
    self.severity = severity
    self.label = label
    self.notes = notes
    self.fixIts = fixIts
  }
}

extension CaretRenderer {
  /// Renders a syntax diagnostic found in `source`.
  public func render(_ diagnostic: SyntaxDiagnostic, in source: SourceText) -> String {
    var annotations = diagnostic.notes.map { Annotation(kind: "note", message: $0.message, range: $0.range) }
    annotations += diagnostic.fixIts.map { Annotation(kind: "help", message: $0.title) }
    return render(
      severity: diagnostic.severity, message: diagnostic.message, code: diagnostic.id.rawValue,
      range: diagnostic.range, label: diagnostic.label, annotations: annotations, in: source)
  }
}

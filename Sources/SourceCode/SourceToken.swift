import SharelintBase

/// The language a source file is lexed as, by its extension: Swift, or the C family (Objective-C, Objective-C++,
/// C), whose comments and literals one lexer reads.
public enum SourceLanguage: String, Sendable, CaseIterable {
  /// `.swift`.
  case swift
  /// `.m`, `.mm`, `.c`, `.h`: Objective-C and the C it is built on.
  case objectiveC = "objective-c"

  /// The language of the file at `path`, or nil when it is no Swift or C-family source.
  public init?(path: String) {
    let name = PathText.lastComponent(of: path).lowercased()
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    switch name[name.index(after: dot)...] {
    case "swift": self = .swift
    case "m", "mm", "c", "h": self = .objectiveC
    default: return nil
    }
  }
}

/// One token of a source file: what the rules look at (identifiers, string literals, punctuation) with its byte
/// range. Comments and white space make no tokens.
public struct SourceToken: Hashable, Sendable {
  /// What the token is.
  public enum Kind: UInt8, Sendable {
    /// A name: `canOpenURL`, `IntuneMAMEnrollmentManager`, a keyword (`func`, `let`, `return`).
    case identifier
    /// A string literal without interpolation: Swift `"…"`, `"""…"""`, `#"…"#`; Objective-C `@"…"`; C `"…"`
    /// and `'…'`.
    case string
    /// A Swift string literal with `\(…)` in it; the tokens of the interpolated code follow it.
    case interpolatedString
    /// A number.
    case number
    /// One byte of punctuation or an operator: `.`, `(`, `[`, `:`, `=`…
    case punctuation
  }

  /// What the token is.
  public let kind: Kind
  /// Its bytes: for a string literal, from its first delimiter (`@`, `#` or the quote) to its last.
  public let range: ByteRange
  /// For a string literal, the bytes between its delimiters (escapes as written); empty otherwise.
  public let content: ByteRange

  /// A token of `kind` at `range`, with `content` for a string literal.
  public init(kind: Kind, range: ByteRange, content: ByteRange? = nil) {
    self.kind = kind
    self.range = range
    self.content = content ?? ByteRange.empty(at: range.start)
  }

  /// Whether it is a string literal (interpolated or not).
  public var isString: Bool { kind == .string || kind == .interpolatedString }
}

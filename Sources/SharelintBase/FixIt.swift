/// A suggested change: a title and non-overlapping edits, with how safe it is to apply unasked.
public struct FixIt: Hashable, Sendable {
  /// How much a fix can be trusted, as in ruff.
  public enum Applicability: String, Hashable, Sendable, CaseIterable {
    /// Keeps the meaning the author intended; `fix` applies it by default.
    case safe
    /// May change behaviour; applied only with `--unsafe`.
    case unsafe
    /// Shown to the user, never applied automatically.
    case displayOnly = "display-only"
  }

  /// What the fix does, in the imperative: "replace '”' with '\"'".
  public var title: String
  /// The edits, in any order, none overlapping another.
  public var edits: [TextEdit]
  /// How safe it is.
  public var applicability: Applicability

  /// A fix titled `title` made of `edits`.
  public init(title: String, edits: [TextEdit], applicability: Applicability) {
    self.title = title
    self.edits = edits
    self.applicability = applicability
  }
}

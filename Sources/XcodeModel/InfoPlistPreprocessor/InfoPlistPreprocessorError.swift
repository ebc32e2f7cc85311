import SharelintBase

/// Why an Info.plist could not be preprocessed, located in the file that caused it.
///
/// The message is lowercase without a trailing period, like every diagnostic of sharelint; `line`
/// and `column` are 1-based and absent only when no source position exists (a prefix header that
/// cannot be read).
public struct InfoPlistPreprocessorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, e.g. `invalid preprocessing directive '#foo'`.
  public var message: String
  /// The path of the file the error is in (the Info.plist, the prefix header or an included file).
  public var file: String
  /// The UTF-8 byte offset in `file`, when the error has a position.
  public var offset: Int?
  /// The 1-based line of `offset`.
  public var line: Int?
  /// The 1-based column of `offset`, counted in Unicode scalars as `SourceText.position(of:)` does.
  public var column: Int?

  /// An error at `offset` of `source` (line and column computed), or without position.
  public init(_ message: String, in source: SourceText, at offset: Int?) {
    self.message = message
    self.file = source.name
    self.offset = offset
    if let offset {
      let position = source.position(of: min(max(offset, 0), source.bytes.count))
      line = position.line
      column = position.column
    }
  }

  /// An error about `file` as a whole (it could not be read).
  public init(_ message: String, file: String) {
    self.message = message
    self.file = file
  }

  /// `file:line:column: error: message`, as compilers print it.
  public var description: String {
    if let line, let column { return "\(file):\(line):\(column): error: \(message)" }
    return "\(file): error: \(message)"
  }
}

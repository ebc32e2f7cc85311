import SharelintBase

/// Why a property list could not be read, edited or written: a one-line message, and when known the
/// byte offset it points at.
public struct PropertyListError: Error, CustomStringConvertible, Sendable, Hashable {
  /// The family of a failure, for callers that react differently to each.
  public enum Kind: String, Sendable, Hashable {
    /// The bytes are not well-formed XML (libxml2's verdict, or the scanner's).
    case malformedXML
    /// Well-formed XML that is not a property list (`<foo>`, a `<dict>` value without a key, `<integer>abc`).
    case invalidPropertyList
    /// Something sharelint refuses on purpose: UTF-16, entity declarations, entity references other
    /// than the predefined ones and character references.
    case unsupported
    /// The input is too large or nested too deeply.
    case limitExceeded
    /// A binary plist Foundation could not read or write.
    case invalidBinaryPropertyList
    /// An edit that cannot be made (a node without source positions, an index out of range…).
    case invalidEdit
    /// Reading or writing a file failed.
    case fileSystem
    /// The file is one sharelint never reads or writes for a repository (`RepositoryBoundary`): outside the
    /// linted folders, inside `.git`, in the system's folders, or no regular file.
    case outsideBoundary
    /// The file on disk changed since it was read; nothing was written.
    case fileChanged
    /// The repository boundary refuses to write the file (outside the linted folders, inside `.git`, in
    /// `/proc`…); nothing was written.
    case writeRefused
  }

  /// The family of the failure.
  public var kind: Kind
  /// A one-line, lowercase explanation without a trailing period.
  public var message: String
  /// The byte offset the message points at, when known (for a binary plist the message says it too).
  public var offset: Int?
  /// The 1-based line and column of `offset`, when known.
  public var position: SourceText.Position?
  /// The file name or `<stdin>`, when known.
  public var sourceName: String?

  /// An error of `kind` saying `message`, optionally located at byte `offset` of `source`.
  public init(_ kind: Kind, _ message: String, offset: Int? = nil, in source: SourceText? = nil) {
    self.kind = kind
    self.message = message
    self.offset = offset
    self.sourceName = source?.name
    if let offset, let source { position = source.position(of: offset) }
  }

  /// `name:line:column: message`, leaving out what is unknown.
  public var description: String {
    var prefix = ""
    if let sourceName { prefix += sourceName + ":" }
    if let position { prefix += "\(position.line):\(position.column):" }
    return prefix.isEmpty ? message : prefix + " " + message
  }

  /// This error placed in `source` (fills in the name and the line:column of `offset`).
  func located(in source: SourceText) -> PropertyListError {
    PropertyListError(kind, message, offset: offset, in: source)
  }
}

/// Why build settings could not be loaded: a malformed `.xcconfig` line, an include cycle, a
/// missing file or a malformed `-D` definition. The message is one line; `file` and `line` say where.
public struct BuildSettingsError: Error, CustomStringConvertible, Hashable, Sendable {
  /// The family of the failure.
  public enum Kind: String, Hashable, Sendable {
    /// A line of an `.xcconfig` file that is neither an assignment, a comment nor an include.
    case malformedLine
    /// An `#include` that leads back to a file being read.
    case includeCycle
    /// An `.xcconfig` file (given or `#include`d without `?`) that does not exist or cannot be read.
    case unreadableFile
    /// A `-D` definition that is not `NAME=VALUE` with a valid name.
    case invalidDefinition
  }

  /// The family of the failure.
  public var kind: Kind
  /// A lowercase, one-line explanation without a trailing period.
  public var message: String
  /// The file the problem is in, when there is one.
  public var file: String?
  /// The 1-based line in `file`, when known.
  public var line: Int?

  /// An error of `kind` saying `message`, at `file`:`line` when given.
  public init(_ kind: Kind, _ message: String, file: String? = nil, line: Int? = nil) {
    self.kind = kind
    self.message = message
    self.file = file
    self.line = line
  }

  /// `file:line: message`, leaving out what is unknown.
  public var description: String {
    guard let file else { return message }
    guard let line else { return "\(file): \(message)" }
    return "\(file):\(line): \(message)"
  }
}

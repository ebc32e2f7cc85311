/// Why build settings could not be loaded (an unreadable `.xcconfig` file, a malformed `-D` definition), or
/// what Xcode would say about an `.xcconfig` it reads anyway (a malformed line, an include cycle, a missing
/// include). The message is one line; `file` and `line` say where.
public struct BuildSettingsError: Error, CustomStringConvertible, Hashable, Sendable {
  /// The family of the failure.
  public enum Kind: String, Hashable, Sendable {
    /// A line of an `.xcconfig` file that is neither an assignment, a comment nor an include.
    case malformedLine
    /// An `#include` that leads back to a file being read.
    case includeCycle
    /// An `.xcconfig` file (given or `#include`d without `?`) that does not exist, cannot be read, or is outside
    /// the folders sharelint may read.
    case unreadableFile
    /// A `-D` definition that is not `NAME=VALUE` with a valid name.
    case invalidDefinition
    /// An `#include` (without `?`) of a file found nowhere; the rest of the file still counts.
    case missingInclude
    /// An included file found only by ignoring case, as Xcode's case-insensitive disk would find it.
    case caseMismatch
    /// Repeated includes that would make more assignments than sharelint keeps.
    case tooManyAssignments
    /// An `#include` nested deeper than sharelint follows.
    case includeTooDeep
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

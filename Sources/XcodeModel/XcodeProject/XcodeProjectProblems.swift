/// Why an Xcode project, workspace or one of its settings could not be used: a malformed
/// `project.pbxproj`, an `.xcconfig` include cycle, settings that refer to themselves.
public struct XcodeProjectError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A lowercase, one-line explanation without a trailing period.
  public var message: String
  /// The file the problem is in.
  public var file: String
  /// The 1-based line, when known.
  public var line: Int?
  /// The 1-based column (in Unicode scalars), when known.
  public var column: Int?

  /// The error `message` in `file`, at `line`:`column` when known.
  public init(_ message: String, file: String, line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column: message`, leaving out what is unknown.
  public var description: String {
    var location = file
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    return "\(location): \(message)"
  }
}

/// Something worth knowing about a project that does not stop it being read: an `.xcconfig` the
/// repository lacks (CocoaPods' and Flutter's are generated), a project a workspace names but that
/// is missing, a base configuration outside the repository.
public struct XcodeProjectNote: Hashable, Sendable, CustomStringConvertible {
  /// A lowercase, one-line explanation without a trailing period.
  public var message: String
  /// The file the note is about or was found in, when there is one.
  public var file: String?
  /// The 1-based line in `file`, when known.
  public var line: Int?

  /// The note `message`, about `file`:`line` when given.
  public init(_ message: String, file: String? = nil, line: Int? = nil) {
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

/// Where a value of an XcodeGen spec was written: the spec file (as shown), 1-based line and column (in Unicode
/// scalars, as libyaml counts them).
struct XcodeGenLocation: Hashable, Sendable, CustomStringConvertible {
  var file: String
  var line: Int
  var column: Int

  /// `file:line:column`.
  var description: String { "\(file):\(line):\(column)" }

  /// An error located here.
  func error(_ message: String) -> XcodeProjectError {
    XcodeProjectError(message, file: file, line: line, column: column)
  }

  /// A note located here (notes carry no column).
  func note(_ message: String) -> XcodeProjectNote {
    XcodeProjectNote(message, file: file, line: line)
  }
}

/// A value of an XcodeGen spec, with where it was written: what YAML (or JSON) gives after anchors,
/// aliases and `<<` merge keys are expanded.
struct XcodeGenValue: Sendable {
  /// A scalar's text and the type YAML 1.1's implicit typing gives a plain scalar (quoted ones are strings).
  struct Scalar: Sendable {
    enum Kind: Sendable {
      case string
      case boolean(Bool)
      case integer(Int)
      case real(Double)
    }

    var text: String
    var kind: Kind
  }

  /// One `key: value` of a mapping.
  struct Entry: Sendable {
    var key: String
    var keyLocation: XcodeGenLocation
    var value: XcodeGenValue
  }

  enum Kind: Sendable {
    case scalar(Scalar)
    case sequence([XcodeGenValue])
    /// Entries in written order, each key once.
    case mapping([Entry])
  }

  var kind: Kind
  var location: XcodeGenLocation

  /// The entries, when the value is a mapping.
  var entries: [Entry]? {
    if case .mapping(let entries) = kind { return entries }
    return nil
  }

  /// The elements, when the value is a sequence.
  var elements: [XcodeGenValue]? {
    if case .sequence(let elements) = kind { return elements }
    return nil
  }

  /// The scalar, when the value is one.
  var scalar: Scalar? {
    if case .scalar(let scalar) = kind { return scalar }
    return nil
  }

  /// The value of `key`, when the value is a mapping that has it.
  subscript(key: String) -> XcodeGenValue? {
    entries?.last { $0.key == key }?.value
  }

  /// The entry of `key`, when the value is a mapping that has it.
  func entry(_ key: String) -> Entry? {
    entries?.last { $0.key == key }
  }

  /// The scalar's text (any scalar: `YES`, `15.0` and `name` alike).
  var string: String? { scalar?.text }

  /// A scalar's text, or a sequence of scalars' texts: what XcodeGen accepts where it takes "a string or a list".
  var strings: [String]? {
    if let text = string { return [text] }
    return elements?.compactMap(\.string)
  }

  /// A boolean the way XcodeGen reads one: a YAML boolean, or a string whose first letter says yes
  /// (`NSString.boolValue`: `Y`, `y`, `T`, `t` or a digit 1–9).
  var bool: Bool? {
    guard let scalar else { return nil }
    if case .boolean(let value) = scalar.kind { return value }
    let trimmed = scalar.text.drop { $0 == " " || $0 == "\t" || $0 == "+" || $0 == "-" || $0 == "0" }
    guard let first = trimmed.first else { return false }
    return "YyTt123456789".contains(first)
  }

  /// The value as a build setting's text, as XcodeGen writes it into the project: a boolean as
  /// `YES`/`NO`, a list joined with spaces, a number as Swift prints it (`15.0`, `1.1` for `1.10`).
  var buildSettingText: String? {
    if let elements {
      return elements.compactMap(\.buildSettingText).joined(separator: " ")
    }
    guard let scalar else { return nil }
    switch scalar.kind {
    case .boolean(let value): return value ? "YES" : "NO"
    case .integer(let value): return String(value)
    case .real(let value): return "\(value)"
    case .string: return scalar.text
    }
  }
}

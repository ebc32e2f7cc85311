/// Where a YAML value was written: the file (as shown), 1-based line and column (in Unicode scalars, as libyaml
/// counts them).
package struct YAMLLocation: Hashable, Sendable, CustomStringConvertible {
  package var file: String
  package var line: Int
  package var column: Int

  /// The place at `line`:`column` of `file`.
  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  package var description: String { "\(file):\(line):\(column)" }
}

/// A YAML (or JSON) value with where it was written: what a document gives after anchors, aliases and `<<` merge
/// keys are expanded. Mapping keys are strings.
package struct YAMLValue: Sendable {
  /// A scalar's text and the type YAML 1.1's implicit typing gives a plain scalar (quoted ones are strings).
  package struct Scalar: Sendable {
    package enum Kind: Sendable {
      case string
      case boolean(Bool)
      case integer(Int)
      case real(Double)
    }

    package var text: String
    package var kind: Kind
    /// Whether the scalar was written plain (not quoted, not a `|` or `>` block): only a plain `null`, `~` or
    /// nothing at all can mean null.
    package var isPlain: Bool

    /// A scalar of `text`, typed `kind`.
    package init(text: String, kind: Kind, isPlain: Bool = true) {
      self.text = text
      self.kind = kind
      self.isPlain = isPlain
    }

    /// The value, when YAML 1.1 types the scalar as a boolean (`true`, `yes`, `on`, `false`, …).
    package var boolean: Bool? {
      if case .boolean(let value) = kind { return value }
      return nil
    }

    /// The value, when YAML 1.1 types the scalar as an integer.
    package var integer: Int? {
      if case .integer(let value) = kind { return value }
      return nil
    }

    /// Whether a plain scalar says null: `null`, `Null`, `NULL`, `~` or nothing.
    package var isNull: Bool {
      isPlain && ["null", "Null", "NULL", "~", ""].contains(text)
    }
  }

  /// One `key: value` of a mapping.
  package struct Entry: Sendable {
    package var key: String
    package var keyLocation: YAMLLocation
    package var value: YAMLValue

    /// The entry `key: value`, its key written at `keyLocation`.
    package init(key: String, keyLocation: YAMLLocation, value: YAMLValue) {
      self.key = key
      self.keyLocation = keyLocation
      self.value = value
    }
  }

  package enum Kind: Sendable {
    case scalar(Scalar)
    case sequence([YAMLValue])
    /// Entries in written order, each key once.
    case mapping([Entry])
  }

  package var kind: Kind
  package var location: YAMLLocation

  /// A value of `kind` written at `location`.
  package init(kind: Kind, location: YAMLLocation) {
    self.kind = kind
    self.location = location
  }

  /// The entries, when the value is a mapping.
  package var entries: [Entry]? {
    if case .mapping(let entries) = kind { return entries }
    return nil
  }

  /// The elements, when the value is a sequence.
  package var elements: [YAMLValue]? {
    if case .sequence(let elements) = kind { return elements }
    return nil
  }

  /// The scalar, when the value is one.
  package var scalar: Scalar? {
    if case .scalar(let scalar) = kind { return scalar }
    return nil
  }

  /// The value of `key`, when the value is a mapping that has it.
  package subscript(key: String) -> YAMLValue? {
    entries?.last { $0.key == key }?.value
  }

  /// The entry of `key`, when the value is a mapping that has it.
  package func entry(_ key: String) -> Entry? {
    entries?.last { $0.key == key }
  }

  /// The scalar's text (any scalar: `YES`, `15.0` and `name` alike).
  package var string: String? { scalar?.text }

}

/// Why a YAML document was not read: one lowercase line without a trailing period, located where the reader knows
/// where (a file too large or not UTF-8 has no line).
package struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
  package var message: String
  package var file: String
  package var line: Int?
  package var column: Int?

  /// The error `message` in `file`, at `line`:`column` when known.
  package init(_ message: String, file: String, line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.file = file
    self.line = line
    self.column = column
  }

  /// The error `message` at `location`.
  package init(_ message: String, at location: YAMLLocation) {
    self.init(message, file: location.file, line: location.line, column: location.column)
  }

  /// `file:line:column: message`, leaving out what is unknown.
  package var description: String {
    let position = [line, line == nil ? nil : column].compactMap { $0.map { ":\($0)" } }.joined()
    return "\(file)\(position): \(message)"
  }
}

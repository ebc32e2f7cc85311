import BoundedYAML

/// Where a value of an XcodeGen spec was written: the spec file (as shown), 1-based line and column.
typealias XcodeGenLocation = YAMLLocation

/// A value of an XcodeGen spec, with where it was written: what `BoundedYAMLReader` gives after anchors, aliases
/// and `<<` merge keys are expanded, and what the spec loader makes of includes and templates.
typealias XcodeGenValue = YAMLValue

extension YAMLLocation {
  /// An error located here.
  func error(_ message: String) -> XcodeProjectError {
    XcodeProjectError(message, file: file, line: line, column: column)
  }

  /// A note located here (notes carry no column).
  func note(_ message: String) -> XcodeProjectNote {
    XcodeProjectNote(message, file: file, line: line)
  }
}

extension XcodeProjectError {
  /// The error of a spec `BoundedYAMLReader` or the spec's `YAMLBudget` refused, where they located it.
  init(_ error: YAMLError) {
    self.init(error.message, file: error.file, line: error.line, column: error.column)
  }
}

extension YAMLBudget {
  /// A budget for a spec and the files it includes, charged by the YAML reader and by every include merged and
  /// template applied.
  static func xcodeGenSpec() -> YAMLBudget {
    YAMLBudget(document: "the spec", causes: "YAML aliases of aliases, or templates applied too often")
  }

  /// `charge(bytes:at:)` for the spec loader's expansions, whose errors are `XcodeProjectError`s.
  func chargeExpansion(bytes: Int = 0, at location: XcodeGenLocation) throws(XcodeProjectError) {
    do {
      try charge(bytes: bytes, at: location)
    } catch {
      throw XcodeProjectError(error)
    }
  }
}

/// What XcodeGen makes of a value where it takes a string, a list or a boolean.
extension YAMLValue {
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

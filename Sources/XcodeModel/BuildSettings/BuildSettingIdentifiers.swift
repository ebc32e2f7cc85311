import Foundation

/// The identifier-making modifiers (`:identifier`, `:rfc1034identifier`, `:c99extidentifier`) and
/// `:quote`, written to give the same results as Xcode's build system.
enum BuildSettingIdentifiers {
  /// Which characters an identifier keeps.
  enum Style {
    /// Letters, digits and `_`; others become `_`.
    case c
    /// Letters, digits and `-`; others become `-`.
    case rfc1034
  }

  /// `text` with every character an identifier of `style` cannot hold replaced, one replacement per
  /// character of the canonically decomposed text; a leading digit is replaced too.
  static func mangled(_ text: String, style: Style) -> String {
    let replacement: Character = style == .c ? "_" : "-"
    let decomposed = text.decomposedStringWithCanonicalMapping
    var result = ""
    for index in decomposed.indices {
      let character = decomposed[index]
      switch character {
      case "A"..."Z", "a"..."z":
        result.append(character)
      case "-" where style == .rfc1034, "_" where style == .c:
        result.append(character)
      case "0"..."9" where index != decomposed.startIndex:
        result.append(character)
      default:
        result.append(replacement)
      }
    }
    return result
  }

  /// `text` as a C99 extended identifier: ASCII letters, digits and `_` are kept, a non-ASCII
  /// scalar is kept when Unicode calls it alphabetic or a decimal digit (an approximation of the
  /// C99 Annex D table Xcode uses, identical for ASCII), anything else becomes `_`, and a leading
  /// digit becomes `_`.
  static func c99ExtendedIdentifier(_ text: String) -> String {
    var scalars: [Unicode.Scalar] = text.precomposedStringWithCanonicalMapping.unicodeScalars.map { scalar in
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        let kept =
          (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
          || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
        return kept ? scalar : "_"
      }
      let properties = scalar.properties
      return properties.isAlphabetic || properties.numericType == .decimal ? scalar : "_"
    }
    if let first = scalars.first, first.properties.numericType == .decimal {
      scalars[0] = "_"
    }
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }

  /// `text` with a backslash before each space, tab, CR, LF, backslash and quote; `""` when empty.
  static func quoted(_ text: String) -> String {
    guard !text.isEmpty else { return "\"\"" }
    var result = ""
    for scalar in text.unicodeScalars {
      if " \t\r\n\\\"'".unicodeScalars.contains(scalar) { result.unicodeScalars.append("\\") }
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}

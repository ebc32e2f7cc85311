import Foundation

/// A modifier Xcode applies to a build setting's value: `$(NAME:lower)`, `$(NAME:default=value)`.
/// The transformations follow Xcode's build system (swift-build's `MacroEvaluationProgram`): the
/// value is treated as one string, as Xcode does when it processes an Info.plist.
public enum BuildSettingModifier: Hashable, Sendable {
  /// `:quote`: a backslash before each space, tab, CR, LF, `\`, `"` and `'`; `""` for the empty string.
  case quote
  /// `:upper`: upper-cased.
  case upper
  /// `:lower`: lower-cased.
  case lower
  /// `:identifier`: a C identifier; every other character (and a leading digit) becomes `_`.
  case identifier
  /// `:rfc1034identifier`: letters, digits and `-`; every other character (and a leading digit)
  /// becomes `-`, so `My App_1` gives `My-App-1`.
  case rfc1034identifier
  /// `:c99extidentifier`: a C99 extended identifier; invalid characters (and a leading digit) become `_`.
  case c99extidentifier
  /// `:dir`: the folder part with a trailing `/` (`./` when there is none).
  case dir
  /// `:file`: the last path component.
  case file
  /// `:base`: the last path component without its extension.
  case base
  /// `:suffix`: the extension with its dot (`.plist`), or nothing.
  case suffix
  /// `:standardizepath`: `.` components and repeated `/` removed; `..` resolved in absolute paths.
  case standardizepath
  /// `:not`: `YES` unless the value is `YES`, then `NO`.
  case not
  /// `:default=value`: `value` when the setting is empty or not set.
  case defaultValue
  /// `:dir=folder`: the last path component moved into `folder`.
  case replacingDir
  /// `:file=name`: the last path component replaced by `name`.
  case replacingFile
  /// `:base=name`: the last path component's name replaced, its extension kept.
  case replacingBase
  /// `:suffix=ext`: the extension replaced by `ext`.
  case replacingSuffix

  /// The modifier written `:name` (when `hasOperand` is false) or `:name=…`; `nil` for a name
  /// Xcode does not know or sharelint does not implement (`relativeto`, `isancestor`, `__md5`).
  public init?(name: String, hasOperand: Bool) {
    if hasOperand {
      switch name {
      case "default": self = .defaultValue
      case "dir": self = .replacingDir
      case "file": self = .replacingFile
      case "base": self = .replacingBase
      case "suffix": self = .replacingSuffix
      default: return nil
      }
      return
    }
    switch name {
    case "quote": self = .quote
    case "upper": self = .upper
    case "lower": self = .lower
    case "identifier": self = .identifier
    case "rfc1034identifier": self = .rfc1034identifier
    case "c99extidentifier": self = .c99extidentifier
    case "dir": self = .dir
    case "file": self = .file
    case "base": self = .base
    case "suffix": self = .suffix
    case "standardizepath": self = .standardizepath
    case "not": self = .not
    default: return nil
    }
  }

  /// Whether the modifier takes an operand (`:name=operand`).
  public var takesOperand: Bool {
    switch self {
    case .defaultValue, .replacingDir, .replacingFile, .replacingBase, .replacingSuffix: return true
    default: return false
    }
  }

  /// `value` transformed; `operand` is the evaluated text after `=` for modifiers that take one.
  public func apply(to value: String, operand: String = "") -> String {
    switch self {
    case .quote: return BuildSettingIdentifiers.quoted(value)
    case .upper: return value.uppercased()
    case .lower: return value.lowercased()
    case .identifier: return BuildSettingIdentifiers.mangled(value, style: .c)
    case .rfc1034identifier: return BuildSettingIdentifiers.mangled(value, style: .rfc1034)
    case .c99extidentifier: return BuildSettingIdentifiers.c99ExtendedIdentifier(value)
    case .dir:
      let folder = BuildSettingPath(value).dirname
      guard !folder.isEmpty else { return "./" }
      return folder.hasSuffix("/") ? folder : folder + "/"
    case .file: return BuildSettingPath(value).basename
    case .base: return BuildSettingPath(value).basenameWithoutSuffix
    case .suffix: return BuildSettingPath(value).fileSuffix
    case .standardizepath: return BuildSettingPath(value).standardized
    case .not: return value != "YES" ? "YES" : "NO"
    case .defaultValue: return value.isEmpty ? operand : value
    case .replacingDir: return BuildSettingPath.join(operand, BuildSettingPath(value).basename)
    case .replacingFile: return BuildSettingPath.join(BuildSettingPath(value).dirname, operand)
    case .replacingBase:
      let path = BuildSettingPath(value)
      return BuildSettingPath.join(path.dirname, operand) + "." + path.fileExtension
    case .replacingSuffix:
      let suffix = operand.contains(".") ? BuildSettingPath(operand).fileExtension : operand
      return BuildSettingPath(value).withoutSuffix + "." + suffix
    }
  }
}

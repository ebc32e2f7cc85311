#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `[parameter=pattern]` condition of an `.xcconfig` assignment, e.g. `[sdk=iphoneos*]`.
public struct BuildSettingCondition: Hashable, Sendable, CustomStringConvertible {
  /// The condition's parameter: `sdk`, `arch`, `config`…
  public var parameter: String
  /// A shell-style pattern (`*`, `?`, `[…]`) the parameter's value must match.
  public var pattern: String

  /// The condition `[parameter=pattern]`.
  public init(parameter: String, pattern: String) {
    self.parameter = parameter
    self.pattern = pattern
  }

  /// Whether `value` matches the pattern.
  public func matches(_ value: String) -> Bool {
    fnmatch(pattern, value, 0) == 0
  }

  /// `[parameter=pattern]`.
  public var description: String { "[\(parameter)=\(pattern)]" }
}

/// One assignment of a build setting, and where it came from.
public struct BuildSettingDefinition: Hashable, Sendable {
  /// Where a definition was written.
  public enum Origin: Hashable, Sendable, CustomStringConvertible {
    /// A `-D NAME=VALUE` argument.
    case commandLine
    /// A line of an `.xcconfig` file.
    case xcconfig(file: String, line: Int)
    /// A `buildSettings` entry of an Xcode project's `project.pbxproj`, at the line of its key.
    case project(file: String, line: Int)
    /// A value Xcode defines itself (`TARGET_NAME`, `PRODUCT_NAME`, `SDKROOT`…), as sharelint models it.
    case builtIn

    /// `-D`, `file:line` or `built-in`.
    public var description: String {
      switch self {
      case .commandLine: return "-D"
      case .xcconfig(let file, let line), .project(let file, let line): return "\(file):\(line)"
      case .builtIn: return "built-in"
      }
    }
  }

  /// The setting's name.
  public var name: String
  /// The value as written, references unexpanded.
  public var value: String
  /// The conditions that must all hold for the assignment to apply; empty for most.
  public var conditions: [BuildSettingCondition]
  /// Where it was written.
  public var origin: Origin

  /// `name = value`, written at `origin`, applying under `conditions`.
  public init(name: String, value: String, conditions: [BuildSettingCondition] = [], origin: Origin) {
    self.name = name
    self.value = value
    self.conditions = conditions
    self.origin = origin
  }

  /// Whether every condition holds for `conditionValues` (`["sdk": "iphoneos17.0"]`). A condition
  /// whose parameter has no value does not hold, so with no values only unconditional assignments apply.
  public func applies(given conditionValues: [String: String]) -> Bool {
    conditions.allSatisfy { condition in
      guard let value = conditionValues[condition.parameter] else { return false }
      return condition.matches(value)
    }
  }
}

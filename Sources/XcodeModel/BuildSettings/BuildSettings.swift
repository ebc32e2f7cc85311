import Foundation

/// Build settings known to a run: `-D NAME=VALUE` definitions and `.xcconfig` assignments, used to
/// expand `$(NAME)` references in plist strings. `-D` definitions override `.xcconfig` ones whatever
/// the order they were given in; within each, a later assignment overrides an earlier one, and
/// `$(inherited)` in an assignment stands for the value the setting had before it (empty when none).
///
/// Conditional assignments (`NAME[sdk=iphoneos*] = value`) apply only when `conditionValues` gives
/// every parameter they test (`["sdk": "iphoneos17.0"]`) and each matches; with no condition values
/// (the default) only unconditional assignments count, since sharelint cannot know the SDK,
/// architecture or configuration of a build it does not run.
public struct BuildSettings: Sendable {
  private var xcconfigDefinitions: [String: [BuildSettingDefinition]] = [:]
  private var commandLineDefinitions: [String: [BuildSettingDefinition]] = [:]
  /// The values conditional assignments are tested against, e.g. `["sdk": "iphoneos17.0", "config": "Release"]`.
  public var conditionValues: [String: String]

  /// Settings with no definitions yet.
  public init(conditionValues: [String: String] = [:]) {
    self.conditionValues = conditionValues
  }

  /// Settings read from `xcconfigFiles` (in order, later ones overriding earlier ones) and the
  /// `-D` arguments `definitions` (`NAME=VALUE`), which override them.
  public init(definitions: [String] = [], xcconfigFiles: [String] = [], conditionValues: [String: String] = [:]) throws
  {
    self.init(conditionValues: conditionValues)
    for path in xcconfigFiles { try loadXcconfig(atPath: path) }
    for definition in definitions { try define(commandLineArgument: definition) }
  }

  /// Defines `name` as `value`, as a `-D` argument does.
  public mutating func define(_ name: String, as value: String) {
    commandLineDefinitions[name, default: []].append(
      BuildSettingDefinition(name: name, value: value, origin: .commandLine))
  }

  /// Defines a setting from a `-D` argument, `NAME=VALUE` (the value may be empty or hold `=`).
  public mutating func define(commandLineArgument argument: String) throws {
    guard let equals = argument.firstIndex(of: "="), Self.isValidName(argument[..<equals]) else {
      throw BuildSettingsError(.invalidDefinition, "expected NAME=VALUE after -D, got '\(argument)'")
    }
    define(String(argument[..<equals]), as: String(argument[argument.index(after: equals)...]))
  }

  /// Whether `name` is a setting name: an ASCII letter or `_`, then letters, digits or `_`.
  public static func isValidName<Name: StringProtocol>(_ name: Name) -> Bool {
    guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0))
    }
  }

  /// Reads the `.xcconfig` file at `path` and the files it includes, relative to the including file.
  public mutating func loadXcconfig(atPath path: String) throws {
    let definitions = try XcconfigLoader().definitions(fromFileAt: path)
    for definition in definitions { xcconfigDefinitions[definition.name, default: []].append(definition) }
  }

  /// Reads `.xcconfig` text named `name`; includes are resolved relative to `name`'s folder.
  public mutating func loadXcconfig(text: String, name: String) throws {
    let definitions = try XcconfigLoader().definitions(fromText: text, path: name)
    for definition in definitions { xcconfigDefinitions[definition.name, default: []].append(definition) }
  }

  /// Adds `definition` after every assignment read so far and below every `-D` one: a project's
  /// levels are added lowest first (built-ins, `.xcconfig` files, `buildSettings`), so that
  /// `$(inherited)` in one stands for the value of the levels below it.
  public mutating func add(_ definition: BuildSettingDefinition) {
    xcconfigDefinitions[definition.name, default: []].append(definition)
  }

  /// The assignments of `name` that apply, lowest precedence first: `.xcconfig` ones in reading
  /// order, then `-D` ones. The last one is the setting's value.
  public func definitions(of name: String) -> [BuildSettingDefinition] {
    ((xcconfigDefinitions[name] ?? []) + (commandLineDefinitions[name] ?? [])).filter {
      $0.applies(given: conditionValues)
    }
  }

  /// The value of `name` as written (references unexpanded), or `nil` when nothing defines it.
  public func value(of name: String) -> String? {
    definitions(of: name).last?.value
  }

  /// Every setting with at least one assignment that applies, sorted.
  public var names: [String] {
    Set(xcconfigDefinitions.keys).union(commandLineDefinitions.keys).filter { !definitions(of: $0).isEmpty }.sorted()
  }

  /// `text` with every `$(NAME)` / `${NAME}` reference expanded, inner references first, or the
  /// references that could not be (a setting defined nowhere, an unknown modifier, a loop, a
  /// missing bracket) with their UTF-8 ranges in `text`. Nothing is guessed: an undefined setting is
  /// reported, not replaced by the empty string as Xcode would, unless the reference says
  /// `:default=…`. `$(AppIdentifierPrefix)`, which only signing fills in, is reported like any other
  /// undefined setting unless it was given.
  public func resolve(_ text: String) -> BuildSettingResolution {
    var evaluator = BuildSettingEvaluator(settings: self)
    let expanded = evaluator.expand(BuildSettingText(parsing: text), scope: nil)
    guard let expanded, evaluator.unresolved.isEmpty else { return .unresolved(evaluator.unresolved) }
    return .resolved(expanded)
  }
}

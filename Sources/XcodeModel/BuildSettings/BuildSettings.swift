import Foundation
import SharelintBase

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
  /// What Xcode would report about the `.xcconfig` files read (missing includes, include cycles, malformed
  /// lines), which were skipped.
  public private(set) var xcconfigDiagnostics: [BuildSettingsError] = []
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

  /// Reads the `.xcconfig` file at `path` and the files it includes (see `XcconfigReader`). Only a file that
  /// cannot be read at all throws; what Xcode would report and skip (a missing include, an include cycle, a
  /// malformed line) is added to `xcconfigDiagnostics` and the rest is read.
  public mutating func loadXcconfig(atPath path: String, boundary: RepositoryBoundary = .current)
    throws(BuildSettingsError)
  {
    try add(XcconfigReader(boundary: boundary).load(path: path))
  }

  /// Reads `.xcconfig` text named `name`; includes are resolved relative to `name`'s folder and read within
  /// `boundary`.
  public mutating func loadXcconfig(text: String, name: String, boundary: RepositoryBoundary = .current)
    throws(BuildSettingsError)
  {
    try add(XcconfigReader(boundary: boundary).load(text: text, path: name))
  }

  private mutating func add(_ load: XcconfigLoad) throws(BuildSettingsError) {
    if load.isFileReadFailure, let failure = load.diagnostics.first { throw failure }
    xcconfigDiagnostics += load.diagnostics
    for definition in load.definitions { xcconfigDefinitions[definition.name, default: []].append(definition) }
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

  /// `text` as Xcode evaluates it (an undefined setting is empty; `$(inherited)`, a setting that refers to
  /// itself and a loop take the assignment below), with what was undefined or looped. With `signing`,
  /// `$(CFBundleIdentifier)`, `$(TeamIdentifierPrefix)` and `$(AppIdentifierPrefix)` take the values code
  /// signing gives an entitlements file (from `PRODUCT_BUNDLE_IDENTIFIER` and `DEVELOPMENT_TEAM`).
  public func evaluate(_ text: String, signing: Bool = false) -> BuildSettingEvaluation {
    // Most values the rules ask about hold no reference: they are their own value.
    guard BuildSettingText.mayHoldReferences(text) else { return BuildSettingEvaluation(value: text) }
    var evaluator = BuildSettingEvaluator(settings: self, signing: signing)
    return evaluator.evaluate(text)
  }

  /// Each of `texts` evaluated as by `evaluate(_:signing:)`, sharing the work: a setting several of them use
  /// is evaluated once.
  public func evaluate(_ texts: [String], signing: Bool = false) -> [BuildSettingEvaluation] {
    var evaluator = BuildSettingEvaluator(settings: self, signing: signing)
    return texts.map { text in
      BuildSettingText.mayHoldReferences(text) ? evaluator.evaluate(text) : BuildSettingEvaluation(value: text)
    }
  }

  /// How a message shows `text`: `'contoso'`, followed by ` (from '$(APP_SCHEME)')` when references made it
  /// (`BuildSettingEvaluation.shown` of its value as Xcode evaluates it); as written when the value is not usable
  /// (`resolve`: an undefined setting left it empty or a part of it missing), which PL003 reports.
  public func shown(_ text: String, signing: Bool = false) -> String {
    guard BuildSettingText.mayHoldReferences(text), let value = resolve(text, signing: signing).resolvedText else {
      return "'\(text)'"
    }
    return BuildSettingEvaluation.shown(value, written: text)
  }

  /// `text` expanded as Xcode expands it, when the result is usable (see `BuildSettingResolution`): an
  /// undefined setting is empty, so `${PREFIX}.App${SUFFIX}` with only `PREFIX` defined resolves; one that
  /// leaves the value empty or a part of it missing (`msauth.$(UNDEFINED)`) makes it unresolved, listing the
  /// references to blame with their UTF-8 ranges in `text`.
  public func resolve(_ text: String, signing: Bool = false) -> BuildSettingResolution {
    evaluate(text, signing: signing).resolution
  }
}

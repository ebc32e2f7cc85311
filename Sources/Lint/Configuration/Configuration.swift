import BoundedYAML
import Foundation
import PredicateSyntax
import SharelintBase

/// `.sharelint.yml`: which rules run, at what severity, on which files, and how targets count.
///
/// ```yaml
/// disabled_rules: [IM004, intunemam-scheme-in-extension]   # codes or identifiers, or a family (XC, xcode-project)
/// severity:                                                # per rule: error, warning or info
///   US003: warning
/// excluded: ["Pods/**", "**/Tests/**"]                      # globs, relative to this file
/// intune: auto                  # true: every target uses Intune; false: none; auto (default): see IntuneEvidence
/// conditional_access: true      # under App Protection CA; false: not; auto (default): decided from each target's code
/// sdk_version: 27               # the iOS SDK linked against (27+: 25 query schemes)
/// build_settings:               # values for $(NAME) references, like -D NAME=VALUE
///   PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
/// baseline: sharelint-baseline.json   # findings not to report (`LintBaseline`), relative to this file
/// ```
///
/// Unknown keys and unknown rule names are errors that name them: a typo must not silently turn
/// a check off.
public struct Configuration: Sendable {
  /// The identifiers of the rules turned off.
  public var disabledRules: Set<String> = []
  /// Severity per rule identifier.
  public var severityOverrides: [String: Severity] = [:]
  /// Glob patterns of paths not to lint.
  public var excluded: [String] = []
  /// The folder `excluded` patterns are relative to.
  public var baseDirectory: String = "."
  /// Whether the Intune rules apply: forced on or off for every target, or decided per target.
  public var intuneMode: IntuneMode = .auto
  /// Whether the apps are under App Protection conditional access: true or false for every target, nil (`auto`, the
  /// default) to decide from each target's code (`ConditionalAccessEvidence`).
  public var conditionalAccess: Bool?
  /// The iOS SDK version linked against.
  public var sdkVersion: Int?
  /// Build settings for `$(NAME)` references.
  public var buildSettings: [String: String] = [:]
  /// The file this came from, if any.
  public var path: String?
  /// `baseline: FILE`: the baseline `lint` reads (`LintBaseline`), as written (relative to `baseDirectory`).
  public var baseline: String?

  /// The baseline's path, relative to the working folder (or absolute), when the configuration names one.
  public var baselinePath: String? {
    baseline.map { PathText.joined(baseDirectory == "." ? "" : baseDirectory, $0) }
  }

  /// The keys `.sharelint.yml` may have.
  public static let knownKeys = ["disabled_rules", "severity", "excluded", "intune", "conditional_access",
                                 "sdk_version", "build_settings", "baseline"]
  /// The file name searched for, upwards from each linted file to its repository's top (`ConfigurationLookup`).
  public static let fileName = ".sharelint.yml"

  /// The defaults: every rule on, default severities.
  public init() {}

  /// Whether the rule runs.
  public func isEnabled(_ description: RuleDescription) -> Bool { !disabledRules.contains(description.identifier) }

  /// The rule's severity after overrides.
  public func severity(for description: RuleDescription) -> Severity {
    severityOverrides[description.identifier] ?? description.defaultSeverity
  }

  /// Whether `path` matches one of the `excluded` globs.
  public func isExcluded(_ path: String) -> Bool {
    guard !excluded.isEmpty else { return false }
    let relative = Configuration.relativePath(path, to: baseDirectory)
    return excluded.contains { Glob.matches(pattern: $0, path: relative) || Glob.matches(pattern: $0, path: path) }
  }

  static func relativePath(_ path: String, to base: String) -> String {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let baseAbsolute = URL(fileURLWithPath: base).standardizedFileURL.path
    if absolute.hasPrefix(baseAbsolute + "/") { return String(absolute.dropFirst(baseAbsolute.count + 1)) }
    return path
  }

  // MARK: - Reading

  /// Reads the configuration at `path` through the repository `boundary` (a pull request may make `.sharelint.yml`
  /// a link to `/proc/self/environ`, to a device or to a FIFO): a regular file, admitted where it resolves, of at
  /// most `BoundedYAMLReader.maximumFileSize` bytes.
  public static func load(path: String, boundary: RepositoryBoundary = .current) throws(ConfigurationError)
    -> Configuration
  {
    let bytes: [UInt8]
    switch RepositoryFile.read(path, limit: BoundedYAMLReader.maximumFileSize, boundary: boundary) {
    case .success(let read): bytes = read
    case .failure(.refused(let refusal)):
      if case .notARegularFile = refusal.reason {
        throw ConfigurationError(path: path, message: "the configuration is not a regular file; it is not read")
      }
      throw ConfigurationError(path: path, message: "the configuration is \(refusal.consequence)")
    case .failure(.tooLarge):
      var status = stat()
      let size = stat(path, &status) == 0 ? Int(status.st_size) : BoundedYAMLReader.maximumFileSize + 1
      throw ConfigurationError(
        path: path,
        message: "the configuration is \(size) bytes, more than the \(BoundedYAMLReader.maximumFileSize) read; "
          + "it is not read")
    case .failure:
      throw ConfigurationError(path: path, message: "cannot read the configuration file")
    }
    var configuration = try parse(bytes, path: path)
    configuration.path = path
    configuration.baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return configuration
  }

  /// Parses configuration text; `path` names it in errors.
  public static func parse(_ text: String, path: String = Configuration.fileName) throws(ConfigurationError)
    -> Configuration
  {
    try parse(Array(text.utf8), path: path)
  }

  /// Parses the configuration file's bytes with the bounded YAML reader (a pull request's `.sharelint.yml` may be
  /// crafted: aliases of aliases, aliased keys, deep nesting); `path` names it in errors.
  static func parse(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> Configuration {
    let node: YAMLValue?
    do {
      node = try BoundedYAMLReader.read(bytes, file: path, budget: YAMLBudget(document: "the configuration"))
    } catch {
      throw ConfigurationError(path: path, line: error.line, column: error.column, message: error.message)
    }
    var configuration = Configuration()
    guard let node else { return configuration }
    guard let mapping = node.entries else {
      throw ConfigurationError(
        path: path, line: node.location.line, column: node.location.column,
        message: "the configuration must be a mapping of keys")
    }
    for entry in mapping {
      let key = entry.key
      let value = entry.value
      // Each error points at what is wrong: the value (or the list element, the severity) when the key is right,
      // the key when it is unknown.
      func fail(_ message: String, at location: YAMLLocation) -> ConfigurationError {
        ConfigurationError(path: path, line: location.line, column: location.column, message: message)
      }
      func failAtValue(_ message: String) -> ConfigurationError { fail(message, at: value.location) }
      switch key {
      case "disabled_rules":
        for (name, location) in try stringList(value, key: key, fail: fail) {
          configuration.disabledRules.formUnion(try ruleIdentifiers(name) { fail($0, at: location) })
        }
      case "severity":
        guard let severities = value.entries else {
          throw failAtValue("'severity' must map rule names to error, warning or info")
        }
        for rule in severities {
          let identifiers = try ruleIdentifiers(rule.key) { fail($0, at: rule.keyLocation) }
          guard let severity = rule.value.string.flatMap(Severity.init(rawValue:)) else {
            throw fail("severity of '\(rule.key)' must be error, warning or info", at: rule.value.location)
          }
          for identifier in identifiers { configuration.severityOverrides[identifier] = severity }
        }
      case "excluded":
        configuration.excluded = try stringList(value, key: key, fail: fail).map(\.text)
      case "intune":
        let spelled = value.scalar?.boolean.map { $0 ? "true" : "false" } ?? value.string
        guard let mode = spelled.flatMap(IntuneMode.init(rawValue:)) else {
          throw failAtValue("'intune' must be true, false or auto")
        }
        configuration.intuneMode = mode
      case "conditional_access":
        switch value.scalar?.boolean.map({ $0 ? "true" : "false" }) ?? value.string {
        case "true": configuration.conditionalAccess = true
        case "false": configuration.conditionalAccess = false
        case "auto": configuration.conditionalAccess = nil
        default: throw failAtValue("'conditional_access' must be true, false or auto")
        }
      case "baseline":
        guard let file = value.string, !file.isEmpty else {
          throw failAtValue("'baseline' must be the path of a baseline file, relative to the configuration")
        }
        configuration.baseline = file
      case "intune_managed":
        throw fail("'intune_managed' is now 'intune' (true, false or auto)", at: entry.keyLocation)
      case "sdk_version":
        guard let version = value.scalar?.integer, version > 0 else {
          throw failAtValue("'sdk_version' must be a positive integer")
        }
        configuration.sdkVersion = version
      case "build_settings":
        guard let settings = value.entries else { throw failAtValue("'build_settings' must map names to values") }
        for setting in settings {
          guard let text = setting.value.string else {
            throw fail("'build_settings' must map names to string values", at: setting.value.location)
          }
          configuration.buildSettings[setting.key] = text
        }
      default:
        let suggestion = knownKeys.min { EditDistance.levenshtein($0.utf8, key.utf8) < EditDistance.levenshtein($1.utf8, key.utf8) }
          .flatMap { EditDistance.levenshtein($0.utf8, key.utf8) <= 3 ? " (did you mean '\($0)'?)" : nil } ?? ""
        throw fail(
          "unknown key '\(key)'\(suggestion); known keys: \(knownKeys.joined(separator: ", "))", at: entry.keyLocation)
      }
    }
    return configuration
  }

  /// The strings of a list (or of a single string), each with where it is written.
  private static func stringList(
    _ node: YAMLValue, key: String, fail: (String, YAMLLocation) -> ConfigurationError
  ) throws(ConfigurationError) -> [(text: String, location: YAMLLocation)] {
    if let single = node.string { return [(single, node.location)] }
    guard let sequence = node.elements else { throw fail("'\(key)' must be a list of strings", node.location) }
    var strings: [(text: String, location: YAMLLocation)] = []
    for element in sequence {
      guard let string = element.string else { throw fail("'\(key)' must be a list of strings", element.location) }
      strings.append((string, element.location))
    }
    return strings
  }

  /// The identifiers `name` stands for: a rule's code or identifier, or a family's prefix or name (every rule of
  /// the family).
  private static func ruleIdentifiers(_ name: String, fail: (String) -> ConfigurationError) throws(ConfigurationError)
    -> [String]
  {
    if let rule = RuleRegistry.rule(named: name) { return [rule.description.identifier] }
    if let family = RuleFamily.allCases.first(where: { $0.codePrefix == name.uppercased() || $0.rawValue == name }) {
      return RuleRegistry.rules(of: [family]).map { $0.description.identifier }
    }
    throw fail("unknown rule '\(name)'; `sharelint rules` lists them")
  }
}

/// A configuration file that cannot be used: one line naming the file, the line and column and the problem.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
  /// The file.
  public var path: String
  /// The 1-based line, when known.
  public var line: Int?
  /// The 1-based column (in Unicode scalars), when known.
  public var column: Int?
  /// What is wrong.
  public var message: String

  /// An error in `path` at `line`:`column`.
  public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// `path:line:column: message`, leaving out what is unknown.
  public var description: String {
    let position = line.map { line in ":\(line)" + (column.map { ":\($0)" } ?? "") } ?? ""
    return "\(path)\(position): \(message)"
  }
}

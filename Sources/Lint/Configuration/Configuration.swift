import Foundation
import PredicateSyntax
import SharelintBase
import Yams

/// `.sharelint.yml`: which rules run, at what severity, on which files, and how targets count.
///
/// ```yaml
/// disabled_rules: [IM004, intunemam-scheme-in-extension]   # codes or identifiers, or a family (XC, xcode-project)
/// severity:                                                # per rule: error, warning or info
///   US003: warning
/// excluded: ["Pods/**", "**/Tests/**"]                      # globs, relative to this file
/// intune: auto                  # true: every target uses Intune; false: none; auto (default): see IntuneEvidence
/// sdk_version: 27               # the iOS SDK linked against (27+: 25 query schemes)
/// build_settings:               # values for $(NAME) references, like -D NAME=VALUE
///   PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
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
  /// The iOS SDK version linked against.
  public var sdkVersion: Int?
  /// Build settings for `$(NAME)` references.
  public var buildSettings: [String: String] = [:]
  /// The file this came from, if any.
  public var path: String?

  /// The keys `.sharelint.yml` may have.
  public static let knownKeys = ["disabled_rules", "severity", "excluded", "intune", "sdk_version",
                                 "build_settings"]
  /// The file name searched for, upwards from each linted file.
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

  /// Reads the configuration at `path`.
  public static func load(path: String) throws(ConfigurationError) -> Configuration {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigurationError(path: path, message: "cannot read the configuration file")
    }
    var configuration = try parse(String(decoding: data, as: UTF8.self), path: path)
    configuration.path = path
    configuration.baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return configuration
  }

  /// Parses configuration text; `path` names it in errors.
  public static func parse(_ text: String, path: String = Configuration.fileName) throws(ConfigurationError)
    -> Configuration
  {
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch {
      throw ConfigurationError(path: path, message: "invalid YAML: \(String(describing: error).split(separator: "\n").first ?? "")")
    }
    var configuration = Configuration()
    guard let node else { return configuration }
    guard let mapping = node.mapping else {
      throw ConfigurationError(path: path, line: node.mark?.line, message: "the configuration must be a mapping of keys")
    }
    for (keyNode, value) in mapping {
      let key = keyNode.string ?? ""
      let line = keyNode.mark?.line
      func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: path, line: line, message: message) }
      switch key {
      case "disabled_rules":
        for name in try stringList(value, key: key, fail: fail) {
          configuration.disabledRules.formUnion(try ruleIdentifiers(name, fail: fail))
        }
      case "severity":
        guard let severities = value.mapping else { throw fail("'severity' must map rule names to error, warning or info") }
        for (ruleNode, severityNode) in severities {
          let identifiers = try ruleIdentifiers(ruleNode.string ?? "", fail: fail)
          guard let severity = severityNode.string.flatMap(Severity.init(rawValue:)) else {
            throw fail("severity of '\(ruleNode.string ?? "")' must be error, warning or info")
          }
          for identifier in identifiers { configuration.severityOverrides[identifier] = severity }
        }
      case "excluded":
        configuration.excluded = try stringList(value, key: key, fail: fail)
      case "intune":
        let spelled = value.bool.map { $0 ? "true" : "false" } ?? value.string
        guard let mode = spelled.flatMap(IntuneMode.init(rawValue:)) else {
          throw fail("'intune' must be true, false or auto")
        }
        configuration.intuneMode = mode
      case "intune_managed":
        throw fail("'intune_managed' is now 'intune' (true, false or auto)")
      case "sdk_version":
        guard let version = value.int, version > 0 else { throw fail("'sdk_version' must be a positive integer") }
        configuration.sdkVersion = version
      case "build_settings":
        guard let settings = value.mapping else { throw fail("'build_settings' must map names to values") }
        for (name, setting) in settings {
          guard let name = name.string, let setting = setting.string else {
            throw fail("'build_settings' must map names to string values")
          }
          configuration.buildSettings[name] = setting
        }
      default:
        let suggestion = knownKeys.min { EditDistance.levenshtein($0.utf8, key.utf8) < EditDistance.levenshtein($1.utf8, key.utf8) }
          .flatMap { EditDistance.levenshtein($0.utf8, key.utf8) <= 3 ? " (did you mean '\($0)'?)" : nil } ?? ""
        throw fail("unknown key '\(key)'\(suggestion); known keys: \(knownKeys.joined(separator: ", "))")
      }
    }
    return configuration
  }

  private static func stringList(
    _ node: Node, key: String, fail: (String) -> ConfigurationError
  ) throws(ConfigurationError) -> [String] {
    if let single = node.string, node.scalar != nil { return [single] }
    guard let sequence = node.sequence else { throw fail("'\(key)' must be a list of strings") }
    var strings: [String] = []
    for element in sequence {
      guard let string = element.string else { throw fail("'\(key)' must be a list of strings") }
      strings.append(string)
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

/// A configuration file that cannot be used: one line naming the file, the line and the problem.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
  /// The file.
  public var path: String
  /// The 1-based line, when known.
  public var line: Int?
  /// What is wrong.
  public var message: String

  /// An error in `path` at `line`.
  public init(path: String, line: Int? = nil, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

/// Glob patterns: `*` (within a path component), `**` (any number of components), `?`.
enum Glob {
  static func matches(pattern: String, path: String) -> Bool {
    matches(Array(pattern.utf8)[...], Array(path.utf8)[...])
  }

  private static func matches(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    let star = UInt8(ascii: "*")
    if first == star, pattern.dropFirst().first == star {
      var rest = pattern.dropFirst(2)
      if rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
      var candidate = path
      while true {
        if matches(rest, candidate) { return true }
        guard let slash = candidate.firstIndex(of: UInt8(ascii: "/")) else { return rest.isEmpty }
        candidate = candidate[(slash + 1)...]
      }
    }
    if first == star {
      var candidate = path
      while true {
        if matches(pattern.dropFirst(), candidate) { return true }
        guard let next = candidate.first, next != UInt8(ascii: "/") else { return false }
        candidate = candidate.dropFirst()
      }
    }
    guard let character = path.first else { return false }
    if first == UInt8(ascii: "?") ? character != UInt8(ascii: "/") : first == character {
      return matches(pattern.dropFirst(), path.dropFirst())
    }
    return false
  }
}

import Foundation
import Lint
import Testing
import TestSupport

@Suite struct ConfigurationTests {
  @Test func readsEveryKey() throws {
    let configuration = try Configuration.parse("""
      disabled_rules: [PL002]
      severity:
        duplicate-key: warning
      excluded: ["Pods/**"]
      intune: true
      conditional_access: true
      sdk_version: 27
      build_settings:
        PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
      """)
    #expect(configuration.disabledRules == ["duplicate-key"])
    #expect(configuration.severityOverrides["duplicate-key"] == .warning)
    #expect(configuration.excluded == ["Pods/**"])
    #expect(configuration.intuneMode == .on)
    #expect(configuration.conditionalAccess == true)
    #expect(configuration.sdkVersion == 27)
    #expect(configuration.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.contoso.notes")
  }

  @Test func aFamilyStandsForEachOfItsRules() throws {
    let entitlements = Set(RuleRegistry.rules(of: [.entitlements]).map { $0.description.identifier })
    #expect(try Configuration.parse("disabled_rules: [EN]\n").disabledRules == entitlements)
    #expect(try Configuration.parse("disabled_rules: [entitlements, US001]\n").disabledRules
      == entitlements.union(["missing-intunemam-query-scheme"]))
    let severities = try Configuration.parse("severity:\n  activation-rules: info\n").severityOverrides
    #expect(Set(severities.keys) == Set(RuleRegistry.rules(of: [.activationRules]).map { $0.description.identifier }))
    #expect(severities.values.allSatisfy { $0 == .info })
    #expect(throws: ConfigurationError.self) { try Configuration.parse("disabled_rules: [ZZ]\n") }
  }

  @Test func intuneTakesTrueFalseOrAuto() throws {
    #expect(try Configuration.parse("intune: false").intuneMode == .off)
    #expect(try Configuration.parse("intune: auto").intuneMode == .auto)
    #expect(try Configuration.parse("sdk_version: 27").intuneMode == .auto)
    #expect(throws: ConfigurationError.self) { try Configuration.parse("intune: maybe") }
    do {
      _ = try Configuration.parse("intune_managed: true")
      Issue.record("the old key was accepted")
    } catch {
      #expect(error.description.contains("'intune_managed' is now 'intune'"), "\(error.description)")
    }
  }

  /// `conditional_access` says whether the apps are under App Protection CA; absent or `auto`, their code decides.
  @Test func conditionalAccessTakesTrueFalseOrAuto() throws {
    #expect(try Configuration.parse("conditional_access: false").conditionalAccess == false)
    #expect(try Configuration.parse("conditional_access: yes").conditionalAccess == true)
    #expect(try Configuration.parse("conditional_access: \"true\"").conditionalAccess == true)
    #expect(try Configuration.parse("conditional_access: auto").conditionalAccess == nil)
    #expect(try Configuration.parse("intune: true").conditionalAccess == nil)
  }

  /// A value of another type is an error at the value's line and column, naming the key and what it takes.
  @Test func conditionalAccessOfAnotherTypeIsALocatedError() {
    for value in ["[App]", "{ App: true }", "maybe", "1"] {
      do {
        _ = try Configuration.parse("intune: true\n  \nconditional_access: \(value)\n", path: "ca.yml")
        Issue.record("'conditional_access: \(value)' was accepted")
      } catch {
        #expect(error.line == 3 && error.column == 21, "\(error.description)")
        #expect(error.description == "ca.yml:3:21: 'conditional_access' must be true, false or auto")
      }
    }
  }

  @Test func unknownKeysAndRulesAreErrorsThatNameThem() {
    #expect {
      try Configuration.parse("disabled_rule: [PL002]\n")
    } throws: { error in
      let text = String(describing: error)
      return text.contains("unknown key 'disabled_rule'") && text.contains("did you mean 'disabled_rules'")
        && text.contains(":1:")
    }
    #expect {
      try Configuration.parse("disabled_rules: [XX999]\n")
    } throws: { String(describing: $0).contains("unknown rule 'XX999'") }
    #expect {
      try Configuration.parse("severity:\n  PL002: fatal\n")
    } throws: { String(describing: $0).contains("must be error, warning or info") }
    #expect {
      try Configuration.parse("sdk_version: [1]\n")
    } throws: { String(describing: $0).contains("'sdk_version'") }
    #expect {
      try Configuration.parse("{ not yaml: [")
    } throws: { String(describing: $0).contains("invalid YAML") }
  }

  @Test func excludedGlobs() throws {
    var configuration = try Configuration.parse("excluded: [\"Pods/**\", \"**/Tests/*.plist\", \"Build?/Info.plist\"]\n")
    configuration.baseDirectory = "/repo"
    #expect(configuration.isExcluded("/repo/Pods/AFNetworking/Info.plist"))
    #expect(configuration.isExcluded("/repo/App/Tests/Info.plist"))
    #expect(configuration.isExcluded("/repo/Build1/Info.plist"))
    #expect(!configuration.isExcluded("/repo/App/Info.plist"))
    #expect(!configuration.isExcluded("/repo/App/Tests/Deep/Info.plist"))
  }

  /// A pull request's `.sharelint.yml` may be crafted: every YAML bound ends in a located `ConfigurationError`,
  /// quickly (aliases of aliases, an aliased key and deep nesting would hang or overflow the stack unbounded).
  @Test(.timeLimit(.minutes(1))) func craftedFilesAreLocatedErrors() throws {
    for text in [CraftedYAML.aliasBomb, CraftedYAML.deepNesting] + CraftedYAML.aliasedKeys {
      #expect {
        try Configuration.parse(text, path: "BOMB.yml")
      } throws: { error in
        guard let error = error as? ConfigurationError, let line = error.line, let column = error.column else {
          return false
        }
        return String(describing: error).hasPrefix("BOMB.yml:\(line):\(column): ")
          && !String(describing: error).contains("\n")
      }
    }
    #expect {
      try Configuration.parse(CraftedYAML.aliasBomb, path: "BOMB.yml")
    } throws: { error in
      (error as? ConfigurationError)?.message.hasPrefix("the configuration expands to more than 400000 values") == true
    }
    #expect {
      try Configuration.parse(CraftedYAML.huge, path: "huge.yml")
    } throws: { error in
      String(describing: error).hasPrefix("huge.yml: the configuration is \(CraftedYAML.huge.utf8.count) bytes")
    }
  }

  /// `.sharelint.yml` is read only when it is a regular file (a link to /dev/zero or a FIFO would never end) of at
  /// most 4 MiB, never in the system's folders; an empty one is the defaults, as before.
  @Test(.timeLimit(.minutes(1))) func loadReadsOnlyRegularFilesWithinTheBound() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-config-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = folder.appendingPathComponent("empty.yml")
    try Data().write(to: empty)
    #expect(try Configuration.load(path: empty.path).disabledRules.isEmpty)
    let normal = folder.appendingPathComponent(".sharelint.yml")
    try Data("disabled_rules: [PL002]\nsdk_version: 27\n".utf8).write(to: normal)
    let configuration = try Configuration.load(path: normal.path)
    #expect(configuration.disabledRules == ["duplicate-key"] && configuration.sdkVersion == 27)
    #expect(configuration.path == normal.path && configuration.baseDirectory == folder.path)
    let huge = folder.appendingPathComponent("huge.yml")
    try Data(CraftedYAML.huge.utf8).write(to: huge)
    let zero = folder.appendingPathComponent("zero.yml").path
    try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
    let fifo = folder.appendingPathComponent("fifo.yml").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let expected = [
      huge.path: "the configuration is \(CraftedYAML.huge.utf8.count) bytes, more than the 4194304 read; "
        + "it is not read",
      zero: "the configuration is in the system's /dev: never read",
      fifo: "the configuration is not a regular file; it is not read",
      folder.path + "/missing.yml": "cannot read the configuration file",
    ]
    for (path, message) in expected {
      #expect(throws: ConfigurationError.self) { try Configuration.load(path: path) }
      do {
        _ = try Configuration.load(path: path)
      } catch {
        #expect(error.message == message && error.path == path)
      }
    }
  }

  @Test func errorsNameLineAndColumn() throws {
    #expect {
      try Configuration.parse("excluded: []\nseverity:\n  PL002: fatal\n", path: "c.yml")
    } throws: { String(describing: $0) == "c.yml:3:10: severity of 'PL002' must be error, warning or info" }
    #expect {
      try Configuration.parse("a: 1\na: 2\n", path: "c.yml")
    } throws: { String(describing: $0) == "c.yml:2:1: invalid YAML: a mapping has the key 'a' more than once" }
  }

  /// Each error points at what is wrong in the file — the unknown rule in a list, the value of the wrong type, the
  /// key nobody knows — not at the top-level key above it (users were sent to column 1 of the key's line).
  @Test(arguments: [
    ("# rules\ndisabled_rules:\n  - AR001\n  - NOPE99\n", 4, 5, "unknown rule 'NOPE99'"),
    ("disabled_rules: [AR001, NOPE99]\n", 1, 25, "unknown rule 'NOPE99'"),
    ("disabled_rules: [AR001, {x: 1}]\n", 1, 25, "'disabled_rules' must be a list of strings"),
    ("severity:\n  AR002: loud\n", 2, 10, "severity of 'AR002' must be error, warning or info"),
    ("severity:\n  NOPE: error\n", 2, 3, "unknown rule 'NOPE'"),
    ("excluded: [a]\nintune: maybe\n", 2, 9, "'intune' must be true, false or auto"),
    ("excluded: [a]\nsdk_version: x\n", 2, 14, "'sdk_version' must be a positive integer"),
    ("excluded:\n  - a\nbuild_settings:\n  A: [1]\n", 4, 6, "'build_settings' must map names to string values"),
    ("excluded: [a]\n  \nfoo: 1\n", 3, 1, "unknown key 'foo'"),
  ])
  func errorsPointAtTheOffendingKeyOrValue(text: String, line: Int, column: Int, message: String) {
    do {
      _ = try Configuration.parse(text, path: "c.yml")
      Issue.record("'\(text)' was accepted")
    } catch {
      #expect(error.line == line && error.column == column, "\(error.description)")
      #expect(error.message.hasPrefix(message), "\(error.description)")
    }
  }

  @Test func disabledRulesDoNotRunAndSeveritiesApply() throws {
    let configuration = try Configuration.parse("disabled_rules: [duplicate-key]\n")
    let linter = Linter(configuration: configuration)
    #expect(!linter.rules.contains { type(of: $0).description.code == "PL002" })
  }
}

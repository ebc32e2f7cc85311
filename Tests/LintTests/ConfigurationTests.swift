import Lint
import Testing

@Suite struct ConfigurationTests {
  @Test func readsEveryKey() throws {
    let configuration = try Configuration.parse("""
      disabled_rules: [PL002]
      severity:
        duplicate-key: warning
      excluded: ["Pods/**"]
      intune: true
      sdk_version: 27
      build_settings:
        PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
      """)
    #expect(configuration.disabledRules == ["duplicate-key"])
    #expect(configuration.severityOverrides["duplicate-key"] == .warning)
    #expect(configuration.excluded == ["Pods/**"])
    #expect(configuration.intuneMode == .on)
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

  @Test func disabledRulesDoNotRunAndSeveritiesApply() throws {
    let configuration = try Configuration.parse("disabled_rules: [duplicate-key]\n")
    let linter = Linter(configuration: configuration)
    #expect(!linter.rules.contains { type(of: $0).description.code == "PL002" })
  }
}

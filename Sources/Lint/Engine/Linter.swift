import PredicateSyntax
import PropertyList

/// Runs the enabled rules on targets, applies the configuration (disabled rules, severities) and
/// returns diagnostics in a deterministic order.
public struct Linter: Sendable {
  /// The rules to run.
  public let rules: [any LintRule]
  /// The configuration: which rules run and at what severity.
  public let configuration: Configuration

  /// A linter running every registered rule the configuration leaves enabled.
  public init(configuration: Configuration = Configuration(), rules: [any LintRule.Type] = RuleRegistry.rules) {
    self.configuration = configuration
    self.rules = rules.filter { configuration.isEnabled($0.description) }.map { $0.init() }
  }

  /// Every finding about `target`, sorted by file and position.
  public func lint(_ target: LintTarget) -> [LintDiagnostic] {
    var diagnostics: [LintDiagnostic] = []
    for rule in rules {
      let description = type(of: rule).description
      if description.requiresIntune && !target.isIntuneManaged { continue }
      var findings = Findings(description: description)
      rule.check(target, into: &findings)
      let severity = configuration.severity(for: description)
      diagnostics += findings.diagnostics.map { diagnostic in
        var adjusted = diagnostic
        adjusted.severity = severity
        return adjusted
      }
    }
    return diagnostics.sorted(by: LintDiagnostic.ordered)
  }
}

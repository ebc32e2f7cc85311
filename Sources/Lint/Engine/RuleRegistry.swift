/// Every rule sharelint has, sorted by code: the rules of every family's list (`RuleFamily.rules`). A test
/// fails when a rule type under `Sources/Lint/Rules/` is in no list, or in the list of another family.
public enum RuleRegistry {
  /// The rules, in code order.
  public static let rules: [any LintRule.Type] = RuleFamily.allCases.flatMap(\.rules)
    .sorted { $0.description.code < $1.description.code }

  /// The rule with `name` as identifier or code (case-insensitive), if any.
  public static func rule(named name: String) -> (any LintRule.Type)? {
    let lowered = name.lowercased()
    return rules.first { $0.description.identifier == lowered || $0.description.code.lowercased() == lowered }
  }

  /// The registered rules of `families`, in code order.
  public static func rules(of families: Set<RuleFamily>) -> [any LintRule.Type] {
    rules.filter { families.contains($0.description.family) }
  }
}

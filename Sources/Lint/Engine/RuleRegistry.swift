/// Every rule sharelint has, sorted by code. A test checks that codes and identifiers are unique
/// and that the README's rule table is generated from this list.
public enum RuleRegistry {
  /// The rules, in code order.
  public static let rules: [any LintRule.Type] = allRules.sorted { $0.description.code < $1.description.code }

  /// The rule with `name` as identifier or code (case-insensitive), if any.
  public static func rule(named name: String) -> (any LintRule.Type)? {
    let lowered = name.lowercased()
    return rules.first { $0.description.identifier == lowered || $0.description.code.lowercased() == lowered }
  }
}

/// The rule families; each family's file lists its rules. `RuleRegistry.rules` sorts them by code.
let allRules: [any LintRule.Type] =
  propertyListRules + intuneSettingsRules + entitlementsRules + activationRules + urlSchemeRules

/// The PL family: the files themselves (plists as written, `sharelint:` comments).
let propertyListRules: [any LintRule.Type] = [
  MalformedPlistRule.self,
  DuplicateKeyRule.self,
  UnresolvedBuildSettingRule.self,
  MissingInfoPlistFileRule.self,
  MisspelledInfoPlistKeyRule.self,
  UnusedSuppressionRule.self,
  UnknownCodeInSuppressionRule.self,
]

/// The PL family: the plist file itself.
let propertyListRules: [any LintRule.Type] = [
  MalformedPlistRule.self,
  DuplicateKeyRule.self,
  UnresolvedBuildSettingRule.self,
  MissingInfoPlistFileRule.self,
  MisspelledInfoPlistKeyRule.self,
  UnusedSuppressionRule.self,
  UnknownCodeInSuppressionRule.self,
]

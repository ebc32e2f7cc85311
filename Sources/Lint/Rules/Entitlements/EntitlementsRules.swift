/// The EN family: the entitlements' keychain access groups the Intune App SDK depends on.
let entitlementsRules: [any LintRule.Type] = [
  MissingIntuneKeychainGroupRule.self,
  MissingADALCacheKeychainGroupRule.self,
  KeychainGroupWithoutPrefixRule.self,
  BundleIDNotFirstKeychainGroupRule.self,
]

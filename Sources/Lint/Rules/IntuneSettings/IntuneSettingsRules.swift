/// The IM family: `IntuneMAMSettings` and the Info.plist keys the Intune App SDK depends on.
let intuneSettingsRules: [any LintRule.Type] = [
  UnknownIntuneSettingRule.self,
  IntuneSettingTypeRule.self,
  PolicyRequiredWithoutAutoEnrollRule.self,
  SettingBlocksAppStoreRule.self,
  InvalidColorRule.self,
  InvalidFileProtectionLevelRule.self,
  MissingAADRegistrationRule.self,
  ExtensionWithoutContainingAppRule.self,
  AppGroupsMismatchRule.self,
  LegacyMainNibSettingRule.self,
  MissingFaceIDUsageRule.self,
  IntuneUTIInDocumentTypesRule.self,
]

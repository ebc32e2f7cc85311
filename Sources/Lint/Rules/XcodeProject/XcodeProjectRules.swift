/// The XC family: what the Xcode project builds (linked and embedded frameworks, build settings, build phases).
let xcodeProjectRules: [any LintRule.Type] = [
  IntuneSDKNotLinkedRule.self,
  IntuneSDKNotEmbeddedRule.self,
  IntuneSDKEmbeddedInExtensionRule.self,
  MissingSwiftStubRule.self,
  BitcodeEnabledRule.self,
  SwiftSymbolsStrippedRule.self,
  DeploymentTargetBelowSDKMinimumRule.self,
  MissingFrameworkPatcherPhaseRule.self,
  SDKDistributionInResourcesRule.self,
  EntitlementsNotWiredRule.self,
  MSALNotLinkedRule.self,
  DeprecatedStaticLibraryRule.self,
  IncompleteStaticLibraryRule.self,
]

/// The SC family: what a project target's Swift and Objective-C sources call of the Intune App SDK and MSAL.
let sourceCodeRules: [any LintRule.Type] = [
  MSALResponseNotHandledRule.self,
  IntuneAppNeverEnrollsRule.self,
  EnrollmentWithoutUnenrollmentRule.self,
  UPNBasedIntuneAPIRule.self,
  UndeclaredCanOpenURLSchemeRule.self,
  ConditionalAccessWithoutProtappRule.self,
  ConditionalAccessNotRemediatedRule.self,
]

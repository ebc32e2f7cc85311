/// The XC family: what the Xcode project builds (linked and embedded frameworks, build settings, build phases).
let xcodeProjectRules: [any LintRule.Type] = [
  BitcodeEnabledRule.self,
]

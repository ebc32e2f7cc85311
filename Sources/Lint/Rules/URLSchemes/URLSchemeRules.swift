/// The US family: registered URL schemes, `LSApplicationQueriesSchemes`, their `-intunemam` twins and the
/// limit iOS puts on queried schemes.
let urlSchemeRules: [any LintRule.Type] = [
  MissingIntunemamQuerySchemeRule.self,
  MissingRequiredQuerySchemeRule.self,
  QuerySchemesOverLimitRule.self,
  MissingIntunemamURLSchemeRule.self,
  DuplicateQuerySchemeRule.self,
  InvalidSchemeRule.self,
  MissingMSALRedirectSchemeRule.self,
  MailtoWithoutOutlookRule.self,
  IntunemamSchemeInExtensionRule.self,
  MissingConfiguratorQuerySchemeRule.self,
  UnownableURLSchemeRule.self,
]

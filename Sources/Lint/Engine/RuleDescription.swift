import PredicateSyntax

/// Everything a rule says about itself: the one source for `sharelint rules`, `sharelint explain`,
/// the README's rule table, SARIF's `tool.driver.rules` and the rule's own tests (its examples).
public struct RuleDescription: Sendable {
  /// The stable kebab-case identifier, named after the bad pattern (`missing-mam-types`).
  public let identifier: String
  /// The short code, `AR004`: a two-letter family and a number.
  public let code: String
  /// One line, lowercase, no trailing period.
  public let summary: String
  /// What the rule checks, in a sentence or two.
  public let whatItDoes: String
  /// What goes wrong on a device when the finding is ignored.
  public let whyItMatters: String
  /// What to write instead.
  public let useInstead: String
  /// How far its fix can be trusted; nil when the rule offers no fix.
  public let fixApplicability: FixIt.Applicability?
  /// The severity when the configuration does not override it.
  public let defaultSeverity: Severity
  /// Whether the rule applies only to Intune-managed targets.
  public let requiresIntune: Bool
  /// Examples that must trigger the rule (with `↓` where each finding starts), with their
  /// corrected form when the rule has a fix.
  public let triggeringExamples: [RuleExample]
  /// Examples that must not trigger it.
  public let nonTriggeringExamples: [RuleExample]

  /// A rule description; every field is required so none is forgotten.
  public init(
    identifier: String, code: String, summary: String, whatItDoes: String, whyItMatters: String,
    useInstead: String, fixApplicability: FixIt.Applicability?, defaultSeverity: Severity,
    requiresIntune: Bool, triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample]
  ) {
    self.identifier = identifier
    self.code = code
    self.summary = summary
    self.whatItDoes = whatItDoes
    self.whyItMatters = whyItMatters
    self.useInstead = useInstead
    self.fixApplicability = fixApplicability
    self.defaultSeverity = defaultSeverity
    self.requiresIntune = requiresIntune
    self.triggeringExamples = triggeringExamples
    self.nonTriggeringExamples = nonTriggeringExamples
  }

  /// The fix line of the rationale.
  public var fixSafetyText: String {
    switch fixApplicability {
    case .safe: return "Safe: `sharelint fix` applies it."
    case .unsafe: return "Unsafe: applied only with `sharelint fix --unsafe`; review the result."
    case .displayOnly: return "Shown only; never applied automatically."
    case nil: return "No automatic fix."
    }
  }
}

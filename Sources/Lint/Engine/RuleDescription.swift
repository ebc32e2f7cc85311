import PredicateSyntax
import SharelintBase

/// Everything a rule says about itself: the one source for `sharelint rules`, `sharelint explain`,
/// the README's rule table, SARIF's `tool.driver.rules` and the rule's own tests (its examples).
public struct RuleDescription: Sendable {
  /// The fields, kept in one object: a description is copied wherever a rule's metadata is read
  /// (`SomeRule.description`), and a copy is then one reference instead of one per field.
  private final class Fields: Sendable {
    let identifier: String
    let code: String
    let summary: String
    let whatItDoes: String
    let whyItMatters: String
    let useInstead: String
    let fixApplicability: FixIt.Applicability?
    let defaultSeverity: Severity
    let requiresIntune: Bool
    let triggeringExamples: [RuleExample]
    let nonTriggeringExamples: [RuleExample]
    let guideSteps: [Int]
    let guideAndVendor: String?

    init(
      identifier: String, code: String, summary: String, whatItDoes: String, whyItMatters: String,
      useInstead: String, fixApplicability: FixIt.Applicability?, defaultSeverity: Severity,
      requiresIntune: Bool, triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
      guideSteps: [Int], guideAndVendor: String?
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
      self.guideSteps = guideSteps
      self.guideAndVendor = guideAndVendor
    }
  }

  private let fields: Fields

  /// The stable kebab-case identifier, named after the bad pattern (`missing-mam-types`).
  public var identifier: String { fields.identifier }
  /// The short code, `AR004`: a two-letter family and a number.
  public var code: String { fields.code }
  /// One line, lowercase, no trailing period.
  public var summary: String { fields.summary }
  /// What the rule checks, in a sentence or two.
  public var whatItDoes: String { fields.whatItDoes }
  /// What goes wrong on a device when the finding is ignored.
  public var whyItMatters: String { fields.whyItMatters }
  /// What to write instead.
  public var useInstead: String { fields.useInstead }
  /// How far its fix can be trusted; nil when the rule offers no fix.
  public var fixApplicability: FixIt.Applicability? { fields.fixApplicability }
  /// The severity when the configuration does not override it.
  public var defaultSeverity: Severity { fields.defaultSeverity }
  /// Whether the rule applies only to Intune-managed targets.
  public var requiresIntune: Bool { fields.requiresIntune }
  /// Examples that must trigger the rule (with `↓` where each finding starts), with their
  /// corrected form when the rule has a fix.
  public var triggeringExamples: [RuleExample] { fields.triggeringExamples }
  /// Examples that must not trigger it.
  public var nonTriggeringExamples: [RuleExample] { fields.nonTriggeringExamples }
  /// The steps of Microsoft's Intune integration guides the rule checks, by their number in
  /// `docs/guide-coverage.md` (`GuideSteps.all`); empty for rules no guide step asks for.
  public var guideSteps: [Int] { fields.guideSteps }
  /// Where Microsoft's guides (or their versions) and its IntuneMAMConfigurator ask for different things
  /// about what the rule checks: which source asks for what, and which one the rule follows. Nil when they agree.
  public var guideAndVendor: String? { fields.guideAndVendor }

  /// A rule description; every field is required so none is forgotten, except the guide steps it checks and
  /// what the guides and the configurator disagree on, which not every rule has.
  public init(
    identifier: String, code: String, summary: String, whatItDoes: String, whyItMatters: String,
    useInstead: String, fixApplicability: FixIt.Applicability?, defaultSeverity: Severity,
    requiresIntune: Bool, triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
    guideSteps: [Int] = [], guideAndVendor: String? = nil
  ) {
    fields = Fields(
      identifier: identifier, code: code, summary: summary, whatItDoes: whatItDoes, whyItMatters: whyItMatters,
      useInstead: useInstead, fixApplicability: fixApplicability, defaultSeverity: defaultSeverity,
      requiresIntune: requiresIntune, triggeringExamples: triggeringExamples,
      nonTriggeringExamples: nonTriggeringExamples, guideSteps: guideSteps, guideAndVendor: guideAndVendor)
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

import IntuneKnowledge
import PredicateSyntax
import SharelintBase

/// Everything a rule says about itself: the one source for `sharelint rules`, `sharelint explain`,
/// the README's rule table, SARIF's `tool.driver.rules` and the rule's own tests (its examples).
public struct RuleDescription: Sendable {
  /// The fields, kept in one object: a description is copied wherever a rule's metadata is read
  /// (`SomeRule.description`), and a copy is then one reference instead of one per field.
  private final class Fields: Sendable {
    let identifier: String
    let family: RuleFamily
    let number: Int
    let code: String
    let summary: String
    let whatItDoes: String
    let whyItMatters: String
    let useInstead: String
    let fixApplicabilities: [FixIt.Applicability]
    let defaultSeverity: Severity
    let requiresIntune: Bool
    let triggeringExamples: [RuleExample]
    let nonTriggeringExamples: [RuleExample]
    let guideSteps: [Int]
    let guideAndVendor: String?
    let referenceData: [RuleReferenceData]
    let adviceSinceSDK: ReleaseVersion?

    init(
      identifier: String, family: RuleFamily, number: Int, summary: String, whatItDoes: String,
      whyItMatters: String, useInstead: String, fixApplicabilities: [FixIt.Applicability], defaultSeverity: Severity,
      requiresIntune: Bool, triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
      guideSteps: [Int], guideAndVendor: String?, referenceData: [RuleReferenceData], adviceSinceSDK: ReleaseVersion?
    ) {
      self.identifier = identifier
      self.family = family
      self.number = number
      code = family.code(number)
      self.summary = summary
      self.whatItDoes = whatItDoes
      self.whyItMatters = whyItMatters
      self.useInstead = useInstead
      self.fixApplicabilities = fixApplicabilities
      self.defaultSeverity = defaultSeverity
      self.requiresIntune = requiresIntune
      self.triggeringExamples = triggeringExamples
      self.nonTriggeringExamples = nonTriggeringExamples
      self.guideSteps = guideSteps
      self.guideAndVendor = guideAndVendor
      self.referenceData = referenceData
      self.adviceSinceSDK = adviceSinceSDK
    }
  }

  private let fields: Fields

  /// The stable kebab-case identifier, named after the bad pattern (`missing-mam-types`).
  public var identifier: String { fields.identifier }
  /// The family, whose two letters start the code.
  public var family: RuleFamily { fields.family }
  /// The number within the family: 4 in `AR004`.
  public var number: Int { fields.number }
  /// The short code, `AR004`: the family's two letters and the number in three digits.
  public var code: String { fields.code }
  /// One line, lowercase, no trailing period.
  public var summary: String { fields.summary }
  /// What the rule checks, in a sentence or two.
  public var whatItDoes: String { fields.whatItDoes }
  /// What goes wrong on a device when the finding is ignored.
  public var whyItMatters: String { fields.whyItMatters }
  /// What to write instead.
  public var useInstead: String { fields.useInstead }
  /// How far its fixes can be trusted, safest first: each fix states its own applicability, one of these (the
  /// examples' tests check it); empty when the rule offers no fix.
  public var fixApplicabilities: [FixIt.Applicability] { fields.fixApplicabilities }
  /// The severity when the configuration does not override it.
  public var defaultSeverity: Severity { fields.defaultSeverity }
  /// Whether the rule applies only to Intune-managed targets.
  public var requiresIntune: Bool { fields.requiresIntune }
  /// Examples that must trigger the rule (with `↓` where each finding starts), with the messages of their
  /// findings and, when a finding has a fix, the text after the fixes.
  public var triggeringExamples: [RuleExample] { fields.triggeringExamples }
  /// Examples that must not trigger it.
  public var nonTriggeringExamples: [RuleExample] { fields.nonTriggeringExamples }
  /// The steps of Microsoft's Intune integration guides the rule checks, by their number in
  /// `docs/guide-coverage.md` (`GuideSteps.all`); empty for rules no guide step asks for.
  public var guideSteps: [Int] { fields.guideSteps }
  /// Where Microsoft's guides (or their versions) and its IntuneMAMConfigurator ask for different things
  /// about what the rule checks: which source asks for what, and which one the rule follows. Nil when they agree.
  public var guideAndVendor: String? { fields.guideAndVendor }
  /// The dated facts the rule's tables rest on (`knowledge_checked`), shown by `explain`; empty for rules that
  /// read no such table.
  public var referenceData: [RuleReferenceData] { fields.referenceData }
  /// The first Intune App SDK release the rule's advice holds for, when older releases wanted the opposite (IM012:
  /// the mirror types SDKs before 8.1.1 needed declared). The linter does not run the rule on a target that links
  /// an older release, known from its files; `intune-sdk-release-unsupported` (XC018) names it instead, with the
  /// steps to a supported release. Nil when the advice holds for every release. It is one of the release rows of
  /// `IntuneSDKReleases.history`, whose change names the rule.
  public var adviceSinceSDK: ReleaseVersion? { fields.adviceSinceSDK }

  /// A rule description; every field is required so none is forgotten, except the guide steps it checks and
  /// what the guides and the configurator disagree on, which not every rule has.
  public init(
    identifier: String, family: RuleFamily, number: Int, summary: String, whatItDoes: String, whyItMatters: String,
    useInstead: String, fixApplicabilities: [FixIt.Applicability], defaultSeverity: Severity,
    requiresIntune: Bool, triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
    guideSteps: [Int] = [], guideAndVendor: String? = nil, referenceData: [RuleReferenceData] = [],
    adviceSinceSDK: ReleaseVersion? = nil
  ) {
    fields = Fields(
      identifier: identifier, family: family, number: number, summary: summary, whatItDoes: whatItDoes,
      whyItMatters: whyItMatters, useInstead: useInstead, fixApplicabilities: fixApplicabilities,
      defaultSeverity: defaultSeverity,
      requiresIntune: requiresIntune, triggeringExamples: triggeringExamples,
      nonTriggeringExamples: nonTriggeringExamples, guideSteps: guideSteps, guideAndVendor: guideAndVendor,
      referenceData: referenceData, adviceSinceSDK: adviceSinceSDK)
  }

  /// The fix line of the rationale.
  public var fixSafetyText: String {
    switch fixApplicabilities.count {
    case 0: return "No automatic fix."
    case 1:
      switch fixApplicabilities[0] {
      case .safe: return "Safe: `sharelint fix` applies it."
      case .unsafe: return "Unsafe: applied only with `sharelint fix --unsafe`; review the result."
      case .displayOnly: return "Shown only; never applied automatically."
      }
    default:
      let kinds = fixApplicabilities.map { applicability in
        switch applicability {
        case .safe: "safe ones `sharelint fix` applies"
        case .unsafe: "unsafe ones only `sharelint fix --unsafe` (review the result)"
        case .displayOnly: "display-only ones are shown, never applied"
        }
      }
      return "Each fix says how far it can be trusted: " + kinds.joined(separator: "; ") + "."
    }
  }

  /// The applicabilities of its fixes as one word, `safe` or `safe/unsafe`; nil without a fix.
  public var fixApplicabilitiesText: String? {
    fixApplicabilities.isEmpty ? nil : fixApplicabilities.map(\.rawValue).joined(separator: "/")
  }
}

/// A dated fact a rule's tables rest on (`knowledge_checked: 2026-11-28`), shown by `explain` so a reader sees how
/// old the rule's knowledge is.
public struct RuleReferenceData: Sendable, Hashable {
  /// The fact's name, snake_case (`knowledge_checked`).
  public var name: String
  /// Its value (a date).
  public var value: String
  /// Where it was read.
  public var source: String

  /// A dated fact.
  public init(name: String, value: String, source: String) {
    self.name = name
    self.value = value
    self.source = source
  }
}

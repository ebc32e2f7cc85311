import IntuneKnowledge
import PredicateSyntax
import PropertyList

/// Runs the enabled rules on targets, applies the configuration (disabled rules, severities) and
/// returns diagnostics in a deterministic order.
public struct Linter: Sendable {
  /// A rule with what the linter needs of its description, read once when the linter is made: a
  /// `RuleDescription` holds the rationale and examples too, and copying it for every target and
  /// rule showed up in profiles.
  private struct ScheduledRule: Sendable {
    let rule: any LintRule
    /// The rule as a `TargetRule`, when it is one: asked once per project target, not per build.
    let targetRule: (any TargetRule)?
    let requiresIntune: Bool
    let adviceSinceSDK: ReleaseVersion?
    let reporting: ReportingRule
  }

  private let scheduled: [ScheduledRule]
  /// Where PL005, whose renames other rules' fixes must not undo, is in `scheduled`; nil when it does not run.
  private let renamingRuleIndex: Int?
  /// The configuration: which rules run and at what severity.
  public let configuration: Configuration

  /// The rules to run.
  public var rules: [any LintRule] { scheduled.map(\.rule) }

  /// The codes of the rules whose advice holds only from some SDK release (`adviceSinceSDK`).
  static let releaseDependentCodes: [String] = {
    var codes: [String] = []
    for rule in RuleRegistry.rules where rule.description.adviceSinceSDK != nil { codes.append(rule.description.code) }
    return codes
  }()

  /// A linter running every registered rule the configuration leaves enabled.
  public init(configuration: Configuration = Configuration(), rules: [any LintRule.Type] = RuleRegistry.rules) {
    self.configuration = configuration
    scheduled = rules.compactMap { type in
      let description = type.description
      guard configuration.isEnabled(description) else { return nil }
      let rule = type.init()
      return ScheduledRule(
        rule: rule, targetRule: rule as? any TargetRule, requiresIntune: description.requiresIntune, adviceSinceSDK: description.adviceSinceSDK,
        reporting: ReportingRule(description, severity: configuration.severity(for: description)))
    }
    renamingRuleIndex = scheduled.firstIndex { $0.reporting.code == MisspelledInfoPlistKeyRule.description.code }
    runsTargetRules = scheduled.contains { $0.targetRule != nil }
  }

  /// How the linter reports the rule with `code`; nil when the rule does not run.
  func reportingRule(code: String) -> ReportingRule? {
    scheduled.first { $0.reporting.code == code }?.reporting
  }

  /// Every finding about `target`, sorted by file and position; with `families`, only the rules of those
  /// families (`[.entitlements]` for an entitlements file that no Info.plist goes with). The target rules run on
  /// `target` as a project target of one configuration.
  public func lint(_ target: LintTarget, families: Set<RuleFamily>? = nil) -> [LintDiagnostic] {
    lintNotingRelease(target, families: families, includingTargetRules: true).diagnostics
  }

  /// `lint`, also saying whether a rule whose advice depends on the SDK release reported on an Intune target whose
  /// release its files do not tell, having assumed the newest (the run says so once, in a note). Without
  /// `includingTargetRules`, only the rules about one build run: a lint run asks the target rules once per target,
  /// with all its builds (`lintTarget`).
  func lintNotingRelease(_ target: LintTarget, families: Set<RuleFamily>? = nil, includingTargetRules: Bool)
    -> (diagnostics: [LintDiagnostic], assumedNewestSDKRelease: Bool)
  {
    guard let first = scheduled.first else { return ([], false) }
    let evidence = target.intuneEvidence
    // Asked once: testing the optional evidence against nil in the loop copied it for every rule.
    let intuneManaged = evidence != nil
    // The note is made once: each Intune rule used to build it again, finding or not.
    let intuneNote = evidence?.note
    // Whether such a rule reported on the target, its release unknown: the newest was assumed, and it mattered.
    var assumedNewest = false
    var findings = Findings(rule: first.reporting)
    // The build runs IntuneMAMConfigurator (a .NET app's Intune package): what it writes is the build's.
    let configuratorRunsAtBuild =
      !target.settings.ignoresBuildTimeConfigurator
      && BuildTimeConfigurator.package(in: target.settings.buildFacts) != nil
    for index in scheduled.indices {
      guard !configuratorRunsAtBuild || !BuildTimeConfigurator.satisfiedCodes.contains(scheduled[index].reporting.code)
      else { continue }
      guard intuneManaged || !scheduled[index].requiresIntune,
        families.map({ $0.contains(scheduled[index].reporting.family) }) ?? true
      else { continue }
      // The SDK release the target links is asked only when a rule's advice depends on it (`adviceSinceSDK`).
      let release = scheduled[index].adviceSinceSDK.map { _ in target.linkedIntuneSDKRelease }
      if let since = scheduled[index].adviceSinceSDK, let linked = release ?? nil, linked < since { continue }
      findings.rule = scheduled[index].reporting
      let before = findings.diagnostics.count
      if let targetRule = scheduled[index].targetRule {
        guard includingTargetRules, let facts = ProjectTargetFacts(builds: [target]) else { continue }
        targetRule.check(facts, into: &findings)
      } else {
        scheduled[index].rule.check(target, into: &findings)
      }
      if let release, release == nil, findings.diagnostics.count > before {
        assumedNewest = true
      }
      if scheduled[index].requiresIntune, let intuneNote, findings.diagnostics.count > before {
        findings.addNote(intuneNote, toFindingsFrom: before)
      }
    }
    var diagnostics = findings.diagnostics
    // A key PL005 renames is not added again by another rule's fix (see InfoPlistKeySpelling).
    if let renaming = renamingRuleIndex, families.map({ $0.contains(scheduled[renaming].reporting.family) }) ?? true {
      diagnostics = InfoPlistKeySpelling.withholdingInsertionsOfRenamedKeys(
        diagnostics, in: target, renamingRule: scheduled[renaming].reporting.code)
    }
    // A fix of an Info.plist Xcode generates is written as its INFOPLIST_KEY_ setting, or withheld.
    diagnostics = GeneratedInfoPlistFixes.redirecting(diagnostics, in: target, reportingRule: reportingRule(code:))
    // A sort moves each diagnostic (232 bytes) several times; sorting indices moves each once.
    let order = diagnostics.indices.sorted { LintDiagnostic.ordered(diagnostics[$0], diagnostics[$1]) }
    return (order.map { diagnostics[$0] }, assumedNewest)
  }

  /// Whether the linter runs any target rule (asked by every job: kept, not worked out from the rules each time).
  let runsTargetRules: Bool

  /// The findings of the target rules about one project target whose builds (one per configuration, in the plan's
  /// order) are `builds`, sorted by file and position. Each rule is asked once, about the builds it applies to (an
  /// Intune rule about those that are Intune builds); each finding names the configurations it holds in, and an
  /// Intune rule's carries the note of the first of them saying why the target is an Intune one. `linters`, when
  /// given, are the linters of the builds' own configuration files (one per build): a rule one of them disables is
  /// not asked about that build.
  func lintTarget(_ builds: [LintTarget], linters: [Linter]? = nil)
    -> (diagnostics: [LintDiagnostic], assumedNewestSDKRelease: Bool)
  {
    guard !builds.isEmpty, let first = scheduled.first(where: { $0.targetRule != nil }) else { return ([], false) }
    let evidence = builds.map(\.intuneEvidence)
    let configuratorRunsAtBuild = builds.map { BuildTimeConfigurator.package(in: $0.settings.buildFacts) != nil }
    let names = builds.map { $0.settings.buildFacts?.configuration?.name ?? "" }
    var assumedNewest = false
    var findings = Findings(rule: first.reporting)
    for index in scheduled.indices {
      guard let targetRule = scheduled[index].targetRule else { continue }
      let rule = scheduled[index]
      var applying: [Int] = []
      var releaseUnknown = false
      for build in builds.indices {
        guard !configuratorRunsAtBuild[build] || !BuildTimeConfigurator.satisfiedCodes.contains(rule.reporting.code),
          evidence[build] != nil || !rule.requiresIntune,
          linters.map({ $0[build].reportingRule(code: rule.reporting.code) != nil }) ?? true
        else { continue }
        if let since = rule.adviceSinceSDK {
          guard let linked = builds[build].linkedIntuneSDKRelease else {
            releaseUnknown = true
            applying.append(build)
            continue
          }
          if linked < since { continue }
        }
        applying.append(build)
      }
      guard let facts = ProjectTargetFacts(builds: applying.map { builds[$0] }) else { continue }
      findings.rule = rule.reporting
      let before = findings.diagnostics.count
      targetRule.check(facts, into: &findings)
      guard findings.diagnostics.count > before else { continue }
      if releaseUnknown { assumedNewest = true }
      let applyingNames = applying.map { names[$0] }
      for found in before..<findings.diagnostics.count {
        var diagnostic = findings.diagnostics[found]
        // A finding the rule did not place in configurations holds in all it was asked about.
        if diagnostic.configurations.isEmpty { diagnostic.configurations = applyingNames }
        if rule.requiresIntune, let firstName = diagnostic.configurations.first,
          let build = applying.first(where: { names[$0] == firstName }), let note = evidence[build]?.note
        {
          diagnostic.notes.append(note)
        }
        findings.replace(at: found, with: diagnostic)
      }
    }
    let diagnostics = findings.diagnostics
    let order = diagnostics.indices.sorted { LintDiagnostic.ordered(diagnostics[$0], diagnostics[$1]) }
    return (order.map { diagnostics[$0] }, assumedNewest)
  }
}

/// A rule about a target of a project rather than about one of its builds: what the target links and embeds, its
/// build phases, its build settings in each configuration. The run asks it once per project target, with every
/// configuration the run lints (`ProjectTargetFacts`), where a `LintRule` is asked once per build (target ×
/// configuration). It is registered, described, configured, suppressed and baselined as every rule is (it is a
/// `LintRule` to the registry); only the run calls `check(_:into:)` with the target instead of a build.
///
/// A finding true in every configuration is one finding, located once; a finding that holds in some configurations
/// only (a setting whose value is YES in Release) names them (`LintDiagnostic.configurations`, which the report
/// shows as "in configuration Release"). `ProjectTargetFacts.inEachConfiguration` gives a rule that check for
/// a check written about one configuration.
public protocol TargetRule: LintRule {
  /// Reports what is wrong with `target`, over all its configurations, into `findings`.
  func check(_ target: ProjectTargetFacts, into findings: inout Findings)
}

extension TargetRule {
  /// A target rule has nothing to say about one build without its target: the linter asks it about the target.
  public func check(_ target: LintTarget, into findings: inout Findings) {}
}

/// A target of a project with each configuration the run lints, in the plan's order: what a `TargetRule` checks.
public struct ProjectTargetFacts: Sendable {
  /// Each configuration's build of the target, in the plan's order (Debug before Release, as the project lists
  /// them); never empty.
  let builds: [LintTarget]

  /// The target `builds` are the configurations of; nil when `builds` is empty.
  public init?(builds: [LintTarget]) {
    guard !builds.isEmpty else { return nil }
    self.builds = builds
  }

  /// The view of each configuration that is a build of an Xcode project target (all, or none, in practice).
  var configurations: [ProjectTargetView] { builds.compactMap(ProjectTargetView.init) }

  /// Runs `check` on each configuration's view, and reports each thing it finds once: a finding alike in several
  /// configurations (same place and message, values quoted as built aside) is one finding naming them, a finding of
  /// one configuration names it. Where the values quoted differ (`'12.0' (from '$(TARGET)')`), the message quotes
  /// what is written and a note says which configuration has which value (`ShownValues`).
  func inEachConfiguration(
    into findings: inout Findings, _ check: (ProjectTargetView, inout Findings) -> Void
  ) {
    var found: [LintDiagnostic] = []
    var indexByIdentity: [DiagnosticIdentity: Int] = [:]
    var variants = ConfigurationVariants()
    for view in configurations {
      var own = Findings(rule: findings.rule)
      check(view, &own)
      let name = view.configurationName
      for var diagnostic in own.diagnostics {
        let identity = DiagnosticIdentity(diagnostic)
        guard let index = indexByIdentity[identity] else {
          diagnostic.configurations = [name]
          indexByIdentity[identity] = found.count
          found.append(diagnostic)
          continue
        }
        variants.add(name, message: diagnostic.message, to: &found[index], index: index)
      }
    }
    findings.append(found)
  }
}

/// `docs/guide-coverage.md`: each step of the integration guides and what in sharelint checks it, generated from
/// `GuideSteps.all` and the rules' `guideSteps`.
public enum GuideCoverage {
  /// The rules that name `step` in their `guideSteps`, in code order.
  public static func rules(
    covering step: Int, in rules: [RuleDescription] = RuleRegistry.rules.map { $0.description }
  ) -> [RuleDescription] {
    rules.filter { $0.guideSteps.contains(step) }
  }

  /// The whole page.
  public static func markdown(_ rules: [RuleDescription] = RuleRegistry.rules.map { $0.description }) -> String {
    let steps = GuideSteps.all
    let full = steps.filter { $0.coverage == .full }.count
    let partly = steps.filter { if case .partly = $0.coverage { true } else { false } }.count
    let notYet = steps.filter { if case .notYet = $0.coverage { true } else { false } }.count
    var lines = [
      "# Intune integration guide → sharelint",
      "",
      "<!-- Generated from Sources/Lint/Documentation/GuideSteps.swift and the rules' guideSteps; edit those, then",
      "     run `SHARELINT_UPDATE_GUIDE_COVERAGE=1 swift test --filter GuideCoverageTests`. -->",
      "",
      "Every step of Microsoft's Intune App SDK integration guides for iOS that leaves a trace in an app's files,",
      "and what in sharelint checks it. Guide keys: **000** the SDK developer guide (2020), **001** the App",
      "Protection CA guide, **002** the SDK developer guide (2016, older SDKs), **003** stage 3 \"Integrate the",
      "Intune App SDK\" (current), **004** the MSAL iOS tutorial (English originals: MicrosoftDocs/memdocs,",
      "`memdocs/intune/developer/app-sdk-ios*.md`). `sharelint explain CODE` cites the guide section and the",
      "public issue each rule prevents, and says where the guides and IntuneMAMConfigurator disagree.",
      "",
      "Of \(steps.count) steps, \(full) are checked fully and \(partly) in part; \(notYet) more are checkable from the",
      "repository (its plists, projects and Swift and Objective-C sources) and not checked yet (each says why); the",
      "other \(steps.count - full - partly - notYet) are outside the repository or obsolete.",
    ]
    var area = ""
    for step in steps {
      if step.area != area {
        area = step.area
        lines += ["", "## \(area)", "", "| # | requirement | guide | covered by |", "|---|---|---|---|"]
      }
      let covered = cell(coverage(of: step, rules))
      lines.append("| \(step.number) | \(cell(step.requirement)) | \(step.guide) | \(covered) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The "covered by" cell: the rules and `configure` step, with how far, or why nothing does.
  static func coverage(of step: GuideStep, _ rules: [RuleDescription]) -> String {
    var parts = Self.rules(covering: step.number, in: rules).map { "\($0.code) `\($0.identifier)`" }
    if let configure = step.configure { parts.append(configure) }
    let covered = parts.joined(separator: "; ")
    switch step.coverage {
    case .full: return "**full**: " + covered
    case .partly(let rest): return "**partly**: " + covered + " — " + rest
    case .notYet(let reason): return "not yet: " + reason
    case .notCheckable(let reason): return "not from files: " + reason
    }
  }

  private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}

import IntuneKnowledge
import PredicateSyntax
import PropertyList
import SharelintBase

/// Stage 4 of a lint run (plan → jobs → rules → merge → report): adds the jobs' results to the report in job
/// order. A finding about a file that several jobs read (a plist every configuration builds, entitlements shared
/// by targets, a containing app's Info.plist) is added once, naming every configuration it holds in; the report
/// counts the targets and the builds whose rules ran. The configurations of one target may quote different values
/// of the same setting (`'contoso-dev' (from '$(APP_SCHEME)')` in Debug): that is still one finding, which quotes
/// what is written and says in a note which configuration has which value (`ShownValues`). A target rule's findings
/// come folded already, naming their configurations (`TargetRule`); they are folded here only with another
/// target's alike (a project-level setting every target of the project inherits).
struct FindingMerger {
  /// The files more than one job reads, and those no job names (a strings file, a source file a rule read on its
  /// own): only their findings can repeat.
  let sharedFiles: SharedFiles
  /// For each shared file with findings: the job that reported first, the report indices of the findings about
  /// it, and — once a second job reports about it — those findings by identity. Most shared files (an app's
  /// Info.plist that its extensions read) get findings from one job only, which then are never hashed.
  private var sharedFindings: [String: SharedFileFindings] = [:]
  /// The targets (plan indices) with at least one build linted.
  private var lintedTargets: Set<Int> = []
  /// How many results were added: a result's sequence number.
  private var added = 0
  /// The `sharelint:` comments of the files read, by display path, as the first job reading each found them.
  private var suppressions: [String: FileSuppressions] = [:]
  /// The targets (plan indices) on which rules assumed the newest Intune App SDK release.
  private var targetsAssumingNewestRelease: Set<Int> = []

  /// The configurations of the findings, with the values each quotes where they differ.
  private var variants = ConfigurationVariants()

  private struct SharedFileFindings {
    var firstJob: Int
    var indices: [Int] = []
    var byIdentity: [DiagnosticIdentity: Int]?
    /// The target (plan index) of each finding in `indices`, by report index.
    var targets: [Int: Int] = [:]
  }

  /// A merger for jobs reading `sharedFiles` more than once.
  init(sharedFiles: SharedFiles) {
    self.sharedFiles = sharedFiles
  }

  /// Adds `result` to `report`.
  mutating func add(_ result: LintJobResult, to report: inout LintReport) {
    let job = added
    added += 1
    if result.assumedNewestSDKRelease { targetsAssumingNewestRelease.insert(result.targetIndex) }
    if result.linted {
      report.buildCount += 1
      if lintedTargets.insert(result.targetIndex).inserted { report.targetCount += 1 }
    }
    for var diagnostic in result.diagnostics {
      if sharedFiles.contains(diagnostic.file) {
        var shared = sharedFindings[diagnostic.file] ?? SharedFileFindings(firstJob: job)
        if shared.firstJob != job {
          if shared.byIdentity == nil {
            var byIdentity: [DiagnosticIdentity: Int] = [:]
            for index in shared.indices { byIdentity[DiagnosticIdentity(report.diagnostics[index])] = index }
            shared.byIdentity = byIdentity
          }
          if let index = shared.byIdentity?[DiagnosticIdentity(diagnostic)],
            report.diagnostics[index].message == diagnostic.message || shared.targets[index] == result.targetIndex
          {
            // A target rule's finding names its configurations already; any other, its job's.
            let names =
              diagnostic.configurations.isEmpty ? result.configuration.map { [$0] } ?? [] : diagnostic.configurations
            for name in names {
              variants.add(name, message: diagnostic.message, to: &report.diagnostics[index], index: index)
            }
            sharedFindings[diagnostic.file] = shared
            continue
          }
          shared.byIdentity?[DiagnosticIdentity(diagnostic)] = report.diagnostics.count
        }
        shared.indices.append(report.diagnostics.count)
        shared.targets[report.diagnostics.count] = result.targetIndex
        sharedFindings[diagnostic.file] = shared
      }
      if diagnostic.configurations.isEmpty, let name = result.configuration { diagnostic.configurations = [name] }
      report.diagnostics.append(diagnostic)
    }
    for (file, contents) in result.sources where report.sources[file] == nil { report.sources[file] = contents }
    for (file, found) in result.suppressions where suppressions[file] == nil { suppressions[file] = found }
    // One insight per extension: its first configuration's.
    if let insight = result.extensionInsight, !report.extensionInsights.contains(where: { known in
      known.infoPlist == insight.infoPlist && known.targetName == insight.targetName
    }) {
      report.extensionInsights.append(insight)
    }
  }

  /// Takes the findings the files' `sharelint:` comments suppress out of `report` (after `finish`), and reports the
  /// comments that suppress nothing or name no rule.
  func applySuppressions(to report: inout LintReport) {
    SuppressionMatching.apply(suppressions, to: &report)
  }

  /// Ends the merge: each finding of a project build names its configurations in a note, and the findings are in
  /// file and position order.
  /// The run's notes from the rules: once, how many Intune targets link a release their files do not name.
  var notes: [String] {
    let count = targetsAssumingNewestRelease.count
    guard count > 0 else { return [] }
    return [
      "the Intune App SDK release \(count == 1 ? "1 Intune target links is" : "\(count) Intune targets link is") "
        + "not named by their files (a framework's Info.plist, Package.resolved, Podfile.lock); findings of rules "
        + "whose advice depends on it (\(Linter.releaseDependentCodes.joined(separator: ", "))) assume the newest, "
        + "\(IntuneSDKReleases.newest)"
    ]
  }

  static func finish(_ report: inout LintReport) {
    for index in report.diagnostics.indices where !report.diagnostics[index].configurations.isEmpty {
      let names = report.diagnostics[index].configurations
      report.diagnostics[index].notes.append(
        (names.count == 1 ? "in configuration " : "in configurations ") + names.joined(separator: ", "))
    }
    // Findings arrive in target order, so they are usually in order already; sorting 50,000 of them
    // would take a buffer of half their size.
    let inOrder = report.diagnostics.indices.dropFirst().allSatisfy { index in
      !LintDiagnostic.ordered(report.diagnostics[index], report.diagnostics[index - 1])
    }
    if !inOrder { report.diagnostics.sort(by: LintDiagnostic.ordered) }
  }

  /// The files more than one of `jobs` reads.
  static func sharedFiles(of jobs: [LintJob]) -> SharedFiles {
    var plistUses: [String: Int] = [:]
    var projectFileUses: [String: Int] = [:]
    // By index: a job is large, and copying each of 10,000 cost more than counting their files.
    for index in jobs.indices {
      for plist in jobs[index].plists { plistUses[plist.displayPath, default: 0] += 1 }
      // Every build of a project target may report about the project's files.
      for file in jobs[index].projectFiles { projectFileUses[file, default: 0] += 1 }
    }
    return SharedFiles(plistUses: plistUses, projectFileUses: projectFileUses)
  }
}

/// The files whose findings may come from several jobs: those more than one job reads, and any file no job names (a
/// rule may read one beside the target's plists, such as an `.lproj/InfoPlist.strings`, in every configuration).
struct SharedFiles: Sendable {
  /// How many jobs read each plist, by display path: also how long each plist's tree lives (`DocumentLifetimes`).
  let plistUses: [String: Int]
  /// How many jobs may report about each project file (a `project.pbxproj`, an `.xcconfig`…), by display path.
  let projectFileUses: [String: Int]

  /// Whether findings about `file` may repeat.
  func contains(_ file: String) -> Bool {
    (plistUses[file] ?? 0) + (projectFileUses[file] ?? 0) != 1   // read by several jobs, or named by none
  }
}

/// What makes two findings the same, for files that several jobs lint.
struct DiagnosticIdentity: Hashable {
  let code: String
  let file: String
  let start: Int?
  let keyPath: String
  let message: String

  init(_ diagnostic: LintDiagnostic) {
    code = diagnostic.code
    file = diagnostic.file
    start = diagnostic.range?.start
    keyPath = diagnostic.keyPath
    // Values quoted as built may differ between configurations; what is written does not.
    message = ShownValues.asWritten(diagnostic.message)
  }
}

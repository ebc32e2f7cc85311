import Foundation
import PredicateSyntax
import ActivationRules
import ProjectDiscovery
import PropertyList
import SharelintBase
import XcodeModel

/// A lint run over paths, in five stages, each a type with one job:
///
/// 1. plan (`LintPlan`): the Xcode projects' targets and configurations first, then the files no project claims;
/// 2. jobs (`LintJob`): one per build (target × configuration), with its `.sharelint.yml` linter and settings;
/// 3. rules (`LintJobRunner`): each job's plists read and its rules run, on every core;
/// 4. merge (`FindingMerger`): one finding for the configurations that share it, in file order; then the files'
///    `sharelint:` comments take out the findings they suppress (`SuppressionMatching`);
/// 5. report (`LintReport`), which the reporters print and `FixSession` turns into edits.
///
/// `run` does all five; `prepare` stops after the jobs, so `fix` can lint again only what its edits changed.
public enum LintSession {
  /// What the command line gives a run.
  public struct Options: Sendable {
    /// Files and folders (Info.plists, entitlements, folders, `.app` bundles, `.ipa` archives), and `-` for the
    /// Info.plist in `standardInput`.
    public var paths: [String]
    /// The bytes `-` in `paths` stands for (standard input, read by the caller), linted as an Info.plist named
    /// `<stdin>` with the `--config` configuration or the defaults (it is in no folder: no `.sharelint.yml` applies).
    public var standardInput: [UInt8]?
    /// `--config FILE`: used for every file instead of the nearest `.sharelint.yml`.
    public var configurationPath: String?
    /// `--ignore-repository-config`: no `.sharelint.yml` found in the linted folders is read; only
    /// `configurationPath` (or the defaults) applies. For CI linting strangers' pull requests, whose own
    /// `.sharelint.yml` could turn every rule off (`ConfigurationLookup`).
    public var ignoresRepositoryConfiguration = false
    /// `-D NAME=VALUE` arguments.
    public var definitions: [String]
    /// `--xcconfig FILE` arguments.
    public var xcconfigFiles: [String]
    /// `--sdk-version N`.
    public var sdkVersion: Int?
    /// Contents to use instead of what is on disk, by display path: how `fix` lints the result of
    /// one pass of fixes before writing anything.
    public var overlay: [String: [UInt8]] = [:]
    /// When set, only these rules (by code) run: how `configure` applies exactly the
    /// configurator's changes through the lint rules' own fixes.
    public var onlyRules: Set<String>?
    /// An entitlements file to pair with every Info.plist found, whatever its name or folder
    /// (`configure -e`).
    public var entitlementsPath: String?
    /// The shape a dictionary activation rule is converted to before the Intune types are added.
    public var activationRuleShape: ConversionShape = .canonical
    /// Overrides every configuration's `intune` mode (`configure` forces it on).
    public var intuneMode: IntuneMode?
    /// Whether each extension's `ExtensionInsight` goes into the report (`rule simulate` on an extension).
    public var collectsExtensionInsights = false
    /// `--target NAME`: only this Xcode target (plists no project claims are then left out).
    public var targetName: String?
    /// `--configuration NAME`: only this Xcode configuration of each project target.
    public var configurationName: String?
    /// Build settings under the `-D` and `--xcconfig` ones, for plists found outside a project: what
    /// `configure --project` takes from the target's configuration.
    public var baseBuildSettings: BuildSettings?
    /// Whether the rules whose keys a NuGet package's build-time configurator writes run anyway: `configure
    /// --project App.csproj` writes them where asked.
    public var ignoresBuildTimeConfigurator = false
    /// Told how far the run has got, from any thread, as each file is read and each target linted
    /// (often: throttle what it draws).
    public var progress: (@Sendable (LintProgress) -> Void)?

    /// Options for `paths`.
    public init(
      paths: [String], configurationPath: String? = nil, definitions: [String] = [], xcconfigFiles: [String] = [],
      sdkVersion: Int? = nil
    ) {
      self.paths = paths
      self.configurationPath = configurationPath
      self.definitions = definitions
      self.xcconfigFiles = xcconfigFiles
      self.sdkVersion = sdkVersion
    }
  }

  /// How far a run has got: files read while discovering targets, then targets linted.
  public struct LintProgress: Sendable, Equatable {
    /// Files discovery has read, of `filesTotal`.
    public var filesRead: Int
    /// Files discovery reads.
    public var filesTotal: Int
    /// Targets linted, of `targetsTotal` (0 of 0 while files are still being read).
    public var targetsLinted: Int
    /// Targets to lint.
    public var targetsTotal: Int

    /// A progress value.
    public init(filesRead: Int, filesTotal: Int, targetsLinted: Int, targetsTotal: Int) {
      self.filesRead = filesRead
      self.filesTotal = filesTotal
      self.targetsLinted = targetsLinted
      self.targetsTotal = targetsTotal
    }
  }

  /// A failure that stops the run before any file is linted: exit status 2.
  public struct InputError: Error, CustomStringConvertible, Sendable {
    /// The one-line reason.
    public var description: String
  }

  /// Runs the lint.
  public static func run(_ options: Options) async throws(InputError) -> LintReport {
    var prepared = try prepare(options)
    let targetProgress = options.progress.map { progress in
      let files = prepared.filesRead
      return { @Sendable (linted: Int, total: Int) in
        progress(LintProgress(filesRead: files, filesTotal: files, targetsLinted: linted, targetsTotal: total))
      }
    }
    var report = LintReport(problems: prepared.problems)
    report.notes = prepared.notes
    report.diagnostics = prepared.unusableFileFindings
    // Room for a few findings a job before the first is merged: grown by doubling, the array held its old buffer and
    // its copy at once; reserved pages cost nothing until they are written.
    report.diagnostics.reserveCapacity(report.diagnostics.count + min(prepared.jobs.count, 1 << 17) * 6)
    var merger = FindingMerger(sharedFiles: prepared.sharedFiles)
    var pending: [LintJob?] = prepared.jobs
    prepared.jobs = []   // the runner frees each job once it is done
    await LintJobRunner.run(
      &pending, overlay: options.overlay, plistUses: prepared.sharedFiles.plistUses, progress: targetProgress
    ) { _, result in
      merger.add(result, to: &report)
    }
    report.notes += merger.notes
    report.notes += prepared.sourceFiles?.skippedFileNotes ?? []
    FindingMerger.finish(&report)
    if prepared.appliesSuppressions { merger.applySuppressions(to: &report) }
    return report
  }

  /// A run planned and cut into jobs (stages 1 and 2), ready to lint and lint again.
  struct PreparedRun: Sendable {
    /// The jobs, in plan order.
    var jobs: [LintJob]
    /// The problems planning met.
    var problems: [String]
    /// The PL001 findings for the files discovery could not use.
    var unusableFileFindings: [LintDiagnostic] = []
    /// The sources the rules read, for the notes on those they could not.
    var sourceFiles: SourceFileCache?
    /// The notes planning met.
    var notes: [String] = []
    /// How many files discovery read.
    var filesRead: Int
    /// The files more than one job reads.
    var sharedFiles: SharedFiles
    /// Whether `sharelint:` comments suppress findings: not when only some rules run (`configure` makes exactly the
    /// configurator's changes, whatever the comments say).
    var appliesSuppressions = true

    /// The indices of the jobs that read any of `files` (display paths).
    func jobs(reading files: Set<String>) -> [Int] {
      jobs.indices.filter { index in jobs[index].plists.contains { files.contains($0.displayPath) } }
    }

    /// Whether any of `files` (display paths) is a file of a project a job's target is built by (its
    /// `project.pbxproj`, an `.xcconfig` its configuration reads).
    func readsProjectFiles(_ files: Set<String>) -> Bool {
      jobs.contains { job in job.projectFiles.contains(where: files.contains) }
    }

    /// A report of `results` (one per job, in job order; nil for a job not run).
    func report(of results: [LintJobResult?]) -> LintReport {
      var report = LintReport(problems: problems)
      report.notes = notes
      report.diagnostics = unusableFileFindings
      var merger = FindingMerger(sharedFiles: sharedFiles)
      for case let result? in results { merger.add(result, to: &report) }
      report.notes += merger.notes
      report.notes += sourceFiles?.skippedFileNotes ?? []
      FindingMerger.finish(&report)
      if appliesSuppressions { merger.applySuppressions(to: &report) }
      return report
    }
  }

  /// Stages 1 and 2: the plan and its jobs.
  static func prepare(_ options: Options) throws(InputError) -> PreparedRun {
    // The rules' descriptions (examples included) are built on first use, on one thread, just before the jobs:
    // build them now on another core, while the walk runs here (and finish before leaving, whatever happens).
    let rulesBuilt = DispatchGroup()
    DispatchQueue.global().async(group: rulesBuilt) { _ = RuleRegistry.rules }
    defer { rulesBuilt.wait() }
    let definitions = try definitionsFromCommandLine(options.definitions)
    var commandLineSettings = options.baseBuildSettings ?? BuildSettings()
    do {
      for path in options.xcconfigFiles { try commandLineSettings.loadXcconfig(atPath: path) }
    } catch {
      throw InputError(description: String(describing: error))
    }
    for (name, value) in definitions { commandLineSettings.define(name, as: value) }
    var fixedConfiguration: Configuration?
    if let path = options.configurationPath {
      do {
        fixedConfiguration = try Configuration.load(path: path)
      } catch {
        throw InputError(description: error.description)
      }
    }
    let plan = try LintPlan.make(
      options, commandLineSettings: commandLineSettings, commandLineDefinitions: definitions)
    let rules = options.onlyRules.map { only in RuleRegistry.rules.filter { only.contains($0.description.code) } }
      ?? RuleRegistry.rules
    let jobs = try LintJob.make(plan, options: options, rules: rules, fixedConfiguration: fixedConfiguration)
    return PreparedRun(
      jobs: jobs, problems: plan.problems, unusableFileFindings: plan.unusableFiles.map(unusableFileDiagnostic),
      sourceFiles: plan.sourceFiles, notes: plan.groupedNotes, filesRead: plan.filesRead,
      sharedFiles: FindingMerger.sharedFiles(of: jobs), appliesSuppressions: options.onlyRules == nil)
  }

  /// The `-D NAME=VALUE` arguments as pairs, in order: the settings of loose files, and over every project
  /// configuration's.
  static func definitionsFromCommandLine(_ arguments: [String]) throws(InputError) -> [(name: String, value: String)] {
    var pairs: [(name: String, value: String)] = []
    for argument in arguments {
      guard let equals = argument.firstIndex(of: "="), BuildSettings.isValidName(argument[..<equals]) else {
        throw InputError(description: "expected NAME=VALUE after -D, got '\(argument)'")
      }
      pairs.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
    }
    return pairs
  }

  /// The PL001 finding for a file discovery could not use (unreadable, too large, a corrupt archive), at the file.
  static func unusableFileDiagnostic(_ problem: DiscoveryProblem) -> LintDiagnostic {
    let description = MalformedPlistRule.description
    return LintDiagnostic(
      rule: description.identifier, code: description.code, severity: description.defaultSeverity,
      message: problem.message, source: SourceText(name: problem.path, bytes: []), range: nil, keyPath: "")
  }

  /// The PL001 finding for a file that does not read, positioned when the reader knows where.
  public static func unreadableDiagnostic(_ error: Error, source: SourceText) -> LintDiagnostic {
    let description = MalformedPlistRule.description
    let message: String
    var range: ByteRange?
    if let plistError = error as? PropertyListError {
      message = plistError.message
      // A binary plist has no lines: its messages say the byte instead.
      if let offset = plistError.offset, !BinaryPropertyList.looksBinary(source.bytes) {
        let start = max(0, min(offset, source.bytes.count))
        range = ByteRange(start: start, end: min(source.bytes.count, start + 1))
      }
    } else {
      message = String(describing: error)
    }
    return LintDiagnostic(
      rule: description.identifier, code: description.code, severity: description.defaultSeverity,
      message: message, source: source, range: range, keyPath: "")
  }
}


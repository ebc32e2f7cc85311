import Foundation
import PredicateSyntax
import ActivationRules
import ProjectDiscovery
import PropertyList
import SharelintBase
import XcodeModel

/// A lint run over paths: discovery, configuration, reading, the rules, and everything the
/// reporters and the fixer need. Targets are linted concurrently; the report is in a fixed order.
public enum LintSession {
  /// What the command line gives a run.
  public struct Options: Sendable {
    /// Files and folders (Info.plists, entitlements, folders, `.app` bundles, `.ipa` archives).
    public var paths: [String]
    /// `--config FILE`: used for every file instead of the nearest `.sharelint.yml`.
    public var configurationPath: String?
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
    /// `--target NAME`: only this Xcode target (plists no project claims are then left out).
    public var targetName: String?
    /// `--configuration NAME`: only this Xcode configuration of each project target.
    public var configurationName: String?
    /// Build settings under the `-D` and `--xcconfig` ones, for plists found outside a project: what
    /// `configure --project` takes from the target's configuration.
    public var baseBuildSettings: BuildSettings?
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
    let commandLineSettings: BuildSettings
    do {
      if var base = options.baseBuildSettings {
        for path in options.xcconfigFiles { try base.loadXcconfig(atPath: path) }
        for definition in options.definitions { try base.define(commandLineArgument: definition) }
        commandLineSettings = base
      } else {
        commandLineSettings = try BuildSettings(definitions: options.definitions, xcconfigFiles: options.xcconfigFiles)
      }
    } catch {
      throw InputError(description: String(describing: error))
    }
    var fixedConfiguration: Configuration?
    if let path = options.configurationPath {
      do {
        fixedConfiguration = try Configuration.load(path: path)
      } catch {
        throw InputError(description: error.description)
      }
    }
    var discovery: DiscoveryResult
    let filesTotal = ConcurrentResults<Int>(count: 1)   // how many files discovery read, for the progress
    do {
      var discoverer = TargetDiscovery(buildSettings: commandLineSettings)
      if let progress = options.progress {
        discoverer.fileRead = { read, total in
          filesTotal[0] = total
          progress(LintProgress(filesRead: read, filesTotal: total, targetsLinted: 0, targetsTotal: 0))
        }
      }
      discovery = try discoverer.discover(options.paths)
    } catch {
      throw InputError(description: String(describing: error))
    }
    if let path = options.entitlementsPath {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw InputError(description: "cannot read the entitlements file '\(path)'")
      }
      let entitlements = DiscoveredPlist(displayPath: path, filePath: path, location: .sourceFile, bytes: Array(data))
      discovery.targets = discovery.targets.filter { $0.infoPlist != nil }.map { target in
        DiscoveredTarget(
          kind: target.kind, infoPlist: target.infoPlist, entitlements: entitlements,
          extensionPointIdentifier: target.extensionPointIdentifier, bundleIdentifier: target.bundleIdentifier,
          containingAppPath: target.containingAppPath, containingAppEvidence: target.containingAppEvidence)
      }
    }

    // Xcode projects: the plists their targets build are linted through them, once per configuration, with
    // that configuration's settings; folder discovery keeps the plists no project claims.
    var knownPlists: [String: DiscoveredPlist] = [:]
    if !discovery.projectContainers.isEmpty {
      for target in discovery.targets {
        for case let plist? in [target.infoPlist, target.entitlements] where plist.location == .sourceFile {
          if let path = plist.filePath { knownPlists[ProjectTargets.identity(of: path)] = plist }
        }
      }
    }
    let projects = ProjectTargets(
      containers: discovery.projectContainers,
      selection: ProjectTargets.Selection(targetName: options.targetName, configurationName: options.configurationName),
      knownPlists: knownPlists)
    if options.targetName != nil {
      discovery.targets = []
    } else if !projects.claimedFiles.isEmpty {
      discovery.targets = discovery.targets.filter { target in
        let plist = target.infoPlist ?? target.entitlements
        guard let path = plist?.filePath, plist?.location == .sourceFile else { return true }
        return !projects.claimedFiles.contains(ProjectTargets.identity(of: path))
      }
    }
    if options.targetName != nil || options.configurationName != nil, projects.builds.isEmpty {
      let wanted = [
        options.targetName.map { "target '\($0)'" }, options.configurationName.map { "configuration '\($0)'" },
      ].compactMap { $0 }.joined(separator: " in ")
      throw InputError(description: "no \(wanted) in the Xcode projects under \(options.paths.joined(separator: ", "))")
    }

    let rules = options.onlyRules.map { only in RuleRegistry.rules.filter { only.contains($0.description.code) } }
      ?? RuleRegistry.rules
    var configurations = ConfigurationCache(fixed: fixedConfiguration, rules: rules)
    var jobs: [TargetJob?] = []   // each is taken out when it starts
    jobs.reserveCapacity(discovery.targets.count)
    var problems = discovery.problems.map(\.description) + projects.problems
    let intuneDependencies = IntuneDependencyLookup()
    let commandLineDefinitions = try definitionsFromCommandLine(options.definitions)
    for build in projects.builds {
      let linter: Linter
      do {
        linter = try configurations.linter(for: build.target.displayPath)
      } catch {
        throw InputError(description: error.description)
      }
      let configuration = linter.configuration
      if configuration.isExcluded(build.target.displayPath) { continue }
      var buildSettings = build.settings
      for (name, value) in commandLineDefinitions { buildSettings.define(name, as: value) }
      var settings = settings(for: configuration, base: buildSettings)
      settings.intuneDependencies = intuneDependencies
      settings.buildSettingNotes = build.notes
      settings.generatedInfoPlistKeys = build.generatedInfoPlistKeys
      if let mode = options.intuneMode { settings.intuneMode = mode }
      if let version = options.sdkVersion { settings.sdkVersion = version }
      settings.activationRuleShape = options.activationRuleShape
      jobs.append(TargetJob(
        target: build.target, containingApp: build.containingApp, linter: linter, settings: settings,
        overlay: options.overlay, configuration: build.configuration, preprocessing: build.preprocessing))
    }
    for target in discovery.targets {
      let linter: Linter
      do {
        linter = try configurations.linter(for: target.displayPath)
      } catch {
        throw InputError(description: error.description)
      }
      let configuration = linter.configuration
      if configuration.isExcluded(target.displayPath) { continue }
      var settings = settings(for: configuration, base: commandLineSettings)
      settings.intuneDependencies = intuneDependencies
      if let mode = options.intuneMode { settings.intuneMode = mode }
      if let version = options.sdkVersion { settings.sdkVersion = version }
      settings.activationRuleShape = options.activationRuleShape
      let containingApp = discovery.containingApp(of: target)?.infoPlist
      jobs.append(TargetJob(
        target: target, containingApp: containingApp, linter: linter, settings: settings, overlay: options.overlay,
        configuration: nil, preprocessing: nil))
    }
    if jobs.isEmpty && discovery.targets.isEmpty && projects.builds.isEmpty && problems.isEmpty {
      problems.append("no Info.plist or entitlements file found in \(options.paths.joined(separator: ", "))")
    }

    var report = LintReport(problems: problems)
    // What is not needed any more goes before the findings pile up (10,000 targets hold several MB).
    discovery.targets = []
    let files = filesTotal[0] ?? 0
    let targetProgress = options.progress.map { progress in
      { @Sendable (linted: Int, total: Int) in
        progress(LintProgress(filesRead: files, filesTotal: files, targetsLinted: linted, targetsTotal: total))
      }
    }
    await lintConcurrently(&jobs, into: &report, progress: targetProgress)
    jobs = []
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
    return report
  }

  /// Runs the jobs on every core, a few at a time in target order, so that the documents in memory at
  /// once are those of the targets being linted (`DocumentLifetimes` releases each after its last use),
  /// and adds each job's findings to `report` in job order, whatever the scheduling.
  private static func lintConcurrently(
    _ pending: inout [TargetJob?], into report: inout LintReport,
    progress: (@Sendable (_ linted: Int, _ total: Int) -> Void)? = nil
  ) async {
    let lifetimes = DocumentLifetimes(pending)
    var next = 0
    var merger = ResultMerger(sharedFiles: lifetimes.sharedFiles)
    await withTaskGroup(of: (Int, TargetResult).self) { group in
      func startNext() {
        guard next < pending.count, let job = pending[next] else { return }
        pending[next] = nil
        let index = next
        next += 1
        group.addTask { (index, job.run(lifetimes: lifetimes)) }
      }
      let inFlight = max(2, ProcessInfo.processInfo.activeProcessorCount * 4)
      while next < min(inFlight, pending.count) { startNext() }
      var finished: [Int: TargetResult] = [:]   // results that came back before an earlier job's
      var merged = 0
      for await (index, result) in group {
        finished[index] = result
        while let ready = finished.removeValue(forKey: merged) {
          merger.add(ready, to: &report)
          merged += 1
          progress?(merged, pending.count)
        }
        startNext()
      }
    }
  }

  /// Adds job results to a report; findings about a file that several jobs read are added once, naming every
  /// configuration they hold in.
  struct ResultMerger {
    let sharedFiles: Set<String>
    /// The index in the report of each finding about a shared file.
    var seen: [DiagnosticIdentity: Int] = [:]

    mutating func add(_ result: TargetResult, to report: inout LintReport) {
      if result.linted { report.targetCount += 1 }
      for var diagnostic in result.diagnostics {
        if sharedFiles.contains(diagnostic.file) {
          let identity = DiagnosticIdentity(diagnostic)
          if let index = seen[identity] {
            if let name = result.configuration, !report.diagnostics[index].configurations.contains(name) {
              report.diagnostics[index].configurations.append(name)
            }
            continue
          }
          seen[identity] = report.diagnostics.count
        }
        if let name = result.configuration { diagnostic.configurations = [name] }
        report.diagnostics.append(diagnostic)
      }
      for (file, contents) in result.sources where report.sources[file] == nil { report.sources[file] = contents }
    }
  }

  /// The settings a target gets from the command line and its configuration.
  static func settings(for configuration: Configuration, base: BuildSettings) -> LintSettings {
    var buildSettings = base
    for (name, value) in configuration.buildSettings.sorted(by: { $0.key < $1.key })
    where buildSettings.value(of: name) == nil {
      buildSettings.define(name, as: value)
    }
    return LintSettings(
      intuneMode: configuration.intuneMode, sdkVersion: configuration.sdkVersion, buildSettings: buildSettings)
  }

  /// The `-D NAME=VALUE` arguments as pairs, in order, for project targets' settings (they override the project).
  static func definitionsFromCommandLine(_ arguments: [String]) throws(InputError) -> [(String, String)] {
    var pairs: [(String, String)] = []
    for argument in arguments {
      guard let equals = argument.firstIndex(of: "="), BuildSettings.isValidName(argument[..<equals]) else {
        throw InputError(description: "expected NAME=VALUE after -D, got '\(argument)'")
      }
      pairs.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
    }
    return pairs
  }

  /// The PL001 finding for a file that does not read, positioned when the reader knows where.
  public static func unreadableDiagnostic(_ error: Error, source: SourceText) -> LintDiagnostic {
    let description = MalformedPlistRule.description
    let message: String
    var range: ByteRange?
    if let plistError = error as? PropertyListError {
      message = plistError.message
      if let offset = plistError.offset {
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

  // MARK: - One target

  struct TargetResult: Sendable {
    var diagnostics: [LintDiagnostic] = []
    /// The files read, by display path, for the report.
    var sources: [(file: String, contents: PlistContents)] = []
    var linted = false
    /// The Xcode configuration the job linted, for a project target.
    var configuration: String?
  }

  struct TargetJob: Sendable {
    let target: DiscoveredTarget
    let containingApp: DiscoveredPlist?
    /// The rules the run asks for, under the target's configuration.
    let linter: Linter
    let settings: LintSettings
    let overlay: [String: [UInt8]]
    /// The Xcode configuration, for a project target.
    let configuration: String?
    /// For an Info.plist its project preprocesses: how. It is linted as the build sees it, and its findings
    /// are located in the source file.
    let preprocessing: ProjectTargets.Preprocessing?

    /// The plists this job reads: its Info.plist, its entitlements, its containing app's Info.plist.
    var plists: [DiscoveredPlist] { [target.infoPlist, target.entitlements, containingApp].compactMap { $0 } }

    func run(lifetimes: DocumentLifetimes) -> TargetResult {
      defer { lifetimes.finished(with: plists) }
      var result = TargetResult(configuration: configuration)
      func document(_ plist: DiscoveredPlist) throws -> PropertyListDocument {
        try overlay[plist.displayPath].map { try PropertyListDocument(bytes: $0, name: plist.displayPath) }
          ?? plist.document()
      }
      func load(_ plist: DiscoveredPlist?) -> PropertyListDocument? {
        guard let plist else { return nil }
        let contents = overlay[plist.displayPath].map { PlistContents(bytes: $0) } ?? plist.contents
        result.sources.append((plist.displayPath, contents))
        do {
          return try document(plist)
        } catch {
          let source = SourceText(name: plist.displayPath, bytes: (try? contents.bytes()) ?? [])
          result.diagnostics.append(LintSession.unreadableDiagnostic(error, source: source))
          return nil
        }
      }
      var preprocessed: PreprocessedInfoPlist?
      var info: PropertyListDocument?
      if let preprocessing, let plist = target.infoPlist {
        // `fix` lints its planned bytes through `overlay`; they are preprocessed like the file.
        let planned = overlay[plist.displayPath]
        result.sources.append((plist.displayPath, planned.map { PlistContents(bytes: $0) } ?? plist.contents))
        do {
          let source = SourceText(name: plist.displayPath, bytes: try planned ?? plist.bytes())
          let output = try preprocessing.preprocessor.preprocess(source, prefixHeader: preprocessing.prefixHeader)
          preprocessed = output
          info = try PropertyListDocument(bytes: output.output, name: plist.displayPath)
        } catch let error as InfoPlistPreprocessorError {
          let source = SourceText(name: plist.displayPath, bytes: (try? plist.bytes()) ?? [])
          var diagnostic = LintSession.unreadableDiagnostic(error, source: source)
          if error.file == plist.displayPath, let offset = error.offset {
            diagnostic.relocate(ByteRange(start: offset, end: min(source.bytes.count, offset + 1)), in: source)
          }
          diagnostic.message = error.message
          result.diagnostics.append(diagnostic)
          return result
        } catch {
          var diagnostic = LintSession.unreadableDiagnostic(
            error, source: SourceText(name: plist.displayPath, bytes: preprocessed?.output ?? []))
          if let preprocessed { diagnostic.locateInSource(of: preprocessed, document: nil) }
          diagnostic.notes.append("in the Info.plist as preprocessed (INFOPLIST_PREPROCESS = YES)")
          result.diagnostics.append(diagnostic)
          return result
        }
      } else {
        info = load(target.infoPlist)
      }
      let entitlements = load(target.entitlements)
      let appInfo = containingApp.flatMap { try? document($0) }
      if info == nil, target.kind == .entitlementsOnly, let entitlements {
        // An entitlements file no Info.plist goes with: the entitlements rules that need no Info.plist still
        // apply (an empty one stands in; the rules that need its values find none and stay silent).
        let empty = try? PropertyListDocument(bytes: Array("<plist><dict/></plist>".utf8), name: "")
        if let empty {
          let lintTarget = LintTarget(infoPlist: empty, entitlements: entitlements, settings: settings)
          result.diagnostics += linter.lint(lintTarget, families: [.entitlements])
            .filter { $0.file == entitlements.source.name }
          result.linted = true
        }
        return result
      }
      guard let info else { return result }
      let lintTarget = LintTarget(
        infoPlist: info, entitlements: entitlements, containingAppInfoPlist: appInfo, settings: settings)
      var diagnostics = linter.lint(lintTarget)
      if let preprocessed {
        for index in diagnostics.indices where diagnostics[index].file == info.source.name {
          diagnostics[index].locateInSource(of: preprocessed, document: info)
        }
      }
      result.diagnostics += diagnostics
      result.linted = true
      return result
    }
  }

  /// How many jobs still need each plist's parsed tree; the last one to finish releases it, so a run
  /// over thousands of files holds only the trees of the targets in flight.
  final class DocumentLifetimes: @unchecked Sendable {
    private let lock = NSLock()
    private var remainingUses: [String: Int] = [:]
    /// The files more than one job reads (entitlements shared by targets, containing apps' Info.plists),
    /// whose findings two jobs may both report.
    let sharedFiles: Set<String>

    init(_ jobs: [TargetJob?]) {
      for case let job? in jobs {
        for plist in job.plists { remainingUses[plist.displayPath, default: 0] += 1 }
      }
      sharedFiles = Set(remainingUses.filter { $0.value > 1 }.keys)
    }

    func finished(with plists: [DiscoveredPlist]) {
      for plist in plists {
        lock.lock()
        let remaining = (remainingUses[plist.displayPath] ?? 1) - 1
        remainingUses[plist.displayPath] = remaining
        lock.unlock()
        if remaining <= 0 { plist.releaseDocument() }
      }
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
      message = diagnostic.message
    }
  }

  /// Configurations by folder (`--config` for everything, else the nearest `.sharelint.yml`), each with
  /// its linter: one per configuration, not per target.
  struct ConfigurationCache {
    let fixed: Configuration?
    /// The rules every linter runs, where its configuration enables them.
    let rules: [any LintRule.Type]
    /// A linter for each configuration file loaded, by its path; `nil` for the default configuration
    /// (or `--config`).
    var linterByFile: [String?: Linter] = [:]
    /// The configuration file that applies in a folder (`nil`: none), by absolute folder path: targets
    /// share folders and ancestors, and each level searched costs a file-system lookup.
    var fileByFolder: [String: String?] = [:]

    /// The linter under the configuration of the target at `displayPath`.
    mutating func linter(for displayPath: String) throws(ConfigurationError) -> Linter {
      // Paths inside an archive look up from the archive's folder: no configuration file can be found
      // below the archive (the lookup fails there), so the search goes on in the folders above.
      let path = fixed == nil ? configurationFile(in: Self.standardizedFolder(of: displayPath)) : nil
      if let cached = linterByFile[path] { return cached }
      let configuration = try path.map { path throws(ConfigurationError) in try Configuration.load(path: path) }
        ?? fixed ?? Configuration()
      let linter = Linter(configuration: configuration, rules: rules)
      linterByFile[path] = linter
      return linter
    }

    /// The absolute folder of `path` without `.` or `..` steps. A path without such steps, doubled or
    /// trailing slashes (the usual case) is put after the working folder when relative and cut at its
    /// last slash; anything else goes through `URL`, which costs far more (it was 2% of a 10,000-file
    /// run, on one thread).
    static func standardizedFolder(of path: String) -> String {
      let absolute = path.hasPrefix("/") ? path : workingFolder.map { $0 + "/" + path } ?? path
      guard isPlainAbsolute(absolute), let lastSlash = absolute.utf8.lastIndex(of: UInt8(ascii: "/")) else {
        return URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
      }
      return lastSlash == absolute.utf8.startIndex ? "/" : String(absolute[..<lastSlash])
    }

    /// Whether `path` starts with `/` and has no empty, `.` or `..` component after it (so no doubled or
    /// trailing slash either); `/` alone is not plain.
    static func isPlainAbsolute(_ path: String) -> Bool {
      var components = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)[...]
      guard components.first?.isEmpty == true, components.count > 1 else { return false }
      components = components.dropFirst()
      return !components.contains { component in
        component.isEmpty || component.elementsEqual([UInt8(ascii: ".")])
          || component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
      }
    }

    /// The working folder, when it is plain and absolute (as `getcwd` gives it), read once per run.
    private static let workingFolder: String? = {
      let folder = FileManager.default.currentDirectoryPath
      return isPlainAbsolute(folder) ? folder : nil
    }()

    /// The nearest `.sharelint.yml` in `folder` or a folder above it, remembering the answer for `folder`
    /// and each ancestor searched.
    private mutating func configurationFile(in folder: String) -> String? {
      if let known = fileByFolder[folder] { return known }
      let candidate = (folder == "/" ? "" : folder) + "/" + Configuration.fileName
      let parent = PathText.removingLastComponent(of: folder)
      let found: String? =
        if FileManager.default.fileExists(atPath: candidate) {
          candidate
        } else if parent != folder, !parent.isEmpty {
          configurationFile(in: parent)
        } else {
          nil
        }
      fileByFolder[folder] = .some(found)
      return found
    }
  }
}

import Foundation
import ProjectDiscovery
import PropertyList
import SharelintBase
import XcodeModel

/// Stage 2 of a lint run (plan → jobs → rules → merge → report): one job per build (target × configuration),
/// carrying the linter of the target's `.sharelint.yml` and the settings the rules see.
struct LintJob: Sendable {
  /// The build: its files, configuration and settings.
  var build: PlannedBuild { parts.build }
  /// The index of the build's target in the plan, so the merge counts targets, not builds.
  let targetIndex: Int
  /// The rules the run asks for, under the target's configuration.
  var linter: Linter { parts.linter }
  /// What the rules see of the run and the configuration.
  var settings: LintSettings { parts.settings }
  /// The build, linter and settings, shared by the job's copies: the run hands each job on several times (made on
  /// every core and gathered, listed for the runner, for the documents' lifetimes, for the merger), and copying them
  /// field by field was 3% of a run over 10,000 targets, mostly on one core.
  private let parts: Parts
  /// Whether the job's result carries the target's `ExtensionInsight`.
  var collectsExtensionInsight = false
  /// Whether the job asks the target rules about its target (with `otherBuildsOfTarget`): its target's first job
  /// does; the others run the rules about their build only.
  var runsTargetRules = true
  /// The jobs of the target's other configurations, for the first job's target rules (empty in the others).
  var otherBuildsOfTarget: [LintJob] = []

  /// What a job lints and with what.
  private final class Parts: Sendable {
    let build: PlannedBuild
    let linter: Linter
    let settings: LintSettings

    init(build: PlannedBuild, linter: Linter, settings: LintSettings) {
      self.build = build
      self.linter = linter
      self.settings = settings
    }
  }

  /// The job of `build` (of the plan's target `targetIndex`) with `linter` and `settings`.
  init(
    build: PlannedBuild, targetIndex: Int, linter: Linter, settings: LintSettings, collectsExtensionInsight: Bool = false
  ) {
    parts = Parts(build: build, linter: linter, settings: settings)
    self.targetIndex = targetIndex
    self.collectsExtensionInsight = collectsExtensionInsight
  }

  /// The plists this job reads: its build's, and those of the target's other builds its target rules read.
  var plists: [DiscoveredPlist] {
    otherBuildsOfTarget.isEmpty ? build.plists : build.plists + otherBuildsOfTarget.flatMap(\.build.plists)
  }

  /// The project files its findings may be about, by display path: the `project.pbxproj` (or XcodeGen spec) and
  /// the `.xcconfig` files of its configuration.
  /// An XcodeGen spec file that defines one of its generated plists' `properties:` (an included one too) is one.
  /// The files a merged Info.plist is made of (a .NET app's Info.plist and PartialAppManifest items) are too: a fix of
  /// one changes what the build merges.
  var projectFiles: [String] {
    guard let facts = build.buildFacts, let sources = facts.sources else { return [] }
    let specFiles = build.xcodeGenPlists.values.compactMap { $0.spec?.entry.keyLocation.file }
      .map(XcodeProjectSources.displayPath).filter { $0 != sources.projectText.name }
    let mergedFiles = Set(build.mergedInfoPlists.values).union(build.mergedKeyOrigins.values.flatMap(\.values))
    return [sources.projectText.name] + Set(specFiles).sorted()
      + (facts.configuration?.xcconfigFiles ?? []).map(XcodeProjectSources.displayPath) + mergedFiles.sorted()
  }

  /// The jobs of `plan`, in its order; the builds of a target `.sharelint.yml` excludes are left out.
  static func make(
    _ plan: LintPlan, options: LintSession.Options, rules: [any LintRule.Type], fixedConfiguration: Configuration?
  ) throws(LintSession.InputError) -> [LintJob] {
    var configurations = ConfigurationCache(
      fixed: fixedConfiguration, rules: rules,
      lookup: ConfigurationLookup(
        paths: options.paths, ignoresRepositoryFiles: options.ignoresRepositoryConfiguration),
      listedFolders: plan.listedFolders)
    let intuneDependencies = IntuneDependencyLookup(listedFolders: plan.listedFolders)
    // Each build's configuration file is found on every core; then its linter comes from the cache, in plan order
    // (a configuration that fails to load stops the run at the first target under it); the jobs are then made on
    // every core, a chunk of targets each.
    configurations.lookUpConfigurationFiles(in: configurations.lookup.namedFolders)
    let finder = configurations
    let configurationFiles = inChunksOnEveryCore(plan.targets.count) { targets in
      var known: [String: String?] = [:]
      return targets.map { target in
        plan.targets[target].builds.map { build in
          let folder = ConfigurationCache.standardizedFolder(of: build.target.displayPath)
          return finder.configurationFile(in: folder, known: &known)
        }
      }
    }
    var lintersByTarget: [[Linter]] = []
    lintersByTarget.reserveCapacity(plan.targets.count)
    var previous: (file: String?, linter: Linter)?
    for files in configurationFiles {
      var targetLinters: [Linter] = []
      for file in files {
        if let previous, previous.file == file {
          targetLinters.append(previous.linter)   // the usual case: the same file as the build before
          continue
        }
        do {
          let linter = try configurations.linter(forConfigurationFile: file)
          targetLinters.append(linter)
          previous = (file, linter)
        } catch {
          throw LintSession.InputError(description: error.description)
        }
      }
      lintersByTarget.append(targetLinters)
    }
    let linters = lintersByTarget
    return inChunksOnEveryCore(plan.targets.count) { targets in
      var jobs: [LintJob] = []
      for targetIndex in targets {
        for (buildIndex, build) in plan.targets[targetIndex].builds.enumerated() {
          let linter = linters[targetIndex][buildIndex]
          let configuration = linter.configuration
          if configuration.isExcluded(build.target.displayPath) { continue }
          var settings = settings(for: configuration, base: build.settings)
          settings.intuneDependencies = intuneDependencies
          settings.buildSettingNotes = build.notes
          settings.buildSettingProvenance = build.provenance
          settings.generatedInfoPlistKeys = build.generatedInfoPlistKeys
          settings.buildFacts = build.buildFacts
          settings.containingAppBundleIdentifier = build.containingAppBundleIdentifier
          if let mode = options.intuneMode { settings.intuneMode = mode }
          if let version = options.sdkVersion { settings.sdkVersion = version }
          settings.activationRuleShape = options.activationRuleShape
          settings.ignoresBuildTimeConfigurator = options.ignoresBuildTimeConfigurator
          jobs.append(
            LintJob(
              build: build, targetIndex: targetIndex, linter: linter, settings: settings,
              collectsExtensionInsight: options.collectsExtensionInsights))
        }
        // The target's first job asks the target rules about every build of the target.
        if let first = jobs.firstIndex(where: { $0.targetIndex == targetIndex }), first < jobs.count - 1 {
          jobs[first].otherBuildsOfTarget = Array(jobs[(first + 1)...])
          for other in (first + 1)..<jobs.count { jobs[other].runsTargetRules = false }
        }
      }
      return jobs
    }
  }

  /// The settings a target gets from its build settings and its configuration (`.sharelint.yml`'s
  /// `build_settings` fill in what the build leaves undefined).
  static func settings(for configuration: Configuration, base: BuildSettings) -> LintSettings {
    var buildSettings = base
    for (name, value) in configuration.buildSettings.sorted(by: { $0.key < $1.key })
    where buildSettings.value(of: name) == nil {
      buildSettings.define(name, as: value)
    }
    var settings = LintSettings(
      intuneMode: configuration.intuneMode, sdkVersion: configuration.sdkVersion, buildSettings: buildSettings)
    settings.conditionalAccess = configuration.conditionalAccess
    return settings
  }
}

/// Configurations by folder (`--config` for everything, else the nearest `.sharelint.yml` inside the repository, as
/// `ConfigurationLookup` bounds the search; with `--ignore-repository-config`, `--config` or the defaults), each
/// with its linter: one per configuration, not per target.
struct ConfigurationCache {
  let fixed: Configuration?
  /// The rules every linter runs, where its configuration enables them.
  let rules: [any LintRule.Type]
  /// How high the search for `.sharelint.yml` goes, whether it is made at all, and the boundary files are read in.
  let lookup: ConfigurationLookup
  /// A linter for each configuration file loaded, by its path; `nil` for the default configuration
  /// (or `--config`).
  var linterByFile: [String?: Linter] = [:]
  /// Whether a configuration file is in each folder looked up ahead (`lookUpConfigurationFiles`), by folder.
  var configurationFileIsInFolder: [String: Bool] = [:]
  /// The folders the discovery walk listed, with whether each holds a configuration file: not asked of the disk.
  let listedFolders: ListedFolders

  /// A cache for `fixed` (`--config`, nil without it) and `rules`, looking configuration files up as `lookup` says,
  /// in `listedFolders` for the folders the walk listed.
  init(
    fixed: Configuration?, rules: [any LintRule.Type], lookup: ConfigurationLookup,
    listedFolders: ListedFolders = .none
  ) {
    self.fixed = fixed
    self.rules = rules
    self.lookup = lookup
    self.listedFolders = listedFolders
  }

  /// Whether `.sharelint.yml` files are searched for: not under `--config` or `--ignore-repository-config`.
  var searchesFiles: Bool { fixed == nil && !lookup.ignoresRepositoryFiles }

  /// Looks up, on every core, whether each of `folders` (absolute, as `standardizedFolder` gives them) and each
  /// folder above them up to their repository's top holds a configuration file, so that `configurationFile(in:)`
  /// does not ask the disk for them. Given the folders of the paths named (`ConfigurationLookup.namedFolders`), this
  /// is every folder a search can reach that the walk did not list (`listedFolders`); a `stat` per target folder and
  /// per folder above it, on one thread, had been the longest step before the jobs of a 10,000-target run.
  mutating func lookUpConfigurationFiles(in folders: [String]) {
    guard searchesFiles else { return }
    var searched: Set<String> = []
    for folder in folders {
      guard let top = lookup.outermostTop(containing: folder), searched.insert(folder).inserted else { continue }
      var current = folder
      while current != top {
        let parent = PathText.removingLastComponent(of: current)
        guard parent != current, !parent.isEmpty, searched.insert(parent).inserted else { break }
        current = parent
      }
    }
    let unique = Array(searched.filter { listedFolders.names(inFolder: $0) == nil })
    let found = inChunksOnEveryCore(unique.count) { range in
      range.map { Self.exists(Self.configurationFilePath(in: unique[$0])) }
    }
    for (folder, exists) in zip(unique, found) { configurationFileIsInFolder[folder] = exists }
  }

  /// The linter under the configuration of the targets in `folder` (as `standardizedFolder` gives it).
  mutating func linter(forFolder folder: String) throws(ConfigurationError) -> Linter {
    var known: [String: String?] = [:]
    return try linter(forConfigurationFile: configurationFile(in: folder, known: &known))
  }

  /// The linter under the configuration file at `path` (`configurationFile(in:known:)`), loaded on first use; nil
  /// for `--config` or the defaults.
  mutating func linter(forConfigurationFile path: String?) throws(ConfigurationError) -> Linter {
    if let cached = linterByFile[path] { return cached }
    let boundary = lookup.readingBoundary
    let configuration =
      try path.map { path throws(ConfigurationError) in try Configuration.load(path: path, boundary: boundary) }
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
    // Byte by byte, without splitting: this runs for every target of a run.
    var componentLength = 0
    var dots = 0   // how many of the component's bytes so far are `.`
    var isFirst = true
    for byte in path.utf8 {
      if isFirst {
        guard byte == UInt8(ascii: "/") else { return false }
        isFirst = false
        continue
      }
      if byte == UInt8(ascii: "/") {
        if componentLength == 0 || (dots == componentLength && dots <= 2) { return false }
        componentLength = 0
        dots = 0
      } else {
        componentLength += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
    }
    return !isFirst && componentLength > 0 && !(dots == componentLength && dots <= 2)
  }

  /// The working folder, when it is plain and absolute (as `getcwd` gives it), read once per run.
  private static let workingFolder: String? = {
    let folder = FileManager.default.currentDirectoryPath
    return isPlainAbsolute(folder) ? folder : nil
  }()

  /// The nearest `.sharelint.yml` in `folder` or a folder above it up to its repository's top (`lookup`), nil for
  /// a folder outside every path named, or when files are not searched (`searchesFiles`). Asks `listedFolders`, then
  /// what `lookUpConfigurationFiles` found, then the disk; `known` remembers the answer of `folder` and of each
  /// folder above it searched (the caller's, so that threads share nothing).
  func configurationFile(in folder: String, known: inout [String: String?]) -> String? {
    guard searchesFiles else { return nil }
    // Paths inside an archive look up from the archive's folder: no configuration file can be found
    // below the archive (the lookup fails there), so the search goes on in the folders above.
    if let answer = known[folder] { return answer }
    guard let top = lookup.outermostTop(containing: folder) else {
      known[folder] = .some(nil)
      return nil
    }
    var searched: [String] = []
    var current = folder
    var found: String?
    while true {
      if let answer = known[current] {
        found = answer
        break
      }
      searched.append(current)
      let candidate = Self.configurationFilePath(in: current)
      let listed = listedFolders.names(inFolder: current)?.contains(Configuration.fileName)
      if listed ?? configurationFileIsInFolder[current] ?? Self.exists(candidate) {
        found = candidate
        break
      }
      let parent = PathText.removingLastComponent(of: current)
      if current == top || parent == current || parent.isEmpty { break }
      current = parent
    }
    for folder in searched { known[folder] = .some(found) }
    return found
  }

  /// Where the configuration file of `folder` would be.
  private static func configurationFilePath(in folder: String) -> String {
    (folder == "/" ? "" : folder) + "/" + Configuration.fileName
  }

  /// Whether something exists at `path` (following symbolic links): one `stat(2)`, where `FileManager.fileExists`
  /// cost five times as much (a lookup per folder of every target, on one thread).
  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }
}

/// `transform` of `0..<count`, a few chunks per core run at once, results in index order: each chunk hands back
/// its results at once (a result handed back per index made the threads queue for the results' lock).
private func inChunksOnEveryCore<Result>(_ count: Int, _ transform: @Sendable (Range<Int>) -> [Result]) -> [Result] {
  let chunkSize = max(64, count / (ProcessInfo.processInfo.activeProcessorCount * 4) + 1)
  let chunks = stride(from: 0, to: count, by: chunkSize).map { $0..<min(count, $0 + chunkSize) }
  let results = ConcurrentResults<[Result]>(count: chunks.count)
  DispatchQueue.concurrentPerform(iterations: chunks.count) { chunk in results[chunk] = transform(chunks[chunk]) }
  return chunks.indices.flatMap { results[$0] ?? [] }
}

import Foundation
import ProjectDiscovery
import PropertyList
import SharelintBase
import XcodeModel

/// Stage 1 of a lint run (plan → jobs → rules → merge → report): what to lint under the paths given.
///
/// The walk lists the files first without reading them. The Xcode projects found are read next — each app and
/// extension target with the Info.plist and entitlements each of its configurations builds, and that
/// configuration's build settings — and the files they claim leave the walk's list unread. What no project claims
/// (loose Info.plists and entitlements, `.app` bundles, `.ipa` archives) is then read and paired into targets.
struct LintPlan {
  /// The targets: the projects' first (project by project, target by target), then the loose ones in display-path
  /// order.
  var targets: [PlannedTarget] = []
  /// One-line reasons for inputs that could not be used (projects that do not read, nothing found).
  var problems: [String] = []
  /// The files discovery could not use (unreadable, too large, corrupt archives): each a PL001 finding, so that
  /// every report format carries it.
  var unusableFiles: [DiscoveryProblem] = []
  /// What Xcode would report about the projects and go on from, located (see `ProjectPlan.notes`), and what the walk
  /// found that stops nothing (a Tuist manifest: its project is generated), one by one.
  var notes: [String] = []
  /// The project targets as read, every app and extension target of every project (`targets` holds those linted).
  var projects: XcodeTargetsReport?
  /// The sources the rules read: those they could not read are notes once the run is over.
  var sourceFiles: SourceFileCache?
  /// What the walk saw of the folders it listed that the steps after it look for (the Intune SDK's package lookup,
  /// the `.sharelint.yml` lookup): the walk lists every folder once.
  var listedFolders = ListedFolders.none

  /// `notes` as a run reports them: those that say the same thing of several files, targets or configurations
  /// in one line (`NoteGrouping`).
  var groupedNotes: [String] { NoteGrouping.grouped(notes) }
  /// How many files discovery read, for the progress line.
  var filesRead = 0

  /// Every build of every target, in target order.
  var builds: [PlannedBuild] { targets.flatMap(\.builds) }

  /// Plans a run over `options.paths`. `commandLineSettings` are the settings of `-D`, `--xcconfig` (and
  /// `configure --project`'s base): those of the loose targets; project targets get their configuration's
  /// settings under the `-D` definitions. Finding nothing at all is a problem for a lint (nothing was checked),
  /// unless `nothingFoundIsAProblem` is false (a listing of targets).
  static func make(
    _ options: LintSession.Options, commandLineSettings: BuildSettings,
    commandLineDefinitions: [(name: String, value: String)], nothingFoundIsAProblem: Bool = true
  ) throws(LintSession.InputError) -> LintPlan {
    let filesRead = ConcurrentResults<Int>(count: 1)
    var discoverer = TargetDiscovery(buildSettings: commandLineSettings)
    discoverer.standardInput = options.standardInput
    discoverer.keptFolderNames = ListedFolders.isKept
    discoverer.fileRead = { read, total in
      filesRead[0] = total
      options.progress?(
        LintSession.LintProgress(filesRead: read, filesTotal: total, targetsLinted: 0, targetsTotal: 0))
    }
    let candidates: DiscoveryCandidates
    do {
      candidates = try discoverer.collect(options.paths)
    } catch {
      throw LintSession.InputError(description: String(describing: error))
    }

    let projects = ProjectPlan(
      containers: candidates.projectContainers,
      selection: ProjectPlan.Selection(targetName: options.targetName, configurationName: options.configurationName),
      commandLineDefinitions: commandLineDefinitions, overlay: options.overlay)
    if options.targetName != nil || options.configurationName != nil, projects.targets.isEmpty {
      let wanted = [
        options.targetName.map { "target '\($0)'" }, options.configurationName.map { "configuration '\($0)'" },
      ].compactMap { $0 }.joined(separator: " in ")
      throw LintSession.InputError(
        description: "no \(wanted) in the Xcode projects under \(options.paths.joined(separator: ", "))")
    }

    var plan = LintPlan()
    plan.targets = projects.targets
    plan.projects = projects.report
    plan.sourceFiles = projects.sourceFiles
    plan.listedFolders = ListedFolders(namesByDisplayPath: candidates.folderNames)
    if options.targetName == nil {
      // `--target` names a project target: the loose files are then left out.
      var discovery = discoverer.pair(candidates, leavingOut: projects.claimedFiles)
      if let path = options.entitlementsPath {
        try pairEveryInfoPlist(with: path, in: &discovery)
      }
      let unbuilt = leaveOutFilesNoTargetBuilds(in: &discovery, projectFolders: projects.projectFolders, options: options)
      if let first = unbuilt.first {
        let count = unbuilt.count
        let files = count == 1 ? "1 plist" : "\(count) plists"
        let more = count > 1 ? " and \(count - 1) more" : ""
        plan.notes.append(
          "\(files) in the folder of an Xcode project that no target builds: not linted ('\(first)'\(more)); "
            + "name a file to lint it")
      }
      for target in discovery.targets {
        var build = PlannedBuild(
          target: target, containingApp: discovery.containingApp(of: target)?.infoPlist, configuration: nil,
          settings: commandLineSettings)
        if let bundle = target.bundleDisplayPath, let frameworks = target.bundledFrameworks {
          build.buildFacts = TargetBuildFacts(
            bundle: bundle, frameworks: frameworks, versions: target.bundledFrameworkVersions)
        }
        plan.targets.append(PlannedTarget(name: target.displayPath, builds: [build]))
      }
      plan.unusableFiles = discovery.problems
    }
    plan.problems += projects.problems
    plan.notes =
      candidates.notes + commandLineSettings.xcconfigDiagnostics.map(\.description) + projects.notes + plan.notes
    plan.filesRead = filesRead[0] ?? 0
    if nothingFoundIsAProblem && plan.targets.isEmpty && plan.problems.isEmpty && plan.unusableFiles.isEmpty
      && plan.notes.isEmpty
    {
      plan.problems.append("no Info.plist or entitlements file found in \(options.paths.joined(separator: ", "))")
    }
    return plan
  }

  /// Takes out of `discovery` the targets whose files sit in the folder of an Xcode project that no target of it
  /// builds (a stale `Info.plist` beside the real one, a fixture): Xcode never reads them. A file the user names
  /// itself stays. Returns the display paths taken out.
  private static func leaveOutFilesNoTargetBuilds(
    in discovery: inout DiscoveryResult, projectFolders: [String], options: LintSession.Options
  ) -> [String] {
    guard !projectFolders.isEmpty else { return [] }
    let folders = projectFolders.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    let named = Set(options.paths.map { FileIdentity.of($0) })
    var unbuilt: [String] = []
    discovery.targets.removeAll { target in
      let plists = [target.infoPlist, target.entitlements].compactMap { $0 }
      guard let plist = plists.first, plist.location == .sourceFile, let path = plist.filePath else { return false }
      let identity = FileIdentity.of(path)
      guard !named.contains(identity), folders.contains(where: { identity.hasPrefix($0) }) else { return false }
      unbuilt.append(plist.displayPath)
      return true
    }
    return unbuilt
  }

  /// `configure -e FILE`: the entitlements file goes with every Info.plist found, whatever its name or folder.
  private static func pairEveryInfoPlist(
    with path: String, in discovery: inout DiscoveryResult
  ) throws(LintSession.InputError) {
    let bytes: [UInt8]
    switch RepositoryFile.read(path, limit: XMLPlistReader.maximumInputSize) {
    case .success(let read): bytes = read
    case .failure(let failure):
      throw LintSession.InputError(description: "cannot read the entitlements file '\(path)': it \(failure)")
    }
    let entitlements = DiscoveredPlist(displayPath: path, filePath: path, location: .sourceFile, bytes: bytes)
    discovery.targets = discovery.targets.filter { $0.infoPlist != nil }.map { target in
      DiscoveredTarget(
        kind: target.kind, infoPlist: target.infoPlist, entitlements: entitlements,
        extensionPointIdentifier: target.extensionPointIdentifier, bundleIdentifier: target.bundleIdentifier,
        containingAppPath: target.containingAppPath, containingAppEvidence: target.containingAppEvidence)
    }
  }
}

/// One app, extension or lone entitlements file to lint, with each build of it: one per configuration for a
/// project target, one for a target made of loose files.
struct PlannedTarget {
  /// How the target is shown: `Project.xcodeproj › Target`, or its Info.plist's display path.
  var name: String
  /// Its builds, in the project's configuration order.
  var builds: [PlannedBuild]
}

/// One target in one configuration: the files that build reads and the settings it expands them with.
struct PlannedBuild {
  /// The target's files, as discovery makes them.
  var target: DiscoveredTarget
  /// The containing app's Info.plist in the same configuration, when known.
  var containingApp: DiscoveredPlist?
  /// The Xcode configuration (`Debug`), for a project target.
  var configuration: String?
  /// The build settings `$(VAR)` expands with: the configuration's under the `-D` definitions, or the command
  /// line's for loose files.
  var settings: BuildSettings
  /// What the project model noted about this configuration (a missing `.xcconfig`…), for PL003's notes.
  var notes: [String] = []
  /// How to preprocess the Info.plist, when the configuration sets `INFOPLIST_PREPROCESS = YES`.
  var preprocessing: InfoPlistPreprocessing?
  /// `INFOPLIST_KEY_*` settings by key, when the configuration sets `GENERATE_INFOPLIST_FILE = YES`.
  var generatedInfoPlistKeys: [String: String] = [:]
  /// Where the configuration's settings come from and could have come from, for PL003's notes.
  var provenance: BuildSettingProvenance?
  /// The plists of this build that a project generator writes (and the repository lacks, or the generator rewrites),
  /// by display path, with what writes them (`XcodeGen from project.yml:8`): linted as written, never written
  /// themselves.
  var generatedFiles: [String: String] = [:]
  /// For a plist the build merges from several files (a .NET app's PartialAppManifest items), by display path: the
  /// file each merged key path comes from, where its findings are shown.
  var mergedKeyOrigins: [String: [String: String]] = [:]
  /// For the same plists, by display path: the Info.plist the partial manifests are merged over, where the fixes of
  /// keys no partial manifest sets are written (`MergedInfoPlistFixes`).
  var mergedInfoPlists: [String: String] = [:]
  /// Those of `generatedFiles` XcodeGen writes, by display path: their findings are located in the spec, and their
  /// fixes written there (`XcodeGenSpecFixes`).
  var xcodeGenPlists: [String: XcodeGenGeneratedPlist] = [:]
  /// What the build links, embeds and runs (a project target in this configuration), or the frameworks a built
  /// bundle carries; nil for loose files.
  var buildFacts: TargetBuildFacts?
  /// The containing app's expanded `PRODUCT_BUNDLE_IDENTIFIER` in the same configuration, for a project target.
  var containingAppBundleIdentifier: String?

  /// The plists the build reads: its Info.plist, its entitlements, its containing app's Info.plist.
  var plists: [DiscoveredPlist] { [target.infoPlist, target.entitlements, containingApp].compactMap { $0 } }
}

/// `INFOPLIST_PREPROCESSOR_DEFINITIONS` and `INFOPLIST_PREFIX_HEADER` of a configuration that preprocesses.
struct InfoPlistPreprocessing: Sendable {
  /// The preprocessor, with the configuration's definitions and flags.
  var preprocessor: InfoPlistPreprocessor
  /// The prefix header, resolved.
  var prefixHeader: String?
}

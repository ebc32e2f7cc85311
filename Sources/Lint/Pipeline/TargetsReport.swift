import ProjectDiscovery
import SharelintBase
import XcodeModel

/// What `sharelint targets` prints: the targets `lint` would plan under some paths, from the same plan
/// (`LintPlan`), so the two commands never disagree about what a target is. The Xcode projects' app and
/// extension targets come first, with their build facts and per-configuration values (`XcodeTargetsReport`), each
/// saying whether `lint` lints it; then the targets made of files no project claims — loose Info.plists and
/// entitlements, `.app` bundles, `.ipa` archives — as discovery pairs them; then the run's notes.
public struct TargetsReport: Sendable {
  /// A target made of files no project claims.
  public struct LooseTarget: Sendable {
    /// The target, as discovery made it.
    public var target: DiscoveredTarget
    /// The display path of its containing app's Info.plist, when found.
    public var containingApp: String?
  }

  /// The projects' targets, as read.
  public var projects: XcodeTargetsReport
  /// The names (`Project.xcodeproj › Target`) of the project targets `lint` lints.
  public var lintedProjectTargets: Set<String>
  /// The loose targets, in display-path order.
  public var looseTargets: [LooseTarget]
  /// The notes of the run (as `lint` prints them: grouped), leaving out those shown under a configuration.
  public var notes: [String]
  /// One-line reasons for inputs that could not be used (as `lint` has them): the command exits 2.
  public var problems: [String]

  /// The report for `paths`, planned as `lint` plans them. Throws, with the one-line reason, when `lint` would stop
  /// before linting (a path that does not exist). Finding nothing is an answer here ("no app or extension targets
  /// found"), not a problem as for `lint`. `standardInput` holds what the path `-` stands for.
  public static func make(
    paths: [String], standardInput: [UInt8]? = nil
  ) throws(LintSession.InputError) -> TargetsReport {
    var options = LintSession.Options(paths: paths)
    options.standardInput = standardInput
    let plan = try LintPlan.make(
      options, commandLineSettings: BuildSettings(), commandLineDefinitions: [],
      nothingFoundIsAProblem: false)
    let projects = plan.projects ?? XcodeTargetsReport()
    // Each configuration shows its own notes; the list of the run's notes need not repeat them.
    var shownUnderConfigurations: Set<String> = []
    for target in projects.targets {
      for configuration in target.configurations {
        shownUnderConfigurations.formUnion(configuration.notes.map(\.description))
        shownUnderConfigurations.formUnion(configuration.errors.map { "error: " + $0.description })
      }
    }
    var looseTargets: [LooseTarget] = []
    var linted: Set<String> = []
    for planned in plan.targets {
      guard let build = planned.builds.first else { continue }
      if build.configuration != nil {
        linted.insert(planned.name)
      } else {
        looseTargets.append(LooseTarget(target: build.target, containingApp: build.containingApp?.displayPath))
      }
    }
    return TargetsReport(
      projects: projects, lintedProjectTargets: linted, looseTargets: looseTargets,
      notes: NoteGrouping.grouped(plan.notes.filter { !shownUnderConfigurations.contains($0) }),
      problems: plan.problems + plan.unusableFiles.map(\.description))
  }

  /// Whether `lint` lints the project target `target`.
  public func isLinted(_ target: XcodeTargetsReport.Target) -> Bool {
    lintedProjectTargets.contains("\(target.project) › \(target.name)")
  }

  // MARK: - Rendering

  /// How discovery tied an extension to its containing app, in words.
  static func evidence(_ evidence: DiscoveredTarget.ContainingAppEvidence) -> String {
    switch evidence {
    case .bundleLayout: return "inside the app's PlugIns folder"
    case .intuneContainingAppBundleId:
      return "its IntuneMAMSettings.ContainingAppBundleId is the app's bundle identifier"
    case .bundleIdentifierPrefix: return "its bundle identifier starts with the app's"
    }
  }

  /// A target's kind, in words.
  static func kindText(_ kind: DiscoveredTarget.Kind) -> String {
    switch kind {
    case .app: return "app"
    case .appExtension: return "extension"
    case .entitlementsOnly: return "entitlements file, no Info.plist paired"
    case .unclassified: return "not a plist dictionary: lint reports why"
    }
  }

  /// The report as text: the project targets (see `XcodeTargetsReport.targetsText`), then one block per loose
  /// target, then the notes. Paths, names and values come from the repository: paths are shown as
  /// `PrintableText.path` shows them, and every line goes through `PrintableText.lines`.
  public func text() -> String {
    var output = projects.targetsText { target in
      isLinted(target) ? nil : "not linted (see the notes)"
    }
    for loose in looseTargets {
      let target = loose.target
      output += "\(PrintableText.path(target.displayPath)) (\(Self.kindText(target.kind))"
      if let point = target.extensionPointIdentifier { output += " \(point)" }
      output += ")"
      if let app = loose.containingApp {
        output += ", embedded in \(PrintableText.path(app))"
        if let evidence = target.containingAppEvidence { output += " (\(Self.evidence(evidence)))" }
      }
      output += "\n"
      if let bundle = target.bundleDisplayPath { output += "  bundle: \(PrintableText.path(bundle))\n" }
      if let identifier = target.bundleIdentifier { output += "  bundle identifier: \(identifier)\n" }
      if target.kind != .entitlementsOnly {
        output += "  entitlements: \(target.entitlements.map { PrintableText.path($0.displayPath) } ?? "none")\n"
      }
      if let frameworks = target.bundledFrameworks {
        output += "  frameworks: " + (frameworks.isEmpty ? "none" : frameworks.joined(separator: ", ")) + "\n"
      }
    }
    for note in notes { output += "note: \(note)\n" }
    if projects.targets.isEmpty && looseTargets.isEmpty { output += "no app or extension targets found\n" }
    return PrintableText.lines(output)
  }

  /// The report as JSON, keys sorted: `targets` (the project targets, as `XcodeTargetsReport.json()` has them, each
  /// with `linted`), `looseTargets` (`name`, `kind`, `infoPlist`, `entitlements`, `bundleIdentifier`,
  /// `extensionPoint`, `containingApp`, `containingAppEvidence`, `bundle`, `bundledFrameworks`), `notes` and
  /// `problems`; docs/json-output.md documents each field.
  public func json() -> String {
    func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
    let loose: [JSONValue] = looseTargets.map { loose in
      let target = loose.target
      return .object([
        "name": .string(target.displayPath), "kind": .string(target.kind.rawValue),
        "infoPlist": string(target.infoPlist?.displayPath), "entitlements": string(target.entitlements?.displayPath),
        "bundleIdentifier": string(target.bundleIdentifier), "extensionPoint": string(target.extensionPointIdentifier),
        "containingApp": string(loose.containingApp),
        "containingAppEvidence": string(target.containingAppEvidence?.rawValue),
        "bundle": string(target.bundleDisplayPath),
        "bundledFrameworks": target.bundledFrameworks.map { .array($0.map { .string($0) }) } ?? .null,
      ])
    }
    let object: [String: JSONValue] = [
      "targets": .array(projects.targetsJSON { ["linted": .bool(isLinted($0))] }),
      "looseTargets": .array(loose),
      "notes": .array(notes.map { .string($0) }),
      "problems": .array(problems.map { .string($0) }),
    ]
    return JSONValue.object(object).serialized(pretty: true) + "\n"
  }
}

import ActivationRules
import Foundation
import IntuneKnowledge
import PredicateSyntax
import PropertyList
import SharelintBase
import URLSchemes
import XcodeModel

/// `sharelint configure`: what Microsoft's IntuneMAMConfigurator does to an Info.plist, done as
/// the fixes of the lint rules that check the same things (one mechanism, no second code path),
/// without its bugs: the order of LSApplicationQueriesSchemes is kept, an unexpanded `$(VAR)` is
/// never written into a URL scheme, a missing file is an error, and iOS 27's 25-entry limit is known.
public enum Configurator {
  /// The rules whose fixes make the configurator's changes (intune-sdk-notes.md §1.3):
  /// app groups (IM009), legacy nib keys (IM010), Intune UTIs in document types (IM012),
  /// query-scheme twins and required entries (US001, US002), repeated entries (US005: the vendor
  /// goes through a set), known-managed twins dropped past the
  /// limit (US003), URL-scheme twins (US004), the MSAL redirect scheme (US007), `ms-outlook` for
  /// apps that query `mailto` (US008), stray `-intunemam`
  /// entries in extensions (US009), the entries only the configurator adds beyond the guide (US010), and the
  /// Intune types in activation rules (AR004).
  public static let configuratorRules: Set<String> = [
    "IM009", "IM010", "IM012", "US001", "US002", "US003", "US004", "US005", "US007", "US008", "US009", "US010",
    "AR004",
  ]
  /// Fixes the vendor tool applies although lint calls them unsafe: dropping the `-intunemam`
  /// twins of known managed apps when the list is past the limit.
  public static let unsafeFixesApplied: Set<String> = ["US003"]
  /// Beyond the vendor tool, with `--entitlements`: the keychain groups the SDK needs.
  public static let entitlementsRules: Set<String> = ["EN001", "EN002"]

  /// What the command line gives `configure`.
  public struct Options: Sendable {
    /// `-i`: the Info.plist.
    public var infoPlist: String
    /// `-e`: the entitlements file.
    public var entitlements: String?
    /// `-o`: where to write; the Info.plist itself when nil.
    public var output: String?
    /// `-D NAME=VALUE` and `--xcconfig FILE`.
    public var definitions: [String]
    public var xcconfigFiles: [String]
    /// `--sdk-version N`.
    public var sdkVersion: Int?
    /// The shape a dictionary activation rule is converted to.
    public var shape: ConversionShape
    /// `--entitlements`: also add the keychain groups to the entitlements file.
    public var addKeychainGroups: Bool
    /// The build settings of the project target's configuration (`--project`), under `-D` and `--xcconfig`.
    public var projectSettings: BuildSettings?
    /// With `--project`, when the build makes the Info.plist from more than the file (a .NET app's PartialAppManifest
    /// items, XcodeGen's `info: properties:`): the project target linted as the build makes it, its fixes written
    /// where the build takes each value from (`MergedInfoPlistFixes`, `XcodeGenSpecFixes`).
    public var projectBuild: ProjectBuild?

    /// Options for the Info.plist at `infoPlist`.
    public init(
      infoPlist: String, entitlements: String? = nil, output: String? = nil, definitions: [String] = [],
      xcconfigFiles: [String] = [], sdkVersion: Int? = nil, shape: ConversionShape = .canonical,
      addKeychainGroups: Bool = false
    ) {
      self.infoPlist = infoPlist
      self.entitlements = entitlements
      self.output = output
      self.definitions = definitions
      self.xcconfigFiles = xcconfigFiles
      self.sdkVersion = sdkVersion
      self.shape = shape
      self.addKeychainGroups = addKeychainGroups
    }
  }

  /// A refusal: one line, exit status 2, nothing written.
  public struct Refusal: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// What `configure` did or would do.
  public struct Result: Sendable {
    /// The fixes, as computed (nothing written yet).
    public var outcome: FixSession.Outcome
    /// The options it ran with.
    public var options: Options
    /// Entries of LSApplicationQueriesSchemes iOS will ignore after the changes (past the limit).
    public var warnings: [String]
    /// The changes not made, each with where to make it by hand: `file:line: message (why)` (a value the build
    /// assembles from several files).
    public var notMade: [String] = []

    /// The Info.plist's final bytes (unchanged bytes when nothing changes).
    public var infoPlistBytes: [UInt8]? {
      outcome.files.first { $0.original.name == options.infoPlist }?.bytes
        ?? outcome.initialReport.source(of: options.infoPlist)?.bytes
    }

    /// Whether anything would change.
    public var changes: Bool { !outcome.files.isEmpty }

    /// The summary as JSON (sorted keys): `file`, `output`, `changed`, `shape`, `changes` (each with
    /// `code` and `title`), `warnings`.
    public var json: JSONValue {
      .object([
        "file": .string(options.infoPlist),
        "output": .string(options.output ?? options.infoPlist),
        "changed": .bool(changes),
        "shape": .string(options.shape.rawValue),
        "changes": .array(outcome.appliedFixes.map { .object(["code": .string($0.code), "title": .string($0.title)]) }),
        "warnings": .array(warnings.map { .string($0) }),
        "notMade": .array(notMade.map { .string($0) }),
      ])
    }

    /// The summary as text, one change a line.
    public var text: String {
      var lines = outcome.appliedFixes.map { "\($0.code): \($0.title)" }
      if lines.isEmpty { lines.append("nothing to change: \(options.infoPlist) is configured") }
      if outcome.appliedFixes.contains(where: { $0.code == "AR004" }) {
        lines.append("activation rules converted in the \(options.shape.rawValue) shape")
      }
      lines += warnings.map { "warning: \($0)" }
      lines += notMade.map { "not changed: \($0)" }
      return lines.joined(separator: "\n") + "\n"
    }
  }

  /// Computes the changes; writes nothing.
  public static func run(_ options: Options) async throws(Refusal) -> Result {
    if let build = options.projectBuild, let output = options.output {
      throw Refusal(
        description: "\(output): -o cannot be used with --project \(build.project): the build makes the Info.plist "
          + "from several files, and configure writes each change into the file it belongs in")
    }
    var rules = configuratorRules.union(["PL001", "PL003"])
    if options.addKeychainGroups { rules.formUnion(entitlementsRules) }
    var sessionOptions = LintSession.Options(
      paths: [options.projectBuild?.project ?? options.infoPlist], definitions: options.definitions,
      xcconfigFiles: options.xcconfigFiles, sdkVersion: options.sdkVersion)
    sessionOptions.onlyRules = rules
    // Running configure says the app uses Intune: every step applies, whatever the plist shows yet.
    sessionOptions.intuneMode = .on
    if let build = options.projectBuild {
      // The project's target in its configuration, as the build makes its Info.plist; its entitlements are the
      // project's. A package that runs the configurator at build time does not stop configure: the user asked.
      sessionOptions.targetName = build.target
      sessionOptions.configurationName = build.configuration
      sessionOptions.ignoresBuildTimeConfigurator = true
    } else {
      sessionOptions.entitlementsPath = options.entitlements
      sessionOptions.baseBuildSettings = options.projectSettings
    }
    sessionOptions.activationRuleShape = options.shape
    let outcome: FixSession.Outcome
    do {
      outcome = try await FixSession.run(sessionOptions, includingUnsafe: false, unsafeRules: unsafeFixesApplied)
    } catch {
      throw Refusal(description: error.description)
    }
    let report = outcome.initialReport
    if let problem = report.problems.first { throw Refusal(description: problem) }
    if let malformed = report.diagnostics.first(where: { $0.code == "PL001" }) {
      let position = malformed.start.map { ":\($0.line):\($0.column)" } ?? ""
      throw Refusal(description: "\(malformed.file)\(position): \(malformed.message)")
    }
    guard options.projectBuild != nil || report.sources[options.infoPlist] != nil else {
      throw Refusal(description: "'\(options.infoPlist)' is not an Info.plist sharelint can read")
    }
    // IntuneMAMConfigurator writes an unexpanded $(MSAL_REDIRECT_URI) into URL schemes; refuse instead.
    let redirectKeys = ["IntuneMAMSettings.ADALRedirectUri", "IntuneMAMSettings.ADALRedirectScheme"]
    if let unresolved = report.diagnostics.first(where: { $0.code == "PL003" && redirectKeys.contains($0.keyPath) }),
      !redirectSchemeIsRegisteredAsWritten(options.infoPlist)
    {
      throw Refusal(description: "\(unresolved.file): \(unresolved.message); pass it with -D or --xcconfig"
        + " (the redirect scheme is not written unexpanded)")
    }
    let warnings = outcome.finalReport.diagnostics.filter { $0.code == "US003" }.map(\.message)
    // What a fix would change but cannot write (a dictionary the build merges from two files), with what to write.
    let notMade = outcome.finalReport.diagnostics.compactMap { diagnostic -> String? in
      guard diagnostic.fix == nil, let why = diagnostic.notes.first(where: { $0.hasPrefix("not fixed automatically") })
      else { return nil }
      let position = diagnostic.start.map { ":\($0.line)" } ?? ""
      return "\(diagnostic.file)\(position): \(diagnostic.code): \(diagnostic.message) (\(why))"
    }
    return Result(outcome: outcome, options: options, warnings: warnings, notMade: notMade)
  }

  /// What `configure --project PROJECT [--target NAME] [--configuration NAME]` works on: the target's Info.plist
  /// (`INFOPLIST_FILE`), its entitlements (`CODE_SIGN_ENTITLEMENTS`) and its configuration's build settings, in the
  /// named configuration or else the project's default one, read from any project format the model reads (an
  /// `.xcodeproj`, an XcodeGen spec, a .NET project, a Tuist manifest's literals).
  public struct ProjectTarget: Sendable {
    public var infoPlist: String
    public var entitlements: String?
    public var configuration: String
    public var settings: BuildSettings
    /// The target, as the project names it.
    public var target: String
    /// When the build makes the Info.plist from more than the file: the run that lints it as built.
    public var build: ProjectBuild?
    /// The NuGet package that already runs IntuneMAMConfigurator at build time, when the target links one.
    public var buildTimeConfiguratorPackage: String?

    /// The one line `configure` prints when a package already runs the configurator at build time.
    public var buildTimeConfiguratorNote: String? {
      buildTimeConfiguratorPackage.map { package in
        "note: '\(target)' links '\(package)', which already runs IntuneMAMConfigurator on the built Info.plist at "
          + "every build; configure writes the same changes into the source files, as asked"
      }
    }
  }

  /// A project target linted as its build makes its Info.plist (`Options.projectBuild`).
  public struct ProjectBuild: Sendable {
    /// The project file or folder, as given.
    public var project: String
    /// The target's name.
    public var target: String
    /// The configuration.
    public var configuration: String
  }

  /// Finds `target` in the project at `project` (an `.xcodeproj` folder or a project file of `ProjectFormats`);
  /// without a name, the project's only iOS app target.
  public static func projectTarget(project: String, target name: String?, configuration configurationName: String?)
    throws(Refusal) -> ProjectTarget
  {
    if project.hasSuffix(".xcodeproj") || project.hasSuffix(".xcodeproj/") {
      var found = try xcodeProjectTarget(project: project, target: name, configuration: configurationName)
      // An XcodeGen spec kept beside the project rewrites the Info.plist from its `properties:`: fixed in the spec.
      if XcodeTargetsReport(paths: [project]).generatedPlists[found.infoPlist] != nil {
        found.build = ProjectBuild(project: project, target: found.target, configuration: found.configuration)
      }
      return found
    }
    guard ProjectFormats.format(ofFile: project) != nil else {
      let formats = ProjectFormats.all.map { $0.displayName }.joined(separator: ", ")
      throw Refusal(description: "\(project): expected an .xcodeproj or a project file (\(formats))")
    }
    let report = XcodeTargetsReport(paths: [project])
    if let error = report.errors.first { throw Refusal(description: error.description) }
    let apps = report.targets.filter { $0.productType == "com.apple.product-type.application" }
    let target: XcodeTargetsReport.Target
    if let name {
      guard let found = report.targets.first(where: { $0.name == name }) else {
        let names = report.targets.map { "'\($0.name)'" }.joined(separator: ", ")
        throw Refusal(description: "\(project): no target named '\(name)' (it has \(names.isEmpty ? "none" : names))")
      }
      target = found
    } else {
      let iOSApps = apps.filter { ProjectPlan.nonIOSPlatform(of: $0) == nil }
      guard iOSApps.count == 1, let only = iOSApps.first else {
        let names = report.targets.map { "'\($0.name)'" }.joined(separator: ", ")
        throw Refusal(
          description: "\(project): name the target to configure with --target (it has "
            + "\(names.isEmpty ? "none" : names))")
      }
      target = only
    }
    let wanted = configurationName ?? target.configurations.first?.name
    guard let configuration = target.configurations.first(where: { $0.name == wanted }) else {
      let names = target.configurations.map { "'\($0.name)'" }.joined(separator: ", ")
      throw Refusal(
        description: "\(project): target '\(target.name)' has no configuration '\(configurationName ?? "")' "
          + "(it has \(names))")
    }
    let (infoPlist, entitlements) = try files(of: configuration, target: target.name, project: project)
    let package = target.buildFacts.linkedLibraries(in: configuration).first {
      IntuneSDKDistribution.nuGetPackage(named: $0.name)?.runsConfiguratorAtBuild == true
    }
    // The build makes the Info.plist from more than the file: lint the target as built, fix where the truth lives.
    let build =
      report.generatedPlists[infoPlist] != nil
      ? ProjectBuild(project: project, target: target.name, configuration: configuration.name) : nil
    return ProjectTarget(
      infoPlist: infoPlist, entitlements: entitlements, configuration: configuration.name,
      settings: configuration.settings, target: target.name, build: build,
      buildTimeConfiguratorPackage: package?.name)
  }

  /// `projectTarget` of an `.xcodeproj`: its default configuration is the project's.
  private static func xcodeProjectTarget(
    project: String, target name: String?, configuration configurationName: String?
  ) throws(Refusal) -> ProjectTarget {
    let model: XcodeProject
    do {
      model = try XcodeProject(path: project)
    } catch {
      throw Refusal(description: error.description)
    }
    let target: PBXNativeTarget
    if let name {
      guard let found = model.target(named: name) else {
        let names = model.targets.map { "'\($0.name)'" }.joined(separator: ", ")
        throw Refusal(description: "\(project): no target named '\(name)' (it has \(names))")
      }
      target = found
    } else {
      let apps = model.targets.filter(\.isApplication)
      guard apps.count == 1, let only = apps.first else {
        let names = model.targets.map { "'\($0.name)'" }.joined(separator: ", ")
        throw Refusal(description: "\(project): name the target to configure with --target (it has \(names))")
      }
      target = only
    }
    let list = target.buildConfigurationList
    let wanted = configurationName ?? list?.defaultConfigurationName ?? list?.configurations.first?.name
    guard let wanted, let configuration = model.configuration(named: wanted, of: target) else {
      let names = (list?.configurations ?? []).map { "'\($0.name)'" }.joined(separator: ", ")
      throw Refusal(
        description: "\(project): target '\(target.name)' has no configuration '\(configurationName ?? "")' "
          + "(it has \(names))")
    }
    let (infoPlist, entitlements) = try files(of: configuration, target: target.name, project: project)
    return ProjectTarget(
      infoPlist: infoPlist, entitlements: entitlements, configuration: wanted, settings: configuration.settings,
      target: target.name)
  }

  /// The Info.plist and entitlements `configuration` of `target` builds; refused when the Info.plist is no file
  /// configure can edit (none, generated from build settings, preprocessed) or the configuration has an error.
  private static func files(of configuration: XcodeTargetConfiguration, target: String, project: String)
    throws(Refusal) -> (infoPlist: String, entitlements: String?)
  {
    if let error = configuration.errors.first { throw Refusal(description: error.description) }
    guard let infoPlist = configuration.infoPlistPath?.resolved, !infoPlist.isEmpty else {
      throw Refusal(description: "\(project): target '\(target)' (\(configuration.name)) has no INFOPLIST_FILE"
        + (configuration.generatesInfoPlist ? "; its Info.plist is generated from build settings" : ""))
    }
    if configuration.preprocessesInfoPlist {
      throw Refusal(description: "\(infoPlist): the target preprocesses it (INFOPLIST_PREPROCESS = YES); configure "
        + "edits files as written and cannot rewrite one with #if blocks faithfully")
    }
    return (infoPlist, configuration.entitlementsPath?.resolved.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// Whether the redirect scheme is registered exactly as `IntuneMAMSettings` spells it (`msauth.$(…)` on both
  /// sides): then nothing needs expanding, and an unresolved reference is no reason to refuse.
  static func redirectSchemeIsRegisteredAsWritten(_ infoPlist: String) -> Bool {
    guard let document = try? PropertyListDocument(contentsOfFile: infoPlist) else { return false }
    let target = LintTarget(infoPlist: document)
    guard let intuneSettings = target.intuneSettings,
      let expected = MissingMSALRedirectSchemeRule.redirectScheme(
        of: target, intuneSettings: intuneSettings, settings: BuildSettings())
    else { return false }
    let written = URLSchemeSyntax.normalized(expected.written)
    return InfoPlistSchemes.urlSchemeArrays(of: target).flatMap(\.entries).contains {
      URLSchemeSyntax.normalized($0.scheme) == written
    }
  }

  /// Writes the result: the Info.plist to `-o` (or in place), the entitlements in place when
  /// `--entitlements` changed them. Atomic; refuses files changed since they were read. When
  /// `boundary` refuses one of the files, none is written (an Info.plist configured without its
  /// entitlements would be half a configuration).
  public static func write(_ result: Result, boundary: RepositoryBoundary = .current) throws(Refusal) {
    var writes: [(shown: String, destination: String, bytes: [UInt8], original: SourceText?)] = []
    for file in result.outcome.files {
      let path = file.original.name
      if path == result.options.infoPlist, let output = result.options.output {
        writes.append((path, output, file.bytes, nil))
      } else {
        writes.append((path, path, file.bytes, file.original))
      }
    }
    if let output = result.options.output,
      !result.outcome.files.contains(where: { $0.original.name == result.options.infoPlist }),
      let bytes = result.infoPlistBytes
    {
      writes.append((output, output, bytes, nil))
    }
    for write in writes {
      if let refusal = boundary.refusal(toWrite: write.destination) { throw Refusal(description: refusal.description) }
    }
    for write in writes {
      do {
        if let original = write.original {
          try original.writeAtomically(write.bytes, boundary: boundary)
        } else {
          try AtomicFileWriter.write(write.bytes, to: write.destination, boundary: boundary)
        }
      } catch let error as PropertyListError where error.kind == .writeRefused {
        throw Refusal(description: error.message)
      } catch {
        throw Refusal(description: "\(write.shown): not written: \(error)")
      }
    }
  }
}

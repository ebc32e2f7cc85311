import ActivationRules
import Foundation
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
      return lines.joined(separator: "\n") + "\n"
    }
  }

  /// Computes the changes; writes nothing.
  public static func run(_ options: Options) async throws(Refusal) -> Result {
    var rules = configuratorRules.union(["PL001", "PL003"])
    if options.addKeychainGroups { rules.formUnion(entitlementsRules) }
    var sessionOptions = LintSession.Options(
      paths: [options.infoPlist], definitions: options.definitions, xcconfigFiles: options.xcconfigFiles,
      sdkVersion: options.sdkVersion)
    sessionOptions.onlyRules = rules
    // Running configure says the app uses Intune: every step applies, whatever the plist shows yet.
    sessionOptions.intuneMode = .on
    sessionOptions.entitlementsPath = options.entitlements
    sessionOptions.baseBuildSettings = options.projectSettings
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
    guard report.sources[options.infoPlist] != nil else {
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
    return Result(outcome: outcome, options: options, warnings: warnings)
  }

  /// What `configure --project X.xcodeproj --target NAME [--configuration NAME]` works on: the target's
  /// Info.plist (`INFOPLIST_FILE`), its entitlements (`CODE_SIGN_ENTITLEMENTS`) and its configuration's build
  /// settings, in the named configuration or else the project's default one.
  public struct ProjectTarget: Sendable {
    public var infoPlist: String
    public var entitlements: String?
    public var configuration: String
    public var settings: BuildSettings
  }

  /// Finds `target` in the project at `project` (an `.xcodeproj` folder).
  public static func projectTarget(project: String, target name: String, configuration configurationName: String?)
    throws(Refusal) -> ProjectTarget
  {
    let model: XcodeProject
    do {
      model = try XcodeProject(path: project)
    } catch {
      throw Refusal(description: error.description)
    }
    guard let target = model.target(named: name) else {
      let names = model.targets.map { "'\($0.name)'" }.joined(separator: ", ")
      throw Refusal(description: "\(project): no target named '\(name)' (it has \(names))")
    }
    let list = target.buildConfigurationList
    let wanted = configurationName ?? list?.defaultConfigurationName ?? list?.configurations.first?.name
    guard let wanted, let configuration = model.configuration(named: wanted, of: target) else {
      let names = (list?.configurations ?? []).map { "'\($0.name)'" }.joined(separator: ", ")
      throw Refusal(description: "\(project): target '\(name)' has no configuration '\(configurationName ?? "")' "
        + "(it has \(names))")
    }
    if let error = configuration.errors.first { throw Refusal(description: error.description) }
    guard let infoPlist = configuration.infoPlistPath?.resolved, !infoPlist.isEmpty else {
      throw Refusal(description: "\(project): target '\(name)' (\(wanted)) has no INFOPLIST_FILE"
        + (configuration.generatesInfoPlist ? "; its Info.plist is generated from build settings" : ""))
    }
    if configuration.preprocessesInfoPlist {
      throw Refusal(description: "\(infoPlist): the target preprocesses it (INFOPLIST_PREPROCESS = YES); configure "
        + "edits files as written and cannot rewrite one with #if blocks faithfully")
    }
    let entitlements = configuration.entitlementsPath?.resolved.flatMap { $0.isEmpty ? nil : $0 }
    return ProjectTarget(
      infoPlist: infoPlist, entitlements: entitlements, configuration: wanted, settings: configuration.settings)
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

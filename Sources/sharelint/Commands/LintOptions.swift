import ArgumentParser
import Lint

/// The options `lint`, `fix` and `configure` share: what to read and the context to read it in.
struct LintInputOptions: ParsableArguments {
  @Argument(help: ArgumentHelp(
    "Info.plist and .entitlements files, folders (searched recursively), .xcodeproj or .xcworkspace folders, "
      + ".app bundles or .ipa archives.",
    discussion: "Defaults to the current folder. '-' reads one Info.plist from standard input (shown as <stdin>)."))
  var paths: [String] = []

  @Option(name: .long, help: ArgumentHelp(
    "A .sharelint.yml to use for every file, instead of the nearest one above each file.", valueName: "file"))
  var config: String?

  @Option(name: .customShort("D"), help: ArgumentHelp(
    "A build setting for $(NAME) references, as NAME=VALUE (repeatable; overrides --xcconfig).", valueName: "name=value"))
  var definitions: [String] = []

  @Option(name: .long, help: ArgumentHelp("An .xcconfig file of build settings (repeatable).", valueName: "file"))
  var xcconfig: [String] = []

  @Option(name: .long, help: ArgumentHelp(
    "The iOS SDK version the app links against; 27 or later honours only 25 LSApplicationQueriesSchemes entries.",
    valueName: "n"))
  var sdkVersion: Int?

  @Option(name: .long, help: ArgumentHelp(
    "Only this Xcode target (by name) of the projects found; plists no project builds are then left out.",
    valueName: "name"))
  var target: String?

  @Option(name: .long, help: ArgumentHelp(
    "Only this configuration (Debug, Release…) of each Xcode target; default: every configuration.",
    valueName: "name"))
  var configuration: String?

  @Flag(name: .long, help: "Draw no progress line on standard error (drawn only when it is a terminal).")
  var noProgress = false

  @Flag(name: .long, help: "The same as --no-progress.")
  var quiet = false

  @Flag(name: .long, help: ArgumentHelp(
    "Read no .sharelint.yml from the repository: only --config FILE, or the defaults.",
    discussion: """
      For CI on pull requests from strangers, whose own .sharelint.yml could switch every check off: lint with \
      the base branch's configuration, given with --config (docs/ci.md shows how). See docs/security.md.
      """))
  var ignoreRepositoryConfig = false

  @OptionGroup var boundary: BoundaryOptions

  /// The paths to lint: the current folder when none is named.
  var pathsOrCurrentFolder: [String] { paths.isEmpty ? ["."] : paths }

  /// Whether `-` is among the paths: one Info.plist read from standard input.
  var readsStandardInput: Bool { paths.contains("-") }

  func validate() throws {
    if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("'-' (standard input) may be given only once") }
  }

  /// Installs the repository boundary around the paths to lint (and the `--xcconfig` and `--config` files).
  func installBoundary() {
    boundary.install(paths: pathsOrCurrentFolder, extraRoots: xcconfig + (config.map { [$0] } ?? []))
  }

  var sessionOptions: LintSession.Options {
    var options = LintSession.Options(
      paths: pathsOrCurrentFolder, configurationPath: config, definitions: definitions,
      xcconfigFiles: xcconfig, sdkVersion: sdkVersion)
    options.targetName = target
    options.configurationName = configuration
    options.ignoresRepositoryConfiguration = ignoreRepositoryConfig
    return options
  }

  /// Runs `body` with the session options, drawing a progress line on standard error meanwhile when it is a
  /// terminal (`ProgressLine`), cleared before `body` returns, so nothing is left to mix with the report.
  /// Standard input is read first when `-` is among the paths.
  func withProgress<Result>(_ body: (LintSession.Options) async throws -> Result) async throws -> Result {
    installBoundary()
    var options = sessionOptions
    if readsStandardInput { options.standardInput = try StandardStreams.readStandardInput() }
    let line = ProgressLine.forStandardError(enabled: !noProgress && !quiet)
    if let line { options.progress = { line.update($0) } }
    defer { line?.finish() }
    return try await body(options)
  }

  /// Runs the lint, turning a stopping failure into exit status 2.
  func runSession() async throws -> LintReport {
    do {
      return try await withProgress { try await LintSession.run($0) }
    } catch {
      throw InputError(String(describing: error))
    }
  }
}

/// Writes each unusable input's one-line reason on standard error (malformed files too, whatever the
/// report's format: the contract gives every exit status 2 its reason there), after the notes that stop nothing
/// (a Tuist manifest whose project is generated…).
func reportProblems(_ report: LintReport) {
  for note in report.notes { StandardStreams.writeError("sharelint: note: \(note)\n") }
  for reason in report.unusableInputReasons { StandardStreams.writeError("sharelint: \(reason)\n") }
}

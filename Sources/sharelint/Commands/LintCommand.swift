import ArgumentParser
import Lint

/// `sharelint lint`: every Intune integration mistake, with file:line:column.
struct LintCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check Info.plists and entitlements for what the Intune App SDK needs.",
    discussion: """
      Finds apps and extensions under the given paths (an extension is an Info.plist with \
      NSExtension), pairs each with its entitlements and its containing app, and runs every rule \
      (`sharelint rules` lists them; `sharelint explain CODE` tells what each checks and why). Where \
      an Xcode project or workspace is found, each app and extension target is linted through it, once \
      per configuration, with that configuration's build settings ($(VAR) resolved, INFOPLIST_PREPROCESS \
      applied); a finding shared by configurations is reported once, naming them. `sharelint targets` \
      shows what was understood; --target and --configuration narrow the run. The \
      Intune rules apply to a target that shows the Intune App SDK: IntuneMAMSettings, an -intunemam \
      scheme, a com.microsoft.intune.mam. type, the Intune keychain group, an Intune containing app, or a \
      Podfile, Package.resolved or Xcode project above it that links the SDK (the findings' notes say \
      which, unless it is IntuneMAMSettings). `intune: true` or `false` in .sharelint.yml forces it.

      Formats: text (file:line:col: severity: message [CODE identifier] and the source line with a \
      caret), json (one object, sorted keys; see docs/json-output.md), sarif (2.1.0), github (workflow \
      annotations), gitlab (GitLab's code quality report: Code Climate issues with stable fingerprints). \
      Binary plists have no positions: their findings name the key path.

      --report FORMAT=PATH writes the same report in another format to a file as well (repeatable; \
      each file written whole or not at all); the exit status is the run's.

      Baseline (adopting sharelint where findings already exist): --write-baseline FILE writes every \
      finding to FILE; --baseline FILE (or baseline: FILE in .sharelint.yml, relative to it) reports \
      only the findings not in it, matched by rule, file (relative to FILE's folder), key path and \
      message, not by line. The summary counts those held back; --baseline-strict fails when one is \
      gone. See docs/ci.md.

      Exit status: 0 no error findings; 1 error findings (with --strict, warnings too; with \
      --baseline-strict, a baseline finding gone); 2 a usage error, a malformed or unreadable file \
      (reported as PL001 and on standard error), a missing path, an unreadable baseline, or a report \
      that cannot be written.

      Examples:
        sharelint lint MyApp/
        sharelint lint --format sarif . > sharelint.sarif
        sharelint lint --configuration Release App.xcworkspace
        sharelint lint --format gitlab . > gl-code-quality-report.json
        sharelint lint --report sarif=out.sarif --report text=out.txt .
        sharelint lint --write-baseline sharelint-baseline.json .
        sharelint lint --baseline sharelint-baseline.json .
        sharelint lint -D PRODUCT_BUNDLE_IDENTIFIER=com.contoso.notes Contoso.ipa
      """
  )

  @OptionGroup var input: LintInputOptions

  @Option(help: "text, json, sarif, github or gitlab (standard output; default: text).")
  var format: ReportFormat?

  @Option(name: .customLong("report"), help: ArgumentHelp(
    "Also write the report in FORMAT to PATH, atomically (repeatable; - for standard output, instead of --format).",
    valueName: "format=path"))
  var reports: [String] = []

  @Flag(help: "Exit 1 on warnings as well as errors.")
  var strict = false

  @OptionGroup var colour: ColorOptions

  @OptionGroup var baseline: LintBaselineOptions

  func run() async throws {
    let (standardOutputFormat, files) = try destinations()
    input.installBoundary()
    let loaded = try baseline.loadBeforeRun(input)
    var report = try await input.runSession()
    try baseline.apply(loaded, to: &report, input: input)
    standardOutputFormat.write(
      report, colour: standardOutputFormat == .text && colour.style(forDescriptor: 1).isEnabled
    ) {
      StandardStreams.writeOutput($0)
    }
    var failures: [String] = []
    for destination in files {
      do {
        try destination.write(report)
      } catch {
        failures.append(error.description)
      }
    }
    reportProblems(report)
    for failure in failures { StandardStreams.writeError("sharelint: \(failure)\n") }
    var status = report.exitStatus
    if status == 0 && strict && report.count(.warning) > 0 { status = 1 }
    if baseline.reportsGoneFindings(of: report), status == 0 { status = 1 }
    if !failures.isEmpty { status = CommandLineExit.unusable }
    CommandLineExit.keepUntilExit(report)
    if status != 0 { throw ExitCode(status) }
  }

  /// The format standard output takes (`--format`, or a `--report FORMAT=-`; text when neither), and the files the
  /// `--report` options name, checked before anything is linted.
  private func destinations() throws -> (ReportFormat, [ReportDestination]) {
    var destinations: [ReportDestination] = []
    do {
      for argument in reports { destinations.append(try ReportDestination(argument: argument)) }
    } catch {
      throw InputError(error.description)
    }
    var all = destinations
    if let format { all.append(ReportDestination(format: format, path: "-")) }
    if let problem = ReportDestination.problem(with: all) { throw InputError(problem.description) }
    let standardOutput = destinations.first(where: \.isStandardOutput)?.format ?? format ?? .text
    return (standardOutput, destinations.filter { !$0.isStandardOutput })
  }
}

extension ReportFormat: ExpressibleByArgument {}

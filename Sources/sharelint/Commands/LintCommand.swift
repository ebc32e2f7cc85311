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

      Exit status: 0 no error findings; 1 error findings (with --strict, warnings too); 2 a usage \
      error, a malformed or unreadable file (reported as PL001 and on standard error), or a missing path.

      Examples:
        sharelint lint MyApp/
        sharelint lint --format sarif . > sharelint.sarif
        sharelint lint --configuration Release App.xcworkspace
        sharelint lint --format gitlab . > gl-code-quality-report.json
        sharelint lint -D PRODUCT_BUNDLE_IDENTIFIER=com.contoso.notes Contoso.ipa
      """
  )

  @OptionGroup var input: LintInputOptions

  @Option(help: "text, json, sarif, github or gitlab.")
  var format: ReportFormat = .text

  @Flag(help: "Exit 1 on warnings as well as errors.")
  var strict = false

  @OptionGroup var colour: ColorOptions

  func run() async throws {
    let report = try await input.runSession()
    format.write(report, colour: format == .text && colour.style(forDescriptor: 1).isEnabled) {
      StandardStreams.writeOutput($0)
    }
    reportProblems(report)
    var status = report.exitStatus
    if status == 0 && strict && report.count(.warning) > 0 { status = 1 }
    CommandLineExit.keepUntilExit(report)
    if status != 0 { throw ExitCode(status) }
  }
}

extension ReportFormat: ExpressibleByArgument {}

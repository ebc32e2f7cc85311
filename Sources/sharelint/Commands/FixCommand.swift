import ArgumentParser
import Lint
import SharelintBase

/// `sharelint fix`: apply the fixes `lint` offers.
struct FixCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fix",
    abstract: "Apply the fixes of lint findings, changing only the bytes they fix.",
    discussion: """
      Applies safe fixes (and unsafe ones with --unsafe) in one pass: edits sorted by offset, any \
      edit overlapping one already taken skipped. Every byte outside the edits is kept; new entries \
      are indented like their neighbours; files are written atomically and never when they changed \
      since they were read. Binary plists are rewritten whole. Files inside .ipa archives and .app \
      bundles are not written. Running fix twice changes nothing the second time.

      --check writes nothing and exits 1 when something would change; --diff writes nothing and \
      prints a unified diff.

      fix reads no baseline unless --baseline FILE is given (a baseline: in .sharelint.yml is lint's); \
      with one, it fixes only the findings not in the baseline, and counts only those that remain.

      Exit status: 0 nothing left to report at error level; 1 errors remain (or, with --check, \
      something would change); 2 usage error, unusable input, or a file that could not be written.
      """
  )

  @OptionGroup var input: LintInputOptions

  @Flag(help: "Apply unsafe fixes too (review them).")
  var unsafe = false

  @Flag(help: "Write nothing; exit 1 when a fix would change a file.")
  var check = false

  @Flag(help: "Write nothing; print the changes as a unified diff.")
  var diff = false

  @OptionGroup var baselineOptions: BaselineOptions

  func run() async throws {
    input.installBoundary()
    // fix reads a baseline only when given one: a baseline: in .sharelint.yml is for lint.
    let baseline = try baselineOptions.load(input.sessionOptions, readsConfiguration: false)
    let scope = input.pathsOrCurrentFolder
    let outcome: FixSession.Outcome
    do {
      outcome = try await input.withProgress { options in
        try await FixSession.run(options, includingUnsafe: unsafe) { report in
          if let baseline { baseline.baseline.apply(to: &report, file: baseline.file, scope: scope) }
        }
      }
    } catch {
      throw InputError(String(describing: error))
    }
    reportProblems(outcome.initialReport)
    if check || diff {
      if diff { StandardStreams.writeOutput(FixSession.diff(outcome)) }
      if check {
        for file in outcome.files {
          StandardStreams.writeOutput("would fix \(PrintableText.path(file.original.name))\n")
        }
      }
      if outcome.initialReport.hasUnusableInput { throw ExitCode(CommandLineExit.unusable) }
      if check && !outcome.files.isEmpty { throw ExitCode(CommandLineExit.answerIsNo) }
      return
    }
    let failures = FixSession.write(outcome)
    for failure in failures { StandardStreams.writeError("sharelint: \(failure)\n") }
    let written = outcome.files.count - failures.count   // one failure per file not written
    let remaining = outcome.finalReport
    StandardStreams.writeOutput(
      "applied \(outcome.appliedCount) fixes to \(written) files; "
        + "\(remaining.count(.error)) errors and \(remaining.count(.warning)) warnings remain\n")
    if !failures.isEmpty || outcome.initialReport.hasUnusableInput { throw ExitCode(CommandLineExit.unusable) }
    if remaining.count(.error) > 0 { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

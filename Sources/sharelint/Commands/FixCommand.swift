import ArgumentParser
import Lint
import PropertyList
import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

      '-' (alone) reads one Info.plist from standard input and writes it, fixed, to standard output \
      (unchanged when nothing applies; nothing when it does not read); the summary goes to standard error.

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

  func validate() throws {
    if input.readsStandardInput && input.paths.count > 1 {
      throw ValidationError("'-' is fixed alone: its fixed text goes to standard output, where no other file can")
    }
  }

  @OptionGroup var baselineOptions: BaselineOptions

  func run() async throws {
    input.installBoundary()
    // fix reads a baseline only when given one: a baseline: in .sharelint.yml is for lint.
    let baseline = try baselineOptions.load(input.sessionOptions, readsConfiguration: false)
    let scope = input.pathsOrCurrentFolder
    let outcome: FixSession.Outcome
    var standardInput: [UInt8]?
    do {
      outcome = try await input.withProgress { options in
        standardInput = options.standardInput
        return try await FixSession.run(options, includingUnsafe: unsafe) { report in
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
    if let standardInput {
      try writeFixedStandardInput(outcome, original: standardInput)
      return
    }
    let failures = FixSession.writeFiles(outcome)
    for failure in failures { StandardStreams.writeError("sharelint: \(failure.message)\n") }
    let summary = FixSummary(outcome, failedFiles: Set(failures.map(\.path)))
    if let line = summary.line { StandardStreams.writeOutput(line + "\n") }
    if !failures.isEmpty || outcome.initialReport.hasUnusableInput { throw ExitCode(CommandLineExit.unusable) }
    if summary.errorsRemaining > 0 { throw ExitCode(CommandLineExit.answerIsNo) }
  }

  /// `fix -`: the plist read from standard input, fixed, on standard output (nothing when it did not read), and the
  /// summary on standard error. A binary plist is not written to a terminal: its bytes are no text to show there.
  private func writeFixedStandardInput(_ outcome: FixSession.Outcome, original: [UInt8]) throws {
    if outcome.initialReport.hasUnusableInput { throw ExitCode(CommandLineExit.unusable) }
    let fixed = outcome.files.first { $0.original.name == "<stdin>" }?.bytes ?? original
    if BinaryPropertyList.looksBinary(fixed) && isatty(1) == 1 {
      throw InputError("the fixed plist is binary: it is not written to a terminal (redirect standard output to a file)")
    }
    StandardStreams.writeOutput(bytes: fixed)
    let summary = FixSummary(outcome, failedFiles: [])
    if let line = summary.line { StandardStreams.writeError("sharelint: \(line)\n") }
    if summary.errorsRemaining > 0 { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

import ArgumentParser

/// The `sharelint` command: argument parsing only; the work happens in the libraries.
@main
struct Sharelint: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sharelint",
    abstract: "Lint and rewrite what the Microsoft Intune App SDK needs in an iOS app's plists.",
    discussion: """
      Exit status: 0 success; 1 the answer is "no" (error findings, a syntax error, a blocked URL); \
      2 usage error, unreadable or malformed input, or an internal failure (one line on standard error).
      """,
    version: SharelintVersion.withLibraries,
    subcommands: [
      LintCommand.self, FixCommand.self, ConfigureCommand.self, RuleCommand.self, URLCommand.self,
      PolicyCommand.self, RulesCommand.self, ExplainCommand.self, TargetsCommand.self,
    ]
  )

  /// Runs the command line with sharelint's exit statuses: usage errors exit 2 (argument-parser
  /// would use 64), help and version exit 0, and a command's own `ExitCode` passes through.
  static func main() async {
    MallocArenas.limit()
    let status: Int32
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      status = 0
    } catch {
      status = CommandLineExit.report(error, usingMessageOf: Sharelint.self)
    }
    CommandLineExit.flushAndExit(status)
  }
}

import ArgumentParser
import PredicateSyntax

/// `sharelint rule parse`: check a predicate's syntax and show its tree.
struct RuleParseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse",
    abstract: "Check a predicate's syntax and print its syntax tree.",
    discussion: """
      Prints the tree as an outline, or with --json as one JSON object in which every node has a \
      "kind" and a "range" ({"start", "end"}: UTF-8 byte offsets into the predicate, end exclusive). \
      A syntax error is printed on standard error with a caret under the exact place, and the exit \
      status is 1.

      Examples:
        sharelint rule parse \\
          'ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.jpeg"'
        sharelint rule parse --json - < ShareExtension/rule.txt
      """
  )

  @OptionGroup var input: PredicateInputOptions

  @Flag(help: "Print the tree as JSON (sorted keys).")
  var json = false

  func run() throws {
    let source = try input.read()
    let outcome = RuleDiagnostics.parseAndReport(source, lenient: input.lenient, colour: input.coloursDiagnostics)
    if let predicate = outcome.predicate {
      if json {
        SyntaxTreeJSON.write(predicate, pretty: true) { StandardStreams.writeOutput($0) }
        StandardStreams.writeOutput("\n")
      } else {
        StandardStreams.writeOutput(TreeOutline.render(predicate))
      }
    }
    if !outcome.isValid { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

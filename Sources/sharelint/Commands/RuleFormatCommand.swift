import ArgumentParser
import PredicateSyntax

/// `sharelint rule format`: print a predicate in canonical form.
struct RuleFormatCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Print a predicate in canonical form.",
    discussion: """
      The compact form is one line: upper-case keywords, '==', double-quoted strings, the fewest \
      parentheses that keep the meaning, and always explicit parentheses around an AND inside an OR \
      (Apple documents no precedence). --pretty lays SUBQUERY arguments out over several lines as \
      Apple's documentation does. Formatting is idempotent and keeps the syntax tree unchanged.

      Examples (the last prints name == "x", reports the typographic quotes and exits 1):
        sharelint rule format \\
          'any $a.registeredTypeIdentifiers uti-conforms-to "public.image"'
        sharelint rule format --pretty - < rule.txt
        sharelint rule format --lenient 'name == “x”'
      """
  )

  @OptionGroup var input: PredicateInputOptions

  @Flag(help: "Lay the rule out over several lines, SUBQUERY arguments indented.")
  var pretty = false

  func run() throws {
    let source = try input.read()
    let outcome = RuleDiagnostics.parseAndReport(source, lenient: input.lenient, colour: input.coloursDiagnostics)
    if let predicate = outcome.predicate {
      let printer = PredicatePrinter(style: pretty ? .pretty : .compact)
      StandardStreams.writeOutput(printer.print(predicate) + "\n")
    }
    if !outcome.isValid { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

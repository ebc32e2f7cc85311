import ArgumentParser

/// `sharelint rule …`: work on one activation rule (a predicate format string).
struct RuleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rule",
    abstract: "Parse, format, augment, convert, evaluate and simulate NSExtensionActivationRule predicates.",
    subcommands: [
      RuleParseCommand.self, RuleFormatCommand.self, RuleAugmentCommand.self, RuleConvertCommand.self,
      RuleEvalCommand.self, RuleSimulateCommand.self,
    ]
  )
}

/// The predicate a `rule` subcommand works on: an argument, or standard input.
struct PredicateInputOptions: ParsableArguments {
  @Argument(help: ArgumentHelp(
    "The predicate format string; '-' or nothing reads it from standard input.",
    discussion: "Multi-line rules, as they sit in an Info.plist, are read whole from standard input."))
  var predicate: String?

  @Flag(help: ArgumentHelp(
    "Read typographic quotes (“ ” ‘ ’) as quotes: they are still reported, with their fix, but the rule is processed."))
  var lenient = false

  @OptionGroup var colour: ColorOptions

  /// Whether the caret diagnostics written on standard error are coloured.
  var coloursDiagnostics: Bool { colour.style(forDescriptor: 2).isEnabled }

  /// The text and the name carets show for it.
  func read() throws -> SourceInput {
    if let predicate, predicate != "-" {
      return SourceInput(name: "<argument>", bytes: Array(predicate.utf8))
    }
    return SourceInput(name: "<stdin>", bytes: try StandardStreams.readStandardInput())
  }
}

/// Bytes with the name diagnostics show for them.
struct SourceInput {
  let name: String
  let bytes: [UInt8]
}

import ArgumentParser
import Lint

/// `sharelint rules`: the rule catalogue.
struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "List every rule: code, identifier, default severity, summary and fix.",
    discussion: "The markdown format is the table in docs/rules.md (`make docs`; a test keeps the two in step)."
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown
  }

  @Option(help: "text, json or markdown.")
  var format: Format = .text

  func run() throws {
    switch format {
    case .text: StandardStreams.writeOutput(RuleDocumentation.textList())
    case .json: StandardStreams.writeOutput(RuleDocumentation.json())
    case .markdown: StandardStreams.writeOutput(RuleDocumentation.markdownTable())
    }
  }
}

/// `sharelint explain RULE`: what a rule checks, why, an example, and how safe its fix is.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Explain one rule: what it does, why it matters, an example, what to write instead, fix safety."
  )

  @Argument(help: "The rule's code (AR004) or identifier (missing-mam-types).")
  var rule: String

  func run() throws {
    guard let found = RuleRegistry.rule(named: rule) else {
      throw InputError("unknown rule '\(rule)'; `sharelint rules` lists them")
    }
    StandardStreams.writeOutput(RuleDocumentation.explanation(found.description))
  }
}

import ActivationRules
import ArgumentParser
import PredicateSyntax
import SharelintBase

/// `sharelint rule simulate`: which share-sheet inputs activate an extension.
struct RuleSimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Show which realistic share-sheet inputs activate an extension's rule.",
    discussion: """
      Evaluates the extension's NSExtensionActivationRule (a predicate, or the dictionary form \
      converted with iOS's meaning) on a fixed catalogue: Photos (1 image, 5 images, a Live Photo, \
      a video), Safari (a page with JavaScript preprocessing, a bare URL), Notes (text), Files (a \
      PDF, two PDFs, a .docx), Mail (an attachment) — each also as sent by an Intune-managed app, \
      with com.microsoft.intune.mam. types.

      Exit status: 0 at least one input activates the rule; 1 none does (or the rule has a syntax \
      error); 2 the plist cannot be read or has no activation rule.
      """
  )

  @Argument(help: "The extension's Info.plist (or a plist/predicate file holding the rule); '-' reads standard input.")
  var file: String

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  @Option(help: "text or json.")
  var format: Format = .text

  @OptionGroup var colour: ColorOptions

  func run() throws {
    let bytes = file == "-" ? try StandardStreams.readStandardInput() : try StandardStreams.readFile(file)
    let name = file == "-" ? "<stdin>" : file
    let document = try ActivationRuleInput.readDocument(bytes, name: name)
    let node = try ActivationRuleInput.ruleNode(in: document)
    let rule: ActivationRule
    switch ActivationRule.read(node) {
    case .success(let read): rule = read
    case .failure(let error): throw InputError("\(name): \(error.message)")
    }
    guard let resolved = rule.resolvedPredicate(), let outcomes = rule.simulate() else {
      if case .predicate(let written) = rule, let diagnostic = written.outcome.diagnostics.first {
        let range = written.fileRange(of: diagnostic.range) ?? diagnostic.range
        var located = diagnostic
        located.range = range
        let renderer = CaretRenderer(colour: colour.style(forDescriptor: 2).isEnabled)
        StandardStreams.writeRenderedError(renderer.render(located, in: document.source) + "\n")
      }
      throw ExitCode(CommandLineExit.answerIsNo)
    }
    switch format {
    case .json:
      let rows = outcomes.map { outcome -> JSONValue in
        var row: [String: JSONValue] = [
          "input": .string(outcome.input.name), "source": .string(outcome.input.sourceApp),
          "managed": .bool(outcome.input.isManaged),
          "activates": outcome.activates.map { .bool($0) } ?? .null,
        ]
        if case .failure(let error) = outcome.result { row["error"] = .string(error.message) }
        return .object(row)
      }
      var object: [String: JSONValue] = ["inputs": .array(rows), "rule": .string(resolved.text)]
      object["convertedFrom"] = resolved.conversion.map { .string("dictionary (\($0.rawValue) shape)") } ?? .null
      StandardStreams.writeOutput(JSONValue.object(object).serialized(pretty: true) + "\n")
    case .text:
      let nameWidth = outcomes.map { $0.input.name.count }.max() ?? 0
      let sourceWidth = outcomes.map { $0.input.sourceApp.count }.max() ?? 0
      if let conversion = resolved.conversion {
        StandardStreams.writeOutput("(dictionary rule, converted in the \(conversion.rawValue) shape)\n")
      }
      StandardStreams.writeOutput(
        "INPUT".padded(nameWidth) + "  " + "FROM".padded(sourceWidth) + "  MANAGED  ACTIVATES\n")
      for outcome in outcomes {
        let verdict: String
        switch outcome.result {
        case .success(let activates): verdict = activates ? "yes" : "no"
        case .failure(let error): verdict = "error: \(PrintableText.escaped(error.message))"
        }
        StandardStreams.writeOutput(
          outcome.input.name.padded(nameWidth) + "  " + outcome.input.sourceApp.padded(sourceWidth) + "  "
            + (outcome.input.isManaged ? "yes" : "no ").padded(7) + "  " + verdict + "\n")
      }
    }
    if !outcomes.contains(where: { $0.activates == true }) { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

extension String {
  func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

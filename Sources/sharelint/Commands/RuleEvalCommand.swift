import ActivationRules
import ArgumentParser
import PredicateEvaluation
import PredicateSyntax
import SharelintBase

/// `sharelint rule eval`: does a rule activate for an extension context?
struct RuleEvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Evaluate a predicate against an extension context: does the extension activate?",
    discussion: """
      The context is the JSON of what the host app offers: \
      {"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": ["public.jpeg"]}]}]} — \
      given with --input (JSON text, or @FILE), or built with --attachments: one extension item \
      whose attachments are given one flag each, every flag a comma-separated list of type \
      identifiers. UTI-CONFORMS-TO knows Apple's system types and the com.microsoft.intune.mam. \
      mirror.

      Exit status: 0 the rule activates; 1 it does not (or the predicate has a syntax error); 2 the \
      context is not valid JSON, or evaluation fails (a type mismatch, shown with a caret).

      Examples:
        sharelint rule eval --attachments public.jpeg 'SUBQUERY(extensionItems, $e,
          SUBQUERY($e.attachments, $a,
            ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
          ).@count >= 1).@count >= 1'
        sharelint rule eval - --attachments public.jpeg,public.heic < rule.txt
        sharelint rule eval - --input @context.json --json < rule.txt
      """
  )

  @OptionGroup var input: PredicateInputOptions

  @Option(name: .customLong("input"), help: ArgumentHelp("The context as JSON text, or @FILE.", valueName: "json"))
  var context: String?

  @Option(help: ArgumentHelp("One attachment's type identifiers, comma-separated (repeatable).", valueName: "uti,..."))
  var attachments: [String] = []

  @Flag(help: "Print {\"activates\": …} as JSON.")
  var json = false

  func validate() throws {
    if (context == nil) == attachments.isEmpty {
      throw ValidationError("give the context with --input or with --attachments (one of them)")
    }
  }

  func run() throws {
    let source = try input.read()
    let outcome = RuleDiagnostics.parseAndReport(source, lenient: input.lenient, colour: input.coloursDiagnostics)
    guard let predicate = outcome.predicate else { throw ExitCode(CommandLineExit.answerIsNo) }
    let value = try contextValue()
    do {
      let activates = try PredicateEvaluator().evaluate(predicate, on: value)
      StandardStreams.writeOutput(json ? "{\"activates\":\(activates)}\n" : (activates ? "activates\n" : "does not activate\n"))
      if !activates || !outcome.isValid { throw ExitCode(CommandLineExit.answerIsNo) }
    } catch let error as EvaluationError {
      let diagnostic = CaretRenderer(colour: input.coloursDiagnostics).render(
        severity: .error, message: error.message, code: "evaluation-\(error.kind.rawValue)", range: error.range,
        label: nil, annotations: [], in: SourceText(name: source.name, bytes: source.bytes))
      StandardStreams.writeRenderedError(diagnostic + "\n")
      throw ExitCode(CommandLineExit.unusable)
    }
  }

  private func contextValue() throws -> EvaluationValue {
    if !attachments.isEmpty {
      let context = ExtensionContext(attachments: attachments.map { list in
        ExtensionContext.Attachment(list.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty })
      })
      return context.evaluationValue
    }
    let text = context ?? ""
    let name: String
    let bytes: [UInt8]
    if text.hasPrefix("@") {
      name = String(text.dropFirst())
      bytes = try StandardStreams.readFile(name)
    } else {
      name = "--input"
      bytes = Array(text.utf8)
    }
    do {
      return try EvaluationValue(jsonBytes: bytes)
    } catch {
      let position = SourceText(name: name, bytes: bytes).position(of: error.range.start)
      throw InputError("\(name):\(position.line):\(position.column): \(error.message)")
    }
  }
}

extension String {
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}

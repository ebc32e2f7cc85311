import ActivationRules
import ArgumentParser
import Foundation
import Lint
import PredicateSyntax
import SharelintBase

/// `sharelint rule simulate`: which share-sheet inputs activate an extension.
struct RuleSimulateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Show which realistic share-sheet inputs activate an extension's rule.",
    discussion: """
      Evaluates the extension's NSExtensionActivationRule (a predicate, or the dictionary form \
      converted with iOS's meaning) on a fixed catalogue: Photos (1 image, 5 images, a Live Photo, \
      a video), Safari (a page with JavaScript preprocessing, a bare URL), Notes (text, a scanned \
      document), Files (a PDF, two PDFs, a .docx), Mail (an attachment) — each also as sent by an \
      Intune-managed app, \
      with com.microsoft.intune.mam. types.

      Given an extension — a folder or Xcode project with --target NAME, or an Info.plist with --extension — \
      the report also shows what the extension's Swift and Objective-C code handles against what the rule lets \
      in (AR019, AR020; read only through the project), and every AR finding the linter gives about the \
      extension, so one report says why it does or does not appear.

      Exit status: 0 at least one input activates the rule; 1 none does (or the rule has a syntax \
      error); 2 the plist cannot be read or has no activation rule.
      """
  )

  @Argument(help: ArgumentHelp(
    "The extension's Info.plist (or a plist/predicate file holding the rule), or a folder or Xcode project holding "
      + "the extension; '-' reads standard input."))
  var file: String

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  @Option(help: "text or json.")
  var format: Format = .text

  @Option(name: .long, help: ArgumentHelp("The extension's Xcode target, in a folder or project.", valueName: "name"))
  var target: String?

  @Flag(name: .long, help: "Report on the extension whose Info.plist is given: its findings too.")
  var `extension` = false

  @OptionGroup var boundary: BoundaryOptions

  @OptionGroup var colour: ColorOptions

  func run() async throws {
    var isFolder: ObjCBool = false
    let exists = file != "-" && FileManager.default.fileExists(atPath: file, isDirectory: &isFolder)
    if target != nil || `extension` || (exists && isFolder.boolValue) {
      try await runOnExtension()
      return
    }
    try simulateRule()
  }

  /// The rule of a plist or predicate file, on the catalogue.
  func simulateRule() throws {
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

extension RuleSimulateCommand {
  /// The whole extension: the rule's verdicts, its code against the rule, and the AR findings about it.
  func runOnExtension() async throws {
    boundary.install(paths: [file])
    var options = LintSession.Options(paths: [file])
    options.targetName = target
    options.collectsExtensionInsights = true
    let report: LintReport
    do {
      report = try await LintSession.run(options)
    } catch {
      throw InputError(String(describing: error))
    }
    reportProblems(report)
    // Without --target, the one extension with an activation rule (widgets and notification extensions have none).
    let withRules = report.extensionInsights.filter { $0.rule != nil }
    let insights = target == nil && !withRules.isEmpty ? withRules : report.extensionInsights
    guard let insight = insights.first else {
      throw InputError(
        "\(file): no share or action extension found" + (target.map { " for target '\($0)'" } ?? ""))
    }
    guard insights.count == 1 else {
      let names = insights.map { $0.targetName ?? $0.infoPlist }.joined(separator: ", ")
      throw InputError("\(file): \(insights.count) extensions (\(names)); name one with --target")
    }
    let findings = report.diagnostics.filter { $0.file == insight.infoPlist && $0.code.hasPrefix("AR") }
    switch format {
    case .json: StandardStreams.writeOutput(ExtensionInsightText.json(insight, findings: findings) + "\n")
    case .text: StandardStreams.writeOutput(ExtensionInsightText.text(insight, findings: findings))
    }
    if !insight.activatesOnSomeInput { throw ExitCode(CommandLineExit.answerIsNo) }
  }
}

extension String {
  func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

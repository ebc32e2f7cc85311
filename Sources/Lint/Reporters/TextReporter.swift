import Foundation
import PredicateSyntax
import PropertyList
import SharelintBase

/// `file:line:col: severity: message [CODE identifier]`, the caret excerpt under it, then a summary (which counts
/// the findings a baseline held back: `…; 3 in the baseline`).
///
/// Every text that came from the files (paths, messages quoting values, key paths, notes, excerpts) is
/// printed through `PrintableText`: no control character reaches the terminal, no value starts a line.
public struct TextReporter: Sendable {
  /// Whether to use ANSI colours (`--color`, or in `auto` mode a terminal without `NO_COLOR`): the severity words,
  /// the rule codes and the carets (`TerminalStyle`).
  public var colour: Bool

  /// A reporter.
  public init(colour: Bool = false) { self.colour = colour }

  private var style: TerminalStyle { TerminalStyle(isEnabled: colour) }

  /// The whole report.
  public func render(_ report: LintReport) -> String {
    var output = ""
    write(report) { output += $0 }
    return output
  }

  /// The report, a batch of diagnostics at a time (`DiagnosticBatches`).
  public func write(_ report: LintReport, to stream: (String) -> Void) {
    let renderer = CaretRenderer(colour: colour)
    DiagnosticBatches.write(report, to: stream) { _, diagnostic, sources, output in
      render(diagnostic, with: renderer, sources: &sources, into: &output)
    }
    let errors = report.count(.error)
    let warnings = report.count(.warning)
    let infos = report.count(.info)
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    stream(
      "\(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(infos, "note"))"
        + " in \(plural(report.targetCount, "target"))"
        + (report.buildCount > report.targetCount ? " (\(plural(report.buildCount, "build")))" : "")
        + (report.suppressed.isEmpty ? "" : ", \(report.suppressed.count) suppressed")
        + (report.baseline.map { "; \($0.unchanged) in the baseline" } ?? "") + "\n")
  }

  /// One diagnostic: its line, then its excerpt with carets (or its key path and notes when it has no range).
  private func render(
    _ diagnostic: LintDiagnostic, with renderer: CaretRenderer, sources: inout LintReport.SourceReader,
    into output: inout String
  ) {
    // Appended piece by piece: interpolating the line built a string of its own for every finding.
    output += PrintableText.path(diagnostic.file)
    if let start = diagnostic.start {
      output += ":"
      output += String(start.line)
      output += ":"
      output += String(start.column)
    }
    output += ": "
    output += style.severity(diagnostic.severity.rawValue, diagnostic.severity)
    output += ": "
    output += PrintableText.escaped(diagnostic.message)
    output += " ["
    output += style.code(diagnostic.code)
    output += " "
    output += diagnostic.rule
    output += "]\n"
    var annotations = diagnostic.notes.map { CaretRenderer.Annotation(kind: "note", message: $0) }
    if let fix = diagnostic.fix {
      let safety = fix.applicability == .safe ? "" : " (\(fix.applicability.rawValue) fix)"
      annotations.append(.init(kind: "help", message: fix.title + safety))
    }
    if let range = diagnostic.range, let source = sources.source(of: diagnostic.file) {
      renderer.writeSnippet(
        severity: diagnostic.severity, range: range, label: diagnostic.label, annotations: annotations, in: source,
        into: &output)
    } else {
      if !diagnostic.keyPath.isEmpty { output += "  = at: \(PrintableText.escaped(diagnostic.keyPath))\n" }
      for annotation in annotations {
        output += "  = \(annotation.kind): \(PrintableText.escaped(annotation.message))\n"
      }
    }
  }
}

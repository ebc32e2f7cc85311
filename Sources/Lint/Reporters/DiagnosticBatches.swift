import Foundation
import PredicateSyntax
import ProjectDiscovery
import PropertyList
import SharelintBase

/// How every reporter writes a report's diagnostics: a batch at a time, batches rendered on every core a
/// few at a time and handed to `stream` in order. A run with 50,000 findings neither builds one string of
/// them all nor renders them on one thread.
enum DiagnosticBatches {
  /// Diagnostics per batch.
  static let batchSize = 128

  /// Calls `render` for every diagnostic of `report` (with its index, and a reader of the report's files
  /// for the thread it runs on) and streams the output in diagnostic order.
  static func write(
    _ report: LintReport, to stream: (String) -> Void,
    render: @Sendable (_ index: Int, _ diagnostic: LintDiagnostic, _ sources: inout LintReport.SourceReader,
      _ output: inout String) -> Void
  ) {
    let diagnostics = report.diagnostics
    let batchesAtOnce = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
    var waveStart = 0
    while waveStart < diagnostics.count {
      let waveEnd = min(diagnostics.count, waveStart + batchSize * batchesAtOnce)
      let batchStarts = Array(stride(from: waveStart, to: waveEnd, by: batchSize))
      let rendered = ConcurrentResults<String>(count: batchStarts.count)
      DispatchQueue.concurrentPerform(iterations: batchStarts.count) { batch in
        var sources = report.sourceReader()
        var output = ""
        for index in batchStarts[batch]..<min(waveEnd, batchStarts[batch] + batchSize) {
          render(index, diagnostics[index], &sources, &output)
        }
        rendered[batch] = output
      }
      for batch in batchStarts.indices { stream(rendered[batch] ?? "") }
      waveStart = waveEnd
    }
  }

  /// Streams a pretty-printed JSON array holding one value per diagnostic, nested `level` deep, exactly
  /// as `JSONValue` prints the whole array there: what the json and sarif reporters write their
  /// diagnostics with.
  static func writeJSONArray(
    _ report: LintReport, level: Int, to stream: (String) -> Void,
    element: @Sendable (_ index: Int, _ diagnostic: LintDiagnostic, _ sources: inout LintReport.SourceReader)
      -> JSONValue
  ) {
    guard !report.diagnostics.isEmpty else { return stream("[]") }
    let elementIndent = "\n" + String(repeating: "  ", count: level + 1)
    stream("[")
    write(report, to: stream) { index, diagnostic, sources, output in
      output += index == 0 ? elementIndent : "," + elementIndent
      element(index, diagnostic, &sources).write(into: &output, pretty: true, level: level + 1)
    }
    stream("\n" + String(repeating: "  ", count: level) + "]")
  }
}

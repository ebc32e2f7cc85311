import PredicateSyntax
import SharelintBase

/// One JSON object, sorted keys:
/// `{"diagnostics": [...], "summary": {"errors", "warnings", "infos", "targets", "builds", "problems", "notes"},
/// "version": 1}`; with a baseline, `summary.baseline` too (`baselineSummary`).
/// Each diagnostic has `rule`, `code`, `severity`, `message`, `file`, `line`, `column`, `endLine`,
/// `endColumn` (1-based; null in binary plists, which have no positions), `keyPath`, `notes`, `fix`
/// (`title`, `applicability`, `edits` with byte `range` and `replacement`) when one exists, and
/// `configurations` (the Xcode configurations it holds in) for a plist linted through its project.
/// When `sharelint:` comments suppressed findings, `suppressed` lists them in the same shape, each with a
/// `suppression` (`kind` "inSource", `directive`, `reason` or null, the comment's `file` and `line`), and the summary
/// counts them (`suppressed`).
public enum JSONReporter {
  /// The report as pretty-printed JSON.
  public static func render(_ report: LintReport) -> String {
    var output = ""
    write(report) { output += $0 }
    return output
  }

  /// The report as pretty-printed JSON, handed to `stream` a batch of diagnostics at a time
  /// (`DiagnosticBatches`), the same text `JSONValue` would print for the whole object.
  public static func write(_ report: LintReport, to stream: (String) -> Void) {
    stream("{\n  \"diagnostics\": ")
    DiagnosticBatches.writeJSONArray(report, level: 1, to: stream) { _, diagnostic, sources in
      object(for: diagnostic, sources: &sources)
    }
    var summary: [String: JSONValue] = [
      "errors": .integer(Int64(report.count(.error))),
      "warnings": .integer(Int64(report.count(.warning))),
      "infos": .integer(Int64(report.count(.info))),
      "targets": .integer(Int64(report.targetCount)),
      "builds": .integer(Int64(report.buildCount)),
      "problems": .array(report.problems.map { .string($0) }),
      "notes": .array(report.notes.map { .string($0) }),
    ]
    if let baseline = report.baseline { summary["baseline"] = baselineSummary(baseline) }
    var tail = ",\n  \"summary\": "
    if !report.suppressed.isEmpty { summary["suppressed"] = .integer(Int64(report.suppressed.count)) }
    JSONValue.object(summary).write(into: &tail, pretty: true, level: 1)
    if !report.suppressed.isEmpty {
      var reader = report.sourceReader()
      let suppressed: JSONValue = .array(report.suppressed.map { object(for: $0, sources: &reader) })
      tail += ",\n  \"suppressed\": "
      suppressed.write(into: &tail, pretty: true, level: 1)
    }
    stream(tail + ",\n  \"version\": 1\n}\n")
  }

  /// `summary.baseline`: the baseline's file, how many findings it held back (`unchanged`), and its entries that
  /// matched nothing in the files linted (`absent`: rule, code, file relative to the baseline, key path, message).
  static func baselineSummary(_ baseline: LintBaseline.Outcome) -> JSONValue {
    .object([
      "file": .string(baseline.file),
      "unchanged": .integer(Int64(baseline.unchanged)),
      "absent": .array(baseline.absent.map { entry in
        .object([
          "rule": .string(entry.rule), "code": .string(entry.code), "file": .string(entry.file),
          "keyPath": .string(entry.keyPath), "message": .string(entry.message),
        ])
      }),
    ])
  }

  /// One diagnostic's object.
  private static func object(for diagnostic: LintDiagnostic, sources: inout LintReport.SourceReader) -> JSONValue {
    var object: [String: JSONValue] = [
      "rule": .string(diagnostic.rule),
      "code": .string(diagnostic.code),
      "severity": .string(diagnostic.severity.rawValue),
      "message": .string(diagnostic.message),
      "file": .string(diagnostic.file),
      "line": diagnostic.start.map { .integer(Int64($0.line)) } ?? .null,
      "column": diagnostic.start.map { .integer(Int64($0.column)) } ?? .null,
      "endLine": diagnostic.end.map { .integer(Int64($0.line)) } ?? .null,
      "endColumn": diagnostic.end.map { .integer(Int64($0.column)) } ?? .null,
      "keyPath": .string(diagnostic.keyPath),
      "notes": .array(diagnostic.notes.map { .string($0) }),
    ]
    if !diagnostic.configurations.isEmpty {
      object["configurations"] = .array(diagnostic.configurations.map { .string($0) })
    }
    if let suppression = diagnostic.suppression {
      object["suppression"] = .object([
        "kind": "inSource", "directive": .string(suppression.directive),
        "reason": suppression.reason.map { .string($0) } ?? .null,
        "file": .string(suppression.file), "line": .integer(Int64(suppression.line)),
      ])
    }
    if let fix = diagnostic.fix {
      object["fix"] = .object([
        "title": .string(fix.title),
        "applicability": .string(fix.applicability.rawValue),
        "file": .string(fix.file),
        "edits": .array(sources.edits(of: fix).map { edit in
          .object(["range": edit.range.json, "replacement": .string(edit.replacement)])
        }),
      ])
    }
    return .object(object)
  }
}

import PredicateSyntax
import SharelintBase

/// GitLab's code quality report (https://docs.gitlab.com/ci/testing/code_quality/), the subset of the Code
/// Climate issue format GitLab reads: a JSON array with one object per diagnostic, keys sorted:
///
/// - `description`: the message and `[CODE identifier]` (in a binary plist, which has no lines, the key path too);
/// - `check_name`: the rule's identifier; `categories` `["Bug Risk"]` and `type` `"issue"` (Code Climate's);
/// - `severity`: `major` for an error, `minor` for a warning, `info` for a note;
/// - `location.path`: the file as linted, without a leading `./` (lint from the repository's root with
///   relative paths: GitLab matches it against the repository's files); `location.lines.begin` and `end`
///   (1-based; 1 in a binary plist);
/// - `fingerprint`: `FindingFingerprint`'s (rule identifier, file, key path, message and occurrence; no line or
///   column), so a finding keeps its fingerprint when edits elsewhere move it, and GitLab does not report it as
///   fixed and new again.
public enum GitLabReporter {
  /// The report as a GitLab code quality JSON array.
  public static func render(_ report: LintReport) -> String {
    var output = ""
    write(report) { output += $0 }
    return output
  }

  /// The report as a GitLab code quality JSON array, handed to `stream` a batch of diagnostics at a time
  /// (`DiagnosticBatches`), the same text `JSONValue` would print for the whole array.
  public static func write(_ report: LintReport, to stream: (String) -> Void) {
    let fingerprints = FindingFingerprint.fingerprints(of: report.diagnostics)
    DiagnosticBatches.writeJSONArray(report, level: 0, to: stream) { index, diagnostic, _ in
      issue(for: diagnostic, fingerprint: fingerprints[index])
    }
    stream("\n")
  }

  /// One diagnostic's issue object.
  private static func issue(for diagnostic: LintDiagnostic, fingerprint: String) -> JSONValue {
    let severity: String
    switch diagnostic.severity {
    case .error: severity = "major"
    case .warning: severity = "minor"
    case .info: severity = "info"
    }
    let where_ = diagnostic.start == nil && !diagnostic.keyPath.isEmpty ? " (at \(diagnostic.keyPath))" : ""
    let begin = diagnostic.start?.line ?? 1
    return .object([
      "type": "issue",
      "check_name": .string(diagnostic.rule),
      "categories": .array([.string("Bug Risk")]),
      "description": .string("\(diagnostic.message)\(where_) [\(diagnostic.code) \(diagnostic.rule)]"),
      "fingerprint": .string(fingerprint),
      "severity": .string(severity),
      "location": .object([
        "path": .string(FindingFingerprint.reportedPath(of: diagnostic.file)),
        "lines": .object([
          "begin": .integer(Int64(begin)), "end": .integer(Int64(max(begin, diagnostic.end?.line ?? begin))),
        ]),
      ]),
    ])
  }
}

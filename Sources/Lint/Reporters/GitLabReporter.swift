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
/// - `fingerprint`: the first 32 hex digits of the SHA-256 of rule identifier, file, key path, message and
///   occurrence, each followed by a NUL byte (the occurrence counts earlier diagnostics with the same four,
///   from 0). No line or column goes in, so a finding keeps its fingerprint when edits elsewhere move it,
///   and GitLab does not report it as fixed and new again.
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
    let occurrences = occurrences(in: report.diagnostics)
    DiagnosticBatches.writeJSONArray(report, level: 0, to: stream) { index, diagnostic, _ in
      issue(for: diagnostic, occurrence: occurrences[index])
    }
    stream("\n")
  }

  /// The fingerprint of a diagnostic (see the type's documentation).
  public static func fingerprint(of diagnostic: LintDiagnostic, occurrence: Int = 0) -> String {
    var bytes = [UInt8]()
    let fields = [diagnostic.rule, path(of: diagnostic.file), diagnostic.keyPath, diagnostic.message, "\(occurrence)"]
    for field in fields {
      bytes += Array(field.utf8)
      bytes.append(0)
    }
    return String(SHA256.hexDigest(bytes).prefix(32))
  }

  /// For each diagnostic, how many earlier ones have the same rule, file, key path and message.
  private static func occurrences(in diagnostics: [LintDiagnostic]) -> [Int] {
    var seen: [String: Int] = [:]
    return diagnostics.map { diagnostic in
      let key = [diagnostic.rule, diagnostic.file, diagnostic.keyPath, diagnostic.message].joined(separator: "\0")
      defer { seen[key, default: 0] += 1 }
      return seen[key] ?? 0
    }
  }

  /// One diagnostic's issue object.
  private static func issue(for diagnostic: LintDiagnostic, occurrence: Int) -> JSONValue {
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
      "fingerprint": .string(fingerprint(of: diagnostic, occurrence: occurrence)),
      "severity": .string(severity),
      "location": .object([
        "path": .string(path(of: diagnostic.file)),
        "lines": .object([
          "begin": .integer(Int64(begin)), "end": .integer(Int64(max(begin, diagnostic.end?.line ?? begin))),
        ]),
      ]),
    ])
  }

  /// The file as GitLab matches it against the repository: without a leading `./`.
  private static func path(of file: String) -> String {
    var path = Substring(file)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }
}

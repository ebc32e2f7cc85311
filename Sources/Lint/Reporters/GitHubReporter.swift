import PredicateSyntax
import SharelintBase

/// GitHub Actions workflow commands, one line per diagnostic:
/// `::error file=Info.plist,line=3,col=5,endLine=3,endColumn=9,title=IM001 unknown-intune-setting::message`.
/// Paths, messages and key paths are escaped (`escapeData`, `escapeProperty`): a value cannot end the
/// command, start another, or send a control character to the log.
public enum GitHubReporter {
  /// The report as annotations.
  public static func render(_ report: LintReport) -> String {
    var output = ""
    write(report) { output += $0 }
    return output
  }

  /// The report as annotations, handed to `stream` a batch at a time (`DiagnosticBatches`).
  public static func write(_ report: LintReport, to stream: (String) -> Void) {
    DiagnosticBatches.write(report, to: stream) { _, diagnostic, _, output in
      let command: String
      switch diagnostic.severity {
      case .error: command = "error"
      case .warning: command = "warning"
      case .info: command = "notice"
      }
      var properties = ["file=\(escapeProperty(diagnostic.file))"]
      if let start = diagnostic.start, let end = diagnostic.end {
        properties += ["line=\(start.line)", "col=\(start.column)", "endLine=\(end.line)", "endColumn=\(end.column)"]
      }
      properties.append("title=\(escapeProperty("\(diagnostic.code) \(diagnostic.rule)"))")
      let where_ = diagnostic.start == nil && !diagnostic.keyPath.isEmpty ? " (at \(diagnostic.keyPath))" : ""
      output += "::\(command) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message + where_))\n"
    }
  }

  /// Workflow-command data: `PrintableText`'s escapes (no control character, no `##[`), then the runner's
  /// own encoding: `%` as `%25`, CR as `%0D`, LF as `%0A`.
  static func escapeData(_ text: String) -> String { encoded(PrintableText.escaped(text), property: false) }

  /// A workflow-command property: as data, and `:` as `%3A`, `,` as `%2C`.
  static func escapeProperty(_ text: String) -> String { encoded(PrintableText.escaped(text), property: true) }

  /// `text` in the runner's encoding, scalar by scalar (a `String` split on "\r" missed the CR of a CR LF,
  /// which Swift holds as one character).
  private static func encoded(_ text: String, property: Bool) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": output += "%25"
      case "\r": output += "%0D"
      case "\n": output += "%0A"
      case ":" where property: output += "%3A"
      case "," where property: output += "%2C"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}

import PredicateSyntax

/// GitHub Actions workflow commands, one line per diagnostic:
/// `::error file=Info.plist,line=3,col=5,endLine=3,endColumn=9,title=IM001 unknown-intune-setting::message`.
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

  static func escapeData(_ text: String) -> String {
    text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
  }
}

extension String {
  /// This string with every `target` replaced.
  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: Substring(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

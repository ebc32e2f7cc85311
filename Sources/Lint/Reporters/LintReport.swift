import PredicateSyntax
import PropertyList

/// What a lint run produced: the diagnostics in order, the documents they are about (for carets
/// and fix edits), and the inputs that could not be used.
public struct LintReport: Sendable {
  /// Every diagnostic, sorted by file and position.
  public var diagnostics: [LintDiagnostic]
  /// The documents read, by display path.
  public var documents: [String: PropertyListDocument]
  /// Files whose text could not be read as a plist, by display path (their PL001 is a diagnostic).
  public var unreadableSources: [String: SourceText]
  /// One-line reasons for inputs that could not be used at all (missing files, corrupt archives).
  public var problems: [String]
  /// How many targets (apps and extensions) were linted.
  public var targetCount: Int

  /// A report.
  public init(
    diagnostics: [LintDiagnostic] = [], documents: [String: PropertyListDocument] = [:],
    unreadableSources: [String: SourceText] = [:], problems: [String] = [], targetCount: Int = 0
  ) {
    self.diagnostics = diagnostics
    self.documents = documents
    self.unreadableSources = unreadableSources
    self.problems = problems
    self.targetCount = targetCount
  }

  /// The source text of `file`, for excerpts.
  public func source(of file: String) -> SourceText? {
    documents[file]?.source ?? unreadableSources[file]
  }

  /// Counts by severity.
  public func count(_ severity: Severity) -> Int { diagnostics.filter { $0.severity == severity }.count }

  /// Whether some input was unusable (malformed, unreadable, missing): exit status 2.
  public var hasUnusableInput: Bool {
    !problems.isEmpty || diagnostics.contains { $0.code == MalformedPlistRule.description.code }
  }

  /// The exit status the contract gives this report: 2 unusable input, 1 error findings, else 0.
  public var exitStatus: Int32 {
    if hasUnusableInput { return 2 }
    return diagnostics.contains { $0.severity == .error } ? 1 : 0
  }

  /// The byte edits of a diagnostic's fix in its XML file (empty for binary files or unknown ones).
  public func edits(of fix: LintFix) -> [TextEdit] {
    guard let document = documents[fix.file], document.format == .xml else { return [] }
    return (try? fix.changes.flatMap { try $0.textEdits(in: document) }) ?? []
  }
}

/// A way to print a report: `text`, `json`, `sarif`, `github`.
public enum ReportFormat: String, CaseIterable, Sendable {
  case text, json, sarif, github

  /// The report in this format.
  public func render(_ report: LintReport, colour: Bool = false) -> String {
    switch self {
    case .text: return TextReporter(colour: colour).render(report)
    case .json: return JSONReporter.render(report)
    case .sarif: return SARIFReporter.render(report)
    case .github: return GitHubReporter.render(report)
    }
  }
}

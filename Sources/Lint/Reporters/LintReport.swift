import Foundation
import PredicateSyntax
import PropertyList
import SharelintBase

/// What a lint run produced: the diagnostics in order, where to find the text of the files they are
/// about (for carets and fix edits), and the inputs that could not be used.
///
/// A report keeps neither parsed trees nor, for files on disk, their bytes: a run over 10,000 plists
/// would otherwise hold all of them until the end. The text of a file (`source(of:)`) and its document
/// (`document(of:)`) are read again when a reporter or a fix asks, and a file that changed meanwhile
/// gives none.
public struct LintReport: Sendable {
  /// Every diagnostic, sorted by file and position.
  public var diagnostics: [LintDiagnostic]
  /// The findings a `sharelint:` comment suppresses (each with its `suppression`), sorted by file and position:
  /// neither printed as text, counted in the exit status, nor fixed; listed in JSON and SARIF.
  public var suppressed: [LintDiagnostic] = []
  /// Every file read, readable as a plist or not (a PL001 diagnostic says why not), by display path.
  public var sources: [String: PlistContents]
  /// One-line reasons for inputs that could not be used at all (missing files, corrupt archives).
  public var problems: [String]
  /// What Xcode would report about the projects and go on from (a missing `.xcconfig` or include, a loop of
  /// settings, a workspace without contents), and what stops nothing but changes what was linted (a Tuist manifest
  /// whose project is generated, an XcodeGen include that depends on the environment), located: shown, but no
  /// reason to stop.
  public var notes: [String] = []
  /// How many targets (apps, extensions, lone entitlements files) were linted.
  public var targetCount: Int
  /// How many builds were linted: a project target once per configuration, loose files once.
  public var buildCount: Int
  /// What the baseline held back, when the run had one (`LintBaseline.apply`): the reporters count it.
  public var baseline: LintBaseline.Outcome?
  /// For `rule simulate` on an extension (`LintSession.Options.collectsExtensionInsights`), each extension's
  /// share-sheet verdicts and code comparison, in plan order.
  public var extensionInsights: [ExtensionInsight] = []

  /// A report.
  public init(
    diagnostics: [LintDiagnostic] = [], sources: [String: PlistContents] = [:], problems: [String] = [],
    targetCount: Int = 0, buildCount: Int? = nil
  ) {
    self.diagnostics = diagnostics
    self.sources = sources
    self.problems = problems
    self.targetCount = targetCount
    self.buildCount = buildCount ?? targetCount
  }

  /// The text of `file`, for excerpts; `nil` when the file is unknown, or changed on disk since it was linted.
  /// The last file asked for is kept, as reporters go through the diagnostics file by file.
  public func source(of file: String) -> SourceText? {
    lastFile.entry(for: file, sources: sources).source
  }

  /// The document `file` holds, read again from its text; `nil` when the file is unknown, is not a
  /// readable plist, or changed on disk since it was linted.
  public func document(of file: String) -> PropertyListDocument? {
    lastFile.document(for: file, sources: sources)
  }

  private let lastFile = LastFile()

  /// A reader of the report's files for one thread, keeping the last file it read: what a reporter that
  /// renders on several threads gives each (`source(of:)` keeps one file for every thread).
  struct SourceReader {
    private let sources: [String: PlistContents]
    private var last: (name: String, source: SourceText?, document: PropertyListDocument??)?

    fileprivate init(sources: [String: PlistContents]) { self.sources = sources }

    /// The text of `file`, as `LintReport.source(of:)` gives it.
    mutating func source(of file: String) -> SourceText? {
      if let last, last.name == file { return last.source }
      let source = LintReport.readSource(of: file, in: sources)
      last = (file, source, nil)
      return source
    }

    /// The document of `file`, as `LintReport.document(of:)` gives it.
    mutating func document(of file: String) -> PropertyListDocument? {
      let source = source(of: file)
      if let document = last?.document { return document }
      let document = source.flatMap { try? PropertyListDocument(source: $0) }
      last?.document = .some(document)
      return document
    }

    /// The byte edits of `fix`, as `LintReport.edits(of:)` gives them.
    mutating func edits(of fix: LintFix) -> [TextEdit] {
      if let edits = fix.sourceEdits { return edits }
      guard let document = document(of: fix.file), document.format == .xml else { return [] }
      return (try? fix.changes.flatMap { try $0.textEdits(in: document) }) ?? []
    }
  }

  /// A reader of the files for one thread.
  func sourceReader() -> SourceReader { SourceReader(sources: sources) }

  /// The text of `file` read again; `nil` when unknown or changed on disk since it was linted.
  fileprivate static func readSource(of file: String, in sources: [String: PlistContents]) -> SourceText? {
    (try? sources[file]?.bytes()).map { SourceText(name: file, bytes: $0) }
  }

  /// Counts by severity.
  public func count(_ severity: Severity) -> Int {
    var count = 0
    for index in diagnostics.indices where diagnostics[index].severity == severity { count += 1 }
    return count
  }

  /// Whether some input was unusable (malformed, unreadable, missing): exit status 2.
  public var hasUnusableInput: Bool {
    !problems.isEmpty || diagnostics.indices.contains { diagnostics[$0].code == MalformedPlistRule.description.code }
  }

  /// A one-line reason for every unusable input, for standard error: the problems, then each
  /// malformed or unreadable file (its PL001 finding) as `file:line:column: message`.
  public var unusableInputReasons: [String] {
    // Indexes, not elements: going through 40,000 diagnostics by copying each was a visible part of a run's end.
    problems + diagnostics.indices.compactMap { index in
      guard diagnostics[index].code == MalformedPlistRule.description.code else { return nil }
      let position = diagnostics[index].start.map { ":\($0.line):\($0.column)" } ?? ""
      return "\(diagnostics[index].file)\(position): \(diagnostics[index].message)"
    }
  }

  /// The exit status the contract gives this report: 2 unusable input, 1 error findings, else 0.
  public var exitStatus: Int32 {
    if hasUnusableInput { return 2 }
    return diagnostics.indices.contains { diagnostics[$0].severity == .error } ? 1 : 0
  }

  /// The byte edits of a diagnostic's fix in its XML file (empty for binary files or unknown ones).
  public func edits(of fix: LintFix) -> [TextEdit] {
    var reader = sourceReader()
    return reader.edits(of: fix)
  }
}

/// The file a report read last, its text and (when asked) its document; shared by the report's copies.
private final class LastFile: @unchecked Sendable {
  struct Entry {
    var name: String
    var source: SourceText?
    var document: PropertyListDocument??
  }

  private let lock = NSLock()
  private var last: Entry?

  func entry(for name: String, sources: [String: PlistContents]) -> Entry {
    lock.lock()
    defer { lock.unlock() }
    return entryLocked(for: name, sources: sources)
  }

  func document(for name: String, sources: [String: PlistContents]) -> PropertyListDocument? {
    lock.lock()
    defer { lock.unlock() }
    var entry = entryLocked(for: name, sources: sources)
    if let document = entry.document { return document }
    let document = entry.source.flatMap { try? PropertyListDocument(source: $0) }
    entry.document = .some(document)
    last = entry
    return document
  }

  private func entryLocked(for name: String, sources: [String: PlistContents]) -> Entry {
    if let last, last.name == name { return last }
    let entry = Entry(name: name, source: LintReport.readSource(of: name, in: sources), document: nil)
    last = entry
    return entry
  }
}

/// A way to print a report: `text`, `json`, `sarif`, `github`, `gitlab`.
public enum ReportFormat: String, CaseIterable, Sendable {
  case text, json, sarif, github, gitlab

  /// The report in this format.
  public func render(_ report: LintReport, colour: Bool = false) -> String {
    var output = ""
    write(report, colour: colour) { output += $0 }
    return output
  }

  /// The report in this format, handed to `stream` in pieces (the text format one diagnostic at a time).
  public func write(_ report: LintReport, colour: Bool = false, to stream: (String) -> Void) {
    switch self {
    case .text: TextReporter(colour: colour).write(report, to: stream)
    case .json: JSONReporter.write(report, to: stream)
    case .sarif: SARIFReporter.write(report, to: stream)
    case .github: GitHubReporter.write(report, to: stream)
    case .gitlab: GitLabReporter.write(report, to: stream)
    }
  }
}

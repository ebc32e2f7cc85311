import SharelintBase

/// What `fix` says once it has written: how many findings the fixes resolved, in how many files, which files could
/// not be written, and what remains.
///
/// A finding is resolved when the run's last lint no longer reports it (same rule, file, key path and message; its
/// position may have moved). It counts for the file its fix writes (its own file when another finding's fix made it
/// go): when that file could not be written, the finding is not resolved — it still counts among those that remain.
public struct FixSummary: Sendable, Equatable {
  /// The findings resolved in the files written.
  public var findingsFixed: Int
  /// The files written.
  public var filesWritten: Int
  /// The files that could not be written.
  public var filesNotWritten: Int
  /// The errors and warnings that remain in the files as they now are on disk.
  public var errorsRemaining: Int
  public var warningsRemaining: Int

  /// The summary of `outcome`, once the files of `failedFiles` (paths, as `outcome.files` names them) could not be
  /// written.
  public init(_ outcome: FixSession.Outcome, failedFiles: Set<String>) {
    let written = outcome.files.filter { !failedFiles.contains($0.original.name) }
    filesWritten = written.count
    filesNotWritten = outcome.files.count - written.count
    var remaining: [Key: Int] = [:]
    for diagnostic in outcome.finalReport.diagnostics { remaining[Key(diagnostic), default: 0] += 1 }
    var fixed = 0
    var errors = outcome.finalReport.count(.error)
    var warnings = outcome.finalReport.count(.warning)
    for diagnostic in outcome.initialReport.diagnostics {
      let key = Key(diagnostic)
      if let count = remaining[key], count > 0 {
        remaining[key] = count - 1
        continue
      }
      if failedFiles.contains(diagnostic.fix?.file ?? diagnostic.file) {
        if diagnostic.severity == .error { errors += 1 }
        if diagnostic.severity == .warning { warnings += 1 }
      } else {
        fixed += 1
      }
    }
    findingsFixed = fixed
    errorsRemaining = errors
    warningsRemaining = warnings
  }

  /// The line `fix` prints on standard output: `fixed 5 findings in 2 files; 0 errors and 1 warning remain`, or
  /// `nothing to fix; …`; nil when no file could be written (the failures, one line each, say it all).
  public var line: String? {
    if filesWritten == 0 && filesNotWritten > 0 { return nil }
    let remain = "\(Self.plural(errorsRemaining, "error")) and \(Self.plural(warningsRemaining, "warning")) remain"
    if filesWritten == 0 { return "nothing to fix; \(remain)" }
    let notWritten = filesNotWritten > 0 ? " (\(Self.plural(filesNotWritten, "file")) not written)" : ""
    return "fixed \(Self.plural(findingsFixed, "finding")) in \(Self.plural(filesWritten, "file"))"
      + "\(notWritten); \(remain)"
  }

  /// `1 file`, `2 files`.
  static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

  /// What makes a finding the same before and after the fixes, wherever it moved.
  private struct Key: Hashable {
    var code: String
    var file: String
    var keyPath: String
    var message: String

    init(_ diagnostic: LintDiagnostic) {
      code = diagnostic.code
      file = diagnostic.file
      keyPath = diagnostic.keyPath
      message = diagnostic.message
    }
  }
}

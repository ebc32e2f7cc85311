import SharelintBase
import Testing

@testable import Lint

/// What `fix` says once it has written: the findings its fixes resolved (not the fix groups it applied) and the
/// files, and nothing claiming success when nothing could be written.
@Suite struct FixSummaryTests {
  static func finding(_ code: String, _ severity: Severity, in file: String, message: String) -> LintDiagnostic {
    LintDiagnostic(
      rule: code.lowercased(), code: code, severity: severity, message: message,
      source: SourceText(name: file, bytes: Array("<plist/>".utf8)), range: nil, keyPath: "Key")
  }

  static func outcome(before: [LintDiagnostic], after: [LintDiagnostic], files: [String]) -> FixSession.Outcome {
    var initial = LintReport()
    initial.diagnostics = before
    var final = LintReport()
    final.diagnostics = after
    return FixSession.Outcome(
      initialReport: initial, finalReport: final,
      files: files.map { (SourceText(name: $0, bytes: Array("old".utf8)), Array("new".utf8), nil) },
      appliedFixes: [], appliedCount: 1, passes: 1)
  }

  static let before = [
    finding("US004", .error, in: "A/Info.plist", message: "one"),
    finding("US004", .error, in: "A/Info.plist", message: "two"),
    finding("US009", .warning, in: "B/Info.plist", message: "three"),
    finding("AR002", .error, in: "B/Info.plist", message: "kept"),
  ]
  static let after = [finding("AR002", .error, in: "B/Info.plist", message: "kept")]

  @Test func countsTheFindingsThatWentAndTheFilesWritten() {
    let outcome = Self.outcome(before: Self.before, after: Self.after, files: ["A/Info.plist", "B/Info.plist"])
    let summary = FixSummary(outcome, failedFiles: [])
    #expect(summary.findingsFixed == 3 && summary.filesWritten == 2 && summary.filesNotWritten == 0)
    #expect(summary.line == "fixed 3 findings in 2 files; 1 error and 0 warnings remain")
  }

  @Test func aFileNotWrittenKeepsItsFindingsAmongThoseThatRemain() {
    let outcome = Self.outcome(before: Self.before, after: Self.after, files: ["A/Info.plist", "B/Info.plist"])
    let partly = FixSummary(outcome, failedFiles: ["B/Info.plist"])
    #expect(partly.line == "fixed 2 findings in 1 file (1 file not written); 1 error and 1 warning remain")
    let nothing = FixSummary(outcome, failedFiles: ["A/Info.plist", "B/Info.plist"])
    #expect(nothing.line == nil)
    #expect(nothing.errorsRemaining == 3 && nothing.warningsRemaining == 1)
  }

  @Test func aFindingThatMovedIsNotResolved() {
    let moved = [Self.finding("AR002", .error, in: "B/Info.plist", message: "kept")]
    let summary = FixSummary(Self.outcome(before: moved, after: moved, files: []), failedFiles: [])
    #expect(summary.line == "nothing to fix; 1 error and 0 warnings remain")
  }
}

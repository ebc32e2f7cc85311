import Foundation
import PredicateSyntax
import PropertyList

/// Turns a lint report into file changes: which fixes apply, the new bytes of each file, and
/// writing them (atomically, refusing files changed since they were read, never inside an
/// `.ipa` or `.app`).
public enum FixSession {
  /// One file's planned change.
  public struct FilePlan: Sendable {
    /// The path shown and written.
    public var path: String
    /// The file's new contents, from `Fixer`.
    public var fixed: Fixer.FixedFile
    /// Why the file cannot be written (inside an archive or bundle), when it cannot.
    public var notWritable: String?
  }

  /// The changed files, in path order.
  public static func plan(_ report: LintReport, includingUnsafe: Bool) -> [FilePlan] {
    var fixesByFile: [String: [LintFix]] = [:]
    for diagnostic in report.diagnostics {
      guard let fix = diagnostic.fix, Fixer.isApplied(fix, includingUnsafe: includingUnsafe) else { continue }
      fixesByFile[fix.file, default: []].append(fix)
    }
    var plans: [FilePlan] = []
    for (file, fixes) in fixesByFile.sorted(by: { $0.key < $1.key }) {
      guard let document = report.documents[file] else { continue }
      let fixed = Fixer.apply(fixes, to: document)
      guard fixed.changed else { continue }
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
      let notWritable = exists && !isDirectory.boolValue ? nil : "inside an archive or bundle; fix the source file instead"
      plans.append(FilePlan(path: file, fixed: fixed, notWritable: notWritable))
    }
    return plans
  }

  /// Writes every writable plan; returns one-line failures (the other files are still written).
  public static func write(_ plans: [FilePlan]) -> [String] {
    var failures: [String] = []
    for plan in plans {
      if let reason = plan.notWritable {
        failures.append("\(plan.path): not written: \(reason)")
        continue
      }
      do {
        try plan.fixed.original.writeAtomically(plan.fixed.bytes)
      } catch {
        failures.append("\(plan.path): not written: \(error)")
      }
    }
    return failures
  }

  /// The unified diff of every plan.
  public static func diff(_ plans: [FilePlan]) -> String {
    plans.map { UnifiedDiff.diff(old: $0.fixed.original.source.bytes, new: $0.fixed.bytes, path: $0.path) }.joined()
  }
}

import Foundation
import PredicateSyntax
import ProjectDiscovery
import PropertyList
import SharelintBase

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
  public static func plan(_ report: LintReport, includingUnsafe: Bool, unsafeRules: Set<String> = []) -> [FilePlan] {
    var fixesByFile: [String: [LintFix]] = [:]
    for diagnostic in report.diagnostics {
      guard let fix = diagnostic.fix,
        Fixer.isApplied(fix, includingUnsafe: includingUnsafe || unsafeRules.contains(diagnostic.code))
      else { continue }
      fixesByFile[fix.file, default: []].append(fix)
    }
    // Each file is read again, parsed and fixed on its own, on every core.
    let files = fixesByFile.sorted(by: { $0.key < $1.key })
    let plans = ConcurrentResults<FilePlan>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let (file, fixes) = files[index]
      var reader = report.sourceReader()
      let fixed: Fixer.FixedFile
      if fixes.allSatisfy({ $0.sourceEdits != nil }), let source = reader.source(of: file) {
        fixed = Fixer.apply(fixes, toText: source)   // a preprocessed Info.plist: its text is no plist
      } else if let document = reader.document(of: file) {
        fixed = Fixer.apply(fixes, to: document)
      } else {
        return
      }
      guard fixed.changed else { return }
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
      let notWritable: String? =
        if exists && !isDirectory.boolValue {
          nil
        } else if file.hasSuffix(" (generated)") || file.hasSuffix(" (generated Info.plist)") {
          "Xcode generates this Info.plist from build settings; set the INFOPLIST_KEY_* setting instead"
        } else {
          "inside an archive or bundle; fix the source file instead"
        }
      plans[index] = FilePlan(path: file, fixed: fixed, notWritable: notWritable)
    }
    return files.indices.compactMap { plans[$0] }
  }

  /// The outcome of fixing: each changed file's bytes before and after every pass.
  public struct Outcome: Sendable {
    /// The report of the first pass: what was wrong before any fix.
    public var initialReport: LintReport
    /// The report after the last pass: what remains.
    public var finalReport: LintReport
    /// The changed files in path order: the text as read (not its parsed tree: a fix over thousands
    /// of files would hold them all) and its final bytes.
    public var files: [(original: SourceText, bytes: [UInt8], notWritable: String?)]
    /// The titles of the fixes applied, with their rule codes, in the order applied.
    public var appliedFixes: [(code: String, title: String)]
    /// How many fixes were applied over all passes.
    public var appliedCount: Int
    /// How many passes ran.
    public var passes: Int
  }

  /// The most passes a fix run makes: fixes that insert at the same place, or change a binary
  /// plist's shape, land over successive passes until nothing changes.
  public static let maximumPasses = 10

  /// Lints, applies the fixes in memory, lints the result, and repeats until no fix changes
  /// anything (at most `maximumPasses`). Nothing is written. The run is planned once; each later pass lints
  /// again only the jobs that read a file the previous pass changed. `filter` is applied to every pass's report
  /// before its fixes are taken (`fix --baseline`: `LintBaseline.apply`, so only new findings are fixed).
  public static func run(
    _ options: LintSession.Options, includingUnsafe: Bool, unsafeRules: Set<String> = [],
    filter: (inout LintReport) -> Void = { _ in }
  ) async throws(LintSession.InputError) -> Outcome {
    var prepared = try LintSession.prepare(options)
    var overlay = options.overlay
    var results = [LintJobResult?](repeating: nil, count: prepared.jobs.count)
    func lint(_ indices: [Int]) async {
      await LintJobRunner.run(prepared.jobs, indices: indices, overlay: overlay) { index, result in
        results[index] = result
      }
    }
    await lint(Array(prepared.jobs.indices))
    var initial = prepared.report(of: results)
    filter(&initial)
    var report = initial
    var originals: [String: SourceText] = [:]
    var notWritable: [String: String] = [:]
    var applied = 0
    var appliedFixes: [(code: String, title: String)] = []
    var passes = 0
    while passes < maximumPasses {
      let plans = plan(report, includingUnsafe: includingUnsafe, unsafeRules: unsafeRules)
      guard !plans.isEmpty else { break }
      passes += 1
      for plan in plans {
        appliedFixes += plan.fixed.applied.map { (code: $0.code, title: $0.title) }
        // A file's first plan holds its text as read from disk: no earlier pass changed it.
        originals[plan.path] = originals[plan.path] ?? plan.fixed.original
        if let reason = plan.notWritable { notWritable[plan.path] = reason }
        overlay[plan.path] = plan.fixed.bytes
        applied += plan.fixed.applied.count
      }
      let changed = Set(plans.map(\.path))
      if prepared.readsProjectFiles(changed) {
        // A project.pbxproj or .xcconfig changed: the projects are read again, through the overlay, and every job
        // linted again (a setting can change what any target of the project builds).
        var replanned = options
        replanned.overlay = overlay
        prepared = try LintSession.prepare(replanned)
        results = [LintJobResult?](repeating: nil, count: prepared.jobs.count)
        await lint(Array(prepared.jobs.indices))
      } else {
        await lint(prepared.jobs(reading: changed))
      }
      report = prepared.report(of: results)
      filter(&report)
    }
    let files = originals.keys.sorted().compactMap { path -> (SourceText, [UInt8], String?)? in
      guard let original = originals[path], let bytes = overlay[path], bytes != original.bytes else {
        return nil
      }
      return (original, bytes, notWritable[path])
    }
    return Outcome(
      initialReport: initial, finalReport: report, files: files.map { (original: $0.0, bytes: $0.1, notWritable: $0.2) },
      appliedFixes: appliedFixes, appliedCount: applied, passes: passes)
  }

  /// Writes every writable file of `outcome` atomically (refusing files changed since they were
  /// read, and files `boundary` does not admit); returns one-line failures, one per file not written
  /// (the other files are still written).
  public static func write(_ outcome: Outcome, boundary: RepositoryBoundary = .current) -> [String] {
    writeFiles(outcome, boundary: boundary).map(\.message)
  }

  /// A file `write` could not write.
  public struct WriteFailure: Sendable, Equatable {
    /// The file, as `Outcome.files` names it.
    public var path: String
    /// The one-line reason, naming the file.
    public var message: String
  }

  /// `write`, with the path of each file not written.
  public static func writeFiles(_ outcome: Outcome, boundary: RepositoryBoundary = .current) -> [WriteFailure] {
    var failures: [WriteFailure] = []
    for file in outcome.files {
      let path = file.original.name
      if let reason = file.notWritable {
        failures.append(WriteFailure(path: path, message: "\(path): not written: \(reason)"))
        continue
      }
      do {
        try file.original.writeAtomically(file.bytes, boundary: boundary)
      } catch let error as PropertyListError where error.kind == .writeRefused {
        // `'…/Info.plist': outside the linted folders: not written …`
        failures.append(WriteFailure(path: path, message: error.message))
      } catch {
        failures.append(WriteFailure(path: path, message: "\(path): not written: \(error)"))
      }
    }
    return failures
  }

  /// The unified diff of every changed file, in path order (computed on every core).
  public static func diff(_ outcome: Outcome) -> String {
    let diffs = ConcurrentResults<String>(count: outcome.files.count)
    DispatchQueue.concurrentPerform(iterations: outcome.files.count) { index in
      let file = outcome.files[index]
      diffs[index] = UnifiedDiff.diff(old: file.original.bytes, new: file.bytes, path: file.original.name)
    }
    return outcome.files.indices.map { diffs[$0] ?? "" }.joined()
  }
}

import ArgumentParser
import Lint
import SharelintBase

/// `--baseline FILE`, `--write-baseline FILE` and `--baseline-strict`: adopting sharelint in a repository that
/// already has findings (`LintBaseline`). `lint` takes all three, and `baseline: FILE` from `.sharelint.yml`; `fix`
/// takes `--baseline` only, and reads no baseline unless given one.
struct BaselineOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp(
    "Leave out the findings in this baseline file (lint's default: baseline: in .sharelint.yml).",
    valueName: "file"))
  var baseline: String?

  /// The baseline to read, named on the command line or by the configuration, and the boundary to read it through;
  /// nil when there is none.
  func resolved(_ options: LintSession.Options, readsConfiguration: Bool) throws(BaselineError)
    -> (path: String, boundary: RepositoryBoundary)?
  {
    // Named on the command line: the user's own file, read wherever it is.
    if let baseline { return (baseline, .unconfined) }
    return readsConfiguration ? try LintBaseline.configured(for: options) : nil
  }

  /// Reads the baseline `resolved` names, nil when there is none.
  func load(
    _ options: LintSession.Options, readsConfiguration: Bool
  ) throws -> (baseline: LintBaseline, file: String)? {
    do {
      guard let (path, boundary) = try resolved(options, readsConfiguration: readsConfiguration) else { return nil }
      return (try LintBaseline.load(path: path, boundary: boundary), path)
    } catch {
      throw InputError(error.description)
    }
  }
}

/// `lint`'s baseline options: `--baseline`, `--write-baseline` and `--baseline-strict`.
struct LintBaselineOptions: ParsableArguments {
  @OptionGroup var source: BaselineOptions

  @Option(name: .long, help: ArgumentHelp(
    "Write every finding of this run to FILE as the baseline (not rewritten when nothing changed), then report "
      + "against it.",
    valueName: "file"))
  var writeBaseline: String?

  @Flag(name: .long, help: "Exit 1 as well when a finding of the baseline is gone (saying which): it only shrinks.")
  var baselineStrict = false

  /// The baseline to report against, read before the run so that a malformed one costs no lint: nil when there is
  /// none, or when `--write-baseline` is to write it.
  func loadBeforeRun(_ input: LintInputOptions) throws -> (baseline: LintBaseline, file: String)? {
    if let writeBaseline {
      if let named = source.baseline, named != writeBaseline {
        throw InputError("--baseline and --write-baseline name different files; the run reports against what it writes")
      }
      return nil
    }
    return try source.load(input.sessionOptions, readsConfiguration: true)
  }

  /// Writes the baseline when `--write-baseline` asks (saying so on standard error), and takes the findings of the
  /// baseline out of `report`.
  func apply(
    _ loaded: (baseline: LintBaseline, file: String)?, to report: inout LintReport, input: LintInputOptions
  ) throws {
    let scope = input.pathsOrCurrentFolder
    guard let writeBaseline else {
      if let loaded { loaded.baseline.apply(to: &report, file: loaded.file, scope: scope) }
      return
    }
    let baseline = LintBaseline(findingsOf: report, folder: LintBaseline.folder(of: writeBaseline))
    let written: Bool
    do {
      written = try baseline.write(to: writeBaseline)
    } catch {
      throw InputError(error.description)
    }
    let findings = "\(baseline.entries.count) finding\(baseline.entries.count == 1 ? "" : "s")"
    StandardStreams.writeError(
      written
        ? "sharelint: note: wrote \(findings) to the baseline '\(writeBaseline)'\n"
        : "sharelint: note: the baseline '\(writeBaseline)' holds these \(findings) already; not rewritten\n")
    baseline.apply(to: &report, file: writeBaseline, scope: scope)
  }

  /// With `--baseline-strict`, writes one line per finding of the baseline that is gone, and whether there was one.
  func reportsGoneFindings(of report: LintReport) -> Bool {
    guard baselineStrict, let baseline = report.baseline, !baseline.absent.isEmpty else { return false }
    for entry in baseline.absent {
      let at = entry.keyPath.isEmpty ? "" : " at \(entry.keyPath)"
      StandardStreams.writeError(
        "sharelint: baseline '\(baseline.file)': gone: \(entry.file)\(at): \(entry.message) "
          + "[\(entry.code) \(entry.rule)]\n")
    }
    let count = baseline.absent.count
    StandardStreams.writeError(
      "sharelint: --baseline-strict: \(count) finding\(count == 1 ? " of the baseline is" : "s of the baseline are") "
        + "gone; write it again with --write-baseline\n")
    return true
  }
}

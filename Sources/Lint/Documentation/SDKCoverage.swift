import IntuneKnowledge

/// `docs/sdk-coverage.md`: each release of the Intune App SDK from 19.0.0 to the newest, each change of its notes
/// that an app's files can show, and what in sharelint checks it; generated from `IntuneSDKReleases.history`.
public enum SDKCoverage {
  /// The oldest release the page maps; older rows of the history are the steps `intune-sdk-release-unsupported`
  /// names, listed in a section of their own.
  static let firstMapped = ReleaseVersion(19, 0, 0)

  /// The whole page.
  public static func markdown(_ rules: [RuleDescription] = RuleRegistry.rules.map { $0.description }) -> String {
    let byCode = Dictionary(rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    let mapped = IntuneSDKReleases.history.filter { $0.version >= firstMapped }
    let older = IntuneSDKReleases.history.filter { $0.version < firstMapped }
    let changes = mapped.flatMap(\.changes)
    let checked = changes.filter { if case .rules = $0.coverage { true } else { false } }.count
    let read = changes.filter { if case .read = $0.coverage { true } else { false } }.count
    let notYet = changes.filter { if case .notYet = $0.coverage { true } else { false } }.count
    var lines = [
      "# Intune App SDK releases → sharelint",
      "",
      "<!-- Generated from Sources/IntuneKnowledge/IntuneSDKReleaseHistory.swift; edit that, then run",
      "     `SHARELINT_UPDATE_SDK_COVERAGE=1 swift test --filter SDKCoverageTests`. -->",
      "",
      "Every release of the Intune App SDK for iOS from \(firstMapped) to \(IntuneSDKReleases.newest), and each change",
      "its release notes, README or tree bring that an app's files can show, with what in sharelint checks it.",
      "Knowledge checked \(KnowledgeSnapshot.checkedOn): \(KnowledgeSnapshot.sources).",
      "A release marked — changed nothing an app's files show, as far as its notes (or, where they were not",
      "found, its tree and headers) tell. Adding a release is adding its row to `IntuneSDKReleases.history` (see",
      "`docs/internals.md`).",
      "",
      "Of the \(changes.count) changes since \(firstMapped): checked by rules \(checked); read without a finding of "
        + "their own \(read);",
      "checkable and not checked yet \(notYet); leaving no trace in the repository "
        + "\(changes.count - checked - read - notYet).",
      "",
      "| release | tagged | change | checked by |",
      "|---|---|---|---|",
    ]
    for release in mapped {
      let day = release.date ?? "release pull request \(release.reference)"
      if release.changes.isEmpty {
        let why = release.notesRead ? "fixes and runtime behaviour only" : "release notes not found; its tree shows none"
        lines.append("| \(release.version) | \(day) | — (\(why)) | — |")
      }
      for change in release.changes {
        lines.append(
          "| \(release.version) | \(day) | \(cell(change.summary)) (\(cell(change.source))) | "
            + "\(cell(coverage(change.coverage, byCode))) |")
      }
    }
    lines += [
      "",
      "## Older releases: the steps an app still on one must take",
      "",
      "`intune-sdk-release-unsupported` (XC018) lists these, with the rows above marked breaking, for a target that",
      "links a release older than the oldest Microsoft supports (\(IntuneSDKReleases.oldestSupported)).",
      "",
      "| release | tagged | change | checked by |",
      "|---|---|---|---|",
    ]
    for release in older {
      for change in release.changes {
        lines.append(
          "| \(release.version) | \(release.date ?? release.reference) | \(cell(change.summary)) "
            + "(\(cell(change.source))) | \(cell(coverage(change.coverage, byCode))) |")
      }
    }
    let notices = IntuneSDKReleases.serviceNotices.map { notice in
      "- from \(notice.effectiveFrom): releases before \(notice.releasesBelow)"
        + (notice.builtWithXcode.map { " built with Xcode \($0)" } ?? "") + ": "
        + (notice.effect == .blocked ? "users are blocked" : "users see a warning") + " (\(notice.source))"
    }
    lines += ["", "## Service notices (`intune-sdk-release-blocked`, XC026)", ""] + notices
    return lines.joined(separator: "\n") + "\n"
  }

  /// The "checked by" cell.
  static func coverage(_ coverage: IntuneSDKChangeCoverage, _ rules: [String: RuleDescription]) -> String {
    switch coverage {
    case .rules(let codes):
      return codes.map { code in rules[code].map { "\(code) `\($0.identifier)`" } ?? "\(code) (no such rule)" }
        .joined(separator: "; ")
    case .read(let what): return "read: " + what
    case .notYet(let what): return "not yet: " + what
    case .notCheckable(let why): return "not from files: " + why
    }
  }

  private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}

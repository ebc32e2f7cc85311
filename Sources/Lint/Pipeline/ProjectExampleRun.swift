import Foundation
import PropertyList
import SharelintBase
import XcodeModel

/// Runs a rule on a project example (`RuleExample.project`): the example's folder is written to a temporary folder,
/// planned and linted as `lint` would (one job per target and configuration, findings merged), and the fixes of the
/// `project.pbxproj` applied to its text. File names are given relative to the example's folder.
enum ProjectExampleRun {
  static func run(_ rule: any LintRule.Type, on example: RuleExample) -> ExampleRun {
    let folder = FileManager.default.temporaryDirectory.path + "/sharelint-example-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var files = example.files
    files[RuleExample.File.project.rawValue] = example.project ?? ""
    if files["App/Info.plist"] == nil { files["App/Info.plist"] = example.infoPlist }
    if let entitlements = example.entitlements, files["App/App.entitlements"] == nil {
      files["App/App.entitlements"] = entitlements
    }
    // The markers are taken out of every file; the offsets kept are those of the marked file, as written.
    let markedPath = example.markedPath
    var unmarked = (text: "", offsets: [Int]())
    for (path, text) in files {
      let file = unmark(whole(path, text))
      files[path] = file.text
      if path == markedPath { unmarked = file }
    }
    for (path, text) in files {
      let whole = text
      let full = folder + "/" + path
      try? FileManager.default.createDirectory(
        atPath: PathText.removingLastComponent(of: full), withIntermediateDirectories: true)
      // A file not written leaves the example's findings missing, which the example check reports.
      _ = FileManager.default.createFile(atPath: full, contents: Data(ExampleProject.fileBytes(whole)))
    }
    let configuration = example.configuration.flatMap { try? Configuration.parse($0) } ?? Configuration()
    // The folder is planned as `lint` plans it: the project's targets, then what it does not claim (a built `.app`).
    let plan = (try? LintPlan.make(
      LintSession.Options(paths: [folder]), commandLineSettings: BuildSettings(), commandLineDefinitions: []))
      ?? LintPlan()
    let jobs = (try? LintJob.make(
      plan, options: LintSession.Options(paths: [folder]), rules: [rule], fixedConfiguration: configuration)) ?? []
    let lifetimes = DocumentLifetimes(jobs)
    let results: [LintJobResult?] = jobs.map { $0.run(overlay: [:], lifetimes: lifetimes) }
    let prepared = LintSession.PreparedRun(
      jobs: jobs, problems: [], filesRead: 0, sharedFiles: FindingMerger.sharedFiles(of: jobs))
    let prefix = folder + "/"
    func relative(_ path: String) -> String {
      let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
      let tidied = PathText.tidied(absolute)
      for candidate in [prefix, FileIdentity.of(folder) + "/"] where tidied.hasPrefix(candidate) {
        return String(tidied.dropFirst(candidate.count))
      }
      return path
    }
    var diagnostics = prepared.report(of: results).diagnostics
    for index in diagnostics.indices {
      diagnostics[index].file = relative(diagnostics[index].file)
      // Paths quoted in messages (a source file's `file:line`) read as from inside the example's folder.
      for candidate in [prefix, FileIdentity.of(folder) + "/"] {
        diagnostics[index].message = diagnostics[index].message.replacingOccurrences(of: candidate, with: "")
      }
      // The configurations note depends on which builds share the finding, not on the rule.
      diagnostics[index].notes.removeAll { $0.hasPrefix("in configuration") }
      if var fix = diagnostics[index].fix {
        fix.file = relative(fix.file)
        diagnostics[index].fix = fix
      }
    }
    let fixes = diagnostics.compactMap(\.fix).filter { $0.file == markedPath }
    var fixedText: String?
    if markedPath == RuleExample.File.project.rawValue {
      let fixed = Fixer.apply(fixes, toText: SourceText(name: markedPath, string: unmarked.text))
      fixedText = String(decoding: fixed.bytes, as: UTF8.self)
    } else if isPlist(markedPath), !fixes.isEmpty,
      let document = try? PropertyListDocument(source: SourceText(name: markedPath, string: unmarked.text))
    {
      fixedText = String(decoding: Fixer.apply(fixes, to: document).bytes, as: UTF8.self)
    }
    return ExampleRun(
      expectedOffsets: unmarked.offsets, diagnostics: diagnostics.filter { $0.file == markedPath },
      fixedText: fixedText, document: nil)
  }

  /// Whether the example file at `path` is a plist (an Info.plist or entitlements).
  static func isPlist(_ path: String) -> Bool { path.hasSuffix(".plist") || path.hasSuffix(".entitlements") }

  /// The whole text of the example file at `path` written as `text`: a plist's dictionary body inside a whole plist.
  static func whole(_ path: String, _ text: String) -> String {
    isPlist(path) && !text.hasPrefix("<?xml") ? RuleExample.document(for: text) : text
  }

  /// `text` without its `↓` markers, and the byte offsets they were at.
  static func unmark(_ text: String) -> (text: String, offsets: [Int]) {
    let marker = Array("↓".utf8)
    let source = Array(text.utf8)
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    var index = 0
    while index < source.count {
      if source[index...].starts(with: marker) {
        offsets.append(bytes.count)
        index += marker.count
      } else {
        bytes.append(source[index])
        index += 1
      }
    }
    return (String(decoding: bytes, as: UTF8.self), offsets)
  }
}

import Foundation
import PropertyList
import SharelintBase
import XcodeModel

/// Runs a rule on a project example (`RuleExample.project`): the example's folder is written to a temporary folder,
/// planned and linted as `lint` would (one job per target and configuration, findings merged), and the fixes of the
/// `project.pbxproj` applied to its text. File names are given relative to the example's folder.
enum ProjectExampleRun {
  static func run(_ rule: any LintRule.Type, on example: RuleExample) -> ExampleRun {
    let unmarked = unmark(example.project ?? "")
    let folder = FileManager.default.temporaryDirectory.path + "/sharelint-example-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var files = example.files
    files[RuleExample.File.project.rawValue] = unmarked.text
    if files["App/Info.plist"] == nil { files["App/Info.plist"] = example.infoPlist }
    if let entitlements = example.entitlements, files["App/App.entitlements"] == nil {
      files["App/App.entitlements"] = entitlements
    }
    for (path, text) in files {
      let whole = (path.hasSuffix(".plist") || path.hasSuffix(".entitlements")) && !text.hasPrefix("<?xml")
        ? RuleExample.document(for: text) : text
      let full = folder + "/" + path
      try? FileManager.default.createDirectory(
        atPath: PathText.removingLastComponent(of: full), withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: full, contents: Data(whole.utf8))
    }
    let configuration = example.configuration.flatMap { try? Configuration.parse($0) } ?? Configuration()
    let projects = ProjectPlan(
      containers: [folder + "/App.xcodeproj"], selection: ProjectPlan.Selection(), commandLineDefinitions: [])
    var plan = LintPlan()
    plan.targets = projects.targets
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
      // The configurations note depends on which builds share the finding, not on the rule.
      diagnostics[index].notes.removeAll { $0.hasPrefix("in configuration") }
      if var fix = diagnostics[index].fix {
        fix.file = relative(fix.file)
        diagnostics[index].fix = fix
      }
    }
    let pbxproj = RuleExample.File.project.rawValue
    let fixes = diagnostics.compactMap(\.fix).filter { $0.file == pbxproj }
    let fixed = Fixer.apply(fixes, toText: SourceText(name: pbxproj, string: unmarked.text))
    return ExampleRun(
      expectedOffsets: unmarked.offsets, diagnostics: diagnostics.filter { $0.file == pbxproj },
      fixedText: String(decoding: fixed.bytes, as: UTF8.self), document: nil)
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

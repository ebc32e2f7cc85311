import PredicateSyntax
import PropertyList
import SharelintBase
import XcodeModel

/// Runs one rule on one of its examples, the way its tests and `sharelint explain` do: the
/// example's text wrapped into whole files, markers taken out, the rule alone.
public struct ExampleRun: Sendable {
  /// Where the `↓` markers were, in bytes of the marked file.
  public var expectedOffsets: [Int]
  /// The rule's findings.
  public var diagnostics: [LintDiagnostic]
  /// The marked file's text after applying every fix of the findings (safe and unsafe).
  public var fixedText: String?
  /// The document the markers are in, as read (nil when it does not read: PL001's examples).
  public var document: PropertyListDocument?

  /// Lints `example` with `rule`.
  public static func run(_ rule: any LintRule.Type, on example: RuleExample) -> ExampleRun {
    if example.file == .project { return ProjectExampleRun.run(rule, on: example) }
    let marker = "↓"
    func unmark(_ body: String) -> (text: String, offsets: [Int]) {
      let whole = RuleExample.document(for: body)
      var bytes: [UInt8] = []
      var offsets: [Int] = []
      let markerBytes = Array(marker.utf8)
      let source = Array(whole.utf8)
      var index = 0
      while index < source.count {
        if source[index...].starts(with: markerBytes) {
          offsets.append(bytes.count)
          index += markerBytes.count
        } else {
          bytes.append(source[index])
          index += 1
        }
      }
      return (String(decoding: bytes, as: UTF8.self), offsets)
    }
    let info = unmark(example.infoPlist)
    let entitlements = example.entitlements.map(unmark)
    let marked = example.file == .infoPlist ? info : (entitlements ?? info)
    let configuration = example.configuration.flatMap { try? Configuration.parse($0) } ?? Configuration()
    let settings = LintJob.settings(for: configuration, base: BuildSettings())

    let infoSource = SourceText(name: RuleExample.File.infoPlist.rawValue, string: info.text)
    let infoDocument: PropertyListDocument
    do {
      infoDocument = try PropertyListDocument(source: infoSource)
    } catch {
      let diagnostic = LintSession.unreadableDiagnostic(error, source: infoSource)
      let matching = diagnostic.rule == rule.description.identifier ? [diagnostic] : []
      return ExampleRun(expectedOffsets: marked.offsets, diagnostics: matching, fixedText: nil, document: nil)
    }
    let entitlementsDocument = entitlements.flatMap {
      try? PropertyListDocument(source: SourceText(name: RuleExample.File.entitlements.rawValue, string: $0.text))
    }
    let appDocument = example.containingApp.flatMap {
      try? PropertyListDocument(source: SourceText(name: "App/Info.plist", string: RuleExample.document(for: $0)))
    }
    let target = LintTarget(
      infoPlist: infoDocument, entitlements: entitlementsDocument, containingAppInfoPlist: appDocument,
      settings: settings)
    let linter = Linter(configuration: configuration, rules: [rule])
    var diagnostics = linter.lint(target).filter { $0.file == example.file.rawValue }
    if SuppressionMatching.ruleCodes.contains(rule.description.code) {
      diagnostics = suppressionFindings(of: rule, in: target, marked: example.file, configuration: configuration)
    }
    let document = example.file == .infoPlist ? infoDocument : entitlementsDocument
    var fixedText: String?
    if let document {
      let fixes = diagnostics.compactMap(\.fix).filter { $0.file == example.file.rawValue }
      let fixed = Fixer.apply(fixes, to: document)
      fixedText = String(decoding: fixed.bytes, as: UTF8.self)
    }
    return ExampleRun(expectedOffsets: marked.offsets, diagnostics: diagnostics, fixedText: fixedText, document: document)
  }
}

extension ExampleRun {
  /// The findings of PL006 or PL007 (`rule`) about the `marked` file of `target`: every rule runs, as in a lint, and
  /// the file's `sharelint:` comments suppress what they name.
  static func suppressionFindings(
    of rule: any LintRule.Type, in target: LintTarget, marked: RuleExample.File, configuration: Configuration
  ) -> [LintDiagnostic] {
    let linter = Linter(configuration: configuration)
    let document = marked == .infoPlist ? target.infoPlist : target.entitlements
    guard let source = document?.source, let found = FileSuppressions(source, linter: linter) else { return [] }
    var report = LintReport(diagnostics: linter.lint(target))
    SuppressionMatching.apply([source.name: found], to: &report)
    return report.diagnostics.filter { $0.code == rule.description.code && $0.file == source.name }
  }
}

/// What a rule's examples must show, checked by running them: the tests of every rule, and what keeps
/// `sharelint explain` true. Each check returns one line per problem, empty when the example holds.
public enum ExampleCheck {
  /// The problems of `example`, a triggering example of `rule`: its findings are where its `↓` markers are,
  /// say its `messages` and are well formed; each fix carries the rule's code and one of the applicabilities its
  /// description declares; fixed, its marked file reads `corrected` (required when a finding has a fix), which
  /// then triggers nothing.
  public static func problems(ofTriggering example: RuleExample, of rule: any LintRule.Type) -> [String] {
    let description = rule.description
    let run = ExampleRun.run(rule, on: example)
    var problems: [String] = []
    if run.expectedOffsets.isEmpty { problems.append("a triggering example needs a ↓ marker") }
    let found = run.diagnostics.map { $0.range?.start ?? -1 }.sorted()
    if found != run.expectedOffsets.sorted() {
      problems.append(
        "findings at \(found), markers at \(run.expectedOffsets.sorted()): \(run.diagnostics.map(\.message))")
    }
    let messages = run.diagnostics.map(\.message)
    if messages != example.messages {
      problems.append("messages differ; found:\n" + messages.map { "  \($0)" }.joined(separator: "\n")
        + "\nexpected:\n" + example.messages.map { "  \($0)" }.joined(separator: "\n"))
    }
    for diagnostic in run.diagnostics {
      if diagnostic.code != description.code { problems.append("a finding of \(diagnostic.code) in its example") }
      if startsCapitalized(diagnostic.message) { problems.append("messages start lowercase: \(diagnostic.message)") }
      if diagnostic.message.hasSuffix(".") {
        problems.append("messages have no trailing period: \(diagnostic.message)")
      }
      guard let fix = diagnostic.fix else { continue }
      if fix.code != description.code { problems.append("the fix '\(fix.title)' carries code \(fix.code)") }
      if !description.fixApplicabilities.contains(fix.applicability) {
        problems.append("the fix '\(fix.title)' is \(fix.applicability.rawValue); the rule declares "
          + "\(description.fixApplicabilitiesText ?? "no fix")")
      }
    }
    let fixesMarkedFile = run.diagnostics.contains { $0.fix?.file == example.markedPath }
    guard let corrected = example.corrected else {
      if fixesMarkedFile { problems.append("a finding has a fix: the example needs its corrected text") }
      return problems
    }
    if !fixesMarkedFile { problems.append("a corrected text, but no finding fixes \(example.markedPath)") }
    let expected = example.file == .project ? ProjectExampleRun.whole(example.markedPath, corrected)
      : RuleExample.document(for: corrected)
    if run.fixedText != expected {
      problems.append("the fixed text differs from the corrected text; fixed:\n\(run.fixedText ?? "nil")")
    }
    if let fixedExample = example.correctedExample() {
      let again = ExampleRun.run(rule, on: fixedExample).diagnostics
      if !again.isEmpty { problems.append("the corrected text still triggers: \(again.map(\.message))") }
    }
    return problems
  }

  /// The problems of `example`, a non-triggering example of `rule`: any finding, and any marker, message or
  /// correction (which only triggering examples have).
  public static func problems(ofNonTriggering example: RuleExample, of rule: any LintRule.Type) -> [String] {
    let run = ExampleRun.run(rule, on: example)
    var problems: [String] = []
    if !run.diagnostics.isEmpty { problems.append("findings: \(run.diagnostics.map(\.message))") }
    if !run.expectedOffsets.isEmpty || !example.messages.isEmpty || example.corrected != nil {
      problems.append("a non-triggering example has no ↓ marker, messages or corrected text")
    }
    return problems
  }

  /// Whether `message` starts with a capitalized English word ("Key is missing"); a plist key
  /// ("IntuneMAMSettings has…") or a quoted value is fine.
  static func startsCapitalized(_ message: String) -> Bool {
    let firstWord = message.prefix { $0.isLetter }
    guard let first = firstWord.first, first.isUppercase, firstWord.count > 1 else { return false }
    return firstWord.dropFirst().allSatisfy(\.isLowercase)
  }
}

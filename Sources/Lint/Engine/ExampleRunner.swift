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
    let target = LintTarget(infoPlist: infoDocument, entitlements: entitlementsDocument, settings: settings)
    let linter = Linter(configuration: configuration, rules: [rule])
    let diagnostics = linter.lint(target).filter { $0.file == example.file.rawValue }
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

import PredicateSyntax
import PropertyList
import SharelintBase

/// A lint rule: a static description (identifier, code, rationale, examples) and a check that
/// reports findings about one build (a target's Info.plist, entitlements and settings in one configuration). Rules
/// are small value types registered in `RuleRegistry`. A rule about a project target as a whole, over all its
/// configurations, is a `TargetRule` (which refines this protocol, so that it is registered the same way).
public protocol LintRule: Sendable {
  /// What the rule is; see `RuleDescription`.
  static var description: RuleDescription { get }
  /// A rule with its default behaviour.
  init()
  /// Reports what is wrong with `target` into `findings`.
  func check(_ target: LintTarget, into findings: inout Findings)
}

/// What a finding says about the rule that reports it, with the severity the configuration gives it.
struct ReportingRule: Sendable {
  /// The rule's identifier (`missing-mam-types`).
  let identifier: String
  /// The rule's code (`AR004`).
  let code: String
  /// The rule's family.
  let family: RuleFamily
  /// The severity its findings get.
  let severity: Severity

  /// The rule `description` describes, its findings at `severity`.
  init(_ description: RuleDescription, severity: Severity) {
    identifier = description.identifier
    code = description.code
    family = description.family
    self.severity = severity
  }
}

/// Collects the findings of rules about one target, with helpers that turn plist nodes into
/// positioned diagnostics. `Linter` runs every rule into one `Findings`, switching `rule` between them.
public struct Findings: Sendable {
  /// The rule reporting now.
  var rule: ReportingRule
  /// What the rules have found so far.
  public private(set) var diagnostics: [LintDiagnostic] = []

  /// Findings of `rule`.
  init(rule: ReportingRule) {
    self.rule = rule
  }

  /// Adds the findings `held` collected: how a rule that decides late whether to report some findings keeps them
  /// apart until then.
  mutating func append(contentsOf held: Findings) {
    diagnostics += held.diagnostics
  }

  /// Puts `diagnostic` in place of the finding at `index`.
  mutating func replace(at index: Int, with diagnostic: LintDiagnostic) {
    diagnostics[index] = diagnostic
  }

  /// Adds `found`: the findings a target rule worked out over its configurations (`ProjectTargetFacts`).
  mutating func append(_ found: [LintDiagnostic]) {
    diagnostics += found
  }

  /// Findings of the rule `description` describes, at its default severity.
  init(description: RuleDescription) {
    rule = ReportingRule(description, severity: description.defaultSeverity)
  }

  /// Reports `message` about `range` of `document` (nil range: the key path alone names the place).
  public mutating func report(
    _ message: String, in document: PropertyListDocument, range: ByteRange?, keyPath: String,
    label: String? = nil, notes: [String] = [], fix: LintFix? = nil
  ) {
    let usable = document.format == .xml ? range : nil
    diagnostics.append(LintDiagnostic(
      rule: rule.identifier, code: rule.code, severity: rule.severity,
      message: message, source: document.source, range: usable, keyPath: keyPath, label: label, notes: notes,
      fix: fix))
  }

  /// Reports `message` about a value: its whole element.
  public mutating func report(
    _ message: String, about node: PropertyListNode, in document: PropertyListDocument, label: String? = nil,
    notes: [String] = [], fix: LintFix? = nil
  ) {
    report(message, in: document, range: node.elementRange, keyPath: node.keyPath, label: label, notes: notes, fix: fix)
  }

  /// Reports `message` about a dictionary entry: its `<key>` element.
  public mutating func report(
    _ message: String, aboutKeyOf entry: PropertyListNode.Entry, in document: PropertyListDocument,
    label: String? = nil, notes: [String] = [], fix: LintFix? = nil
  ) {
    report(message, in: document, range: entry.key.elementRange ?? entry.value.elementRange,
           keyPath: entry.value.keyPath, label: label, notes: notes, fix: fix)
  }

  /// Reports a missing key `key` of `dictionary`: the finding points at the dictionary's opening
  /// tag and names the key path the value would have.
  public mutating func report(
    _ message: String, missingKey key: String, of dictionary: PropertyListNode, in document: PropertyListDocument,
    notes: [String] = [], fix: LintFix? = nil
  ) {
    let keyPath = (dictionary.path + [.key(key)]).keyPathDescription
    let range = dictionary.elementRange.map { ByteRange(start: $0.start, end: min($0.end, $0.start + 6)) }
    report(message, in: document, range: range, keyPath: keyPath, notes: notes, fix: fix)
  }

  /// Reports `message` about `range` of a project file's text (`project.pbxproj`, `.xcconfig`, XcodeGen spec);
  /// `keyPath` names the place (`App › Debug › ENABLE_BITCODE`).
  public mutating func report(
    _ message: String, in text: SourceText, range: ByteRange?, keyPath: String, notes: [String] = [],
    fix: LintFix? = nil
  ) {
    diagnostics.append(LintDiagnostic(
      rule: rule.identifier, code: rule.code, severity: rule.severity, message: message, source: text, range: range,
      keyPath: keyPath, notes: notes, fix: fix))
  }

  /// A fix by this rule made of byte edits of a project file (`project.pbxproj`, `.xcconfig`).
  public func fix(_ title: String, _ applicability: FixIt.Applicability, file: String, edits: [TextEdit]) -> LintFix {
    var fix = LintFix(code: rule.code, title: title, applicability: applicability, file: file, changes: [])
    fix.sourceEdits = edits
    return fix
  }

  /// Adds `note` to every finding from index `start` on.
  mutating func addNote(_ note: String, toFindingsFrom start: Int) {
    for index in start..<diagnostics.count { diagnostics[index].notes.append(note) }
  }

  /// A fix of `document` by this rule: `applicability` says how far this fix can be trusted (one of the
  /// rule description's `fixApplicabilities`).
  public func fix(
    _ title: String, _ applicability: FixIt.Applicability, in document: PropertyListDocument,
    _ changes: [PlistChange]
  ) -> LintFix {
    LintFix(code: rule.code, title: title, applicability: applicability, file: document.source.name, changes: changes)
  }
}

import SharelintBase

/// The `sharelint:` comments of one file, read by the job that read the file, with how its configuration reports
/// the suppressions that suppress nothing (PL006) and those naming no rule (PL007): nil when that rule does not run.
struct FileSuppressions: Sendable {
  /// The file's text, for the positions of PL006 and PL007.
  var source: SourceText
  /// Its comments, in order.
  var directives: [SuppressionDirective]
  /// PL006 as the file's configuration reports it.
  var unused: ReportingRule?
  /// PL007 as the file's configuration reports it.
  var unknown: ReportingRule?

  /// The comments of `source`, reported as `linter` reports PL006 and PL007; nil when it has none.
  init?(_ source: SourceText, linter: Linter) {
    let directives = SuppressionDirective.directives(in: source)
    guard !directives.isEmpty else { return nil }
    self.source = source
    self.directives = directives
    unused = linter.reportingRule(code: UnusedSuppressionRule.description.code)
    unknown = linter.reportingRule(code: UnknownCodeInSuppressionRule.description.code)
  }
}

/// The last step of a lint run's merge: takes out of the report every finding a `sharelint:` comment suppresses
/// (into `LintReport.suppressed`, each saying which comment), and reports the comments that suppress nothing (PL006,
/// with a safe fix removing them) and the rules they name that do not exist (PL007).
enum SuppressionMatching {
  /// The codes of the rules reported here: PL006 and PL007.
  static let ruleCodes: Set<String> = [
    UnusedSuppressionRule.description.code, UnknownCodeInSuppressionRule.description.code,
  ]

  /// Applies the comments of `files` (by display path) to `report`.
  static func apply(_ files: [String: FileSuppressions], to report: inout LintReport) {
    guard !files.isEmpty else { return }
    var used: [String: Set<[Int]>] = [:]
    var kept: [LintDiagnostic] = []
    kept.reserveCapacity(report.diagnostics.count)
    for diagnostic in report.diagnostics {
      guard let line = diagnostic.start?.line, let file = files[diagnostic.file],
        let (index, rule) = match(diagnostic.code, line: line, in: file.directives)
      else {
        kept.append(diagnostic)
        continue
      }
      used[diagnostic.file, default: []].insert([index, rule])
      let directive = file.directives[index]
      var suppressed = diagnostic
      suppressed.suppression = InlineSuppression(
        directive: directive.actionText, reason: directive.reason, file: diagnostic.file, line: directive.firstLine)
      report.suppressed.append(suppressed)
    }
    var added = false
    for (name, file) in files {
      for diagnostic in findings(about: file, used: used[name] ?? []) {
        kept.append(diagnostic)
        added = true
      }
    }
    report.diagnostics = kept
    if added { report.diagnostics.sort(by: LintDiagnostic.ordered) }
  }

  /// The directive and rule (indices) suppressing a finding of `code` starting on `line`, if any.
  static func match(_ code: String, line: Int, in directives: [SuppressionDirective]) -> (Int, Int)? {
    for index in directives.indices where directives[index].action != .enable {
      for rule in directives[index].rules.indices {
        let named = directives[index].rules[rule]
        if named.code == code, let lines = named.lines, lines.contains(line) { return (index, rule) }
      }
    }
    return nil
  }

  /// The PL006 and PL007 findings about `file`'s comments, `used` holding the (directive, rule) indices that
  /// suppressed something.
  static func findings(about file: FileSuppressions, used: Set<[Int]>) -> [LintDiagnostic] {
    var findings: [LintDiagnostic] = []
    func report(_ rule: ReportingRule?, _ message: String, at range: ByteRange, fix: LintFix? = nil) {
      guard let rule else { return }
      findings.append(LintDiagnostic(
        rule: rule.identifier, code: rule.code, severity: rule.severity, message: message, source: file.source,
        range: range, keyPath: "", fix: fix))
    }
    for (index, directive) in file.directives.enumerated() {
      guard let action = directive.action else {
        if directive.actionText == SuppressionDirective.tooManyText {
          report(file.unknown, UnknownCodeInSuppressionRule.tooManyMessage(SuppressionDirective.maximumCount),
                 at: directive.actionRange)
          continue
        }
        let actions = SuppressionDirective.Action.allCases.map(\.rawValue).joined(separator: ", ")
        report(file.unknown, UnknownCodeInSuppressionRule.unknownAction(directive.actionText, actions: actions),
               at: directive.actionRange)
        continue
      }
      if directive.rules.isEmpty && action != .enable {
        report(file.unknown, UnknownCodeInSuppressionRule.noRuleMessage, at: directive.actionRange)
      }
      let suppressesSomething = directive.rules.indices.contains { used.contains([index, $0]) }
      for (position, rule) in directive.rules.enumerated() {
        guard let code = rule.code else {
          report(file.unknown, UnknownCodeInSuppressionRule.message(rule.text), at: rule.range)
          continue
        }
        guard action != .enable, !used.contains([index, position]), let unused = file.unused else { continue }
        let removal: ByteRange
        let title: String
        if suppressesSomething {
          removal = Self.removal(ofRule: position, in: directive)
          title = UnusedSuppressionRule.removeRuleTitle(rule.text)
        } else {
          removal = directive.removal
          title = UnusedSuppressionRule.removeCommentTitle
        }
        var fix = LintFix(code: unused.code, title: title, applicability: .safe, file: file.source.name, changes: [])
        fix.sourceEdits = [TextEdit(range: removal, replacement: "")]
        report(unused, UnusedSuppressionRule.message(rule.text, code: code), at: rule.range, fix: fix)
      }
    }
    return findings
  }

  /// The bytes removing the rule at `position` from `directive`'s list removes: it and the separator before it (the
  /// separator after it for the first).
  static func removal(ofRule position: Int, in directive: SuppressionDirective) -> ByteRange {
    let rules = directive.rules
    if position > 0 { return ByteRange(start: rules[position - 1].range.end, end: rules[position].range.end) }
    let end = rules.count > 1 ? rules[1].range.start : rules[0].range.end
    return ByteRange(start: rules[0].range.start, end: end)
  }
}

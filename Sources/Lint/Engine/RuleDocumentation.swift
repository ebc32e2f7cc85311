import PredicateSyntax
import SharelintBase
import XcodeModel

/// The rule catalogue as text, generated from the rule descriptions: `sharelint rules`,
/// `sharelint explain RULE` and the README's rule table are all this one source.
public enum RuleDocumentation {
  /// The README's table: code, identifier, severity, fix, summary.
  public static func markdownTable(_ rules: [RuleDescription] = RuleRegistry.rules.map { $0.description }) -> String {
    var lines = ["| Code | Identifier | Severity | Fix | Intune only | Summary |", "|---|---|---|---|---|---|"]
    for rule in rules {
      let fix = rule.fixApplicabilitiesText ?? "—"
      lines.append(
        "| \(rule.code) | `\(rule.identifier)` | \(rule.defaultSeverity.rawValue) | \(fix) | \(rule.requiresIntune ? "yes" : "no") | \(rule.summary) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line per rule, for `sharelint rules`.
  public static func textList(_ rules: [RuleDescription] = RuleRegistry.rules.map { $0.description }) -> String {
    let width = rules.map(\.identifier.count).max() ?? 0
    return rules.map { rule in
      let padded = rule.identifier + String(repeating: " ", count: max(0, width - rule.identifier.count))
      let fix = rule.fixApplicabilitiesText.map { " [fix: \($0)]" } ?? ""
      return "\(rule.code)  \(padded)  \(rule.defaultSeverity.rawValue.padding(7))  \(rule.summary)\(fix)"
    }.joined(separator: "\n") + "\n"
  }

  /// The catalogue as JSON (sorted keys), for scripts.
  public static func json(_ rules: [RuleDescription] = RuleRegistry.rules.map { $0.description }) -> String {
    JSONValue.array(rules.map { rule -> JSONValue in
      let fix: JSONValue = rule.fixApplicabilitiesText.map { .string($0) } ?? .null
      return .object([
        "code": .string(rule.code), "identifier": .string(rule.identifier), "summary": .string(rule.summary),
        "family": .string(rule.family.rawValue), "severity": .string(rule.defaultSeverity.rawValue), "fix": fix,
        "intuneOnly": .bool(rule.requiresIntune), "whatItDoes": .string(rule.whatItDoes),
        "whyItMatters": .string(rule.whyItMatters), "useInstead": .string(rule.useInstead),
      ])
    }).serialized(pretty: true) + "\n"
  }

  /// The full explanation of one rule: What it does / Why it matters / Example / Use instead /
  /// Fix safety, with the rule's own examples.
  public static func explanation(_ rule: RuleDescription) -> String {
    var text = "\(rule.code) \(rule.identifier): \(rule.summary)\n"
    text += "Default severity: \(rule.defaultSeverity.rawValue)"
    text += rule.requiresIntune ? "; applies to Intune-managed targets\n\n" : "\n\n"
    text += "What it does\n  \(rule.whatItDoes)\n\n"
    text += "Why it matters\n  \(rule.whyItMatters)\n\n"
    if let guideAndVendor = rule.guideAndVendor {
      text += "Guides and configurator\n  \(guideAndVendor)\n\n"
    }
    if !rule.referenceData.isEmpty {
      text += "Reference data\n"
        + rule.referenceData.map { "  \($0.name): \($0.value) (\($0.source))\n" }.joined() + "\n"
    }
    if !rule.guideSteps.isEmpty {
      let steps = rule.guideSteps.map { "#\($0)" }.joined(separator: ", ")
      text += "Integration guide steps\n  \(steps) of docs/guide-coverage.md\n\n"
    }
    if let example = rule.triggeringExamples.first, example.file == .project, example.markedFile != nil {
      // A source file (or Info.plist) of a project example: short enough to show whole.
      text += "Example (\(example.markedPath))\n" + indented(example.markedText.replacingMarkers()) + "\n"
      if !example.messages.isEmpty {
        text += "Reports\n" + example.messages.map { "    \($0)\n" }.joined() + "\n"
      }
    } else if let example = rule.triggeringExamples.first, example.file == .project {
      // A whole project file is long: the lines with markers and their neighbours, and the lines the fix changes.
      text += "Example (\(example.file.rawValue), excerpt)\n" + indented(projectExcerpt(example.markedText)) + "\n"
      // The sources the target compiles, when the rule reads them (a call the finding says is missing).
      for (path, source) in example.files.sorted(by: { $0.key < $1.key })
      where XcodeCompiledSources.isCompiledSource(path) {
        text += "Source (\(path))\n" + indented(source.replacingMarkers()) + "\n"
      }
      if !example.messages.isEmpty {
        text += "Reports\n" + example.messages.map { "    \($0)\n" }.joined() + "\n"
      }
      if let corrected = example.corrected {
        let before = Set(example.markedText.replacingMarkers().split(separator: "\n"))
        let changed = corrected.split(separator: "\n").filter { !before.contains($0) }
        text += "Fixed (lines the fix writes)\n" + indented(changed.joined(separator: "\n")) + "\n"
      }
    } else if let example = rule.triggeringExamples.first {
      text += "Example (\(example.file.rawValue))\n" + indented(example.markedText.replacingMarkers()) + "\n"
      if !example.messages.isEmpty {
        text += "Reports\n" + example.messages.map { "    \($0)\n" }.joined() + "\n"
      }
      if let corrected = example.corrected {
        text += "Fixed\n" + indented(corrected) + "\n"
      }
    }
    text += "Use instead\n  \(rule.useInstead)\n\n"
    text += "Fix safety\n  \(rule.fixSafetyText)\n"
    return text
  }

  /// The lines of `text` holding a `↓` marker, with the line before and after each, `…` between runs; markers
  /// taken out.
  static func projectExcerpt(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var shown = Set<Int>()
    for (index, line) in lines.enumerated() where line.contains("↓") {
      for neighbour in max(0, index - 1)...min(lines.count - 1, index + 1) { shown.insert(neighbour) }
    }
    var excerpt: [String] = []
    var last = -1
    for index in shown.sorted() {
      if last >= 0, index > last + 1 { excerpt.append("…") }
      excerpt.append(String(lines[index]).replacingMarkers())
      last = index
    }
    return excerpt.joined(separator: "\n")
  }

  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The example text without its `↓` markers.
  func replacingMarkers() -> String { filter { $0 != "↓" } }

  func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

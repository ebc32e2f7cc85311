import PredicateSyntax
import SharelintBase

/// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/): one run, every rule's metadata in
/// `tool.driver.rules`, one result per diagnostic with its region (omitted in binary plists: SARIF
/// requires lines ≥ 1, and those files have none), its key path as a logical location, fixes, and
/// `partialFingerprints` under `sharelint/v1` (`FindingFingerprint`). A finding a `sharelint:` comment suppresses is
/// a result too, in order, with `suppressions` (`kind` "inSource", the reason as `justification`, the comment's
/// location), as SARIF marks a result suppressed in source.
///
/// With a baseline, every result is `baselineState: "new"`, and the run's `properties.baseline` counts what the
/// baseline held back (`unchanged`) and lists its entries that found nothing (`absent`): held-back findings are no
/// results, because GitHub code scanning reads no `baselineState` and would open them as alerts again.
public enum SARIFReporter {
  /// The report as a SARIF log.
  public static func render(_ report: LintReport) -> String {
    var output = ""
    write(report) { output += $0 }
    return output
  }

  /// The report as a SARIF log, handed to `stream` a batch of results at a time (`DiagnosticBatches`),
  /// the same text `JSONValue` would print for the whole log (keys sorted: `results` before `tool`).
  public static func write(_ report: LintReport, to stream: (String) -> Void) {
    let rules = RuleRegistry.rules.map { $0.description }
    let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.code, $0) })
    stream("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"runs\": [\n    {\n      ")
    if let baseline = report.baseline {
      // Keys sorted: `properties` before `results`.
      var properties = "\"properties\": "
      JSONValue.object(["baseline": JSONReporter.baselineSummary(baseline)])
        .write(into: &properties, pretty: true, level: 3)
      stream(properties + ",\n      ")
    }
    stream("\"results\": ")
    var withSuppressed = report
    if !report.suppressed.isEmpty {
      withSuppressed.diagnostics = (report.diagnostics + report.suppressed).sorted(by: LintDiagnostic.ordered)
    }
    let fingerprints = FindingFingerprint.fingerprints(of: withSuppressed.diagnostics)
    let hasBaseline = report.baseline != nil
    DiagnosticBatches.writeJSONArray(withSuppressed, level: 3, to: stream) { index, diagnostic, sources in
      var result = result(for: diagnostic, ruleIndex: ruleIndex[diagnostic.code], sources: &sources)
      if case .object(var members) = result {
        members["partialFingerprints"] = .object([FindingFingerprint.sarifKey: .string(fingerprints[index])])
        if hasBaseline { members["baselineState"] = "new" }
        result = .object(members)
      }
      return result
    }
    let tool: JSONValue = .object(["driver": .object([
      "name": "sharelint",
      "informationUri": "https://github.com/sharelint/sharelint",
      "rules": .array(rules.map(ruleObject)),
    ])])
    var tail = ",\n      \"tool\": "
    tool.write(into: &tail, pretty: true, level: 3)
    stream(tail + "\n    }\n  ],\n  \"version\": \"2.1.0\"\n}\n")
  }

  /// A rule's entry in `tool.driver.rules`.
  private static func ruleObject(_ rule: RuleDescription) -> JSONValue {
    let tags: [JSONValue] = [.string(rule.family.rawValue)] + (rule.requiresIntune ? [.string("intune")] : [])
    return .object([
      "id": .string(rule.code),
      "name": .string(rule.identifier),
      "shortDescription": .object(["text": .string(rule.summary)]),
      "fullDescription": .object(["text": .string(rule.whatItDoes)]),
      "help": .object([
        "text": .string("\(rule.whatItDoes)\n\nWhy it matters: \(rule.whyItMatters)\n\nUse instead: \(rule.useInstead)"),
      ]),
      "defaultConfiguration": .object(["level": .string(level(rule.defaultSeverity))]),
      "properties": .object(["tags": .array(tags)]),
    ])
  }

  /// One diagnostic's result: its region, key path, and fix.
  private static func result(
    for diagnostic: LintDiagnostic, ruleIndex: Int?, sources: inout LintReport.SourceReader
  ) -> JSONValue {
    var physical: [String: JSONValue] = ["artifactLocation": .object(["uri": .string(uri(diagnostic.file))])]
    if let start = diagnostic.start, let end = diagnostic.end {
      physical["region"] = .object([
        "startLine": .integer(Int64(start.line)), "startColumn": .integer(Int64(start.column)),
        "endLine": .integer(Int64(end.line)), "endColumn": .integer(Int64(max(end.column, 1))),
      ])
    }
    var location: [String: JSONValue] = ["physicalLocation": .object(physical)]
    if !diagnostic.keyPath.isEmpty {
      location["logicalLocations"] = .array([.object(["fullyQualifiedName": .string(diagnostic.keyPath)])])
    }
    var result: [String: JSONValue] = [
      "ruleId": .string(diagnostic.code),
      "level": .string(level(diagnostic.severity)),
      "message": .object(["text": .string(diagnostic.message)]),
      "locations": .array([.object(location)]),
    ]
    if let ruleIndex { result["ruleIndex"] = .integer(Int64(ruleIndex)) }
    if let suppression = diagnostic.suppression {
      var entry: [String: JSONValue] = [
        "kind": "inSource",
        "location": .object(["physicalLocation": .object([
          "artifactLocation": .object(["uri": .string(uri(suppression.file))]),
          "region": .object(["startLine": .integer(Int64(suppression.line))]),
        ])]),
      ]
      if let reason = suppression.reason { entry["justification"] = .string(reason) }
      result["suppressions"] = .array([.object(entry)])
    }
    if let fix = diagnostic.fix, let source = sources.source(of: fix.file) {
      let replacements = sources.edits(of: fix).map { edit -> JSONValue in
        let start = source.position(of: edit.range.start)
        let end = source.position(of: edit.range.end)
        return .object([
          "deletedRegion": .object([
            "startLine": .integer(Int64(start.line)), "startColumn": .integer(Int64(start.column)),
            "endLine": .integer(Int64(end.line)), "endColumn": .integer(Int64(end.column)),
          ]),
          "insertedContent": .object(["text": .string(edit.replacement)]),
        ])
      }
      if !replacements.isEmpty {
        result["fixes"] = .array([.object([
          "description": .object(["text": .string(fix.title)]),
          "artifactChanges": .array([.object([
            "artifactLocation": .object(["uri": .string(uri(fix.file))]),
            "replacements": .array(replacements),
          ])]),
        ])])
      }
    }
    return .object(result)
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .info: return "note"
    }
  }

  /// A relative URI reference for a path (spaces and other reserved characters percent-encoded).
  static func uri(_ path: String) -> String {
    var output = ""
    for byte in path.utf8 {
      let isUnreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || "-._~/".utf8.contains(byte)
      if isUnreserved {
        output.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        output += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return output
  }
}

import SharelintBase

/// `rule simulate` on an extension, as text and JSON: the rule's verdict per catalogue input, the code against the
/// rule, and the AR findings about the extension.
public enum ExtensionInsightText {
  /// The text report.
  public static func text(_ insight: ExtensionInsight, findings: [LintDiagnostic]) -> String {
    var lines: [String] = []
    let path = PrintableText.path(insight.infoPlist)
    lines.append("EXTENSION  " + (insight.targetName.map { PrintableText.escaped($0) + " (\(path))" } ?? path))
    if let rule = insight.rule {
      let folded = rule.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
      lines.append("RULE       " + PrintableText.escaped(folded))
      if let conversion = insight.convertedFrom { lines.append("           (converted from a \(conversion))") }
    } else {
      lines.append("RULE       none that can be read")
    }
    if !insight.verdicts.isEmpty {
      lines.append("")
      let nameWidth = insight.verdicts.map(\.input.count).max() ?? 0
      let sourceWidth = insight.verdicts.map(\.source.count).max() ?? 0
      lines.append("INPUT".paddedTo(nameWidth) + "  " + "FROM".paddedTo(sourceWidth) + "  MANAGED  ACTIVATES")
      for verdict in insight.verdicts {
        let answer = verdict.activates.map { $0 ? "yes" : "no" }
          ?? "error: \(PrintableText.escaped(verdict.error ?? ""))"
        lines.append(
          verdict.input.paddedTo(nameWidth) + "  " + verdict.source.paddedTo(sourceWidth) + "  "
            + (verdict.managed ? "yes" : "no").paddedTo(7) + "  " + answer)
      }
    }
    lines.append("")
    lines.append("CODE")
    switch insight.code {
    case .notCompared(let reason):
      lines.append("  not compared: " + PrintableText.escaped(reason))
    case .compared(let handles, let unhandled, let neverAdmitted):
      var seen: Set<String> = []
      for use in handles where seen.insert(use.type).inserted {
        lines.append(
          "  handles \(PrintableText.escaped(use.type)) at \(place(use)) (\(PrintableText.escaped(use.call)))")
      }
      lines.append(
        "  lets in, unhandled: "
          + (unhandled.isEmpty ? "nothing" : unhandled.map { "'\($0)'" }.joined(separator: ", ")))
      lines.append(
        "  handled, never let in: "
          + (neverAdmitted.isEmpty
            ? "nothing" : neverAdmitted.map { "\(PrintableText.escaped($0.type)) (\(place($0)))" }
              .joined(separator: ", ")))
    }
    lines.append("")
    lines.append("FINDINGS ABOUT THIS EXTENSION")
    if findings.isEmpty { lines.append("  none") }
    for finding in findings {
      var location = PrintableText.path(finding.file)
      if let start = finding.start { location += ":\(start.line):\(start.column)" }
      lines.append(
        "  \(location): \(finding.severity.rawValue): \(PrintableText.escaped(finding.message)) "
          + "[\(finding.code) \(finding.rule)]")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The JSON report: one object, sorted keys.
  public static func json(_ insight: ExtensionInsight, findings: [LintDiagnostic]) -> String {
    func handled(_ use: ExtensionInsight.HandledType) -> JSONValue {
      .object([
        "type": .string(use.type), "file": .string(use.file), "line": .integer(Int64(use.line)),
        "call": .string(use.call),
      ])
    }
    let inputs: [JSONValue] = insight.verdicts.map { verdict in
      var row: [String: JSONValue] = [
        "input": .string(verdict.input), "source": .string(verdict.source), "managed": .bool(verdict.managed),
        "activates": verdict.activates.map { .bool($0) } ?? .null,
      ]
      if let error = verdict.error { row["error"] = .string(error) }
      return .object(row)
    }
    var code: [String: JSONValue]
    switch insight.code {
    case .notCompared(let reason):
      code = ["compared": .bool(false), "reason": .string(reason)]
    case .compared(let handles, let unhandled, let neverAdmitted):
      code = [
        "compared": .bool(true), "handles": .array(handles.map(handled)),
        "unhandledShares": .array(unhandled.map(JSONValue.string)),
        "neverAdmitted": .array(neverAdmitted.map(handled)),
      ]
    }
    let findingValues: [JSONValue] = findings.map { finding in
      var object: [String: JSONValue] = [
        "code": .string(finding.code), "rule": .string(finding.rule), "severity": .string(finding.severity.rawValue),
        "message": .string(finding.message), "file": .string(finding.file),
        "notes": .array(finding.notes.map(JSONValue.string)),
      ]
      if let start = finding.start {
        object["line"] = .integer(Int64(start.line))
        object["column"] = .integer(Int64(start.column))
      }
      return .object(object)
    }
    let object: [String: JSONValue] = [
      "extension": .object([
        "infoPlist": .string(insight.infoPlist), "target": insight.targetName.map(JSONValue.string) ?? .null,
      ]),
      "rule": insight.rule.map(JSONValue.string) ?? .null,
      "convertedFrom": insight.convertedFrom.map(JSONValue.string) ?? .null,
      "inputs": .array(inputs),
      "code": .object(code),
      "findings": .array(findingValues),
    ]
    return JSONValue.object(object).serialized(pretty: true)
  }

  static func place(_ use: ExtensionInsight.HandledType) -> String {
    "\(PrintableText.path(use.file)):\(use.line)"
  }
}

extension String {
  /// The string padded with spaces to `width` characters.
  fileprivate func paddedTo(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

import Foundation
import Lint
import PredicateSyntax
import PropertyList
import SharelintBase
import Testing

@Suite struct ReporterTests {
  /// A small report: one duplicate key in an XML plist (with a position) and one in a binary plist.
  static func sampleReport() throws -> LintReport {
    let xml = RuleExample.document(for: """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes2</string>
      """)
    let document = try PropertyListDocument(source: SourceText(name: "App/Info.plist", string: xml))
    let target = LintTarget(infoPlist: document)
    let diagnostics = Linter().lint(target).filter { $0.code == "PL002" }
    return LintReport(diagnostics: diagnostics, sources: ["App/Info.plist": PlistContents(bytes: document.source.bytes)], targetCount: 1)
  }

  @Test func textShowsFileLineColumnAndCaret() throws {
    let text = TextReporter().render(try Self.sampleReport())
    #expect(text.contains("App/Info.plist:7:2: error: key 'CFBundleIdentifier' appears twice"))
    #expect(text.contains("[PL002 duplicate-key]"))
    #expect(text.contains("7 | \t<key>CFBundleIdentifier</key>"))
    #expect(text.contains("  | \t" + String(repeating: "^", count: "<key>CFBundleIdentifier</key>".count) + "\n"))
    #expect(text.contains("  = note: the first 'CFBundleIdentifier' is at line 5, column 2"))
    #expect(text.hasSuffix("1 error, 0 warnings, 0 notes in 1 target\n"))
  }

  @Test func jsonHasTheDocumentedFieldsWithSortedKeys() throws {
    let json = JSONReporter.render(try Self.sampleReport())
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let diagnostic = try #require((object["diagnostics"] as? [[String: Any]])?.first)
    for key in ["rule", "code", "severity", "message", "file", "line", "column", "endLine", "endColumn", "keyPath"] {
      #expect(diagnostic[key] != nil, "missing \(key)")
    }
    #expect(diagnostic["line"] as? Int == 7)
    #expect(diagnostic["keyPath"] as? String == "CFBundleIdentifier")
    let unsorted = try JSONKeyOrder.objectsOutOfOrder(in: json)
    #expect(unsorted.isEmpty, "keys out of order: \(unsorted)")
  }

  /// Every object of the JSON, SARIF and rule catalogue output, nested ones included, has its keys in sorted
  /// (bytewise) order, as the text is written: the parse keeps the order Foundation's reader would lose.
  @Test func everyObjectOfTheJSONOutputsHasSortedKeys() throws {
    let report = try Self.sampleReport()
    for (name, text) in [
      ("json", JSONReporter.render(report)), ("sarif", SARIFReporter.render(report)),
      ("rules", RuleDocumentation.json()),
    ] {
      let unsorted = try JSONKeyOrder.objectsOutOfOrder(in: text)
      #expect(unsorted.isEmpty, "\(name): keys out of order: \(unsorted)")
      let objects = try JSONKeyOrder.objectCount(in: text)
      #expect(objects >= 3, "\(name): only \(objects) objects read")
    }
  }

  @Test func theKeyOrderCheckFindsANestedObjectOutOfOrder() throws {
    #expect(try JSONKeyOrder.objectsOutOfOrder(in: #"{"a": 1, "b": {"d": [{"x": "}", "y": 2}], "e\"": 3}}"#).isEmpty)
    #expect(try JSONKeyOrder.objectsOutOfOrder(in: #"{"a": 1, "b": [{"y": 1, "x": 2}]}"#) == ["b[0]: 'y' before 'x'"])
    #expect(try JSONKeyOrder.objectsOutOfOrder(in: #"{"b": 1, "a": 2}"#) == ["$: 'b' before 'a'"])
  }

  @Test func sarifLogHasItsRequiredShape() throws {
    let sarif = SARIFReporter.render(try Self.sampleReport())
    let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    #expect(object["version"] as? String == "2.1.0")
    let run = try #require((object["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect((driver["rules"] as? [Any])?.count == RuleRegistry.rules.count)
  }

  /// Needs the SARIF 2.1.0 schema and python3's jsonschema, neither of which a plain clone has: the
  /// schema is looked for at `$SHARELINT_SARIF_SCHEMA`, then in `../shared/schemas/` beside the
  /// checkout (CI's layout); without both the test is skipped and says why.
  @Test(.enabled(if: SARIFSchemaCheck.unavailability == nil, Comment(rawValue: SARIFSchemaCheck.unavailability ?? "")))
  func sarifValidatesAgainstTheSchema() throws {
    let sarif = SARIFReporter.render(try Self.sampleReport())
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-\(UUID().uuidString).sarif")
    try sarif.write(to: log, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: log) }
    let (status, output) = try SARIFSchemaCheck.runPython(SARIFSchemaCheck.validation, SARIFSchemaCheck.schemaPath, log.path)
    #expect(status == 0 && output.contains("valid"), "\(output)")
  }

  @Test func githubAnnotationsEscapeTheirFields() throws {
    let text = GitHubReporter.render(try Self.sampleReport())
    #expect(text.hasPrefix("::error file=App/Info.plist,line=7,col=2,endLine=7,endColumn=31,title=PL002 duplicate-key::"))
  }

  /// docs/rules.md holds two generated parts (`make docs`): the rule table and every rule's explanation.
  @Test func theRuleReferenceIsGeneratedFromTheRules() throws {
    let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/rules.md")
    let text = try String(contentsOf: reference, encoding: .utf8)
    let sections = RuleRegistry.rules.map { registered -> String in
      let rule = registered.description
      return "### \(rule.code) \(rule.identifier)\n\n```text\n\(RuleDocumentation.explanation(rule))```\n"
    }
    let table = try Self.generatedPart("rules", of: text)
    let explanations = try Self.generatedPart("explanations", of: text)
    #expect(table == RuleDocumentation.markdownTable(),
            "the rule table in docs/rules.md is out of date: run `make docs`")
    #expect(explanations == "\n" + sections.joined(separator: "\n") + "\n",
            "the rule explanations in docs/rules.md are out of date: run `make docs`")
  }

  /// The text between the line `<!-- NAME:start …` and `<!-- NAME:end -->`.
  static func generatedPart(_ name: String, of text: String) throws -> String {
    let start = try #require(text.range(of: "<!-- \(name):start"))
    let startLineEnd = try #require(text[start.upperBound...].firstIndex(of: "\n"))
    let end = try #require(text.range(of: "<!-- \(name):end -->"))
    return String(text[text.index(after: startLineEnd)..<end.lowerBound])
  }
}

/// Where the optional SARIF schema check finds what it needs, and why it cannot run when it cannot.
enum SARIFSchemaCheck {
  static let validation = """
    import json, sys, jsonschema
    schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
    jsonschema.validate(log, schema); print("valid")
    """

  /// `$SHARELINT_SARIF_SCHEMA`, else `shared/schemas/sarif-schema-2.1.0.json` beside the checkout.
  static let schemaPath: String = {
    if let path = ProcessInfo.processInfo.environment["SHARELINT_SARIF_SCHEMA"], !path.isEmpty { return path }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/schemas/sarif-schema-2.1.0.json").path
  }()

  /// Nil when the check can run; otherwise the reason it is skipped.
  static let unavailability: String? = {
    guard FileManager.default.fileExists(atPath: schemaPath) else {
      return "skipped: no SARIF 2.1.0 schema at \(schemaPath) (set SHARELINT_SARIF_SCHEMA; .ci/run has it)"
    }
    guard let (status, _) = try? runPython("import jsonschema"), status == 0 else {
      return "skipped: python3 with the jsonschema module is not installed (pip install jsonschema; .ci/run installs it)"
    }
    return nil
  }()

  /// Runs `python3 -c script arguments…`; its status and its output and errors together.
  static func runPython(_ script: String, _ arguments: String...) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}

/// Reads JSON text keeping each object's keys in the order written, to check that they are sorted.
enum JSONKeyOrder {
  struct Malformed: Error {}

  /// Each object whose keys are not in increasing bytewise order, named by its path (`$`, `b[0]`).
  static func objectsOutOfOrder(in text: String) throws -> [String] {
    var reader = Reader(bytes: Array(text.utf8))
    try reader.value(path: "$")
    return reader.outOfOrder
  }

  /// How many objects the text holds.
  static func objectCount(in text: String) throws -> Int {
    var reader = Reader(bytes: Array(text.utf8))
    try reader.value(path: "$")
    return reader.objects
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var outOfOrder: [String] = []
    var objects = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value(path: String) throws {
      skipSpace()
      guard index < bytes.count else { throw Malformed() }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        objects += 1
        var keys: [[UInt8]] = []
        skipSpace()
        if bytes[index] == UInt8(ascii: "}") { index += 1; return }
        while true {
          skipSpace()
          let key = try string()
          if let last = keys.last, !last.lexicographicallyPrecedes(key) {
            let name = path == "$" ? "$" : path
            let (before, after) = (String(decoding: last, as: UTF8.self), String(decoding: key, as: UTF8.self))
            outOfOrder.append("\(name): '\(before)' before '\(after)'")
          }
          keys.append(key)
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Malformed() }
          index += 1
          let keyText = String(decoding: key, as: UTF8.self)
          try value(path: path == "$" ? keyText : path + "." + keyText)
          skipSpace()
          guard index < bytes.count else { throw Malformed() }
          index += 1
          if bytes[index - 1] == UInt8(ascii: "}") { return }
          guard bytes[index - 1] == UInt8(ascii: ",") else { throw Malformed() }
        }
      case UInt8(ascii: "["):
        index += 1
        skipSpace()
        if bytes[index] == UInt8(ascii: "]") { index += 1; return }
        var element = 0
        while true {
          try value(path: "\(path)[\(element)]")
          element += 1
          skipSpace()
          guard index < bytes.count else { throw Malformed() }
          index += 1
          if bytes[index - 1] == UInt8(ascii: "]") { return }
          guard bytes[index - 1] == UInt8(ascii: ",") else { throw Malformed() }
        }
      case UInt8(ascii: "\""):
        _ = try string()
      default:
        while index < bytes.count, !",]}".utf8.contains(bytes[index]), bytes[index] > 0x20 { index += 1 }
      }
    }

    /// A string's raw bytes between its quotes (escapes kept as written, which sort as JSONValue sorts ASCII).
    mutating func string() throws -> [UInt8] {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed() }
      index += 1
      let start = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard index < bytes.count else { throw Malformed() }
      index += 1
      return Array(bytes[start..<(index - 1)])
    }
  }
}

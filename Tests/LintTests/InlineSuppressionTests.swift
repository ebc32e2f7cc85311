import Foundation
@testable import Lint
import PropertyList
import SharelintBase
import Testing
import TestSupport

/// `sharelint:` comments: each form in each kind of file, the unused and unknown ones (PL006, PL007), `fix`, and
/// what the reporters say of the findings they suppress.
@Suite struct InlineSuppressionTests {
  /// The marker is found wherever it is in a file's bytes, and only whole.
  @Test func theMarkerIsFoundOnlyWhole() {
    let marker = SuppressionDirective.marker
    func contains(_ text: String) -> Bool { SuppressionDirective.contains(marker, in: Array(text.utf8)[...]) }
    #expect(contains("sharelint:"))
    #expect(contains("<!-- sharelint:disable PL002 -->"))
    #expect(contains("x:y:sharelint:"))
    #expect(contains("sharelin:sharelint:"))
    #expect(!contains("sharelint"))
    #expect(!contains("harelint:"))
    #expect(!contains("sharelint :"))
    #expect(!contains(":::::"))
    #expect(!contains(""))
    #expect(!SuppressionDirective.contains(marker, in: Array("xsharelint:".utf8)[1..<10]))
    #expect(SuppressionDirective.contains(marker, in: Array("xsharelint:".utf8)[1...]))
  }

  /// A folder holding `files` (relative path → text).
  private func folder(_ files: [String: String]) throws -> String {
    let folder = try TemporaryFolders.make("sharelint-suppression")
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder.path
  }

  /// The repository's `Samples/` folder.
  private static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples")

  /// A copy of the sample `name`, whose file `path` has `replace` changed into `with`.
  private func sample(_ name: String, editing edits: [(path: String, replace: String, with: String)]) throws -> String {
    let folder = try TemporaryFolders.make("sharelint-suppression-sample").appendingPathComponent(name)
    try FileManager.default.copyItem(at: Self.samples.appendingPathComponent(name), to: folder)
    for edit in edits {
      let url = folder.appendingPathComponent(edit.path)
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.contains(edit.replace), "\(edit.path) has no '\(edit.replace)'")
      try Data(text.replacingOccurrences(of: edit.replace, with: edit.with).utf8).write(to: url)
    }
    return folder.path
  }

  /// An Info.plist with duplicate keys: PL002 at lines 7, 12, 16 and 18, and comments of every form.
  private static let duplicates = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>A</key>
    \t<string>1</string>
    \t<!-- sharelint:disable duplicate-key - written twice by the build script -->
    \t<key>A</key>
    \t<string>2</string>
    \t<!-- sharelint:enable duplicate-key -->
    \t<key>B</key>
    \t<string>1</string>
    \t<key>B</key> <!-- sharelint:disable-line PL002 -->
    \t<string>2</string>
    \t<!-- sharelint:disable-next-line PL002 - kept on purpose -->

    \t<key>A</key>
    \t<string>3</string>
    \t<key>A</key>
    \t<string>4</string>
    </dict>
    </plist>

    """

  @Test func eachFormInAPlistSuppressesTheFindingsOnItsLines() async throws {
    let root = try folder(["Info.plist": Self.duplicates])
    let report = try await LintSession.run(.init(paths: [root + "/Info.plist"]))
    let suppressed = report.suppressed.map { "\($0.code) \($0.start?.line ?? 0) \($0.suppression?.directive ?? "")" }
    #expect(suppressed == ["PL002 7 disable", "PL002 12 disable-line", "PL002 16 disable-next-line"])
    // The range ends at `enable`; the last duplicate is after the line the next-line comment covers.
    #expect(report.diagnostics.map { "\($0.code) \($0.start?.line ?? 0)" } == ["PL002 18"])
    #expect(report.suppressed.first?.suppression?.reason == "written twice by the build script")
    #expect(report.suppressed.dropFirst().first?.suppression?.reason == nil)
    #expect(report.exitStatus == 1)
    #expect(TextReporter().render(report).hasSuffix("1 error, 0 warnings, 0 notes in 1 target, 3 suppressed\n"))
  }

  @Test func anUnknownCodeIsAWarningAndAnUnusedSuppressionIsReportedWithASafeFix() async throws {
    let text = RuleExample.document(for: """
      <key>CFBundleName</key>
      <string>Notes</string>
      <!-- sharelint:disable-next-line PL002, PL0002 - the build script removes the first -->
      <key>CFBundleName</key>
      <string>Notes</string>
      <!-- sharelint:disable-next-line missing-mam-types - no extension here -->
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      """)
    let root = try folder(["Info.plist": text])
    let report = try await LintSession.run(.init(paths: [root + "/Info.plist"]))
    #expect(report.suppressed.map(\.code) == ["PL002"])
    #expect(report.diagnostics.map { "\($0.code) \($0.severity) \($0.message)" } == [
      "PL007 warning unknown rule 'PL0002' in a suppression",
      "PL006 warning 'missing-mam-types' (AR004) suppresses no finding here",
    ])
    let fix = try #require(report.diagnostics.last?.fix)
    #expect(fix.applicability == .safe && fix.title == "remove the unused suppression")

    // Like any rule, the two can be turned off or down in `.sharelint.yml`.
    try Data("disabled_rules: [PL006]\nseverity:\n  PL007: error\n".utf8)
      .write(to: URL(fileURLWithPath: root + "/.sharelint.yml"))
    let configured = try await LintSession.run(.init(paths: [root + "/Info.plist"]))
    #expect(configured.diagnostics.map { "\($0.code) \($0.severity)" } == ["PL007 error"])
    #expect(configured.suppressed.map(\.code) == ["PL002"])
  }

  @Test func fixRemovesTheUnusedSuppressionAndLeavesTheUsedOnes() async throws {
    let text = RuleExample.document(for: """
      <key>CFBundleName</key>
      <string>Notes</string>
      <!-- sharelint:disable-next-line PL002, PL005 - the build script removes the first -->
      <key>CFBundleName</key>
      <string>Notes</string>
      <key>CFBundleIdentifier</key> <!-- sharelint:disable-line PL002 -->
      <string>com.contoso.notes</string>
      <!-- sharelint:disable-next-line PL002 -->
      <key>CFBundleVersion</key>
      <string>1</string>
      """)
    let root = try folder(["Info.plist": text])
    let outcome = try await FixSession.run(.init(paths: [root + "/Info.plist"]), includingUnsafe: false)
    let fixed = String(decoding: try #require(outcome.files.first?.bytes), as: UTF8.self)
    #expect(fixed == RuleExample.document(for: """
      <key>CFBundleName</key>
      <string>Notes</string>
      <!-- sharelint:disable-next-line PL002 - the build script removes the first -->
      <key>CFBundleName</key>
      <string>Notes</string>
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>CFBundleVersion</key>
      <string>1</string>
      """))
    #expect(outcome.finalReport.diagnostics.isEmpty)
    #expect(outcome.finalReport.suppressed.count == 1)
  }

  @Test func anXcconfigSuppressesWithSlashComments() async throws {
    let root = try sample("TailspinBroken", editing: [(
      "Configurations/Release.xcconfig", "ENABLE_BITCODE = YES",
      "// sharelint:disable-next-line XC005 -- the archive step turns it off\nENABLE_BITCODE = YES"
    )])
    let report = try await LintSession.run(.init(paths: [root]))
    #expect(!report.diagnostics.contains { $0.code == "XC005" })
    let suppressed = try #require(report.suppressed.first { $0.code == "XC005" })
    #expect(suppressed.suppression?.reason == "the archive step turns it off")
    #expect(suppressed.suppression?.line == 2)
    #expect(suppressed.file.hasSuffix("Configurations/Release.xcconfig"))
  }

  @Test func aProjectFileSuppressesWithBlockCommentsAndFixKeepsThemAttached() async throws {
    // XC006's finding about the Debug configuration of Tailspin starts on its `buildSettings = {` line.
    let debug = "5A1E0000000000000000000C /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {"
    let root = try sample("TailspinBroken", editing: [(
      "Tailspin.xcodeproj/project.pbxproj", debug,
      debug + " /* sharelint:disable-line XC006 -- Debug keeps its symbols */"
    ), (
      "Tailspin.xcodeproj/project.pbxproj", "\t\t\t\tSWIFT_VERSION = 5.0;\n\t\t\t};\n\t\t\tname = Release;",
      "\t\t\t\t/* keep in step with Package.swift */\n\t\t\t\tSWIFT_VERSION = 5.0;\n\t\t\t};\n\t\t\tname = Release;"
    )])
    let report = try await LintSession.run(.init(paths: [root]))
    let suppressed = report.suppressed.filter { $0.code == "XC006" }
    #expect(suppressed.count == 1)
    #expect(suppressed.first?.configurations == ["Debug"])
    #expect(suppressed.first?.suppression?.reason == "Debug keeps its symbols")
    #expect(!report.diagnostics.contains { $0.code == "PL006" || $0.code == "PL007" })

    let outcome = try await FixSession.run(.init(paths: [root]), includingUnsafe: false)
    let project = try #require(outcome.files.first { $0.original.name.hasSuffix("project.pbxproj") })
    let text = String(decoding: project.bytes, as: UTF8.self)
    #expect(text.contains(debug + " /* sharelint:disable-line XC006 -- Debug keeps its symbols */"))
    // The setting XC006's fix adds in Release sorts before SWIFT_VERSION: it goes above the comment over it.
    #expect(text.contains(
      "\t\t\t\tSTRIP_SWIFT_SYMBOLS = NO;\n\t\t\t\t/* keep in step with Package.swift */\n\t\t\t\tSWIFT_VERSION = 5.0;"))
  }

  @Test func anXcodeGenSpecSuppressesWithHashComments() async throws {
    let root = try folder([
      "project.yml": """
        name: Contoso
        targets:
          # sharelint:disable-next-line XC001, intune-target-without-entitlements -- linked by a script phase
          Contoso:
            type: application
            platform: iOS
            info:
              path: App/Info.plist
        """,
      "App/Info.plist": RuleExample.document(for: RuleExample.intuneAppInfoPlist),
    ])
    let report = try await LintSession.run(.init(paths: [root]))
    #expect(Set(report.suppressed.map(\.code)) == ["XC001", "XC010"])
    #expect(report.suppressed.allSatisfy { $0.suppression?.reason == "linked by a script phase" })
    #expect(!report.diagnostics.contains { ["XC001", "XC010", "PL006", "PL007"].contains($0.code) })
  }

  @Test func jsonAndSarifCarryTheReason() async throws {
    let root = try folder(["Info.plist": Self.duplicates])
    let report = try await LintSession.run(.init(paths: [root + "/Info.plist"]))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(JSONReporter.render(report).utf8)) as? [String: Any])
    let suppressed = try #require(json["suppressed"] as? [[String: Any]])
    let first = try #require(suppressed.first?["suppression"] as? [String: Any])
    #expect(first["kind"] as? String == "inSource")
    #expect(first["reason"] as? String == "written twice by the build script")
    #expect(first["line"] as? Int == 6)
    #expect((json["summary"] as? [String: Any])?["suppressed"] as? Int == suppressed.count)

    let sarif = SARIFReporter.render(report)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let withSuppressions = results.compactMap { $0["suppressions"] as? [[String: Any]] }
    #expect(withSuppressions.count == report.suppressed.count)
    #expect(results.count == report.diagnostics.count + report.suppressed.count)
    #expect(withSuppressions.first?.first?["kind"] as? String == "inSource")
    #expect(withSuppressions.first?.first?["justification"] as? String == "written twice by the build script")
  }

  @Test(.enabled(if: SARIFSchemaCheck.unavailability == nil, Comment(rawValue: SARIFSchemaCheck.unavailability ?? "")))
  func sarifWithSuppressionsValidatesAgainstTheSchema() async throws {
    let root = try folder(["Info.plist": Self.duplicates])
    let report = try await LintSession.run(.init(paths: [root + "/Info.plist"]))
    #expect(!report.suppressed.isEmpty)
    let log = URL(fileURLWithPath: root + "/log.sarif")
    try SARIFReporter.render(report).write(to: log, atomically: true, encoding: .utf8)
    let (status, output) = try SARIFSchemaCheck.runPython(
      SARIFSchemaCheck.validation, SARIFSchemaCheck.schemaPath, log.path)
    #expect(status == 0 && output.contains("valid"), "\(output)")
  }

  @Test func theCommentsOfEachSyntaxAreRead() {
    func read(_ name: String, _ text: String) -> [String] {
      SuppressionDirective.directives(in: SourceText(name: name, string: text)).map { directive in
        let rules = directive.rules.map { "\($0.text)=\($0.code ?? "?")@\($0.lines.map { "\($0.lowerBound)" } ?? "-")" }
        return "\(directive.actionText) \(rules.joined(separator: ",")) [\(directive.reason ?? "")]"
      }
    }
    #expect(read("A.xcconfig", "// sharelint:disable-next-line XC005 -- why\n\nA = 1 // sharelint:disable-line XC006\n")
      == ["disable-next-line XC005=XC005@3 [why]", "disable-line XC006=XC006@3 []"])
    #expect(read("project.yml", "a: '#x' # sharelint:disable-line xc001\nb: 1\n#sharelint:disable XC002\n")
      == ["disable-line xc001=XC001@1 []", "disable XC002=XC002@4 []"])
    let pbxproj = "A = \"/* sharelint:disable-line XC001 */\"; /* sharelint:disable-line XC002 - x */\n"
    #expect(read("project.pbxproj", pbxproj)
      == ["disable-line XC002=XC002@1 [x]"])
    #expect(read("Info.plist", "<plist><!-- sharelint:disable-next-line US004 AR007 - y --><dict/>\n</plist>")
      == ["disable-next-line US004=US004@2,AR007=AR007@2 [y]"])
    #expect(read("Notes.swift", "// sharelint:disable-line SC001\n").isEmpty)
  }

  @Test func removingOneRuleOfSeveralKeepsTheListTidy() throws {
    let source = SourceText(name: "A.xcconfig", string: "// sharelint:disable-line XC005, XC006 XC007 -- why\n")
    let directive = try #require(SuppressionDirective.directives(in: source).first)
    func removing(_ position: Int) -> String {
      let range = SuppressionMatching.removal(ofRule: position, in: directive)
      return String(decoding: source.bytes.applying([TextEdit(range: range, replacement: "")]).result, as: UTF8.self)
    }
    #expect(removing(0) == "// sharelint:disable-line XC006 XC007 -- why\n")
    #expect(removing(1) == "// sharelint:disable-line XC005 XC007 -- why\n")
    #expect(removing(2) == "// sharelint:disable-line XC005, XC006 -- why\n")
    #expect(SuppressionDirective.removal(of: directive.comment, in: source.bytes).range == ByteRange(start: 0, end: 52))
  }

  /// A file is hostile input: thousands of comments over thousands of blank lines are read in one pass, and past
  /// `maximumCount` they are ignored, PL007 saying so once.
  @Test func tooManyCommentsAreBoundedAndReadInLinearTime() throws {
    let pair = "// sharelint:disable-next-line XC005 -- x\n// sharelint:disable XC006\n"
    let blanks = String(repeating: "\n", count: 200_000)
    let source = SourceText(name: "A.xcconfig", string: String(repeating: pair, count: 500) + blanks + "A = 1\n")
    let clock = ContinuousClock()
    var directives: [SuppressionDirective] = []
    let elapsed = clock.measure { directives = SuppressionDirective.directives(in: source) }
    #expect(elapsed < .seconds(5))
    #expect(directives.count == SuppressionDirective.maximumCount)
    #expect(directives.first?.rules.first?.lines == 201_001...201_001)
    #expect(directives.last?.rules.first?.lines == 1_001...Int.max)

    let over = SourceText(name: "A.xcconfig", string: String(repeating: pair, count: 501) + "A = 1\n")
    let findings = SuppressionMatching.findings(about: try #require(FileSuppressions(over, linter: Linter())), used: [])
    #expect(findings.filter { $0.code == "PL007" }.map(\.message) == [
      "more than 1000 sharelint: comments in one file; this one and those after it are ignored"
    ])
  }
}

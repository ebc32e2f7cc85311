import Foundation
import Testing

@Suite struct LintCommandTests {
  static let samples = Sharelint.packageRoot.appendingPathComponent("Samples")

  static func diagnostics(_ json: String) throws -> [[String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try #require(object["diagnostics"] as? [[String: Any]])
  }

  @Test func cleanSampleHasNoErrors() throws {
    let result = try Sharelint.run(["lint", "--format", "json", "Samples/ContosoClean"])
    let errors = try Self.diagnostics(result.standardOutput).filter { $0["severity"] as? String == "error" }
    #expect(errors.isEmpty, "\(errors)")
    #expect(result.status == 0, "\(result.standardError)")
  }

  /// `Samples/README.md`, "May also be reported": findings the samples may give beyond the rows of
  /// `expected-findings.tsv` (file, code, key path), at most this many times each.
  static let mayAlsoBeReported: [(file: String, code: String, keyPath: String, times: Int)] = {
    let fabrikam = "Samples/FabrikamBroken/Fabrikam/Info.plist"
    let rule = "NSExtension.NSExtensionAttributes.NSExtensionActivationRule"
    let woodgroveShare = "Samples/Packaged/Woodgrove.ipa/Payload/Woodgrove.app/PlugIns/WoodgroveShare.appex/Info.plist"
    return [
      // PL003 on the unexpanded $(PRODUCT_BUNDLE_IDENTIFIER) of CFBundleURLTypes[1].
      (fabrikam, "PL003", "CFBundleURLTypes[1].CFBundleURLSchemes[0]", 1),
      (fabrikam, "PL003", "CFBundleURLTypes[1].CFBundleURLSchemes[1]", 1),
      // US004 for the two invalid msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth… entries.
      (fabrikam, "US004", "CFBundleURLTypes[1].CFBundleURLSchemes[0]", 1),
      (fabrikam, "US004", "CFBundleURLTypes[1].CFBundleURLSchemes[1]", 1),
      // AR002 once per typographic quote: four in FabrikamShare, one of them a row.
      ("Samples/FabrikamBroken/FabrikamShare/Info.plist", "AR002", rule, 3),
      // AR010 and AR011 twice each in Woodgrove's rule, one of each a row.
      (woodgroveShare, "AR010", rule, 1),
      (woodgroveShare, "AR011", rule, 1),
      // AR004 on FabrikamPhotos' dictionary-form rule.
      ("Samples/FabrikamBroken/FabrikamPhotos/Info.plist", "AR004", rule, 1),
    ]
  }()

  /// Every row of `Samples/expected-findings.tsv` is found, as many times as it is listed; every other finding is
  /// one `Samples/README.md` says may also be reported.
  @Test func findingsOnTheSamplesAreExactlyThePlantedMistakes() throws {
    let result = try Sharelint.run(["lint", "--format", "json", "Samples"])
    #expect(result.status == 2, "Samples/Malformed makes the run's input unusable")
    var unexplained: [String: Int] = [:]
    for diagnostic in try Self.diagnostics(result.standardOutput) {
      let row = [diagnostic["file"], diagnostic["code"], diagnostic["keyPath"]].map { $0 as? String ?? "" }
      unexplained[row.joined(separator: "\t"), default: 0] += 1
    }
    let table = try String(contentsOf: Self.samples.appendingPathComponent("expected-findings.tsv"), encoding: .utf8)
    let lines = table.split(separator: "\n")
    #expect(lines.first == "file\trule-id\tkey-path")
    var rows = 0
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      #expect(fields.count == 3, "a row has three fields: \(line)")
      let row = fields.prefix(3).joined(separator: "\t")
      rows += 1
      if let count = unexplained[row], count > 0 {
        unexplained[row] = count - 1
      } else {
        Issue.record("not found (or found fewer times than listed): \(line)")
      }
    }
    #expect(rows >= 50, "expected-findings.tsv was read: \(rows) rows")
    for extra in Self.mayAlsoBeReported {
      let row = [extra.file, extra.code, extra.keyPath].joined(separator: "\t")
      if let count = unexplained[row] { unexplained[row] = max(0, count - extra.times) }
    }
    for (row, count) in unexplained.sorted(by: { $0.key < $1.key }) where count > 0 {
      Issue.record("found \(count)× but neither in expected-findings.tsv nor 'May also be reported': \(row)")
    }
  }

  @Test func malformedPlistIsPL001WithItsPositionAndExitTwo() throws {
    let result = try Sharelint.run(["lint", "Samples/Malformed/Info.plist"])
    #expect(result.status == 2)
    #expect(result.standardOutput.contains("Samples/Malformed/Info.plist:"))
    #expect(result.standardOutput.contains("[PL001 malformed-plist]"))
  }

  @Test(arguments: ["text", "json", "sarif", "github"])
  func malformedPlistGivesItsReasonOnStandardErrorInEveryFormat(format: String) throws {
    let lint = try Sharelint.run(["lint", "--format", format, "Samples/Malformed/Info.plist"])
    #expect(lint.status == 2)
    #expect(
      lint.standardError == "sharelint: Samples/Malformed/Info.plist:37:9: opening and ending tag mismatch: "
        + "dict line 24 and plist\n")
  }

  @Test func fixGivesAMalformedPlistsReasonOnStandardError() throws {
    let folder = try TemporaryFolder()
    let malformed = try folder.copy(Self.samples.appendingPathComponent("Malformed/Info.plist"), as: "Info.plist")
    let fix = try Sharelint.run(["fix", "--check", malformed])
    #expect(fix.status == 2)
    #expect(fix.standardError.hasPrefix("sharelint: \(malformed):37:9: opening and ending tag mismatch"))
    #expect(fix.standardError.split(separator: "\n").count == 1)
  }

  @Test func binaryAndXMLFormsGiveTheSameFindings() throws {
    let folder = try TemporaryFolder()
    let xml = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/Fabrikam"), as: "XML")
    let binary = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/Fabrikam"), as: "Binary")
    // The binary twin is written by Python's plistlib, an independent writer.
    let convert = Process()
    convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    convert.arguments = ["python3", "-c", """
      import plistlib, sys
      for name in ("Info.plist", "Fabrikam.entitlements"):
          path = sys.argv[1] + "/" + name
          value = plistlib.load(open(path, "rb"))
          plistlib.dump(value, open(path, "wb"), fmt=plistlib.FMT_BINARY)
      """, binary]
    try convert.run()
    convert.waitUntilExit()
    #expect(convert.terminationStatus == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: binary + "/Info.plist")).prefix(8) == Data("bplist00".utf8))
    func findings(_ path: String) throws -> [[String: Any]] {
      try Self.diagnostics(try Sharelint.run(["lint", "--format", "json", path]).standardOutput)
        .filter { $0["code"] as? String != "PL002" }  // a binary plist cannot hold a duplicate key
    }
    func summary(_ diagnostics: [[String: Any]]) -> [String] {
      diagnostics.map { "\($0["code"] as? String ?? "") \($0["keyPath"] as? String ?? "")" }.sorted()
    }
    let fromBinary = try findings(binary)
    let fromXML = try findings(xml)
    #expect(fromBinary.count >= 10)
    #expect(summary(fromBinary) == summary(fromXML))
    #expect(fromBinary.allSatisfy { $0["line"] is NSNull })
    #expect(fromXML.allSatisfy { $0["line"] is Int })
  }

  /// Foundation's `deletingLastPathComponent` traps on a one-character path: `sharelint lint x` crashed.
  @Test func aPlistWithAOneCharacterNameInTheWorkingFolderIsLintedAndFixed() throws {
    let folder = try TemporaryFolder()
    _ = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/Fabrikam/Info.plist"), as: "x")
    let lint = try Sharelint.run(["lint", "x"], in: folder.url)
    #expect(lint.status == 1, "\(lint.standardError)")
    #expect(lint.standardOutput.hasPrefix("x:"))
    let fix = try Sharelint.run(["fix", "x"], in: folder.url)
    #expect(fix.status == 0 || fix.status == 1, "\(fix.standardError)")
    #expect(fix.standardOutput.hasPrefix("fixed "))
  }

  @Test func fixChangesOnlyWhatItFixesAndASecondRunChangesNothing() throws {
    let folder = try TemporaryFolder()
    let app = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/Fabrikam"), as: "Fabrikam")
    let plist = app + "/Info.plist"
    let before = try String(contentsOfFile: plist, encoding: .utf8)
    let check = try Sharelint.run(["fix", "--check", app])
    #expect(check.status == 1)
    #expect(try String(contentsOfFile: plist, encoding: .utf8) == before, "--check wrote")
    let diff = try Sharelint.run(["fix", "--diff", app])
    #expect(diff.standardOutput.contains("--- a/"))
    #expect(diff.standardOutput.contains("+\t<key>NSMainNibFile</key>"))
    let fix = try Sharelint.run(["fix", app])
    #expect(fix.standardOutput.hasPrefix("fixed "))
    let after = try String(contentsOfFile: plist, encoding: .utf8)
    #expect(after != before)
    // Every line of the original that the fixes did not touch is still there, in order.
    let kept = Set(after.split(separator: "\n", omittingEmptySubsequences: false))
    let removedLines = before.split(separator: "\n", omittingEmptySubsequences: false).filter { !kept.contains($0) }
    #expect(removedLines.count <= 4, "fix removed more lines than its fixes: \(removedLines)")
    let again = try Sharelint.run(["fix", "--check", app])
    #expect(again.status == 0, "a second fix would still change: \(again.standardOutput)")
  }

  @Test func hostileXMLIsRefusedQuicklyWithoutTouchingAnything() throws {
    let folder = try TemporaryFolder()
    let laughs = (1...9).map { "<!ENTITY lol\($0) \"" + String(repeating: "&lol\($0 - 1);", count: 10) + "\">" }
      .joined(separator: "\n")
    let billion = try folder.write("Info.plist", """
      <?xml version="1.0"?>
      <!DOCTYPE plist [<!ENTITY lol0 "lol">
      \(laughs)
      <!ENTITY ext SYSTEM "http://example.invalid/evil.dtd">]>
      <plist version="1.0"><dict><key>a</key><string>&lol9;&ext;</string></dict></plist>
      """)
    let start = Date()
    let result = try Sharelint.run(["lint", billion])
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(result.status == 2)
    #expect(result.standardOutput.contains("PL001"))
  }

  @Test func missingPathAndBadConfigurationExitTwoWithOneLine() throws {
    let missing = try Sharelint.run(["lint", "No/Such/Folder"])
    #expect(missing.status == 2)
    #expect(missing.standardError.split(separator: "\n").count == 1)
    let folder = try TemporaryFolder()
    let config = try folder.write("bad.yml", "disabled_rule: [PL002]\n")
    let bad = try Sharelint.run(["lint", "--config", config, "Samples/ContosoClean"])
    #expect(bad.status == 2)
    #expect(bad.standardError.contains("unknown key 'disabled_rule'"))
  }

  @Test func rulesAndExplain() throws {
    let rules = try Sharelint.run(["rules"])
    #expect(rules.status == 0)
    #expect(rules.standardOutput.contains("PL002  duplicate-key"))
    let explain = try Sharelint.run(["explain", "PL002"])
    #expect(explain.standardOutput.contains("Why it matters"))
    #expect(explain.standardOutput.contains("Fix safety"))
    let unknown = try Sharelint.run(["explain", "XX999"])
    #expect(unknown.status == 2)
  }
}

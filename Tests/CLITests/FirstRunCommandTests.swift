import Foundation
import Testing

/// What a new user meets in the first ten minutes (issue 29): `-` for standard input on every command that reads
/// input, one-line usage errors, `--color`, and what `fix` says it did.
@Suite struct FirstRunCommandTests {
  static let samples = Sharelint.packageRoot.appendingPathComponent("Samples")

  static func sample(_ path: String) throws -> String {
    try String(contentsOf: samples.appendingPathComponent(path), encoding: .utf8)
  }

  // MARK: - Standard input

  @Test func lintReadsAnInfoPlistFromStandardInputNamedStdin() throws {
    let broken = try Sharelint.run(["lint", "-"], input: try Self.sample("FabrikamBroken/FabrikamShare/Info.plist"))
    #expect(broken.status == 1, "\(broken.standardError)")
    let findings = broken.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(!findings.isEmpty)
    #expect(findings.allSatisfy { $0.hasPrefix("<stdin>:") }, "\(findings)")
    // The caret excerpt quotes standard input's text.
    #expect(broken.standardOutput.contains(" --> <stdin>:") || broken.standardOutput.contains("|"))

    let clean = try Sharelint.run(["lint", "-"], input: try Self.sample("ContosoClean/Contoso/Info.plist"))
    #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")

    let json = try Sharelint.run(
      ["lint", "--format", "json", "-"], input: try Self.sample("FabrikamBroken/FabrikamShare/Info.plist"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let files = Set(((object["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String })
    #expect(files == ["<stdin>"])
  }

  /// Standard input is in no folder: the working folder's `.sharelint.yml` (which could switch every check off) is
  /// not its configuration, `--config` is.
  @Test func standardInputTakesOnlyTheConfigurationNamedOnTheCommandLine() throws {
    let folder = try TemporaryFolder()
    let everyFamily = "disabled_rules: [PL, IM, EN, AR, US, XC, SC]\n"
    let offSwitch = try folder.write(".sharelint.yml", everyFamily)
    let share = try Self.sample("FabrikamBroken/FabrikamShare/Info.plist")
    let linted = try Sharelint.run(["lint", "-"], input: share, in: folder.url)
    #expect(linted.status == 1, "\(linted.standardOutput)\(linted.standardError)")
    let configured = try Sharelint.run(["lint", "--config", offSwitch, "-"], input: share, in: folder.url)
    #expect(configured.status == 0, "\(configured.standardOutput)\(configured.standardError)")
  }

  @Test func standardInputThatIsNoPlistIsAOneLineReasonAndExitTwo() throws {
    let result = try Sharelint.run(["lint", "-"], input: "<plist><dict><key>a</key></plist>")
    #expect(result.status == 2)
    #expect(result.standardError.contains("<stdin>:"), "\(result.standardError)")
    let fix = try Sharelint.run(["fix", "-"], input: "<plist><dict><key>a</key></plist>")
    #expect(fix.status == 2)
    #expect(fix.standardOutput.isEmpty, "nothing is half-written: \(fix.standardOutput)")
    let twice = try Sharelint.run(["lint", "-", "-"], input: "")
    #expect(twice.status == 2)
    let reason = twice.standardError.split(separator: "\n").first
    #expect(reason == "sharelint: '-' (standard input) may be given only once")
  }

  @Test func fixOfStandardInputPrintsTheFixedPlistAndItsSummaryOnStandardError() throws {
    let original = try Self.sample("FabrikamBroken/FabrikamShare/Info.plist")
    let fixed = try Sharelint.run(["fix", "-"], input: original)
    #expect(fixed.status == 0 || fixed.status == 1, "\(fixed.standardError)")
    #expect(fixed.standardOutput.hasPrefix("<?xml"))
    #expect(fixed.standardOutput != original)
    #expect(fixed.standardError.hasPrefix("sharelint: fixed "), "\(fixed.standardError)")
    #expect(fixed.standardError.contains(" in 1 file; "), "\(fixed.standardError)")
    // What it printed lints with fewer findings, and fixing it again changes nothing.
    let before = try Sharelint.run(["lint", "--format", "json", "-"], input: original)
    let after = try Sharelint.run(["lint", "--format", "json", "-"], input: fixed.standardOutput)
    #expect(Self.findingCount(after.standardOutput) < Self.findingCount(before.standardOutput))
    let again = try Sharelint.run(["fix", "-"], input: fixed.standardOutput)
    #expect(again.standardOutput == fixed.standardOutput)
    #expect(again.standardError.hasPrefix("sharelint: nothing to fix; "), "\(again.standardError)")

    let diff = try Sharelint.run(["fix", "--diff", "-"], input: original)
    #expect(diff.standardOutput.contains("--- a/<stdin>"), "\(diff.standardOutput)")
    let check = try Sharelint.run(["fix", "--check", "-"], input: original)
    #expect(check.status == 1)
    #expect(check.standardOutput == "would fix <stdin>\n")

    let mixed = try Sharelint.run(["fix", "-", "Samples/ContosoClean"], input: original)
    #expect(mixed.status == 2)
    #expect(mixed.standardError.hasPrefix("sharelint: '-' is fixed alone"), "\(mixed.standardError)")
  }

  /// A binary plist goes through `fix -` as bytes (CommandRunner's input is text: the test pipes the file in).
  @Test func fixOfABinaryPlistFromStandardInputWritesItsBytes() throws {
    let plist = Self.samples.appendingPathComponent("NorthwindBinary/NorthwindShare/Info.plist").path
    let process = Process()
    process.executableURL = Sharelint.executable
    process.arguments = ["fix", "-"]
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: plist))
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    let reason = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(bytes.starts(with: Array("bplist00".utf8)), "\(reason)")
    #expect(reason.hasPrefix("sharelint: fixed ") || reason.hasPrefix("sharelint: nothing to fix"), "\(reason)")
  }

  @Test func targetsAndRuleSimulateReadStandardInputConfigureRefusesIt() throws {
    let share = try Self.sample("FabrikamBroken/FabrikamShare/Info.plist")
    let targets = try Sharelint.run(["targets", "-"], input: share)
    #expect(targets.status == 0, "\(targets.standardError)")
    #expect(targets.standardOutput.contains("<stdin>"), "\(targets.standardOutput)")
    let clean = try Self.sample("ContosoClean/ContosoShare/Info.plist")
    let simulate = try Sharelint.run(["rule", "simulate", "-"], input: clean)
    #expect(simulate.status == 0, "\(simulate.standardError)")
    #expect(simulate.standardOutput.contains("Photos"), "\(simulate.standardOutput)")
    let configure = try Sharelint.run(["configure", "-i", "-"], input: share)
    #expect(configure.status == 2)
    #expect(configure.standardError.hasPrefix("sharelint: configure reads and writes files, not standard input"))
  }

  static func findingCount(_ json: String) -> Int {
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return -1 }
    return (object["diagnostics"] as? [Any])?.count ?? -1
  }

  // MARK: - Usage errors

  @Test(arguments: [
    (["lint", "--bogus"], "sharelint: unknown option '--bogus'", "sharelint lint --help"),
    (
      ["lint", "--format", "xml"], "sharelint: the value 'xml' is invalid for '--format <format>'",
      "sharelint lint --help"
    ),
    (
      ["rule", "eval", "a == 1"], "sharelint: give the context with --input or with --attachments",
      "sharelint rule eval --help"
    ),
    (["nosuch"], "sharelint: unexpected argument 'nosuch'", "sharelint --help"),
  ])
  func aUsageErrorIsOneLineAndWhereToReadMore(arguments: [String], reason: String, help: String) throws {
    let result = try Sharelint.run(arguments)
    #expect(result.status == 2)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.standardError)")
    #expect(lines.first?.hasPrefix(reason) == true, "\(result.standardError)")
    #expect(lines.last == "sharelint: see '\(help)'")
    #expect(result.standardOutput.isEmpty)
  }

  // MARK: - Colour

  static let broken = "Samples/FabrikamBroken/FabrikamShare"
  static let escape = "\u{1B}["

  @Test func colourIsUsedWhenAskedAndNeverOtherwise() throws {
    let always = try Sharelint.run(["lint", "--color", "always", Self.broken], environment: ["NO_COLOR": "1"])
    #expect(always.standardOutput.contains(": \u{1B}[1;31merror\u{1B}[0m: "), "--color always wins over NO_COLOR")
    #expect(always.standardOutput.contains("[\u{1B}[1mAR"), "the rule code is bold")
    let never = try Sharelint.run(["lint", "--color", "never", Self.broken])
    #expect(!never.standardOutput.contains(Self.escape))
    // Standard output is a pipe here: auto means no colour, NO_COLOR or not.
    for environment in [["NO_COLOR": "1"], ["NO_COLOR": ""], [:]] {
      let auto = try Sharelint.run(["lint", Self.broken], environment: environment)
      #expect(!auto.standardOutput.contains(Self.escape))
    }
    // The plain text is the coloured text without its escapes.
    #expect(Self.removingEscapes(always.standardOutput) == never.standardOutput)
  }

  @Test(arguments: ["json", "sarif", "github", "gitlab"])
  func machineFormatsAreNeverColoured(format: String) throws {
    let result = try Sharelint.run(["lint", "--color", "always", "--format", format, Self.broken])
    #expect(!result.standardOutput.contains(Self.escape))
    #expect(!result.standardOutput.isEmpty)
  }

  @Test func ruleCaretsOnStandardErrorFollowColor() throws {
    let coloured = try Sharelint.run(["rule", "parse", "--color", "always", "name == "])
    #expect(coloured.status == 1)
    #expect(coloured.standardError.contains("\u{1B}[1;31merror\u{1B}[0m"), "\(coloured.standardError)")
    let plain = try Sharelint.run(["rule", "parse", "name == "])
    #expect(!plain.standardError.contains(Self.escape))
    let share = try Self.sample("FabrikamBroken/FabrikamShare/Info.plist")
    let simulate = try Sharelint.run(["rule", "simulate", "--color", "always", "-"], input: share)
    #expect(simulate.status == 1)
    #expect(simulate.standardError.contains("\u{1B}[1;31merror\u{1B}[0m"), "\(simulate.standardError)")
    #expect(simulate.standardError.contains(" --> <stdin>:48:64"), "\(simulate.standardError)")
  }

  /// No escape sequence comes from input: one planted in a value is shown escaped, even in colour.
  @Test func anEscapeInInputIsShownEscapedInColour() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>CFBundleIdentifier</key><string>com.contoso.app</string>
        <key>LSApplicationQueriesSchemes</key>
        <array><string>\u{1B}[31mred</string><string>\u{1B}[31mred</string></array>
        <key>IntuneMAMSettings</key><dict/>
      </dict>
      </plist>
      """
    let result = try Sharelint.run(["lint", "--color", "always", "-"], input: plist)
    #expect(!result.standardOutput.contains("\u{1B}[31mred"), "\(result.standardOutput)")
  }

  static func removingEscapes(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
  }

  // MARK: - fix's summary

  @Test func fixCountsTheFindingsItResolvedAndTheFilesItWrote() throws {
    let folder = try TemporaryFolder()
    let app = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/FabrikamShare"), as: "Share")
    let before = try Sharelint.run(["lint", "--format", "json", app])
    let fix = try Sharelint.run(["fix", app])
    let after = try Sharelint.run(["lint", "--format", "json", app])
    let resolved = Self.findingCount(before.standardOutput) - Self.findingCount(after.standardOutput)
    #expect(resolved > 0)
    #expect(
      fix.standardOutput.hasPrefix("fixed \(resolved) finding\(resolved == 1 ? "" : "s") in 1 file; "),
      "\(fix.standardOutput)")
  }

  /// Nothing written (files inside an archive): no "fixed", one line per file on standard error, exit 2.
  @Test func fixThatCouldWriteNothingSaysWhatFailedAndExitsTwo() throws {
    let result = try Sharelint.run(["fix", "Samples/Packaged/Woodgrove.ipa"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
    let lines = result.standardError.split(separator: "\n").filter { !$0.hasPrefix("sharelint: note:") }
    #expect(!lines.isEmpty)
    #expect(
      lines.allSatisfy { $0.hasPrefix("sharelint: Samples/Packaged/Woodgrove.ipa/") && $0.contains("not written") },
      "\(result.standardError)")
  }
}

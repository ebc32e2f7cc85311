import Foundation
import Testing

/// Golden files: what `lint` prints as text (carets) and SARIF on the samples, and the `--help` of every
/// subcommand, kept under `Tests/CLITests/Golden/`. Any difference from the built binary fails, with a unified
/// diff. After a deliberate change, rewrite them from the binary and review the diff in git:
///
///     SHARELINT_UPDATE_GOLDEN=1 swift test --filter Golden
@Suite struct GoldenTests {
  static let folder = Sharelint.packageRoot.appendingPathComponent("Tests/CLITests/Golden")
  static let updating = ProcessInfo.processInfo.environment["SHARELINT_UPDATE_GOLDEN"] == "1"
  /// Help is wrapped to the terminal's width; pinned so that a developer's terminal changes nothing.
  static let environment = ["COLUMNS": "100", "LINES": "50"]

  struct OutputCase: CustomTestStringConvertible, Sendable {
    /// The golden file, relative to `Golden/`.
    let file: String
    let arguments: [String]
    let status: Int32
    var testDescription: String { file }
  }

  static let outputCases = [
    OutputCase(file: "lint-text/FabrikamBroken.txt", arguments: ["lint", "Samples/FabrikamBroken"], status: 1),
    OutputCase(file: "lint-text/XcodeContoso.txt", arguments: ["lint", "Samples/XcodeContoso"], status: 1),
    OutputCase(file: "lint-text/NorthwindBinary.txt", arguments: ["lint", "Samples/NorthwindBinary"], status: 1),
    OutputCase(
      file: "lint-sarif/XcodeContoso.sarif", arguments: ["lint", "--format", "sarif", "Samples/XcodeContoso"],
      status: 1),
    OutputCase(
      file: "lint-sarif/FabrikamOpenIn.sarif",
      arguments: ["lint", "--format", "sarif", "Samples/FabrikamBroken/FabrikamOpenIn"], status: 1),
  ]

  @Test(arguments: outputCases)
  func output(_ golden: OutputCase) throws {
    let result = try Sharelint.run(golden.arguments, environment: Self.environment)
    #expect(result.status == golden.status, "\(result.standardError)")
    try Self.compare(result.standardOutput, with: golden.file)
  }

  /// `sharelint --help`, and that of every subcommand found under it, each in `Golden/help/`; a golden file
  /// there that no subcommand has fails too (a subcommand was removed or renamed).
  @Test func helpOfEverySubcommand() throws {
    var pending: [[String]] = [[]]
    var written: Set<String> = []
    while let path = pending.popLast() {
      let result = try Sharelint.run(path + ["--help"], environment: Self.environment)
      #expect(result.status == 0, "sharelint \(path.joined(separator: " ")) --help: \(result.standardError)")
      let file = "help/" + (["sharelint"] + path).joined(separator: "-") + ".txt"
      written.insert(file)
      try Self.compare(result.standardOutput, with: file)
      pending += Self.subcommands(inHelp: result.standardOutput).map { path + [$0] }
    }
    #expect(written.count >= 20, "only \(written.count) help texts found")
    let helpFolder = Self.folder.appendingPathComponent("help")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: helpFolder.path)) ?? []
    where !written.contains("help/" + name) {
      if Self.updating {
        try FileManager.default.removeItem(at: helpFolder.appendingPathComponent(name))
      } else {
        Issue.record("Golden/help/\(name) belongs to no subcommand (SHARELINT_UPDATE_GOLDEN=1 removes it)")
      }
    }
  }

  @Test func subcommandsAreReadFromTheHelpText() {
    let help = """
      USAGE: sharelint url <subcommand>

      SUBCOMMANDS:
        check (default)         Say whether a managed app may open URLs under a
                                policy.
        save-to                 Say whether the policy lets org data be saved.

        See 'sharelint help url <subcommand>' for detailed help.
      """
    #expect(Self.subcommands(inHelp: help) == ["check", "save-to"])
  }

  /// The subcommands a help text lists: the names starting lines of its SUBCOMMANDS section.
  static func subcommands(inHelp help: String) -> [String] {
    var names: [String] = []
    var inSection = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("SUBCOMMANDS:") {
        inSection = true
        continue
      }
      guard inSection else { continue }
      if !line.isEmpty, !line.hasPrefix(" ") { break }
      guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first != " " else { continue }
      let name = line.dropFirst(2).prefix { $0 != " " }
      if name != "See" { names.append(String(name)) }
    }
    return names
  }

  /// Compares `actual` with the golden file `name` (relative to `Golden/`), or writes it when updating.
  static func compare(_ actual: String, with name: String) throws {
    let url = folder.appendingPathComponent(name)
    if updating {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record("no golden file Golden/\(name); SHARELINT_UPDATE_GOLDEN=1 swift test --filter Golden writes it")
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard actual != expected else { return }
    Issue.record("Golden/\(name) differs from the output:\n\(try diff(expected: url, actual: actual))")
  }

  /// `diff -u` of the golden file and the output.
  static func diff(expected: URL, actual: String) throws -> String {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("sharelint-golden-\(UUID().uuidString)")
    try Data(actual.utf8).write(to: scratch)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["diff", "-u", "--label", "golden", "--label", "output", expected.path, scratch.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}

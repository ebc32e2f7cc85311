import Foundation
import Testing

/// The progress line of `lint` and `fix`: drawn on standard error only when it is a terminal (here a
/// pseudo-terminal from python3's pty module), never with `CI` set, `--no-progress` or `--quiet`, never when
/// standard error is a pipe, and never on standard output. `SHARELINT_PROGRESS_DELAY=0` draws from the start.
@Suite struct ProgressLineTests {
  struct TerminalResult {
    let status: Int32
    let standardOutput: String
    /// What the terminal received: standard error.
    let terminal: String
  }

  /// Runs sharelint with standard error on a pseudo-terminal and standard output in a file.
  static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> TerminalResult {
    let folder = try TemporaryFolder()
    let output = folder.url.appendingPathComponent("stdout")
    let script = """
      import os, pty, subprocess, sys
      master, slave = pty.openpty()
      with open(sys.argv[1], "wb") as output:
          child = subprocess.Popen(sys.argv[2:], stdout=output, stderr=slave, stdin=subprocess.DEVNULL)
      os.close(slave)
      received = b""
      while True:
          try:
              data = os.read(master, 65536)
          except OSError:
              break
          if not data:
              break
          received += data
      sys.stdout.buffer.write(received)
      sys.exit(child.wait())
      """
    var processEnvironment = ProcessInfo.processInfo.environment
    processEnvironment["CI"] = nil
    processEnvironment["TERM"] = "xterm"
    processEnvironment["SHARELINT_PROGRESS_DELAY"] = "0"
    processEnvironment.merge(environment) { _, new in new }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, output.path, Sharelint.executable.path] + arguments
    process.currentDirectoryURL = Sharelint.packageRoot
    process.environment = processEnvironment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let terminal = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return TerminalResult(
      status: process.terminationStatus,
      standardOutput: String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self),
      terminal: String(decoding: terminal, as: UTF8.self))
  }

  static let clear = "\r\u{1B}[K"

  @Test func lintDrawsTheLineOnATerminalAndClearsIt() throws {
    let piped = try Sharelint.run(["lint", "Samples/FabrikamBroken"], environment: ["SHARELINT_PROGRESS_DELAY": "0"])
    #expect(!piped.standardError.contains("files read"), "no progress on a pipe: \(piped.standardError)")
    let result = try Self.runOnTerminal(["lint", "Samples/FabrikamBroken"])
    #expect(result.terminal.hasPrefix(Self.clear + "files read "), "\(result.terminal.debugDescription)")
    #expect(result.terminal.contains(", targets linted "))
    #expect(result.terminal.contains(", elapsed 0."))
    // The line is cleared at the end, before the run's notes (the SDK release the rules assumed) are printed.
    let progress = result.terminal.components(separatedBy: "sharelint: note:").first ?? ""
    #expect(progress.hasSuffix(Self.clear), "the line is cleared at the end")
    #expect(result.standardOutput == piped.standardOutput, "standard output is the same as without a terminal")
    #expect(result.status == piped.status)
  }

  @Test(arguments: [["--no-progress"], ["--quiet"]])
  func flagsTurnItOff(flags: [String]) throws {
    let result = try Self.runOnTerminal(["lint"] + flags + ["--format", "json", "Samples/ContosoClean"])
    #expect(result.terminal.isEmpty, "\(result.terminal.debugDescription)")
    #expect(result.status == 0)
  }

  @Test func ciTurnsItOff() throws {
    let result = try Self.runOnTerminal(["lint", "Samples/ContosoClean"], environment: ["CI": "true"])
    #expect(result.terminal.isEmpty, "\(result.terminal.debugDescription)")
  }

  @Test func fixDrawsItToo() throws {
    let result = try Self.runOnTerminal(["fix", "--check", "Samples/FabrikamBroken/FabrikamShare"])
    #expect(result.terminal.contains("files read "), "\(result.terminal.debugDescription)")
    #expect(result.terminal.hasSuffix(Self.clear))
    #expect(result.status == 1)
    #expect(result.standardOutput.hasPrefix("would fix "))
  }
}

import Foundation
import Testing

/// `make run`, the README's first command, ended on 583 lines of findings and make's "exit status 2", with no word
/// on why or what next: it now ends on each sample folder's summary, why the run exits 2, and what to try.
@Suite struct MakeRunTests {
  /// Runs `make run` with the binary the tests use (`SWIFT=true`: nothing is built), when make and the system
  /// libraries `make deps` looks for are here (else `deps` would install them: skipped, with a word).
  @Test func makeRunSucceedsAndEndsOnWhatHappenedAndWhatToTry() throws {
    guard Self.succeeds(["make", "--version"]), Self.succeeds(["pkg-config", "--exists", "libxml-2.0", "libpcre2-8"])
    else {
      print("note: make or pkg-config's libxml-2.0 and libpcre2-8 are missing: make run not checked")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "make", "--no-print-directory", "run", "SWIFT=true", "RELEASE_BIN=\(Sharelint.executable.path)",
    ]
    process.currentDirectoryURL = Sharelint.packageRoot
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "make run failed:\n\(text.suffix(2000))")
    #expect(!text.contains("Error 2") && !text.contains("exit status 2\n"))
    let tail = text.split(separator: "\n").suffix(20).joined(separator: "\n")
    #expect(tail.contains("Samples/ContosoClean     exit 0  0 errors, 0 warnings, 0 notes in 2 targets"), "\(tail)")
    #expect(tail.contains("Samples/Malformed        exit 2"), "\(tail)")
    #expect(tail.contains("exited 2 because Samples/Malformed holds deliberately broken files"), "\(tail)")
    #expect(tail.contains("explain AR002"), "\(tail)")
    #expect(tail.contains("lint Samples/ContosoClean"), "\(tail)")
    #expect(!tail.contains("Samples/Rules"), "a folder with nothing to lint is left out: \(tail)")
  }

  static func succeeds(_ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `kill -9` during `fix` leaves `.Info.plist.sharelint-PID-XXXXXX` behind (issue 26): the next `fix` that writes
/// Info.plist removes it, and leaves a live run's temporary file and every other file alone.
@Suite struct FixLeftoversCommandTests {
  @Test(.timeLimit(.minutes(1))) func fixRemovesTheTemporaryFilesOfAKilledRun() throws {
    let folder = try TemporaryFolder()
    let app = try folder.copy(Sharelint.packageRoot.appendingPathComponent("Samples/FabrikamBroken"), as: "Fabrikam")
    let exited = Process()
    exited.executableURL = URL(fileURLWithPath: "/bin/sh")
    exited.arguments = ["-c", "exit 0"]
    try exited.run()
    exited.waitUntilExit()
    let gone = exited.processIdentifier
    let stale = ".Info.plist.sharelint-\(gone)-Ab12Cd"
    let live = ".Info.plist.sharelint-\(getpid())-Ab12Cd"
    for name in [stale, live] { _ = try folder.write("Fabrikam/Fabrikam/" + name, "<?xml version=\"1.0\"") }

    let result = try Sharelint.run(["fix", app])
    #expect(result.standardOutput.hasPrefix("fixed ") || result.standardOutput.hasPrefix("nothing to fix"))
    let left = try FileManager.default.contentsOfDirectory(atPath: app + "/Fabrikam")
    #expect(left.sorted() == [live, "Fabrikam.entitlements", "Info.plist"].sorted())
  }
}

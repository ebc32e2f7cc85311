import Foundation
import Testing

@Suite struct ConfigureCommandTests {
  static let samples = Sharelint.packageRoot.appendingPathComponent("Samples")

  @Test func writesTheOutputAndASecondRunChangesNothing() throws {
    let folder = try TemporaryFolder()
    let app = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/Fabrikam"), as: "Fabrikam")
    let output = folder.url.appendingPathComponent("Configured.plist").path
    let first = try Sharelint.run([
      "configure", "-i", app + "/Info.plist", "-e", app + "/Fabrikam.entitlements", "-o", output, "--format", "json",
    ])
    #expect(first.status == 0, "\(first.standardError)")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
    #expect(summary["changed"] as? Bool == true)
    #expect(summary["shape"] as? String == "canonical")
    #expect(FileManager.default.fileExists(atPath: output))
    let again = try Sharelint.run(["configure", "-i", output, "-e", app + "/Fabrikam.entitlements", "--check"])
    #expect(again.status == 0, "a second run would change: \(again.standardOutput)")
  }

  @Test func keychainGroupsOnlyWhenAskedFor() throws {
    let folder = try TemporaryFolder()
    let app = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/Fabrikam"), as: "Fabrikam")
    let entitlements = app + "/Fabrikam.entitlements"
    let before = try String(contentsOfFile: entitlements, encoding: .utf8)
    _ = try Sharelint.run(["configure", "-i", app + "/Info.plist", "-e", entitlements])
    #expect(try String(contentsOfFile: entitlements, encoding: .utf8) == before, "the vendor tool never writes entitlements")
    let result = try Sharelint.run(["configure", "-i", app + "/Info.plist", "-e", entitlements, "--entitlements"])
    #expect(result.status == 0, "\(result.standardError)")
    let after = try String(contentsOfFile: entitlements, encoding: .utf8)
    #expect(after.contains("$(AppIdentifierPrefix)com.microsoft.intune.mam"))
    #expect(after.contains("$(AppIdentifierPrefix)com.microsoft.adalcache"))
  }

  @Test func refusalsAreOneLineExitTwoAndWriteNothing() throws {
    let missing = try Sharelint.run(["configure", "-i", "No/Such/Info.plist"])
    #expect(missing.status == 2)
    #expect(missing.standardError.split(separator: "\n").count == 1)
    let icons = try Sharelint.run(["configure", "-generateOpenInIcons", "App.app"])
    #expect(icons.status == 2)
    #expect(icons.standardError.contains("not supported"))
    let folder = try TemporaryFolder()
    let malformed = try folder.copy(Self.samples.appendingPathComponent("Malformed/Info.plist"), as: "Info.plist")
    let before = try Data(contentsOf: URL(fileURLWithPath: malformed))
    let refused = try Sharelint.run(["configure", "-i", malformed])
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("Info.plist:"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: malformed)) == before)
  }
}

import Foundation
import Testing

/// `fix` on an Xcode project (Samples/TailspinBroken): the project rules' fixes edit the `project.pbxproj` and the
/// `.xcconfig` byte for byte, `lint` then no longer reports what they fixed, and the project still reads.
@Suite struct ProjectFixTests {
  static func codes(_ json: String) throws -> [String] {
    try LintCommandTests.diagnostics(json).map { "\($0["code"] as? String ?? "") \($0["keyPath"] as? String ?? "")" }
  }

  @Test func fixEditsOnlyTheValuesAndLintIsThenSilentAboutThem() throws {
    let folder = try TemporaryFolder()
    let sample = try folder.copy(Sharelint.packageRoot.appendingPathComponent("Samples/TailspinBroken"), as: "Tailspin")
    let pbxproj = sample + "/Tailspin.xcodeproj/project.pbxproj"
    let xcconfig = sample + "/Configurations/Release.xcconfig"
    let before = try String(contentsOfFile: pbxproj, encoding: .utf8)
    let beforeConfig = try String(contentsOfFile: xcconfig, encoding: .utf8)

    let fixed = try Sharelint.run(["fix", "Tailspin"], in: folder.url)
    #expect(fixed.standardOutput.hasPrefix("fixed 4 findings in 2 files; "), "\(fixed.standardOutput)")

    let after = try String(contentsOfFile: pbxproj, encoding: .utf8)
    let afterConfig = try String(contentsOfFile: xcconfig, encoding: .utf8)
    #expect(afterConfig == beforeConfig.replacingOccurrences(of: "ENABLE_BITCODE = YES", with: "ENABLE_BITCODE = NO"))
    // Walking both files line by line: two lines added, one attribute added, nothing else changed.
    let old = before.split(separator: "\n", omittingEmptySubsequences: false)
    let new = after.split(separator: "\n", omittingEmptySubsequences: false)
    var (i, j, inserted, changed) = (0, 0, 0, 0)
    while i < old.count, j < new.count {
      if old[i] == new[j] {
        i += 1
        j += 1
      } else if new[j] == "\t\t\t\tSTRIP_SWIFT_SYMBOLS = NO;" {
        inserted += 1
        j += 1
      } else {
        let signed = old[i].replacingOccurrences(
          of: "(RemoveHeadersOnCopy, )", with: "(CodeSignOnCopy, RemoveHeadersOnCopy, )")
        #expect(new[j] == signed)
        changed += 1
        i += 1
        j += 1
      }
    }
    #expect(i == old.count && j == new.count && inserted == 2 && changed == 1)

    let lint = try Sharelint.run(["lint", "--format", "json", "Tailspin"], in: folder.url)
    let remaining = try Self.codes(lint.standardOutput)
    #expect(!remaining.contains { $0.hasPrefix("XC005") || $0.hasPrefix("XC006") })
    #expect(!remaining.contains("XC002 Tailspin › Embed Frameworks › IntuneMAMSwift.xcframework"))
    #expect(remaining.contains("XC002 Tailspin › Frameworks › IntuneMAMSwiftStub.xcframework"))

    // The project model reads the fixed file back: the same four targets, the settings as fixed.
    let targets = try Sharelint.run(["targets", "Tailspin"], in: folder.url)
    #expect(targets.status == 0, "\(targets.standardError)")
    for name in ["Tailspin", "TailspinLegacy", "TailspinShare", "TailspinWidget"] {
      #expect(targets.standardOutput.contains(": \(name) (com.apple.product-type."), "\(name)")
    }
    #expect(targets.standardOutput.contains("embeds: IntuneMAMSwift.xcframework in Frameworks (signed)\n"))
  }

  @Test func theCleanProjectLintsClean() throws {
    let result = try Sharelint.run(["lint", "Samples/TailspinClean"])
    #expect(result.status == 0, "\(result.standardOutput)")
    #expect(result.standardOutput.hasPrefix("0 errors, 0 warnings"), "\(result.standardOutput)")
  }
}

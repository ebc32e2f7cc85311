import Foundation
import Testing

/// `sharelint lint` and `sharelint targets` on `Samples/XcodeContoso`, an Xcode project with two
/// configurations, an `.xcconfig` chain and a preprocessed app Info.plist.
@Suite struct XcodeSampleTests {
  static let sample = "Samples/XcodeContoso"

  /// One finding as `code file:line [configurations]`.
  static func findings(_ arguments: [String]) throws -> [String] {
    let result = try Sharelint.run(["lint", "--format", "json"] + arguments + [sample])
    #expect(result.status == 1, "\(result.standardError)")
    return try LintCommandTests.diagnostics(result.standardOutput).map { diagnostic in
      let configurations = (diagnostic["configurations"] as? [String] ?? []).joined(separator: ",")
      return "\(diagnostic["code"] as? String ?? "") \(diagnostic["file"] as? String ?? ""):"
        + "\(diagnostic["line"] as? Int ?? 0) [\(configurations)]"
    }
  }

  @Test func everyPlantedMistakeIsFoundOnceWithItsConfigurations() throws {
    #expect(
      try Self.findings([]) == [
        "XC001 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:171 [Debug,Release]",
        "XC011 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:171 [Debug,Release]",
        "XC001 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:188 [Debug,Release]",
        "XC001 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:205 [Debug,Release]",
        "US004 Samples/XcodeContoso/Contoso/Info.plist:30 [Debug,Release]",
        "US001 Samples/XcodeContoso/Contoso/Info.plist:89 [Debug]",
        "EN004 Samples/XcodeContoso/ContosoAction/ContosoAction.entitlements:11 [Debug,Release]",
        "AR020 Samples/XcodeContoso/ContosoAction/Info.plist:21 [Debug,Release]",
        "AR004 Samples/XcodeContoso/ContosoShare/Info.plist:45 [Debug,Release]",
      ])
  }

  @Test func releaseDropsTheDebugOnlyQueriedScheme() throws {
    #expect(
      try Self.findings(["--configuration", "Release"]) == [
        "XC001 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:171 [Release]",
        "XC011 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:171 [Release]",
        "XC001 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:188 [Release]",
        "XC001 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:205 [Release]",
        "US004 Samples/XcodeContoso/Contoso/Info.plist:30 [Release]",
        "EN004 Samples/XcodeContoso/ContosoAction/ContosoAction.entitlements:11 [Release]",
        "AR020 Samples/XcodeContoso/ContosoAction/Info.plist:21 [Release]",
        "AR004 Samples/XcodeContoso/ContosoShare/Info.plist:45 [Release]",
      ])
  }

  @Test func targetSelectsOneTarget() throws {
    #expect(
      try Self.findings(["--target", "ContosoShare"]) == [
        "XC001 Samples/XcodeContoso/Contoso.xcodeproj/project.pbxproj:188 [Debug,Release]",
        "AR004 Samples/XcodeContoso/ContosoShare/Info.plist:45 [Debug,Release]"
      ])
  }

  @Test func targetsGivesTheThreeTargetsWithTheirContainingAppAndBundleIdentifiers() throws {
    let result = try Sharelint.run(["targets", "--format", "json", Self.sample])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(object["targets"] as? [[String: Any]])
    let summary = targets.map { target in
      let configurations = (target["configurations"] as? [[String: Any]] ?? []).map {
        "\($0["name"] as? String ?? ""):\($0["bundleIdentifier"] as? String ?? "")"
      }
      return "\(target["name"] as? String ?? "") in \(target["containingApp"] as? String ?? "-") "
        + configurations.joined(separator: " ")
    }
    #expect(
      summary == [
        "Contoso in - Debug:com.contoso.notes Release:com.contoso.notes",
        "ContosoShare in Contoso Debug:com.contoso.notes.share Release:com.contoso.notes.share",
        "ContosoAction in Contoso Debug:com.contoso.notes.action Release:com.contoso.notes.action",
      ])
  }
}

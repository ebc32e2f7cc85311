import Foundation
import Testing

/// `fix` on an app whose Info.plist Xcode generates (`GENERATE_INFOPLIST_FILE = YES`, no `INFOPLIST_FILE`): a key
/// with an `INFOPLIST_KEY_` setting is fixed in the project file, a key without one is not fixed at all, and
/// `fix --check`, `fix --diff` and `fix` agree.
@Suite struct GeneratedInfoPlistFixTests {
  static let buildSettings = """
    \t\t\tbuildSettings = {
    \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
    \t\t\t\tINFOPLIST_KEY_CFBundleDisplayName = Notes;
    \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.contoso.notes;
    \t\t\t};
    """

  static let project = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 56;
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; targets = (T1, ); };
    \t\tG1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (); dependencies = (); name = App; \
    productType = "com.apple.product-type.application"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, PR, ); };
    \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, TR, ); };
    \t\tPD = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; name = Debug; };
    \t\tPR = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; name = Release; };
    \t\tTD = {
    \t\t\tisa = XCBuildConfiguration;
    \(buildSettings)
    \t\t\tname = Debug;
    \t\t};
    \t\tTR = {
    \t\t\tisa = XCBuildConfiguration;
    \(buildSettings)
    \t\t\tname = Release;
    \t\t};
    \t};
    \trootObject = P1;
    }

    """

  /// The fixture: the project and a configuration that forces the Intune rules on.
  static func fixture() throws -> (folder: TemporaryFolder, pbxproj: URL) {
    let folder = try TemporaryFolder()
    let pbxproj = folder.url.appendingPathComponent("App.xcodeproj/project.pbxproj")
    try FileManager.default.createDirectory(
      at: pbxproj.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(project.utf8).write(to: pbxproj)
    try Data("intune: true\n".utf8).write(to: folder.url.appendingPathComponent(".sharelint.yml"))
    return (folder, pbxproj)
  }

  @Test func theFaceIDTextBecomesItsBuildSettingAndTheQuerySchemesAreNotFixed() throws {
    let (folder, _) = try Self.fixture()
    let lint = try Sharelint.run(["lint", "--format", "json", "."], in: folder.url)
    let diagnostics = try LintCommandTests.diagnostics(lint.standardOutput)
    let faceID = try #require(diagnostics.first { $0["code"] as? String == "IM011" })
    let fix = try #require(faceID["fix"] as? [String: Any])
    #expect(fix["file"] as? String == "App.xcodeproj/project.pbxproj")
    #expect((fix["title"] as? String)?.hasPrefix("set INFOPLIST_KEY_NSFaceIDUsageDescription = ") == true)
    #expect(fix["applicability"] as? String == "unsafe")
    let schemes = try #require(diagnostics.first { $0["code"] as? String == "US002" })
    #expect(schemes["fix"] == nil)
    let notes = schemes["notes"] as? [String] ?? []
    #expect(notes.contains { $0.contains("no INFOPLIST_KEY_ setting for 'LSApplicationQueriesSchemes'") })
    #expect(notes.contains { $0.contains("set INFOPLIST_FILE") })
    // No fix of any finding names the generated Info.plist, a file that does not exist.
    #expect(!diagnostics.contains { ($0["fix"] as? [String: Any])?["file"] as? String != nil
      && ($0["fix"] as? [String: Any])?["file"] as? String != "App.xcodeproj/project.pbxproj" })
  }

  @Test func checkDiffAndFixAgreeAndASecondFixChangesNothing() throws {
    let (folder, pbxproj) = try Self.fixture()
    let before = try String(contentsOf: pbxproj, encoding: .utf8)

    let check = try Sharelint.run(["fix", "--unsafe", "--check", "."], in: folder.url)
    #expect(check.status == 1)
    #expect(check.standardOutput == "would fix App.xcodeproj/project.pbxproj\n", "\(check.standardOutput)")

    let diff = try Sharelint.run(["fix", "--unsafe", "--diff", "."], in: folder.url)
    #expect(diff.status == 0, "\(diff.standardError)")
    let added = diff.standardOutput.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
      .map(String.init)
    let setting = "\t\t\t\tINFOPLIST_KEY_NSFaceIDUsageDescription = "
      + "\"Face ID is used to unlock your organization's data in this app.\";"
    #expect(added == ["+" + setting, "+" + setting])
    #expect(diff.standardOutput.hasPrefix("--- a/App.xcodeproj/project.pbxproj\n"))
    #expect(try String(contentsOf: pbxproj, encoding: .utf8) == before, "--diff writes nothing")

    let fixed = try Sharelint.run(["fix", "--unsafe", "."], in: folder.url)
    #expect(fixed.status != 2, "\(fixed.standardError)")
    #expect(fixed.standardOutput.hasPrefix("fixed 1 finding in 1 file; "), "\(fixed.standardOutput)")
    #expect(!fixed.standardError.contains("not written"))
    let after = try String(contentsOf: pbxproj, encoding: .utf8)
    let expected = before.replacingOccurrences(
      of: "INFOPLIST_KEY_CFBundleDisplayName = Notes;\n", with: "INFOPLIST_KEY_CFBundleDisplayName = Notes;\n"
        + setting + "\n")
    #expect(after == expected)

    let again = try Sharelint.run(["fix", "--unsafe", "."], in: folder.url)
    #expect(again.standardOutput.hasPrefix("nothing to fix; "), "\(again.standardOutput)")
    #expect(try String(contentsOf: pbxproj, encoding: .utf8) == after)
    let recheck = try Sharelint.run(["fix", "--unsafe", "--check", "."], in: folder.url)
    #expect(recheck.status == 0, "\(recheck.standardOutput)")
    let lint = try Sharelint.run(["lint", "--format", "json", "."], in: folder.url)
    #expect(!(try LintCommandTests.diagnostics(lint.standardOutput)).contains { $0["code"] as? String == "IM011" })
  }
}

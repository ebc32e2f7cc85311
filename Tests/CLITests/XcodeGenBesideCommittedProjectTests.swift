import Foundation
import Testing

/// A committed `.xcodeproj` with the XcodeGen spec kept beside it to regenerate it: the committed project is read for
/// everything, and a plist its targets build that the spec rewrites from `properties:` is linted as XcodeGen writes
/// it, its findings located and fixed in the spec (an edit of the committed file would be lost on the next
/// `xcodegen generate`). A spec whose plists the project does not build changes nothing; a spec that cannot be read
/// is a note, and the committed plist is then linted as before.
@Suite struct XcodeGenBesideCommittedProjectTests {
  /// A project whose share extension builds `Share/Info.plist`.
  static let project = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 56;
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; targets = (T1, ); };
    \t\tG1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (); dependencies = (); name = Share; \
    productType = "com.apple.product-type.app-extension"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
    \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, ); };
    \t\tPD = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; name = Debug; };
    \t\tTD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Share/Info.plist; \
    PRODUCT_BUNDLE_IDENTIFIER = com.contoso.notes.share; }; name = Debug; };
    \t};
    \trootObject = P1;
    }

    """

  /// The spec the project was generated from: its activation rule sits in `NSExtension`, where iOS ignores it.
  static func spec(infoPath: String = "Share/Info.plist") -> String {
    """
    name: Notes
    targets:
      Share:
        type: app-extension
        platform: iOS
        info:
          path: \(infoPath)
          properties:
            CFBundleDisplayName: Share
            NSExtension:
              NSExtensionPointIdentifier: com.apple.share-services
              NSExtensionPrincipalClass: ShareViewController
              NSExtensionActivationRule:
                NSExtensionActivationSupportsText: true

    """
  }

  /// The Info.plist XcodeGen wrote from `spec()`, committed.
  static let committedPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDisplayName</key>
    \t<string>Share</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \t<key>CFBundlePackageType</key>
    \t<string>XPC!</string>
    \t<key>NSExtension</key>
    \t<dict>
    \t\t<key>NSExtensionActivationRule</key>
    \t\t<dict>
    \t\t\t<key>NSExtensionActivationSupportsText</key>
    \t\t\t<true/>
    \t\t</dict>
    \t\t<key>NSExtensionPointIdentifier</key>
    \t\t<string>com.apple.share-services</string>
    \t\t<key>NSExtensionPrincipalClass</key>
    \t\t<string>ShareViewController</string>
    \t</dict>
    </dict>
    </plist>

    """

  /// The committed project, its Info.plist and `spec` (written as `project.yml`).
  private static func folder(spec: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let files = [
      "Notes.xcodeproj/project.pbxproj": project, "Share/Info.plist": committedPlist, "project.yml": spec,
    ]
    for (name, text) in files {
      let url = folder.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder
  }

  private static func text(_ name: String, in folder: TemporaryFolder) throws -> String {
    try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
  }

  /// The AR015 finding of a `lint --format json` run.
  private static func misplacedRule(in folder: TemporaryFolder) throws -> (finding: [String: Any], stderr: String) {
    let lint = try Sharelint.run(["lint", "--format", "json", "."], in: folder.url)
    #expect(lint.status != 2, "\(lint.standardError)")
    let diagnostics = try LintCommandTests.diagnostics(lint.standardOutput)
    let finding = try #require(diagnostics.first { $0["code"] as? String == "AR015" }, "no AR015: \(diagnostics)")
    return (finding, lint.standardError)
  }

  @Test func theMisplacedRuleIsFoundAndMovedInTheSpecAndTheCommittedPlistIsLeftAlone() throws {
    let folder = try Self.folder(spec: Self.spec())
    let (finding, standardError) = try Self.misplacedRule(in: folder)
    #expect("\(finding["file"] ?? "") \(finding["line"] ?? "")" == "project.yml 13", "\(finding)")
    #expect((finding["fix"] as? [String: Any])?["file"] as? String == "project.yml", "\(finding)")
    let note =
      "note: 'Share/Info.plist' is written by XcodeGen from project.yml:6 (beside the committed project): linted as "
      + "XcodeGen writes it, fixed in the spec"
    #expect(standardError.components(separatedBy: note).count == 2, "once: \(standardError)")

    let check = try Sharelint.run(["fix", "--unsafe", "--check", "."], in: folder.url)
    #expect(check.status == 1)
    #expect(check.standardOutput == "would fix project.yml\n", "\(check.standardOutput)")
    let diff = try Sharelint.run(["fix", "--unsafe", "--diff", "."], in: folder.url)
    #expect(diff.standardOutput.hasPrefix("--- a/project.yml\n+++ b/project.yml\n"), "\(diff.standardOutput)")
    #expect(!diff.standardOutput.contains("Info.plist\n+++"), "\(diff.standardOutput)")
    #expect(try Self.text("project.yml", in: folder) == Self.spec(), "--diff writes nothing")

    let fixed = try Sharelint.run(["fix", "--unsafe", "."], in: folder.url)
    #expect(fixed.status == 0, "\(fixed.standardError)")
    let after = try Self.text("project.yml", in: folder)
    let moved = Self.spec().replacingOccurrences(
      of: "          NSExtensionActivationRule:\n            NSExtensionActivationSupportsText: true\n",
      with: "          NSExtensionAttributes:\n            NSExtensionActivationRule:\n"
        + "              NSExtensionActivationSupportsText: true\n")
    #expect(moved != Self.spec())
    #expect(after == moved, "only the rule moves into NSExtensionAttributes: \(after)")
    #expect(try Self.text("Share/Info.plist", in: folder) == Self.committedPlist, "the committed plist is not edited")
    #expect(try Self.text("Notes.xcodeproj/project.pbxproj", in: folder) == Self.project)

    let again = try Sharelint.run(["fix", "--unsafe", "--check", "."], in: folder.url)
    #expect(again.status == 0, "a second fix changes nothing: \(again.standardOutput)")
    #expect(try Self.text("project.yml", in: folder) == after)
  }

  @Test func aSpecWritingAPlistTheProjectDoesNotBuildChangesNothing() throws {
    let spec = Self.spec(infoPath: "Other/Info.plist")
    let folder = try Self.folder(spec: spec)
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("Other"), withIntermediateDirectories: true)
    try Data(Self.committedPlist.utf8).write(to: folder.url.appendingPathComponent("Other/Info.plist"))
    let (finding, standardError) = try Self.misplacedRule(in: folder)
    #expect("\(finding["file"] ?? "") \(finding["line"] ?? "")" == "Share/Info.plist 13", "\(finding)")
    #expect(!standardError.contains("XcodeGen"), "\(standardError)")
    let diff = try Sharelint.run(["fix", "--unsafe", "--diff", "."], in: folder.url)
    #expect(diff.standardOutput.hasPrefix("--- a/Share/Info.plist\n"), "\(diff.standardOutput)")
    #expect(!diff.standardOutput.contains("project.yml"), "\(diff.standardOutput)")
  }

  @Test func aSpecThatCannotBeReadIsANoteAndTheCommittedPlistIsLintedAsBefore() throws {
    let folder = try Self.folder(spec: "name: Notes\ntargets: [\n")
    let (finding, standardError) = try Self.misplacedRule(in: folder)
    #expect("\(finding["file"] ?? "") \(finding["line"] ?? "")" == "Share/Info.plist 13", "\(finding)")
    #expect(
      standardError.contains("the XcodeGen spec beside the committed project cannot be read ("), "\(standardError)")
    #expect(standardError.contains("the plists it writes are linted as committed"), "\(standardError)")
  }
}

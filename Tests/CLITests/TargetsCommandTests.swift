import Foundation
import Testing

@Suite struct TargetsCommandTests {
  private static let contoso = Sharelint.packageRoot.appendingPathComponent(
    "Tests/XcodeModelTests/Fixtures/XcodeProjects/Contoso")

  @Test func textShowsEachAppAndExtensionWithWhereItsValuesCameFrom() throws {
    let result = try Sharelint.run(["targets"], in: Self.contoso)
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "Contoso.xcodeproj: Contoso (com.apple.product-type.application)")
    #expect(
      lines.contains(
        "Contoso.xcodeproj: Share Extension (com.apple.product-type.app-extension), embedded in Contoso"))
    #expect(
      lines.contains(
        "    bundle identifier: com.contoso.notes.Share-Extension  (Contoso.xcodeproj/project.pbxproj:274)"))
    #expect(lines.contains("    Info.plist: ShareExtension/Info.plist  (Contoso.xcodeproj/project.pbxproj:271)"))
    #expect(lines.contains("    Info.plist: generated (GENERATE_INFOPLIST_FILE = YES)"))
    #expect(lines.contains { $0.hasPrefix("    note: 'Pods/Target Support Files/") })
    #expect(!result.standardOutput.contains("ContosoKit"))
    // Reached through the workspace and the walk, listed once.
    #expect(lines.filter { $0.hasPrefix("Contoso.xcodeproj: Contoso ") }.count == 1)
  }

  @Test func jsonHasTheDocumentedShapeWithSortedKeys() throws {
    let result = try Sharelint.run(["targets", "--format", "json", "Contoso.xcodeproj"], in: Self.contoso)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(object["targets"] as? [[String: Any]])
    #expect(
      targets.map { $0["name"] as? String } == ["Contoso", "Share Extension", "ContosoIntents", "NotificationService"])
    #expect(targets.map { $0["containingApp"] as? String } == [nil, "Contoso", "Contoso", "Contoso"])
    #expect(targets.allSatisfy { $0["project"] as? String == "Contoso.xcodeproj" })
    let share = try #require(targets[1]["configurations"] as? [[String: Any]])
    #expect(share.map { $0["name"] as? String } == ["Debug", "Release"])
    #expect(share[0]["bundleIdentifier"] as? String == "com.contoso.notes.Share-Extension")
    #expect(share[0]["infoPlist"] as? String == "ShareExtension/Info.plist")
    #expect(share[0]["entitlements"] as? String == "ShareExtension/ShareExtension.entitlements")
    #expect(share[1]["entitlements"] is NSNull)
    // Keys are written sorted: the first configuration's keys appear in this order.
    let text = result.standardOutput
    let order = ["\"notes\"", "\"targets\"", "\"bundleIdentifier\"", "\"entitlements\"", "\"infoPlist\"", "\"name\""]
      .map { text.range(of: $0)?.lowerBound }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
  }

  @Test func aMalformedProjectIsReportedWithItsLocationWhileOthersAreListed() throws {
    let folder = try TemporaryFolder()
    _ = try folder.copy(Self.contoso.appendingPathComponent("Contoso.xcodeproj"), as: "Contoso.xcodeproj")
    _ = try folder.copy(Self.contoso.appendingPathComponent("Config"), as: "Config")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("Broken.xcodeproj"), withIntermediateDirectories: true)
    _ = try folder.write("Broken.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X}\n")
    let result = try Sharelint.run(["targets", "."], in: folder.url)
    #expect(result.status == 2)
    #expect(
      result.standardError
        == "sharelint: Broken.xcodeproj/project.pbxproj:4:15: expected ';' after the value of 'isa'\n")
    #expect(result.standardOutput.hasPrefix("Contoso.xcodeproj: Contoso (com.apple.product-type.application)"))
  }

  @Test func aMissingPathExitsTwo() throws {
    let result = try Sharelint.run(["targets", "no/such/folder"])
    #expect(result.status == 2)
    #expect(result.standardError == "sharelint: 'no/such/folder' does not exist\n")
    // The same reason as lint's: the two commands plan alike.
    let lint = try Sharelint.run(["lint", "no/such/folder"])
    #expect(lint.standardError == result.standardError)
  }

  /// A folder with nothing to lint is an empty list (lint, which would check nothing, exits 2 there).
  @Test func aFolderWithNoTargetsSaysSo() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("README.md", "nothing here\n")
    let result = try Sharelint.run(["targets"], in: folder.url)
    #expect(result.status == 0)
    #expect(result.standardOutput == "no app or extension targets found\n")
  }

  /// A folder of loose plists (no project) is the targets lint lints, with their pairing: app or extension, the
  /// entitlements found beside each, the containing app and how it was found.
  @Test func looseTargetsAreListedAsLintPairsThem() throws {
    let samples = Sharelint.packageRoot.appendingPathComponent("Samples")
    let result = try Sharelint.run(["targets", "Samples/ContosoClean"], in: samples.deletingLastPathComponent())
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    #expect(
      result.standardOutput == """
        Samples/ContosoClean/Contoso/Info.plist (app)
          bundle identifier: com.contoso.notes
          entitlements: Samples/ContosoClean/Contoso/Contoso.entitlements
        Samples/ContosoClean/ContosoShare/Info.plist (extension com.apple.share-services), embedded in \
        Samples/ContosoClean/Contoso/Info.plist (its IntuneMAMSettings.ContainingAppBundleId is the app's bundle \
        identifier)
          bundle identifier: com.contoso.notes.share
          entitlements: Samples/ContosoClean/ContosoShare/ContosoShare.entitlements

        """)
  }

  /// An `.ipa` is its app and extensions, each with its bundle and the frameworks it carries, and the extension
  /// tied to the app by the bundle's layout.
  @Test func anArchiveIsItsBundles() throws {
    let root = Sharelint.packageRoot
    let result = try Sharelint.run(["targets", "--format", "json", "Samples/Packaged/Woodgrove.ipa"], in: root)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect((object["targets"] as? [Any])?.isEmpty == true)
    let loose = try #require(object["looseTargets"] as? [[String: Any]])
    #expect(loose.map { $0["kind"] as? String } == ["app", "extension"])
    #expect(loose.map { $0["bundle"] as? String } == [
      "Samples/Packaged/Woodgrove.ipa/Payload/Woodgrove.app",
      "Samples/Packaged/Woodgrove.ipa/Payload/Woodgrove.app/PlugIns/WoodgroveShare.appex",
    ])
    #expect(loose.allSatisfy { ($0["bundledFrameworks"] as? [String]) == [] })
    #expect(loose[1]["containingAppEvidence"] as? String == "bundleLayout")
    #expect(loose[1]["containingApp"] as? String == "Samples/Packaged/Woodgrove.ipa/Payload/Woodgrove.app/Info.plist")
  }

  /// `targets` and `lint` count the same targets on every sample (projects, loose plists, binary plists, an
  /// archive), and the notes lint prints are in targets' too.
  @Test func targetsAndLintAgreeOnEverySample() throws {
    let root = Sharelint.packageRoot
    for sample in ["Samples", "Samples/XcodeContoso", "Samples/Litware", "Samples/NorthwindBinary"] {
      let targets = try Sharelint.run(["targets", "--format", "json", sample], in: root)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(targets.standardOutput.utf8)) as? [String: Any])
      let projectTargets = try #require(object["targets"] as? [[String: Any]])
      // An Info.plist that does not read (Samples/Malformed) is listed, and lint reports it instead of linting it.
      let loose = try #require(object["looseTargets"] as? [[String: Any]])
        .filter { $0["kind"] as? String != "unclassified" }
      let listed = projectTargets.filter { $0["linted"] as? Bool == true }.count + loose.count
      let lint = try Sharelint.run(["lint", "--format", "json", sample], in: root)
      let summary = try #require(
        (try JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any])?["summary"]
          as? [String: Any])
      #expect(summary["targets"] as? Int == listed, "\(sample)")
      // The notes about what was linted agree; lint adds the rules' own (the SDK release they assumed).
      let planningNotes = (summary["notes"] as? [String])?.filter { !$0.hasPrefix("the Intune App SDK release ") }
      #expect(planningNotes == object["notes"] as? [String], "\(sample)")
    }
  }

  /// The notes lint prints about targets it leaves out are in targets' output too, and the target says so.
  @Test func aTargetForAnotherPlatformIsListedAsNotLintedWithLintsNote() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("App/Info.plist", Self.plist)
    _ = try folder.write(
      "App.xcodeproj/project.pbxproj", Self.project(productType: "com.apple.product-type.application", sdk: "macosx"))
    let result = try Sharelint.run(["targets"], in: folder.url)
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("App.xcodeproj: App (com.apple.product-type.application)\n  not linted"))
    #expect(result.standardOutput.contains("note: 'App.xcodeproj › App' builds for 'macosx', not iOS: not linted\n"))
    let lint = try Sharelint.run(["lint"], in: folder.url)
    #expect(lint.standardError.contains("note: 'App.xcodeproj › App' builds for 'macosx', not iOS: not linted\n"))
  }

  private static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string></dict>
    </plist>

    """

  /// A one-target project building `App/Info.plist` for `sdk`.
  private static func project(productType: String, sdk: String) -> String {
    """
    // !$*UTF8*$!
    {
    	objects = {
    		P = {isa = PBXProject; buildConfigurationList = PL; targets = (T); };
    		PL = {isa = XCConfigurationList; buildConfigurations = (PD); };
    		PD = {isa = XCBuildConfiguration; name = Debug; buildSettings = {SDKROOT = \(sdk); }; };
    		T = {isa = PBXNativeTarget; name = App; productType = "\(productType)"; buildConfigurationList = TL; };
    		TL = {isa = XCConfigurationList; buildConfigurations = (TD); };
    		TD = {isa = XCBuildConfiguration; name = Debug; buildSettings = {INFOPLIST_FILE = App/Info.plist; \
    PRODUCT_BUNDLE_IDENTIFIER = com.contoso.mac; }; };
    	};
    	rootObject = P;
    }

    """
  }
}

import Foundation
import Testing

/// `sharelint targets` shows what each target links, embeds and runs, every app embedding an extension, and where
/// the Info.plist comes from.
@Suite struct TargetsBuildFactsTests {
  /// `App` links the SDK's xcframework (embedded and signed) and the MSAL package, runs the patcher, copies a
  /// resources bundle, force-loads a library in Debug and embeds `Share`, which `Lite` embeds too; `Lite`'s Info.plist
  /// is generated; `Share` links the SDK without embedding it.
  static let pbxproj = """
    // !$*UTF8*$!
    {
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; packageReferences = (PKG, ); \
    targets = (T1, T2, T3, ); };
    \t\tG1 = {isa = PBXGroup; children = (FW1, RES, ); sourceTree = "<group>"; };
    \t\tFW1 = {isa = PBXFileReference; path = Frameworks/IntuneMAMSwift.xcframework; sourceTree = "<group>"; };
    \t\tRES = {isa = PBXFileReference; path = IntuneMAMResources.bundle; sourceTree = "<group>"; };
    \t\tEXT = {isa = PBXFileReference; path = Share.appex; sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tPKG = {isa = XCRemoteSwiftPackageReference; \
    repositoryURL = "https://github.com/AzureAD/microsoft-authentication-library-for-objc"; \
    requirement = {kind = exactVersion; version = 1.2.18; }; };
    \t\tPD1 = {isa = XCSwiftPackageProductDependency; package = PKG; productName = MSAL; };
    \t\tBF1 = {isa = PBXBuildFile; fileRef = FW1; };
    \t\tBF2 = {isa = PBXBuildFile; productRef = PD1; };
    \t\tBF3 = {isa = PBXBuildFile; fileRef = FW1; \
    settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };
    \t\tBF4 = {isa = PBXBuildFile; fileRef = EXT; };
    \t\tBF5 = {isa = PBXBuildFile; fileRef = RES; };
    \t\tBF6 = {isa = PBXBuildFile; fileRef = EXT; };
    \t\tBF7 = {isa = PBXBuildFile; fileRef = FW1; };
    \t\tFP1 = {isa = PBXFrameworksBuildPhase; files = (BF1, BF2, ); };
    \t\tCP1 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 10; files = (BF3, ); \
    name = "Embed Frameworks"; };
    \t\tCP2 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; files = (BF4, ); };
    \t\tSH1 = {isa = PBXShellScriptBuildPhase; name = IntuneMAMFrameworkPatcher; shellPath = /bin/sh; \
    shellScript = "./IntuneMAMFrameworkPatcher -i \\"$BUILT_PRODUCTS_DIR\\""; };
    \t\tRP1 = {isa = PBXResourcesBuildPhase; files = (BF5, ); };
    \t\tCP3 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; files = (BF6, ); };
    \t\tFP2 = {isa = PBXFrameworksBuildPhase; files = (BF7, ); };
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (FP1, CP1, CP2, SH1, RP1, ); \
    name = App; packageProductDependencies = (PD1, ); productType = "com.apple.product-type.application"; };
    \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (CP3, ); name = Lite; \
    productType = "com.apple.product-type.application"; };
    \t\tT3 = {isa = PBXNativeTarget; buildConfigurationList = L3; buildPhases = (FP2, ); name = Share; \
    productReference = EXT; productType = "com.apple.product-type.app-extension"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
    \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (AD, ); };
    \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (LD, ); };
    \t\tL3 = {isa = XCConfigurationList; buildConfigurations = (SD, ); };
    \t\tPD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
    \t\tAD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; \
    OTHER_LDFLAGS = "-ObjC -force_load lib/libIntuneMAM.a"; }; name = Debug; };
    \t\tLD = {isa = XCBuildConfiguration; buildSettings = {GENERATE_INFOPLIST_FILE = YES; }; name = Debug; };
    \t\tSD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Share/Info.plist; \
    GENERATE_INFOPLIST_FILE = YES; }; name = Debug; };
    \t};
    \trootObject = P1;
    }
    """

  static func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    _ = try folder.write("App.xcodeproj/project.pbxproj", pbxproj)
    _ = try folder.write("Podfile", "target 'App' do\n  pod 'IntuneMAMSwift', '~> 19.0'\nend\n")
    _ = try folder.write("Podfile.lock", "PODS:\n  - IntuneMAMSwift (19.6.0)\n")
    return folder
  }

  @Test func textShowsLinksEmbedsScriptsAndEveryContainingApp() throws {
    let folder = try Self.folder()
    let result = try Sharelint.run(["targets"], in: folder.url)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let expected = [
      "App.xcodeproj: App (com.apple.product-type.application)",
      "  embeds targets: Share",
      "  links: IntuneMAMSwift.xcframework",
      "  Swift packages: MSAL (microsoft-authentication-library-for-objc exact: 1.2.18)",
      "  pods (Podfile): IntuneMAMSwift 19.6.0",
      "  embeds: IntuneMAMSwift.xcframework in Frameworks (signed)",
      "  script phases: IntuneMAMFrameworkPatcher",
      "  resources: 1 (IntuneMAMResources.bundle)",
      "    linker flags: -force_load lib/libIntuneMAM.a",
      "App.xcodeproj: Share (com.apple.product-type.app-extension), embedded in App, Lite",
    ]
    for line in expected { #expect(lines.contains(line), "\(line)\n\(result.standardOutput)") }
  }

  @Test func jsonHasTheFactsWithSortedKeys() throws {
    let folder = try Self.folder()
    let result = try Sharelint.run(["targets", "--format", "json"], in: folder.url)
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(object["targets"] as? [[String: Any]])
    #expect(targets.map { $0["name"] as? String } == ["App", "Lite", "Share"])
    let app = targets[0]
    let linked = try #require(app["linked"] as? [[String: Any]])
    #expect(linked.map { $0["name"] as? String } == ["IntuneMAMSwift.xcframework"])
    #expect(linked.first?["kind"] as? String == "xcframework")
    #expect(linked.first?["path"] as? String == "Frameworks/IntuneMAMSwift.xcframework")
    let embedded = try #require(app["embedded"] as? [[String: Any]])
    #expect(
      embedded.map { "\($0["name"] ?? ""):\($0["destination"] ?? ""):\($0["signed"] ?? "")" } == [
        "IntuneMAMSwift.xcframework:Frameworks:1", "Share.appex:PlugIns:0",
      ])
    let products = try #require(app["packageProducts"] as? [[String: Any]])
    #expect(products.first?["product"] as? String == "MSAL")
    #expect(products.first?["requirement"] as? String == "exact: 1.2.18")
    let pods = try #require(app["pods"] as? [[String: Any]])
    #expect(pods.first?["name"] as? String == "IntuneMAMSwift")
    #expect(pods.first?["version"] as? String == "19.6.0")
    let scripts = try #require(app["scriptPhases"] as? [[String: Any]])
    #expect(scripts.first?["name"] as? String == "IntuneMAMFrameworkPatcher")
    #expect(scripts.first?["script"] as? String == "./IntuneMAMFrameworkPatcher -i \"$BUILT_PRODUCTS_DIR\"")
    #expect(app["resources"] as? [String] == ["IntuneMAMResources.bundle"])
    #expect(app["embedsTargets"] as? [String] == ["Share"])
    #expect(targets[2]["containingApps"] as? [String] == ["App", "Lite"])
    #expect(targets[2]["containingApp"] as? String == "App")
    let kinds = targets.map { target in
      ((target["configurations"] as? [[String: Any]])?.first?["infoPlistKind"] as? String) ?? ""
    }
    #expect(kinds == ["file", "generated", "file+generated"])
    let debug = try #require((app["configurations"] as? [[String: Any]])?.first)
    #expect(debug["linkerFlags"] as? [String] == ["-force_load lib/libIntuneMAM.a"])
    // Sorted keys: a target's keys appear in this order.
    let text = result.standardOutput
    let order = [
      "\"carthage\"", "\"configurations\"", "\"containingApp\"", "\"containingApps\"", "\"dependencies\"",
      "\"embedded\"", "\"embedsTargets\"", "\"linked\"",
    ].map { text.range(of: $0)?.lowerBound }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
  }
}

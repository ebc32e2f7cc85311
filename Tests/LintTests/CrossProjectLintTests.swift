import Foundation
import Lint
import PropertyList
import Testing

/// `lint` of an extension that another project of the workspace builds: its containing app is the app of the project
/// that embeds it (`XcodeTargetsReport`'s cross-project embeds), so the Intune rules compare it with that app.
@Suite struct CrossProjectLintTests {
  /// An app `App` (`com.contoso.app`) whose embed phase holds the product `SP` of `../Share/Share.xcodeproj`.
  static let appProject = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 56;
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; targets = (T1, ); };
    \t\tG1 = {isa = PBXGroup; children = (F1, ); sourceTree = "<group>"; };
    \t\tF1 = {isa = PBXFileReference; path = ../Share/Share.xcodeproj; sourceTree = "<group>"; };
    \t\tC1 = {isa = PBXContainerItemProxy; containerPortal = F1; proxyType = 2; remoteGlobalIDString = SP; };
    \t\tR1 = {isa = PBXReferenceProxy; path = Share.appex; remoteRef = C1; sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tB1 = {isa = PBXBuildFile; fileRef = R1; };
    \t\tE1 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; files = (B1, ); };
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (E1, ); dependencies = (); name = App; \
    productType = "com.apple.product-type.application"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
    \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, ); };
    \t\tPD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
    \t\tTD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; \
    PRODUCT_BUNDLE_IDENTIFIER = com.contoso.app; }; name = Debug; };
    \t};
    \trootObject = P1;
    }
    """

  /// A share extension `Share` (`com.contoso.notes.share`), product `SP`.
  static let shareProject = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 56;
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; targets = (ST, ); };
    \t\tG1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
    \t\tSP = {isa = PBXFileReference; path = Share.appex; sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tST = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (); dependencies = (); name = Share; \
    productReference = SP; productType = "com.apple.product-type.app-extension"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
    \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, ); };
    \t\tPD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
    \t\tTD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Share/Info.plist; \
    PRODUCT_BUNDLE_IDENTIFIER = com.contoso.notes.share; }; name = Debug; };
    \t};
    \trootObject = P1;
    }
    """

  static let workspace = """
    <?xml version="1.0" encoding="UTF-8"?>
    <Workspace version = "1.0">
       <FileRef location = "group:App/App.xcodeproj"></FileRef>
       <FileRef location = "group:Share/Share.xcodeproj"></FileRef>
    </Workspace>
    """

  /// The extension names `com.contoso.notes` as its containing app: its own bundle identifier starts with it, which is
  /// all that can be checked while its app is unknown, but the app that embeds it (of the other project) is
  /// `com.contoso.app`.
  static let sharePlist = """
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ContainingAppBundleId</key>
    \t<string>com.contoso.notes</string>
    </dict>
    <key>NSExtension</key>
    <dict>
    \t<key>NSExtensionPointIdentifier</key>
    \t<string>com.apple.share-services</string>
    </dict>
    """

  static func folder() throws -> XcodeFolder {
    try XcodeFolder([
      "App.xcworkspace/contents.xcworkspacedata": workspace,
      "App/App.xcodeproj/project.pbxproj": appProject,
      "App/App/Info.plist": RuleExample.document(
        for: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"),
      "Share/Share.xcodeproj/project.pbxproj": shareProject,
      "Share/Share/Info.plist": RuleExample.document(for: sharePlist),
    ])
  }

  static func lint(_ path: String) async throws -> LintReport {
    var options = LintSession.Options(paths: [path])
    options.onlyRules = ["IM013"]
    return try await LintSession.run(options)
  }

  @Test func anExtensionIsComparedWithTheAppOfAnotherProjectThatEmbedsIt() async throws {
    let folder = try Self.folder()
    let report = try await Self.lint(folder.path)
    let findings = report.diagnostics.filter { $0.code == "IM013" }
    #expect(findings.count == 1, "\(report.diagnostics.map { "\($0.file) \($0.code) \($0.message)" })")
    #expect(findings.first?.file.hasSuffix("Share/Share/Info.plist") == true)
    #expect(
      findings.first?.message
        == "'ContainingAppBundleId' is 'com.contoso.notes' but the containing app's bundle identifier is "
        + "'com.contoso.app' (from '$(PRODUCT_BUNDLE_IDENTIFIER)'); the SDK in the extension looks for another app's "
        + "enrollment and policy")
  }

  /// Linted alone (its app's project outside the folder named), the extension has no known containing app: only its
  /// own bundle identifier's prefix is checked, which holds.
  @Test func withoutTheAppsProjectOnlyThePrefixIsChecked() async throws {
    let folder = try Self.folder()
    let report = try await Self.lint(folder.path + "/Share")
    #expect(report.diagnostics.filter { $0.code == "IM013" }.isEmpty)
  }
}

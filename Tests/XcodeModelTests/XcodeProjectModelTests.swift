import Foundation
import TestSupport
import Testing
import XcodeModel

@testable import PropertyList

/// The fixture project `Fixtures/XcodeProjects/Contoso`: an app embedding a share extension (PlugIns
/// phase) and an ExtensionKit extension (`$(EXTENSIONS_FOLDER_PATH)`), depending on a notification
/// service extension no phase embeds, and a framework.
enum XcodeFixtures {
  static let contosoFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/XcodeProjects/Contoso").path
  static let contosoProject = contosoFolder + "/Contoso.xcodeproj"

  /// A fresh folder holding `files` (relative path → contents).
  static func folder(_ files: [String: String]) throws -> String {
    let folder = TemporaryFolders.url("sharelint-xcode")
    for (name, contents) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    return folder.path
  }

  /// A minimal project whose one app target `App` has `appSettings` and whose project level has
  /// `projectSettings` (both `buildSettings` bodies), in configuration `Debug`; `extra` adds objects.
  static func project(
    appSettings: String, projectSettings: String = "", appBase: String? = nil, projectBase: String? = nil,
    extra: String = ""
  ) -> String {
    let appBaseLine = appBase.map { "baseConfigurationReference = \($0);" } ?? ""
    let projectBaseLine = projectBase.map { "baseConfigurationReference = \($0);" } ?? ""
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjectVersion = 56;
      \tobjects = {
      \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; \
      targets = (T1, ); };
      \t\tG1 = {isa = PBXGroup; children = (FA, FB, ); sourceTree = "<group>"; };
      \t\tFA = {isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
      \t\tFB = {isa = PBXFileReference; path = Project.xcconfig; sourceTree = "<group>"; };
      \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (); dependencies = (); name = App; \
      productType = "com.apple.product-type.application"; };
      \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
      \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, ); };
      \t\tPD = {isa = XCBuildConfiguration; \(projectBaseLine) buildSettings = {\(projectSettings)}; name = Debug; };
      \t\tTD = {isa = XCBuildConfiguration; \(appBaseLine) buildSettings = {\(appSettings)}; name = Debug; };
      \(extra)
      \t};
      \trootObject = P1;
      }
      """
  }

  /// The `Debug` configuration of target `App` of a project written into a fresh folder with `files`.
  static func appDebug(_ pbxproj: String, files: [String: String] = [:]) throws -> XcodeTargetConfiguration {
    var all = files
    all["App.xcodeproj/project.pbxproj"] = pbxproj
    let folder = try folder(all)
    let project = try XcodeProject(path: folder + "/App.xcodeproj")
    let app = try #require(project.target(named: "App"))
    return try #require(project.configuration(named: "Debug", of: app))
  }
}

@Suite("Xcode projects: the model")
struct XcodeProjectModelTests {
  @Test func readsTheRootProjectTargetsAndConfigurations() throws {
    let project = try XcodeProject(path: XcodeFixtures.contosoProject)
    #expect(project.name == "Contoso")
    #expect(project.sourceRoot == XcodeFixtures.contosoFolder)
    #expect(
      project.targets.map(\.name) == [
        "Contoso", "Share Extension", "ContosoIntents", "NotificationService", "ContosoKit",
      ])
    #expect(project.project.buildConfigurationList?.configurations.map(\.name) == ["Debug", "Release"])
    #expect(project.project.buildConfigurationList?.defaultConfigurationName == "Release")
    let share = try #require(project.target(named: "Share Extension"))
    #expect(share.productType == "com.apple.product-type.app-extension")
    #expect(share.productName == "ShareExtension")
    #expect(share.isExtension && !share.isApplication)
    #expect(try #require(project.target(named: "Contoso")).buildPhaseIDs.count == 2)
    #expect(try #require(project.target(named: "ContosoIntents")).isExtension)
    #expect(try #require(project.target(named: "ContosoKit")).wrapperExtension == "framework")
    #expect(project.objects.count == 43)

    // Settings are located at their key's line, split from their conditions, arrays joined.
    let debug = try #require(share.buildConfigurationList?.configuration(named: "Debug"))
    let conditional = try #require(debug.buildSettings.first { $0.conditions.first?.pattern == "iphoneos*" })
    #expect(conditional.name == "CODE_SIGN_ENTITLEMENTS")
    #expect(conditional.origin == .project(file: XcodeFixtures.contosoProject + "/project.pbxproj", line: 268))
    let appDebug = try #require(
      project.target(named: "Contoso")?.buildConfigurationList?.configuration(named: "Debug"))
    #expect(appDebug.buildSettings.first { $0.name == "OTHER_LDFLAGS" }?.value == "$(inherited) -ObjC")
  }

  @Test func filePathsGoThroughTheGroupTree() throws {
    let project = try XcodeProject(path: XcodeFixtures.contosoProject)
    let root = XcodeFixtures.contosoFolder
    #expect(project.path(ofFileReference: "B10000000000000000000010") == root + "/Config/Project.xcconfig")
    #expect(project.path(ofFileReference: "B10000000000000000000013") == root + "/Contoso/Info.plist")
    #expect(project.path(ofFileReference: "B10000000000000000000014") == root + "/Config/Release.xcconfig")
    #expect(
      project.path(ofFileReference: "B10000000000000000000012")
        == root + "/Pods/Target Support Files/Pods-Contoso/Pods-Contoso.debug.xcconfig")
    #expect(project.path(ofFileReference: "B10000000000000000000001") == nil)  // BUILT_PRODUCTS_DIR
    #expect(project.path(ofFileReference: "unknown") == nil)
  }

  @Test func embedPhasesAndDependenciesPairExtensionsWithTheirApp() throws {
    let project = try XcodeProject(path: XcodeFixtures.contosoProject)
    func app(of name: String) throws -> String? {
      project.containingApp(of: try #require(project.target(named: name)))?.name
    }
    #expect(try app(of: "Share Extension") == "Contoso")  // dstSubfolderSpec = 13
    #expect(try app(of: "ContosoIntents") == "Contoso")  // $(EXTENSIONS_FOLDER_PATH), spec 16
    #expect(try app(of: "NotificationService") == "Contoso")  // only a target dependency
    #expect(try app(of: "ContosoKit") == nil)
    #expect(try app(of: "Contoso") == nil)
  }

  @Test func aDependencyOnAFrameworkIsNotContainment() throws {
    let extra = """
      \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = TL; name = Kit; \
      productType = "com.apple.product-type.framework"; };
      \t\tDEP = {isa = PBXTargetDependency; target = T2; };
      """
    var text = XcodeFixtures.project(appSettings: "", extra: extra)
    text = text.replacingOccurrences(of: "dependencies = (); name = App;", with: "dependencies = (DEP, ); name = App;")
    text = text.replacingOccurrences(of: "targets = (T1, );", with: "targets = (T1, T2, );")
    let project = try XcodeProject(path: "App.xcodeproj", pbxprojBytes: Array(text.utf8))
    #expect(project.containingApp(of: try #require(project.target(named: "Kit"))) == nil)
  }

  @Test func synchronizedFolderAnchorsLocateTheBaseConfiguration() throws {
    let extra = """
      \t\tSY = {isa = PBXFileSystemSynchronizedRootGroup; path = Configs; sourceTree = "<group>"; };
      """
    var text = XcodeFixtures.project(appSettings: "", extra: extra)
    text = text.replacingOccurrences(of: "children = (FA, FB, );", with: "children = (FA, FB, SY, );")
    text = text.replacingOccurrences(
      of: "TD = {isa = XCBuildConfiguration; ",
      with: "TD = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = SY; "
        + "baseConfigurationReferenceRelativePath = App.xcconfig; ")
    let configuration = try XcodeFixtures.appDebug(
      text, files: ["Configs/App.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = com.x.sync\n"])
    #expect(configuration.bundleIdentifier?.value == "com.x.sync")
    #expect(configuration.notes.isEmpty)
  }

  @Test func aMalformedProjectIsALocatedError() throws {
    let text = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXProject\n\t};\n}\n"
    #expect(
      throws: XcodeProjectError(
        "expected ';' after the value of 'isa'", file: "X.xcodeproj/project.pbxproj", line: 5, column: 2)
    ) {
      _ = try XcodeProject(path: "X.xcodeproj", pbxprojBytes: Array(text.utf8))
    }
    let error = XcodeProjectError(
      "expected ';' after the value of 'isa'", file: "X.xcodeproj/project.pbxproj", line: 5, column: 2)
    #expect(error.description == "X.xcodeproj/project.pbxproj:5:2: expected ';' after the value of 'isa'")
    #expect(throws: XcodeProjectError.self) {
      _ = try XcodeProject(path: "X.xcodeproj", pbxprojBytes: Array("{ objects = {}; rootObject = R; }".utf8))
    }
    #expect(throws: XcodeProjectError.self) {
      _ = try XcodeProject(path: "/nonexistent/X.xcodeproj")
    }
  }

  @Test func aGeneratedTenThousandTargetProjectIsRead() throws {
    let text = XcodeProjectGenerator.project(targets: 10_000)
    let project = try XcodeProject(path: "Big.xcodeproj", pbxprojBytes: Array(text.utf8))
    #expect(project.targets.count == 10_000)
    #expect(project.containingAppIDs.count == 9_999)
    let last = try #require(project.targets.last)
    #expect(project.containingApp(of: last)?.name == "App")
    let configuration = try #require(project.configurations(of: last).first)
    #expect(configuration.bundleIdentifier?.value == "com.example.app.Extension9999")
  }
}

/// Writes big projects: one app embedding `targets - 1` extensions.
enum XcodeProjectGenerator {
  static func project(targets: Int) -> String {
    var objects = ""
    var targetIDs: [String] = []
    var buildFiles: [String] = []
    func id(_ kind: Int, _ index: Int) -> String {
      let digits = String(index, radix: 16, uppercase: true)
      return "0\(kind)" + String(repeating: "0", count: 22 - digits.count) + digits
    }
    for index in 0..<targets {
      let isApp = index == 0
      let name = isApp ? "App" : "Extension\(index)"
      targetIDs.append(id(1, index))
      objects += """
        \t\t\(id(1, index)) /* \(name) */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = \(id(2, index));
        \t\t\tbuildPhases = (\(isApp ? id(6, 0) : ""));
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tname = \(name);
        \t\t\tproductName = \(name);
        \t\t\tproductReference = \(id(3, index));
        \t\t\tproductType = "com.apple.product-type.\(isApp ? "application" : "app-extension")";
        \t\t};
        \t\t\(id(2, index)) = {isa = XCConfigurationList; buildConfigurations = (\(id(4, index)), ); };
        \t\t\(id(4, index)) /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tINFOPLIST_FILE = "\(name)/Info.plist";
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.app\(isApp ? "" : ".$(PRODUCT_NAME)")";
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\t\(id(3, index)) = {isa = PBXFileReference; path = \(name).\(isApp ? "app" : "appex"); \
        sourceTree = BUILT_PRODUCTS_DIR; };

        """
      if !isApp {
        buildFiles.append(id(5, index))
        objects += "\t\t\(id(5, index)) = {isa = PBXBuildFile; fileRef = \(id(3, index)); };\n"
      }
    }
    objects += """
      \t\t\(id(6, 0)) = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; \
      files = (\(buildFiles.joined(separator: ", "))); };
      \t\t\(id(7, 0)) = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
      \t\t\(id(8, 0)) = {isa = PBXProject; mainGroup = \(id(7, 0)); \
      targets = (\(targetIDs.joined(separator: ", "))); };

      """
    return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\(objects)\t};\n\trootObject = \(id(8, 0));\n}\n"
  }
}

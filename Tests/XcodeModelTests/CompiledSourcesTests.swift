import Foundation
import SharelintBase
import Testing

@testable import XcodeModel

/// Which Swift and Objective-C files a target compiles: its Compile Sources phase, Xcode 16's synchronized folders
/// (with both meanings of an exception set), the targets it depends on, its local packages, XcodeGen's `sources:`.
@Suite struct CompiledSourcesTests {
  /// An app (a Sources phase, a synchronized folder with one file left out, a framework it depends on, a local
  /// package) and an extension that compiles two files of a folder it does not own.
  static let pbxproj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 77;
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; \
    packageReferences = (LPK, ); targets = (T1, T2, T3, ); };
    \t\tG1 = {isa = PBXGroup; children = (F1, H1, SYNC1, SYNC2, SYNC3, ); sourceTree = "<group>"; };
    \t\tF1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Legacy/Old.swift; \
    sourceTree = "<group>"; };
    \t\tH1 = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.h; path = Legacy/Old.h; \
    sourceTree = "<group>"; };
    \t\tSYNC1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX1, ); path = App; sourceTree = "<group>"; };
    \t\tSYNC2 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX2, ); path = Shared; \
    sourceTree = "<group>"; };
    \t\tSYNC3 = {isa = PBXFileSystemSynchronizedRootGroup; path = Kit; sourceTree = "<group>"; };
    \t\tEX1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, \
    Tests/AppTests.swift, ); target = T1; };
    \t\tEX2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Model.swift, \
    Store.m, ); target = T2; };
    \t\tBF1 = {isa = PBXBuildFile; fileRef = F1; };
    \t\tBF2 = {isa = PBXBuildFile; fileRef = H1; };
    \t\tSP1 = {isa = PBXSourcesBuildPhase; files = (BF1, BF2, ); };
    \t\tLPK = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Auth; };
    \t\tPD1 = {isa = XCSwiftPackageProductDependency; package = LPK; productName = Auth; };
    \t\tDEP1 = {isa = PBXTargetDependency; target = T3; };
    \t\tT1 = {isa = PBXNativeTarget; buildPhases = (SP1, ); dependencies = (DEP1, ); \
    fileSystemSynchronizedGroups = (SYNC1, ); name = App; packageProductDependencies = (PD1, ); \
    productType = "com.apple.product-type.application"; };
    \t\tT2 = {isa = PBXNativeTarget; buildPhases = (); name = Widget; \
    productType = "com.apple.product-type.app-extension"; };
    \t\tT3 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (SYNC3, ); name = Kit; \
    productType = "com.apple.product-type.framework"; };
    \t};
    \trootObject = P1;
    }
    """

  static let files = [
    "App.xcodeproj/project.pbxproj": pbxproj,
    "Legacy/Old.swift": "", "Legacy/Old.h": "",
    "App/AppDelegate.swift": "", "App/Info.plist": "", "App/Views/List.swift": "", "App/Views/Cell.m": "",
    "App/Tests/AppTests.swift": "", "App/.hidden/Secret.swift": "", "App/Assets.xcassets/Contents.json": "",
    "Shared/Model.swift": "", "Shared/Store.m": "", "Shared/Other.swift": "",
    "Kit/Kit.swift": "",
    "Packages/Auth/Package.swift": "", "Packages/Auth/Sources/Auth/Auth.swift": "",
  ]

  @Test func phasesFoldersAndExceptions() throws {
    let folder = try SpecFolder(Self.files)
    let project = try XcodeProject(path: folder.path + "/App.xcodeproj")
    let app = try #require(project.target(named: "App"))
    let sources = project.compiledSources(of: app)
    let root = folder.path + "/"
    #expect(sources.files == [root + "Legacy/Old.swift"])
    #expect(sources.folders == [XcodeCompiledSources.Folder(
      path: root + "App", exceptions: ["Info.plist", "Tests/AppTests.swift"])])
    #expect(sources.allFiles().files.map { $0.replacingOccurrences(of: root, with: "") }.sorted() == [
      "App/AppDelegate.swift", "App/Views/Cell.m", "App/Views/List.swift", "Legacy/Old.swift",
    ])
    // An exception set naming a target that does not own the folder adds the files it lists.
    let widget = try #require(project.target(named: "Widget"))
    #expect(project.compiledSources(of: widget).files == [root + "Shared/Model.swift", root + "Shared/Store.m"])
  }

  @Test func dependenciesAndLocalPackages() throws {
    let folder = try SpecFolder(Self.files)
    let project = try XcodeProject(path: folder.path + "/App.xcodeproj")
    let app = try #require(project.target(named: "App"))
    let root = folder.path + "/"
    let dependencies = project.dependencySources(of: app).allFiles().files
    #expect(dependencies.map { $0.replacingOccurrences(of: root, with: "") } == [
      "Kit/Kit.swift", "Packages/Auth/Sources/Auth/Auth.swift",
    ])
  }

  @Test func xcodeGenSourcesAreFolders() throws {
    let folder = try SpecFolder([
      "project.yml": """
        name: Contoso
        targets:
          Contoso:
            type: application
            platform: iOS
            sources:
              - Contoso
              - path: Shared/Util.m
        """,
      "Contoso/App.swift": "", "Contoso/Info.plist": "", "Shared/Util.m": "",
    ])
    let project = try XcodeGenProject(specPath: folder.spec).project
    let target = try #require(project.target(named: "Contoso"))
    let files = project.compiledSources(of: target).allFiles().files
    #expect(files.map(PathText.lastComponent) == ["App.swift", "Util.m"])
  }
}

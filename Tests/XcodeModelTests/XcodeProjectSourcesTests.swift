import Foundation
import SharelintBase
import Testing
@testable import XcodeModel

/// Where settings are written and the byte-exact edits that change them (`XcodeProjectSources`).
@Suite struct XcodeProjectSourcesTests {
  /// A project of two targets, `App` and `Widget`; `App` has `ENABLE_BITCODE = YES` in Debug, the project level
  /// sets `STRIP_SWIFT_SYMBOLS = YES` for both.
  static let pbxproj = """
    // !$*UTF8*$!
    {
    \tobjects = {
    \t\tP0 = {isa = PBXProject; buildConfigurationList = PL; targets = (T1, T2, ); };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
    \t\tPD = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tSTRIP_SWIFT_SYMBOLS = YES;
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); name = App;
    \t\t\tproductType = "com.apple.product-type.application"; };
    \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
    \t\tC1 = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tENABLE_BITCODE = YES;
    \t\t\t\tPRODUCT_NAME = App;
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); name = Widget;
    \t\t\tproductType = "com.apple.product-type.app-extension"; };
    \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2, ); };
    \t\tC2 = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t};
    \t\t\tname = Debug;
    \t\t};
    \t};
    \trootObject = P0;
    }

    """

  static func sources() throws -> (XcodeProjectSources, XcodeProject) {
    let project = try XcodeProject(path: "/nowhere/App.xcodeproj", pbxprojBytes: Array(pbxproj.utf8))
    return (XcodeProjectSources(model: project), project)
  }

  static func apply(_ edit: XcodeSettingEdit) -> String {
    String(decoding: Array(pbxproj.utf8).applying(edit.edits).result, as: UTF8.self)
  }

  @Test func aTargetLevelValueIsReplacedAndReachesNoOtherTarget() throws {
    let (sources, project) = try Self.sources()
    let app = try #require(project.target(named: "App"))
    let debug = try #require(project.configurations(of: app).first)
    let edit = try #require(sources.settingEdit("ENABLE_BITCODE", to: "NO", targetName: "App", configuration: debug))
    #expect(edit.otherTargets.isEmpty)
    let expected = Self.pbxproj.replacingOccurrences(of: "ENABLE_BITCODE = YES", with: "ENABLE_BITCODE = NO")
    #expect(Self.apply(edit) == expected)
    #expect(edit.location == "/nowhere/App.xcodeproj/project.pbxproj:19")
  }

  @Test func aProjectLevelValueNamesTheOtherTargetsItChanges() throws {
    let (sources, project) = try Self.sources()
    let app = try #require(project.target(named: "App"))
    let debug = try #require(project.configurations(of: app).first)
    let edit = try #require(
      sources.settingEdit("STRIP_SWIFT_SYMBOLS", to: "NO", targetName: "App", configuration: debug))
    #expect(edit.otherTargets == ["Widget (Debug)"])
    #expect(Self.apply(edit).contains("\t\t\t\tSTRIP_SWIFT_SYMBOLS = NO;\n"))
  }

  @Test func anUndefinedSettingIsAddedInSortedOrderIndentedLikeItsNeighbours() throws {
    let (sources, project) = try Self.sources()
    let app = try #require(project.target(named: "App"))
    let debug = try #require(project.configurations(of: app).first)
    let edit = try #require(sources.settingEdit("GCC_OPTIMIZE", to: "NO", targetName: "App", configuration: debug))
    #expect(Self.apply(edit).contains(
      "\t\t\t\tENABLE_BITCODE = YES;\n\t\t\t\tGCC_OPTIMIZE = NO;\n\t\t\t\tPRODUCT_NAME = App;\n"))
    // Into an empty dictionary: one tab deeper than `buildSettings = {`.
    let widget = try #require(project.target(named: "Widget"))
    let widgetDebug = try #require(project.configurations(of: widget).first)
    let empty = try #require(
      sources.settingEdit("ENABLE_BITCODE", to: "NO", targetName: "Widget", configuration: widgetDebug))
    #expect(Self.apply(empty).contains("\t\t\tbuildSettings = {\n\t\t\t\tENABLE_BITCODE = NO;\n\t\t\t};"))
    // The edited text still reads, with the new value.
    let reread = try XcodeProject(path: "/nowhere/App.xcodeproj", pbxprojBytes: Array(Self.apply(empty).utf8))
    let rereadWidget = try #require(reread.target(named: "Widget"))
    #expect(reread.configurations(of: rereadWidget).first?.settings.value(of: "ENABLE_BITCODE") == "NO")
  }

  @Test func anXcconfigValueIsFoundWithoutItsCommentOrSemicolon() {
    let text = SourceText(name: "A.xcconfig", string: "// a\nENABLE_BITCODE[sdk=iphoneos*] = YES ; // on\nX = \\\n")
    let range = XcodeProjectSources.xcconfigValueRange(of: "ENABLE_BITCODE", atLine: 2, in: text)
    #expect(range.map { String(decoding: text.bytes[$0.start..<$0.end], as: UTF8.self) } == "YES")
    #expect(XcodeProjectSources.xcconfigValueRange(of: "X", atLine: 3, in: text) == nil)
    #expect(XcodeProjectSources.xcconfigValueRange(of: "OTHER", atLine: 2, in: text) == nil)
  }

  @Test func codeSignOnCopyIsAddedToTheAttributesOrAsNewSettings() throws {
    let text = """
      {
      \tobjects = {
      \t\tP0 = {isa = PBXProject; targets = (); };
      \t\tB1 = {isa = PBXBuildFile; fileRef = F1; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
      \t\tB2 = {isa = PBXBuildFile; fileRef = F1; };
      \t};
      \trootObject = P0;
      }

      """
    let project = try XcodeProject(path: "/nowhere/App.xcodeproj", pbxprojBytes: Array(text.utf8))
    let sources = XcodeProjectSources(model: project)
    func file(_ id: String) -> XcodeBuildFile { XcodeBuildFile(id: id, item: .dangling(nil), attributes: [], line: 1) }
    let first = try #require(sources.signOnCopyEdit(of: file("B1")))
    let second = try #require(sources.signOnCopyEdit(of: file("B2")))
    let result = String(decoding: Array(text.utf8).applying([first, second]).result, as: UTF8.self)
    #expect(result.contains("settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };"))
    #expect(
      result.contains("B2 = {isa = PBXBuildFile; fileRef = F1; settings = {ATTRIBUTES = (CodeSignOnCopy, ); }; };"))
    #expect((try? XcodeProject(path: "/nowhere/App.xcodeproj", pbxprojBytes: Array(result.utf8))) != nil)
  }
}

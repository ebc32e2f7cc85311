import Foundation
import SharelintBase
import Testing
import XcodeModel

@testable import PropertyList

@Suite("Xcode projects: build settings per target and configuration")
struct XcodeProjectSettingsTests {
  private func contoso(_ target: String, _ configuration: String) throws -> XcodeTargetConfiguration {
    let project = try XcodeProject(path: XcodeFixtures.contosoProject)
    let found = try #require(project.target(named: target))
    return try #require(project.configuration(named: configuration, of: found))
  }

  private let pbxproj = XcodeFixtures.contosoProject + "/project.pbxproj"

  @Test func fiveLevelsInXcodesOrderWithInherited() throws {
    let share = try contoso("Share Extension", "Debug")
    // project .xcconfig → project buildSettings → target .xcconfig → target buildSettings
    #expect(share.settings.resolve("$(CONTOSO_CHAIN)") == .resolved("xcconfig-project project xcconfig-target target"))
    #expect(
      share.settings.definitions(of: "CONTOSO_CHAIN").map(\.origin.description) == [
        XcodeFixtures.contosoFolder + "/Config/Project.xcconfig:3", pbxproj + ":221",
        XcodeFixtures.contosoFolder + "/Config/Share.xcconfig:2", pbxproj + ":270",
      ])
    // A target .xcconfig's include is read too.
    #expect(share.settings.value(of: "CONTOSO_SHARED") == "yes")
    // $(inherited) with nothing below is empty.
    let app = try contoso("Contoso", "Debug")
    #expect(app.settings.resolve("$(OTHER_LDFLAGS)") == .resolved(" -ObjC"))
  }

  @Test func keyValuesAndTheirOrigins() throws {
    let share = try contoso("Share Extension", "Debug")
    // Paths inside the working folder are shown relative to it.
    let root = PathText.relativeToWorkingFolder(XcodeFixtures.contosoFolder)
    #expect(share.bundleIdentifier?.value == "com.contoso.notes.Share-Extension")
    #expect(share.bundleIdentifier?.written == "$(CONTOSO_BUNDLE_PREFIX).notes.$(PRODUCT_NAME:rfc1034identifier)")
    #expect(share.bundleIdentifier?.origin == .project(file: pbxproj, line: 274))
    #expect(share.infoPlistPath?.value == root + "/ShareExtension/Info.plist")
    #expect(share.preprocessesInfoPlist)
    #expect(!share.generatesInfoPlist)
    #expect(share.preprocessorDefinitions?.value == "CONTOSO_SHARE=1")
    #expect(share.prefixHeader == nil)
    // [sdk=iphoneos*] applies to a device build; [sdk=iphonesimulator*] does not.
    #expect(share.entitlementsPath?.value == root + "/ShareExtension/ShareExtension.entitlements")
    #expect(share.entitlementsPath?.origin == .project(file: pbxproj, line: 268))
    #expect(share.notes.isEmpty && share.errors.isEmpty)

    let app = try contoso("Contoso", "Debug")
    #expect(app.bundleIdentifier?.value == "com.contoso.notes")
    #expect(app.infoPlistPath?.value == root + "/Contoso/Info.plist")
    #expect(app.entitlementsPath?.value == root + "/Contoso/Contoso.entitlements")
    #expect(app.infoPlistKeys.map(\.name) == ["INFOPLIST_KEY_CFBundleDisplayName"])
    #expect(app.infoPlistKeys.first?.value == "Contoso Debug")

    let intents = try contoso("ContosoIntents", "Debug")
    #expect(intents.generatesInfoPlist)
    #expect(intents.infoPlistPath == nil)
  }

  @Test func configConditionsAndTheReleaseXcconfigFromSourceRoot() throws {
    let share = try contoso("Share Extension", "Release")
    // Release.xcconfig (SOURCE_ROOT) includes Project.xcconfig, then overrides the prefix;
    // PRODUCT_BUNDLE_IDENTIFIER[config=Release] = $(inherited).release
    #expect(share.bundleIdentifier?.value == "com.contoso.prod.notes.Share-Extension.release")
    #expect(share.entitlementsPath == nil)
    let app = try contoso("Contoso", "Release")
    #expect(app.bundleIdentifier?.value == "com.contoso.prod.notes")
    #expect(app.notes.isEmpty)
  }

  @Test func builtInsAndModifiers() throws {
    let service = try contoso("NotificationService", "Debug")
    #expect(service.bundleIdentifier?.value == "com.contoso.notes.NotificationService")
    let share = try contoso("Share Extension", "Debug")
    let expected: [String: String] = [
      "$(TARGET_NAME)": "Share Extension", "$(PRODUCT_NAME)": "Share Extension",
      "$(PRODUCT_MODULE_NAME)": "Share_Extension", "$(EXECUTABLE_NAME)": "Share Extension",
      "$(WRAPPER_EXTENSION)": "appex", "$(FULL_PRODUCT_NAME)": "Share Extension.appex",
      "$(CONTENTS_FOLDER_PATH)": "Share Extension.appex", "$(PROJECT_NAME)": "Contoso",
      "$(CONFIGURATION)": "Debug", "$(PLATFORM_NAME)": "iphoneos", "$(SDKROOT)": "iphoneos",
      "$(EFFECTIVE_PLATFORM_NAME)": "-iphoneos", "$(DEVELOPMENT_LANGUAGE)": "en",
      "$(SRCROOT)": XcodeFixtures.contosoFolder, "$(SOURCE_ROOT)": XcodeFixtures.contosoFolder,
      "$(PROJECT_DIR)": XcodeFixtures.contosoFolder, "$(PROJECT_FILE_PATH)": XcodeFixtures.contosoProject,
      "$(PRODUCT_NAME:lower)": "share extension",
    ]
    for (text, value) in expected { #expect(share.settings.resolve(text) == .resolved(value), "\(text)") }
    #expect(share.settings.resolve("$(BUILT_PRODUCTS_DIR)").unresolvedReferences.map(\.name) == ["BUILT_PRODUCTS_DIR"])
    #expect(share.settings.definitions(of: "TARGET_NAME").first?.origin == .builtIn)
    let app = try contoso("Contoso", "Debug")
    #expect(app.settings.resolve("$(FULL_PRODUCT_NAME)") == .resolved("Contoso.app"))
  }

  @Test func aMissingXcconfigIsANoteNotAnError() throws {
    let app = try contoso("Contoso", "Debug")
    #expect(app.errors.isEmpty)
    #expect(app.notes.count == 1)
    #expect(
      app.notes.first?.message.contains(
        "Pods/Target Support Files/Pods-Contoso/Pods-Contoso.debug.xcconfig' does not exist") == true)
    // The project level's settings still apply.
    #expect(app.bundleIdentifier?.value == "com.contoso.notes")

    // A base configuration outside the repository and an include of a missing file are notes too.
    let outside = XcodeFixtures.project(
      appSettings: "", appBase: "FX",
      extra: "\t\tFX = {isa = PBXFileReference; path = x.xcconfig; sourceTree = BUILT_PRODUCTS_DIR; };")
    let outsideConfiguration = try XcodeFixtures.appDebug(outside)
    #expect(
      outsideConfiguration.notes.map(\.message) == [
        "the base configuration 'x.xcconfig' of 'Debug' is not a file of the repository; its settings are unknown"
      ])
    let including = try XcodeFixtures.appDebug(
      XcodeFixtures.project(appSettings: "", appBase: "FA"),
      files: ["App.xcconfig": "#include \"Flutter/Generated.xcconfig\"\nA = 1\n"])
    #expect(including.errors.isEmpty)
    #expect(
      including.notes.first?.message
        == "included file 'Flutter/Generated.xcconfig' is not in the repository; the rest of '"
        + PathText.relativeToWorkingFolder(including.sourceRoot) + "/App.xcconfig' still counts")
    #expect(including.settings.value(of: "A") == "1")
  }

  /// swift-build `MacroConfigFileLoader.foundPreprocessorInclusion`: an include cycle is a warning and skipped.
  @Test func anIncludeCycleIsANoteAndTheRestIsRead() throws {
    let configuration = try XcodeFixtures.appDebug(
      XcodeFixtures.project(appSettings: "", appBase: "FA"),
      files: [
        "App.xcconfig": "#include \"Project.xcconfig\"\n", "Project.xcconfig": "A = 1\n#include \"App.xcconfig\"\n",
      ])
    #expect(configuration.errors.isEmpty)
    #expect(
      configuration.notes.map(\.message) == [
        "skipping the include of 'App.xcconfig' as it would create a cycle: "
          + "App.xcconfig → Project.xcconfig → App.xcconfig"
      ])
    #expect(configuration.notes.first?.line == 2)
    #expect(configuration.settings.value(of: "A") == "1")
  }

  /// swift-build `MacroEvaluationContext.nextValueForMacro`: `A = $(B)`, `B = $(A)` loops back to `A`, which takes
  /// the level below (none: empty); one located note, no error.
  @Test func aSettingReferenceCycleIsEmptyWithANoteNotAHang() throws {
    let configuration = try XcodeFixtures.appDebug(
      XcodeFixtures.project(appSettings: "PRODUCT_BUNDLE_IDENTIFIER = \"$(A)\"; A = \"$(B)\"; B = \"$(A)\";"))
    #expect(configuration.bundleIdentifier?.resolved == nil)
    #expect(configuration.bundleIdentifier?.xcodeValue == "")
    #expect(configuration.errors.isEmpty)
    #expect(configuration.notes.count == 1)
    #expect(configuration.notes.first?.line == 14)
    #expect(configuration.notes.first?.message.contains("refers to itself") == true)
  }

  @Test func projectLevelXcconfigAndInheritedAcrossAllFiveLevels() throws {
    let text = XcodeFixtures.project(
      appSettings: "X = \"$(inherited) target\"; \"Y[arch=arm64]\" = arm; \"Y[arch=x86_64]\" = intel;",
      projectSettings: "X = \"$(inherited) project\";", appBase: "FA", projectBase: "FB")
    let configuration = try XcodeFixtures.appDebug(
      text, files: ["Project.xcconfig": "X = $(PRODUCT_NAME)-base\n", "App.xcconfig": "X = $(inherited) app\n"])
    #expect(configuration.settings.resolve("$(X)") == .resolved("App-base project app target"))
    #expect(configuration.settings.resolve("$(Y)") == .resolved("arm"))
  }
}

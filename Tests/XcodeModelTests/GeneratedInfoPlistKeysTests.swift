import Testing
import XcodeModel

/// The keys Xcode writes from `INFOPLIST_KEY_*` settings (swift-build's list).
@Suite struct GeneratedInfoPlistKeysTests {
  @Test func aUsageDescriptionHasItsSetting() {
    #expect(
      GeneratedInfoPlistKeys.setting(for: "NSFaceIDUsageDescription") == "INFOPLIST_KEY_NSFaceIDUsageDescription")
    #expect(GeneratedInfoPlistKeys.isRead("INFOPLIST_KEY_NSPhotoLibraryUsageDescription"))
  }

  @Test func aDeviceSpecificKeyIsSpelledAsXcodeSpellsItsSetting() {
    #expect(
      GeneratedInfoPlistKeys.setting(for: "UISupportedInterfaceOrientations~ipad")
        == "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad")
    #expect(GeneratedInfoPlistKeys.isRead("INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone"))
    #expect(!GeneratedInfoPlistKeys.isRead("INFOPLIST_KEY_UISupportedInterfaceOrientations~ipad"))
    #expect(
      GeneratedInfoPlistKeys.key(forSetting: "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad")
        == "UISupportedInterfaceOrientations~ipad")
    #expect(
      GeneratedInfoPlistKeys.key(forSetting: "INFOPLIST_KEY_NSFaceIDUsageDescription") == "NSFaceIDUsageDescription")
  }

  @Test func theIntuneKeysHaveNoSetting() {
    for key in ["LSApplicationQueriesSchemes", "IntuneMAMSettings", "CFBundleURLTypes", "NSExtension"] {
      #expect(GeneratedInfoPlistKeys.setting(for: key) == nil, "\(key)")
      #expect(!GeneratedInfoPlistKeys.isRead("INFOPLIST_KEY_" + key), "\(key)")
    }
    #expect(GeneratedInfoPlistKeys.isRead("INFOPLIST_KEY_UILaunchScreen_Generation"))
    #expect(
      GeneratedInfoPlistKeys.generatedKey(forSetting: "INFOPLIST_KEY_UILaunchScreen_Generation") == "UILaunchScreen")
    #expect(
      GeneratedInfoPlistKeys.generatedKey(forSetting: "INFOPLIST_KEY_UIApplicationSceneManifest_Generation")
        == "UIApplicationSceneManifest")
    #expect(GeneratedInfoPlistKeys.generatedKey(forSetting: "INFOPLIST_KEY_Foo_Generation") == "Foo_Generation")
    #expect(
      GeneratedInfoPlistKeys.generatedKey(forSetting: "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad")
        == "UISupportedInterfaceOrientations~ipad")
  }
}

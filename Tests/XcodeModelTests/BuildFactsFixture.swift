import Foundation
import XcodeModel

/// A small repository written into a fresh folder: `App.xcodeproj` with two app flavours (`App`, `AppFree`) that
/// both embed the share extension `Share`; `App` links and embeds the Intune SDK's xcframeworks (one signed, one
/// not), a system `.tbd`, the MSAL Swift package, `-force_load`s a static library, runs the patcher script and
/// copies a resources bundle; `Share` links the SDK without embedding it. Beside it: a Podfile with a method,
/// nested and abstract targets and a post_install block, its Podfile.lock, the project's Package.resolved (format
/// 2) and the xcframework's own Info.plists.
enum BuildFactsFixture {
  static let pbxproj = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 60;
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; \
    packageReferences = (PKG, ); targets = (T1, T2, T3, ); };
    \t\tG1 = {isa = PBXGroup; children = (GF, LIB, RES, ); sourceTree = "<group>"; };
    \t\tGF = {isa = PBXGroup; children = (FW1, FW2, ); path = Frameworks; sourceTree = "<group>"; };
    \t\tFW1 = {isa = PBXFileReference; lastKnownFileType = wrapper.xcframework; path = IntuneMAMSwift.xcframework; \
    sourceTree = "<group>"; };
    \t\tFW2 = {isa = PBXFileReference; lastKnownFileType = wrapper.xcframework; path = IntuneMAMSwiftStub.xcframework; \
    sourceTree = "<group>"; };
    \t\tLIB = {isa = PBXFileReference; lastKnownFileType = "sourcecode.text-based-dylib-definition"; \
    name = libsqlite3.tbd; path = usr/lib/libsqlite3.tbd; sourceTree = SDKROOT; };
    \t\tRES = {isa = PBXFileReference; path = IntuneMAMResources.bundle; sourceTree = "<group>"; };
    \t\tAPP1 = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; \
    sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tAPP2 = {isa = PBXFileReference; explicitFileType = wrapper.application; path = AppFree.app; \
    sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tEXT = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = Share.appex; \
    sourceTree = BUILT_PRODUCTS_DIR; };
    \t\tPKG = {isa = XCRemoteSwiftPackageReference; \
    repositoryURL = "https://github.com/AzureAD/microsoft-authentication-library-for-objc.git"; \
    requirement = {kind = upToNextMajorVersion; minimumVersion = 1.2.0; }; };
    \t\tPD1 = {isa = XCSwiftPackageProductDependency; package = PKG; productName = MSAL; };
    \t\tBF1 = {isa = PBXBuildFile; fileRef = FW1; };
    \t\tBF2 = {isa = PBXBuildFile; fileRef = FW2; };
    \t\tBF3 = {isa = PBXBuildFile; fileRef = LIB; };
    \t\tBF4 = {isa = PBXBuildFile; productRef = PD1; };
    \t\tBF5 = {isa = PBXBuildFile; fileRef = FW1; settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };
    \t\tBF6 = {isa = PBXBuildFile; fileRef = FW2; };
    \t\tBF7 = {isa = PBXBuildFile; fileRef = EXT; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
    \t\tBF8 = {isa = PBXBuildFile; fileRef = RES; };
    \t\tBF9 = {isa = PBXBuildFile; fileRef = EXT; };
    \t\tBF10 = {isa = PBXBuildFile; fileRef = FW1; };
    \t\tFP1 = {isa = PBXFrameworksBuildPhase; files = (BF1, BF2, BF3, BF4, ); };
    \t\tCP1 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 10; files = (BF5, BF6, ); \
    name = "Embed Frameworks"; };
    \t\tCP2 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; files = (BF7, ); \
    name = "Embed Foundation Extensions"; };
    \t\tSH1 = {isa = PBXShellScriptBuildPhase; inputPaths = ("$(SRCROOT)/IntuneMAMFrameworkPatcher", ); \
    name = IntuneMAMFrameworkPatcher; outputPaths = (); shellPath = /bin/sh; \
    shellScript = "\\"${SRCROOT}/IntuneMAMFrameworkPatcher\\" -i \\"${BUILT_PRODUCTS_DIR}\\" -resign -verbose\\n"; };
    \t\tRP1 = {isa = PBXResourcesBuildPhase; files = (BF8, ); };
    \t\tCP3 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; files = (BF9, ); };
    \t\tFP2 = {isa = PBXFrameworksBuildPhase; files = (BF10, MISSING, ); };
    \t\tDEP1 = {isa = PBXTargetDependency; target = T3; };
    \t\tDEP2 = {isa = PBXTargetDependency; target = T3; };
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL1; buildPhases = (FP1, CP1, CP2, SH1, RP1, ); \
    dependencies = (DEP1, ); name = App; packageProductDependencies = (PD1, ); productReference = APP1; \
    productType = "com.apple.product-type.application"; };
    \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = TL2; buildPhases = (CP3, ); dependencies = (DEP2, ); \
    name = AppFree; productReference = APP2; productType = "com.apple.product-type.application"; };
    \t\tT3 = {isa = PBXNativeTarget; buildConfigurationList = TL3; buildPhases = (FP2, ); dependencies = (); \
    name = Share; productReference = EXT; productType = "com.apple.product-type.app-extension"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, PR, ); };
    \t\tTL1 = {isa = XCConfigurationList; buildConfigurations = (AD, AR, ); };
    \t\tTL2 = {isa = XCConfigurationList; buildConfigurations = (FD, ); };
    \t\tTL3 = {isa = XCConfigurationList; buildConfigurations = (SD, ); };
    \t\tPD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
    \t\tPR = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
    \t\tAD = {isa = XCBuildConfiguration; buildSettings = {OTHER_LDFLAGS = ("$(inherited)", "-ObjC", \
    "-framework", "\\"IntuneMAMSwift\\"", "-force_load", "\\"$(SRCROOT)/lib/libIntuneMAM.a\\"", "-lc++", ); }; \
    name = Debug; };
    \t\tAR = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
    \t\tFD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
    \t\tSD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
    \t};
    \trootObject = P1;
    }
    """

  static let podfile = """
    platform :ios, '15.0'
    use_frameworks!

    def intune_pods
      pod 'IntuneMAMSwift', '~> 19.0'
    end

    target 'App' do
      intune_pods
      pod 'MSAL', :configurations => ['Release']

      target 'Share' do
        inherit! :search_paths
        pod 'Alamofire'
      end
    end

    abstract_target 'Shared' do
      pod 'Firebase/Analytics'
      target 'AppFree' do
      end
    end

    post_install do |installer|
      installer.pods_project.targets.each do |target|
        target.build_configurations.each do |config|
          config.build_settings['ENABLE_BITCODE'] = 'NO'
        end
      end
    end
    """

  static let podfileLock = """
    PODS:
      - Alamofire (5.8.1)
      - "Firebase/Analytics (10.0.0)":
        - FirebaseAnalytics (~> 10.0.0)
      - IntuneMAMSwift (19.6.0)
      - MSAL (1.2.18):
        - MSAL/app-lib (= 1.2.18)
      - MSAL/app-lib (1.2.18)

    DEPENDENCIES:
      - IntuneMAMSwift (~> 19.0)

    COCOAPODS: 1.15.2
    """

  static let packageResolved = """
    {
      "originHash" : "1f2e",
      "pins" : [
        {
          "identity" : "microsoft-authentication-library-for-objc",
          "kind" : "remoteSourceControl",
          "location" : "https://github.com/AzureAD/microsoft-authentication-library-for-objc.git",
          "state" : {
            "revision" : "0f1e2d3c4b5a69788796a5b4c3d2e1f001122334",
            "version" : "1.2.18"
          }
        }
      ],
      "version" : 2
    }
    """

  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  static let xcframeworkInfo = plist(
    """
    <key>AvailableLibraries</key>
    <array>
    <dict><key>LibraryIdentifier</key><string>ios-arm64_x86_64-simulator</string>
    <key>LibraryPath</key><string>IntuneMAMSwift.framework</string>
    <key>SupportedPlatform</key><string>ios</string>
    <key>SupportedPlatformVariant</key><string>simulator</string></dict>
    <dict><key>LibraryIdentifier</key><string>ios-arm64</string>
    <key>LibraryPath</key><string>IntuneMAMSwift.framework</string>
    <key>SupportedPlatform</key><string>ios</string></dict>
    </array>
    """)

  /// The repository in a fresh folder; returns the folder.
  static func write() throws -> String {
    try XcodeFixtures.folder([
      "App.xcodeproj/project.pbxproj": pbxproj,
      "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": packageResolved,
      "Podfile": podfile,
      "Podfile.lock": podfileLock,
      "Frameworks/IntuneMAMSwift.xcframework/Info.plist": xcframeworkInfo,
      "Frameworks/IntuneMAMSwift.xcframework/ios-arm64/IntuneMAMSwift.framework/Info.plist":
        plist("<key>CFBundleShortVersionString</key><string>19.6.0</string>"),
      "Frameworks/IntuneMAMSwift.xcframework/ios-arm64_x86_64-simulator/IntuneMAMSwift.framework/Info.plist":
        plist("<key>CFBundleShortVersionString</key><string>0.0.1-simulator</string>"),
    ])
  }

  /// The project, its dependency files and the facts of each target, read from a fresh folder.
  static func facts() throws -> (project: XcodeProject, facts: [String: XcodeTargetBuildFacts]) {
    let folder = try write()
    let project = try XcodeProject(path: folder + "/App.xcodeproj")
    var cache = XcodeDependencyFileCache()
    let files = cache.files(for: project, workspace: nil)
    var facts: [String: XcodeTargetBuildFacts] = [:]
    for target in project.targets { facts[target.name] = project.buildFacts(of: target, files: files, cache: &cache) }
    return (project, facts)
  }
}

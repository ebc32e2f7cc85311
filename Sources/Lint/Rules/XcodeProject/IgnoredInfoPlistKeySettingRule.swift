import SharelintBase
import XcodeModel

/// XC027: an `INFOPLIST_KEY_*` build setting Xcode ignores: the target does not generate its Info.plist, or Xcode
/// has no such setting.
struct IgnoredInfoPlistKeySettingRule: TargetRule {
  static let description = RuleDescription(
    identifier: "ignored-infoplist-key-setting",
    family: .xcodeProject, number: 27,
    summary: "an INFOPLIST_KEY_ build setting that never reaches the Info.plist",
    whatItDoes: """
      Reports each `INFOPLIST_KEY_<Key>` setting of a target, in each configuration, that Xcode ignores: when \
      `GENERATE_INFOPLIST_FILE` is not YES (NO is Xcode's default), and when Xcode has no such setting for the \
      key (swift-build reads a fixed list of keys: the usage descriptions, `CFBundleDisplayName`, the interface \
      orientations…; not `LSApplicationQueriesSchemes`, `CFBundleURLTypes` or `IntuneMAMSettings`). A setting the \
      Info.plist reads as any other (`$(INFOPLIST_KEY_CFBundleDisplayName)`) is used, and not reported; nor is a \
      setting whose key the Info.plist file has anyway (a template's leftover: nothing is lost), nor one for a key \
      only macOS reads (`LSApplicationCategoryType`).
      """,
    whyItMatters: """
      Xcode writes `INFOPLIST_KEY_*` settings into the Info.plist only when it generates one \
      (`GENERATE_INFOPLIST_FILE = YES`), and only for the keys it knows (swift-build's Info.plist processor). \
      Otherwise the key is silently missing from the built app: a share extension whose \
      `INFOPLIST_KEY_NSPhotoLibraryUsageDescription` is ignored crashes when it reads the photo library, an app \
      whose query schemes are a setting cannot ask whether Intune's apps are installed. The Build Settings editor \
      still shows the value, so the mistake survives review.
      """,
    useInstead: """
      Write the key in the Info.plist file the target names (`INFOPLIST_FILE`) and remove the setting, or set \
      `GENERATE_INFOPLIST_FILE = YES` (Xcode then merges the generated keys into that file's). A key Xcode has no \
      setting for belongs in the Info.plist file.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App"),
          .init(
            "Share", isExtension: true,
            settingsByConfiguration: [
              "Release": ["INFOPLIST_KEY_NSPhotoLibraryUsageDescription": "↓\"Attach photos to your notes\""],
            ]),
        ]),
        files: ["Share/Info.plist": ExampleFiles.intuneShareExtensionInfoPlist],
        messages: [
          "'INFOPLIST_KEY_NSPhotoLibraryUsageDescription' is ignored: GENERATE_INFOPLIST_FILE is not set (Xcode's "
            + "default is NO), so 'NSPhotoLibraryUsageDescription' never reaches the Info.plist",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            settingsByConfiguration: [
              "Release": ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_LSApplicationQueriesSchemes": "↓msauthv2"],
            ]),
        ]),
        messages: [
          "'INFOPLIST_KEY_LSApplicationQueriesSchemes' is ignored: Xcode has no such setting, so "
            + "'LSApplicationQueriesSchemes' never reaches the Info.plist",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [.init("App", settings: ["INFOPLIST_KEY_CFBundleDisplayName": "Notes"])]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>CFBundleDisplayName</key>
          <string>$(INFOPLIST_KEY_CFBundleDisplayName)</string>
          """),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSFaceIDUsageDescription": "\"Unlock notes\""]),
        ])),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            settings: [
              "GENERATE_INFOPLIST_FILE": "YES",
              "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad": "UIInterfaceOrientationPortrait",
              "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
            ]),
        ])),
      // The Info.plist file has the key the setting generates: nothing is lost.
      RuleExample(
        project: ExampleProject(targets: [.init("App", settings: ["INFOPLIST_KEY_UILaunchScreen_Generation": "YES"])]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>UILaunchScreen</key>
          <dict/>
          """),
    ]
  )

  /// Keys Xcode generates that iOS never reads: macOS's (Xcode writes `LSApplicationCategoryType` for every platform;
  /// only the Mac App Store and macOS read it).
  static let keysIOSIgnores: Set<String> = [
    "LSApplicationCategoryType", "LSBackgroundOnly", "LSUIElement", "NSHumanReadableCopyright", "NSMainNibFile",
    "NSMainStoryboardFile", "NSPrincipalClass",
  ]

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    guard !view.configuration.infoPlistKeys.isEmpty else { return }
    let generates = view.isYes("GENERATE_INFOPLIST_FILE", default: false)
    // An Info.plist may read the setting as any other (`<string>$(INFOPLIST_KEY_CFBundleDisplayName)</string>`);
    // decoded only for a target that has such settings (most have none).
    let plistText = String(decoding: target.infoPlist.source.bytes, as: UTF8.self)
    for setting in view.configuration.infoPlistKeys
    where !plistText.contains(setting.name + ")") && !plistText.contains(setting.name + "}") {
      let key = GeneratedInfoPlistKeys.generatedKey(forSetting: setting.name)
      // A key iOS does not read (the targets linted are iOS ones) loses nothing when it is lost.
      if Self.keysIOSIgnores.contains(key) { continue }
      let reason: String
      var notes: [String] = []
      if !generates {
        let written = view.decidingDefinition(of: "GENERATE_INFOPLIST_FILE").map { $0.origin != .builtIn } ?? false
        reason = !written
          ? "GENERATE_INFOPLIST_FILE is not set (Xcode's default is NO)"
          : "GENERATE_INFOPLIST_FILE is \(view.shownValue(of: "GENERATE_INFOPLIST_FILE"))"
        // The Info.plist has the key: the setting is a template's leftover and the app loses nothing (18 such
        // findings on KeePassium and the Intune tunnel samples were true and worth nobody's time).
        if target.infoPlist.root[key] != nil { continue }
        notes.append(
          "write '\(key)' in the Info.plist file (INFOPLIST_FILE) and remove the setting, or set "
            + "GENERATE_INFOPLIST_FILE = YES")
      } else if !GeneratedInfoPlistKeys.isRead(setting.name) {
        reason = "Xcode has no such setting"
        notes.append(
          "write '\(key)' in an Info.plist file and set INFOPLIST_FILE to it (Xcode merges its keys with the "
            + "generated ones)")
      } else {
        continue
      }
      view.report(
        "'\(setting.name)' is ignored: \(reason), so '\(key)' never reaches the Info.plist",
        at: view.settingSite(setting.name), keyPath: setting.name, notes: notes,
        into: &findings)
    }
  }
}

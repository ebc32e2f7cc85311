import Foundation
import Testing

/// A Tuist manifest whose build settings are code (a type's constant, a helper) leaves them unknown: the settings
/// it could read are not all the build has, so a `$(SETTING)` in a plist is not taken for empty.
@Suite struct TuistComputedSettingsTests {
  static let manifest = """
    import ProjectDescription

    extension SettingsDictionary {
      static let appDebug: SettingsDictionary = ["DEEP_LINK_SCHEME": "notes-dev"]
    }

    let project = Project(
      name: "Notes",
      targets: [
        .target(
          name: "Notes",
          destinations: .iOS,
          product: .app,
          bundleId: "$(PRODUCT_BUNDLE_IDENTIFIER)",
          infoPlist: "Notes/Info.plist",
          settings: .settings(configurations: [.debug(name: .debug, settings: .appDebug)])
        )
      ]
    )
    """

  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    \t<key>CFBundleURLTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleURLSchemes</key>
    \t\t\t<array>
    \t\t\t\t<string>$(DEEP_LINK_SCHEME)</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>
    """

  @Test func computedSettingsAreUnknownNotEmpty() throws {
    let folder = try TemporaryFolder()
    for (name, text) in ["Project.swift": Self.manifest, "Notes/Info.plist": Self.infoPlist] {
      let url = folder.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let lint = try Sharelint.run(["lint"], in: folder.url)
    // Read as empty, the scheme and the bundle id would be PL003 and US006 errors: they are unknown.
    #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
    #expect(lint.standardError.contains("Project.swift:16: the build settings are '.appDebug'"))
    let targets = try Sharelint.run(["targets"], in: folder.url)
    #expect(targets.standardOutput.contains(
      "bundle identifier: $(PRODUCT_BUNDLE_IDENTIFIER) (unknown: the project computes its build settings)"))
  }
}

/// Files the project rules' examples put beside their project.
enum ExampleFiles {
  /// `NAME.xcframework` with an iOS device slice whose framework has `version`, as the SDK ships it.
  static func xcframework(_ name: String, version: String) -> [String: String] {
    [
      "\(name).xcframework/Info.plist": """
        <key>AvailableLibraries</key>
        <array>
        \t<dict>
        \t\t<key>LibraryIdentifier</key>
        \t\t<string>ios-arm64</string>
        \t\t<key>LibraryPath</key>
        \t\t<string>\(name).framework</string>
        \t\t<key>SupportedPlatform</key>
        \t\t<string>ios</string>
        \t</dict>
        </array>
        <key>XCFrameworkFormatVersion</key>
        <string>1.0</string>
        """,
      "\(name).xcframework/ios-arm64/\(name).framework/Info.plist": """
        <key>CFBundleShortVersionString</key>
        <string>\(version)</string>
        """,
    ]
  }

  /// `NAME.framework` with `version`, as the SDK shipped it before its xcframeworks (`IntuneMAM.framework`).
  static func framework(_ name: String, version: String) -> [String: String] {
    ["\(name).framework/Info.plist": "<key>CFBundleShortVersionString</key>\n<string>\(version)</string>"]
  }
}

extension ExampleFiles {
  /// The Info.plist body of a managed share extension.
  static let intuneShareExtensionInfoPlist = """
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
}

extension ExampleFiles {
  /// The Info.plist body of a managed File Provider extension of `point` (`com.apple.fileprovider-nonui`).
  static func fileProviderInfoPlist(point: String) -> String {
    """
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
    \t<string>\(point)</string>
    </dict>
    """
  }
}

extension ExampleFiles {
  /// The entitlements body of an Intune target: its keychain groups.
  static let intuneEntitlements = """
    <key>keychain-access-groups</key>
    <array>
    \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
    \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
    \t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
    </array>
    """
}

extension ExampleProject.Target {
  /// The same target with `↓` before the objects of its Run Script phases at `indexes` (of `scripts`).
  func markingScripts(_ indexes: Set<Int>) -> ExampleProject.Target {
    var target = self
    target.markScripts = indexes
    return target
  }
}

/// The dependency files of the examples that link MSAL through CocoaPods.
enum MSALExampleFiles {
  /// A `Podfile` whose target `App` asks for MSAL, and the `Podfile.lock` that resolved it to `msal`.
  static func podfile(msal: String) -> [String: String] {
    [
      "Podfile": """
        platform :ios, '16.0'
        target 'App' do
          pod 'MSAL'
        end
        """,
      "Podfile.lock": """
        PODS:
          - MSAL (\(msal)):
            - MSAL/app-lib (= \(msal))
          - MSAL/app-lib (\(msal))

        DEPENDENCIES:
          - MSAL

        COCOAPODS: 1.16.2
        """,
    ]
  }
}

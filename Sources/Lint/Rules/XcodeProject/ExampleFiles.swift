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

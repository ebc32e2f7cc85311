import Foundation
import Testing

/// `targets`, `lint` and `fix` on .NET MAUI and Xamarin.iOS projects (`*.csproj`), read through the project model.
@Suite struct DotNetProjectCommandTests {
  private func write(_ files: [String: String], into folder: TemporaryFolder) throws {
    for (name, text) in files {
      let url = folder.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  private static func project(
    itemGroupCondition: String, package: String, extra: String = "", version: String = "21.9.0"
  ) -> String {
    """
    <Project Sdk="Microsoft.NET.Sdk">
      <PropertyGroup>
        <TargetFrameworks>net9.0-android;net9.0-ios;net9.0-maccatalyst</TargetFrameworks>
        <OutputType>Exe</OutputType>
        <UseMaui>true</UseMaui>
        <SingleProject>true</SingleProject>
        <ApplicationId>com.contoso.notes</ApplicationId>
      </PropertyGroup>
      <PropertyGroup Condition="'$(Configuration)|$(TargetFramework)|$(Platform)'=='Debug|net9.0-ios|AnyCPU'">
        <CodesignEntitlements>Signing/App.entitlements</CodesignEntitlements>
      </PropertyGroup>
      <PropertyGroup Condition="'$(Configuration)|$(TargetFramework)|$(Platform)'=='Release|net9.0-ios|AnyCPU'">
        <CodesignKey>iPhone Distribution</CodesignKey>
      </PropertyGroup>
      <ItemGroup Condition="\(itemGroupCondition)">
        <PackageReference Include="\(package)" Version="\(version)" />\(extra)
      </ItemGroup>
    </Project>
    """
  }

  /// An app Info.plist with Intune settings and nothing the configurator writes (no query schemes, no twins).
  private static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleURLTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleURLSchemes</key>
    \t\t\t<array>
    \t\t\t\t<string>msauth.com.contoso.notes</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>IntuneMAMSettings</key>
    \t<dict>
    \t\t<key>ADALClientId</key>
    \t\t<string>6f5f3a4e-1c3d-4a8e-9a2b-1f2e3d4c5b6a</string>
    \t\t<key>ADALRedirectUri</key>
    \t\t<string>msauth.com.contoso.notes://auth</string>
    \t</dict>
    </dict>
    </plist>
    """

  private static let entitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>keychain-access-groups</key>
    \t<array>
    \t\t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
    \t\t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
    \t\t<string>$(AppIdentifierPrefix)com.microsoft.adalcache</string>
    \t</array>
    </dict>
    </plist>
    """

  private static let macCatalystPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>LSApplicationCategoryType</key>
    \t<string>public.app-category.productivity</string>
    </dict>
    </plist>
    """

  private func files(_ project: String) -> [String: String] {
    [
      "App/App.csproj": project, "App/Platforms/iOS/Info.plist": Self.infoPlist,
      "App/Platforms/MacCatalyst/Info.plist": Self.macCatalystPlist, "App/Signing/App.entitlements": Self.entitlements,
    ]
  }

  private func diagnostics(_ result: CommandResult) throws -> [[String: Any]] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    return try #require(object["diagnostics"] as? [[String: Any]])
  }

  /// The Intune package limited to Android makes nothing of the iOS app an Intune app: no Intune finding, and
  /// `fix --unsafe` writes nothing.
  @Test func androidOnlyIntunePackageIsNoIntuneSDKForIOS() throws {
    let folder = try TemporaryFolder()
    let project = Self.project(
      itemGroupCondition: "$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'android'",
      package: "Microsoft.Intune.Maui.Essentials.android")
    var files = files(project)
    files["App/Platforms/iOS/Info.plist"] = Self.macCatalystPlist
    files["App/Signing/App.entitlements"] = Self.macCatalystPlist
    try write(files, into: folder)
    let lint = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
    #expect(try diagnostics(lint).isEmpty)
    let fix = try Sharelint.run(["fix", "--unsafe"], in: folder.url)
    #expect(fix.status == 0 || fix.status == 1)
    let after = try String(
      contentsOf: folder.url.appendingPathComponent("App/Platforms/iOS/Info.plist"), encoding: .utf8)
    #expect(after == Self.macCatalystPlist)
  }

  /// The iOS Intune package: the app is an Intune app, the configurator's keys are the build's (a note says so),
  /// what it does not write is still reported, Release without entitlements is reported at its PropertyGroup, and
  /// Mac Catalyst is claimed but not linted as iOS.
  @Test func intunePackageRunsTheConfiguratorAtBuildTime() throws {
    let folder = try TemporaryFolder()
    try write(
      files(Self.project(itemGroupCondition: "$(TargetFramework.Contains('-ios'))",
                         package: "Microsoft.Intune.Maui.Essentials.iOS")),
      into: folder)
    let targets = try Sharelint.run(["targets"], in: folder.url)
    #expect(targets.status == 0)
    let lines = targets.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("App/App.csproj: App (com.apple.product-type.application)"))
    #expect(lines.contains("App/App.csproj: App (Mac Catalyst) (com.apple.product-type.application)"))
    #expect(lines.contains("    bundle identifier: com.contoso.notes  (App/App.csproj:7)"))
    #expect(lines.contains("    entitlements: App/Signing/App.entitlements  (App/App.csproj:10)"))

    let lint = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    #expect(lint.status == 1)
    let found = try diagnostics(lint).map { "\($0["file"] ?? "") \($0["line"] ?? "") \($0["code"] ?? "")" }
    #expect(found == ["App/App.csproj 12 XC010", "App/Platforms/iOS/Info.plist 13 IM011"])
    // The finding names the property the project writes, not the Xcode setting it is read as.
    let entitlementsMessage = try diagnostics(lint).first { ($0["code"] as? String) == "XC010" }?["message"] as? String
    #expect(
      entitlementsMessage == "'CodesignEntitlements' is not set: 'App' has no entitlements, so the Intune SDK's "
        + "keychain calls fail (-34018)")

    // The package's Version is the SDK's release: an old one meets the release rules at its PackageReference.
    try write(
      files(Self.project(itemGroupCondition: "$(TargetFramework.Contains('-ios'))",
                         package: "Microsoft.Intune.Maui.Essentials.iOS", version: "20.4.1")),
      into: folder)
    let old = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    let oldFound = try diagnostics(old).map { "\($0["file"] ?? "") \($0["line"] ?? "") \($0["code"] ?? "")" }
    #expect(oldFound.contains("App/App.csproj 16 XC026"))
    #expect(!oldFound.contains { $0.hasSuffix("XC024") })  // the package's version is no MSAL version
    let text = try Sharelint.run(["lint"], in: folder.url)
    #expect(text.standardError.contains(
      "App/App.csproj:16: 'App' links 'Microsoft.Intune.Maui.Essentials.iOS', which runs IntuneMAMConfigurator on the "
        + "built Info.plist at every build"))
    #expect(
      text.standardError.contains("'App/App.csproj › App (Mac Catalyst)' builds for 'macosx', not iOS: not linted"))
    // `fix --unsafe` adds the Face ID text (the configurator does not) and none of the configurator's keys.
    _ = try Sharelint.run(["fix", "--unsafe"], in: folder.url)
    let fixed = try String(
      contentsOf: folder.url.appendingPathComponent("App/Platforms/iOS/Info.plist"), encoding: .utf8)
    #expect(fixed.contains("NSFaceIDUsageDescription"))
    #expect(!fixed.contains("LSApplicationQueriesSchemes"))
    #expect(!fixed.contains("-intunemam"))
  }

  /// A PartialAppManifest's keys are part of the Info.plist the build makes: the Face ID text it sets counts.
  @Test func partialAppManifestIsMergedBeforeLinting() throws {
    let folder = try TemporaryFolder()
    var files = files(
      Self.project(
        itemGroupCondition: "$(TargetFramework.Contains('-ios'))", package: "Microsoft.Intune.Maui.Essentials.iOS",
        extra: "\n    <PartialAppManifest Include=\"Platforms/iOS/FaceID.plist\" />"))
    files["App/Platforms/iOS/FaceID.plist"] = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>NSFaceIDUsageDescription</key>
      \t<string>Unlock Notes with Face ID</string>
      \t<key>IntuneMAMSettings</key>
      \t<dict>
      \t\t<key>ADALRedirectUri</key>
      \t\t<string>REPLACE-ME</string>
      \t</dict>
      </dict>
      </plist>
      """
    try write(files, into: folder)
    let lint = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    // The Face ID text comes from the partial manifest; the placeholder it sets is reported in it.
    let found = try diagnostics(lint).map { "\($0["file"] ?? "") \($0["line"] ?? "") \($0["code"] ?? "")" }
    #expect(found == ["App/App.csproj 12 XC010", "App/Platforms/iOS/FaceID.plist 9 IM017"])
    let targets = try Sharelint.run(["targets"], in: folder.url)
    #expect(targets.standardOutput.contains(
      "note: 'App/Platforms/iOS/Info.plist' is read as the .NET build with the PartialAppManifest "
        + "'Platforms/iOS/FaceID.plist' (App/App.csproj:17) merges it"))
  }

  /// A condition no one can evaluate is a located note, not a guess.
  @Test func unevaluableConditionIsALocatedNote() throws {
    let folder = try TemporaryFolder()
    try write(
      files(Self.project(itemGroupCondition: "$([System.IO.File]::Exists('x'))", package: "Some.Package")),
      into: folder)
    let lint = try Sharelint.run(["lint"], in: folder.url)
    #expect(lint.standardError.contains(
      "App/App.csproj:15: the condition \"$([System.IO.File]::Exists('x'))\" cannot be evaluated"))
  }

  /// A project file that is not well-formed XML is handled as a malformed `project.pbxproj` is: a located error on
  /// standard error and exit status 2, and the rest of the repository is still linted.
  @Test func malformedProjectFileIsALocatedErrorAndTheRestIsLinted() throws {
    let folder = try TemporaryFolder()
    var files = files(
      Self.project(itemGroupCondition: "$(TargetFramework.Contains('-ios'))", package: "Some.Package"))
    files["App/App.csproj"] = """
      <Project Sdk="Microsoft.NET.Sdk">
        <PropertyGroup>
          <OutputType>Exe</OutputType>
        </PropertyGroup
      </Project>
      """
    files["Other/Info.plist"] = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>NSExtension</key>
      \t<dict>
      \t\t<key>NSExtensionPointIdentifier</key>
      \t\t<string>com.apple.share-services</string>
      \t\t<key>NSExtensionAttributes</key>
      \t\t<dict>
      \t\t\t<key>NSExtensionActivationRule</key>
      \t\t\t<string>TRUEPREDICATE</string>
      \t\t</dict>
      \t</dict>
      </dict>
      </plist>
      """
    try write(files, into: folder)
    let lint = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    #expect(lint.status == 2)
    #expect(lint.standardError.contains("sharelint: App/App.csproj:5:1: expected '>' to end '</PropertyGroup'"))
    // The share extension beside it is still linted, as beside a malformed project.pbxproj.
    let found = try diagnostics(lint).map { "\($0["file"] ?? "") \($0["code"] ?? "")" }
    #expect(found == ["Other/Info.plist AR003"])
    let targets = try Sharelint.run(["targets"], in: folder.url)
    #expect(targets.status == 2)
    #expect(targets.standardError == "sharelint: App/App.csproj:5:1: expected '>' to end '</PropertyGroup'\n")
  }

  /// A project file in UTF-16, as Visual Studio for Windows may save it, reads as in UTF-8.
  @Test func utf16ProjectFileIsRead() throws {
    let folder = try TemporaryFolder()
    var files = files(
      Self.project(itemGroupCondition: "$(TargetFramework.Contains('-ios'))", package: "Some.Package"))
    let removed = files.removeValue(forKey: "App/App.csproj")
    let project = try #require(removed)
    try write(files, into: folder)
    try Data([0xFF, 0xFE] + project.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
      .write(to: folder.url.appendingPathComponent("App/App.csproj"))
    let targets = try Sharelint.run(["targets"], in: folder.url)
    #expect(targets.status == 0, "\(targets.standardError)")
    #expect(targets.standardOutput.contains("    bundle identifier: com.contoso.notes  (App/App.csproj:7)"))
  }
}

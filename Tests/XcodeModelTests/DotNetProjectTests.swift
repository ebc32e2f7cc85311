import Foundation
import PropertyList
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

/// .NET projects (`*.csproj`) read into the project model: MSBuild conditions and properties, the targets per Apple
/// target framework, the Info.plist and entitlements each configuration builds, and what the iOS app links.
@Suite(".NET projects")
struct DotNetProjectTests {
  /// Writes `files` (path → text) under a fresh folder holding `.git`; returns the folder's path.
  static func repository(_ files: [String: String]) throws -> String {
    let folder = try TemporaryFolders.make("dotnet-project")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder.path
  }

  static let plist = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>\n"

  /// A MAUI single project for iOS, Mac Catalyst and Android whose Intune package is limited to Android, with
  /// `CodesignEntitlements` in Debug only and a condition no one can evaluate.
  static let mauiProject = """
    <Project Sdk="Microsoft.NET.Sdk">
      <PropertyGroup>
        <TargetFrameworks>net9.0-android;net9.0-ios;net9.0-maccatalyst</TargetFrameworks>
        <OutputType>Exe</OutputType>
        <UseMaui>true</UseMaui>
        <SingleProject>true</SingleProject>
        <ApplicationDisplayVersion>2.1</ApplicationDisplayVersion>
      </PropertyGroup>
      <PropertyGroup Condition="'$(Configuration)|$(TargetFramework)|$(Platform)'=='Debug|net9.0-ios|AnyCPU'">
        <CodesignEntitlements>Signing/Debug.entitlements</CodesignEntitlements>
        <CodesignKey>Apple Development</CodesignKey>
      </PropertyGroup>
      <PropertyGroup Condition="$([System.IO.File]::Exists('x'))">
        <ApplicationId>com.example.never</ApplicationId>
      </PropertyGroup>
      <ItemGroup Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'android'">
        <PackageReference Include="Microsoft.Intune.Maui.Essentials.android" Version="10.0.0" />
      </ItemGroup>
      <ItemGroup Condition="$(TargetFramework.Contains('-ios'))">
        <PackageReference Include="Example.iOSOnly" Version="1.0.0" />
      </ItemGroup>
    </Project>
    """

  static func read(_ folder: String, _ project: String) throws -> ProjectFormatReading {
    try DotNetProjectFormat.read(PathText.joined(folder, project), boundary: .current)
  }

  @Test func eachApplePlatformIsATargetAndAndroidIsIgnored() throws {
    let folder = try Self.repository([
      "App/App.csproj": Self.mauiProject,
      "App/Directory.Build.props": """
        <Project><PropertyGroup><ApplicationId>com.example.app</ApplicationId></PropertyGroup></Project>
        """,
      "App/Platforms/iOS/Info.plist": Self.plist, "App/Platforms/MacCatalyst/Info.plist": Self.plist,
      "App/Signing/Debug.entitlements": Self.plist,
    ])
    let reading = try Self.read(folder, "App/App.csproj")
    #expect(reading.project.targets.map(\.name) == ["App", "App (Mac Catalyst)"])
    #expect(reading.files.map { PathText.lastComponent(of: $0) } == ["App.csproj", "Directory.Build.props"])
    var cache = XcconfigCache()
    let iOS = reading.project.configurations(of: reading.project.targets[0], cache: &cache)
    #expect(iOS.map(\.name) == ["Debug", "Release"])
    // The bundle id comes from Directory.Build.props, located there.
    #expect(iOS[0].bundleIdentifier?.resolved == "com.example.app")
    #expect(iOS[0].bundleIdentifier?.origin.description.hasSuffix("Directory.Build.props:1") == true)
    #expect(iOS[0].infoPlistPath?.resolved?.hasSuffix("App/Platforms/iOS/Info.plist") == true)
    // CodesignEntitlements is set for Debug only; Release signs without entitlements (no default file exists).
    #expect(iOS[0].entitlementsPath?.resolved?.hasSuffix("App/Signing/Debug.entitlements") == true)
    #expect(iOS[1].entitlementsPath == nil)
    #expect(iOS[0].settings.evaluate("$(SDKROOT) $(MARKETING_VERSION)").value == "iphoneos 2.1")
    let catalyst = reading.project.configurations(of: reading.project.targets[1], cache: &cache)
    #expect(catalyst[0].settings.evaluate("$(SDKROOT)").value == "macosx")
    #expect(catalyst[0].infoPlistPath?.resolved?.hasSuffix("App/Platforms/MacCatalyst/Info.plist") == true)
    // The condition that cannot be evaluated is a located note; what it guards is left out, not guessed.
    #expect(reading.notes.contains { $0.line == 13 && $0.message.contains("cannot be evaluated") })
  }

  @Test func directoryBuildFilesChainAsMSBuildImportsThem() throws {
    let folder = try Self.repository([
      "Directory.Build.props": """
        <Project><PropertyGroup><ApplicationDisplayVersion>3.0</ApplicationDisplayVersion></PropertyGroup></Project>
        """,
      "App/Directory.Build.props": """
        <Project>
          <Import Project="$([MSBuild]::GetPathOfFileAbove('Directory.Build.props', '$(MSBuildThisFileDirectory)../'))" />
          <PropertyGroup><ApplicationId>com.example.$(ApplicationDisplayVersion)</ApplicationId></PropertyGroup>
        </Project>
        """,
      "App/Directory.Build.targets": """
        <Project><PropertyGroup><CodesignKey>Apple Distribution</CodesignKey></PropertyGroup></Project>
        """,
      "App/App.csproj": """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFramework>net9.0-ios</TargetFramework>
            <OutputType>Exe</OutputType>
            <CodesignKey>Apple Development</CodesignKey>
          </PropertyGroup>
        </Project>
        """,
    ])
    let reading = try Self.read(folder, "App/App.csproj")
    #expect(reading.notes.isEmpty, "\(reading.notes)")
    #expect(reading.files.count == 4)
    var cache = XcconfigCache()
    let debug = try #require(reading.project.configurations(of: reading.project.targets[0], cache: &cache).first)
    #expect(debug.bundleIdentifier?.resolved == "com.example.3.0")
    // Directory.Build.targets is read after the project: its value wins.
    #expect(debug.settings.evaluate("$(CODE_SIGN_IDENTITY) $(MARKETING_VERSION)").value == "Apple Distribution 3.0")
  }

  @Test func packagesAreLinkedPerTargetFramework() throws {
    let folder = try Self.repository(["App/App.csproj": Self.mauiProject, "App/Platforms/iOS/Info.plist": Self.plist])
    let path = PathText.joined(folder, "App/App.csproj")
    #expect(DotNetProjectFormat.iOSPackageReferences(inProjectAt: path) == ["Example.iOSOnly"])
    let report = XcodeTargetsReport(paths: [path])
    let iOS = try #require(report.targets.first { $0.name == "App" })
    #expect(iOS.buildFacts.linkedFiles.map(\.file.name) == ["Example.iOSOnly"])
    #expect(iOS.buildFacts.linkedFiles.map(\.bundleVersion) == ["1.0.0"])
    let catalyst = try #require(report.targets.first { $0.name == "App (Mac Catalyst)" })
    #expect(catalyst.buildFacts.linkedFiles.isEmpty)
  }

  /// A version the project leaves to the SDK (`$(MauiVersion)`, undefined in the repository) is no version, not "".
  @Test func aVersionTheProjectDoesNotStateIsNone() throws {
    let project = Self.mauiProject.replacingOccurrences(of: "Version=\"1.0.0\"", with: "Version=\"$(MauiVersion)\"")
    let folder = try Self.repository(["App/App.csproj": project, "App/Platforms/iOS/Info.plist": Self.plist])
    let report = XcodeTargetsReport(paths: [PathText.joined(folder, "App/App.csproj")])
    let iOS = try #require(report.targets.first { $0.name == "App" })
    #expect(iOS.buildFacts.linkedFiles.map(\.file.name) == ["Example.iOSOnly"])
    #expect(iOS.buildFacts.linkedFiles.map(\.bundleVersion) == [nil])
  }

  @Test func mauiSingleProjectEntitlementsWinOverTheProjectsSetting() throws {
    // Microsoft.Maui.Controls.SingleProject.Before.targets sets CodesignEntitlements after the project when the
    // platform folder has an Entitlements.plist.
    let folder = try Self.repository([
      "App/App.csproj": Self.mauiProject, "App/Platforms/iOS/Info.plist": Self.plist,
      "App/Platforms/iOS/Entitlements.plist": Self.plist,
    ])
    let reading = try Self.read(folder, "App/App.csproj")
    var cache = XcconfigCache()
    let iOS = reading.project.configurations(of: reading.project.targets[0], cache: &cache)
    #expect(iOS.allSatisfy { $0.entitlementsPath?.resolved?.hasSuffix("Platforms/iOS/Entitlements.plist") == true })
  }

  @Test func legacyXamarinProjectIsOneIOSAppBuiltForTheDevice() throws {
    let project = """
      <?xml version="1.0" encoding="utf-8"?>
      <Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
        <PropertyGroup>
          <Configuration Condition=" '$(Configuration)' == '' ">Debug</Configuration>
          <Platform Condition=" '$(Platform)' == '' ">iPhoneSimulator</Platform>
          <ProjectTypeGuids>{FEACFBD2-3405-455C-9665-78FE426C6842};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
          <OutputType>Exe</OutputType>
        </PropertyGroup>
        <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Release|iPhone' ">
          <CodesignEntitlements>Entitlements.plist</CodesignEntitlements>
        </PropertyGroup>
        <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Ad-Hoc|iPhone' ">
          <CodesignKey>iPhone Distribution</CodesignKey>
        </PropertyGroup>
        <ItemGroup>
          <None Include="Info.plist" />
          <Reference Include="Microsoft.Intune.MAM.iOS">
            <HintPath>..\\packages\\Microsoft.Intune.MAM.Xamarin.iOS.17.4.0\\lib\\xamarinios10\\X.dll</HintPath>
          </Reference>
        </ItemGroup>
      </Project>
      """
    let folder = try Self.repository([
      "Legacy/Legacy.csproj": project, "Legacy/Entitlements.plist": Self.plist,
      "Legacy/Info.plist": """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.legacy</string>
        </dict>
        </plist>
        """,
    ])
    let reading = try Self.read(folder, "Legacy/Legacy.csproj")
    #expect(reading.project.targets.map(\.name) == ["Legacy"])
    var cache = XcconfigCache()
    let configurations = reading.project.configurations(of: reading.project.targets[0], cache: &cache)
    #expect(configurations.map(\.name) == ["Debug", "Release", "Ad-Hoc"])
    // The Info.plist's CFBundleIdentifier is the bundle id of a legacy project, shown where the Info.plist writes it.
    #expect(configurations.allSatisfy { $0.bundleIdentifier?.resolved == "com.example.legacy" })
    #expect(configurations[0].bundleIdentifier?.origin.description.hasSuffix("Legacy/Info.plist:5") == true)
    #expect(configurations[0].entitlementsPath == nil)
    #expect(configurations[1].entitlementsPath?.resolved?.hasSuffix("Legacy/Entitlements.plist") == true)
    #expect(configurations[0].infoPlistPath?.resolved?.hasSuffix("Legacy/Info.plist") == true)
    #expect(
      DotNetProjectFormat.iOSPackageReferences(inProjectAt: PathText.joined(folder, "Legacy/Legacy.csproj"))
        == ["Microsoft.Intune.MAM.Xamarin.iOS"])
  }

  @Test func aLibraryProjectHasNoTargets() throws {
    let folder = try Self.repository([
      "Lib/Lib.csproj": "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup>"
        + "<TargetFramework>net8.0-ios</TargetFramework></PropertyGroup></Project>"
    ])
    #expect(try Self.read(folder, "Lib/Lib.csproj").project.targets.isEmpty)
  }

  @Test func conditionsEvaluateAsMSBuildDoes() throws {
    var scope = MSBuildScope()
    scope.properties = ["configuration": "Release", "platform": "iPhone", "targetframework": "net8.0-ios18.0"]
    #expect(try scope.holds("'$(Configuration)|$(Platform)' == 'release|iphone'"))
    #expect(try !scope.holds("'$(Configuration)|$(TargetFramework)|$(Platform)'=='Debug|net8.0-ios18.0|AnyCPU'"))
    #expect(try scope.holds("$(TargetFramework.Contains('-ios'))"))
    #expect(try scope.holds("$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'ios'"))
    #expect(try scope.holds("!($(TargetFramework.StartsWith('net7')) or '$(Platform)' == 'AnyCPU')"))
    #expect(try scope.holds("$([MSBuild]::GetTargetPlatformVersion('$(TargetFramework)')) >= 17.0"))
    // A string method on a property through System.String (dotnet/maui-samples' LiveActivityDemo), and on the value
    // of an [MSBuild] function.
    #expect(try !scope.holds("$([System.String]::Copy('$(RuntimeIdentifier)').StartsWith('iossimulator'))"))
    #expect(try scope.holds("!$([System.String]::Copy('$(RuntimeIdentifier)').StartsWith('iossimulator'))"))
    #expect(try scope.holds("$([System.String]::IsNullOrEmpty('$(RuntimeIdentifier)'))"))
    #expect(try scope.holds("$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)').ToUpper()) == 'IOS'"))
    #expect(throws: MSBuildUnknown.self) { try scope.holds("$([System.String]::Format('{0}', 'x'))") }
    // Evaluated as on the Mac that builds the iOS app.
    #expect(try !scope.holds("$([MSBuild]::IsOSPlatform('windows'))"))
    // An unknown side does not matter when the other decides.
    #expect(try !scope.holds("'$(Configuration)' == 'Debug' and $([System.IO.File]::Exists('x'))"))
    #expect(throws: MSBuildUnknown.self) { try scope.holds("$([System.IO.File]::Exists('x'))") }
    let deep = String(repeating: "(", count: 40) + "true" + String(repeating: ")", count: 40)
    #expect(throws: MSBuildUnknown.self) { try scope.holds(deep) }
  }

  @Test func malformedOrDeepXMLIsALocatedError() {
    var unclosed = MSBuildXMLReader(bytes: Array("<Project>\n  <PropertyGroup>\n</Project>".utf8), name: "a.csproj")
    #expect(throws: XcodeProjectError("'</Project>' closes '<PropertyGroup>'", file: "a.csproj", line: 3, column: 1)) {
      try unclosed.read()
    }
    let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
    var deepReader = MSBuildXMLReader(bytes: Array(deep.utf8), name: "d.props")
    #expect(throws: XcodeProjectError.self) { try deepReader.read() }
    var doctype = MSBuildXMLReader(bytes: Array("<!DOCTYPE x [<!ENTITY a 'b'>]><Project/>".utf8), name: "e.csproj")
    #expect(throws: XcodeProjectError.self) { try doctype.read() }
    var entities = MSBuildXMLReader(bytes: Array("\u{FEFF}<P a=\"&lt;&#65;\">x&amp;y<!-- c --></P>".utf8), name: "f")
    let document = try? entities.read()
    #expect(document?.root.attribute("A") == "<A")
    #expect(document?.root.text == "x&y")
  }

  /// MSBuild reads a project file in UTF-16 (with or without its byte order mark) as in UTF-8: the same model, the
  /// same lines.
  @Test func utf16ProjectFileIsReadAsMSBuildReadsIt() throws {
    let project = """
      <?xml version="1.0" encoding="utf-16"?>
      <Project Sdk="Microsoft.NET.Sdk">
        <PropertyGroup>
          <TargetFramework>net9.0-ios</TargetFramework>
          <OutputType>Exe</OutputType>
          <ApplicationId>com.example.caf\u{E9}</ApplicationId>
        </PropertyGroup>
      </Project>
      """
    func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
      let units = (byteOrderMark ? [0xFEFF] : []) + Array(text.utf16)
      return units.flatMap { unit in
        bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
    }
    for (bigEndian, byteOrderMark) in [(false, true), (true, true), (false, false), (true, false)] {
      let folder = try Self.repository(["App/Info.plist": Self.plist])
      let bytes = utf16(project, bigEndian: bigEndian, byteOrderMark: byteOrderMark)
      try Data(bytes).write(to: URL(fileURLWithPath: PathText.joined(folder, "App/App.csproj")))
      let reading = try Self.read(folder, "App/App.csproj")
      var cache = XcconfigCache()
      let debug = try #require(reading.project.configurations(of: reading.project.targets[0], cache: &cache).first)
      #expect(debug.bundleIdentifier?.resolved == "com.example.caf\u{E9}")
      #expect(debug.bundleIdentifier?.origin.description.hasSuffix("App/App.csproj:6") == true)
    }
    // A UTF-8 byte order mark is skipped; half a UTF-16 character is a located error, not a crash.
    var utf8 = MSBuildXMLReader(bytes: [0xEF, 0xBB, 0xBF] + Array("<Project/>".utf8), name: "a.csproj")
    #expect(try utf8.read().root.name == "Project")
    var odd = MSBuildXMLReader(bytes: [0xFF, 0xFE, 0x3C, 0x00, 0x50], name: "b.csproj")
    #expect(throws: XcodeProjectError("the UTF-16 file ends in the middle of a character", file: "b.csproj")) {
      try odd.read()
    }
  }

  /// PartialAppManifest items merge as dotnet/macios's `MergePartialPlistDictionary`: dictionaries at any depth key
  /// by key, anything else (arrays too) replaced whole, new keys after the old, `Overwrite="false"` keeping what is
  /// there.
  @Test func partialManifestsMergeAtAnyDepth() {
    typealias Entry = PropertyListValue.Entry
    let base: [Entry] = [
      Entry("A", .dictionary([
        Entry(
          "B", .dictionary([Entry("C", .dictionary([Entry("kept", .string("base")), Entry("D", .string("old"))]))])),
        Entry("list", .array([.string("one")])),
      ])),
      Entry("Z", .string("z")),
    ]
    let partial: [Entry] = [
      Entry("A", .dictionary([
        Entry("B", .dictionary([Entry("C", .dictionary([Entry("D", .string("new")), Entry("E", .integer(1))]))])),
        Entry("list", .array([.string("two")])),
      ])),
      Entry("Y", .boolean(true)),
    ]
    let merged = DotNetProjectReader.merging(partial, into: base, overwrite: true)
    #expect(merged.entries == [
      Entry("A", .dictionary([
        Entry("B", .dictionary([Entry("C", .dictionary([
          Entry("kept", .string("base")), Entry("D", .string("new")), Entry("E", .integer(1)),
        ]))])),
        Entry("list", .array([.string("two")])),
      ])),
      Entry("Z", .string("z")),
      Entry("Y", .boolean(true)),
    ])
    #expect(merged.keyPathsSet == ["A.B.C.D", "A.B.C.E", "A.list", "Y"])
    let kept = DotNetProjectReader.merging(partial, into: base, overwrite: false)
    #expect(kept.entries == base + [Entry("Y", .boolean(true))])
    #expect(kept.keyPathsSet == ["Y"])
    // Deeply nested dictionaries merge without recursion.
    var deepBase = PropertyListValue.dictionary([Entry("leaf", .string("old"))])
    var deepPartial = PropertyListValue.dictionary([Entry("leaf", .string("new"))])
    for _ in 0..<500 {
      deepBase = .dictionary([Entry("k", deepBase)])
      deepPartial = .dictionary([Entry("k", deepPartial)])
    }
    guard case .dictionary(let deepBaseEntries) = deepBase, case .dictionary(let deepPartialEntries) = deepPartial
    else { return }
    let deep = DotNetProjectReader.merging(deepPartialEntries, into: deepBaseEntries, overwrite: true)
    #expect(deep.keyPathsSet.count == 1)
    #expect(deep.keyPathsSet.first?.hasSuffix("k.leaf") == true)
  }

  /// A .NET project says what its build settings are called there: messages name `CodesignEntitlements`, not
  /// `CODE_SIGN_ENTITLEMENTS`.
  @Test func settingsAreNamedAsTheProjectWritesThem() throws {
    let folder = try Self.repository(["App/App.csproj": Self.mauiProject, "App/Platforms/iOS/Info.plist": Self.plist])
    let project = try Self.read(folder, "App/App.csproj").project
    #expect(project.writtenName(ofSetting: "CODE_SIGN_ENTITLEMENTS") == "CodesignEntitlements")
    #expect(project.writtenName(ofSetting: "PRODUCT_BUNDLE_IDENTIFIER") == "ApplicationId")
    #expect(project.writtenName(ofSetting: "SDKROOT") == "SDKROOT")
  }

  /// An app extension another build makes (`AdditionalAppExtensions`) is declared as an embed of the Xcode project(s)
  /// in its folder, the target building its `Name`: the report resolves it (`CrossProjectEmbedTests`), or says in a
  /// located note why it cannot, never a guess.
  @Test func additionalAppExtensionsAreDeclaredEmbeds() throws {
    let project = """
      <Project Sdk="Microsoft.NET.Sdk">
        <PropertyGroup>
          <TargetFramework>net9.0-ios</TargetFramework>
          <OutputType>Exe</OutputType>
        </PropertyGroup>
        <ItemGroup>
          <AdditionalAppExtensions Include="$(MSBuildProjectDirectory)/../Native/Share">
            <Name>ShareExtension</Name>
            <BuildOutput>build/Release-iphoneos</BuildOutput>
          </AdditionalAppExtensions>
          <AdditionalAppExtensions Include="../Missing" Name="Widget" BuildOutput="build" />
        </ItemGroup>
      </Project>
      """
    let folder = try Self.repository([
      "App/App.csproj": project, "App/Info.plist": Self.plist, "Native/Share/Share.xcodeproj/project.pbxproj": "{}",
    ])
    let reading = try Self.read(folder, "App/App.csproj")
    #expect(reading.notes.isEmpty, "\(reading.notes)")
    let embeds = reading.project.crossProjectEmbeds
    #expect(embeds.map(\.target) == [.productName("ShareExtension"), .productName("Widget")])
    #expect(embeds.map { FileIdentity.of($0.projectPath) } == [
      FileIdentity.of(folder + "/Native/Share"), FileIdentity.of(folder + "/Missing"),
    ])
    #expect(embeds.map(\.line) == [7, 11])
    let appID = reading.project.targets.first?.id
    #expect(embeds.allSatisfy { $0.appTargetID == appID && $0.project == .folder($0.projectPath) })
    let report = XcodeTargetsReport(paths: [folder], boundary: RepositoryBoundary(roots: [folder]))
    let notes = report.notes.map(\.description).filter { $0.contains("AdditionalAppExtensions") }
    #expect(notes.count == 2, "\(notes)")
    #expect(notes.contains {
      $0.hasSuffix(
        "App/App.csproj:11: 'App' embeds 'Widget' of the folder '\(folder)/Missing' (AdditionalAppExtensions): the "
          + "repository has no such folder: it is not linted")
    })
  }

  /// MSBuild finds `Directory.Build.props` in the project's folder or any folder above, up to the repository's top
  /// (the folder holding `.git`, which is looked for, never read).
  @Test func directoryBuildPropsAboveTheProjectFolderIsImported() throws {
    let folder = try Self.repository([
      "Directory.Build.props": """
        <Project><PropertyGroup><ApplicationId>com.example.above</ApplicationId></PropertyGroup></Project>
        """,
      "src/App/App.csproj": """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFramework>net9.0-ios</TargetFramework>
            <OutputType>Exe</OutputType>
          </PropertyGroup>
        </Project>
        """,
    ])
    let reading = try Self.read(folder, "src/App/App.csproj")
    var cache = XcconfigCache()
    let debug = try #require(reading.project.configurations(of: reading.project.targets[0], cache: &cache).first)
    #expect(debug.bundleIdentifier?.resolved == "com.example.above")
  }
}

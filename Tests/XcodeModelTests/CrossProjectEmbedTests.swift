import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

/// An extension another project builds gets the app that embeds it as containing app, with the app's project: an
/// Xcode workspace's other project (`PBXReferenceProxy`), a Tuist `.project(target:path:)`, a .NET app's
/// `AdditionalAppExtensions`.
@Suite("Xcode projects: containing apps across projects")
struct CrossProjectEmbedTests {
  /// An app project `App` whose app embeds, through reference proxies to the project at `portalPath`, the products
  /// `productIDs` (remote identifiers), and depends on the remote targets `dependencyIDs`.
  static func appProject(portalPath: String, productIDs: [String], dependencyIDs: [String] = []) -> String {
    var objects = ""
    var buildFiles: [String] = []
    var proxies: [String] = []
    for (index, productID) in productIDs.enumerated() {
      objects += """
        \t\tC\(index) = {isa = PBXContainerItemProxy; containerPortal = F1; proxyType = 2; \
        remoteGlobalIDString = \(productID); remoteInfo = Share; };
        \t\tR\(index) = {isa = PBXReferenceProxy; fileType = "wrapper.app-extension"; path = Share\(index).appex; \
        remoteRef = C\(index); sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tB\(index) = {isa = PBXBuildFile; fileRef = R\(index); };

        """
      buildFiles.append("B\(index)")
      proxies.append("R\(index)")
    }
    var dependencies: [String] = []
    for (index, targetID) in dependencyIDs.enumerated() {
      objects += """
        \t\tDC\(index) = {isa = PBXContainerItemProxy; containerPortal = F1; proxyType = 1; \
        remoteGlobalIDString = \(targetID); remoteInfo = Share; };
        \t\tD\(index) = {isa = PBXTargetDependency; name = Share; targetProxy = DC\(index); };

        """
      dependencies.append("D\(index)")
    }
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjectVersion = 56;
      \tobjects = {
      \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; \
      projectReferences = ({ProductGroup = G2; ProjectRef = F1; }); targets = (T1, ); };
      \t\tG1 = {isa = PBXGroup; children = (F1, G2, ); sourceTree = "<group>"; };
      \t\tG2 = {isa = PBXGroup; children = (\(proxies.joined(separator: ", "))); name = Products; \
      sourceTree = "<group>"; };
      \t\tF1 = {isa = PBXFileReference; lastKnownFileType = "wrapper.pb-project"; path = "\(portalPath)"; \
      sourceTree = "<group>"; };
      \(objects)
      \t\tE1 = {isa = PBXCopyFilesBuildPhase; dstPath = ""; dstSubfolderSpec = 13; \
      files = (\(buildFiles.joined(separator: ", "))); name = "Embed Foundation Extensions"; };
      \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (E1, ); \
      dependencies = (\(dependencies.joined(separator: ", "))); name = App; productName = App; \
      productType = "com.apple.product-type.application"; };
      \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
      \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, ); };
      \t\tPD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
      \t\tTD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; \
      PRODUCT_BUNDLE_IDENTIFIER = com.contoso.app; }; name = Debug; };
      \t};
      \trootObject = P1;
      }
      """
  }

  /// A project of `count` app-extension targets `Share0`, `Share1`…, target `S<n>` building product `SP<n>`.
  static func extensionProject(count: Int = 1) -> String {
    var objects = ""
    for index in 0..<count {
      objects += """
        \t\tSP\(index) = {isa = PBXFileReference; path = Share\(index).appex; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tS\(index) = {isa = PBXNativeTarget; buildConfigurationList = SL\(index); buildPhases = (); \
        dependencies = (); name = Share\(index); productName = Share\(index); productReference = SP\(index); \
        productType = "com.apple.product-type.app-extension"; };
        \t\tSL\(index) = {isa = XCConfigurationList; buildConfigurations = (SD\(index), ); };
        \t\tSD\(index) = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Share/Info.plist; \
        PRODUCT_BUNDLE_IDENTIFIER = com.contoso.notes.share\(index); }; name = Debug; };

        """
    }
    let targets = (0..<count).map { "S\($0)" }.joined(separator: ", ")
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjectVersion = 56;
      \tobjects = {
      \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; \
      targets = (\(targets)); };
      \t\tG1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
      \(objects)
      \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
      \t\tPD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
      \t};
      \trootObject = P1;
      }
      """
  }

  static let workspace = """
    <?xml version="1.0" encoding="UTF-8"?>
    <Workspace version = "1.0">
       <FileRef location = "group:App/App.xcodeproj"></FileRef>
       <FileRef location = "group:Share/Share.xcodeproj"></FileRef>
    </Workspace>
    """

  /// The JSON objects of the report's targets, by name.
  static func jsonTargets(_ report: XcodeTargetsReport) throws -> [String: [String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
    let targets = try #require(object["targets"] as? [[String: Any]])
    return Dictionary(targets.map { ($0["name"] as? String ?? "", $0) }) { first, _ in first }
  }

  @Test func anExtensionOfAnotherProjectOfTheWorkspaceIsEmbeddedInTheApp() throws {
    let folder = try XcodeFixtures.folder([
      "App.xcworkspace/contents.xcworkspacedata": Self.workspace,
      "App/App.xcodeproj/project.pbxproj": Self.appProject(
        portalPath: "../Share/Share.xcodeproj", productIDs: ["SP0"], dependencyIDs: ["S0"]),
      "Share/Share.xcodeproj/project.pbxproj": Self.extensionProject(),
    ])
    let report = XcodeTargetsReport(paths: [folder], boundary: RepositoryBoundary(roots: [folder]))
    let appProject = folder + "/App/App.xcodeproj"
    let share = try #require(report.targets.first { $0.name == "Share0" })
    #expect(share.containingApp == "App")
    #expect(share.containingAppProject == appProject)
    #expect(share.containingApps == ["App"])
    #expect(report.notes.isEmpty, "\(report.notes)")
    #expect(
      report.text().contains(
        "\(folder)/Share/Share.xcodeproj: Share0 (com.apple.product-type.app-extension), embedded in App "
          + "(\(appProject))\n"))
    let json = try Self.jsonTargets(report)
    #expect(json["Share0"]?["containingApp"] as? String == "App")
    #expect(json["Share0"]?["containingAppProject"] as? String == appProject)
    #expect(json["Share0"]?["containingApps"] as? [String] == ["App"])
    #expect(json["Share0"]?["containingAppProjects"] as? [String] == [appProject])
    #expect(json["App"]?["containingAppProject"] is NSNull)
    #expect((json["App"]?["containingAppProjects"] as? [Any])?.isEmpty == true)
  }

  /// The app's project names the other project: it is read although no walk reached it, when it is inside the
  /// boundary; outside, the embed is a located note.
  @Test func aNamedProjectTheWalkDidNotReachIsReadOnlyInsideTheBoundary() throws {
    let folder = try XcodeFixtures.folder([
      "App/App.xcodeproj/project.pbxproj": Self.appProject(portalPath: "../Share/Share.xcodeproj", productIDs: ["SP0"]),
      "Share/Share.xcodeproj/project.pbxproj": Self.extensionProject(),
    ])
    let appProject = folder + "/App/App.xcodeproj"
    let inside = XcodeTargetsReport(paths: [appProject], boundary: RepositoryBoundary(roots: [folder]))
    #expect(inside.targets.map(\.name) == ["App", "Share0"])
    #expect(inside.targets.last?.containingAppProject == appProject)
    #expect(inside.projectPaths.count == 2)

    let outside = XcodeTargetsReport(paths: [appProject], boundary: RepositoryBoundary(roots: [folder + "/App"]))
    #expect(outside.targets.map(\.name) == ["App"])
    #expect(outside.notes.map(\.description) == [
      "\(appProject)/project.pbxproj:12: 'App' embeds 'Share0.appex' of the project '\(folder)/Share/Share.xcodeproj' "
        + "(PBXReferenceProxy): it is outside the folders sharelint reads: it is not linted"
    ])
  }

  /// A project that is not there, or a target it does not have, is a located note, once per app and project however
  /// many products name it; the rest still resolves. A dependency that cannot be resolved is no note.
  @Test func whatCannotBeResolvedIsALocatedNote() throws {
    let folder = try XcodeFixtures.folder([
      "App/App.xcodeproj/project.pbxproj": Self.appProject(
        portalPath: "../Share/Share.xcodeproj", productIDs: ["SP0", "SP9"]),
      "Share/Share.xcodeproj/project.pbxproj": Self.extensionProject(),
      "Other/App.xcodeproj/project.pbxproj": Self.appProject(
        portalPath: "../Gone/Gone.xcodeproj", productIDs: ["SP0", "SP1", "SP2"], dependencyIDs: ["S0"]),
      // A dependency alone (most often on a framework) that cannot be resolved says nothing.
      "Dependent/App.xcodeproj/project.pbxproj": Self.appProject(
        portalPath: "../Framework/Framework.xcodeproj", productIDs: [], dependencyIDs: ["S0"]),
    ])
    let report = XcodeTargetsReport(paths: [folder], boundary: RepositoryBoundary(roots: [folder]))
    #expect(report.targets.first { $0.name == "Share0" }?.containingApps == ["App"])
    let notes = report.notes.map(\.description)
    #expect(notes.count == 2, "\(notes)")
    #expect(notes.contains {
      $0.hasSuffix(
        "Other/App.xcodeproj/project.pbxproj:12: 'App' embeds 'Share0.appex' of the project "
          + "'\(folder)/Gone/Gone.xcodeproj' (PBXReferenceProxy): the repository has no such project: it is not linted")
    })
    #expect(notes.contains {
      $0.hasSuffix(
        "App/App.xcodeproj/project.pbxproj:15: 'App' embeds 'Share1.appex' of the project "
          + "'\(folder)/Share/Share.xcodeproj' (PBXReferenceProxy): the project has no such target (a target made by "
          + "code, or renamed?)")
    })
  }

  /// An app embedding thousands of another project's extensions is read in time growing with them, not their square;
  /// the report works out the configurations of a project's first `maximumTargets` targets only, and the embeds of
  /// the others are no notes.
  @Test func thousandsOfEmbedsResolve() throws {
    let count = 1_500
    let folder = try XcodeFixtures.folder([
      "App/App.xcodeproj/project.pbxproj": Self.appProject(
        portalPath: "../Share/Share.xcodeproj", productIDs: (0..<count).map { "SP\($0)" }),
      "Share/Share.xcodeproj/project.pbxproj": Self.extensionProject(count: count),
    ])
    let start = Date()
    let project = try XcodeProject(path: folder + "/App/App.xcodeproj")
    #expect(project.crossProjectEmbeds.count == count)
    let report = XcodeTargetsReport(paths: [folder], boundary: RepositoryBoundary(roots: [folder]))
    let embedded = report.targets.filter { $0.containingAppProject == folder + "/App/App.xcodeproj" }
    #expect(embedded.count == XcodeTargetsReport.maximumTargets)
    #expect(report.notes.count == 1, "\(report.notes.prefix(3))")  // the targets past the most read
    #expect(Date().timeIntervalSince(start) < 60)
  }

  @Test func aTuistAppEmbedsTheExtensionOfAnotherManifest() throws {
    let folder = try XcodeFixtures.folder([
      "App/Project.swift": """
        import ProjectDescription

        let project = Project(
          name: "App",
          targets: [
            .target(
              name: "App", destinations: .iOS, product: .app, bundleId: "com.contoso.app",
              infoPlist: .file(path: "Info.plist"),
              dependencies: [
                .project(target: "ShareExtension", path: "../ShareExtension"),
                .project(target: "Widget", path: "../Missing"),
              ]
            ),
          ]
        )
        """,
      "ShareExtension/Project.swift": """
        import ProjectDescription

        let project = Project(
          name: "ShareExtension",
          targets: [
            .target(
              name: "ShareExtension", destinations: .iOS, product: .appExtension,
              bundleId: "com.contoso.notes.share", infoPlist: .file(path: "Info.plist")
            ),
          ]
        )
        """,
    ])
    let report = XcodeTargetsReport(paths: [folder], boundary: RepositoryBoundary(roots: [folder]))
    let appProject = folder + "/App/Project.swift"
    let share = try #require(report.targets.first { $0.name == "ShareExtension" })
    #expect(share.containingApp == "App")
    #expect(share.containingAppProject == appProject)
    #expect(
      report.text().contains(
        "\(folder)/ShareExtension/Project.swift: ShareExtension (com.apple.product-type.app-extension), embedded in "
          + "App (\(appProject))\n"))
    let json = try Self.jsonTargets(report)
    #expect(json["ShareExtension"]?["containingAppProject"] as? String == appProject)
    #expect(json["ShareExtension"]?["containingAppProjects"] as? [String] == [appProject])
    #expect(report.notes.map(\.description).contains {
      $0.hasSuffix(
        "App/Project.swift:11: 'App' embeds 'Widget' of the folder '\(folder)/Missing' (.project(target:path:)): the "
          + "repository has no such folder: it is not linted")
    })
  }

  @Test func aDotNetAppsAdditionalAppExtensionIsEmbeddedInIt() throws {
    let folder = try XcodeFixtures.folder([
      "App/App.csproj": """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFramework>net9.0-ios</TargetFramework>
            <OutputType>Exe</OutputType>
            <ApplicationId>com.contoso.app</ApplicationId>
          </PropertyGroup>
          <ItemGroup>
            <AdditionalAppExtensions Include="$(MSBuildProjectDirectory)/../Native/Share">
              <Name>Share0</Name>
              <BuildOutput>build/Release-iphoneos</BuildOutput>
            </AdditionalAppExtensions>
            <AdditionalAppExtensions Include="../Native/Share" Name="Widget" BuildOutput="build" />
            <AdditionalAppExtensions Include="../Built" Name="Today" BuildOutput="Release-iphoneos" />
          </ItemGroup>
        </Project>
        """,
      "Native/Share/Share.xcodeproj/project.pbxproj": Self.extensionProject(),
      "Built/Release-iphoneos/Today.appex/Info.plist": "<plist><dict/></plist>",
    ])
    let report = XcodeTargetsReport(paths: [folder], boundary: RepositoryBoundary(roots: [folder]))
    let appProject = folder + "/App/App.csproj"
    let share = try #require(report.targets.first { $0.name == "Share0" })
    #expect(share.containingApp == "App")
    #expect(share.containingAppProject == appProject)
    #expect(
      report.text().contains(
        "\(folder)/Native/Share/Share.xcodeproj: Share0 (com.apple.product-type.app-extension), embedded in App "
          + "(\(appProject))\n"))
    let json = try Self.jsonTargets(report)
    #expect(json["Share0"]?["containingAppProject"] as? String == appProject)
    #expect(json["Share0"]?["containingAppProjects"] as? [String] == [appProject])
    // Only what is not found is said.
    let notes: [String] = report.notes.map(\.description).filter { $0.contains("AdditionalAppExtensions") }
    let expected =
      "App/App.csproj:12: 'App' embeds 'Widget' of the folder '\(folder)/Native/Share' (AdditionalAppExtensions): "
      + "the project has no such target (a target made by code, or renamed?)"
    #expect(notes.count == 2)
    #expect(notes.first?.hasSuffix(expected) == true, "\(notes)")
    let built =
      "App/App.csproj:13: 'App' embeds 'Today' of the folder '\(folder)/Built' (AdditionalAppExtensions): the folder "
      + "holds no project (only the built extension?): it is not linted"
    #expect(notes.last?.hasSuffix(built) == true, "\(notes)")
  }

  /// A .NET app's `ProjectReference` to an app extension project (`IsAppExtension`, as dotnet/macios embeds it) makes
  /// that project's target an extension embedded in the app, in SDK-style projects and legacy Xamarin.iOS ones
  /// (`ProjectTypeGuids` of an app extension). A reference without `IsAppExtension` embeds nothing.
  @Test func aDotNetAppsExtensionProjectReferenceIsEmbeddedInIt() throws {
    let folder = try XcodeFixtures.folder([
      "App/App.csproj": """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFrameworks>net9.0-android;net9.0-ios</TargetFrameworks>
            <OutputType>Exe</OutputType>
            <ApplicationId>com.contoso.app</ApplicationId>
          </PropertyGroup>
          <ItemGroup Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'ios'">
            <ProjectReference Include="..\\Share\\Share.csproj">
              <IsAppExtension>true</IsAppExtension>
            </ProjectReference>
            <ProjectReference Include="..\\Legacy\\Today.csproj" IsAppExtension="True" />
            <ProjectReference Include="..\\Core\\Core.csproj" />
          </ItemGroup>
        </Project>
        """,
      "Share/Share.csproj": """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFramework>net9.0-ios</TargetFramework>
            <OutputType>Library</OutputType>
            <ApplicationId>com.contoso.app.share</ApplicationId>
            <IsAppExtension>true</IsAppExtension>
          </PropertyGroup>
        </Project>
        """,
      "Share/Info.plist": "<plist><dict><key>NSExtension</key><dict/></dict></plist>",
      "Legacy/Today.csproj": """
        <Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup>
            <ProjectTypeGuids>
              {EE2C853D-36AF-4FDB-B1AD-8E90477E2198};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}
            </ProjectTypeGuids>
            <OutputType>Library</OutputType>
          </PropertyGroup>
          <ItemGroup>
            <None Include="Resources\\Today-Info.plist" Link="Info.plist" />
          </ItemGroup>
        </Project>
        """,
      "Legacy/Resources/Today-Info.plist":
        "<plist><dict><key>CFBundleIdentifier</key><string>com.contoso.app.today</string></dict></plist>",
      "Core/Core.csproj": """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup><TargetFramework>net9.0</TargetFramework></PropertyGroup>
        </Project>
        """,
    ])
    let report = XcodeTargetsReport(paths: [folder + "/App"], boundary: RepositoryBoundary(roots: [folder]))
    let appProject = folder + "/App/App.csproj"
    let share = try #require(report.targets.first { $0.name == "Share" })
    #expect(share.productType == "com.apple.product-type.app-extension")
    #expect(share.containingApp == "App")
    #expect(share.containingAppProject == appProject)
    #expect(share.configurations.first?.bundleIdentifier?.resolved == "com.contoso.app.share")
    let today = try #require(report.targets.first { $0.name == "Today" })
    #expect(today.productType == "com.apple.product-type.app-extension")
    #expect(today.containingAppProject == appProject)
    // The manifest is found by its `Link`, the name the build gives it in the bundle.
    #expect(today.configurations.first?.infoPlistPath?.resolved == folder + "/Legacy/Resources/Today-Info.plist")
    #expect(today.configurations.first?.bundleIdentifier?.resolved == "com.contoso.app.today")
    #expect(!report.targets.contains { $0.name == "Core" })
    #expect(!report.notes.contains { $0.description.contains("IsAppExtension") }, "\(report.notes)")
  }

  /// A .NET app often names the folder its build copies the extension into (absent from the repository): the one
  /// extension of that name the repository builds is the one embedded; with two of that name, neither is, and a note
  /// says why.
  @Test func aMissingAdditionalAppExtensionsFolderTakesTheOnlyExtensionOfThatName() throws {
    func app(naming name: String) -> String {
      """
      <Project Sdk="Microsoft.NET.Sdk">
        <PropertyGroup>
          <TargetFramework>net9.0-ios</TargetFramework>
          <OutputType>Exe</OutputType>
        </PropertyGroup>
        <ItemGroup>
          <AdditionalAppExtensions Include="$(MSBuildProjectDirectory)/Platforms/iOS/Built" Name="\(name)" />
        </ItemGroup>
      </Project>
      """
    }
    let folder = try XcodeFixtures.folder([
      "App/App.csproj": app(naming: "Share0"),
      "Native/Share/Share.xcodeproj/project.pbxproj": Self.extensionProject(),
    ])
    let report = XcodeTargetsReport(paths: [folder], boundary: RepositoryBoundary(roots: [folder]))
    let share = try #require(report.targets.first { $0.name == "Share0" })
    #expect(share.containingApp == "App")
    #expect(share.containingAppProject == folder + "/App/App.csproj")
    #expect(!report.notes.contains { $0.description.contains("AdditionalAppExtensions") }, "\(report.notes)")

    let twice = try XcodeFixtures.folder([
      "App/App.csproj": app(naming: "Share0"),
      "Native/Share/Share.xcodeproj/project.pbxproj": Self.extensionProject(),
      "Other/Share/Share.xcodeproj/project.pbxproj": Self.extensionProject(),
    ])
    let ambiguous = XcodeTargetsReport(paths: [twice], boundary: RepositoryBoundary(roots: [twice]))
    #expect(ambiguous.targets.filter { $0.name == "Share0" }.allSatisfy { $0.containingApp == nil })
    #expect(ambiguous.notes.contains { $0.description.contains("the repository has no such folder") })
  }
}

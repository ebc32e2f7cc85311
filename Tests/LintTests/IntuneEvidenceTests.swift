import Foundation
@testable import Lint
import PropertyList
import Testing

/// Which targets count as Intune apps, and the note their Intune findings carry.
@Suite struct IntuneEvidenceTests {
  static let queries = "<key>LSApplicationQueriesSchemes</key>\n<array>\n\t<string>waze</string>\n</array>"

  @Test func theFirstIntuneTypeOfAPredicateIsReadToItsQuote() {
    let rule = "SUBQUERY(extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO "
      + "\"com.microsoft.intune.mam.public.pdf\" OR 'com.microsoft.intune.mam.image').@count > 0"
    #expect(IntuneEvidence.firstIntuneType(in: rule) == "com.microsoft.intune.mam.public.pdf")
    #expect(IntuneEvidence.firstIntuneType(in: "TRUEPREDICATE") == nil)
    #expect(IntuneEvidence.firstIntuneType(in: "é com.microsoft.intune.mam.x)") == "com.microsoft.intune.mam.x")
  }

  @Test func aPlainAppIsNoIntuneApp() throws {
    let target = try TargetFixture.target(Self.queries)
    #expect(target.intuneEvidence == nil)
    #expect(TargetFixture.lint(target, TargetFixture.rules("US001")).isEmpty)
  }

  @Test func settingsDictionaryCountsWithoutANote() throws {
    let target = try TargetFixture.target("<key>IntuneMAMSettings</key>\n<dict/>\n" + Self.queries)
    #expect(target.intuneEvidence == .settingsDictionary(file: "Info.plist"))
    let findings = TargetFixture.lint(target, TargetFixture.rules("US001"))
    #expect(findings.count == 1)
    #expect(findings.first?.notes == [])
  }

  @Test func aTwinURLSchemeCountsAndTheFindingSaysSo() throws {
    let target = try TargetFixture.target("""
      <key>CFBundleURLTypes</key>
      <array>
      \t<dict>
      \t\t<key>CFBundleURLSchemes</key>
      \t\t<array>
      \t\t\t<string>contoso</string>
      \t\t\t<string>contoso-intunemam</string>
      \t\t</array>
      \t</dict>
      </array>
      """ + Self.queries)
    #expect(target.intuneEvidence == .managedTwinScheme("contoso-intunemam", file: "Info.plist"))
    let findings = TargetFixture.lint(target, TargetFixture.rules("US001"))
    #expect(findings.map { String($0.message.prefix(6)) } == ["'waze'"])
    #expect(findings.first?.notes == [
      "the Intune rules apply because Info.plist registers the Intune twin URL scheme 'contoso-intunemam'",
    ])
  }

  /// Any app may launch managed apps through their twins: queried twins are no sign of the SDK.
  @Test func queriedTwinSchemesDoNotCount() throws {
    let target = try TargetFixture.target("""
      <key>LSApplicationQueriesSchemes</key>
      <array>
      \t<string>waze</string>
      \t<string>tel</string>
      \t<string>tel-intunemam</string>
      </array>
      """)
    #expect(target.intuneEvidence == nil)
  }

  @Test func intuneTypesInDocumentTypesOrTheRuleCount() throws {
    let documentTypes = try TargetFixture.target("""
      <key>CFBundleDocumentTypes</key>
      <array>
      \t<dict>
      \t\t<key>LSItemContentTypes</key>
      \t\t<array>
      \t\t\t<string>com.microsoft.intune.mam.com.adobe.pdf</string>
      \t\t</array>
      \t</dict>
      </array>
      """)
    #expect(documentTypes.intuneEvidence == .intuneType("com.microsoft.intune.mam.com.adobe.pdf", file: "Info.plist"))
    let rule = try TargetFixture.target("""
      <key>NSExtension</key>
      <dict>
      \t<key>NSExtensionAttributes</key>
      \t<dict>
      \t\t<key>NSExtensionActivationRule</key>
      \t\t<string>ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image"</string>
      \t</dict>
      </dict>
      """)
    #expect(rule.intuneEvidence == .intuneType("com.microsoft.intune.mam.public.image", file: "Info.plist"))
  }

  @Test func theIntuneKeychainGroupCounts() throws {
    let target = try TargetFixture.target(Self.queries, entitlements: """
      <key>keychain-access-groups</key>
      <array>
      \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
      </array>
      """)
    #expect(target.intuneEvidence == .keychainGroup("$(AppIdentifierPrefix)com.microsoft.intune.mam",
                                                    file: "App.entitlements"))
  }

  /// An extension that links nothing and has no Intune settings is not managed by the SDK its app links.
  @Test func anExtensionDoesNotCountByItsContainingApp() throws {
    var target = try TargetFixture.target("<key>NSExtension</key>\n<dict/>")
    target.containingAppInfoPlist = try TargetFixture.document(
      "<key>IntuneMAMSettings</key>\n<dict/>", name: "App/Info.plist")
    #expect(target.intuneEvidence == nil)
  }

  @Test func aBundleCarryingTheSDKCounts() throws {
    var settings = LintSettings()
    settings.buildFacts = TargetBuildFacts(
      bundle: "App.ipa/Payload/App.app", frameworks: ["Alamofire.framework", "IntuneMAMSwift.framework"])
    let target = try TargetFixture.target(Self.queries, settings: settings)
    #expect(
      target.intuneEvidence
        == .bundledFramework(bundle: "App.ipa/Payload/App.app", framework: "IntuneMAMSwift.framework"))
    #expect(target.intuneEvidence?.note
      == "the Intune rules apply because App.ipa/Payload/App.app carries Frameworks/IntuneMAMSwift.framework")
  }

  @Test func theConfigurationForcesTheAnswer() throws {
    let on = try TargetFixture.target(Self.queries, settings: LintSettings(intuneMode: .on))
    #expect(on.intuneEvidence == .forced)
    #expect(TargetFixture.lint(on, TargetFixture.rules("US001")).count == 1)
    let off = try TargetFixture.target("<key>IntuneMAMSettings</key>\n<dict/>\n" + Self.queries,
                                       settings: LintSettings(intuneMode: .off))
    #expect(off.intuneEvidence == nil)
    #expect(TargetFixture.lint(off, TargetFixture.rules("US001")).isEmpty)
  }

  /// A Podfile two folders up names the SDK; the search stops at the folder holding `.git`.
  @Test func aPodfileAboveTheTargetCountsUpToTheRepositoryRoot() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-evidence-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let repository = root.appendingPathComponent("repo")
    let appFolder = repository.appendingPathComponent("ios/App")
    try FileManager.default.createDirectory(at: appFolder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let plist = appFolder.appendingPathComponent("Info.plist").path
    try RuleExample.document(for: Self.queries).write(toFile: plist, atomically: true, encoding: .utf8)

    func lint() async throws -> LintReport {
      var options = LintSession.Options(paths: [plist])
      options.onlyRules = ["US001"]
      return try await LintSession.run(options)
    }
    // Above the repository's root: not looked at.
    try "pod 'IntuneMAMSwift'\n".write(to: root.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
    #expect(try await lint().diagnostics.isEmpty)

    try "platform :ios, '16.0'\ntarget 'App' do\n  pod 'IntuneMAMSwift', '~> 21.0'\nend\n"
      .write(to: repository.appendingPathComponent("ios/Podfile"), atomically: true, encoding: .utf8)
    let report = try await lint()
    #expect(report.diagnostics.count == 1)
    let note = try #require(report.diagnostics.first?.notes.first)
    #expect(note.hasPrefix("the Intune rules apply because ") && note.contains("ios/Podfile links the Intune App SDK"),
            "\(note)")
  }

  /// Linting the repository's folder finds the Podfile through the walk's listing of each folder, as naming the
  /// Info.plist finds it by listing the folders itself.
  @Test func aPodfileFoundThroughTheWalkCountsAsThroughTheFolders() async throws {
    let manager = FileManager.default
    let repository = manager.temporaryDirectory.appendingPathComponent("sharelint-evidence-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: repository) }
    let appFolder = repository.appendingPathComponent("ios/App")
    try manager.createDirectory(at: appFolder, withIntermediateDirectories: true)
    try manager.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let plist = appFolder.appendingPathComponent("Info.plist").path
    try RuleExample.document(for: Self.queries).write(toFile: plist, atomically: true, encoding: .utf8)
    try "target 'App' do\n  pod 'IntuneMAMSwift', '~> 21.0'\nend\n"
      .write(to: repository.appendingPathComponent("ios/Podfile"), atomically: true, encoding: .utf8)
    for path in [repository.path, plist] {
      var options = LintSession.Options(paths: [path])
      options.onlyRules = ["US001"]
      let report = try await LintSession.run(options)
      #expect(report.diagnostics.count == 1, "\(path)")
      #expect(report.diagnostics.first?.notes.first?.contains("ios/Podfile links the Intune App SDK") == true)
    }
  }

  /// A folder whose names were handed over (by the walk) is not listed again: what the walk kept of it is what the
  /// lookup sees; `isLookedAt` keeps every name the lookup needs.
  @Test func aListedFolderIsNotListedAgain() throws {
    let manager = FileManager.default
    let folder = manager.temporaryDirectory.appendingPathComponent("sharelint-evidence-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: folder) }
    try manager.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try "target 'App' do\n  pod 'IntuneMAMSwift'\nend\n".write(
      to: folder.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
    let plist = folder.appendingPathComponent("Info.plist").path
    #expect(IntuneDependencyLookup(
      listedFolders: ListedFolders(namesByDisplayPath: [folder.path: [".git"]])).dependency(near: plist) == nil)
    let names = ["Info.plist", "Podfile", ".git", "App.iOS.csproj", "README.md"]
      .filter(IntuneDependencyLookup.isLookedAt)
    #expect(names == ["Podfile", ".git", "App.iOS.csproj"])
    let listed = ListedFolders(namesByDisplayPath: [folder.path: names])
    guard case .dependency(let file, _)? = IntuneDependencyLookup(listedFolders: listed).dependency(near: plist)
    else {
      Issue.record("no dependency found")
      return
    }
    #expect(file.hasSuffix("/Podfile"))
  }

  /// A project's files are no evidence for loose files beside it; a commented-out pod is none either.
  @Test func theFolderFallbackReadsManifestsNotProjects() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-evidence-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let project = folder.appendingPathComponent("App.xcodeproj")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try "/* IntuneMAMSwift.xcframework in Frameworks */".write(
      to: project.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
    try "target 'App' do\n  # pod 'IntuneMAMSwift'\nend\n".write(
      to: folder.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
    let plist = folder.appendingPathComponent("App/Info.plist").path
    #expect(IntuneDependencyLookup().dependency(near: plist) == nil)
    try "github \"microsoftconnect/ms-intune-app-sdk-ios\" \"19.6.0\"\n".write(
      to: folder.appendingPathComponent("Cartfile.resolved"), atomically: true, encoding: .utf8)
    guard case .dependency(let file, let name)? = IntuneDependencyLookup().dependency(near: plist) else {
      Issue.record("no dependency found")
      return
    }
    #expect(file.hasSuffix("/Cartfile.resolved"))
    #expect(name == "microsoftconnect/ms-intune-app-sdk-ios")
  }

  /// Xamarin and .NET MAUI apps have no Xcode project: their `.csproj` references the SDK's NuGet package.
  @Test func aDotNetProjectReferencingTheSDKCounts() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-evidence-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try """
      <Project Sdk="Microsoft.NET.Sdk">
        <PropertyGroup>
          <TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks>
          <OutputType>Exe</OutputType>
        </PropertyGroup>
        <ItemGroup>
          <PackageReference Include="Xamarin.Essentials" Version="1.7.0" />
          <PackageReference Include="Microsoft.Intune.MAM.Xamarin.iOS" Version="19.2.0" />
        </ItemGroup>
      </Project>
      """.write(to: folder.appendingPathComponent("App.iOS.csproj"), atomically: true, encoding: .utf8)
    let evidence = IntuneDependencyLookup().dependency(near: folder.appendingPathComponent("Info.plist").path)
    guard case .dependency(let file, let name)? = evidence else {
      Issue.record("no dependency found")
      return
    }
    #expect(file.hasSuffix("/App.iOS.csproj"))
    #expect(name == "Microsoft.Intune.MAM.Xamarin.iOS")
  }

  /// The project's conditions are evaluated: an Intune package an ItemGroup limits to Android does not make the
  /// iOS app's files an Intune app's.
  @Test func aDotNetProjectsAndroidOnlyPackageDoesNotCount() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-evidence-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try """
      <Project Sdk="Microsoft.NET.Sdk">
        <PropertyGroup>
          <TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks>
          <OutputType>Exe</OutputType>
        </PropertyGroup>
        <ItemGroup Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'android'">
          <PackageReference Include="Microsoft.Intune.Maui.Essentials.android" Version="10.0.0" />
        </ItemGroup>
      </Project>
      """.write(to: folder.appendingPathComponent("App.csproj"), atomically: true, encoding: .utf8)
    #expect(IntuneDependencyLookup().dependency(near: folder.appendingPathComponent("Info.plist").path) == nil)
  }
}

/// An entitlements file with no Info.plist beside it is linted with the entitlements rules.
@Suite struct LoneEntitlementsTests {
  @Test func aLoneEntitlementsFileGetsTheEntitlementsRules() async throws {
    let folder = try XcodeFolder([
      "Wagr.entitlements": RuleExample.document(for: """
        <key>keychain-access-groups</key>
        <array>
        \t<string>com.microsoft.intune.mam</string>
        </array>
        """),
    ])
    let report = try await LintSession.run(LintSession.Options(paths: [folder.path + "/Wagr.entitlements"]))
    #expect(Set(report.diagnostics.map(\.code)) == ["EN002", "EN003"], "\(report.diagnostics.map(\.message))")
    #expect(report.targetCount == 1)
    #expect(report.diagnostics.allSatisfy { $0.file.hasSuffix("Wagr.entitlements") })
  }
}

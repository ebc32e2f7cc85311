import Foundation
import Testing

/// `configure --project App.csproj` and `fix` on a .NET MAUI app whose Info.plist the build merges from
/// PartialAppManifest items: each change lands in the file the build takes the value from.
@Suite struct ConfigureDotNetProjectTests {
  private static func project(partials: [String] = ["Platforms/iOS/Intune.plist"], package: String? = nil) -> String {
    let items = partials.map { "\n    <PartialAppManifest Include=\"\($0)\" />" }.joined()
    let reference = package.map { "\n    <PackageReference Include=\"\($0)\" Version=\"21.9.0\" />" } ?? ""
    return """
      <Project Sdk="Microsoft.NET.Sdk">
        <PropertyGroup>
          <TargetFrameworks>net9.0-ios;net9.0-maccatalyst</TargetFrameworks>
          <OutputType>Exe</OutputType>
          <UseMaui>true</UseMaui>
          <SingleProject>true</SingleProject>
          <ApplicationId>com.contoso.notes</ApplicationId>
          <CodesignEntitlements>Platforms/iOS/Entitlements.plist</CodesignEntitlements>
        </PropertyGroup>
        <ItemGroup>\(items)\(reference)
        </ItemGroup>
      </Project>

      """
  }

  /// The app's own Info.plist: its query schemes and URL types, with a comment and its own indentation.
  private static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <!-- the apps Notes opens -->
      <key>LSApplicationQueriesSchemes</key>
      <array>
        <string>ms-outlook</string>
      </array>
      <key>CFBundleURLTypes</key>
      <array>
        <dict>
          <key>CFBundleURLSchemes</key>
          <array>
            <string>msauth.com.contoso.notes</string>
          </array>
        </dict>
      </array>
    </dict>
    </plist>

    """

  /// The partial manifest that holds the Intune settings.
  private static let intunePlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<!-- Intune, kept apart from the app's own keys -->
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
    \t<key>com.apple.security.application-groups</key>
    \t<array>
    \t\t<string>group.com.contoso.notes</string>
    \t</array>
    </dict>
    </plist>

    """

  private func makeApp(
    project: String = project(), infoPlist: String = infoPlist, intunePlist: String? = intunePlist
  ) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    _ = try folder.write("App/App.csproj", project)
    _ = try folder.write("App/Platforms/iOS/Info.plist", infoPlist)
    _ = try folder.write("App/Platforms/iOS/Entitlements.plist", Self.entitlements)
    if let intunePlist { _ = try folder.write("App/Platforms/iOS/Intune.plist", intunePlist) }
    return folder
  }

  private func read(_ name: String, in folder: TemporaryFolder) throws -> String {
    try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
  }

  /// Whether `after` is `before` with lines inserted only: every line of `before` is kept, in order, byte for byte.
  private func onlyInserts(_ before: String, _ after: String) -> Bool {
    var remaining = after.split(separator: "\n", omittingEmptySubsequences: false)[...]
    for line in before.split(separator: "\n", omittingEmptySubsequences: false) {
      guard let index = remaining.firstIndex(of: line) else { return false }
      remaining = remaining[(index + 1)...]
    }
    return true
  }

  /// IntuneMAMSettings lives in a partial manifest, the query schemes in the Info.plist: configure writes each
  /// change into its file (comments and indentation kept), `--check` says 1 before and 0 after, a second run
  /// changes nothing.
  @Test func configureWritesEachChangeWhereTheBuildTakesItFrom() throws {
    let folder = try makeApp()
    let check = try Sharelint.run(["configure", "--project", "App/App.csproj", "--check"], in: folder.url)
    #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
    let diff = try Sharelint.run(["configure", "--project", "App/App.csproj", "--diff"], in: folder.url)
    #expect(diff.status == 0, "\(diff.standardError)")
    #expect(diff.standardOutput.contains("+++ b/App/Platforms/iOS/Intune.plist"), "\(diff.standardOutput)")
    #expect(diff.standardOutput.contains("+++ b/App/Platforms/iOS/Info.plist"), "\(diff.standardOutput)")
    #expect(try read("App/Platforms/iOS/Info.plist", in: folder) == Self.infoPlist, "--diff writes nothing")

    let run = try Sharelint.run(["configure", "--project", "App/App.csproj"], in: folder.url)
    #expect(run.status == 0, "\(run.standardError)")
    let intune = try read("App/Platforms/iOS/Intune.plist", in: folder)
    let info = try read("App/Platforms/iOS/Info.plist", in: folder)
    // The app group goes into the partial manifest's IntuneMAMSettings, the twins into the Info.plist's schemes.
    #expect(intune.contains("\t\t<key>AppGroupIdentifiers</key>"), "\(intune)")
    #expect(intune.contains("group.com.contoso.notes"))
    #expect(!info.contains("AppGroupIdentifiers"))
    #expect(info.contains("    <string>https-intunemam</string>"), "\(info)")
    #expect(info.contains("        <string>msauth.com.contoso.notes-intunemam</string>"), "\(info)")
    #expect(!intune.contains("LSApplicationQueriesSchemes"))
    #expect(onlyInserts(Self.intunePlist, intune))
    #expect(onlyInserts(Self.infoPlist, info))
    #expect(try read("App/App.csproj", in: folder) == Self.project())
    #expect(try read("App/Platforms/iOS/Entitlements.plist", in: folder) == Self.entitlements)
    // What the diff showed is what was written.
    let added = diff.standardOutput.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
    #expect(!added.isEmpty)
    #expect(added.allSatisfy { (intune + info).contains(String($0.dropFirst())) })
    #expect(!diff.standardOutput.split(separator: "\n").contains { $0.hasPrefix("-") && !$0.hasPrefix("---") })

    let again = try Sharelint.run(["configure", "--project", "App/App.csproj", "--check"], in: folder.url)
    #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
    let second = try Sharelint.run(["configure", "--project", "App/App.csproj"], in: folder.url)
    #expect(second.standardOutput.contains("nothing to change"), "\(second.standardOutput)")
    #expect(try read("App/Platforms/iOS/Intune.plist", in: folder) == intune)
    #expect(try read("App/Platforms/iOS/Info.plist", in: folder) == info)
  }

  /// `fix` on the folder aims the merged plist's fixes at the same files; `--check` and `--diff` agree with it.
  @Test func fixWritesIntoThePartialManifestAndTheInfoPlist() throws {
    let folder = try makeApp()
    // The findings are where their fixes go: the Info.plist's keys in it, the partial manifest's in it.
    let lint = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any])
    let found = try #require(object["diagnostics"] as? [[String: Any]]).map {
      "\($0["code"] ?? "") \($0["file"] ?? "") \($0["line"] ?? "")"
    }
    #expect(found.contains("US004 App/Platforms/iOS/Info.plist 14"), "\(found)")
    #expect(found.contains("IM009 App/Platforms/iOS/Intune.plist 6"), "\(found)")
    let check = try Sharelint.run(["fix", "--check"], in: folder.url)
    #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
    let diff = try Sharelint.run(["fix", "--diff"], in: folder.url)
    #expect(diff.standardOutput.contains("+++ b/App/Platforms/iOS/Intune.plist"), "\(diff.standardOutput)")
    let fix = try Sharelint.run(["fix"], in: folder.url)
    #expect(fix.status != 2, "\(fix.standardError)")
    let intune = try read("App/Platforms/iOS/Intune.plist", in: folder)
    #expect(intune.contains("<key>AppGroupIdentifiers</key>"), "\(fix.standardOutput)\(fix.standardError)")
    #expect(onlyInserts(Self.intunePlist, intune))
    #expect(onlyInserts(Self.infoPlist, try read("App/Platforms/iOS/Info.plist", in: folder)))
    let after = try Sharelint.run(["fix", "--check"], in: folder.url)
    #expect(after.status == 0, "\(after.standardOutput)\(after.standardError)")
  }

  /// A finding moved into the partial manifest is suppressed by a `sharelint:` comment there, and `fix` then leaves
  /// it alone.
  @Test func aCommentInThePartialManifestSuppressesItsFinding() throws {
    let intune = Self.intunePlist.replacingOccurrences(
      of: "\t<key>IntuneMAMSettings</key>\n\t<dict>",
      with: "\t<key>IntuneMAMSettings</key>\n\t<!-- sharelint:disable-next-line IM009 - added by the build -->\n\t<dict>")
    let folder = try makeApp(intunePlist: intune)
    let lint = try Sharelint.run(["lint"], in: folder.url)
    #expect(!lint.standardOutput.contains("IM009"), "\(lint.standardOutput)")
    #expect(!lint.standardOutput.contains("PL007"), "\(lint.standardOutput)")
    _ = try Sharelint.run(["fix"], in: folder.url)
    #expect(try read("App/Platforms/iOS/Intune.plist", in: folder) == intune)
  }

  /// IntuneMAMSettings assembled from the Info.plist and the partial manifest: the app group is written into
  /// neither; the summary says what to write and where.
  @Test func aDictionaryTwoFilesMakeGetsNoFix() throws {
    let info = Self.infoPlist.replacingOccurrences(
      of: "  <key>CFBundleURLTypes</key>",
      with: """
          <key>IntuneMAMSettings</key>
          <dict>
            <key>ADALAuthority</key>
            <string>https://login.microsoftonline.com/common</string>
          </dict>
          <key>CFBundleURLTypes</key>
        """)
    let folder = try makeApp(infoPlist: info)
    let run = try Sharelint.run(["configure", "--project", "App/App.csproj"], in: folder.url)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains(
      "the build assembles 'IntuneMAMSettings' from App/Platforms/iOS/Info.plist and App/Platforms/iOS/Intune.plist"),
      "\(run.standardOutput)")
    #expect(run.standardOutput.contains("IM009"))
    #expect(!(try read("App/Platforms/iOS/Intune.plist", in: folder)).contains("AppGroupIdentifiers"))
    #expect(!(try read("App/Platforms/iOS/Info.plist", in: folder)).contains("AppGroupIdentifiers"))
    // The Info.plist's own keys are still configured.
    #expect(try read("App/Platforms/iOS/Info.plist", in: folder).contains("<string>https-intunemam</string>"))
    let lint = try Sharelint.run(["fix", "--diff"], in: folder.url)
    #expect(!lint.standardOutput.contains("AppGroupIdentifiers"), "\(lint.standardOutput)")
  }

  /// Without PartialAppManifest items the Info.plist is the file; `--target` may be left out (one iOS app target).
  @Test func configuresAProjectWithoutPartialManifests() throws {
    let merged = Self.intunePlist.replacingOccurrences(of: "</dict>\n</plist>", with: "")
      .replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n", with: "")
    let info = Self.infoPlist.replacingOccurrences(of: "</dict>\n</plist>", with: merged + "</dict>\n</plist>")
    let folder = try makeApp(project: Self.project(partials: []), infoPlist: info, intunePlist: nil)
    let run = try Sharelint.run(["configure", "--project", "App/App.csproj"], in: folder.url)
    #expect(run.status == 0, "\(run.standardError)")
    let written = try read("App/Platforms/iOS/Info.plist", in: folder)
    #expect(written.contains("<key>AppGroupIdentifiers</key>"), "\(written)")
    #expect(written.contains("<string>https-intunemam</string>"))
    #expect(onlyInserts(info, written))
    let again = try Sharelint.run(["configure", "--project", "App/App.csproj", "--target", "App", "--check"],
                                  in: folder.url)
    #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
  }

  /// An Intune package that runs the configurator at build time: one line says so, and configure still writes.
  @Test func saysThePackageAlreadyConfiguresAtBuildTime() throws {
    let folder = try makeApp(project: Self.project(package: "Microsoft.Intune.Maui.Essentials.iOS"))
    let run = try Sharelint.run(["configure", "--project", "App/App.csproj"], in: folder.url)
    #expect(run.status == 0, "\(run.standardError)")
    let notes = run.standardError.split(separator: "\n").filter { $0.contains("Microsoft.Intune.Maui.Essentials.iOS") }
    #expect(notes.count == 1, "\(run.standardError)")
    #expect(run.standardError.contains("already runs IntuneMAMConfigurator on the built Info.plist"))
    #expect(try read("App/Platforms/iOS/Info.plist", in: folder).contains("<string>https-intunemam</string>"))
  }

  /// A target the project does not have lists those it has; a malformed project is one line, exit 2, nothing
  /// written; -o, and -e naming other entitlements than the project's, are refused when the build merges the
  /// Info.plist.
  @Test func refusals() throws {
    let folder = try makeApp()
    let unknown = try Sharelint.run(["configure", "--project", "App/App.csproj", "--target", "Nope"], in: folder.url)
    #expect(unknown.status == 2)
    #expect(unknown.standardError.contains("no target named 'Nope' (it has 'App', 'App (Mac Catalyst)')"),
            "\(unknown.standardError)")
    let output = try Sharelint.run(["configure", "--project", "App/App.csproj", "-o", "Out.plist"], in: folder.url)
    #expect(output.status == 2, "\(output.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Out.plist").path))
    let otherEntitlements = try Sharelint.run(
      ["configure", "--project", "App/App.csproj", "-e", "App/Platforms/iOS/Info.plist"], in: folder.url)
    #expect(otherEntitlements.status == 2, "\(otherEntitlements.standardError)")
    #expect(try read("App/Platforms/iOS/Info.plist", in: folder) == Self.infoPlist)

    let targetAlone = try Sharelint.run(["configure", "--target", "App"], in: folder.url)
    #expect(targetAlone.status == 2)
    #expect(targetAlone.standardError.contains("--target and --configuration go with --project"))

    let broken = "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>\n"
    let malformed = try makeApp(project: broken)
    let refused = try Sharelint.run(["configure", "--project", "App/App.csproj"], in: malformed.url)
    #expect(refused.status == 2)
    #expect(refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")
    #expect(refused.standardError.contains("App/App.csproj"))
    #expect(try read("App/Platforms/iOS/Info.plist", in: malformed) == Self.infoPlist)
    #expect(try read("App/Platforms/iOS/Intune.plist", in: malformed) == Self.intunePlist)
  }
}

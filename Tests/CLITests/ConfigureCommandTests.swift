import Foundation
import Testing
import XcodeModel

@Suite struct ConfigureCommandTests {
  static let samples = Sharelint.packageRoot.appendingPathComponent("Samples")

  @Test func writesTheOutputAndASecondRunChangesNothing() throws {
    let folder = try TemporaryFolder()
    let app = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/Fabrikam"), as: "Fabrikam")
    let output = folder.url.appendingPathComponent("Configured.plist").path
    let first = try Sharelint.run([
      "configure", "-i", app + "/Info.plist", "-e", app + "/Fabrikam.entitlements", "-o", output, "--format", "json",
    ])
    #expect(first.status == 0, "\(first.standardError)")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
    #expect(summary["changed"] as? Bool == true)
    #expect(summary["shape"] as? String == "canonical")
    #expect(FileManager.default.fileExists(atPath: output))
    let again = try Sharelint.run(["configure", "-i", output, "-e", app + "/Fabrikam.entitlements", "--check"])
    #expect(again.status == 0, "a second run would change: \(again.standardOutput)")
  }

  @Test func keychainGroupsOnlyWhenAskedFor() throws {
    let folder = try TemporaryFolder()
    let app = try folder.copy(Self.samples.appendingPathComponent("FabrikamBroken/Fabrikam"), as: "Fabrikam")
    let entitlements = app + "/Fabrikam.entitlements"
    let before = try String(contentsOfFile: entitlements, encoding: .utf8)
    _ = try Sharelint.run(["configure", "-i", app + "/Info.plist", "-e", entitlements])
    #expect(try String(contentsOfFile: entitlements, encoding: .utf8) == before, "the vendor tool never writes entitlements")
    let result = try Sharelint.run(["configure", "-i", app + "/Info.plist", "-e", entitlements, "--entitlements"])
    #expect(result.status == 0, "\(result.standardError)")
    let after = try String(contentsOfFile: entitlements, encoding: .utf8)
    #expect(after.contains("$(AppIdentifierPrefix)com.microsoft.intune.mam"))
    #expect(after.contains("$(AppIdentifierPrefix)com.microsoft.adalcache"))
  }

  @Test func refusalsAreOneLineExitTwoAndWriteNothing() throws {
    let missing = try Sharelint.run(["configure", "-i", "No/Such/Info.plist"])
    #expect(missing.status == 2)
    #expect(missing.standardError.split(separator: "\n").count == 1)
    let icons = try Sharelint.run(["configure", "-generateOpenInIcons", "App.app"])
    #expect(icons.status == 2)
    #expect(icons.standardError.contains("not supported"))
    let folder = try TemporaryFolder()
    let malformed = try folder.copy(Self.samples.appendingPathComponent("Malformed/Info.plist"), as: "Info.plist")
    let before = try Data(contentsOf: URL(fileURLWithPath: malformed))
    let refused = try Sharelint.run(["configure", "-i", malformed])
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("Info.plist:"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: malformed)) == before)
  }
}

/// `configure --project PROJECT [--target NAME] [--configuration NAME]`.
@Suite struct ConfigureProjectTests {
  static let pbxproj = """
    // !$*UTF8*$!
    {
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; targets = (T1, ); };
    \t\tG1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (); dependencies = (); name = Notes; \
    productType = "com.apple.product-type.application"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, PR, ); defaultConfigurationName = Release; };
    \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, TR, ); defaultConfigurationName = Release; };
    \t\tPD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
    \t\tPR = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
    \t\tTD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/Notes/Info.plist"; \
    PRODUCT_BUNDLE_IDENTIFIER = com.contoso.notes.dev; }; name = Debug; };
    \t\tTR = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/Notes/Info.plist"; \
    PRODUCT_BUNDLE_IDENTIFIER = com.contoso.notes; }; name = Release; };
    \t};
    \trootObject = P1;
    }
    """

  @Test func findsTheInfoPlistAndResolvesTheRedirectFromTheProject() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("Notes.xcodeproj/project.pbxproj", Self.pbxproj)
    let plist = try folder.write("Notes/Info.plist", """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>CFBundleIdentifier</key>
      \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      \t<key>IntuneMAMSettings</key>
      \t<dict>
      \t\t<key>ADALClientId</key>
      \t\t<string>5b9e8c1a-1111-4222-8333-944455556666</string>
      \t\t<key>ADALRedirectUri</key>
      \t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)://auth</string>
      \t</dict>
      </dict>
      </plist>

      """)
    let debug = try Sharelint.run(
      ["configure", "--project", "Notes.xcodeproj", "--target", "Notes", "--configuration", "Debug", "--diff"],
      in: folder.url)
    // The redirect's $(PRODUCT_BUNDLE_IDENTIFIER) resolves through the project, so configure goes on (alone, the
    // plist is refused); the scheme is registered as written, which Xcode expands per configuration.
    #expect(debug.status == 0, "\(debug.standardError)")
    #expect(debug.standardOutput.contains("+\t\t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam</string>"),
            "\(debug.standardOutput)")
    let alone = try Sharelint.run(["configure", "-i", plist, "--check"], in: folder.url)
    #expect(alone.status == 2, "\(alone.standardOutput)")
    let release = try Sharelint.run(["configure", "--project", "Notes.xcodeproj", "--target", "Notes"], in: folder.url)
    #expect(release.status == 0, "\(release.standardError)")
    let written = try String(contentsOfFile: plist, encoding: .utf8)
    #expect(written.contains("<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam</string>"))
    #expect(written.contains("<string>companyportal</string>"))
    let unknown = try Sharelint.run(["configure", "--project", "Notes.xcodeproj", "--target", "Nope"], in: folder.url)
    #expect(unknown.status == 2)
    #expect(unknown.standardError.contains("no target named 'Nope' (it has 'Notes')"))
    let both = try Sharelint.run(["configure", "--project", "Notes.xcodeproj", "-i", plist], in: folder.url)
    #expect(both.status == 2)
  }

  /// A committed project with the XcodeGen spec kept beside it: the spec rewrites the Info.plist on the next
  /// `xcodegen generate`, so configure writes into the spec and leaves the file alone.
  @Test func configuresTheSpecBesideACommittedProject() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write("Notes.xcodeproj/project.pbxproj", Self.pbxproj)
    let plist = try folder.write("Notes/Info.plist", """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>LSApplicationQueriesSchemes</key>
      \t<array>
      \t\t<string>ms-outlook</string>
      \t</array>
      </dict>
      </plist>

      """)
    let before = try String(contentsOfFile: plist, encoding: .utf8)
    let spec = try folder.write("project.yml", """
      name: Notes
      targets:
        Notes:
          type: application
          platform: iOS
          sources: [Notes]
          info:
            path: Notes/Info.plist
            properties:
              LSApplicationQueriesSchemes: [ms-outlook]
              IntuneMAMSettings:
                ADALClientId: 6f5f3a4e-1c3d-4a8e-9a2b-1f2e3d4c5b6a

      """)
    let run = try Sharelint.run(["configure", "--project", "Notes.xcodeproj"], in: folder.url)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(try String(contentsOfFile: spec, encoding: .utf8).contains("          - https-intunemam\n"))
    #expect(try String(contentsOfFile: plist, encoding: .utf8) == before)
    let again = try Sharelint.run(["configure", "--project", "Notes.xcodeproj", "--check"], in: folder.url)
    #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
  }

  /// An XcodeGen spec whose `info: properties:` XcodeGen writes the Info.plist from: configure (its only app
  /// target, no --target) writes the changes into project.yml, comments kept; a second run has nothing to do.
  @Test func configuresAnXcodeGenSpecInTheSpec() throws {
    let folder = try TemporaryFolder()
    let spec = try folder.write("project.yml", """
      name: Notes
      targets:
        Notes:
          type: application
          platform: iOS
          sources: [Notes]
          settings:
            PRODUCT_BUNDLE_IDENTIFIER: com.contoso.notes
          info:
            path: Notes/Info.plist
            properties:
              # the schemes Notes opens
              LSApplicationQueriesSchemes: [ms-outlook]
              IntuneMAMSettings:
                ADALClientId: 6f5f3a4e-1c3d-4a8e-9a2b-1f2e3d4c5b6a
                ADALRedirectUri: msauth.com.contoso.notes://auth
              CFBundleURLTypes:
                - CFBundleURLSchemes: [msauth.com.contoso.notes]

      """)
    let check = try Sharelint.run(["configure", "--project", "project.yml", "--check"], in: folder.url)
    #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
    let run = try Sharelint.run(["configure", "--project", "project.yml"], in: folder.url)
    #expect(run.status == 0, "\(run.standardError)")
    let written = try String(contentsOfFile: spec, encoding: .utf8)
    #expect(written.contains("        # the schemes Notes opens\n"))
    #expect(written.contains("          - https-intunemam\n"), "\(written)")
    #expect(written.contains("msauth.com.contoso.notes-intunemam"))
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Notes/Info.plist").path))
    let again = try Sharelint.run(["configure", "--project", "project.yml", "--check"], in: folder.url)
    #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
  }
}

import Foundation
import Testing

@testable import Lint

/// US002's list is the configurator's of the release the target links: `intunemam-mtd`, added by 19.1.0's
/// configurator, is not asked of an app on 15.4.0, and is of one on 19.1.0 or whose release is unknown.
@Suite struct ReleaseAwareSchemeTests {
  static func lint(sdkVersion: String?) async throws -> [LintDiagnostic] {
    let project = ExampleProject(targets: [.init("App", frameworks: ExampleProject.Framework.intuneSDK)])
    var files = [
      "App.xcodeproj/project.pbxproj": project.render(),
      "App/Info.plist": RuleExample.document(
        for: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n"
          + URLSchemeExample.queriesSchemes(URLSchemeExample.required(without: ["intunemam-mtd"]))),
    ]
    if let sdkVersion {
      for (path, body) in ExampleFiles.xcframework("IntuneMAMSwift", version: sdkVersion) {
        files[path] = RuleExample.document(for: body)
      }
    }
    let folder = try XcodeFolder(files)
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = ["US002", "US010"]
    return try await LintSession.run(options).diagnostics
  }

  @Test func aSchemeALaterConfiguratorAddedIsNotAskedOfAnOlderRelease() async throws {
    #expect(try await Self.lint(sdkVersion: "15.4.0").isEmpty)
  }

  @Test func itIsAskedFromTheReleaseThatAddedItAndWhenTheReleaseIsUnknown() async throws {
    for version in ["19.1.0", nil] as [String?] {
      let findings = try await Self.lint(sdkVersion: version)
      #expect(findings.map(\.code) == ["US002"], "\(version ?? "unknown")")
      #expect(findings.first?.message.contains("'intunemam-mtd'") == true)
    }
  }
}


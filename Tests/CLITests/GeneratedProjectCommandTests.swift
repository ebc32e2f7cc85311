import Foundation
import Testing

/// `targets` and `lint` on repositories that commit an XcodeGen spec or Tuist manifests instead of the project.
@Suite struct GeneratedProjectCommandTests {
  private func write(_ files: [String: String], into folder: TemporaryFolder) throws {
    for (name, text) in files {
      let url = folder.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  private static let spec: [String: String] = [
    "project.yml": """
      name: Contoso
      include: [Share/target.yml]
      options:
        bundleIdPrefix: com.contoso
      targets:
        Contoso:
          type: application
          platform: iOS
          info:
            path: App/Info.plist
          dependencies:
            - target: ContosoShare
      """,
    "Share/target.yml": """
      targets:
        ContosoShare:
          type: app-extension
          platform: iOS
          info:
            path: Info.plist
            properties:
              NSExtension:
                NSExtensionPointIdentifier: com.apple.share-services
                NSExtensionAttributes:
                  NSExtensionActivationRule: TRUEPREDICATE
      """,
    "App/Info.plist": """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>CFBundleIdentifier</key>
      \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      </dict>
      </plist>
      """,
    "Contoso.xcodeproj/xcshareddata/xcschemes/Contoso.xcscheme": "<Scheme/>\n",
  ]

  @Test func xcodeGenSpecIsReadAsTheProject() throws {
    let folder = try TemporaryFolder()
    try write(Self.spec, into: folder)
    let targets = try Sharelint.run(["targets"], in: folder.url)
    #expect(targets.status == 0)
    let lines = targets.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("project.yml: ContosoShare (com.apple.product-type.app-extension), embedded in Contoso"))
    #expect(lines.contains("    bundle identifier: com.contoso.ContosoShare  (project.yml:4)"))
    #expect(lines.contains("    Info.plist: Share/Info.plist  (Share/target.yml:5)"))

    let lint = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    #expect(lint.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(
      diagnostics.map { "\($0["file"] ?? "") \($0["code"] ?? "")" } == [
        "Share/target.yml AR003"
      ])
    let summary = try #require(object["summary"] as? [String: Any])
    #expect(summary["targets"] as? Int == 2)
    #expect(summary["problems"] as? [String] == [])
  }

  /// The generated plist is no file to fix: its findings' fixes are written into the spec (`XcodeGenSpecFixTests`),
  /// and the plist itself is never written.
  @Test func generatedPlistIsNeverWrittenItsFixesLandInTheSpec() throws {
    let folder = try TemporaryFolder()
    try write(
      [
        "project.yml": """
          name: Fixy
          targets:
            App:
              type: application
              platform: iOS
              info:
                path: App/Info.plist
                properties:
                  CFBundleURLTypes:
                    - CFBundleURLSchemes: [fixy]
                  IntuneMAMSettings:
                    ADALClientId: 11111111-2222-3333-4444-555555555555
          """
      ], into: folder)
    let lint = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    let scheme = try #require(diagnostics.first { $0["code"] as? String == "US004" })
    #expect((scheme["fix"] as? [String: Any])?["file"] as? String == "project.yml")
    #expect((scheme["notes"] as? [String])?.first == (
      "in 'App/Info.plist', which XcodeGen writes from 'info: properties:' here"))
    let fix = try Sharelint.run(["fix"], in: folder.url)
    #expect(fix.status == 1)
    #expect(fix.standardOutput.hasPrefix("fixed "), "\(fix.standardOutput)")
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("App").path))
  }

  @Test func aliasBombInAnIncludedSpecIsOneLocatedLine() throws {
    let folder = try TemporaryFolder()
    var bomb = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
      bomb += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
    }
    try write(["project.yml": "name: Bomb\ninclude: [bomb.yml]\n", "bomb.yml": bomb], into: folder)
    let result = try Sharelint.run(["lint"], in: folder.url)
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("sharelint: bomb.yml:"))
    #expect(result.standardError.contains("the spec expands to more than"))
  }

  @Test func tuistManifestIsNamedAndTheExistingPlistsAreLinted() throws {
    let folder = try TemporaryFolder()
    try write(
      [
        "Project.swift": "import ProjectDescription\n\nlet project = Project(name: \"App\")\n",
        "Tuist/Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\n",
      ], into: folder)
    let empty = try Sharelint.run(["lint"], in: folder.url)
    #expect(empty.status == 0)
    #expect(empty.standardError.hasPrefix("sharelint: note: Project.swift:1: a Tuist project manifest"))
    #expect(empty.standardError.contains("'tuist generate'"))
    #expect(empty.standardOutput.contains("in 0 targets"))

    try write(["App/Info.plist": Self.spec["App/Info.plist"] ?? ""], into: folder)
    let linted = try Sharelint.run(["lint", "--format", "json"], in: folder.url)
    #expect(linted.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(linted.standardOutput.utf8)) as? [String: Any])
    let summary = try #require(object["summary"] as? [String: Any])
    #expect(summary["targets"] as? Int == 1)
    #expect((summary["notes"] as? [String])?.first?.hasPrefix("Project.swift:1: a Tuist project manifest") == true)
  }
}

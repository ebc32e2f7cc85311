import Foundation
import Testing

/// `sharelint targets` on a Tuist app whose share extension is another manifest's project: the extension is shown
/// embedded in the app, with the app's project, in text and JSON.
@Suite struct CrossProjectTargetsCommandTests {
  static func manifest(_ name: String, product: String, dependencies: String = "") -> String {
    """
    import ProjectDescription

    let project = Project(
      name: "\(name)",
      targets: [
        .target(
          name: "\(name)", destinations: .iOS, product: \(product), bundleId: "com.contoso.\(name.lowercased())",
          infoPlist: .default,
          dependencies: [\(dependencies)]
        ),
      ]
    )
    """
  }

  @Test func anExtensionOfAnotherManifestIsShownInItsApp() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(
      "App/Project.swift",
      Self.manifest("App", product: ".app", dependencies: #".project(target: "Share", path: "../Share")"#))
    _ = try folder.write("Share/Project.swift", Self.manifest("Share", product: ".appExtension"))
    let text = try Sharelint.run(["targets", "."], in: folder.url)
    #expect(text.status == 0)
    #expect(
      text.standardOutput.contains(
        "Share/Project.swift: Share (com.apple.product-type.app-extension), embedded in App (App/Project.swift)\n"),
      "\(text.standardOutput)")
    let json = try Sharelint.run(["targets", "--format", "json", "."], in: folder.url)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(object["targets"] as? [[String: Any]])
    let share = try #require(targets.first { $0["name"] as? String == "Share" })
    #expect(share["containingApp"] as? String == "App")
    #expect(share["containingAppProject"] as? String == "App/Project.swift")
    #expect(share["containingAppProjects"] as? [String] == ["App/Project.swift"])
  }
}

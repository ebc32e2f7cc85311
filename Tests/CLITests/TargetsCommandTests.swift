import Foundation
import Testing

@Suite struct TargetsCommandTests {
  private static let contoso = Sharelint.packageRoot.appendingPathComponent(
    "Tests/XcodeModelTests/Fixtures/XcodeProjects/Contoso")

  @Test func textShowsEachAppAndExtensionWithWhereItsValuesCameFrom() throws {
    let result = try Sharelint.run(["targets"], in: Self.contoso)
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "Contoso.xcodeproj: Contoso (com.apple.product-type.application)")
    #expect(
      lines.contains(
        "Contoso.xcodeproj: Share Extension (com.apple.product-type.app-extension), embedded in Contoso"))
    #expect(
      lines.contains(
        "    bundle identifier: com.contoso.notes.Share-Extension  (Contoso.xcodeproj/project.pbxproj:274)"))
    #expect(lines.contains("    Info.plist: ShareExtension/Info.plist  (Contoso.xcodeproj/project.pbxproj:271)"))
    #expect(lines.contains("    Info.plist: generated (GENERATE_INFOPLIST_FILE = YES)"))
    #expect(lines.contains { $0.hasPrefix("    note: 'Pods/Target Support Files/") })
    #expect(!result.standardOutput.contains("ContosoKit"))
    // Reached through the workspace and the walk, listed once.
    #expect(lines.filter { $0.hasPrefix("Contoso.xcodeproj: Contoso ") }.count == 1)
  }

  @Test func jsonHasTheDocumentedShapeWithSortedKeys() throws {
    let result = try Sharelint.run(["targets", "--format", "json", "Contoso.xcodeproj"], in: Self.contoso)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(object["targets"] as? [[String: Any]])
    #expect(
      targets.map { $0["name"] as? String } == ["Contoso", "Share Extension", "ContosoIntents", "NotificationService"])
    #expect(targets.map { $0["containingApp"] as? String } == [nil, "Contoso", "Contoso", "Contoso"])
    #expect(targets.allSatisfy { $0["project"] as? String == "Contoso.xcodeproj" })
    let share = try #require(targets[1]["configurations"] as? [[String: Any]])
    #expect(share.map { $0["name"] as? String } == ["Debug", "Release"])
    #expect(share[0]["bundleIdentifier"] as? String == "com.contoso.notes.Share-Extension")
    #expect(share[0]["infoPlist"] as? String == "ShareExtension/Info.plist")
    #expect(share[0]["entitlements"] as? String == "ShareExtension/ShareExtension.entitlements")
    #expect(share[1]["entitlements"] is NSNull)
    // Keys are written sorted: the first configuration's keys appear in this order.
    let text = result.standardOutput
    let order = ["\"notes\"", "\"targets\"", "\"bundleIdentifier\"", "\"entitlements\"", "\"infoPlist\"", "\"name\""]
      .map { text.range(of: $0)?.lowerBound }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
  }

  @Test func aMalformedProjectIsReportedWithItsLocationWhileOthersAreListed() throws {
    let folder = try TemporaryFolder()
    _ = try folder.copy(Self.contoso.appendingPathComponent("Contoso.xcodeproj"), as: "Contoso.xcodeproj")
    _ = try folder.copy(Self.contoso.appendingPathComponent("Config"), as: "Config")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("Broken.xcodeproj"), withIntermediateDirectories: true)
    _ = try folder.write("Broken.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = X}\n")
    let result = try Sharelint.run(["targets", "."], in: folder.url)
    #expect(result.status == 2)
    #expect(
      result.standardError
        == "sharelint: Broken.xcodeproj/project.pbxproj:4:15: expected ';' after the value of 'isa'\n")
    #expect(result.standardOutput.hasPrefix("Contoso.xcodeproj: Contoso (com.apple.product-type.application)"))
  }

  @Test func aMissingPathExitsTwo() throws {
    let result = try Sharelint.run(["targets", "no/such/folder"])
    #expect(result.status == 2)
    #expect(result.standardError == "sharelint: no/such/folder: no such file or folder\n")
  }
}

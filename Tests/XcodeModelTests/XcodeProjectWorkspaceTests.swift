import Foundation
import Testing
import XcodeModel

@testable import PropertyList

@Suite("Xcode projects: workspaces and the targets report")
struct XcodeProjectWorkspaceTests {
  @Test func aWorkspaceNamesItsProjectsThroughGroupsAndNotesMissingOnes() throws {
    let path = XcodeFixtures.contosoFolder + "/Contoso.xcworkspace"
    let workspace = XcodeWorkspace(path: path)
    let root = XcodeFixtures.contosoFolder
    // The commented-out FileRef is not read; the group's container: location prefixes its child.
    #expect(
      workspace.projectPaths == [
        root + "/Contoso.xcodeproj", root + "/Vendor/Missing/Missing.xcodeproj", root + "/Pods/Pods.xcodeproj",
      ])
    #expect(
      workspace.notes.map(\.message) == [
        "the workspace names '\(root)/Vendor/Missing/Missing.xcodeproj', which does not exist",
        "the workspace names '\(root)/Pods/Pods.xcodeproj', which does not exist",
      ])
  }

  @Test func locationKindsAndEntities() {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <Workspace version = "1.0">
        <Group location = "group:Apps" name = "Apps">
          <Group location = "group:Nested" name = "Nested">
            <FileRef location = "group:A&amp;B.xcodeproj"/>
          </Group>
          <FileRef location = "container:Root.xcodeproj"></FileRef>
          <FileRef location = "group:Sibling.xcodeproj"></FileRef>
        </Group>
        <FileRef location = "absolute:/opt/Abs.xcodeproj"></FileRef>
        <FileRef location = "group:Readme.md"></FileRef>
        <FileRef location = "developer:Tools.xcodeproj"></FileRef>
        <Group location = "group:Empty" name = "Empty"/>
        <FileRef location = "group:Last.xcodeproj"></FileRef>
      </Workspace>
      """
    let workspace = XcodeWorkspace(path: "Repo/All.xcworkspace", contents: Array(text.utf8))
    #expect(
      workspace.projectPaths == [
        "Repo/Apps/Nested/A&B.xcodeproj", "Repo/Root.xcodeproj", "Repo/Apps/Sibling.xcodeproj", "/opt/Abs.xcodeproj",
        "Repo/Last.xcodeproj",
      ])
    #expect(workspace.notes.contains { $0.message == "cannot place the reference 'developer:Tools.xcodeproj'" })
    // Garbage never traps.
    for garbage in [
      "<", "<FileRef location=", "<FileRef location=\"group:x.xcodeproj", "</Group></Group>", "\u{0}<<>>",
    ] {
      _ = XcodeWorkspace(path: "W.xcworkspace", contents: Array(garbage.utf8))
    }
  }

  @Test func theReportListsEachProjectOnceAndSkipsOtherProductTypes() throws {
    let report = XcodeTargetsReport(paths: [XcodeFixtures.contosoFolder, XcodeFixtures.contosoProject])
    #expect(report.projectPaths == [XcodeFixtures.contosoProject])
    #expect(report.targets.map(\.name) == ["Contoso", "Share Extension", "ContosoIntents", "NotificationService"])
    #expect(report.targets.map(\.containingApp) == [nil, "Contoso", "Contoso", "Contoso"])
    #expect(report.notes.count == 2)
    #expect(!report.hasErrors)
  }

  @Test func theWalkSkipsPodsAndHiddenFoldersAndAMalformedProjectIsAnError() throws {
    let good = XcodeFixtures.project(appSettings: "PRODUCT_BUNDLE_IDENTIFIER = com.x.good;")
    let folder = try XcodeFixtures.folder([
      "Good/Good.xcodeproj/project.pbxproj": good,
      "Bad/Bad.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{\n\tobjects = (\n",
      "Pods/Pods.xcodeproj/project.pbxproj": good,
      ".hidden/H.xcodeproj/project.pbxproj": good,
      "node_modules/x/N.xcodeproj/project.pbxproj": good,
      "Good/Good.xcodeproj/project.xcworkspace/contents.xcworkspacedata":
        "<Workspace><FileRef location = \"self:\"/></Workspace>",
    ])
    #expect(
      XcodeTargetsReport.containers(under: folder) == [folder + "/Bad/Bad.xcodeproj", folder + "/Good/Good.xcodeproj"])
    let report = XcodeTargetsReport(paths: [folder, folder + "/missing"])
    #expect(report.targets.map(\.name) == ["App"])
    #expect(report.targets.first?.configurations.first?.bundleIdentifier?.value == "com.x.good")
    #expect(
      report.errors.map(\.description)
        == [
          folder + "/Bad/Bad.xcodeproj/project.pbxproj:4:1: the file ends where a value was expected",
          folder + "/missing: no such file or folder",
        ].sorted { $0.hasPrefix(folder + "/Bad") && !$1.hasPrefix(folder + "/Bad") })
  }

  @Test func jsonShape() throws {
    let report = XcodeTargetsReport(paths: [XcodeFixtures.contosoProject])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
    let targets = try #require(object["targets"] as? [[String: Any]])
    #expect(targets.count == 4)
    let share = targets[1]
    #expect(Set(share.keys) == [
      "name", "project", "productType", "containingApp", "containingAppProject", "configurations", "containingApps",
      "containingAppProjects", "embedsTargets",
      "dependencies", "linked", "packageProducts", "pods", "carthage", "embedded", "scriptPhases", "resources",
    ])
    #expect(share["containingApp"] as? String == "Contoso")
    #expect(share["containingAppProject"] is NSNull)
    #expect((share["containingAppProjects"] as? [Any]).map { $0.count == 1 && $0[0] is NSNull } == true)
    let debug = try #require((share["configurations"] as? [[String: Any]])?.first)
    #expect(Set(debug.keys) == [
      "name", "bundleIdentifier", "infoPlist", "infoPlistKind", "entitlements", "linkerFlags", "notes",
    ])
    #expect(debug["bundleIdentifier"] as? String == "com.contoso.notes.Share-Extension")
    #expect(targets[0]["containingApp"] is NSNull)
  }
}

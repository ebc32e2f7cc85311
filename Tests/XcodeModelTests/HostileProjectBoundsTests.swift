import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

/// Projects a pull request can write to make a reader recurse, wait or take quadratic time: each ends with its
/// result and, past a bound, a located note. (Their speed is measured in the report of issue 26, not asserted.)
@Suite("Hostile projects: bounded reads")
struct HostileProjectBoundsTests {
  @Test func aLongChainOfXcconfigIncludesStopsAtTheDepthBoundWithoutRecursingFurther() throws {
    let sandbox = try Sandbox()
    let count = 1_000
    for index in 0..<count {
      try sandbox.write("c/\(index).xcconfig", "#include \"\(index + 1).xcconfig\"\nS\(index) = \(index)\n")
    }
    var settings = BuildSettings()
    try settings.loadXcconfig(atPath: sandbox.repository + "/c/0.xcconfig", boundary: sandbox.boundary)
    let deepest = XcconfigReader.maximumIncludeDepth
    #expect(
      settings.xcconfigDiagnostics.map(\.message) == [
        "included file '\(deepest + 1).xcconfig' is more than \(deepest) includes deep: not read"
      ])
    #expect(settings.xcconfigDiagnostics.first?.file == sandbox.repository + "/c/\(deepest).xcconfig")
    #expect(settings.xcconfigDiagnostics.first?.line == 1)
    #expect(settings.value(of: "S0") == "0" && settings.value(of: "S\(deepest)") == "\(deepest)")
    #expect(settings.value(of: "S\(deepest + 1)") == nil)
  }

  @Test func workspaceGroupsNestedTooDeeplyAreANoteAndTheirProjectsAreNotRead() {
    let depth = 10_000
    let text =
      "<Workspace>\n" + String(repeating: "<Group location = \"group:g\">\n", count: depth)
      + "<FileRef location = \"group:Deep.xcodeproj\"></FileRef>\n" + String(repeating: "</Group>\n", count: depth)
      + "<FileRef location = \"group:Top.xcodeproj\"></FileRef>\n</Workspace>\n"
    let workspace = XcodeWorkspace(path: "Repo/App.xcworkspace", contents: Array(text.utf8), boundary: .unconfined)
    #expect(workspace.projectPaths == ["Repo/Top.xcodeproj"])
    let messages = workspace.notes.map(\.message)
    let bound = XcodeWorkspace.maximumGroupDepth
    #expect(messages.first == "groups nest more than \(bound) deep: the projects inside are not read")
    #expect(workspace.notes.first?.line == bound + 2)
  }

  @Test func aWorkspaceNamesEachProjectOnceAndAtMostTheBound() {
    let bound = XcodeWorkspace.maximumProjects
    let references =
      String(repeating: "<FileRef location = \"group:Same.xcodeproj\"></FileRef>\n", count: 5_000)
      + (0..<(bound + 500)).map { "<FileRef location = \"group:P\($0).xcodeproj\"></FileRef>\n" }.joined()
    let text = "<Workspace>\n" + references + "</Workspace>\n"
    let workspace = XcodeWorkspace(
      path: "/nonexistent/App.xcworkspace", contents: Array(text.utf8), boundary: .unconfined)
    #expect(workspace.projectPaths.count == bound)
    #expect(workspace.projectPaths.filter { $0.hasSuffix("/Same.xcodeproj") }.count == 1)
    let limit = workspace.notes.filter { $0.message.hasPrefix("the workspace names more than") }
    #expect(limit.map(\.message) == ["the workspace names more than \(bound) projects: the rest are not read"])
    #expect(limit.first?.line == 5_000 + bound + 1)
    // Each missing project is named once, the repeated one too.
    #expect(workspace.notes.filter { $0.message.contains("/Same.xcodeproj") }.count == 1)
  }

  @Test func aTargetListedManyTimesIsOneTarget() throws {
    let listed = "targets = (" + String(repeating: "T1, ", count: 20_000) + ");"
    let pbxproj = XcodeFixtures.project(appSettings: "").replacingOccurrences(of: "targets = (T1, );", with: listed)
    let project = try XcodeProject(path: "App.xcodeproj", pbxprojBytes: Array(pbxproj.utf8), boundary: .unconfined)
    #expect(project.targets.map(\.name) == ["App"])
    #expect(project.project.targetIDs == ["T1"])
  }

  @Test func targetsPastTheBoundAreANote() throws {
    let bound = XcodeTargetsReport.maximumTargets
    let ids = (0...bound).map { "X\($0)" }
    let objects = ids.map {
      "\t\t\($0) = {isa = PBXNativeTarget; name = \($0); productType = \"com.apple.product-type.application\"; };"
    }
    let listed = "targets = (" + ids.joined(separator: ", ") + ");"
    let pbxproj = XcodeFixtures.project(appSettings: "", extra: objects.joined(separator: "\n"))
      .replacingOccurrences(of: "targets = (T1, );", with: listed)
    var spec = "name: Many\ntargets:\n"
    for index in 0...bound { spec += "  T\(index): {type: application, platform: iOS}\n" }
    let sandbox = try Sandbox(["App.xcodeproj/project.pbxproj": pbxproj, "Spec/project.yml": spec])
    let report = XcodeTargetsReport(
      paths: [sandbox.repository + "/App.xcodeproj", sandbox.repository + "/Spec/project.yml"],
      boundary: sandbox.boundary)
    #expect(report.targets.count == 2 * bound)
    let left = report.notes.filter { $0.message.hasPrefix("the project has more than") }
    #expect(
      left.map(\.message) == [
        "the project has more than \(bound) targets: 'X\(bound)' and the rest are not read",
        // XcodeGen orders targets by name: T999 comes last.
        "the project has more than \(bound) targets: 'T999' and the rest are not read",
      ])
    let objectLine = pbxproj.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("X\(bound) = {") }.map { $0 + 1 }
    #expect(left.map(\.line) == [objectLine, 999 + 3])
    // The model reads them all: the bound is on the work done for each target.
    let model = try XcodeProject(path: sandbox.repository + "/App.xcodeproj", boundary: sandbox.boundary)
    #expect(model.targets.count == bound + 1)
  }

  @Test func projectsPastTheBoundAreANote() throws {
    let bound = XcodeTargetsReport.maximumProjects
    var files: [String: String] = [:]
    for index in 0...bound { files["P\(index).xcodeproj/project.pbxproj"] = "{ objects = {}; rootObject = R; }" }
    let sandbox = try Sandbox(files)
    let report = XcodeTargetsReport(paths: [sandbox.repository], boundary: sandbox.boundary)
    #expect(report.errors.count == bound)
    let left = report.notes.filter { $0.message.hasPrefix("more than") }
    #expect(left.map(\.message) == ["more than \(bound) projects: this one and the rest are not read"])
    #expect(left.first?.file == sandbox.repository + "/P999.xcodeproj")
  }

  @Test func aSpecWithThousandsOfTargetsGivesEachItsConfigurationsAndPlists() throws {
    let count = 999
    var spec = "name: Many\ntargets:\n  App:\n    type: application\n    platform: iOS\n    dependencies:\n"
    for index in 0..<count { spec += "      - target: Share\(index)\n" }
    for index in 0..<count {
      spec += "  Share\(index):\n    type: app-extension\n    platform: iOS\n"
      spec += "    info:\n      path: Share\(index)/Info.plist\n"
    }
    let sandbox = try Sandbox(["project.yml": spec])
    let generated = try XcodeGenProject(specPath: sandbox.repository + "/project.yml", boundary: sandbox.boundary)
    let project = generated.project
    #expect(project.targets.count == count + 1)
    #expect(generated.generatedPlists.count == count)
    let app = try #require(project.target(named: "App"))
    #expect(project.embeddedTargets(of: app).count == count)
    let share = try #require(project.target(named: "Share7"))
    #expect(project.containingApp(of: share)?.name == "App")
    #expect(project.compiledSources(of: share).isEmpty)
  }
}

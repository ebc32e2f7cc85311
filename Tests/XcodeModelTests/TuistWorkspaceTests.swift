import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

/// A Tuist `Workspace.swift` is read like an `.xcworkspace`: the projects its literal `projects:` names.
@Suite("Tuist: workspace manifests")
struct TuistWorkspaceTests {
  static func project(_ name: String, product: String = ".app") -> String {
    """
    import ProjectDescription

    let project = Project(
      name: "\(name)",
      targets: [
        .target(name: "\(name)", destinations: .iOS, product: \(product), bundleId: "com.contoso.\(name.lowercased())",
          infoPlist: .default),
      ]
    )
    """
  }

  static let workspace = """
    import ProjectDescription

    let workspace = Workspace(
      name: "Contoso",
      projects: [
        "Apps/Notes",
        "Modules/**",
        "Extensions/*Share",
        "Missing",
        "Empty",
        "Nothing/*",
      ]
    )
    """

  static func folder() throws -> String {
    try XcodeFixtures.folder([
      "Workspace/Workspace.swift": workspace,
      "Workspace/Apps/Notes/Project.swift": project("Notes"),
      "Workspace/Modules/Kit/Project.swift": project("Kit", product: ".framework"),
      "Workspace/Modules/Deep/Feature/Project.swift": project("Feature", product: ".appExtension"),
      "Workspace/Extensions/NotesShare/Project.swift": project("NotesShare", product: ".appExtension"),
      "Workspace/Extensions/Widget/Project.swift": project("Widget", product: ".appExtension"),
      "Workspace/Empty/README.md": "no project here",
      "Workspace/Nothing/README.md": "nor here",
    ])
  }

  @Test func theProjectsAWorkspaceNamesAreReadAndWhatIsNotThereIsALocatedNote() throws {
    let folder = try Self.folder()
    let manifest = folder + "/Workspace/Workspace.swift"
    let workspace = try TuistFormat.readWorkspace(manifest, boundary: RepositoryBoundary(roots: [folder]))
    #expect(workspace.projects.map { String($0.dropFirst(folder.count + "/Workspace/".count)) } == [
      "Apps/Notes/Project.swift", "Modules/Deep/Feature/Project.swift", "Modules/Kit/Project.swift",
      "Extensions/NotesShare/Project.swift",
    ])
    #expect(workspace.notes.map(\.description) == [
      "\(manifest):9: the workspace names 'Missing', which does not exist",
      "\(manifest):10: the workspace names 'Empty', which holds no project",
      "\(manifest):11: the workspace names 'Nothing/*', which matches no project",
    ])
  }

  /// Named on the command line, or met in a walk of a folder that does not hold all its projects, the workspace
  /// brings them into the report, each once; the Tuist manifest note is gone.
  @Test func theReportReadsAWorkspacesProjects() throws {
    let folder = try Self.folder()
    let boundary = RepositoryBoundary(roots: [folder])
    let named = XcodeTargetsReport(paths: [folder + "/Workspace/Workspace.swift"], boundary: boundary)
    #expect(named.errors.isEmpty, "\(named.errors)")
    #expect(named.targets.map(\.name) == ["Notes", "Feature", "NotesShare"])
    let walked = XcodeTargetsReport(paths: [folder + "/Workspace"], boundary: boundary)
    #expect(walked.targets.map(\.name).sorted() == ["Feature", "Notes", "NotesShare", "Widget"])
    #expect(walked.notes.count == 3)
    #expect(!walked.notes.contains { $0.message.contains("a Tuist workspace manifest") })
  }

  /// A list the manifest computes, or a workspace made by a helper, is a note naming `tuist generate`.
  @Test func aComputedListIsANote() throws {
    let folder = try XcodeFixtures.folder([
      "Workspace.swift": """
        import ProjectDescription
        import ProjectDescriptionHelpers

        let workspace = Workspace(name: "Contoso", projects: ["App"] + Module.allCases.map(\\.path))
        """,
      "App/Project.swift": Self.project("App"),
    ])
    let workspace = try TuistFormat.readWorkspace(folder + "/Workspace.swift", boundary: .unconfined)
    #expect(workspace.projects.map { PathText.lastComponent(of: $0) } == ["Project.swift"])
    #expect(workspace.notes.count == 1)
    #expect(workspace.notes.first?.message.contains("tuist generate") == true, "\(workspace.notes)")
  }
}

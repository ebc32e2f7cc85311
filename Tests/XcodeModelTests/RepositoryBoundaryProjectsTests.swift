import Foundation
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

@Suite("Reads stay inside the repository: the Info.plist preprocessor")
struct PreprocessorBoundaryTests {
  /// The error preprocessing `text` as the repository's `App/Info.plist` gives, within the sandbox's boundary.
  private static func failure(
    _ sandbox: Sandbox, _ text: String, options: InfoPlistPreprocessorOptions? = nil,
    preprocessor given: InfoPlistPreprocessor? = nil
  ) throws -> InfoPlistPreprocessorError {
    try sandbox.write("App/Info.plist", text)
    let preprocessor = given ?? options?.preprocessor ?? InfoPlistPreprocessor(boundary: sandbox.boundary)
    let source = SourceText(name: sandbox.repository + "/App/Info.plist", string: text)
    do {
      let output = try preprocessor.preprocess(source)
      Issue.record("preprocessed without an error: \(String(decoding: output.output, as: UTF8.self))")
      return InfoPlistPreprocessorError("", file: "")
    } catch {
      return error
    }
  }

  @Test func anIncludeOutsideIsALocatedErrorAndNothingOfItIsRead() throws {
    let sandbox = try Sandbox()
    let error = try Self.failure(sandbox, "<string>\n#include \"../../outside/secret.h\"\n</string>\n")
    #expect(
      error.message
        == "included file '../../outside/secret.h' is outside the linted folders: not read "
        + "(--allow-outside admits a path)")
    #expect(error.file == sandbox.repository + "/App/Info.plist" && error.line == 2 && error.column == 11)
    #expect(!Sandbox.holdsCanary(error))
  }

  @Test func systemIncludesAndGitMetadataAreRefused() throws {
    let sandbox = try Sandbox([".git/config": "extraheader = AUTHORIZATION: basic \(Sandbox.canary)\n"])
    let passwd = try Self.failure(sandbox, "#include </etc/passwd>\n")
    #expect(passwd.message.hasPrefix("included file '/etc/passwd' is outside the linted folders: not read"))
    let git = try Self.failure(sandbox, "#include \"../.git/config\"\n")
    #expect(git.message == "included file '../.git/config' is inside a .git folder: never read")
    let header = try Self.failure(sandbox, "#include <TargetConditionals.h>\n")
    #expect(header.message == "'TargetConditionals.h' file not found (the system's headers are not read)")
    #expect(!Sandbox.holdsCanary([passwd, git]))
  }

  @Test func searchFoldersOutsideAndFlagsThatReadOrWriteFilesAreNamedInTheNote() throws {
    let sandbox = try Sandbox(["Headers/Schemes.h": "<string>contoso</string>\n"])
    let options = InfoPlistPreprocessorOptions(
      definitionsSetting: "", otherFlags: "-traditional -I/ -isystem ../outside -I Headers -include /etc/passwd "
        + "--sysroot / -isysroot / -imacros x.h -o out.plist -MF deps.d",
      workingFolder: sandbox.repository, boundary: sandbox.boundary)
    #expect(options.includePaths == [sandbox.repository + "/Headers"])
    #expect(options.refusedFlags.map(\.flag) == ["-I/", "-isystem ../outside"])
    #expect(
      options.unsupportedFlags == [
        "-include /etc/passwd", "--sysroot /", "-isysroot /", "-imacros x.h", "-o out.plist", "-MF deps.d",
      ])
    let note = try #require(options.unsupportedFlagsNote)
    #expect(note.contains("'-I/' names a folder outside the linted folders: not read"))
    #expect(note.contains("'-isystem ../outside' names a folder outside the linted folders: not read"))
    #expect(note.contains("'-include /etc/passwd'") && note.contains("'--sysroot /'"))
    // The folder inside is searched; `-I/` is not, so `etc/passwd` is found nowhere.
    try sandbox.write("App/Info.plist", "#include \"Schemes.h\"\n")
    let source = SourceText(name: sandbox.repository + "/App/Info.plist", string: "#include \"Schemes.h\"\n")
    let output = try options.preprocessor.preprocess(source)
    #expect(String(decoding: output.output, as: UTF8.self) == "<string>contoso</string>\n")
    let passwd = try Self.failure(sandbox, "#include \"etc/passwd\"\n", options: options)
    #expect(passwd.message == "'etc/passwd' file not found")
  }

  @Test(.timeLimit(.minutes(1))) func anIncludeBombStopsAtTheInfoPlistsIncludeWithALocatedError() throws {
    let sandbox = try Sandbox()
    for level in 0..<40 {
      try sandbox.write("App/f\(level).h", "#include \"f\(level + 1).h\"\n#include \"f\(level + 1).h\"\n")
    }
    try sandbox.write("App/f40.h", "x\n")
    // Time enough for the count of includes to stop it (a loaded machine could reach the default second first).
    let patient = InfoPlistPreprocessor(maximumDuration: .seconds(600), boundary: sandbox.boundary)
    let error = try Self.failure(sandbox, "<dict>\n#include \"f0.h\"\n</dict>\n", preprocessor: patient)
    #expect(error.message.hasPrefix("more than \(InfoPlistPreprocessor.maximumIncludes) includes: stopped (in '"))
    #expect(error.file == sandbox.repository + "/App/Info.plist" && error.line == 2)
  }

  @Test(.timeLimit(.minutes(1))) func aFileIncludingItselfThroughALinkToItsFolderIsACycle() throws {
    let sandbox = try Sandbox()
    try sandbox.write("App/a.h", "#include \"d/a.h\"\n#include \"d/a.h\"\n")
    try sandbox.link("App/d", to: ".")
    let error = try Self.failure(sandbox, "#include \"a.h\"\n")
    #expect(error.message.hasPrefix("include cycle: "))
    #expect(error.message.hasSuffix("App/a.h → " + sandbox.repository + "/App/d/a.h"))
  }

  @Test func eachRunHasATimeBudget() throws {
    let sandbox = try Sandbox(["App/a.h": "<string>a</string>\n"])
    try sandbox.write("App/Info.plist", "#include \"a.h\"\n")
    let preprocessor = InfoPlistPreprocessor(maximumDuration: .zero, boundary: sandbox.boundary)
    let source = SourceText(name: sandbox.repository + "/App/Info.plist", string: "#include \"a.h\"\n")
    #expect {
      try preprocessor.preprocess(source)
    } throws: { error in
      (error as? InfoPlistPreprocessorError)?.message.hasPrefix("preprocessing takes more time") == true
        && (error as? InfoPlistPreprocessorError)?.line == 1
    }
  }
}

@Suite("Reads stay inside the repository: XcodeGen specs")
struct XcodeGenBoundaryTests {
  @Test func includesAndPlistsOutsideAreNotesAndNothingOfThemIsRead() throws {
    let sandbox = try Sandbox([
      "project.yml": """
        name: App
        include: ../outside/more.yml
        targets:
          App:
            type: application
            platform: iOS
            info:
              path: ../outside/Info.plist
            entitlements:
              path: ../outside/App.entitlements
            sources: [../outside]
        """
    ])
    let project = try XcodeGenProject(specPath: sandbox.repository + "/project.yml", boundary: sandbox.boundary)
    #expect(project.project.targets.map(\.name) == ["App"])
    let messages = project.notes.map(\.message)
    #expect(messages.contains { $0.hasPrefix("the included spec '") && $0.contains("outside the linted folders") })
    #expect(messages.contains { $0.hasPrefix("'../outside/Info.plist' is outside the linted folders: not read") })
    #expect(messages.contains { $0.hasPrefix("'../outside/App.entitlements' is outside the linted folders") })
    // What XcodeGen would write there is linted instead; nothing of the files outside is in it.
    #expect(project.generatedPlists.count == 2)
    #expect(!Sandbox.holdsCanary(project))
  }

  @Test func aSpecOutsideIsNotReadAndNotASpec() throws {
    let sandbox = try Sandbox()
    let outsideSpec = sandbox.outside + "/app.yml"
    try Data("name: \(Sandbox.canary)\n".utf8).write(to: URL(fileURLWithPath: outsideSpec))
    #expect(XcodeGenProject.isSpecFile(outsideSpec, boundary: .unconfined))
    #expect(!XcodeGenProject.isSpecFile(outsideSpec, boundary: sandbox.boundary))
    #expect(throws: XcodeProjectError.self) { try XcodeGenProject(specPath: outsideSpec, boundary: sandbox.boundary) }
  }
}

@Suite("Reads stay inside the repository: workspaces, projects and dependency files")
struct ProjectBoundaryTests {
  @Test func aWorkspaceNamingProjectsOutsideGivesLocatedNotesAndReadsNone() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: sandbox.outside + "/Other.xcodeproj", withIntermediateDirectories: true)
    try Data(XcodeFixtures.project(appSettings: "PRODUCT_BUNDLE_IDENTIFIER = \(Sandbox.canary);").utf8)
      .write(to: URL(fileURLWithPath: sandbox.outside + "/Other.xcodeproj/project.pbxproj"))
    try sandbox.write("App.xcodeproj/project.pbxproj", XcodeFixtures.project(appSettings: ""))
    try sandbox.write(
      "App.xcworkspace/contents.xcworkspacedata",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <Workspace version = "1.0">
         <FileRef location = "group:\(sandbox.outside)/Other.xcodeproj"></FileRef>
         <FileRef location = "absolute:\(sandbox.outside)/Second.xcodeproj"></FileRef>
         <FileRef location = "group:../outside/Third.xcodeproj"></FileRef>
         <FileRef location = "group:App.xcodeproj"></FileRef>
         <FileRef location = "group:./App.xcodeproj"></FileRef>
      </Workspace>
      """)
    let workspacePath = sandbox.repository + "/App.xcworkspace"
    let workspace = XcodeWorkspace(path: workspacePath, boundary: sandbox.boundary)
    #expect(workspace.projectPaths == [sandbox.repository + "/App.xcodeproj"])
    #expect(workspace.notes.map(\.line) == [3, 4, 5])
    let refused = "is outside the linted folders: not read (--allow-outside admits a path)"
    #expect(workspace.notes.allSatisfy { $0.message.hasSuffix(refused) })
    let report = XcodeTargetsReport(paths: [workspacePath], boundary: sandbox.boundary)
    #expect(report.targets.map(\.project) == [sandbox.repository + "/App.xcodeproj"])
    #expect(!Sandbox.holdsCanary(report.targets))
    #expect(throws: XcodeProjectError.self) {
      try XcodeProject(path: sandbox.outside + "/Other.xcodeproj", boundary: sandbox.boundary)
    }
  }

  @Test func dependencyFilesOutsideAreNotesOrNotSearched() throws {
    let sandbox = try Sandbox()
    try sandbox.link("Podfile", to: sandbox.outside + "/Podfile")
    let podfile = try #require(Podfile(path: sandbox.repository + "/Podfile", boundary: sandbox.boundary))
    #expect(
      podfile.notes.map(\.message) == [
        "the file is outside the linted folders: not read (--allow-outside admits a path); its dependencies are "
          + "unknown"
      ])
    #expect(!Sandbox.holdsCanary(podfile))
    #expect(PodfileLock(path: sandbox.outside + "/Podfile", boundary: sandbox.boundary)?.versions.isEmpty == true)
    #expect(Cartfile(path: sandbox.outside + "/Podfile", boundary: sandbox.boundary)?.entries.isEmpty == true)
    #expect(PackageResolved(path: sandbox.outside + "/Podfile", boundary: sandbox.boundary)?.pins.isEmpty == true)
    #expect(Podfile(path: sandbox.repository + "/Nothing", boundary: sandbox.boundary) == nil)
    // A Podfile above the linted folder (the search goes up to two folders) is not looked for.
    try sandbox.write("ios/App.xcodeproj/project.pbxproj", XcodeFixtures.project(appSettings: ""))
    try FileManager.default.removeItem(atPath: sandbox.repository + "/Podfile")
    try sandbox.write("Podfile", "project 'ios/App'\ntarget 'App' do\n  pod '\(Sandbox.canary)'\nend\n")
    let project = try XcodeProject(path: sandbox.repository + "/ios/App.xcodeproj", boundary: sandbox.boundary)
    var wholeRepository = XcodeDependencyFileCache(boundary: sandbox.boundary)
    #expect(wholeRepository.files(for: project, workspace: nil).podfile != nil)
    var iosOnly = XcodeDependencyFileCache(boundary: RepositoryBoundary(roots: [sandbox.repository + "/ios"]))
    let files = iosOnly.files(for: project, workspace: nil)
    #expect(files.podfile == nil && files.notes.isEmpty)
  }

  @Test func frameworkVersionsOverlaysAndManifestsOutsideAreNotRead() throws {
    let sandbox = try Sandbox()
    let framework = sandbox.outside + "/Secret.framework"
    try FileManager.default.createDirectory(atPath: framework, withIntermediateDirectories: true)
    try Data("<plist><dict><key>CFBundleShortVersionString</key><string>9.9</string></dict></plist>".utf8)
      .write(to: URL(fileURLWithPath: framework + "/Info.plist"))
    #expect(FrameworkBundleVersion.version(ofBundleAt: framework, boundary: .unconfined) == "9.9")
    #expect(FrameworkBundleVersion.version(ofBundleAt: framework, boundary: sandbox.boundary) == nil)
    #expect(XcodeFileOverlay().contents(at: sandbox.outside + "/secret.h", boundary: sandbox.boundary) == nil)
    #expect(TuistManifest(path: sandbox.outside + "/secret.h", boundary: sandbox.boundary) == nil)
  }
}

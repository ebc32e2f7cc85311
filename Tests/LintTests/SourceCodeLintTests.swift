import Foundation
import Testing
import XcodeModel

@testable import Lint

/// The SC rules through a whole `lint` run: sources found through the project, read once, placed in the source
/// files, silent without a project.
@Suite struct SourceCodeLintTests {
  static let intuneFrameworks: [ExampleProject.Framework] = [
    .init("IntuneMAMSwift.xcframework", embedding: .embedAndSign),
    .init("IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
  ]

  static func lint(_ files: [String: String], only rules: Set<String>) async throws -> LintReport {
    let folder = try XcodeFolder(files)
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = rules
    return try await LintSession.run(options)
  }

  /// Two app flavours compile the same file: its finding is reported once, at the call, for both configurations.
  @Test func aSharedFileIsReportedOnceAtTheCall() async throws {
    let project = ExampleProject(targets: [
      .init("App", frameworks: Self.intuneFrameworks, sources: ["Shared/Session.swift"]),
      .init("AppDev", settings: ["INFOPLIST_FILE": "App/Info.plist"], frameworks: Self.intuneFrameworks,
            sources: ["Shared/Session.swift"]),
    ])
    let report = try await Self.lint([
      "App.xcodeproj/project.pbxproj": project.render(),
      "App/Info.plist": RuleExample.document(for: RuleExample.intuneAppInfoPlist),
      "Shared/Session.swift": """
        import IntuneMAMSwift

        let user = IntuneMAMEnrollmentManager.instance().enrolledAccount()
        """,
    ], only: ["SC004"])
    let findings = report.diagnostics.filter { $0.code == "SC004" }
    #expect(findings.count == 1)
    #expect(findings.first.map { "\($0.file):\($0.start!.line):\($0.start!.column)" }?.hasSuffix(
      "Shared/Session.swift:3:50") == true)
    #expect(findings.first?.configurations.sorted() == ["Debug", "Release"])
  }

  /// Loose files have no sources to read: the rules that need them stay silent.
  @Test func looseFilesHaveNoSources() async throws {
    let report = try await Self.lint([
      "App/Info.plist": RuleExample.document(for: RuleExample.intuneAppInfoPlist),
      "App/Session.swift": "let user = IntuneMAMEnrollmentManager.instance().enrolledAccount()\n",
    ], only: ["SC001", "SC002", "SC003", "SC004", "SC005"])
    #expect(report.diagnostics.isEmpty)
  }

  /// A file over the size limit is not read, and a finding that says a call is missing says so.
  @Test func aFileTooLargeToReadIsNamedInTheNote() async throws {
    let project = ExampleProject(targets: [
      .init("App", frameworks: Self.intuneFrameworks, sources: ["App/AppDelegate.swift", "App/Generated.swift"]),
    ])
    let large = String(repeating: "// generated\n", count: SourceFileReaderLimit.overLimitLines)
      + "func go() { IntuneMAMEnrollmentManager.instance().loginAndEnrollAccount(nil) }\n"
    let report = try await Self.lint([
      "App.xcodeproj/project.pbxproj": project.render(),
      "App/Info.plist": RuleExample.document(for: RuleExample.intuneAppInfoPlist),
      "App/AppDelegate.swift": "import IntuneMAMSwift\n",
      "App/Generated.swift": large,
    ], only: ["SC002"])
    let finding = try #require(report.diagnostics.first { $0.code == "SC002" })
    #expect(finding.notes.contains { $0.contains("App/Generated.swift' was not read") && $0.contains("MiB") })
  }

  /// A file is read once however many times it is asked for: what a later caller gets is what was read first.
  @Test func theCacheReadsEachFileOnce() async throws {
    let folder = try XcodeFolder(["A.swift": "x.handleMSALResponse(url)\n"])
    let cache = SourceFileCache()
    let path = folder.path + "/A.swift"
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          if case .read(let file) = cache.outcome(at: path) { return file.mentions(anyOf: ["handleMSALResponse"]) }
          return false
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(outcomes == Array(repeating: true, count: 8))
    try FileManager.default.removeItem(atPath: path)
    guard case .read = cache.outcome(at: path) else {
      Issue.record("the file was read again")
      return
    }
    #expect(cache.readText(named: XcodeProjectSources.displayPath(path)) != nil)
  }
}

/// How many lines of `// generated\n` (13 bytes) make a file over the 4 MiB `SourceFileReader` reads.
enum SourceFileReaderLimit {
  static let overLimitLines = (4 << 20) / 13 + 1
}

import Foundation
import PropertyList
import SharelintBase
import Testing

@testable import Lint

/// The stages of a lint run (plan → jobs → rules → merge → report), each on its own.
@Suite struct LintPipelineTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples").path

  /// A temporary folder holding `files` (relative path → text), removed by the caller.
  static func folder(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-pipeline-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root.path
  }

  /// The Xcode project's plists are planned through the project (one build per configuration), and the walk
  /// never reads them as loose files: only the files no project claims count in `filesRead`.
  @Test func planReadsProjectsFirstAndLeavesTheirFilesOutOfTheWalk() throws {
    let contoso = Self.samples + "/XcodeContoso"
    let plan = try LintPlan.make(
      .init(paths: [contoso]), commandLineSettings: .init(), commandLineDefinitions: [])
    #expect(plan.targets.count == 3)
    #expect(plan.targets.allSatisfy { $0.builds.map(\.configuration) == ["Debug", "Release"] })
    #expect(plan.targets.allSatisfy { $0.name.contains("Contoso.xcodeproj › ") })
    #expect(plan.filesRead == 0, "the walk read \(plan.filesRead) files the project claims")

    // With a loose plist beside the project: the project's targets come first, then the loose one.
    let both = try LintPlan.make(
      .init(paths: [contoso, Self.samples + "/ContosoClean"]), commandLineSettings: .init(),
      commandLineDefinitions: [])
    #expect(both.targets.count == 5)
    #expect(both.targets.prefix(3).allSatisfy { $0.builds.count == 2 })
    #expect(both.targets.suffix(2).allSatisfy { $0.builds.count == 1 && $0.builds[0].configuration == nil })
    #expect(both.filesRead == 4)   // ContosoClean: two Info.plists and two entitlements files
  }

  /// `-D` definitions override every project configuration's settings, parsed once.
  @Test func commandLineDefinitionsOverrideProjectSettings() throws {
    let plan = try LintPlan.make(
      .init(paths: [Self.samples + "/XcodeContoso"]), commandLineSettings: .init(),
      commandLineDefinitions: [(name: "PRODUCT_BUNDLE_IDENTIFIER", value: "io.example.override")])
    for build in plan.builds {
      #expect(build.settings.value(of: "PRODUCT_BUNDLE_IDENTIFIER") == "io.example.override")
    }
    #expect(throws: LintSession.InputError.self) { try LintSession.definitionsFromCommandLine(["1BAD=x"]) }
  }

  /// The summary counts targets and the builds linted, not jobs as targets.
  @Test func reportCountsTargetsAndBuilds() async throws {
    let report = try await LintSession.run(.init(paths: [Self.samples + "/XcodeContoso"]))
    #expect(report.targetCount == 3)
    #expect(report.buildCount == 6)
    #expect(TextReporter().render(report).hasSuffix(" in 3 targets (6 builds)\n"))
    let loose = try await LintSession.run(.init(paths: [Self.samples + "/ContosoClean"]))
    #expect(loose.targetCount == 2 && loose.buildCount == 2)
    #expect(TextReporter().render(loose).hasSuffix(" in 2 targets\n"))
  }

  /// A finding about a file every configuration builds is reported once, naming the configurations.
  @Test func mergeKeepsOneFindingForTheConfigurationsThatShareIt() {
    let source = SourceText(name: "App/Info.plist", bytes: Array("<plist><dict/></plist>".utf8))
    let finding = LintDiagnostic(
      rule: "duplicate-key", code: "PL002", severity: .error, message: "m", source: source, range: nil, keyPath: "k")
    var merger = FindingMerger(sharedFiles: SharedFiles(plistUses: ["App/Info.plist": 2], projectFileUses: [:]))
    var report = LintReport()
    for configuration in ["Debug", "Release"] {
      merger.add(
        LintJobResult(diagnostics: [finding], linted: true, configuration: configuration, targetIndex: 0),
        to: &report)
    }
    FindingMerger.finish(&report)
    #expect(report.diagnostics.count == 1)
    #expect(report.diagnostics.first?.notes == ["in configurations Debug, Release"])
    #expect(report.targetCount == 1 && report.buildCount == 2)
  }

  /// A finding about a file no job names (an `.lproj/InfoPlist.strings` a rule read beside the Info.plist) may come
  /// from every configuration: it is merged too; one about a file only one job reads is never compared.
  @Test func findingsAboutFilesNoJobNamesAreMerged() {
    let strings = SourceText(name: "Share/de.lproj/InfoPlist.strings", bytes: Array("\"A\" = \"b\";".utf8))
    let plist = SourceText(name: "App/Info.plist", bytes: Array("<plist><dict/></plist>".utf8))
    let inStrings = LintDiagnostic(
      rule: "open-in-extension-name", code: "IM025", severity: .warning, message: "m", source: strings, range: nil,
      keyPath: "A")
    let inPlist = LintDiagnostic(
      rule: "duplicate-key", code: "PL002", severity: .error, message: "m", source: plist, range: nil, keyPath: "k")
    let shared = SharedFiles(plistUses: ["App/Info.plist": 1], projectFileUses: [:])
    #expect(shared.contains("Share/de.lproj/InfoPlist.strings") && !shared.contains("App/Info.plist"))
    var merger = FindingMerger(sharedFiles: shared)
    var report = LintReport()
    for configuration in ["Debug", "Release"] {
      merger.add(
        LintJobResult(diagnostics: [inStrings, inPlist], linted: true, configuration: configuration, targetIndex: 0),
        to: &report)
    }
    FindingMerger.finish(&report)
    #expect(report.diagnostics.filter { $0.code == "IM025" }.count == 1)
    #expect(report.diagnostics.filter { $0.code == "PL002" }.count == 2)
  }

  /// A finding whose message quotes a setting's value as built (`'contoso-dev' (from '$(APP_SCHEME)')`) is still
  /// one finding when the value differs between the target's configurations: it quotes what is written and a note
  /// says which configuration has which value. Another target with another value is another finding.
  @Test func mergeQuotesWhatIsWrittenWhereConfigurationsDifferInValue() {
    let source = SourceText(name: "App/Info.plist", bytes: Array("<plist><dict/></plist>".utf8))
    func finding(_ value: String) -> LintDiagnostic {
      LintDiagnostic(
        rule: "missing-intunemam-url-scheme", code: "US004", severity: .error,
        message: "URL scheme '\(value)' (from '$(APP_SCHEME)') is registered without '\(value)-intunemam' (from "
          + "'$(APP_SCHEME)-intunemam') in the same URL type; 'ok' (from '$(OK)')",
        source: source, range: nil, keyPath: "k")
    }
    var merger = FindingMerger(sharedFiles: SharedFiles(plistUses: ["App/Info.plist": 2], projectFileUses: [:]))
    var report = LintReport()
    for (configuration, value, target) in [
      ("Debug", "contoso-dev", 0), ("Staging", "contoso-dev", 0), ("Release", "contoso", 0), ("Debug", "other", 1),
    ] {
      merger.add(
        LintJobResult(diagnostics: [finding(value)], linted: true, configuration: configuration, targetIndex: target),
        to: &report)
    }
    FindingMerger.finish(&report)
    #expect(report.diagnostics.count == 2)
    #expect(
      report.diagnostics.first?.message
        == "URL scheme '$(APP_SCHEME)' is registered without '$(APP_SCHEME)-intunemam' in the same URL type; 'ok' "
        + "(from '$(OK)')")
    #expect(report.diagnostics.first?.notes == [
      "'$(APP_SCHEME)' is 'contoso-dev' in Debug, Staging; 'contoso' in Release",
      "in configurations Debug, Staging, Release",
    ])
    #expect(report.diagnostics.last?.message == finding("other").message)
    #expect(ShownValues.asWritten("a 'x' (from '$(X)') b 'y'") == "a '$(X)' b 'y'")
  }

  /// Notes that say the same thing of several files, targets or configurations are one line naming them all, each
  /// with its location; the others keep their place and text.
  @Test func notesThatSayTheSameThingAreOneLine() {
    let missing = "does not exist (generated, or kept out of the repository); its settings are unknown"
    let notes = NoteGrouping.grouped([
      "'Pods/A.debug.xcconfig' \(missing)",
      "A/Debug.xcconfig:21: included file 'Pods/A.debug.xcconfig' is not in the repository; the rest of "
        + "'A/Debug.xcconfig' still counts",
      "Workspace.swift:1: a Tuist workspace manifest",
      "'Pods/A.release.xcconfig' \(missing)",
      "A/Release.xcconfig:21: included file 'Pods/A.release.xcconfig' is not in the repository; the rest of "
        + "'A/Release.xcconfig' still counts",
      "'Pods/B.debug.xcconfig' \(missing)",
      "'Pods/A.debug.xcconfig' \(missing)",
      "'P.xcodeproj › Watch' builds for 'watchos', not iOS: not linted",
      "'P.xcodeproj › Mac' builds for 'macosx', not iOS: not linted",
    ])
    #expect(notes == [
      "'Pods/A.debug.xcconfig' \(missing); likewise 'Pods/A.release.xcconfig', 'Pods/B.debug.xcconfig'",
      "A/Debug.xcconfig:21: included file 'Pods/A.debug.xcconfig' is not in the repository; the rest of "
        + "'A/Debug.xcconfig' still counts; likewise A/Release.xcconfig:21 ('Pods/A.release.xcconfig')",
      "Workspace.swift:1: a Tuist workspace manifest",
      "'P.xcodeproj › Watch' builds for 'watchos', not iOS: not linted; likewise ('P.xcodeproj › Mac', 'macosx')",
    ])
  }

  /// A group of many notes names the first few and counts the rest: one readable line.
  @Test func aLargeGroupOfNotesNamesTheFirstAndCountsTheRest() {
    let notes = (1...200).map { "'Apps/App\($0).csproj › App\($0) (Mac Catalyst)' builds for 'macosx', not iOS" }
    let grouped = NoteGrouping.grouped(notes)
    #expect(grouped.count == 1)
    #expect(grouped[0].hasPrefix("'Apps/App1.csproj › App1 (Mac Catalyst)' builds for 'macosx', not iOS; likewise "
      + "'Apps/App2.csproj › App2 (Mac Catalyst)', "))
    #expect(grouped[0].hasSuffix("'Apps/App9.csproj › App9 (Mac Catalyst)' and 191 more"))
  }

  /// `fix` plans once and lints again only the jobs that read a changed file; its final report is what a fresh
  /// lint of the fixed bytes says.
  @Test func fixLintsAgainOnlyWhatChangedAndAgreesWithAFreshLint() async throws {
    let folder = try Self.folder([
      "App/Info.plist": RuleExample.document(for: """
        <key>CFBundleIdentifier</key><string>com.contoso.notes</string>
        <key>IntuneMAMSettings</key><dict/>
        <key>LSApplicationQueriesSchemes</key><array><string>contoso</string></array>
        """),
      "Other/Info.plist": RuleExample.document(for: "<key>CFBundleIdentifier</key><string>com.contoso.other</string>"),
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let prepared = try LintSession.prepare(.init(paths: [folder]))
    #expect(prepared.jobs.count == 2)
    #expect(prepared.jobs(reading: [folder + "/App/Info.plist"]).count == 1)
    #expect(prepared.jobs(reading: []).isEmpty)

    let outcome = try await FixSession.run(.init(paths: [folder]), includingUnsafe: false)
    #expect(outcome.passes >= 1)
    #expect(outcome.files.map(\.original.name) == [folder + "/App/Info.plist"])
    var options = LintSession.Options(paths: [folder])
    for file in outcome.files { options.overlay[file.original.name] = file.bytes }
    let fresh = try await LintSession.run(options)
    #expect(outcome.finalReport.diagnostics.map(\.code) == fresh.diagnostics.map(\.code))
    #expect(outcome.finalReport.diagnostics.map(\.message) == fresh.diagnostics.map(\.message))
  }

  /// A project of one `App` target with `settings` in both configurations.
  static func appProject(settings: String) -> String {
    XcodeSemanticsLintTests.project([(name: "Debug", base: nil, settings: settings), (name: "Release", base: nil,
      settings: settings)])
  }

  /// A Mac, TV or watch target is not an iOS build: a note names it, it is not linted, and a repository holding
  /// only such targets is no unusable input (exit 0, not "nothing found").
  @Test func targetsThatDoNotBuildForIOSAreNamedInANoteAndNotLinted() async throws {
    let settings = "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = io.example.mac; SDKROOT = macosx;"
    let report = try await XcodeSemanticsLintTests.lint([
      "App.xcodeproj/project.pbxproj": Self.appProject(settings: settings),
      "App/Info.plist": RuleExample.document(for: "<key>IntuneMAMSettings</key><dict/>"),
    ])
    #expect(report.targetCount == 0)
    #expect(report.problems.isEmpty)
    #expect(report.notes.contains { $0.contains("App.xcodeproj › App' builds for 'macosx', not iOS: not linted") })
  }

  /// A plist in a project's folder that no target builds (a stale copy, a fixture) is not a loose target: Xcode
  /// never reads it. A note counts it; naming the file lints it.
  @Test func plistsInAProjectFolderThatNoTargetBuildsAreLeftOutWithANote() async throws {
    let settings = "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = io.example.app;"
    let folder = try XcodeFolder([
      "App.xcodeproj/project.pbxproj": Self.appProject(settings: settings),
      "App/Info.plist": RuleExample.document(for: "<key>CFBundleIdentifier</key><string>io.example.app</string>"),
      "Old/Info.plist": RuleExample.document(for: """
        <key>CFBundleName</key><string>Old</string><key>CFBundleName</key><string>Older</string>
        """),
    ])
    let report = try await LintSession.run(.init(paths: [folder.path]))
    #expect(report.targetCount == 1)
    #expect(!report.diagnostics.contains { $0.file.hasSuffix("Old/Info.plist") })
    #expect(report.notes.contains { $0.hasPrefix("1 plist in the folder of an Xcode project that no target builds") })
    let named = try await LintSession.run(.init(paths: [folder.path, folder.path + "/Old/Info.plist"]))
    #expect(named.diagnostics.contains { $0.file.hasSuffix("Old/Info.plist") })
  }

  /// A target with `GENERATE_INFOPLIST_FILE = YES` and no `INFOPLIST_FILE` (Xcode 13's default) is linted from the
  /// keys Xcode generates and its entitlements.
  @Test func aTargetWithOnlyAGeneratedInfoPlistIsLinted() async throws {
    let settings = """
      GENERATE_INFOPLIST_FILE = YES; PRODUCT_BUNDLE_IDENTIFIER = io.example.app; \
      CODE_SIGN_ENTITLEMENTS = App/App.entitlements;
      """
    let report = try await XcodeSemanticsLintTests.lint([
      "App.xcodeproj/project.pbxproj": Self.appProject(settings: settings),
      "App/App.entitlements": RuleExample.document(for: """
        <key>keychain-access-groups</key><array><string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string></array>
        """),
    ])
    #expect(report.targetCount == 1 && report.buildCount == 2)
    #expect(report.diagnostics.contains { $0.file.hasSuffix("App.entitlements") })
  }
}

import Foundation
@testable import Lint
import Testing
import XcodeModel

/// Target rules (`TargetRule`) are asked once per project target, with every configuration the run lints, and
/// report a finding once: naming the configurations it holds in, not once per configuration for the merge to fold.
@Suite struct TargetRuleTests {
  /// A target rule reporting, at the target, once per time it is asked, how many configurations it was shown.
  struct CallReportingRule: TargetRule {
    static let description = BitcodeEnabledRule.description

    func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
      guard let view = target.configurations.first else { return }
      view.report(
        "asked about \(target.configurations.count) configurations", at: view.targetSite, keyPath: view.targetName,
        into: &findings)
    }
  }

  static let intuneFrameworks: [ExampleProject.Framework] = [
    .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
    .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
  ]

  /// The jobs' findings of `project` under `rules`, before the merge: what the rules reported, job by job.
  static func unmergedFindings(
    of project: ExampleProject, rules: [any LintRule.Type]
  ) throws -> (folder: XcodeFolder, diagnostics: [LintDiagnostic]) {
    let folder = try XcodeFolder([
      "App.xcodeproj/project.pbxproj": project.render(),
      "App/Info.plist": RuleExample.document(for: RuleExample.intuneAppInfoPlist),
    ])
    let options = LintSession.Options(paths: [folder.path])
    let plan = try LintPlan.make(options, commandLineSettings: BuildSettings(), commandLineDefinitions: [])
    let jobs = try LintJob.make(plan, options: options, rules: rules, fixedConfiguration: nil)
    let lifetimes = DocumentLifetimes(jobs)
    return (folder, jobs.flatMap { $0.run(overlay: [:], lifetimes: lifetimes).diagnostics })
  }

  @Test func aTargetRuleIsAskedOncePerTargetWhateverTheNumberOfConfigurations() throws {
    for configurations in [["Release"], ["Debug", "Release"], ["Debug", "Staging", "Beta", "Release"]] {
      let project = ExampleProject(
        targets: [.init("App", frameworks: Self.intuneFrameworks)], configurations: configurations)
      let (_, diagnostics) = try Self.unmergedFindings(of: project, rules: [CallReportingRule.self])
      #expect(diagnostics.map(\.message) == ["asked about \(configurations.count) configurations"])
      #expect(diagnostics.first?.configurations == configurations)
    }
  }

  @Test func eachTargetOfAProjectIsAskedOnce() throws {
    let project = ExampleProject(targets: [
      .init("App", frameworks: Self.intuneFrameworks),
      .init("Share", isExtension: true, frameworks: Self.intuneFrameworks),
    ])
    let (_, diagnostics) = try Self.unmergedFindings(of: project, rules: [CallReportingRule.self])
    #expect(diagnostics.map(\.keyPath).sorted() == ["App", "Share"])
  }

  @Test func aProblemOfReleaseOnlyIsReportedOnceNamingRelease() async throws {
    var project = ExampleProject(targets: [.init("App", frameworks: Self.intuneFrameworks)])
    project.targets[0].settingsByConfiguration = ["Release": ["ENABLE_BITCODE": "YES"]]
    let (folder, unmerged) = try Self.unmergedFindings(of: project, rules: [BitcodeEnabledRule.self])
    #expect(unmerged.map(\.code) == ["XC005"])
    #expect(unmerged.first?.configurations == ["Release"])

    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = ["XC005"]
    let report = try await LintSession.run(options)
    #expect(report.diagnostics.count == 1)
    #expect(report.diagnostics.first?.configurations == ["Release"])
    #expect(report.diagnostics.first?.notes.contains("in configuration Release") == true)
  }

  @Test func aProblemOfEveryConfigurationIsOneFindingLocatedOnce() throws {
    // The frameworks phase is the target's, the same place in every configuration.
    let project = ExampleProject(
      targets: [.init("App", frameworks: [.init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign)])],
      configurations: ["Debug", "Staging", "Release"])
    let (_, unmerged) = try Self.unmergedFindings(of: project, rules: [MissingSwiftStubRule.self])
    #expect(unmerged.map(\.code) == ["XC004"])
    #expect(unmerged.first?.configurations == ["Debug", "Staging", "Release"])
  }

  @Test func aSettingWrittenInEachConfigurationIsReportedWhereEachIsWritten() throws {
    let project = ExampleProject(
      targets: [.init("App", frameworks: Self.intuneFrameworks)], projectSettings: ["ENABLE_BITCODE": "YES"],
      configurations: ["Debug", "Release"])
    let (_, unmerged) = try Self.unmergedFindings(of: project, rules: [BitcodeEnabledRule.self])
    #expect(unmerged.map(\.configurations) == [["Debug"], ["Release"]])
    #expect(Set(unmerged.compactMap(\.range?.start)).count == 2)
  }

  @Test func aConfigurationWhoseFolderDisablesTheRuleIsNotAskedAbout() throws {
    // Release builds Release/Info.plist, whose folder's `.sharelint.yml` turns XC005 off.
    var project = ExampleProject(
      targets: [.init("App", frameworks: Self.intuneFrameworks)], projectSettings: ["ENABLE_BITCODE": "YES"])
    project.targets[0].settingsByConfiguration = ["Release": ["INFOPLIST_FILE": "Release/Info.plist"]]
    let info = RuleExample.document(for: RuleExample.intuneAppInfoPlist)
    let folder = try XcodeFolder([
      "App.xcodeproj/project.pbxproj": project.render(), "App/Info.plist": info, "Release/Info.plist": info,
      "Release/.sharelint.yml": "disabled_rules: [XC005]\n",
    ])
    let options = LintSession.Options(paths: [folder.path])
    let plan = try LintPlan.make(options, commandLineSettings: BuildSettings(), commandLineDefinitions: [])
    let jobs = try LintJob.make(plan, options: options, rules: [BitcodeEnabledRule.self], fixedConfiguration: nil)
    let lifetimes = DocumentLifetimes(jobs)
    let diagnostics = jobs.flatMap { $0.run(overlay: [:], lifetimes: lifetimes).diagnostics }
    #expect(diagnostics.map(\.configurations) == [["Debug"]])
  }
}

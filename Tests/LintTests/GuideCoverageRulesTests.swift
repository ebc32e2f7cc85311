import Foundation
import IntuneKnowledge
@testable import Lint
import Testing

/// The rules that close guide steps through what the build links or a built app carries, where a rule example
/// cannot show it: a built `.app` (XC007, XC018, IM022 on its `Frameworks/`), an Intune app that links MSAL
/// without MSAL settings (US007), IM021 and IM023 by configuration, XC017 by configuration.
@Suite struct GuideCoverageRulesTests {
  static func lint(_ files: [String: String], only rules: Set<String>) async throws -> LintReport {
    let folder = try XcodeFolder(files)
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = rules
    return try await LintSession.run(options)
  }

  /// A built app whose `Frameworks/` carries `IntuneMAMSwift.framework` at `version` (with `minimum`, if given).
  static func builtApp(info: String, version: String, minimum: String? = nil) -> [String: String] {
    var framework = "<key>CFBundleShortVersionString</key>\n<string>\(version)</string>"
    if let minimum { framework += "\n<key>MinimumOSVersion</key>\n<string>\(minimum)</string>" }
    return [
      "Build/Notes.app/Info.plist": RuleExample.document(for: info),
      "Build/Notes.app/Frameworks/IntuneMAMSwift.framework/Info.plist": RuleExample.document(for: framework),
    ]
  }

  @Test func aBuiltAppsMinimumOSVersionIsComparedWithTheFrameworkItCarries() async throws {
    let info = """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes</string>
      <key>IntuneMAMSettings</key>
      <dict/>
      <key>MinimumOSVersion</key>
      <string>15.0</string>
      """
    let report = try await Self.lint(Self.builtApp(info: info, version: "21.7.1", minimum: "17.0"), only: ["XC007"])
    let finding = try #require(report.diagnostics.first)
    #expect(report.diagnostics.count == 1)
    #expect(finding.message == "'MinimumOSVersion' is '15.0', below iOS 17.0, the oldest the Intune App SDK 21.7.1 "
      + "runs on; the app fails to launch on older iOS")
    #expect(finding.notes.contains("the app carries Frameworks/IntuneMAMSwift.framework 21.7.1; the minimum is the "
      + "MinimumOSVersion of Frameworks/IntuneMAMSwift.framework"))
    // Without the framework's own minimum, the table by its version: 19.6.0 runs on iOS 15.0.
    let tabled = try await Self.lint(Self.builtApp(info: info, version: "19.6.0"), only: ["XC007"])
    #expect(tabled.diagnostics.isEmpty, "\(tabled.diagnostics.map(\.message))")
    let older = try await Self.lint(
      Self.builtApp(info: info.replacingOccurrences(of: "15.0", with: "14.0"), version: "19.6.0"), only: ["XC007"])
    #expect(older.diagnostics.map(\.message) == ["'MinimumOSVersion' is '14.0', below iOS 15.0, the oldest the "
      + "Intune App SDK 19.6.0 runs on; the app fails to launch on older iOS"])
  }

  @Test func aBuiltAppCarryingAnUnsupportedReleaseOrNoSettingsIsReported() async throws {
    let info = "<key>CFBundleIdentifier</key>\n<string>com.contoso.notes</string>"
    let report = try await Self.lint(Self.builtApp(info: info, version: "19.7.6"), only: ["XC018", "IM022", "IM007"])
    #expect(report.diagnostics.map(\.code).sorted() == ["IM022", "XC018"], "\(report.diagnostics.map(\.message))")
    #expect(report.diagnostics.contains { $0.message == "the bundle carries the Intune App SDK "
      + "(IntuneMAMSwift.framework) but its Info.plist has no IntuneMAMSettings; the SDK has no Entra registration "
      + "to enroll the app with (ADALClientId, ADALRedirectUri)" })
    let current = try await Self.lint(Self.builtApp(info: info, version: "21.7.1"), only: ["XC018"])
    #expect(current.diagnostics.isEmpty)
  }

  /// An Intune app project linking MSAL, without MSAL keys in IntuneMAMSettings: MSAL still returns to
  /// msauth.<bundle id>, which US007 asks for; with the scheme registered, nothing.
  @Test func anIntuneAppLinkingMSALWithoutMSALSettingsRegistersItsRedirect() async throws {
    let project = ExampleProject(targets: [
      .init("App", frameworks: [
        .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
        .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
        .init("Frameworks/MSAL.xcframework", embedding: .embedAndSign),
      ]),
    ])
    let info = """
      <key>CFBundleIdentifier</key>
      <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>AutoEnrollOnLaunch</key>
      \t<true/>
      </dict>
      """
    let report = try await Self.lint(
      ["App.xcodeproj/project.pbxproj": project.render(), "App/Info.plist": RuleExample.document(for: info)],
      only: ["US007"])
    let finding = try #require(report.diagnostics.first)
    #expect(report.diagnostics.count == 1)
    #expect(finding.message.hasPrefix("no URL type registers "), "\(finding.message)")
    #expect(finding.message.contains("'msauth.com.contoso.notes'"), "\(finding.message)")
    #expect(finding.message.hasSuffix("enrollment cannot return to the app"), "\(finding.message)")
    #expect(finding.notes.contains { $0.hasPrefix("the app links MSAL (MSAL.xcframework)") })
    #expect(finding.fix?.applicability == .safe)

    let registered = info + """

      <key>CFBundleURLTypes</key>
      <array>
      \t<dict>
      \t\t<key>CFBundleURLSchemes</key>
      \t\t<array>
      \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      \t\t\t<string>msauth.$(PRODUCT_BUNDLE_IDENTIFIER)-intunemam</string>
      \t\t</array>
      \t</dict>
      </array>
      """
    let clean = try await Self.lint(
      ["App.xcodeproj/project.pbxproj": project.render(), "App/Info.plist": RuleExample.document(for: registered)],
      only: ["US007"])
    #expect(clean.diagnostics.isEmpty, "\(clean.diagnostics.map(\.message))")

    // Registering the redirect of Intune's own registration (the SDK's sign-in without ADALClientId) is that sign-in.
    let intuneDefault = info + """

      <key>CFBundleURLTypes</key>
      <array>
      \t<dict>
      \t\t<key>CFBundleURLSchemes</key>
      \t\t<array>
      \t\t\t<string>msauth.com.microsoft.intunemam</string>
      \t\t\t<string>msauth.com.microsoft.intunemam-intunemam</string>
      \t\t</array>
      \t</dict>
      </array>
      """
    let defaultSignIn = try await Self.lint(
      ["App.xcodeproj/project.pbxproj": project.render(), "App/Info.plist": RuleExample.document(for: intuneDefault)],
      only: ["US007"])
    #expect(defaultSignIn.diagnostics.isEmpty, "\(defaultSignIn.diagnostics.map(\.message))")

    // Without MSAL linked, an app with no MSAL settings is not asked for the scheme.
    let withoutMSAL = ExampleProject(targets: [
      .init("App", frameworks: [
        .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
        .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
      ]),
    ])
    let silent = try await Self.lint(
      ["App.xcodeproj/project.pbxproj": withoutMSAL.render(), "App/Info.plist": RuleExample.document(for: info)],
      only: ["US007"])
    #expect(silent.diagnostics.isEmpty)
  }

  /// IM021 and IM023 speak in the configurations that ship: a key present in both reports once, naming Release only.
  @Test func testSettingsAreReportedOnlyInConfigurationsThatShip() async throws {
    let project = ExampleProject(targets: [
      .init("App", frameworks: [
        .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
        .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
      ]),
    ], configurations: ["Debug", "Release", "Beta"])
    var beta = project
    beta.targets[0].settingsByConfiguration = ["Beta": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG BETA"]]
    let info = RuleExample.intuneAppInfoPlist.replacingOccurrences(
      of: "</dict>",
      with: "\t<key>MAMTelemetryUsePPE</key>\n\t<true/>\n\t<key>VerboseLoggingEnabled</key>\n\t<true/>\n</dict>")
    let report = try await Self.lint(
      ["App.xcodeproj/project.pbxproj": beta.render(), "App/Info.plist": RuleExample.document(for: info)],
      only: ["IM021", "IM023"])
    #expect(report.diagnostics.map(\.code) == ["IM021", "IM023"])
    #expect(report.diagnostics.allSatisfy { $0.configurations == ["Release"] })
  }
}

extension GuideCoverageRulesTests {
  /// IM022 leaves an app alone whose sources give the SDK its Entra registration in code (the 2020 guide's
  /// `IntuneMAMSettings.aadClientIdOverride`); reading the property is not setting it.
  @Test func anAppSettingItsRegistrationInCodeIsNotAskedForTheDictionary() async throws {
    let project = ExampleProject(targets: [
      .init("App", frameworks: [
        .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
        .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
      ]),
    ])
    let info = RuleExample.document(
      for: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")
    func lint(_ source: String) async throws -> [String] {
      try await Self.lint(
        ["App.xcodeproj/project.pbxproj": project.render(), "App/Info.plist": info, "App/Main/AppDelegate.m": source],
        only: ["IM022"]
      ).diagnostics.map(\.code)
    }
    #expect(try await lint("IntuneMAMSettings.aadClientIdOverride = @\"6a3c8f1e\";\n").isEmpty)
    #expect(try await lint("[IntuneMAMSettings setAadClientIdOverride:clientId];\n").isEmpty)
    #expect(try await lint("id config = IntuneMAMSettings.aadClientIdOverride;\nif (x == y) {}\n") == ["IM022"])
    #expect(IntuneSDKWithoutSettingsRule.setsOverride(in: "a.aadClientIdOverride == b") == false)
  }
}

extension GuideCoverageRulesTests {
  /// The rules that read the dated tables of the SDK's releases say how old they are in `explain`, and the finding
  /// says it too.
  @Test func explainShowsTheDayTheReleaseTablesWereChecked() {
    for description in [
      UnsupportedIntuneSDKReleaseRule.description, XcodeOlderThanIntuneSDKSupportsRule.description,
      DeploymentTargetBelowSDKMinimumRule.description,
    ] {
      let text = RuleDocumentation.explanation(description)
      #expect(text.contains("Reference data\n  knowledge_checked: \(KnowledgeSnapshot.checkedOn) ("))
    }
    #expect(UnsupportedIntuneSDKReleaseRule.description.triggeringExamples[0].messages[0]
      .contains(KnowledgeSnapshot.checkedOn))
  }

  /// XC020 reads the architectures of a universal binary's header (32- and 64-bit fat headers); a thin or short
  /// binary holds no slice list.
  @Test func simulatorSlicesAreReadFromTheUniversalHeader() {
    let header = SimulatorSlicesEmbeddedRule.fatHeader(cpuTypes: [0x0100_000C, 0x0100_0007])
    #expect(SimulatorSlicesEmbeddedRule.simulatorSlices(inHeader: header) == ["x86_64"])
    #expect(SimulatorSlicesEmbeddedRule.simulatorSlices(inHeader: [0xCF, 0xFA, 0xED, 0xFE, 7, 0, 0, 1]).isEmpty)
    #expect(SimulatorSlicesEmbeddedRule.simulatorSlices(inHeader: Array(header.prefix(10))).isEmpty)
    var fat64 = [UInt8]([0xCA, 0xFE, 0xBA, 0xBF, 0, 0, 0, 2])
    fat64 += [0, 0, 0, 7] + [UInt8](repeating: 0, count: 28) + [0x01, 0, 0, 0x0C] + [UInt8](repeating: 0, count: 28)
    #expect(SimulatorSlicesEmbeddedRule.simulatorSlices(inHeader: fat64) == ["i386"])
  }

  /// XC014 finds the tool's runs in a script: continued lines, `sharelint configure`, a variable holding the tool's
  /// path (no run), comments.
  @Test func configuratorRunsAreFoundInScripts() {
    let script = """
      # "${SRCROOT}/IntuneMAMConfigurator" -i Old/Info.plist -e Old.entitlements
      TOOL="${SRCROOT}/IntuneMAMConfigurator"
      "${SRCROOT}/IntuneMAMConfigurator" -i "${SRCROOT}/App/Info.plist" \\
        -e "${SRCROOT}/App/App.entitlements" -o "${TARGET_BUILD_DIR}/${INFOPLIST_PATH}" && echo done
      sharelint configure --check -i "$INFOPLIST_FILE" -e "$CODE_SIGN_ENTITLEMENTS"
      """
    let runs = ConfiguratorPhaseWrongFilesRule.invocations(in: script)
    #expect(runs.map(\.tool) == ["IntuneMAMConfigurator", "sharelint configure"])
    #expect(runs.first?.input == "${SRCROOT}/App/Info.plist")
    #expect(runs.first?.entitlements == "${SRCROOT}/App/App.entitlements")
    #expect(runs.first?.output == "${TARGET_BUILD_DIR}/${INFOPLIST_PATH}")
    #expect(runs.last?.input == "$INFOPLIST_FILE" && runs.last?.entitlements == "$CODE_SIGN_ENTITLEMENTS")
  }
}

import Foundation
import Lint
import PropertyList
import Testing
import XcodeModel

/// `lint` through an Xcode project: each app target's plists once per configuration, with that configuration's
/// settings, preprocessed when the project says so, and findings shared by configurations reported once.
@Suite struct ProjectLintTests {
  /// A project with an app `App` (Debug and Release), a unit-test target and a stray plist no target builds.
  static func project(appDebug: String, appRelease: String) -> String {
    """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 56;
    \tobjects = {
    \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; targets = (T1, T2, ); };
    \t\tG1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
    \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (); dependencies = (); name = App; \
    productType = "com.apple.product-type.application"; };
    \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = UL; buildPhases = (); dependencies = (); name = AppTests; \
    productType = "com.apple.product-type.bundle.unit-test"; };
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, PR, ); };
    \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, TR, ); };
    \t\tUL = {isa = XCConfigurationList; buildConfigurations = (UD, ); };
    \t\tPD = {isa = XCBuildConfiguration; buildSettings = {BUNDLE_ID_PREFIX = com.contoso; }; name = Debug; };
    \t\tPR = {isa = XCBuildConfiguration; buildSettings = {BUNDLE_ID_PREFIX = com.contoso; }; name = Release; };
    \t\tTD = {isa = XCBuildConfiguration; buildSettings = {\(appDebug)}; name = Debug; };
    \t\tTR = {isa = XCBuildConfiguration; buildSettings = {\(appRelease)}; name = Release; };
    \t\tUD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = AppTests/Info.plist; }; name = Debug; };
    \t};
    \trootObject = P1;
    }
    """
  }

  static let common = """
    INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_ID_PREFIX).notes"; \
    CODE_SIGN_ENTITLEMENTS = App/App.entitlements;
    """

  static let appPlist = """
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>CFBundleURLTypes</key>
    <array>
    \t<dict>
    \t\t<key>CFBundleURLSchemes</key>
    \t\t<array>
    \t\t\t<string>$(APP_SCHEME)</string>
    \t\t\t<string>$(APP_SCHEME)-intunemam</string>
    \t\t</array>
    \t</dict>
    </array>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ContainingAppBundleId</key>
    \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    </dict>
    """

  /// A folder holding the project and its files; lints it with `only` rules.
  static func lint(
    appDebug: String, appRelease: String, plist: String = appPlist, only rules: Set<String>,
    configure: (inout LintSession.Options) -> Void = { _ in }
  ) async throws -> (LintReport, String) {
    let folder = try XcodeFolder([
      "App.xcodeproj/project.pbxproj": project(appDebug: appDebug, appRelease: appRelease),
      "App/Info.plist": RuleExample.document(for: plist),
      "App/App.entitlements": RuleExample.document(for: "<key>keychain-access-groups</key>\n<array/>"),
      "AppTests/Info.plist": RuleExample.document(for: "<key>CFBundleIdentifier</key>\n<string>$(UNKNOWN_SETTING)</string>"),
    ])
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = rules
    configure(&options)
    return (try await LintSession.run(options), folder.path)
  }

  @Test func settingsComeFromTheProjectAndTestTargetsAreNotLinted() async throws {
    let (report, _) = try await Self.lint(
      appDebug: Self.common + " APP_SCHEME = contoso-dev;", appRelease: Self.common + " APP_SCHEME = contoso;",
      only: ["PL003", "US004", "US006"])
    // $(PRODUCT_BUNDLE_IDENTIFIER) and $(APP_SCHEME) resolve; AppTests/Info.plist (a test bundle's) is not an app.
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map { "\($0.file) \($0.code) \($0.message)" })")
    #expect(report.problems.isEmpty)
  }

  @Test func aFindingInBothConfigurationsIsReportedOnceNamingThem() async throws {
    let (report, _) = try await Self.lint(
      appDebug: Self.common, appRelease: Self.common, only: ["PL003"])
    let findings = report.diagnostics.filter { $0.code == "PL003" }
    #expect(findings.count == 2, "\(findings.map(\.message))")   // the scheme and its twin, each once
    for finding in findings {
      #expect(finding.configurations == ["Debug", "Release"])
      #expect(finding.notes.contains("in configurations Debug, Release"))
      #expect(finding.file.hasSuffix("App/Info.plist"))
    }
  }

  @Test func aFindingInOneConfigurationNamesIt() async throws {
    let (report, _) = try await Self.lint(
      appDebug: Self.common + " APP_SCHEME = \"contoso dev\";", appRelease: Self.common + " APP_SCHEME = contoso;",
      only: ["US006"])
    let findings = report.diagnostics.filter { $0.code == "US006" }
    #expect(!findings.isEmpty, "\(report.diagnostics.map(\.message))")
    #expect(findings.allSatisfy { $0.configurations == ["Debug"] })
    #expect(findings.first?.start?.line == 12)
  }

  @Test func configurationAndTargetNarrowTheRun() async throws {
    let (report, _) = try await Self.lint(
      appDebug: Self.common + " APP_SCHEME = \"contoso dev\";", appRelease: Self.common + " APP_SCHEME = contoso;",
      only: ["US006"]) { $0.configurationName = "Release" }
    #expect(report.diagnostics.isEmpty)
    await #expect(throws: LintSession.InputError.self) {
      _ = try await Self.lint(appDebug: Self.common, appRelease: Self.common, only: ["US006"]) {
        $0.targetName = "NoSuchTarget"
      }
    }
  }

  /// Debug defines BETA, whose `#if` block queries a scheme without its twin: found in Debug only, at the
  /// source line; the fix is withheld with a note (the file is preprocessed).
  @Test func preprocessedInfoPlistsAreLintedAsBuiltAndLocatedInTheSource() async throws {
    let plist = Self.appPlist.replacingOccurrences(of: "$(APP_SCHEME)", with: "contoso") + """

      <key>LSApplicationQueriesSchemes</key>
      <array>
      #if BETA
      \t<string>waze</string>
      #endif
      \t<string>tel</string>
      \t<string>tel-intunemam</string>
      </array>
      """
    let preprocess = " INFOPLIST_PREPROCESS = YES;"
    let (report, _) = try await Self.lint(
      appDebug: Self.common + preprocess + " INFOPLIST_PREPROCESSOR_DEFINITIONS = \"BETA=1\";",
      appRelease: Self.common + preprocess, plist: plist, only: ["US001", "PL001"])
    #expect(report.diagnostics.map(\.code) == ["US001"], "\(report.diagnostics.map { "\($0.code) \($0.message)" })")
    let finding = try #require(report.diagnostics.first)
    #expect(finding.configurations == ["Debug"])
    #expect(finding.start?.line == 25)
    #expect(finding.start?.column == 3)
    #expect(finding.fix == nil)
    #expect(finding.notes.contains { $0.contains("INFOPLIST_PREPROCESS") })
  }

  /// Outside every `#if` block, a fix planned on the preprocessed text is written back into the source, which
  /// stays a preprocessed file (its directives kept byte for byte); a second pass finds nothing more to fix.
  @Test func fixesOutsideConditionalBlocksAreWrittenIntoTheSource() async throws {
    let plist = Self.appPlist.replacingOccurrences(of: "\t\t\t<string>$(APP_SCHEME)-intunemam</string>\n", with: "")
      + "\n<key>LSApplicationQueriesSchemes</key>\n<array>\n#if BETA\n\t<string>waze</string>\n#endif\n"
      + "\t<string>tel</string>\n\t<string>tel-intunemam</string>\n</array>"
    let folder = try XcodeFolder([
      "App.xcodeproj/project.pbxproj": Self.project(
        appDebug: Self.common + " APP_SCHEME = contoso; INFOPLIST_PREPROCESS = YES; INFOPLIST_PREPROCESSOR_DEFINITIONS = BETA;",
        appRelease: Self.common + " APP_SCHEME = contoso; INFOPLIST_PREPROCESS = YES;"),
      "App/Info.plist": RuleExample.document(for: plist),
    ])
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = ["US001", "US004"]
    let report = try await LintSession.run(options)
    let twin = try #require(report.diagnostics.first { $0.code == "US004" })
    #expect(twin.fix?.sourceEdits?.count == 1)
    let inBlock = try #require(report.diagnostics.first { $0.code == "US001" })
    #expect(inBlock.fix == nil)
    #expect(inBlock.notes.contains { $0.contains("for '#if BETA', which not every build includes") }, "\(inBlock.notes)")

    let outcome = try await FixSession.run(options, includingUnsafe: false)
    let fixed = try #require(outcome.files.first)
    let text = String(decoding: fixed.bytes, as: UTF8.self)
    #expect(text.contains("\t\t\t\t<string>$(APP_SCHEME)</string>\n\t\t\t\t<string>$(APP_SCHEME)-intunemam</string>\n"),
            "\(text)")
    #expect(text.contains("\n\t#if BETA\n\t\t<string>waze</string>\n\t#endif\n"))
    #expect(outcome.finalReport.diagnostics.map(\.code) == ["US001"])
  }

  @Test func anUnknownDirectiveIsALocatedError() async throws {
    let plist = Self.appPlist + "\n#frobnicate\n"
    let (report, _) = try await Self.lint(
      appDebug: Self.common + " INFOPLIST_PREPROCESS = YES;", appRelease: Self.common, plist: plist, only: ["PL001"])
    let malformed = try #require(report.diagnostics.first { $0.code == "PL001" })
    #expect(malformed.start?.line == 22)
    #expect(malformed.configurations == ["Debug"])
  }

  /// PRODUCT_BUNDLE_IDENTIFIER is `$(BUNDLE_ID_PREFIX).notes`: the literal group `…com.contoso.notes` is the
  /// target's own (EN004 compared it with the unexpanded text).
  @Test func theOwnKeychainGroupIsComparedWithTheExpandedBundleIdentifier() async throws {
    let folder = try XcodeFolder([
      "App.xcodeproj/project.pbxproj": Self.project(appDebug: Self.common, appRelease: Self.common),
      "App/Info.plist": RuleExample.document(for: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"),
      "App/App.entitlements": RuleExample.document(for: """
        <key>keychain-access-groups</key>
        <array>
        \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
        \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
        </array>
        """),
    ])
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = ["EN004"]
    #expect(try await LintSession.run(options).diagnostics.isEmpty)
  }

  /// `AppGroupIdentifiers` written `$(APP_GROUP)` and the entitlements' literal group are the same once built.
  @Test func appGroupsAreComparedExpanded() async throws {
    let plist = Self.appPlist.replacingOccurrences(
      of: "\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n</dict>",
      with: "\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n\t<key>AppGroupIdentifiers</key>\n\t<array>\n"
        + "\t\t<string>$(APP_GROUP)</string>\n\t</array>\n</dict>")
    #expect(plist.contains("$(APP_GROUP)"))
    let folder = try XcodeFolder([
      "App.xcodeproj/project.pbxproj": Self.project(
        appDebug: Self.common + " APP_GROUP = group.com.contoso.notes;", appRelease: Self.common + " APP_GROUP = group.other;"),
      "App/Info.plist": RuleExample.document(for: plist),
      "App/App.entitlements": RuleExample.document(for: """
        <key>com.apple.security.application-groups</key>
        <array>
        \t<string>group.com.contoso.notes</string>
        </array>
        """),
    ])
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = ["IM009"]
    let report = try await LintSession.run(options)
    #expect(report.diagnostics.map(\.configurations) == [["Release"]], "\(report.diagnostics.map(\.message))")
  }

  /// A generated Info.plist names the bundle by PRODUCT_BUNDLE_IDENTIFIER even when the file leaves it out.
  @Test func aGeneratedBundleIdentifierCounts() async throws {
    let generated = " GENERATE_INFOPLIST_FILE = YES;"
    let folder = try XcodeFolder([
      "App.xcodeproj/project.pbxproj": Self.project(appDebug: Self.common + generated, appRelease: Self.common),
      "App/Info.plist": RuleExample.document(for: "<key>CFBundleDisplayName</key>\n<string>Notes</string>"),
      "App/App.entitlements": RuleExample.document(for: """
        <key>keychain-access-groups</key>
        <array>
        \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
        \t<string>$(AppIdentifierPrefix)com.contoso.notes</string>
        </array>
        """),
    ])
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = ["EN004"]
    let report = try await LintSession.run(options)
    #expect(report.diagnostics.map(\.configurations) == [["Debug"]], "\(report.diagnostics.map(\.message))")
  }

  @Test func aGeneratedFaceIDTextCounts() async throws {
    let generated = " GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_NSFaceIDUsageDescription = \"Unlock your notes\";"
    let (report, _) = try await Self.lint(
      appDebug: Self.common + generated, appRelease: Self.common, only: ["IM011"])
    #expect(report.diagnostics.map(\.configurations) == [["Release"]])
  }

  /// An app target that builds no Info.plist in any configuration (a host app that only builds an extension) is not
  /// linted, and a note says why.
  @Test func anAppWithoutAnInfoPlistIsANote() async throws {
    let host = "PRODUCT_BUNDLE_IDENTIFIER = com.contoso.host;"
    let (report, folder) = try await Self.lint(appDebug: host, appRelease: host, only: ["PL003"])
    #expect(
      report.notes.contains(
        "'\(folder)/App.xcodeproj › App' has no Info.plist (INFOPLIST_FILE is not set and GENERATE_INFOPLIST_FILE is not YES): "
          + "not linted"), "\(report.notes)")
  }
}

/// A temporary folder of files, removed when released.
final class XcodeFolder {
  let path: String

  init(_ files: [String: String]) throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-project-\(UUID().uuidString)").path
    for (name, contents) in files {
      let url = URL(fileURLWithPath: path).appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

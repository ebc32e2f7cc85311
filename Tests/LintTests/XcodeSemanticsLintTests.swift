import Foundation
import Lint
import PropertyList
import Testing
import XcodeModel

/// Lint through projects whose settings need Xcode's semantics; each test names the swift-build code it mirrors.
@Suite struct XcodeSemanticsLintTests {
  /// A project with one app target `App` whose configurations are `configurations` (name, base `.xcconfig` path
  /// relative to the project's folder or nil, `buildSettings` body).
  static func project(_ configurations: [(name: String, base: String?, settings: String)]) -> String {
    func list(_ ids: [String]) -> String { ids.map { $0 + ", " }.joined() }
    var objects = ""
    var fileIDs: [String] = []
    var targetConfigurationIDs: [String] = []
    var projectConfigurationIDs: [String] = []
    for (index, configuration) in configurations.enumerated() {
      var baseLine = ""
      if let base = configuration.base {
        fileIDs.append("F\(index)")
        objects += "\t\tF\(index) = {isa = PBXFileReference; path = \"\(base)\"; sourceTree = \"<group>\"; };\n"
        baseLine = "baseConfigurationReference = F\(index);"
      }
      targetConfigurationIDs.append("TC\(index)")
      projectConfigurationIDs.append("PC\(index)")
      objects += """
        \t\tTC\(index) = {isa = XCBuildConfiguration; \(baseLine) buildSettings = {\(configuration.settings)}; \
        name = \(configuration.name); };
        \t\tPC\(index) = {isa = XCBuildConfiguration; buildSettings = {}; name = \(configuration.name); };

        """
    }
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjectVersion = 56;
      \tobjects = {
      \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; \
      targets = (T1, ); };
      \t\tG1 = {isa = PBXGroup; children = (\(list(fileIDs))); sourceTree = "<group>"; };
      \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (); dependencies = (); name = App; \
      productType = "com.apple.product-type.application"; };
      \t\tPL = {isa = XCConfigurationList; buildConfigurations = (\(list(projectConfigurationIDs))); };
      \t\tTL = {isa = XCConfigurationList; buildConfigurations = (\(list(targetConfigurationIDs))); };
      \(objects)
      \t};
      \trootObject = P1;
      }
      """
  }

  static let schemes = """
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>CFBundleURLTypes</key>
    <array>
    \t<dict>
    \t\t<key>CFBundleURLSchemes</key>
    \t\t<array>
    \t\t\t<string>$(APP_SCHEME)$(SCHEME_SUFFIX)</string>
    \t\t</array>
    \t</dict>
    </array>
    """

  static func lint(_ files: [String: String], only rules: Set<String>? = nil) async throws -> LintReport {
    let folder = try XcodeFolder(files)
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = rules
    return try await LintSession.run(options)
  }

  /// `MacroEvaluationScope.evaluateAsString`: undefined settings are empty. PL003 speaks once per value, naming
  /// every undefined setting in it, only when the value is left empty, and names the `.xcconfig` that defines
  /// the setting but that the configuration does not read.
  @Test func pl003SpeaksOncePerValueWithTheLikeliestCause() async throws {
    let settings = "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = io.example.app;"
    let report = try await Self.lint([
      "App.xcodeproj/project.pbxproj": Self.project([
        ("Debug", "Configuration-Alpha.xcconfig", settings), ("Release", nil, settings),
      ]),
      "Configuration-Alpha.xcconfig": "APP_SCHEME = example-alpha\n",
      "Unused/Configuration-Beta.xcconfig": "SCHEME_SUFFIX = -beta\n",
      "App/Info.plist": RuleExample.document(for: Self.schemes),
    ], only: ["PL003"])
    let findings = report.diagnostics
    #expect(findings.count == 1, "\(findings.map(\.message))")
    let finding = try #require(findings.first)
    #expect(finding.configurations == ["Release"])
    #expect(
      finding.message
        == "the URL scheme '' (from '$(APP_SCHEME)$(SCHEME_SUFFIX)') is empty: build settings 'APP_SCHEME' and "
        + "'SCHEME_SUFFIX' are not defined")
    #expect(
      finding.notes.contains(
        "'APP_SCHEME' is defined only in 'Configuration-Alpha.xcconfig', which configuration 'Debug' uses, "
          + "not 'Release'"))
    #expect(
      finding.notes.contains(
        "'SCHEME_SUFFIX' is defined only in 'Configuration-Beta.xcconfig', which no configuration of this "
          + "target uses"))
  }

  /// A missing `.xcconfig` is the likeliest cause only when it could define the setting: CocoaPods' generated
  /// files define `PODS_…` settings only (`getCachedMacroConfigFile`'s "Unable to open base configuration" stays
  /// a note either way).
  @Test func aMissingXcconfigIsNamedOnlyWhenItCouldDefineTheSetting() async throws {
    func lint(base: String) async throws -> LintDiagnostic? {
      try await Self.lint([
        "App.xcodeproj/project.pbxproj": Self.project([
          ("Release", base, "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = io.example.app;")
        ]),
        "App/Info.plist": RuleExample.document(for: Self.schemes),
      ], only: ["PL003"]).diagnostics.first
    }
    let release = try #require(try await lint(base: "Config/Release.xcconfig"))
    #expect(release.notes.first == "the xcconfig 'Release.xcconfig' it would come from is not in the repository")
    let pods = try #require(try await lint(base: "Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig"))
    #expect(!pods.notes.contains { $0.contains("Pods-App") }, "\(pods.notes)")
  }

  /// A value that is whole without its undefined parts (`io.example.App` from `${PREFIX}.App${SUFFIX}`) is no
  /// finding, and in a target where no Intune rule runs the bundle identifier is not checked at all.
  @Test func noPL003WhereTheEmptyPartChangesNothingOrNoCheckReadsIt() async throws {
    let report = try await Self.lint([
      "App.xcodeproj/project.pbxproj": Self.project([
        (
          "Release", nil,
          "INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = \"$(UNDEFINED_ID)\"; PREFIX = io;"
        )
      ]),
      "App/Info.plist": RuleExample.document(for: """
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>${PREFIX}.example${SUFFIX}</string>
        </array>
        """),
    ])
    #expect(!report.diagnostics.contains { $0.code == "PL003" }, "\(report.diagnostics.map(\.message))")
  }

  /// swift-build's `Cpp.xcspec` passes `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` to clang: with `-C` the comment that
  /// `//` starts is kept, so `msauth.x://auth</string>` reads; `-D` after the definitions wins.
  @Test func preprocessorFlagsChangeTheOutputAsClangWould() async throws {
    let plist = RuleExample.document(for: """
      <key>CFBundleIdentifier</key>
      <string>io.example.app</string>
      <key>Redirect</key>
      <string>msauth.io.example.app://auth</string>
      #ifdef WITH_SCHEME
      <key>Extra</key>
      <string>yes</string>
      #endif
      """)
    func lint(flags: String) async throws -> LintReport {
      try await Self.lint([
        "App.xcodeproj/project.pbxproj": Self.project([
          ("Release", nil, """
            INFOPLIST_FILE = App/Info.plist; INFOPLIST_PREPROCESS = YES; \
            INFOPLIST_PREPROCESSOR_DEFINITIONS = "WITH_SCHEME=1"; INFOPLIST_OTHER_PREPROCESSOR_FLAGS = "\(flags)";
            """)
        ]),
        "App/Info.plist": plist,
      ], only: ["PL001", "PL002"])
    }
    let withComments = try await lint(flags: "-C -UWITH_SCHEME -fsome-flag")
    #expect(withComments.diagnostics.isEmpty, "\(withComments.diagnostics.map(\.message))")
    #expect(withComments.notes.contains { $0.contains("does not honour '-fsome-flag'") }, "\(withComments.notes)")
    let without = try await lint(flags: "")
    #expect(without.diagnostics.map(\.code) == ["PL001"], "the ISO preprocessor cuts the line at '//'")
  }

  /// A target whose `INFOPLIST_FILE` is not in the repository: PL004, and the target is still linted from its
  /// generated keys and entitlements (no exit 2).
  @Test func aMissingInfoPlistIsAFindingAndTheTargetIsStillLinted() async throws {
    let report = try await Self.lint([
      "App.xcodeproj/project.pbxproj": Self.project([
        ("Release", nil, """
          INFOPLIST_FILE = App/Generated-Info.plist; GENERATE_INFOPLIST_FILE = YES; \
          INFOPLIST_KEY_CFBundleDisplayName = Example; PRODUCT_BUNDLE_IDENTIFIER = io.example.app; \
          CODE_SIGN_ENTITLEMENTS = App/App.entitlements;
          """)
      ]),
      "App/App.entitlements": RuleExample.document(for: "<key>keychain-access-groups</key>\n<array/>"),
    ])
    #expect(report.exitStatus != 2)
    let missing = try #require(report.diagnostics.first { $0.code == "PL004" })
    #expect(missing.message == "INFOPLIST_FILE names 'App/Generated-Info.plist', which is not in the repository"
      || missing.message.hasSuffix("/App/Generated-Info.plist', which is not in the repository"))
    #expect(missing.notes.contains { $0.hasPrefix("INFOPLIST_FILE is set at ") && $0.contains("project.pbxproj:") })
    #expect(report.targetCount == 1)
  }

  /// `MacroEvaluationContext.nextValueForMacro`: a loop is empty with a note; `MacroConfigFileLoader`: a missing
  /// include is a note; a workspace without contents and a project folder without `project.pbxproj` are notes.
  /// None of them stops the run (exit 2 is for input that cannot be read at all).
  @Test func whatXcodeOpensIsLintedWithNotesNotExit2() async throws {
    let report = try await Self.lint([
      "App.xcodeproj/project.pbxproj": Self.project([
        ("Release", "App.xcconfig", """
          INFOPLIST_FILE = App/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = "$(A)"; A = "$(B)"; B = "$(A)";
          """)
      ]),
      "App.xcconfig": "#include \"Missing.xcconfig\"\nAPP_SCHEME = example\nSCHEME_SUFFIX = -x\n",
      "App/Info.plist": RuleExample.document(for: Self.schemes),
      "Generated.xcodeproj/xcshareddata/xcschemes/App.xcscheme": "<Scheme/>",
      "Empty.xcworkspace/xcshareddata/WorkspaceSettings.xcsettings": "<plist/>",
    ], only: ["PL003", "US006"])
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.exitStatus == 0)
    #expect(report.targetCount == 1)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
    #expect(report.notes.contains { $0.contains("'Missing.xcconfig' is not in the repository") })
    #expect(report.notes.contains { $0.contains("build setting 'A' refers to itself through 'B'") })
    #expect(report.notes.contains { $0.contains("has no project.pbxproj") })
    #expect(report.notes.contains { $0.contains("has no contents.xcworkspacedata") })
  }
}

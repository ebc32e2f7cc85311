import Foundation
import Lint
import Testing
import XcodeModel

/// An app that gets the Intune App SDK through a plug-in's podspec (Flutter, React Native, a `:path` pod) counts
/// as an Intune app, and XC001 does not say it links nothing of the SDK.
@Suite struct PluginIntuneEvidenceTests {
  /// A podspec vendoring the SDK's framework.
  static let intunePodspec = """
    Pod::Spec.new do |s|
      s.name = 'intune_bridge'
      s.source_files = 'Classes/**/*'
      s.vendored_frameworks = ['Frameworks/IntuneMAMSwift.xcframework', 'Frameworks/IntuneMAMSwiftStub.xcframework']
    end
    """

  /// The files of a Flutter-like app: `ios/App.xcodeproj` with the target `Runner`, its Podfile calling
  /// `flutter_install_all_ios_pods`, `.flutter-plugins-dependencies` naming `plugins/intune_bridge`.
  static func flutterApp(infoPlist: String, podspec: String = intunePodspec) -> [String: String] {
    [
      "ios/App.xcodeproj/project.pbxproj": ProjectSketch.pbxproj([
        .init(name: "Runner", settings: ProjectSketch.settings("Runner"))
      ]),
      "ios/Runner/Info.plist": RuleExample.document(for: infoPlist),
      "ios/Podfile": "platform :ios, '15.0'\n\ntarget 'Runner' do\n  use_frameworks!\n"
        + "  flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))\nend\n",
      ".flutter-plugins-dependencies":
        #"{"plugins":{"ios":[{"name":"intune_bridge","path":"plugins/intune_bridge/"}]}}"#,
      "plugins/intune_bridge/ios/intune_bridge.podspec": podspec,
    ]
  }

  static func lint(_ files: [String: String], rules: Set<String>) async throws -> LintReport {
    let folder = try XcodeFolder(files)
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = rules
    let report = try await LintSession.run(options)
    #expect(report.problems.isEmpty, "\(report.problems)")
    return report
  }

  static func intuneNote(_ finding: LintDiagnostic?) -> String? {
    finding?.notes.first { $0.hasPrefix("the Intune rules apply because ") }
  }

  @Test func aFlutterPluginVendoringTheSDKMakesAnIntuneApp() async throws {
    for withLock in [false, true] {
      var files = Self.flutterApp(infoPlist: ProjectIntuneEvidenceTests.queries)
      if withLock { files["ios/Podfile.lock"] = "PODS:\n  - intune_bridge (1.0.0)\n" }
      let findings = try await Self.lint(files, rules: ["US001"]).diagnostics
      #expect(findings.map(\.code) == ["US001"], "with Podfile.lock: \(withLock)")
      let note = try #require(Self.intuneNote(findings.first))
      #expect(note.contains("links IntuneMAMSwift.xcframework through the plug-in 'intune_bridge'"), "\(note)")
      #expect(note.contains("intune_bridge.podspec:4"), "\(note)")
    }
  }

  /// The framework a plug-in vendors gives the SDK's release, read from its slice's Info.plist: an old one is XC018.
  @Test func theReleaseOfAFrameworkAPluginVendorsIsRead() async throws {
    var files = Self.flutterApp(infoPlist: ProjectIntuneEvidenceTests.queries)
    let xcframework = "plugins/intune_bridge/ios/Frameworks/IntuneMAMSwift.xcframework"
    files[xcframework + "/Info.plist"] = RuleExample.document(for: """
      <key>AvailableLibraries</key>
      <array><dict>
        <key>LibraryIdentifier</key><string>ios-arm64</string>
        <key>LibraryPath</key><string>IntuneMAMSwift.framework</string>
        <key>SupportedPlatform</key><string>ios</string>
      </dict></array>
      """)
    files[xcframework + "/ios-arm64/IntuneMAMSwift.framework/Info.plist"] = RuleExample.document(
      for: "<key>CFBundleShortVersionString</key><string>15.3.2</string>")
    let findings = try await Self.lint(files, rules: ["XC018"]).diagnostics
    #expect(findings.map(\.code) == ["XC018"])
    #expect(findings.first?.message.contains("the Intune App SDK 15.3.2 is older than") == true)
  }

  @Test func msalAPluginPodBringsInIsLinkedWithoutThePluginFolder() async throws {
    // A Flutter checkout without `.flutter-plugins-dependencies` or `.symlinks` (both written by `flutter pub get`):
    // the Runner block's pods come from the installer, so the lock's pods count, MSAL among them (US007 runs).
    var files = Self.flutterApp(infoPlist: "<key>CFBundleIdentifier</key>\n<string>com.example.runner</string>")
    files[".flutter-plugins-dependencies"] = nil
    files["plugins/intune_bridge/ios/intune_bridge.podspec"] = nil
    files["ios/Podfile.lock"] =
      "PODS:\n  - Flutter (1.0.0)\n  - intune_bridge (0.1.0):\n    - Flutter\n    - MSAL (~> 1.2)\n  - MSAL (1.2.16)\n"
    let findings = try await Self.lint(files, rules: ["US007"]).diagnostics
    #expect(findings.map(\.code) == ["US007"])
    #expect(findings.first?.message.contains("msauth.com.example.runner") == true)
  }

  @Test func intuneSettingsWithAPluginSDKAreNotUnlinked() async throws {
    let settings = "<key>IntuneMAMSettings</key>\n<dict>\n\t<key>ADALClientId</key>\n\t<string>x</string>\n</dict>"
    let linked = try await Self.lint(Self.flutterApp(infoPlist: settings), rules: ["XC001"])
    #expect(linked.diagnostics.isEmpty)
    // The same app whose plug-in brings in no SDK: XC001 speaks.
    let unlinked = try await Self.lint(
      Self.flutterApp(infoPlist: settings, podspec: "Pod::Spec.new do |s|\n  s.dependency 'Flutter'\nend\n"),
      rules: ["XC001"])
    #expect(unlinked.diagnostics.map(\.code) == ["XC001"])
  }

  @Test func aPathPodVendoringTheSDKMakesAnIntuneApp() async throws {
    let findings = try await Self.lint(
      [
        "App.xcodeproj/project.pbxproj": ProjectSketch.pbxproj([
          .init(name: "App", settings: ProjectSketch.settings("App"))
        ]),
        "App/Info.plist": RuleExample.document(for: ProjectIntuneEvidenceTests.queries),
        "Podfile": "target 'App' do\n  pod 'ContosoIntune', :path => 'Plugins/ContosoIntune'\nend\n",
        "Plugins/ContosoIntune/ContosoIntune.podspec": "Pod::Spec.new do |s|\n  s.dependency 'IntuneMAMSwift'\nend\n",
      ], rules: ["US001"]
    ).diagnostics
    #expect(findings.map(\.code) == ["US001"])
    #expect(Self.intuneNote(findings.first)?.contains("links the pod 'IntuneMAMSwift' through the plug-in") == true)
  }

  @Test func aReactNativeDependencyOnAnIntunePluginMakesAnIntuneApp() async throws {
    let findings = try await Self.lint(
      [
        "ios/App.xcodeproj/project.pbxproj": ProjectSketch.pbxproj([
          .init(name: "App", settings: ProjectSketch.settings("App"))
        ]),
        "ios/App/Info.plist": RuleExample.document(for: ProjectIntuneEvidenceTests.queries),
        "ios/Podfile": "target 'App' do\n  config = use_native_modules!\nend\n",
        "package.json": #"{"dependencies": {"react-native": "0.74.0", "react-native-ms-intune-mam": "1.0.0"}}"#,
      ], rules: ["US001"]
    ).diagnostics
    #expect(findings.map(\.code) == ["US001"])
    #expect(
      Self.intuneNote(findings.first)?.hasSuffix(
        "package.json depends on 'react-native-ms-intune-mam', a plug-in that brings in the Intune App SDK") == true)
  }

  @Test func aComputedPodspecIsNoEvidenceButANote() async throws {
    let computed = "Pod::Spec.new do |s|\n  s.vendored_frameworks = Dir.glob('Frameworks/*')\nend\n"
    let report = try await Self.lint(
      Self.flutterApp(infoPlist: ProjectIntuneEvidenceTests.queries, podspec: computed), rules: ["US001"])
    #expect(report.diagnostics.isEmpty)
    #expect(report.notes.contains { $0.contains("'vendored_frameworks' is computed") }, "\(report.notes)")
  }
}

import Testing

@testable import Lint

/// SC002 says nothing when a local pod the app links (a Capacitor, React Native or Flutter plug-in installed
/// outside the repository) may hold the enrollment call, and still reports when that pod's folder is committed
/// and enrolls nothing.
@Suite struct PluginPodEnrollmentTests {
  static func example(podPath: String, podFiles: [String: String] = [:]) -> RuleExample {
    var files = [
      "App/AppDelegate.swift": "import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {}\n",
      "Podfile": "target 'App' do\n  pod 'ContosoIntune', :path => '\(podPath)'\nend\n",
    ]
    files.merge(podFiles) { $1 }
    return RuleExample(
      project: ExampleProject(targets: [
        .init("App", frameworks: ExampleProject.Framework.intuneSDK, sources: ["App/AppDelegate.swift"]),
      ]),
      files: files)
  }

  @Test func aPluginPodOutsideTheRepositoryMayEnroll() {
    #expect(ExampleRun.run(IntuneAppNeverEnrollsRule.self, on: Self.example(podPath: "../node_modules/x")).diagnostics
      .isEmpty)
  }

  @Test func aCommittedPluginPodIsNoExcuse() {
    let committed = Self.example(
      podPath: "Plugins/ContosoIntune", podFiles: ["Plugins/ContosoIntune/README.md": "a plug-in\n"])
    #expect(ExampleRun.run(IntuneAppNeverEnrollsRule.self, on: committed).diagnostics.map(\.code) == ["SC002"])
  }
}

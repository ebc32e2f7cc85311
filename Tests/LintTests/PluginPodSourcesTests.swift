import Testing

@testable import Lint

/// The source rules read a plug-in pod's own sources (its podspec's `source_files`, inside its folder) as code the
/// app runs: a plug-in that signs in with MSAL or enrolls is checked like the app's own code.
@Suite struct PluginPodSourcesTests {
  static let podspec = """
    Pod::Spec.new do |s|
      s.name = 'ContosoIntune'
      s.source_files = [
        'ios/Plugin/**/*.{swift,h,m}',
      ]
      s.vendored_frameworks = 'ios/IntuneMAMSwift.xcframework'
      s.dependency 'MSAL',
        '~> 1.6'
    end
    """

  static func example(appDelegate: String, pluginSource: String) -> RuleExample {
    RuleExample(
      project: ExampleProject(targets: [
        .init("App", frameworks: ExampleProject.Framework.intuneSDK, sources: ["App/AppDelegate.swift"]),
      ]),
      files: [
        "App/AppDelegate.swift": appDelegate,
        "Podfile": "target 'App' do\n  pod 'ContosoIntune', :path => 'Plugins/ContosoIntune'\nend\n",
        "Plugins/ContosoIntune/ContosoIntune.podspec": podspec,
        "Plugins/ContosoIntune/ios/Plugin/IntunePlugin.swift": pluginSource,
        // Outside `source_files`: not the plug-in's code.
        "Plugins/ContosoIntune/example/Demo.swift": "let demo = MSALPublicClientApplication(configuration: c)\n",
      ])
  }

  static let plainAppDelegate = "import UIKit\n\n@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {}\n"
  static let signingInPlugin = """
    import MSAL
    final class IntunePlugin {
      func signIn() throws {
        let application = try MSALPublicClientApplication(configuration: config)
        IntuneMAMEnrollmentManager.instance().registerAndEnrollAccountId(accountId)
      }
    }
    """

  @Test func aPluginThatSignsInWithMSALNeedsTheAppToHandleTheResponse() throws {
    let run = ExampleRun.run(
      MSALResponseNotHandledRule.self,
      on: Self.example(appDelegate: Self.plainAppDelegate, pluginSource: Self.signingInPlugin))
    let finding = try #require(run.diagnostics.first)
    #expect(run.diagnostics.map(\.code) == ["SC001"])
    #expect(finding.message.contains("Plugins/ContosoIntune/ios/Plugin/IntunePlugin.swift:4"))
  }

  @Test func anAppHandlingTheResponseForItsPluginIsFine() {
    let handling = Self.plainAppDelegate + """
      extension AppDelegate {
        func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
          MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)
        }
      }
      """
    let run = ExampleRun.run(
      MSALResponseNotHandledRule.self, on: Self.example(appDelegate: handling, pluginSource: Self.signingInPlugin))
    #expect(run.diagnostics.isEmpty)
  }

  @Test func aPluginThatEnrollsIsTheAppsEnrollment() {
    let enrolling = ExampleRun.run(
      IntuneAppNeverEnrollsRule.self,
      on: Self.example(appDelegate: Self.plainAppDelegate, pluginSource: Self.signingInPlugin))
    #expect(enrolling.diagnostics.isEmpty)
    let idle = ExampleRun.run(
      IntuneAppNeverEnrollsRule.self,
      on: Self.example(appDelegate: Self.plainAppDelegate, pluginSource: "final class IntunePlugin {}\n"))
    #expect(idle.diagnostics.map(\.code) == ["SC002"])
  }
}

import SharelintBase
import SourceCode
import XcodeModel

/// SC002: an app links the Intune App SDK but nothing enrolls it: no enrollment call, no `AutoEnrollOnLaunch`.
struct IntuneAppNeverEnrollsRule: TargetRule {
  /// The calls that register an account with the SDK and enroll the app: the guides' three, and the CA guide's
  /// remediation, which "provides all the functionality of registerAndEnrollAccount and loginAndEnrollAccount".
  static let enrollingNames: Set<String> = [
    "registerAndEnrollAccountId", "registerAndEnrollAccount", "loginAndEnrollAccount",
    "remediateComplianceForAccountId", "remediateComplianceForIdentity", "remediateCompliance",
  ]

  /// Names an app built with React Native, Flutter, Capacitor or Cordova uses in its own code: such an app's
  /// plugins (in `node_modules` or the pub cache, not among its sources) may well do the enrolling.
  static let crossPlatformNames: Set<String> = [
    "RCTAppDelegate", "RCTBridge", "RCTRootView", "RCTReactNativeFactory", "FlutterAppDelegate",
    "GeneratedPluginRegistrant", "CAPBridgeViewController", "CAPBridge", "CDVAppDelegate", "CDVViewController",
  ]

  static let description = RuleDescription(
    identifier: "intune-app-never-enrolls",
    family: .sourceCode, number: 2,
    summary: "an app links the Intune App SDK but neither its code nor AutoEnrollOnLaunch ever enrolls it",
    whatItDoes: """
      For an app target of an Xcode project that links the Intune App SDK, reports when none of its sources (nor \
      those of the project's frameworks it builds with, nor of the local Swift packages it links) names an \
      enrollment call — `registerAndEnrollAccountId`, `registerAndEnrollAccount`, `loginAndEnrollAccount`, or the \
      CA guide's `remediateComplianceForAccountId` — and `IntuneMAMSettings` does not set `AutoEnrollOnLaunch` to \
      YES. A name in a comment or a string does not count; any other mention does, so a wrapper the app calls \
      keeps it silent. An app built with React Native, Flutter, Capacitor or Cordova is left alone: its plugins, \
      which may enroll, are not among its sources. The finding is placed on the target in the `project.pbxproj`.
      """,
    whyItMatters: """
      The SDK applies no app protection policy to an account it was never given. The "stage 3" guide ("Register \
      accounts") has apps that sign in with MSAL call `registerAndEnrollAccountId` once the user is signed in, \
      apps that do not call `loginAndEnrollAccount`, and apps that want the SDK to do it all set \
      `AutoEnrollOnLaunch` (with `MAMPolicyRequired`); the 2016 and 2020 guides ask the same with their APIs. An \
      app that does none of them builds, runs and passes review, and never receives policy: the data it holds \
      stays unprotected on every device, and the admin's policy never applies.
      """,
    useInstead: """
      After MSAL signs the user in, call `IntuneMAMEnrollmentManager.instance().registerAndEnrollAccountId(\
      result.tenantProfile.identifier)`; without MSAL, `loginAndEnrollAccount(nil)`; or set `AutoEnrollOnLaunch` \
      (and `MAMPolicyRequired`) to YES under `IntuneMAMSettings`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/AppDelegate.swift"], markName: true),
        ]),
        files: [
          "App/AppDelegate.swift": """
            import IntuneMAMSwift
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
              func signedIn(accountId: String) {
                // IntuneMAMEnrollmentManager.instance().registerAndEnrollAccountId(accountId)
                IntuneMAMPolicyManager.instance().delegate = self
              }
            }
            """,
        ],
        messages: [
          "'App' links the Intune App SDK but never enrolls: no source calls 'registerAndEnrollAccountId' or "
            + "'loginAndEnrollAccount', and IntuneMAMSettings does not set AutoEnrollOnLaunch",
        ]),
    ],
    nonTriggeringExamples: [
      // A plug-in pod installed outside the repository (node_modules) may enroll: its code cannot be read.
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDK, sources: ["App/AppDelegate.swift"]),
        ]),
        files: [
          "App/AppDelegate.swift": """
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {}
            """,
          "Podfile": "target 'App' do\n  pod 'ContosoIntune', :path => '../node_modules/contoso-intune'\nend\n",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/SignIn.m"]),
        ]),
        files: [
          "App/SignIn.m": """
            #import <IntuneMAMSwift/IntuneMAM.h>

            void SignedIn(NSString *accountId) {
              [[IntuneMAMEnrollmentManager instance] registerAndEnrollAccountId:accountId];
            }
            """,
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/AppDelegate.swift"]),
        ]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>AutoEnrollOnLaunch</key>
          \t<true/>
          \t<key>MAMPolicyRequired</key>
          \t<true/>
          </dict>
          """,
        files: ["App/AppDelegate.swift": "import UIKit\n"]),
      // React Native: the JavaScript enrolls through a plugin whose native code is in node_modules.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/AppDelegate.mm"]),
        ]),
        files: [
          "App/AppDelegate.mm": """
            #import <RCTAppDelegate.h>

            @interface AppDelegate : RCTAppDelegate
            @end
            """,
        ]),
    ],
    guideSteps: [71]
  )

  /// A local pod of the target (`pod 'X', :path => '…'`) whose folder the repository does not hold: a Capacitor,
  /// React Native or Flutter plug-in installed into `node_modules` or `.symlinks`, whose sources may enroll the
  /// app. Its code cannot be read, so the rule says nothing rather than guess (fellowapp/intune-demo-project's
  /// `FellowIntune` from `../../node_modules/@fellow/intune`).
  static func unreadLocalPod(of view: ProjectTargetView) -> String? {
    for library in view.facts.linked {
      guard case .pod(let pod) = library.source, let source = pod.pod.source, !source.contains("://"),
        !source.hasPrefix("git@"), !source.hasSuffix(".podspec"), !source.hasSuffix(".podspec.json")
      else { continue }
      let folder = PathText.joined(PathText.removingLastComponent(of: pod.podfile), source)
      if case .success = RepositoryFile.listFolder(folder) { continue }
      return pod.pod.name
    }
    return nil
  }

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    guard view.isApp, !view.intuneLibraries.isEmpty,
      !intuneFlagIsOn(target.intuneSettings?["AutoEnrollOnLaunch"]), let code = view.sourceCode
    else { return }
    let sources = code.filesWithDependencies
    guard !sources.files.isEmpty, SourceCodeSearch.firstMention(of: Self.enrollingNames, in: sources.files) == nil,
      SourceCodeSearch.firstMention(of: Self.crossPlatformNames, in: sources.files) == nil,
      Self.unreadLocalPod(of: view) == nil
    else { return }
    // The SDK itself rather than its telemetry framework, for the note.
    let library = view.intuneLibraries.first { !$0.stem.lowercased().contains("telemetry") } ?? view.intuneLibraries[0]
    let count = sources.files.count
    view.report(
      "'\(view.targetName)' links the Intune App SDK but never enrolls: no source calls "
        + "'registerAndEnrollAccountId' or 'loginAndEnrollAccount', and IntuneMAMSettings does not set "
        + "AutoEnrollOnLaunch",
      at: view.targetSite, keyPath: view.targetName,
      notes: ["\(view.targetName) \(library.description); \(count) source file\(count == 1 ? "" : "s") read"]
        + sources.notes,
      into: &findings)
  }
}

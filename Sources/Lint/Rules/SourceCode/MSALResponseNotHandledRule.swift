import SourceCode
import XcodeModel

/// SC001: an app signs in with MSAL itself, but no source hands the URLs it opens to `handleMSALResponse`.
struct MSALResponseNotHandledRule: TargetRule {
  static let description = RuleDescription(
    identifier: "msal-response-not-handled",
    family: .sourceCode, number: 1,
    summary: "an app that signs in with MSAL never passes the URLs it opens to handleMSALResponse",
    whatItDoes: """
      For an app target of an Xcode project that links MSAL (a framework or library named MSAL, MSAL's Swift \
      package, the MSAL pod — also through another pod —, or MSAL's Carthage entry) and whose sources use \
      `MSALPublicClientApplication` (the app signs in with MSAL itself), reports when no source of the target, of \
      the project's frameworks it builds with or of the local Swift packages it links names `handleMSALResponse` \
      (Swift `MSALPublicClientApplication.handleMSALResponse(_:sourceApplication:)`, Objective-C \
      `[MSALPublicClientApplication handleMSALResponse:sourceApplication:]`, or a wrapper of that name). Apps \
      that turn the broker off (`MSALBrokeredAvailabilityNone`, `brokerAvailability = .none`), and apps whose \
      sign-in only the Intune App SDK does (no `MSALPublicClientApplication` in their code), are left alone. The \
      finding is placed on the target in the `project.pbxproj`.
      """,
    whyItMatters: """
      When Microsoft Authenticator (the broker, which Intune's app protection conditional access requires) signs \
      the user in, it answers by opening the app's `msauth.<bundle id>://auth` URL; only \
      `handleMSALResponse` hands that answer to MSAL. The MSAL iOS tutorial adds it to \
      `application(_:open:options:)` ("Add the callback for after sign-in"; `scene(_:openURLContexts:)` in an app \
      with scenes). Without it the token request never completes: MSAL reports "application did not receive \
      response from broker" (error -42700; AzureAD/microsoft-authentication-library-for-objc issues #1109, #1320), \
      and the Intune sign-in stalls at the Authenticator prompt (microsoftconnect/ms-intune-app-sdk-ios issue #418).
      """,
    useInstead: """
      In the app delegate, `func application(_ app: UIApplication, open url: URL, options: \
      [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool { MSALPublicClientApplication.handleMSALResponse(url, \
      sourceApplication: options[.sourceApplication] as? String) }`; with scenes, the same in \
      `scene(_:openURLContexts:)` for each context's URL.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App", frameworks: [.init("Frameworks/MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/AppDelegate.swift", "App/SignIn.swift"], markName: true),
        ]),
        files: [
          "App/AppDelegate.swift": """
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
              func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) \
            -> Bool {
                // The broker's answer arrives here and is dropped: MSAL never sees it.
                return false
              }
            }
            """,
          "App/SignIn.swift": """
            import MSAL

            func makeApplication() throws -> MSALPublicClientApplication {
              try MSALPublicClientApplication(configuration: MSALPublicClientApplicationConfig(clientId: clientId))
            }
            """,
        ],
        messages: [
          "'App' signs in with MSAL ('MSALPublicClientApplication' in 'App/SignIn.swift:3') but no source passes "
            + "the URLs the app opens to 'MSALPublicClientApplication.handleMSALResponse': the broker's answer "
            + "never reaches MSAL",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App", frameworks: [.init("Frameworks/MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/AppDelegate.m"]),
        ]),
        files: [
          "App/AppDelegate.m": """
            #import <MSAL/MSAL.h>

            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
              NSString *source = options[UIApplicationOpenURLOptionsSourceApplicationKey];
              return [MSALPublicClientApplication handleMSALResponse:url sourceApplication:source];
            }
            - (void)signIn {
              self.application = [[MSALPublicClientApplication alloc] initWithConfiguration:self.config error:nil];
            }
            @end
            """,
        ]),
      // The Intune App SDK signs the user in (loginAndEnrollAccount): the app has no MSAL code of its own.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App", frameworks: [.init("Frameworks/MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/SignIn.swift"]),
        ]),
        files: [
          "App/SignIn.swift": """
            import IntuneMAMSwift

            func signIn() {
              IntuneMAMEnrollmentManager.instance().loginAndEnrollAccount(nil)
            }
            """,
        ]),
    ],
    guideSteps: [74]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    guard view.isApp, view.linksMSAL, let code = view.sourceCode else { return }
    let sources = code.filesWithDependencies
    guard let client = SourceCodeSearch.firstMention(of: ["MSALPublicClientApplication"], in: sources.files),
      SourceCodeSearch.firstMention(of: ["handleMSALResponse"], in: sources.files) == nil,
      !sources.files.contains(where: Self.turnsBrokerOff)
    else { return }
    view.report(
      "'\(view.targetName)' signs in with MSAL ('MSALPublicClientApplication' in "
        + "'\(SourceCodeSearch.place(of: client.token, in: client.file))') but no source passes the URLs the app "
        + "opens to 'MSALPublicClientApplication.handleMSALResponse': the broker's answer never reaches MSAL",
      at: view.targetSite, keyPath: view.targetName, notes: sources.notes, into: &findings)
  }

  /// Whether `file` turns MSAL's broker off: `MSALBrokeredAvailabilityNone`, or `brokerAvailability = .none`.
  static func turnsBrokerOff(_ file: SourceFile) -> Bool {
    if file.mentions(anyOf: ["MSALBrokeredAvailabilityNone"]) { return true }
    return file.identifiers(named: ["brokerAvailability"]).contains { index in
      file.isPunctuation(index + 1, "=") && file.isPunctuation(index + 2, ".") && file.isIdentifier(index + 3, "none")
    }
  }
}

import SourceCode
import XcodeModel

/// SC007: an app under App Protection conditional access does not remediate MSAL's CA error with the Intune App SDK,
/// or never listens for the outcome.
struct ConditionalAccessNotRemediatedRule: TargetRule {
  static let description = RuleDescription(
    identifier: "conditional-access-not-remediated",
    family: .sourceCode, number: 7,
    summary: "an app under App Protection conditional access does not remediate "
      + "MSALErrorServerProtectionPoliciesRequired with the Intune App SDK",
    whatItDoes: """
      For an app or extension target of an Xcode project under App Protection conditional access (as for SC006: \
      `conditional_access: true`, or by default a source that handles `MSALErrorServerProtectionPoliciesRequired`), \
      reads the sources of the target, of the project's frameworks it builds with and of the local Swift packages \
      it links, and reports the first gap in the guide's flow: (1) with `conditional_access: true`, no source \
      handles the error — placed on the `case` that does nothing with it, else on the first MSAL token request \
      (`acquireToken`, `acquireTokenSilent`; an app without MSAL code of its own is left alone); (2) a source \
      handles it but none names `remediateComplianceForAccountId` (Swift `remediateCompliance(forAccountId:silent:)`, \
      or the older `…ForIdentity`) — a wrapper of that name counts; (3) the app remediates but no source sets the \
      compliance delegate: a `delegate` or `setDelegate:` on `IntuneMAMComplianceManager`, or, for a manager kept in \
      a variable, a class adopting `IntuneMAMComplianceDelegate` and a `delegate` set in a file that uses the \
      manager. A target without sources is left alone.
      """,
    whyItMatters: """
      The App Protection CA guide (learn.microsoft.com "Intune App SDK for iOS - App Protection CA support \
      (optional)", stage 6, "New APIs"; memdocs `app-sdk-ios-phase6.md`, read 2026): an app under CA "won't be \
      granted an access token" when MSAL answers `MSALErrorServerProtectionPoliciesRequired` (-50004 in MSAL's \
      `MSALError.h`, which adds "call the remediateComplianceForIdentity:silent: API"); it must call \
      `[[IntuneMAMComplianceManager instance] remediateComplianceForAccountId:silent:]` with the Entra object id \
      taken from the error's `MSALHomeAccountIdKey`, which enrolls the app and applies policy, and learn the result \
      through `IntuneMAMComplianceDelegate`'s `accountId:hasComplianceStatus:withErrorMessage:andErrorTitle:`: \
      the SDK's `IntuneMAMComplianceManager.h` (`…ForAccountId` since SDK 16.0.0 of 2022-05-24, `…ForIdentity` \
      deprecated then and gone from 20.1.0 of 2024-09-15; read at 21.7.1 of 2026-07-07) says the app "should wait \
      until this delegate method is called to retry the token acquisition", and the guide has it show the SDK's \
      localized error for every status but compliant. An app that skips a step gets no token for the account, or \
      waits forever, and the user sees nothing.
      """,
    useInstead: """
      On the error: `if let homeAccountId = error.userInfo[MSALHomeAccountIdKey] as? String, let objectId = \
      homeAccountId.split(separator: ".").first { IntuneMAMComplianceManager.instance().remediateCompliance(\
      forAccountId: String(objectId), silent: false) }` (the home account id is `<object id>.<tenant id>`); at \
      launch, `IntuneMAMComplianceManager.instance().delegate = complianceDelegate`, whose \
      `accountId(_:hasComplianceStatus:withErrorMessage:andErrorTitle:)` retries the token request when compliant \
      and shows the message otherwise.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK + [.init("MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/Tokens.swift"]),
        ]),
        files: [
          "App/Tokens.swift": """
            import MSAL

            func failed(_ error: NSError) {
              guard error.domain == MSALErrorDomain, let code = MSALError(rawValue: error.code) else { return }
              switch code {
              case .↓serverProtectionPoliciesRequired:
                showAlert("Your organization protects this account")
              default:
                showAlert(error.localizedDescription)
              }
            }
            """,
        ],
        markedFile: "App/Tokens.swift",
        messages: [
          "'serverProtectionPoliciesRequired' is handled, but no source calls 'remediateComplianceForAccountId' "
            + "(Swift 'remediateCompliance(forAccountId:silent:)') as the App Protection CA guide's 'New APIs' step "
            + "asks: the account is never enrolled, so under CA 'App' never gets a token",
        ]),
      // MSAL's documented error handling, kept as it was, in an app the team says is under CA.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK + [.init("MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/Tokens.m"]),
        ]),
        files: [
          "App/Tokens.m": """
            #import <MSAL/MSAL.h>

            void Failed(NSError *error) {
              switch (error.code) {
                case MSALErrorInteractionRequired:
                  SignInInteractively();
                  break;
                case ↓MSALErrorServerProtectionPoliciesRequired:
                {
                  // Integrate the Intune SDK and call the remediateComplianceForIdentity:silent: API.
                  break;
                }
                default:
                  NSLog(@"failed: %@", error);
              }
            }
            """,
        ],
        markedFile: "App/Tokens.m",
        messages: [
          "'MSALErrorServerProtectionPoliciesRequired' is caught but its case does nothing; 'App' is under App "
            + "Protection conditional access (the configuration says 'conditional_access: true'), where the App "
            + "Protection CA guide's 'New APIs' step asks to call 'remediateComplianceForAccountId' on it: without "
            + "it the account never gets a token",
        ],
        configuration: "conditional_access: true\n"),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK + [.init("MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/Tokens.swift"]),
        ]),
        files: [
          "App/Tokens.swift": """
            import MSAL

            func refresh(_ application: MSALPublicClientApplication, parameters: MSALSilentTokenParameters) {
              application.↓acquireTokenSilent(with: parameters) { result, error in
                if let error { print("failed: \\(error)") }
              }
            }
            """,
        ],
        markedFile: "App/Tokens.swift",
        messages: [
          "'acquireTokenSilent' requests a token, but no source handles MSAL's "
            + "'MSALErrorServerProtectionPoliciesRequired' (Swift '.serverProtectionPoliciesRequired'), which the "
            + "App Protection CA guide's 'New APIs' step asks 'App' to remediate with "
            + "'remediateComplianceForAccountId': it is under App Protection conditional access (the configuration "
            + "says 'conditional_access: true') and never gets a token",
        ],
        configuration: "conditional_access: true\n"),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK + [.init("MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/Tokens.swift"]),
        ]),
        files: [
          "App/Tokens.swift": """
            import IntuneMAMSwift
            import MSAL

            func failed(_ error: NSError) {
              guard error.code == MSALError.serverProtectionPoliciesRequired.rawValue,
                let homeAccountId = error.userInfo[MSALHomeAccountIdKey] as? String else { return }
              let objectId = String(homeAccountId.split(separator: ".")[0])
              IntuneMAMComplianceManager.instance().↓remediateCompliance(forAccountId: objectId, silent: false)
            }
            """,
        ],
        markedFile: "App/Tokens.swift",
        messages: [
          "'remediateCompliance' starts the remediation, but no source sets "
            + "'IntuneMAMComplianceManager.instance().delegate' as the App Protection CA guide's 'New APIs' step "
            + "asks: the app is never told the outcome ('accountId:hasComplianceStatus:…'), so it cannot retry the "
            + "token request or show the SDK's error",
        ]),
    ],
    nonTriggeringExamples: [
      // The guide's flow: the error remediated, the delegate set at launch.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK + [.init("MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/AppDelegate.swift", "App/Tokens.swift"]),
        ]),
        files: [
          "App/AppDelegate.swift": """
            import IntuneMAMSwift
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate, IntuneMAMComplianceDelegate {
              func application(_ application: UIApplication, didFinishLaunchingWithOptions options: \
            [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                IntuneMAMComplianceManager.instance().delegate = self
                return true
              }

              func accountId(_ accountId: String, hasComplianceStatus status: IntuneMAMComplianceStatus, \
            withErrorMessage errMsg: String, andErrorTitle errTitle: String) {
                if status == .compliant { Tokens.retry() } else { showAlert(errTitle, errMsg) }
              }
            }
            """,
          "App/Tokens.swift": """
            import IntuneMAMSwift
            import MSAL

            func failed(_ error: NSError) {
              guard error.code == MSALError.serverProtectionPoliciesRequired.rawValue,
                let homeAccountId = error.userInfo[MSALHomeAccountIdKey] as? String else { return }
              let objectId = String(homeAccountId.split(separator: ".")[0])
              IntuneMAMComplianceManager.instance().remediateCompliance(forAccountId: objectId, silent: false)
            }
            """,
        ]),
      // Objective-C, through a wrapper of the SDK's call, the delegate set with its setter.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK + [.init("MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/Compliance.m", "App/Tokens.m"]),
        ]),
        files: [
          "App/Compliance.m": """
            #import <IntuneMAMSwift/IntuneMAM.h>

            @implementation Compliance
            - (void)start {
              [[IntuneMAMComplianceManager instance] setDelegate:self];
            }
            - (void)remediateComplianceForAccountId:(NSString *)accountId {
              [[IntuneMAMComplianceManager instance] remediateComplianceForAccountId:accountId silent:NO];
            }
            @end
            """,
          "App/Tokens.m": """
            #import <MSAL/MSAL.h>

            void Failed(NSError *error, Compliance *compliance) {
              if (error.code == MSALErrorServerProtectionPoliciesRequired) {
                NSString *homeAccountId = error.userInfo[MSALHomeAccountIdKey];
                [compliance remediateComplianceForAccountId:[homeAccountId componentsSeparatedByString:@"."][0]];
              }
            }
            """,
        ]),
      // MSAL's documented error handling in an app that is not under CA.
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("MSAL.framework", embedding: .embedAndSign)], sources: ["App/Tokens.swift"]),
        ]),
        files: [
          "App/Tokens.swift": """
            import MSAL

            func failed(_ error: NSError) {
              guard let code = MSALError(rawValue: error.code) else { return }
              switch code {
              case .serverProtectionPoliciesRequired:
                // Handle this error only if you integrated Intune SDK.
                break
              case .userCanceled:
                break
              default:
                print("failed: \\(error)")
              }
            }
            """,
        ]),
      // The team says the app is not under CA.
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("MSAL.framework", embedding: .embedAndSign)], sources: ["App/Tokens.swift"]),
        ]),
        files: [
          "App/Tokens.swift": """
            import MSAL

            func failed(_ error: NSError) {
              if error.code == MSALError.serverProtectionPoliciesRequired.rawValue { showAlert("not supported") }
            }
            """,
        ],
        configuration: "conditional_access: false\n"),
    ],
    guideSteps: [77]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    let target = view.target
    guard view.isApp || view.isExtension, let code = view.sourceCode else {
      return
    }
    let sources = code.filesWithDependencies
    let files = sources.files
    let mentions = ConditionalAccess.errorMentions(in: files)
    guard !files.isEmpty, let evidence = ConditionalAccess.evidence(for: target, mentions: mentions) else { return }
    guard let handled = mentions.first(where: { !$0.isEmptyCase }) else {
      // Only `conditional_access: true` gets here: the code shows no handling.
      if let unused = mentions.first {
        SourceCodeSearch.report(
          "'\(unused.name)' is caught but its case does nothing; '\(view.targetName)' is under App Protection "
            + "conditional access (\(evidence.reason)), where the App Protection CA guide's 'New APIs' step asks to "
            + "call 'remediateComplianceForAccountId' on it: without it the account never gets a token",
          at: unused.token, in: unused.file, keyPath: unused.name, notes: sources.notes, into: &findings)
      } else if let site = ConditionalAccess.tokenSite(in: files) {
        let name = site.file.spelling(site.token)
        let verb = ConditionalAccess.tokenRequestNames.contains(name) ? "requests a token" : "signs in with MSAL"
        SourceCodeSearch.report(
          "'\(name)' \(verb), but no source handles MSAL's 'MSALErrorServerProtectionPoliciesRequired' (Swift "
            + "'.serverProtectionPoliciesRequired'), which the App Protection CA guide's 'New APIs' step asks "
            + "'\(view.targetName)' to remediate with 'remediateComplianceForAccountId': it is under App Protection "
            + "conditional access (\(evidence.reason)) and never gets a token",
          at: site.token, in: site.file, keyPath: name, notes: sources.notes, into: &findings)
      }
      return
    }
    guard let remediation = SourceCodeSearch.firstMention(of: ConditionalAccess.remediationNames, in: files) else {
      SourceCodeSearch.report(
        "'\(handled.name)' is handled, but no source calls 'remediateComplianceForAccountId' (Swift "
          + "'remediateCompliance(forAccountId:silent:)') as the App Protection CA guide's 'New APIs' step asks: "
          + "the account is never enrolled, so under CA '\(view.targetName)' never gets a token",
        at: handled.token, in: handled.file, keyPath: handled.name, notes: sources.notes, into: &findings)
      return
    }
    guard !Self.setsComplianceDelegate(in: files) else { return }
    let name = remediation.file.spelling(remediation.token)
    SourceCodeSearch.report(
      "'\(name)' starts the remediation, but no source sets 'IntuneMAMComplianceManager.instance().delegate' as the "
        + "App Protection CA guide's 'New APIs' step asks: the app is never told the outcome "
        + "('accountId:hasComplianceStatus:…'), so it cannot retry the token request or show the SDK's error",
      at: remediation.token, in: remediation.file, keyPath: name, notes: sources.notes, into: &findings)
  }

  /// Whether a source sets the compliance manager's delegate: `IntuneMAMComplianceManager.instance().delegate = x`,
  /// `[IntuneMAMComplianceManager instance].delegate = self`, `[[IntuneMAMComplianceManager instance]
  /// setDelegate:self]`; or, for a manager kept in a variable, a class adopting `IntuneMAMComplianceDelegate` and a
  /// `delegate` set in a file that uses the manager.
  static func setsComplianceDelegate(in files: [SourceFile]) -> Bool {
    let delegateNames: Set<String> = ["delegate", "setDelegate"]
    var adopted = false
    var setNearManager = false
    for file in files {
      let references = file.references(to: delegateNames)
      if references.contains(where: { file.receiver(of: $0, mentions: "IntuneMAMComplianceManager") }) { return true }
      if file.mentions(anyOf: ["IntuneMAMComplianceDelegate"]) { adopted = true }
      if !references.isEmpty, file.mentions(anyOf: ["IntuneMAMComplianceManager"]) { setNearManager = true }
    }
    return adopted && setNearManager
  }
}

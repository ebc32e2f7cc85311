import SourceCode
import XcodeModel

/// SC003: an app enrolls accounts with the Intune App SDK and signs users out, but never unenrolls.
struct EnrollmentWithoutUnenrollmentRule: TargetRule {
  /// The calls that register and enroll an account.
  static let enrollingNames: Set<String> = [
    "registerAndEnrollAccountId", "registerAndEnrollAccount", "loginAndEnrollAccount",
  ]
  /// The calls that deregister and unenroll one.
  static let unenrollingNames: Set<String> = ["deRegisterAndUnenrollAccountId", "deRegisterAndUnenrollAccount"]
  /// The words of a name that signs a user out: `signOut`, `logout`, `didTapLogOut`, `LOG_OFF`, MSAL's
  /// `removeAccount` and `signoutWithAccount`.
  static let signOutPhrases: [[String]] = [
    ["sign", "out"], ["signout"], ["log", "out"], ["logout"], ["log", "off"], ["logoff"], ["sign", "off"],
    ["signoff"], ["remove", "account"],
  ]

  static let description = RuleDescription(
    identifier: "enrollment-without-unenrollment",
    family: .sourceCode, number: 3,
    summary: "an app enrolls accounts with the Intune App SDK and signs users out, but never unenrolls them",
    whatItDoes: """
      For an app target of an Xcode project, reports an enrollment call (`registerAndEnrollAccountId`, \
      `registerAndEnrollAccount`, `loginAndEnrollAccount`) when the app has a way to sign out — a name made of the \
      words "sign out", "log out" or "log off" (`signOut`, `didTapLogout`, `LOG_OFF`), or MSAL's `removeAccount` — \
      and none of its sources (nor those of the project's frameworks it builds with, nor of the local Swift \
      packages it links) names `deRegisterAndUnenrollAccountId` or `deRegisterAndUnenrollAccount`. An app \
      without any sign-out is left alone: it keeps its one account. The finding is placed on the first enrollment \
      call; a note says where the sign-out is.
      """,
    whyItMatters: """
      The "stage 3" guide ("Deregister accounts"): before the user is signed out, the app calls \
      `deRegisterAndUnenrollAccountId:withWipe:`, which unenrolls the account and, with `withWipe:YES`, wipes its \
      corporate data; the SDK's header adds that it must run before the account is removed from the app, while \
      its tokens still exist (once MSAL has forgotten the account the wipe can no longer happen: \
      microsoftconnect/ms-intune-app-sdk-ios issue #518). Without the call the app stays enrolled for a user who \
      left: the corporate data stays on the device, and policy keeps applying to whoever signs in next.
      """,
    useInstead: """
      In the sign-out path, before MSAL removes the account: \
      `IntuneMAMEnrollmentManager.instance().deRegisterAndUnenrollAccountId(accountId, withWipe: true)`.
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
            sources: ["App/Session.swift"]),
        ]),
        files: [
          "App/Session.swift": """
            import IntuneMAMSwift
            import MSAL

            final class Session {
              func signedIn(_ result: MSALResult) {
                IntuneMAMEnrollmentManager.instance().↓registerAndEnrollAccountId(result.tenantProfile.identifier)
              }

              func signOut(_ account: MSALAccount) throws {
                try application.remove(account)
              }
            }
            """,
        ],
        markedFile: "App/Session.swift",
        messages: [
          "'registerAndEnrollAccountId' enrolls the account, but no source calls 'deRegisterAndUnenrollAccountId' "
            + "when the user signs out ('signOut' in 'App/Session.swift:9'): the account's corporate data stays on "
            + "the device",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/Session.m"]),
        ]),
        files: [
          "App/Session.m": """
            #import <IntuneMAMSwift/IntuneMAM.h>

            @implementation Session
            - (void)signedIn:(NSString *)accountId {
              [[IntuneMAMEnrollmentManager instance] registerAndEnrollAccountId:accountId];
            }
            - (void)logout:(NSString *)accountId {
              [[IntuneMAMEnrollmentManager instance] deRegisterAndUnenrollAccountId:accountId withWipe:YES];
            }
            @end
            """,
        ]),
      // No way to sign out: the app keeps its one account.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/AppDelegate.swift"]),
        ]),
        files: [
          "App/AppDelegate.swift": """
            import IntuneMAMSwift

            func start() {
              IntuneMAMEnrollmentManager.instance().loginAndEnrollAccount(nil)
              let logOutput = "enrolling"
              print(logOutput)
            }
            """,
        ]),
    ],
    guideSteps: [72]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    guard view.isApp, let code = view.sourceCode else { return }
    let sources = code.filesWithDependencies
    guard let enrollment = SourceCodeSearch.firstReference(to: Self.enrollingNames, in: sources.files),
      SourceCodeSearch.firstMention(of: Self.unenrollingNames, in: sources.files) == nil
    else { return }
    var signOut: (file: SourceFile, token: Int)?
    for file in sources.files {
      if let found = file.firstIdentifier(withWords: Self.signOutPhrases) {
        signOut = (file, found.token)
        break
      }
    }
    guard let signOut else { return }
    let name = enrollment.file.spelling(enrollment.reference.token)
    let signOutName = signOut.file.spelling(signOut.token)
    let signOutPlace = SourceCodeSearch.place(of: signOut.token, in: signOut.file)
    SourceCodeSearch.report(
      "'\(name)' enrolls the account, but no source calls 'deRegisterAndUnenrollAccountId' when the user signs out "
        + "('\(signOutName)' in '\(signOutPlace)'): the account's corporate data stays on the device",
      at: enrollment.reference.token, in: enrollment.file, keyPath: name,
      notes: sources.notes, into: &findings)
  }
}

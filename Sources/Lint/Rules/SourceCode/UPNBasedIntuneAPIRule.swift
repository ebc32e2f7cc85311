import IntuneKnowledge
import SharelintBase
import SourceCode
import XcodeModel

/// SC004: a call of an Intune App SDK API that names the account by its UPN, which SDK 16 replaced with one taking
/// its Entra object ID and SDK 20 removed; or an implementation of a delegate method SDK 20 no longer calls.
struct UPNBasedIntuneAPIRule: TargetRule {
  static let description = RuleDescription(
    identifier: "upn-based-intune-api",
    family: .sourceCode, number: 4,
    summary: "code calls an Intune App SDK API that names the account by UPN, removed in SDK 20",
    whatItDoes: """
      Finds, in the Swift and Objective-C sources of an Intune target of an Xcode project, the calls of the \
      Intune App SDK's UPN-based APIs (`registerAndEnrollAccount:`, `deRegisterAndUnenrollAccount:withWipe:`, \
      `enrolledAccount`, `registeredAccounts`, `setUIPolicyIdentity:…`, `setCurrentThreadIdentity:`, \
      `setProcessIdentity:`, `policyForIdentity:`, `isIdentityManaged:`, `primaryUser`, \
      `remediateComplianceForIdentity:silent:`, `appConfigForIdentity:`, `protect:identity:`, \
      `IntuneMAMSwiftContextManager.setIdentity(_:forScope:)`… — `explain` lists them all), and the \
      implementations of the `IntuneMAMPolicyDelegate` methods SDK 20 stopped calling (`wipeDataForAccount:`, \
      `identitySwitchRequired:…`, `addIdentity:completionHandler:`), each at the name in the source file. Only \
      member calls and message sends count (`x.enrolledAccount()`, `[x enrolledAccount]`, `x.primaryUser`), in \
      files that name an `IntuneMAM…` type or module; a name an app could give its own things (`enrolledAccount`, \
      `primaryUser`, `policy(forIdentity:)`, `protect(_:identity:)`…) counts only on a receiver written with an \
      `IntuneMAM…` type (`IntuneMAMPolicyManager.instance().primaryUser`), while the SDK's own names \
      (`setUIPolicyIdentity:`, `registerAndEnrollAccount:`…) count on any receiver. The table is the SDK's \
      public headers: the AccountId replacements appeared in 16.0.0, the UPN APIs were deprecated in 19.5.0 \
      and are gone from 20.1.0 (the Swift context manager's `setIdentity` from 21). Which release the target links decides: from 16.0 on \
      every use is reported, saying whether the linked release still has the API; before 16.0 nothing is (there \
      is no replacement to move to: XC018 asks for a supported release first); when the release is unknown (the \
      SDK comes from a folder the repository does not hold) every use is reported, as the current SDK has none \
      of them.
      """,
    whyItMatters: """
      The "stage 3" guide integrates with the AccountId APIs only (`registerAndEnrollAccountId`, \
      `deRegisterAndUnenrollAccountId:withWipe:`, `enrolledAccountId`, `setUIPolicyAccountId:`…; the 2016 and \
      2020 guides show the UPN ones). A UPN is no stable key for an account — it can change, and two accounts can \
      share one — so the SDK maps it to the Entra object ID, and that lookup fails: `registerAndEnrollAccount` \
      with a valid UPN ends in status 207, "Could not find AAD object id for account" \
      (microsoftconnect/ms-intune-app-sdk-ios issues #412, #444). From SDK 20 the UPN APIs are gone (issue #470: \
      "enrolledAccount … has already been removed in version 20.x"): a Swift or Objective-C call no longer \
      builds, and a delegate's `wipeDataForAccount:` or `identitySwitchRequired:…` still builds but is never \
      called — a selective wipe then leaves the account's data in place, and identity switches the SDK asks for \
      never happen.
      """,
    useInstead: """
      The AccountId API the message names, with the account's Entra object ID (MSAL's \
      `result.tenantProfile.identifier`, or `enrolledAccountId()`); MSAL's `account(forIdentifier:)` maps an ID \
      back to a user name where one is shown.
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
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "19.7.0").merging([
          "App/Session.swift": """
            import IntuneMAMSwift

            final class Session: NSObject, IntuneMAMPolicyDelegate {
              func signedIn(upn: String) {
                IntuneMAMEnrollmentManager.instance().↓registerAndEnrollAccount(upn)
                let user = IntuneMAMEnrollmentManager.instance().↓enrolledAccount()
                let policy = IntuneMAMPolicyManager.instance().↓policy(forIdentity: user)
                // IntuneMAMEnrollmentManager.instance().registerAndEnrollAccount(upn) in a comment is not a call
              }

              func ↓wipeData(forAccount upn: String) -> Bool { true }
            }
            """,
        ]) { first, _ in first },
        markedFile: "App/Session.swift",
        messages: [
          "'registerAndEnrollAccount(_:)' names the account by UPN: use 'registerAndEnrollAccountId(_:)' with its "
            + "Entra object ID; Intune App SDK 20 removed the UPN API (this target links 19.7.0)",
          "'enrolledAccount()' names the account by UPN: use 'enrolledAccountId()' with its Entra object ID; Intune "
            + "App SDK 20 removed the UPN API (this target links 19.7.0)",
          "'policy(forIdentity:)' names the account by UPN: use 'policy(forAccountId:)' with its Entra object ID; "
            + "Intune App SDK 20 removed the UPN API (this target links 19.7.0)",
          "'wipeData(forAccount:)' is the UPN-based IntuneMAMPolicyDelegate method, which Intune App SDK 20 no "
            + "longer calls (this target links 19.7.0): implement 'wipeData(forAccountId:)'",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/IntuneDelegate.m"]),
        ]),
        files: [
          "App/IntuneDelegate.m": """
            #import <IntuneMAMSwift/IntuneMAM.h>

            @implementation IntuneDelegate
            - (void)start {
              NSString *identity = IntuneMAMEnrollmentManager.instance.↓enrolledAccount;
              [[IntuneMAMPolicyManager instance] ↓setUIPolicyIdentity:identity forWindow:nil completionHandler:nil];
              [[IntuneMAMPolicyManager instance] setUIPolicyAccountId:nil completionHandler:nil];
            }
            @end
            """,
        ],
        markedFile: "App/IntuneDelegate.m",
        messages: [
          "'enrolledAccount' names the account by UPN: use 'enrolledAccountId' with its Entra object ID; Intune App "
            + "SDK 20 removed the UPN API",
          "'setUIPolicyIdentity:' names the account by UPN: use 'setUIPolicyAccountId:' with its Entra object ID; "
            + "Intune App SDK 20 removed the UPN API",
        ]),
    ],
    nonTriggeringExamples: [
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

            func signedIn(accountId: String) {
              IntuneMAMEnrollmentManager.instance().registerAndEnrollAccountId(accountId)
              let policy = IntuneMAMPolicyManager.instance().policy(forAccountId: accountId)
              let enrolledAccount = IntuneMAMEnrollmentManager.instance().enrolledAccountId()
            }
            """,
        ]),
      // The app's own `primaryUser` and `enrolledAccount()`, in a file that uses the SDK.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/Family.swift"]),
        ]),
        files: [
          "App/Family.swift": """
            import IntuneMAMSwift

            func show(_ family: Family) {
              let user = family.primaryUser
              let account = family.store.enrolledAccount()
              let managed = IntuneMAMPolicyManager.instance().isAccountIdManaged(account.id)
            }
            """,
        ]),
      // SDK 15 has no AccountId API to move to.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK,
            sources: ["App/Session.swift"]),
        ]),
        files: ExampleFiles.xcframework("IntuneMAMSwift", version: "15.4.0").merging([
          "App/Session.swift": """
            import IntuneMAMSwift

            let user = IntuneMAMEnrollmentManager.instance().enrolledAccount()
            """,
        ]) { first, _ in first }),
    ],
    guideSteps: [73],
    guideAndVendor: """
      The 2016 and 2020 guides (and the App Protection CA guide's `remediateComplianceForIdentity`) show the UPN \
      APIs, the "stage 3" guide the AccountId ones; the SDK's headers decide: AccountId from 16.0.0, UPN gone from \
      20. The rule follows the headers and the current guide.
      """
  )

  /// One UPN-based API: how Swift and Objective-C spell it and its AccountId replacement, and from which major
  /// release the SDK no longer has it.
  struct API {
    /// The name searched for: Swift's base name, Objective-C's first selector part.
    let swiftName: String?
    let objectiveCName: String?
    /// The labels (Swift) or selector parts (Objective-C, the first included) a use must have.
    let swiftLabels: Set<String>
    let objectiveCParts: Set<String>
    /// How messages show it and its replacement, in each language.
    let swift: (api: String, replacement: String)?
    let objectiveC: (api: String, replacement: String)?
    /// The first major release without it.
    let removedIn: Int
    /// Whether it is a delegate method the app implements, not one it calls.
    let isDelegateMethod: Bool
    /// Whether its name is the SDK's alone (`setUIPolicyIdentity`), so a call on any receiver is one; a name an
    /// app could give its own things (`enrolledAccount`, `primaryUser`, `policy(forIdentity:)`) counts only on a
    /// receiver written with an `IntuneMAM…` type.
    let anyReceiver: Bool

    /// An API whose Swift name is Objective-C's: `name` + `swiftLabels`, `selector` (`name:withWipe:`).
    init(
      swift: String?, _ swiftLabels: Set<String> = [], replacement swiftReplacement: String? = nil,
      objectiveC: String?, objectiveCReplacement: String? = nil, removedIn: Int = 20,
      delegate: Bool = false, anyReceiver: Bool = false
    ) {
      swiftName = swift.map { String($0.prefix { $0 != "(" }) }
      self.swiftLabels = swiftLabels
      objectiveCName = objectiveC.map { String($0.prefix { $0 != ":" }) }
      objectiveCParts = Set((objectiveC ?? "").split(separator: ":").map(String.init))
      self.swift = swift.map { ($0, swiftReplacement ?? "") }
      self.objectiveC = objectiveC.map { ($0, objectiveCReplacement ?? "") }
      self.removedIn = removedIn
      isDelegateMethod = delegate
      self.anyReceiver = anyReceiver
    }
  }

  /// The UPN-based APIs, from the SDK's public headers (19.7.0 against 20.1.0; the Swift context manager 20.8.0
  /// against 21.1.0).
  static let apis: [API] = [
    API(swift: "registerAndEnrollAccount(_:)", ["_"], replacement: "registerAndEnrollAccountId(_:)",
        objectiveC: "registerAndEnrollAccount:", objectiveCReplacement: "registerAndEnrollAccountId:",
        anyReceiver: true),
    API(swift: "deRegisterAndUnenrollAccount(_:withWipe:)", ["withWipe"],
        replacement: "deRegisterAndUnenrollAccountId(_:withWipe:)",
        objectiveC: "deRegisterAndUnenrollAccount:withWipe:",
        objectiveCReplacement: "deRegisterAndUnenrollAccountId:withWipe:", anyReceiver: true),
    API(swift: "enrolledAccount()", replacement: "enrolledAccountId()",
        objectiveC: "enrolledAccount", objectiveCReplacement: "enrolledAccountId"),
    API(swift: "registeredAccounts()", replacement: "registeredAccountIds()",
        objectiveC: "registeredAccounts", objectiveCReplacement: "registeredAccountIds"),
    API(swift: "mdmEnrolledAccount()", replacement: "mdmEnrolledAccountId(completionHandler:)",
        objectiveC: "mdmEnrolledAccount", objectiveCReplacement: "mdmEnrolledAccountIdWithCompletion:",
        anyReceiver: true),
    API(swift: "setUIPolicyIdentity(_:…)", replacement: "setUIPolicyAccountId(_:…)",
        objectiveC: "setUIPolicyIdentity:", objectiveCReplacement: "setUIPolicyAccountId:", anyReceiver: true),
    API(swift: "getUIPolicyIdentity()", replacement: "getUIPolicyAccountId()",
        objectiveC: "getUIPolicyIdentity", objectiveCReplacement: "getUIPolicyAccountId", anyReceiver: true),
    API(swift: nil, objectiveC: "getUIPolicyIdentityForWindow:",
        objectiveCReplacement: "getUIPolicyAccountIdForWindow:", anyReceiver: true),
    API(swift: nil, objectiveC: "setCurrentThreadIdentity:", objectiveCReplacement: "setCurrentThreadAccountId:",
        anyReceiver: true),
    API(swift: "getCurrentThreadIdentity()", replacement: "getCurrentThreadAccountId()",
        objectiveC: "getCurrentThreadIdentity", objectiveCReplacement: "getCurrentThreadAccountId", anyReceiver: true),
    API(swift: "setProcessIdentity(_:)", replacement: "setProcessAccountId(_:)",
        objectiveC: "setProcessIdentity:", objectiveCReplacement: "setProcessAccountId:", anyReceiver: true),
    API(swift: "getProcessIdentity()", replacement: "getProcessAccountId()",
        objectiveC: "getProcessIdentity", objectiveCReplacement: "getProcessAccountId", anyReceiver: true),
    API(swift: "getIdentityForCurrentActivity()", replacement: "getAccountIdForCurrentActivity()",
        objectiveC: "getIdentityForCurrentActivity", objectiveCReplacement: "getAccountIdForCurrentActivity",
        anyReceiver: true),
    API(swift: "isIdentityManaged(_:)", replacement: "isAccountIdManaged(_:)",
        objectiveC: "isIdentityManaged:", objectiveCReplacement: "isAccountIdManaged:", anyReceiver: true),
    API(swift: "policy(forIdentity:)", ["forIdentity"], replacement: "policy(forAccountId:)",
        objectiveC: "policyForIdentity:", objectiveCReplacement: "policyForAccountId:"),
    API(swift: "primaryUser", replacement: "primaryAccountId",
        objectiveC: "primaryUser", objectiveCReplacement: "primaryAccountId"),
    API(swift: "remediateCompliance(forIdentity:silent:)", ["forIdentity"],
        replacement: "remediateCompliance(forAccountId:silent:)",
        objectiveC: "remediateComplianceForIdentity:silent:",
        objectiveCReplacement: "remediateComplianceForAccountId:silent:", anyReceiver: true),
    API(swift: "remediationInProgress(forIdentity:)", ["forIdentity"],
        replacement: "remediationInProgress(forAccountId:)",
        objectiveC: "remediationInProgressForIdentity:", objectiveCReplacement: "remediationInProgressForAccountId:",
        anyReceiver: true),
    API(swift: "appConfig(forIdentity:)", ["forIdentity"], replacement: "appConfig(forAccountId:)",
        objectiveC: "appConfigForIdentity:", objectiveCReplacement: "appConfigForAccountId:"),
    API(swift: "userStatus(forIdentity:)", ["forIdentity"], replacement: "userStatus(forAccountId:)",
        objectiveC: "userStatusForIdentity:", objectiveCReplacement: "userStatusForAccountId:"),
    API(swift: "protect(_:identity:)", ["identity"], replacement: "protect(_:accountId:)",
        objectiveC: "protect:identity:", objectiveCReplacement: "protect:accountId:"),
    API(swift: "protectString(_:identity:)", ["identity"], replacement: "protectString(_:accountId:)",
        objectiveC: "protectString:identity:", objectiveCReplacement: "protectString:accountId:"),
    API(swift: "verifyAndProtect(_:identity:)", ["identity"], replacement: "verifyAndProtect(_:accountId:)",
        objectiveC: "verifyAndProtect:identity:", objectiveCReplacement: "verifyAndProtect:accountId:"),
    API(swift: "encryptFile(_:forIdentity:)", ["forIdentity"], replacement: "encryptFile(_:forAccountId:)",
        objectiveC: "encryptFile:forIdentity:", objectiveCReplacement: "encryptFile:forAccountId:"),
    API(swift: "protectFile(atPath:forIdentity:)", ["forIdentity"], replacement: "protectFile(atPath:forAccountId:)",
        objectiveC: "protectFileAtPath:forIdentity:", objectiveCReplacement: "protectFileAtPath:forAccountId:"),
    API(swift: "isSaveToAllowed(for:withAccountName:)", ["withAccountName"],
        replacement: "isSaveToAllowed(for:withAccountId:)",
        objectiveC: "isSaveToAllowedForLocation:withAccountName:",
        objectiveCReplacement: "isSaveToAllowedForLocation:withAccountId:"),
    API(swift: "isOpenFromAllowed(for:withAccountName:)", ["withAccountName"],
        replacement: "isOpenFromAllowed(for:withAccountId:)",
        objectiveC: "isOpenFromAllowedForLocation:withAccountName:",
        objectiveCReplacement: "isOpenFromAllowedForLocation:withAccountId:"),
    API(swift: "getSaveToLocations(forAccount:)", ["forAccount"], replacement: "getSaveToLocations(forAccountId:)",
        objectiveC: "getSaveToLocationsForAccount:", objectiveCReplacement: "getSaveToLocationsForAccountId:"),
    API(swift: "getOpenFromLocations(forAccount:)", ["forAccount"],
        replacement: "getOpenFromLocations(forAccountId:)",
        objectiveC: "getOpenFromLocationsForAccount:", objectiveCReplacement: "getOpenFromLocationsForAccountId:"),
    API(swift: "setIdentity(_:forScope:)", ["forScope"], replacement: "setAccountId(_:forScope:)",
        objectiveC: nil, removedIn: 21),
    API(swift: "getScopedIdentity()", replacement: "getScopedAccountId()", objectiveC: nil, removedIn: 21),
    API(swift: "wipeData(forAccount:)", ["forAccount"], replacement: "wipeData(forAccountId:)",
        objectiveC: "wipeDataForAccount:", objectiveCReplacement: "wipeDataForAccountId:", delegate: true),
    API(swift: "identitySwitchRequired(_:…)", ["_"], replacement: "identitySwitchRequired(forAccountId:…)",
        objectiveC: "identitySwitchRequired:", objectiveCReplacement: "identitySwitchRequiredForAccountId:",
        delegate: true),
    API(swift: "addIdentity(_:completionHandler:)", ["_"], replacement: "addAccountId(_:completionHandler:)",
        objectiveC: "addIdentity:completionHandler:", objectiveCReplacement: "addAccountId:completionHandler:",
        delegate: true),
  ]

  /// The release from which the AccountId replacements exist.
  static let replacementsSince = 16

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    guard let code = view.sourceCode else { return }
    let version = view.sdkVersion?.version
    if let version, version.major < Self.replacementsSince { return }
    let swiftNames = Set(Self.apis.compactMap(\.swiftName))
    let objectiveCNames = Set(Self.apis.compactMap(\.objectiveCName))
    for file in code.files.files where file.mentions(prefix: "IntuneMAM") {
      let swift = file.language == .swift
      let names = swift ? swiftNames : objectiveCNames
      var found: [(token: Int, api: API)] = []
      for reference in file.references(to: names) {
        let name = file.spelling(reference.token)
        let api = Self.apis.first { api in
          guard !api.isDelegateMethod else { return false }
          if swift { return api.swiftName == name && api.swiftLabels.isSubset(of: reference.labels) }
          guard api.objectiveCName == name else { return false }
          // Dot syntax reaches only properties and methods without arguments.
          return reference.kind == .member ? api.objectiveCParts.count == 1 && !api.objectiveC!.api.hasSuffix(":")
            : api.objectiveCParts.isSubset(of: reference.labels)
        }
        guard let api, api.anyReceiver || file.receiver(of: reference, mentions: "IntuneMAM") else { continue }
        found.append((reference.token, api))
      }
      for declaration in file.declarations(of: names) {
        let name = file.spelling(declaration.token)
        let api = Self.apis.first { api in
          guard api.isDelegateMethod else { return false }
          return swift
            ? api.swiftName == name && Self.matchesDelegateLabels(api, declaration.labels)
            : api.objectiveCName == name && api.objectiveCParts.isSubset(of: declaration.labels)
        }
        if let api { found.append((declaration.token, api)) }
      }
      for (token, api) in found.sorted(by: { $0.token < $1.token }) {
        guard let spelled = swift ? api.swift : api.objectiveC else { continue }
        SourceCodeSearch.report(
          Self.message(api, spelled: spelled, version: version), at: token, in: file,
          keyPath: spelled.api, into: &findings)
      }
    }
  }

  /// Whether a Swift declaration's labels are those of the delegate method `api`: its first label, exactly
  /// (`identitySwitchRequired(_:…)`, not the AccountId `identitySwitchRequired(forAccountId:…)`).
  static func matchesDelegateLabels(_ api: API, _ labels: [String]) -> Bool {
    guard let first = labels.first else { return false }
    return api.swiftLabels.contains(first)
  }

  static func message(_ api: API, spelled: (api: String, replacement: String), version: ReleaseVersion?) -> String {
    let linked = version.map { " (this target links \($0))" } ?? ""
    if api.isDelegateMethod {
      return "'\(spelled.api)' is the UPN-based IntuneMAMPolicyDelegate method, which Intune App SDK "
        + "\(api.removedIn) no longer calls\(linked): implement '\(spelled.replacement)'"
    }
    return "'\(spelled.api)' names the account by UPN: use '\(spelled.replacement)' with its Entra object ID; "
      + "Intune App SDK \(api.removedIn) removed the UPN API\(linked)"
  }
}

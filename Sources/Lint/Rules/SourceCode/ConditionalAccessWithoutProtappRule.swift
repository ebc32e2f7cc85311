import SourceCode
import XcodeModel

/// SC006: an app under App Protection conditional access never gives MSAL the `protapp` client capability.
struct ConditionalAccessWithoutProtappRule: TargetRule {
  static let description = RuleDescription(
    identifier: "conditional-access-without-protapp",
    family: .sourceCode, number: 6,
    summary: "an app under App Protection conditional access never gives MSAL the 'protapp' client capability",
    whatItDoes: """
      For an app or extension target of an Xcode project under App Protection conditional access — \
      `conditional_access: true` in `.sharelint.yml`, or, by default, a source that handles MSAL's \
      `MSALErrorServerProtectionPoliciesRequired` (Swift `.serverProtectionPoliciesRequired`; a `case` that does \
      nothing, as in MSAL's error-handling documentation, does not count) — whose sources create an MSAL client \
      (`MSALPublicClientApplicationConfig` or `MSALPublicClientApplication`), reports when no source of the \
      target, of the project's frameworks it builds with or of the local Swift packages it links writes the \
      string `"protapp"` (any case: the guide's Swift sample writes `"ProtApp"`). The finding is placed on the \
      assignment to `clientApplicationCapabilities` when one lists other capabilities, else on the MSAL \
      configuration. A target whose capabilities are computed (`config.clientApplicationCapabilities = \
      capabilities`) is left alone, as is one without sources or without MSAL code of its own.
      """,
    whyItMatters: """
      Under App Protection CA, Microsoft Entra ID grants an access token only once Intune has confirmed that app \
      protection policy applies, and only to an app that says it can be remediated. The App Protection CA guide \
      (learn.microsoft.com "Intune App SDK for iOS - App Protection CA support (optional)", stage 6, section \
      "MSAL/ADAL"; memdocs `app-sdk-ios-phase6.md`, read 2026) asks for the client capability \
      (claims `{"access_token":{"xms_cc":{"values":["protapp"]}}}`), set as \
      `config.clientApplicationCapabilities = @[@"protapp"]`, and warns: "In the event that CA is activated and \
      this line isn't in place, the auth flow will fail". The property is MSAL's \
      `MSALPublicClientApplicationConfig.clientApplicationCapabilities` ("List of additional STS features that \
      client handles", `MSALPublicClientApplicationConfig.h`, MSAL 0.4.0 of 2019-04-26 to 2.14.0 of 2026-07-22); \
      the guide asks for MSAL 1.0 or later.
      """,
    useInstead: """
      Where the app builds its MSAL configuration: `config.clientApplicationCapabilities = ["protapp"]` (Swift) or \
      `config.clientApplicationCapabilities = @[@"protapp"];` (Objective-C), before creating the \
      `MSALPublicClientApplication`; keep other capabilities beside it (`["protapp", "cp1"]`).
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
            sources: ["App/SignIn.swift"]),
        ]),
        files: [
          "App/SignIn.swift": """
            import IntuneMAMSwift
            import MSAL

            func makeApplication() throws -> MSALPublicClientApplication {
              let config = ↓MSALPublicClientApplicationConfig(clientId: clientId, redirectUri: redirectUri, \
            authority: nil)
              return try MSALPublicClientApplication(configuration: config)
            }

            func signedInFailed(_ error: NSError) {
              if error.code == MSALError.serverProtectionPoliciesRequired.rawValue,
                let homeAccountId = error.userInfo[MSALHomeAccountIdKey] as? String {
                let objectId = String(homeAccountId.split(separator: ".")[0])
                IntuneMAMComplianceManager.instance().remediateCompliance(forAccountId: objectId, silent: false)
              }
            }
            """,
        ],
        markedFile: "App/SignIn.swift",
        messages: [
          "'App' is under App Protection conditional access ('App/SignIn.swift:10' handles "
            + "'serverProtectionPoliciesRequired') but no source gives MSAL the 'protapp' client capability that "
            + "the App Protection CA guide's 'MSAL/ADAL' step asks for ('clientApplicationCapabilities'): under CA "
            + "its token requests fail",
        ]),
      // The team says the app is under CA; the configuration asks only for continuous access evaluation.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK + [.init("MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/SignIn.m"]),
        ]),
        files: [
          "App/SignIn.m": """
            #import <MSAL/MSAL.h>

            MSALPublicClientApplication *MakeApplication(NSString *clientId, NSError **error) {
              MSALPublicClientApplicationConfig *config =
                  [[MSALPublicClientApplicationConfig alloc] initWithClientId:clientId];
              config.↓clientApplicationCapabilities = @[@"cp1"];
              return [[MSALPublicClientApplication alloc] initWithConfiguration:config error:error];
            }
            """,
        ],
        markedFile: "App/SignIn.m",
        messages: [
          "'clientApplicationCapabilities' is set to ['cp1'], without the 'protapp' client capability that the App "
            + "Protection CA guide's 'MSAL/ADAL' step asks for; 'App' is under App Protection conditional access "
            + "(the configuration says 'conditional_access: true'), so its token requests fail",
        ],
        configuration: "conditional_access: true\n"),
    ],
    nonTriggeringExamples: [
      // The guide's Objective-C configuration.
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDK + [.init("MSAL.framework", embedding: .embedAndSign)],
            sources: ["App/SignIn.m"]),
        ]),
        files: [
          "App/SignIn.m": """
            #import <MSAL/MSAL.h>

            MSALPublicClientApplication *MakeApplication(MSALAADAuthority *authority, NSError **error) {
              MSALPublicClientApplicationConfig *config = [[MSALPublicClientApplicationConfig alloc]
                  initWithClientId:IntuneMAMSettings.aadClientIdOverride
                       redirectUri:IntuneMAMSettings.aadRedirectUriOverride
                         authority:authority];
              config.clientApplicationCapabilities = @[@"protapp"];
              return [[MSALPublicClientApplication alloc] initWithConfiguration:config error:error];
            }
            """,
        ],
        configuration: "conditional_access: true\n"),
      // MSAL's error-handling documentation lists the error and does nothing with it: no sign of CA.
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("MSAL.framework", embedding: .embedAndSign)], sources: ["App/Tokens.swift"]),
        ]),
        files: [
          "App/Tokens.swift": """
            import MSAL

            func handle(_ error: NSError, config: MSALPublicClientApplicationConfig) {
              guard let code = MSALError(rawValue: error.code) else { return }
              switch code {
              case .interactionRequired:
                signInInteractively()
              case .serverProtectionPoliciesRequired:
                // Handle this error only if you integrated Intune SDK.
                break
              default:
                print("failed: \\(error)")
              }
            }
            """,
        ]),
      // Capabilities computed at run time: whether they hold 'protapp' is not in the code.
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: [.init("MSAL.framework", embedding: .embedAndSign)], sources: ["App/SignIn.swift"]),
        ]),
        files: [
          "App/SignIn.swift": """
            import MSAL

            func configure(_ config: MSALPublicClientApplicationConfig, settings: Settings) {
              config.clientApplicationCapabilities = settings.capabilities
            }
            """,
        ],
        configuration: "conditional_access: true\n"),
    ],
    guideSteps: [76]
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
    guard !sources.files.isEmpty,
      let evidence = ConditionalAccess.evidence(
        for: target, mentions: ConditionalAccess.errorMentions(in: sources.files)),
      let client = SourceCodeSearch.firstMention(of: ["MSALPublicClientApplicationConfig"], in: sources.files)
        ?? SourceCodeSearch.firstMention(of: ["MSALPublicClientApplication"], in: sources.files),
      !sources.files.contains(where: Self.writesProtapp)
    else { return }
    var assignments: [(file: SourceFile, token: Int, values: [String])] = []
    for file in sources.files {
      for token in file.identifiers(named: ["clientApplicationCapabilities", "setClientApplicationCapabilities"]) {
        switch Self.assignment(at: token, in: file) {
        case .literal(let values)?: assignments.append((file, token, values))
        case .computed?: return  // may hold 'protapp'
        case nil: continue
        }
      }
    }
    if let assignment = assignments.first {
      let values = assignment.values.map { "'\($0)'" }.joined(separator: ", ")
      SourceCodeSearch.report(
        "'clientApplicationCapabilities' is set to [\(values)], without the 'protapp' client capability that the "
          + "App Protection CA guide's 'MSAL/ADAL' step asks for; '\(view.targetName)' is under App Protection "
          + "conditional access (\(evidence.reason)), so its token requests fail",
        at: assignment.token, in: assignment.file, keyPath: "clientApplicationCapabilities", notes: sources.notes,
        into: &findings)
      return
    }
    SourceCodeSearch.report(
      "'\(view.targetName)' is under App Protection conditional access (\(evidence.reason)) but no source gives "
        + "MSAL the 'protapp' client capability that the App Protection CA guide's 'MSAL/ADAL' step asks for "
        + "('clientApplicationCapabilities'): under CA its token requests fail",
      at: client.token, in: client.file, keyPath: client.file.spelling(client.token), notes: sources.notes,
      into: &findings)
  }

  /// Whether `file` writes the string `"protapp"` (in any case), wherever it goes from there.
  static func writesProtapp(_ file: SourceFile) -> Bool {
    file.tokens.indices.contains { file.stringContent($0)?.lowercased() == "protapp" }
  }

  /// What an assignment gives the capabilities.
  enum CapabilityAssignment: Equatable {
    /// A literal list (`["cp1"]`, `@[@"cp1"]`; `nil` is the empty one).
    case literal([String])
    /// A value computed at run time, which may hold 'protapp'.
    case computed
  }

  /// The assignment of the capabilities at `index`, if the name there is assigned:
  /// `config.clientApplicationCapabilities = ["a"]`, `config.clientApplicationCapabilities = @[@"a"]`,
  /// `[config setClientApplicationCapabilities:@[@"a"]]`, `… = nil`, or any other value (computed).
  static func assignment(at index: Int, in file: SourceFile) -> CapabilityAssignment? {
    if file.isIdentifier(index, "setClientApplicationCapabilities") {
      guard file.isPunctuation(index + 1, ":") else { return nil }
    } else {
      guard file.isPunctuation(index + 1, "="), !file.isPunctuation(index + 2, "=") else { return nil }
    }
    var position = index + 2
    if file.isIdentifier(position, "nil") { return .literal([]) }
    if file.isPunctuation(position, "@") { position += 1 }
    guard file.isPunctuation(position, "["), let close = file.matchingClosing(ofOpening: position) else {
      return .computed
    }
    var values: [String] = []
    for element in (position + 1)..<close {
      if let value = file.stringContent(element) {
        values.append(value)
      } else if !file.isPunctuation(element, ",") && !file.isPunctuation(element, "@") {
        return .computed
      }
    }
    return .literal(values)
  }
}

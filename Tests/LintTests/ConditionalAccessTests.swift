import Foundation
import SourceCode
import Testing

@testable import Lint

/// App Protection conditional access: `conditional_access` in `.sharelint.yml` reaches the rules, and without it a
/// target counts as under CA when its code handles `MSALErrorServerProtectionPoliciesRequired` (and not when it only
/// lists the error in a `case` that does nothing, as MSAL's documentation does).
@Suite struct ConditionalAccessTests {
  static let frameworks: [ExampleProject.Framework] = ExampleProject.Framework.intuneSDK + [
    .init("MSAL.framework", embedding: .embedAndSign),
  ]

  /// An app whose sign-in handles the CA error (remediating it, delegate set) without the `protapp` capability.
  static let handlingApp = """
    import IntuneMAMSwift
    import MSAL

    func makeApplication() throws -> MSALPublicClientApplication {
      let config = MSALPublicClientApplicationConfig(clientId: "6c7e8096-f593-4d72-807f-a5f86dcc9c77")
      IntuneMAMComplianceManager.instance().delegate = ComplianceDelegate.shared
      return try MSALPublicClientApplication(configuration: config)
    }

    func failed(_ error: NSError, objectId: String) {
      if error.code == MSALError.serverProtectionPoliciesRequired.rawValue {
        IntuneMAMComplianceManager.instance().remediateCompliance(forAccountId: objectId, silent: false)
      }
    }
    """

  /// MSAL's documented error handling: the error listed, nothing done.
  static let documentedHandling = """
    import MSAL

    func failed(_ application: MSALPublicClientApplication, error: NSError) {
      guard let code = MSALError(rawValue: error.code) else { return }
      switch code {
      case .interactionRequired:
        print("again")
      case .serverProtectionPoliciesRequired:
        // Handle this error only if you integrated Intune SDK.
        break
      default:
        print("failed")
      }
    }
    """

  static func lint(source: String, configuration: String? = nil) async throws -> [LintDiagnostic] {
    let project = ExampleProject(targets: [.init("App", frameworks: frameworks, sources: ["App/SignIn.swift"])])
    var files = [
      "App.xcodeproj/project.pbxproj": project.render(),
      "App/Info.plist": RuleExample.document(for: RuleExample.intuneAppInfoPlist),
      "App/SignIn.swift": source,
    ]
    if let configuration { files[".sharelint.yml"] = configuration }
    let folder = try XcodeFolder(files)
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = ["SC006", "SC007"]
    return try await LintSession.run(options).diagnostics
  }

  static func file(_ text: String, language: SourceLanguage = .swift) -> SourceFile {
    SourceFile(name: language == .swift ? "A.swift" : "A.m", bytes: Array(text.utf8), language: language)
  }

  @Test func handlingTheErrorInCodeMakesTheAppCount() async throws {
    let findings = try await Self.lint(source: Self.handlingApp)
    #expect(findings.map(\.code) == ["SC006"])
    #expect(findings.first?.message.contains("App/SignIn.swift:11' handles 'serverProtectionPoliciesRequired')")
      == true, "\(findings.map(\.message))")
    #expect(findings.first.map { "\($0.file):\($0.start!.line)" }?.hasSuffix("App/SignIn.swift:5") == true)
  }

  /// A name of the error's spelling that is declared, not handled (MSAL's own internal Swift error enum, as the
  /// MSAL repository's test apps compile it; an Objective-C enumerator) is no sign of CA.
  @Test func aDeclarationOfTheNameIsNoSign() async throws {
    let declaring = """
      import MSAL

      enum NativeAuthInternalError: Error {
        case invalidInput
        case serverProtectionPoliciesRequired(homeAccountId: String?)
      }

      func signIn(_ application: MSALPublicClientApplication, _ parameters: MSALInteractiveTokenParameters) {
        application.acquireToken(with: parameters) { _, _ in }
      }
      """
    #expect(try await Self.lint(source: declaring).isEmpty)
  }

  @Test func conditionalAccessFalseTurnsTheRulesOff() async throws {
    #expect(try await Self.lint(source: Self.handlingApp, configuration: "conditional_access: false\n").isEmpty)
  }

  /// `intune: false` says no target uses Intune: nothing is decided from code, but `conditional_access: true` still
  /// counts.
  @Test func intuneFalseStopsTheDecisionFromCode() async throws {
    #expect(try await Self.lint(source: Self.handlingApp, configuration: "intune: false\n").isEmpty)
    let forced = try await Self.lint(
      source: Self.handlingApp, configuration: "intune: false\nconditional_access: true\n")
    #expect(forced.map(\.code) == ["SC006"])
  }

  @Test func theDocumentedCaseThatDoesNothingIsNoSign() async throws {
    #expect(try await Self.lint(source: Self.documentedHandling).isEmpty)
    let forced = try await Self.lint(source: Self.documentedHandling, configuration: "conditional_access: true\n")
    #expect(forced.map(\.code).sorted() == ["SC006", "SC007"])
    let sc007 = try #require(forced.first { $0.code == "SC007" })
    #expect(sc007.message.hasPrefix("'serverProtectionPoliciesRequired' is caught but its case does nothing"))
    #expect(sc007.start?.line == 8)
  }

  /// The configuration file is validated where it is found: a wrong type stops the run with the value's place.
  @Test func aWrongTypeInTheRepositoryConfigurationIsAnInputError() async throws {
    do {
      _ = try await Self.lint(source: Self.handlingApp, configuration: "conditional_access: [App]\n")
      Issue.record("the configuration was accepted")
    } catch {
      #expect("\(error)".contains(".sharelint.yml:1:21: 'conditional_access' must be true, false or auto"), "\(error)")
    }
  }

  @Test func looseFilesAndTargetsWithoutSourcesSayNothing() async throws {
    let folder = try XcodeFolder([
      ".sharelint.yml": "conditional_access: true\n",
      "App/Info.plist": RuleExample.document(for: RuleExample.intuneAppInfoPlist),
      "App/SignIn.swift": Self.handlingApp,
    ])
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = ["SC006", "SC007"]
    #expect(try await LintSession.run(options).diagnostics.isEmpty)
    let project = ExampleProject(targets: [.init("App", frameworks: Self.frameworks)])
    let noSources = try XcodeFolder([
      ".sharelint.yml": "conditional_access: true\n",
      "App.xcodeproj/project.pbxproj": project.render(),
      "App/Info.plist": RuleExample.document(for: RuleExample.intuneAppInfoPlist),
    ])
    options.paths = [noSources.path]
    #expect(try await LintSession.run(options).diagnostics.isEmpty)
  }

  @Test func emptyCasesAreTold() {
    func emptiness(_ text: String, _ language: SourceLanguage = .swift) -> [Bool] {
      let file = Self.file(text, language: language)
      return ConditionalAccess.errorMentions(in: [file]).map(\.isEmptyCase)
    }
    #expect(emptiness("switch c {\ncase .serverProtectionPoliciesRequired:\n  // later\n  break\ndefault: go()\n}")
      == [true])
    #expect(emptiness("switch c {\ncase .userCanceled, .serverProtectionPoliciesRequired:\n  break\n}") == [true])
    #expect(emptiness("switch c {\ncase .serverProtectionPoliciesRequired:\n  remediate()\n}") == [false])
    #expect(emptiness("if case .serverProtectionPoliciesRequired = code { remediate() }") == [false])
    #expect(emptiness("if code == MSALError.serverProtectionPoliciesRequired.rawValue { }") == [false])
    #expect(emptiness(
      "switch (e.code) {\n  case MSALErrorServerProtectionPoliciesRequired:\n  {\n    break;\n  }\n"
        + "  default: break;\n}",
      .objectiveC) == [true])
    #expect(emptiness(
      "switch (e.code) {\n  case MSALErrorServerProtectionPoliciesRequired:\n  case MSALErrorInternal:\n"
        + "    Fail(e);\n}",
      .objectiveC) == [true])
    #expect(emptiness(
      "switch (e.code) {\n  case MSALErrorServerProtectionPoliciesRequired: {\n    Remediate(e); break;\n  }\n}",
      .objectiveC) == [false])
  }

  /// MSAL's own sources map its internal error to the public one: that is no app handling it.
  @Test func msalsOwnMappingIsLeftOut() {
    let converter = Self.file(
      "NSDictionary *map = @{ @(MSIDErrorServerProtectionPoliciesRequired) : "
        + "@(MSALErrorServerProtectionPoliciesRequired) };", language: .objectiveC)
    #expect(ConditionalAccess.errorMentions(in: [converter]).isEmpty)
  }

  @Test func capabilityAssignmentsAreRead() {
    func assignment(_ text: String, _ language: SourceLanguage = .swift)
      -> ConditionalAccessWithoutProtappRule.CapabilityAssignment?
    {
      let file = Self.file(text, language: language)
      let token = file.identifiers(named: ["clientApplicationCapabilities", "setClientApplicationCapabilities"])[0]
      return ConditionalAccessWithoutProtappRule.assignment(at: token, in: file)
    }
    #expect(assignment("config.clientApplicationCapabilities = [\"cp1\", \"x\"]") == .literal(["cp1", "x"]))
    #expect(assignment("config.clientApplicationCapabilities = @[@\"cp1\"];", .objectiveC) == .literal(["cp1"]))
    #expect(assignment("[config setClientApplicationCapabilities:@[@\"cp1\"]];", .objectiveC) == .literal(["cp1"]))
    #expect(assignment("config.clientApplicationCapabilities = nil") == .literal([]))
    #expect(assignment("config.clientApplicationCapabilities = settings.capabilities") == .computed)
    #expect(assignment("config.clientApplicationCapabilities = [base, \"cp1\"]") == .computed)
    #expect(assignment("if config.clientApplicationCapabilities == nil {}") == nil)
    #expect(ConditionalAccessWithoutProtappRule.writesProtapp(Self.file("let c = [\"ProtApp\"]")))
    #expect(!ConditionalAccessWithoutProtappRule.writesProtapp(Self.file("let protapp = [\"cp1\"] // \"protapp\"")))
  }
}

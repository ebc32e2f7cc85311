import Foundation
import SharelintBase
import SourceCode
import Testing

@Suite struct SourceReferenceTests {
  static func references(_ text: String, _ language: SourceLanguage, _ names: Set<String>) -> [SourceReference] {
    SourceFile(name: "x", bytes: Array(text.utf8), language: language).references(to: names)
  }

  @Test func swiftMemberCallsWithTheirLabels() {
    let text = """
      IntuneMAMEnrollmentManager.instance().deRegisterAndUnenrollAccount(upn, withWipe: true)
      manager.setUIPolicyIdentity(id, forWindow: window) { result in print(result) }
      let a = policyManager.primaryUser
      let b = manager.enrolledAccount()
      func enrolledAccount() -> String { "" }
      """
    let found = Self.references(
      text, .swift, ["deRegisterAndUnenrollAccount", "setUIPolicyIdentity", "primaryUser", "enrolledAccount"])
    #expect(found.map(\.labels) == [["_", "withWipe"], ["_", "forWindow"], [], []])
    #expect(found.allSatisfy { $0.kind == .member })
  }

  @Test func swiftLabelsSkipNestedArguments() {
    let text = "x.policy(forIdentity: f(a, b: c), other: [d: e])"
    #expect(Self.references(text, .swift, ["policy"]).map(\.labels) == [["forIdentity", "other"]])
  }

  @Test func objectiveCMessageSendsWithTheirSelectors() {
    let text = """
      - (void)registerAndEnrollAccount:(NSString *)upn {
        [[IntuneMAMEnrollmentManager instance] registerAndEnrollAccount:upn];
        NSString *s = [IntuneMAMEnrollmentManager.instance enrolledAccount];
        NSString *t = IntuneMAMEnrollmentManager.instance.enrolledAccount;
        [manager setUIPolicyIdentity:upn forWindow:[self window] completionHandler:^(int r) { [self done:r]; }];
        id p = [manager policyForIdentity:(flag ? a : b)];
      }
      """
    let found = Self.references(
      text, .objectiveC, ["registerAndEnrollAccount", "enrolledAccount", "setUIPolicyIdentity", "policyForIdentity"])
    #expect(found.map(\.labels) == [
      ["registerAndEnrollAccount"], ["enrolledAccount"], [], ["setUIPolicyIdentity", "forWindow", "completionHandler"],
      ["policyForIdentity"],
    ])
    #expect(found.map(\.kind) == [.messageSend, .messageSend, .member, .messageSend, .messageSend])
  }

  @Test func declarationsAndBareNamesAreNoReferences() {
    let objc = """
      - (NSString *)enrolledAccount;
      + (void)enrolledAccount:(int)x;
      NSString *enrolledAccount = nil;
      @selector(enrolledAccount)
      """
    #expect(Self.references(objc, .objectiveC, ["enrolledAccount"]).isEmpty)
    #expect(Self.references("let enrolledAccount = 1; enrolledAccount()", .swift, ["enrolledAccount"]).isEmpty)
  }
}

@Suite struct IdentifierWordTests {
  static func file(_ text: String) -> SourceFile { SourceFile(name: "x", bytes: Array(text.utf8), language: .swift) }

  @Test func wordsFollowCamelCaseUnderscoresAndAcronyms() {
    let file = Self.file("didTapLogOut URLSession LOG_OUT kSignOutKey logout2x")
    #expect(file.words(ofIdentifier: 0) == ["did", "tap", "log", "out"])
    #expect(file.words(ofIdentifier: 1) == ["url", "session"])
    #expect(file.words(ofIdentifier: 2) == ["log", "out"])
    #expect(file.words(ofIdentifier: 3) == ["k", "sign", "out", "key"])
    #expect(file.words(ofIdentifier: 4) == ["logout", "x"])
  }

  @Test func phrasesMatchWholeWords() {
    let phrases = [["log", "out"], ["logout"], ["sign", "out"]]
    #expect(Self.file("let logOutput = 1; let signOutline = 2").firstIdentifier(withWords: phrases) == nil)
    #expect(Self.file("func handleLogout()").firstIdentifier(withWords: phrases)?.phrase == ["logout"])
    #expect(Self.file("// signOut\nsignOutButton.tap()").firstIdentifier(withWords: phrases)?.token == 0)
  }
}

@Suite struct SourceDeclarationTests {
  @Test func swiftAndObjectiveCDeclarations() {
    let swift = SourceFile(name: "x", bytes: Array("""
      func wipeData(forAccount upn: String) -> Bool { true }
      func identitySwitchRequired(_ identity: String, reason: Int, completionHandler: @escaping (Int) -> Void) {}
      delegate.wipeData(forAccount: "x")
      """.utf8), language: .swift)
    #expect(swift.declarations(of: ["wipeData", "identitySwitchRequired"]).map(\.labels)
      == [["forAccount"], ["_", "reason", "completionHandler"]])
    let objc = SourceFile(name: "x", bytes: Array("""
      - (BOOL)wipeDataForAccount:(NSString *)upn { return YES; }
      - (void)addIdentity:(NSString *)identity completionHandler:(void (^)(int))handler {}
      [delegate wipeDataForAccount:@"x"];
      """.utf8), language: .objectiveC)
    #expect(objc.declarations(of: ["wipeDataForAccount", "addIdentity"]).map(\.labels)
      == [["wipeDataForAccount"], ["addIdentity", "completionHandler"]])
  }
}

@Suite struct SourceReceiverTests {
  static func receivers(_ text: String, _ language: SourceLanguage, _ name: String) -> [String] {
    let file = SourceFile(name: "x", bytes: Array(text.utf8), language: language)
    return file.references(to: [name]).map { reference in
      file.receiver(of: reference).map(file.spelling).joined()
    }
  }

  @Test func swiftPostfixChains() {
    #expect(Self.receivers("let a = IntuneMAMPolicyManager.instance().primaryUser", .swift, "primaryUser")
      == ["IntuneMAMPolicyManager.instance()"])
    #expect(Self.receivers("x = session?.users[0].primaryUser", .swift, "primaryUser") == ["session?.users[0]"])
    #expect(
      Self.receivers("f(a, IntuneMAMEnrollmentManager.instance()!.enrolledAccount())", .swift, "enrolledAccount")
        == ["IntuneMAMEnrollmentManager.instance()!"])
  }

  @Test func objectiveCReceivers() {
    let text = """
      id p = [[IntuneMAMPolicyManager instance] policyForIdentity:u];
      x = IntuneMAMEnrollmentManager.instance.enrolledAccount;
      """
    // Tokens joined without their spaces.
    #expect(Self.receivers(text, .objectiveC, "policyForIdentity") == ["[IntuneMAMPolicyManagerinstance]"])
    #expect(Self.receivers(text, .objectiveC, "enrolledAccount") == ["IntuneMAMEnrollmentManager.instance"])
  }
}

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

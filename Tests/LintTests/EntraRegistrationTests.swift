import Foundation
import Testing

@testable import Lint

/// The placeholders templates leave in Entra values, found in the text's bytes.
@Suite struct EntraRegistrationTests {
  @Test(arguments: [
    ("REPLACE_WITH_CLIENT_ID", "REPLACE"), ("Insert_Entra_Client_ID", "Insert"), ("msauth.YOUR_BUNDLE_ID", "YOUR_"),
    ("[CLIENT_ID]", "CLIENT_ID"), ("<client id>", "client id"), ("{clientId}", "clientId"),
    ("00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000000"),
    ("6d3e1e2a-1b2c-4d5e-8f90-a1b2c3d4e5f6", nil), ("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)", nil),
    ("msauth.com.contoso.notes", nil), ("", nil), ("é<à>", "<à>"), ("x$(REPLACE_ME)y", nil),
  ] as [(String, String?)])
  func placeholdersAreFoundAsWrittenAndSettingsAreSkipped(_ text: String, _ expected: String?) {
    #expect(EntraRegistration.placeholder(in: text) == expected)
  }

  /// A client id with spaces or tabs around it is trimmed as Foundation's `.whitespaces` would trim it (not its line
  /// feeds), without bridging to `NSString`.
  @Test(arguments: [
    " 6d3e1e2a-1b2c-4d5e-8f90-a1b2c3d4e5f6\t", "\u{00A0}\u{2003}x y\u{3000}", "", " \t ", "\nid\n", "é ", " \u{301}a",
  ])
  func aClientIdIsTrimmedOfSpacesAndTabsAsFoundationWould(_ text: String) {
    #expect(ClientIdNotGUIDRule.trimmingSpaces(text) == text.trimmingCharacters(in: .whitespaces))
  }
}

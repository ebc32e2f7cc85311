import ActivationRules
@testable import Lint
import PropertyList
import Testing

/// AR015 and AR016 together: a misplaced rule is one finding with its move, binary plists are fixed by value, and
/// the fixes run to a plist that reads as meant.
@Suite struct ExtensionKeyPlacementTests {
  static let rules = TargetFixture.rules("AR005", "AR013", "AR015", "AR016")

  /// A share extension whose `NSExtension` holds `entries` (lines of a dictionary body).
  static func body(_ entries: String) -> String {
    """
    <key>CFBundleIdentifier</key>
    <string>com.contoso.notes.share</string>
    <key>NSExtension</key>
    <dict>
    \(entries)
    \t<key>NSExtensionPointIdentifier</key>
    \t<string>com.apple.share-services</string>
    </dict>
    """
  }

  @Test func aRuleDirectlyUnderNSExtensionIsOneFindingWithItsMove() throws {
    let target = try TargetFixture.target(Self.body("""
      \t<key>NSExtensionActivationRule</key>
      \t<dict>
      \t\t<key>NSExtensionActivationDictionaryVersion</key>
      \t\t<integer>2</integer>
      \t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
      \t\t<integer>1</integer>
      \t</dict>
      """))
    let diagnostics = TargetFixture.lint(target, Self.rules)
    #expect(diagnostics.map(\.code) == ["AR015"], "not AR016 as well: \(diagnostics.map(\.message))")
    #expect(diagnostics.first?.fix?.applicability == .safe)
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, Self.rules)
    #expect(fixed.infoPlist.value(at: ActivationRuleSite.path)?.entries?.count == 2)
    #expect(TargetFixture.lint(fixed, Self.rules).isEmpty)
  }

  @Test func aBinaryPlistIsFixedByValueAndStaysBinary() throws {
    let target = try TargetFixture.target(
      Self.body("""
        \t<key>NSExtensionAttributes</key>
        \t<dict>
        \t\t<key>NSExtensionActivationDictionaryVersion</key>
        \t\t<integer>2</integer>
        \t\t<key>NSExtensionActivationRule</key>
        \t\t<dict>
        \t\t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t\t\t<integer>1</integer>
        \t\t</dict>
        \t</dict>
        """), binary: true)
    #expect(TargetFixture.lint(target, Self.rules).map(\.code).sorted() == ["AR013", "AR015"])
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, Self.rules)
    #expect(fixed.infoPlist.format == .binary)
    #expect(fixed.infoPlist.value(at: ActivationRuleSite.path)?["NSExtensionActivationDictionaryVersion"]?.integer == 2)
    #expect(fixed.infoPlist.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationDictionaryVersion"])
      == nil)
    #expect(TargetFixture.lint(fixed, Self.rules).isEmpty, "version 2 in place: AR013 has nothing left to say")
  }

  @Test func aBinaryPlistGetsTheMissingAttributesDictionary() throws {
    let target = try TargetFixture.target(
      Self.body("""
        \t<key>NSExtensionActionWantsFullScreenPresentation</key>
        \t<true/>
        \t<key>NSExtensionActivationRule</key>
        \t<string>SUBQUERY (extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \
        "public.image").@count == 1</string>
        """), binary: true)
    #expect(TargetFixture.lint(target, Self.rules).map(\.code) == ["AR015", "AR015"])
    let (fixed, _) = try TargetFixture.fixedToCompletion(target, Self.rules)
    #expect(fixed.infoPlist.format == .binary)
    let attributes = try #require(fixed.infoPlist.value(at: ["NSExtension", "NSExtensionAttributes"]))
    #expect(attributes.entries?.map(\.key.text) == [
      "NSExtensionActionWantsFullScreenPresentation", "NSExtensionActivationRule",
    ])
    #expect(TargetFixture.lint(fixed, Self.rules).isEmpty)
  }

  @Test func keysOfNSExtensionInsideTheRuleAreMovedNotCalledUnknown() throws {
    let target = try TargetFixture.target(Self.body("""
      \t<key>NSExtensionAttributes</key>
      \t<dict>
      \t\t<key>NSExtensionActivationRule</key>
      \t\t<dict>
      \t\t\t<key>NSExtensionActivationDictionaryVersion</key>
      \t\t\t<integer>2</integer>
      \t\t\t<key>NSExtensionActivationSupportsTextWithMaxCount</key>
      \t\t\t<integer>1</integer>
      \t\t\t<key>NSExtensionMainStoryboard</key>
      \t\t\t<string>MainInterface</string>
      \t\t</dict>
      \t</dict>
      """))
    let diagnostics = TargetFixture.lint(target, Self.rules)
    #expect(diagnostics.map(\.code).sorted() == ["AR005", "AR015"], "\(diagnostics.map(\.message))")
    let moved = try #require(diagnostics.first { $0.code == "AR015" })
    #expect(moved.message.contains("'NSExtensionMainStoryboard'") && moved.message.hasSuffix("'NSExtension'"))
  }

  @Test func aShareExtensionWithoutAnyRuleIsAnError() throws {
    let target = try TargetFixture.target(Self.body("""
      \t<key>NSExtensionMainStoryboard</key>
      \t<string>MainInterface</string>
      """))
    let diagnostics = TargetFixture.lint(target, Self.rules)
    #expect(diagnostics.map(\.code) == ["AR016"])
    #expect(diagnostics.first?.severity == .error)
  }

  @Test func aRuleMoveIntoAPredicateRuleIsNotOffered() throws {
    let target = try TargetFixture.target(Self.body("""
      \t<key>NSExtensionActivationDictionaryVersion</key>
      \t<integer>2</integer>
      \t<key>NSExtensionAttributes</key>
      \t<dict>
      \t\t<key>NSExtensionActivationRule</key>
      \t\t<string>TRUEPREDICATE</string>
      \t</dict>
      """))
    let diagnostics = TargetFixture.lint(target, Self.rules)
    #expect(diagnostics.map(\.code) == ["AR015"])
    #expect(diagnostics.first?.fix == nil)
    #expect(diagnostics.first?.message.hasSuffix("and this rule is a predicate") == true)
  }
}

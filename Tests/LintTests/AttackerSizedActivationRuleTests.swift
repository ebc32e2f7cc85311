import Foundation
@testable import Lint
import PredicateSyntax
import PropertyList
import Testing

/// The AR rules on share extensions whose activation rule is shaped to exhaust the stack or the clock
/// (issue 26): every rule runs to the end, a rule past the parser's bounds is a located syntax error,
/// and fixing changes only what the findings say.
@Suite struct AttackerSizedActivationRuleTests {
  /// A share extension whose rule is `rule`, written with the XML entities it needs.
  static func target(rule: String) throws -> LintTarget {
    let escaped = rule.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
    return try TargetFixture.target(
      """
      <key>CFBundleIdentifier</key>
      <string>com.contoso.notes.share</string>
      <key>NSExtension</key>
      <dict>
      \t<key>NSExtensionAttributes</key>
      \t<dict>
      \t\t<key>NSExtensionActivationRule</key>
      \t\t<string>\(escaped)</string>
      \t</dict>
      \t<key>NSExtensionPointIdentifier</key>
      \t<string>com.apple.share-services</string>
      </dict>
      """)
  }

  /// The AR rules' findings on a share extension whose rule is `rule`.
  static func findings(rule: String) throws -> [LintDiagnostic] {
    TargetFixture.lint(try target(rule: rule), TargetFixture.rules(.activationRules))
  }

  static let image = #"ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image""#

  @Test func aRuleNestingTooDeepIsOneLocatedSyntaxError() throws {
    for rule in [
      "a" + String(repeating: "[0]", count: 5_000) + " == 1",
      "a == 1" + String(repeating: " + 1", count: 5_000),
      String(repeating: "(", count: 5_000) + Self.image + String(repeating: ")", count: 5_000),
    ] {
      let target = try Self.target(rule: rule)
      let found = TargetFixture.lint(target, TargetFixture.rules(.activationRules))
      #expect(found.map(\.code) == ["AR001"], "\(found.map(\.message))")
      #expect(found.first?.message.contains("nests deeper than \(PredicateParser.maximumNesting) levels") == true)
      let element = try #require(target.infoPlist.value(at: ActivationRuleSite.path)?.elementRange)
      let range = try #require(found.first?.range)
      #expect(range.start > element.start + 8 && range.end < element.end, "\(range) outside \(element)")
    }
  }

  @Test func theDeepestRulesAreLintedAndFixed() throws {
    let bound = PredicateParser.maximumNesting
    let rules = [
      String(repeating: "SUBQUERY(extensionItems, $e, ", count: bound / 4) + Self.image
        + String(repeating: ").@count > 0", count: bound / 4),
      (0..<bound / 4).map { $0 % 2 == 0 ? "(\(Self.image) AND " : "(\(Self.image) OR " }.joined() + Self.image
        + String(repeating: ")", count: bound / 4),
      "extensionItems" + String(repeating: "[0]", count: bound - 3) + #" UTI-CONFORMS-TO "public.image""#,
    ]
    for rule in rules {
      #expect(PredicateParser.parse(rule).isValid)
      let target = try Self.target(rule: rule)
      let found = TargetFixture.lint(target, TargetFixture.rules(.activationRules))
      #expect(!found.contains { $0.code == "AR001" })
      // The fixes apply in one pass and leave a plist whose rule still parses (AR018's fix deletes a repeated
      // test, so the text may shrink).
      let fixed = TargetFixture.applyFixes(found, to: target.infoPlist)
      let reread = try PropertyListDocument(bytes: fixed.bytes, name: "Info.plist")
      let written = reread.root["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"]?.string
      #expect(written.map { PredicateParser.parse($0).isValid } == true)
    }
  }

  @Test func pastTheCapOneFixMendsEveryOccurrenceInOnePass() throws {
    let count = Findings.maximumPredicateFindings + 50
    let ambiguous = (0..<count).map { "a == \($0) AND b == 1" }.joined(separator: " OR ")
    let arrays = (0..<count).map { "$attachment.registeredTypeIdentifiers UTI-CONFORMS-TO 't\($0)'" }
      .joined(separator: " OR ")
    let subquery = "SUBQUERY(extensionItems.attachments, $attachment, \(arrays)).@count > 0"
    for (rule, code) in [(ambiguous, "AR007"), (subquery, "AR010")] {
      let target = try Self.target(rule: rule)
      let found = TargetFixture.lint(target, TargetFixture.rules(.activationRules)).filter { $0.code == code }
      #expect(found.count == Findings.maximumPredicateFindings + 1, "\(code)")
      #expect(found.first?.fix != nil && found.dropFirst().allSatisfy { $0.fix == nil }, "\(code)")
      let fixed = TargetFixture.applyFixes(found, to: target.infoPlist)
      let again = TargetFixture.lint(
        LintTarget(infoPlist: try PropertyListDocument(bytes: fixed.bytes, name: "Info.plist")),
        TargetFixture.rules(.activationRules))
      #expect(!again.contains { $0.code == code }, "\(code)")
    }
  }

  @Test func aRuleNamingThousandsOfTypesIsLintedOnce() throws {
    // Each type the rule names is one more share-sheet input for AR012 to try, twice: one budget
    // bounds them all.
    let count = 300
    let rule = "ANY extensionItems.registeredTypeIdentifiers IN {"
      + (0..<count).map { "'com.contoso.type\($0)'" }.joined(separator: ", ") + "}"
    let found = try Self.findings(rule: rule)
    let unknownTypes = found.filter { $0.code == "AR011" }
    let limit = Findings.maximumPredicateFindings
    #expect(unknownTypes.count == limit + 1)
    #expect(unknownTypes.prefix(limit).allSatisfy { $0.message.hasPrefix("'com.contoso.type") })
    #expect(unknownTypes.last?.message
      == "more than \(limit) findings of this rule in the activation rule; the rest are not reported")
    #expect(found.filter { $0.code == "AR001" }.isEmpty)
  }
}

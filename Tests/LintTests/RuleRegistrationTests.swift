import Foundation
import Lint
import Testing

/// Registration cannot be forgotten: every type under `Sources/Lint/Rules/` that conforms to `LintRule` (or
/// `TargetRule`, which refines it) is in its family's list, and each list holds only rules of its family.
@Suite struct RuleRegistrationTests {
  /// `Sources/Lint/Rules/`, found from this file's path.
  static let rulesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/Lint/Rules")

  /// The names of the types declared as `LintRule`s or `TargetRule`s in `text` (`struct X: LintRule`,
  /// `extension X: TargetRule`, also with other conformances around it).
  static func ruleTypeNames(in text: String) -> [String] {
    let pattern = #"(?m)^\s*(?:(?:public|package|internal|fileprivate|private|final)\s+)*"#
      + #"(?:struct|class|enum|extension)\s+([A-Za-z_][A-Za-z0-9_]*)\s*:[^{]*\b(?:LintRule|TargetRule)\b"#
    let regex = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test func theScanFindsConformances() {
    let text = """
      struct A: LintRule {
      public struct B: Sendable, LintRule {
      extension C: LintRule {}
      struct D: LintRuleish {
      struct E: Sendable {
      struct F: TargetRule {
      """
    #expect(Self.ruleTypeNames(in: text) == ["A", "B", "C", "F"])
  }

  @Test func everyRuleTypeIsRegistered() throws {
    let enumerator = try #require(FileManager.default.enumerator(atPath: Self.rulesFolder.path))
    var declared: [String: String] = [:]   // type name → file
    for case let path as String in enumerator where path.hasSuffix(".swift") {
      let text = try String(contentsOf: Self.rulesFolder.appendingPathComponent(path), encoding: .utf8)
      for name in Self.ruleTypeNames(in: text) { declared[name] = path }
    }
    #expect(declared.count >= RuleRegistry.rules.count / 2, "the scan of \(Self.rulesFolder.path) found too little")
    let registered = Set(RuleRegistry.rules.map { String(describing: $0) })
    for (name, file) in declared.sorted(by: { $0.key < $1.key }) where !registered.contains(name) {
      Issue.record("\(name) (Sources/Lint/Rules/\(file)) conforms to LintRule but is in no family's list")
    }
    for name in registered.sorted() where declared[name] == nil {
      Issue.record("\(name) is registered but its declaration was not found under Sources/Lint/Rules/")
    }
  }

  @Test func eachFamilyListsOnlyItsOwnRulesOnce() {
    for family in RuleFamily.allCases {
      let names = family.rules.map { String(describing: $0) }
      #expect(Set(names).count == names.count, "\(family) lists a rule twice")
      for rule in family.rules {
        #expect(rule.description.family == family,
                "\(rule.description.code) is listed in \(family) but declares \(rule.description.family)")
      }
    }
    #expect(RuleRegistry.rules.count == RuleFamily.allCases.map(\.rules.count).reduce(0, +))
  }

  @Test func familiesFilterTheRegistry() {
    let entitlements = RuleRegistry.rules(of: [.entitlements])
    #expect(!entitlements.isEmpty)
    #expect(entitlements.allSatisfy { $0.description.code.hasPrefix("EN") })
  }
}

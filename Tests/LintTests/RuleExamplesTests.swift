import Foundation
import Lint
import SharelintBase
import Testing

/// Every registered rule's examples are its tests (`ExampleCheck`): triggering examples report exactly at
/// their `↓` markers with the messages they state and, fixed, equal their corrected text (which then triggers
/// nothing); non-triggering examples report nothing.
@Suite struct RuleExamplesTests {
  static let rules = RuleRegistry.rules.map { RuleCase(rule: $0) }

  struct RuleCase: CustomTestStringConvertible, Sendable {
    let rule: any LintRule.Type
    var testDescription: String { "\(rule.description.code) \(rule.description.identifier)" }
  }

  static func location(of example: RuleExample) -> SourceLocation {
    SourceLocation(
      fileID: "Lint/\(example.sourceFile)", filePath: "\(example.sourceFile)", line: Int(example.sourceLine),
      column: 1)
  }

  @Test(arguments: rules)
  func triggeringExamples(_ ruleCase: RuleCase) throws {
    let description = ruleCase.rule.description
    #expect(!description.triggeringExamples.isEmpty, "\(description.code) has no triggering example")
    for example in description.triggeringExamples {
      for problem in ExampleCheck.problems(ofTriggering: example, of: ruleCase.rule) {
        Issue.record("\(description.code): \(problem)", sourceLocation: Self.location(of: example))
      }
    }
  }

  @Test(arguments: rules)
  func nonTriggeringExamples(_ ruleCase: RuleCase) throws {
    let description = ruleCase.rule.description
    #expect(!description.nonTriggeringExamples.isEmpty, "\(description.code) has no non-triggering example")
    for example in description.nonTriggeringExamples {
      for problem in ExampleCheck.problems(ofNonTriggering: example, of: ruleCase.rule) {
        Issue.record("\(description.code): \(problem)", sourceLocation: Self.location(of: example))
      }
    }
  }

  /// Each applicability a rule declares is shown by one of its examples' fixes, so none is declared in vain.
  @Test(arguments: rules)
  func declaredApplicabilitiesAreExemplified(_ ruleCase: RuleCase) {
    let description = ruleCase.rule.description
    let shown = Set(description.triggeringExamples.flatMap { example in
      ExampleRun.run(ruleCase.rule, on: example).diagnostics.compactMap { $0.fix?.applicability }
    })
    #expect(shown == Set(description.fixApplicabilities),
            "\(description.code) declares \(description.fixApplicabilities), its examples' fixes are \(shown)")
  }

  @Test func messagesOfCapitalizedWordsAreFlagged() {
    let example = RuleExample("<key>CFBundleIdentifier</key>\n<string>com.contoso.notes</string>")
    #expect(ExampleCheck.problems(ofNonTriggering: example, of: RuleRegistry.rules[0]).isEmpty)
    let marked = RuleExample("↓<key>CFBundleIdentifier</key>\n<string>com.contoso.notes</string>")
    #expect(!ExampleCheck.problems(ofNonTriggering: marked, of: RuleRegistry.rules[0]).isEmpty)
  }

  @Test func codesAndIdentifiersAreUniqueAndWellFormed() {
    let descriptions = RuleRegistry.rules.map { $0.description }
    #expect(Set(descriptions.map(\.code)).count == descriptions.count)
    #expect(Set(descriptions.map(\.identifier)).count == descriptions.count)
    for description in descriptions {
      #expect(description.code.range(of: #"^[A-Z]{2}[0-9]{3}$"#, options: .regularExpression) != nil, "\(description.code)")
      #expect(description.code.hasPrefix(description.family.codePrefix))
      #expect(description.identifier.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) != nil,
              "\(description.identifier)")
      #expect(!description.summary.hasSuffix("."), "\(description.code) summary ends with a period")
    }
    #expect(Set(RuleFamily.allCases.map(\.codePrefix)).count == RuleFamily.allCases.count)
  }
}

import Foundation
import Lint
import Testing

/// Every registered rule's examples are its tests: triggering examples report exactly at their
/// `↓` markers and, fixed, equal their corrected text (which then triggers nothing);
/// non-triggering examples report nothing.
@Suite struct RuleExamplesTests {
  static let rules = RuleRegistry.rules.map { RuleCase(rule: $0) }

  struct RuleCase: CustomTestStringConvertible, Sendable {
    let rule: any LintRule.Type
    var testDescription: String { "\(rule.description.code) \(rule.description.identifier)" }
  }

  @Test(arguments: rules)
  func triggeringExamples(_ ruleCase: RuleCase) throws {
    let description = ruleCase.rule.description
    #expect(!description.triggeringExamples.isEmpty, "\(description.code) has no triggering example")
    for example in description.triggeringExamples {
      let location = SourceLocation(
        fileID: "Lint/\(example.sourceFile)", filePath: "\(example.sourceFile)", line: Int(example.sourceLine), column: 1)
      let run = ExampleRun.run(ruleCase.rule, on: example)
      #expect(!run.expectedOffsets.isEmpty, "a triggering example needs a ↓ marker", sourceLocation: location)
      let found = run.diagnostics.map { $0.range?.start ?? -1 }.sorted()
      #expect(found == run.expectedOffsets.sorted(),
              "\(description.code): findings at \(found), markers at \(run.expectedOffsets): \(run.diagnostics.map(\.message))",
              sourceLocation: location)
      for diagnostic in run.diagnostics {
        #expect(diagnostic.code == description.code && !diagnostic.message.isEmpty, sourceLocation: location)
        #expect(!Self.startsCapitalized(diagnostic.message), "messages start lowercase: \(diagnostic.message)",
                sourceLocation: location)
        #expect(!diagnostic.message.hasSuffix("."), "messages have no trailing period", sourceLocation: location)
      }
      if let corrected = example.corrected {
        #expect(description.fixApplicability != nil, "a corrected example needs a rule with a fix", sourceLocation: location)
        let expected = RuleExample.document(for: corrected)
        #expect(run.fixedText == expected, "\(description.code): fixed text differs:\n\(run.fixedText ?? "nil")",
                sourceLocation: location)
        let again = ExampleRun.run(
          ruleCase.rule, on: RuleExample(
            example.file == .infoPlist ? corrected : example.infoPlist,
            entitlements: example.file == .entitlements ? corrected : example.entitlements,
            configuration: example.configuration, file: example.file))
        #expect(again.diagnostics.isEmpty, "\(description.code): the corrected example still triggers: \(again.diagnostics.map(\.message))",
                sourceLocation: location)
      }
    }
  }

  @Test(arguments: rules)
  func nonTriggeringExamples(_ ruleCase: RuleCase) throws {
    let description = ruleCase.rule.description
    #expect(!description.nonTriggeringExamples.isEmpty, "\(description.code) has no non-triggering example")
    for example in description.nonTriggeringExamples {
      let location = SourceLocation(
        fileID: "Lint/\(example.sourceFile)", filePath: "\(example.sourceFile)", line: Int(example.sourceLine), column: 1)
      let run = ExampleRun.run(ruleCase.rule, on: example)
      #expect(run.diagnostics.isEmpty, "\(description.code): \(run.diagnostics.map(\.message))", sourceLocation: location)
    }
  }

  /// "Key is missing" is capitalized English; "IntuneMAMSettings has…" starts with a plist key.
  static func startsCapitalized(_ message: String) -> Bool {
    let firstWord = message.prefix { $0.isLetter }
    guard let first = firstWord.first, first.isUppercase, firstWord.count > 1 else { return false }
    return firstWord.dropFirst().allSatisfy(\.isLowercase)
  }

  @Test func codesAndIdentifiersAreUniqueAndWellFormed() {
    let descriptions = RuleRegistry.rules.map { $0.description }
    #expect(Set(descriptions.map(\.code)).count == descriptions.count)
    #expect(Set(descriptions.map(\.identifier)).count == descriptions.count)
    for description in descriptions {
      #expect(description.code.range(of: #"^[A-Z]{2}[0-9]{3}$"#, options: .regularExpression) != nil, "\(description.code)")
      #expect(description.identifier.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) != nil,
              "\(description.identifier)")
      #expect(!description.summary.hasSuffix("."), "\(description.code) summary ends with a period")
    }
  }
}

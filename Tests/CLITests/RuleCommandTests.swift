import Foundation
import Testing

@Suite struct RuleCommandTests {
  @Test func parsePrintsJSONWithAKindAndARangeOnEveryNode() throws {
    let rule = #"SUBQUERY(extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1"#
    let result = try Sharelint.run(["rule", "parse", "--json", rule])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    var nodes = 0
    func visit(_ value: Any, isNode: Bool) {
      if let object = value as? [String: Any] {
        if isNode {
          nodes += 1
          #expect(object["kind"] is String, "node without kind: \(object)")
          let range = object["range"] as? [String: Int]
          #expect(range?["start"] != nil && range?["end"] != nil, "node without range: \(object)")
        }
        for (key, child) in object where !key.hasSuffix("ange") { visit(child, isNode: key != "components") }
      } else if let array = value as? [Any] {
        for element in array { visit(element, isNode: isNode) }
      }
    }
    visit(json, isNode: true)
    #expect(nodes >= 8)
    let root = try #require(json as? [String: Any])
    #expect(root["kind"] as? String == "comparison")
    #expect((root["range"] as? [String: Int])?["end"] == rule.utf8.count)
  }

  @Test func syntaxErrorExitsOneWithACaretOnStandardError() throws {
    let result = try Sharelint.run(["rule", "parse", "age === 25"])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError == """
      error: '===' is not an operator; use '==' [triple-equals]
       --> <argument>:1:5
        |
      1 | age === 25
        |     ^^^
        = help: replace '===' with '=='

      """)
  }

  @Test func multiLineRuleFromStandardInputReportsItsLineAndColumn() throws {
    let rule = """
      SUBQUERY (
          extensionItems,
          $extensionItem,
          ANY $extensionItem.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO ”public.image"
      ).@count == 1
      """
    let result = try Sharelint.run(["rule", "format", "-"], input: rule)
    #expect(result.status == 1)
    #expect(result.standardError.contains("--> <stdin>:4:78"), "\(result.standardError)")
    #expect(result.standardError.contains("[typographic-quote]"))
  }

  @Test func formatIsCanonicalAndIdempotent() throws {
    let first = try Sharelint.run(["rule", "format", "any $a.registeredTypeIdentifiers uti-conforms-to 'public.image' or x = 1 and y = 2"])
    #expect(first.status == 0)
    #expect(first.standardOutput == "ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\" OR (x == 1 AND y == 2)\n")
    let second = try Sharelint.run(["rule", "format", "-"], input: first.standardOutput)
    #expect(second.standardOutput == first.standardOutput)
    let pretty = try Sharelint.run(["rule", "format", "--pretty", "SUBQUERY(a, $x, $x.b == 1).@count > 0"])
    #expect(pretty.standardOutput == "SUBQUERY (\n    a,\n    $x,\n    $x.b == 1\n).@count > 0\n")
  }

  @Test func lenientFormatRepairsTypographicQuotesButStillSaysSo() throws {
    let result = try Sharelint.run(["rule", "format", "--lenient", "name == “x”"])
    #expect(result.status == 1)
    #expect(result.standardOutput == "name == \"x\"\n")
    #expect(result.standardError.components(separatedBy: "[typographic-quote]").count == 3)
  }

  @Test func usageErrorsExitTwoAndHelpExitsZero() throws {
    let unknown = try Sharelint.run(["rule", "parse", "--no-such-flag", "a == 1"])
    #expect(unknown.status == 2)
    #expect(!unknown.standardError.isEmpty)
    let help = try Sharelint.run(["rule", "parse", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("--json"))
    #expect(help.standardOutput.contains("standard input"))
    let root = try Sharelint.run(["--help"])
    #expect(root.status == 0)
    #expect(root.standardOutput.contains("rule"))
  }

  @Test func colourOnlyOnATerminal() throws {
    let result = try Sharelint.run(["rule", "parse", "a =="], environment: ["NO_COLOR": "1"])
    #expect(!result.standardError.contains("\u{1B}["))
  }
}

/// Inputs without an end (`/dev/zero`, an endless pipe) stop at the input bound with exit status 2, for every
/// command that reads a file or standard input.
@Suite struct EndlessInputTests {
  @Test(arguments: [
    ["rule", "eval", "TRUEPREDICATE", "--input", "@/dev/zero"],
    ["rule", "simulate", "/dev/zero"],
    ["rule", "convert", "/dev/zero"],
  ])
  func anEndlessFileIsRefusedWithItsName(_ arguments: [String]) throws {
    let result = try Sharelint.run(arguments)
    #expect(result.status == 2)
    #expect(result.standardError == "sharelint: '/dev/zero' holds more than 64 MiB; it is not read\n")
  }
}

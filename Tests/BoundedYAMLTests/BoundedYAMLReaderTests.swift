import Foundation
import Testing
import TestSupport

@testable import BoundedYAML

@Suite("Bounded YAML reader")
struct BoundedYAMLReaderTests {
  func read(_ text: String, budget: YAMLBudget = YAMLBudget(document: "the document")) throws(YAMLError)
    -> YAMLValue?
  {
    try BoundedYAMLReader.read(Array(text.utf8), file: "test.yml", budget: budget)
  }

  /// The error `text` gives, or a recorded issue when it reads.
  func readingError(_ text: String) -> YAMLError? {
    do {
      _ = try read(text)
      Issue.record("read without an error")
      return nil
    } catch {
      return error
    }
  }

  @Test(.timeLimit(.minutes(1))) func aliasBombStopsAtTheBudget() throws {
    let error = try #require(readingError(CraftedYAML.aliasBomb))
    #expect(error.file == "test.yml" && error.line != nil && error.column != nil)
    #expect(
      error.message
        == "the document expands to more than 400000 values or 33554432 bytes of text (YAML aliases of aliases); "
        + "it is not read")
    #expect(error.description.hasPrefix("test.yml:\(error.line ?? 0):\(error.column ?? 0): the document expands"))
  }

  @Test func budgetCountsEveryCopyOfAnAlias() throws {
    let text = "a: &a [x, y]\nb: [*a, *a]\n"
    let budget = YAMLBudget(document: "the document")
    _ = try read(text, budget: budget)
    // The mapping; key a, its list and two scalars; key b, its list, and twice the aliased list and its scalars.
    #expect(YAMLBudget.defaultValues - budget.remainingValues == 13)
    #expect(throws: Never.self) { try read(text, budget: YAMLBudget(document: "the document", values: 13)) }
    #expect(throws: YAMLError.self) { try read(text, budget: YAMLBudget(document: "the document", values: 12)) }
  }

  @Test(.timeLimit(.minutes(1))) func aliasedKeysAreRefusedBeforeParsing() {
    for (index, text) in CraftedYAML.aliasedKeys.enumerated() {
      let error = readingError(text)
      #expect(error?.line == 11, "case \(index): \(String(describing: error))")
      #expect(error?.message.contains("a key that may hold an alias is not read") == true)
    }
  }

  @Test(.timeLimit(.minutes(1))) func deepNestingIsRefusedBeforeParsing() {
    let error = readingError(CraftedYAML.deepNesting)
    #expect(error?.line == 1 && error?.column == 5 + BoundedYAMLReader.maximumNesting, "\(String(describing: error))")
    #expect(error?.message == "values nest more than 64 deep; the document is not read")
    let indented = (0..<100).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
    #expect(readingError(indented)?.message.contains("nest more than 64") == true)
  }

  @Test func fileLargerThanTheBoundIsNotParsed() {
    let error = readingError(CraftedYAML.huge)
    #expect(error?.line == nil)
    #expect(
      error?.message
        == "the document is \(CraftedYAML.huge.utf8.count) bytes, more than the 4194304 read; it is not read")
  }

  /// A large mapping merged with `<<` costs one look-up per key (a list search per key was quadratic: 50,000 keys
  /// took minutes).
  @Test(.timeLimit(.minutes(1))) func mergingALargeMappingIsLinear() throws {
    let keys = (0..<50_000).map { "k\($0): \($0)" }.joined(separator: ", ")
    let value = try #require(try read("base: &base {\(keys)}\nmerged: {<<: *base, k7: seven}\n"))
    let merged = try #require(value["merged"]?.entries)
    #expect(merged.count == 50_000)
    #expect(value["merged"]?["k7"]?.string == "seven" && value["merged"]?["k8"]?.scalar?.integer == 8)
  }

  @Test func invalidYAMLAndDuplicateKeysAreLocated() {
    let broken = readingError("a: [1, 2\nb: c\n")
    #expect(broken?.message.hasPrefix("invalid YAML: ") == true && broken?.line != nil)
    let duplicate = readingError("a: 1\nb: 2\na: 3\n")
    #expect(duplicate?.message == "invalid YAML: a mapping has the key 'a' more than once")
    #expect(readingError("[1]: x\n")?.message == "a mapping key must be a string")
  }

  @Test func notUTF8IsRefused() throws {
    #expect {
      try BoundedYAMLReader.read([0x61, 0x3A, 0x20, 0xFF, 0x0A], file: "bad.yml", budget: YAMLBudget(document: "it"))
    } throws: { ($0 as? YAMLError)?.message == "it is not UTF-8 text" }
  }

  /// What a normal document reads as: scalars typed as YAML 1.1 types plain ones, keys in order with where they
  /// were written, `<<` merges applied.
  @Test func normalDocumentReadsWithTypesAndLocations() throws {
    let text = """
      name: App   # comment
      count: 12
      ratio: 1.5
      flags: [yes, Off, "true"]
      empty:
      tilde: ~
      quoted: 'null'
      block: |
        two
        lines
      defaults: &defaults {a: 1, b: 2}
      merged:
        <<: *defaults
        b: 3

      """
    let value = try #require(try read(text))
    #expect(
      value.entries?.map(\.key) == [
        "name", "count", "ratio", "flags", "empty", "tilde", "quoted", "block", "defaults", "merged",
      ])
    #expect(value["name"]?.string == "App")
    #expect(value.entry("name")?.keyLocation == YAMLLocation(file: "test.yml", line: 1, column: 1))
    #expect(value["count"]?.scalar?.integer == 12 && value["count"]?.location.column == 8)
    if case .real(let ratio) = value["ratio"]?.scalar?.kind { #expect(ratio == 1.5) } else { Issue.record("ratio") }
    #expect(value["flags"]?.elements?.map { $0.scalar?.boolean } == [true, false, nil])
    #expect(value["empty"]?.scalar?.isNull == true && value["tilde"]?.scalar?.isNull == true)
    #expect(value["quoted"]?.scalar?.isNull == false && value["block"]?.string == "two\nlines\n")
    #expect(value["merged"]?.entries?.map(\.key) == ["a", "b"])
    #expect(value["merged"]?["b"]?.scalar?.integer == 3 && value["merged"]?["a"]?.location.line == 11)
    #expect(try read("") == nil && (try read("# only a comment\n")) == nil)
  }

  @Test func jsonReadsAsYAML() throws {
    let value = try #require(try read(#"{"value": [{"id": "T_1", "on": true, "n": null}]}"#))
    let policy = try #require(value["value"]?.elements?.first)
    #expect(policy["id"]?.string == "T_1" && policy["on"]?.scalar?.boolean == true)
    #expect(policy["n"]?.scalar?.isNull == true)
    #expect(policy["n"]?.location == YAMLLocation(file: "test.yml", line: 1, column: 43))
  }
}

/// A key written twice is an error at the second one, the mistake (Yams names the first).
@Suite struct RepeatedKeyLocationTests {
  @Test func aRepeatedKeyIsLocatedWhereItIsWrittenAgain() throws {
    do {
      _ = try BoundedYAMLReader.read(
        Array("a: 1\n# note\nb:\n  c: 1\n  d: 2\n  c: 3\na: 2\n".utf8), file: "t.yml",
        budget: YAMLBudget(document: "the document"))
      Issue.record("read without an error")
    } catch {
      // The nested 'c' is met first (Yams composes the inner mapping first): line 6, column 3.
      #expect(error.line == 6 && error.column == 3, "\(error)")
    }
  }

  @Test func theSecondSpellingIsFoundInsideItsMappingOnly() {
    let text = "x:\n  'k': 1\n  other: 2\ny:\n  k: 3\n"
    #expect(BoundedYAMLReader.repeatedKeyLine("k", firstAt: 2, column: 3, in: text) == nil)
    #expect(BoundedYAMLReader.repeatedKeyLine("k", firstAt: 2, column: 3, in: text + "  \"k\": 4\n") == nil)
    #expect(BoundedYAMLReader.repeatedKeyLine("k", firstAt: 1, column: 1, in: "k: 1\n\n  # c\nk : 2\n") == 4)
  }
}

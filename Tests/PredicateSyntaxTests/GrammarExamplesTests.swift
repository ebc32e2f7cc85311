import Foundation
import PredicateSyntax
import SharelintBase
import Testing

/// Runs every example of `Grammar/examples/` through the parser: valid ones parse and survive a
/// format round trip in both styles; invalid ones fail with the id and line:column their
/// `.expected` file names. And every production of the EBNF has at least one valid example.
@Suite struct GrammarExamplesTests {
  static let grammarFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Grammar")

  static func files(in subfolder: String, withExtension fileExtension: String) throws -> [URL] {
    let folder = grammarFolder.appendingPathComponent("examples").appendingPathComponent(subfolder)
    return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == fileExtension }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  static func productions() throws -> [String] {
    let grammar = try String(contentsOf: grammarFolder.appendingPathComponent("PredicateFormat.ebnf"), encoding: .utf8)
    return grammar.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
      guard let first = line.first, first.isLetter, let marker = line.range(of: "::=") else { return nil }
      return line[..<marker.lowerBound].trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func everyProductionHasAValidExample() throws {
    let productions = try Self.productions()
    #expect(productions.count > 40)
    let examples = try Self.files(in: "valid", withExtension: "predicate").map(\.lastPathComponent)
    for production in productions {
      #expect(examples.contains { $0.hasPrefix(production + "--") }, "no valid example for '\(production)'")
    }
    for example in examples {
      let production = example.components(separatedBy: "--")[0]
      #expect(productions.contains(production), "\(example) names no production")
    }
  }

  @Test func validExamplesParseAndSurviveFormatting() throws {
    let examples = try Self.files(in: "valid", withExtension: "predicate")
    #expect(examples.count > 100)
    for file in examples {
      let bytes = Array(try Data(contentsOf: file))
      let outcome = PredicateParser.parse(bytes: bytes)
      guard let tree = outcome.predicate, outcome.isValid else {
        Issue.record("\(file.lastPathComponent): \(outcome.diagnostics.first?.message ?? "no tree")")
        continue
      }
      for style in [PredicatePrinter.Style.compact, .pretty] {
        let printed = PredicatePrinter(style: style).print(tree)
        let reparsed = PredicateParser.parse(printed).predicate
        let same = reparsed?.isStructurallyEqual(to: tree) ?? false
        #expect(same, "\(file.lastPathComponent): the \(style) form changes the tree: \(printed)")
        let again = reparsed.map { PredicatePrinter(style: style).print($0) }
        #expect(again == printed, "\(file.lastPathComponent): formatting is not idempotent")
      }
    }
  }

  @Test func invalidExamplesFailWhereTheySay() throws {
    let examples = try Self.files(in: "invalid", withExtension: "predicate")
    #expect(examples.count > 40)
    for file in examples {
      let expectedFile = file.deletingPathExtension().appendingPathExtension("expected")
      let expected = try String(contentsOf: expectedFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
      let parts = expected.split(separator: " ")
      let bytes = Array(try Data(contentsOf: file))
      let outcome = PredicateParser.parse(bytes: bytes)
      guard outcome.predicate == nil, let diagnostic = outcome.diagnostics.first else {
        Issue.record("\(file.lastPathComponent) parsed, expected \(expected)")
        continue
      }
      let position = SourceText(name: file.lastPathComponent, bytes: bytes).position(of: diagnostic.range.start)
      let actual = "\(diagnostic.id.rawValue) \(position.line):\(position.column)"
      #expect(actual == "\(parts[0]) \(parts[1])", "\(file.lastPathComponent): \(diagnostic.message)")
    }
  }
}

import Foundation
import Testing

/// The examples in `--help` are meant to be pasted: argument-parser wraps a command's discussion to the terminal's
/// width, indented lines included, so an example longer than the width broke into two commands when pasted.
@Suite struct HelpExampleTests {
  /// The width of the narrowest terminal the examples are written for.
  static let width = 80

  /// The indented lines of the overview (the text above `USAGE:`) of `sharelint path… --help` at `columns`.
  static func indentedOverviewLines(_ path: [String], columns: Int) throws -> [String] {
    let result = try Sharelint.run(path + ["--help"], environment: ["COLUMNS": String(columns), "LINES": "50"])
    #expect(result.status == 0, "\(result.standardError)")
    let overview = result.standardOutput.components(separatedBy: "\nUSAGE:").first ?? ""
    return overview.split(separator: "\n").filter { $0.hasPrefix(" ") }.map(String.init)
  }

  /// Every command's help, its subcommands found as the golden test finds them.
  static func everyCommandPath() throws -> [[String]] {
    var pending: [[String]] = [[]]
    var paths: [[String]] = []
    while let path = pending.popLast() {
      paths.append(path)
      let help = try Sharelint.run(path + ["--help"], environment: GoldenTests.environment).standardOutput
      pending += GoldenTests.subcommands(inHelp: help).map { path + [$0] }
    }
    return paths
  }

  @Test func everyExampleIsOnePasteableCommandAtEightyColumns() throws {
    var examples = 0
    for path in try Self.everyCommandPath() {
      let command = (["sharelint"] + path).joined(separator: " ")
      let unwrapped = try Self.indentedOverviewLines(path, columns: 1000)
      let narrow = try Self.indentedOverviewLines(path, columns: Self.width)
      // Nothing indented (examples, tables, YAML) was cut into more lines at 80 columns.
      #expect(narrow == unwrapped, "\(command) --help: indented lines wrap at \(Self.width) columns")
      var previousIndentation = Int.max
      var continues = false
      for line in unwrapped {
        let indentation = line.prefix { $0 == " " }.count
        let text = line.dropFirst(indentation)
        #expect(line.count < Self.width, "\(command) --help: '\(line)' is \(line.count) columns")
        if text.hasPrefix("sharelint ") || text.hasPrefix("$ ") {
          examples += 1
          previousIndentation = indentation
        } else if text.contains("sharelint ") && !(continues && indentation > previousIndentation) {
          Issue.record("\(command) --help: the example '\(text)' does not start with 'sharelint' or '$'")
        }
        continues = indentation > previousIndentation || text.hasPrefix("sharelint ")
        if !continues { previousIndentation = Int.max }
      }
    }
    #expect(examples >= 25, "only \(examples) examples found")
  }
}

import Foundation
import Testing

/// The README and docs/ stay true: every `console` block's commands are run and must print what the block
/// shows, and every relative link must lead to a file and heading that exist.
///
/// A `console` block is a list of commands, each a line starting with `$ ` (continued on the next line after a
/// trailing `\`), followed by the output it prints, standard output and standard error together. In the output,
/// `…` stands for any text within a line, and a line holding only `…` for any number of lines, so long outputs
/// can be trimmed. Each block runs in one shell, in a fresh temporary folder holding a copy of `Samples/` (so
/// `fix` may write), with the built `sharelint` first on `PATH`.
@Suite struct DocumentationTests {
  @Test(arguments: DocumentationExample.all)
  func consoleExampleRunsAsShown(_ example: DocumentationExample) throws {
    let folder = try TemporaryFolder()
    _ = try folder.copy(Sharelint.packageRoot.appendingPathComponent("Samples"), as: "Samples")
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let outputs = try DocumentationExample.runShell(example.commands.map(\.text), in: folder.url)
    for (command, output) in zip(example.commands, outputs) {
      #expect(
        DocumentationExample.output(output, matches: command.expectedOutput),
        """
        \(example): `\(command.text)` printed something else; what it printed:
        \(output)
        """)
    }
  }

  @Test func theReadmeShowsEachJobRunning() throws {
    let files = Set(DocumentationExample.all.map(\.file))
    #expect(files.contains("README.md"))
    let readmeCommands = DocumentationExample.all.filter { $0.file == "README.md" }.flatMap(\.commands).map(\.text)
    let jobs = [
      "sharelint lint ", "sharelint fix ", "sharelint configure ", "sharelint url check ", "sharelint rule eval ",
    ]
    for job in jobs {
      #expect(readmeCommands.contains { $0.contains(job) }, "the README shows no console example of '\(job)'")
    }
  }

  @Test func theLibraryPageShowsTheExamplePackageAsItIs() throws {
    let root = Sharelint.packageRoot
    let page = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
    let example = root.appendingPathComponent("Examples/LibraryUsage/Sources/LibraryUsage/main.swift")
    let main = try String(contentsOf: example, encoding: .utf8)
    #expect(page.contains("```swift\n" + main + "```\n"), "docs/library.md must show LibraryUsage's main.swift")
  }

  /// The README shows only the recipes' sharelint steps (docs/ci.md shows them whole, as .ci/check-recipes.py
  /// checks): each must be a step of a recipe in Examples/CI/.
  @Test func theReadmeCIStepsAreTheRecipesOwn() throws {
    let root = Sharelint.packageRoot
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let recipesFolder = root.appendingPathComponent("Examples/CI")
    let recipes = try FileManager.default.contentsOfDirectory(atPath: recipesFolder.path).map {
      try String(contentsOf: recipesFolder.appendingPathComponent($0), encoding: .utf8)
    }
    let section = try #require(readme.range(of: "\n## CI\n"))
    let block = try #require(readme[section.upperBound...].range(of: "```sh\n"))
    let blockEnd = try #require(readme[block.upperBound...].range(of: "```"))
    let steps = readme[block.upperBound..<blockEnd.lowerBound].split(separator: "\n").map { line in
      (line.range(of: "  #").map { line[..<$0.lowerBound] } ?? line).trimmingCharacters(in: .whitespaces)
    }
    #expect(!steps.isEmpty)
    for step in steps {
      #expect(recipes.contains { $0.contains(step) }, "README.md's CI step '\(step)' is in no recipe of Examples/CI")
    }
  }

  @Test func theMatcherTrimsOnlyWhereTheExampleSaysSo() {
    #expect(DocumentationExample.output("a\nb\nc\n", matches: ["a", "…", "c"]))
    #expect(DocumentationExample.output("a\nc\n", matches: ["a", "…", "c"]))
    #expect(DocumentationExample.output("one two three\n", matches: ["one … three"]))
    #expect(!DocumentationExample.output("a\nb\n", matches: ["a"]))
    #expect(!DocumentationExample.output("a\nb\n", matches: ["a", "c"]))
    #expect(!DocumentationExample.output("one two\n", matches: ["one … three"]))
    #expect(!DocumentationExample.output("b\n", matches: ["…b…", "x"]))
  }

  @Test func relativeLinksLeadToFilesAndHeadingsThatExist() throws {
    for file in DocumentationExample.documents {
      let text = try String(contentsOf: Sharelint.packageRoot.appendingPathComponent(file), encoding: .utf8)
      let folder = Sharelint.packageRoot.appendingPathComponent(file).deletingLastPathComponent()
      for link in Self.relativeLinks(in: text) {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? Sharelint.packageRoot.appendingPathComponent(file)
          : folder.appendingPathComponent(parts[0])
        #expect(FileManager.default.fileExists(atPath: target.path), "\(file): link '\(link)' leads nowhere")
        guard parts.count == 2, target.pathExtension == "md",
              let linked = try? String(contentsOf: target, encoding: .utf8) else { continue }
        #expect(Self.headingAnchors(in: linked).contains(parts[1]), "\(file): link '\(link)': no such heading")
      }
    }
  }

  /// The targets of `[text](target)` links that are neither web addresses nor mail links.
  static func relativeLinks(in text: String) -> [String] {
    var links: [String] = []
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      if inFence { continue }
      var rest = line[...]
      while let open = rest.range(of: "](") {
        guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
        let target = String(rest[open.upperBound..<close])
        if !target.contains("://"), !target.hasPrefix("mailto:"), !target.contains(" ") { links.append(target) }
        rest = rest[close...]
      }
    }
    return links
  }

  /// The anchors GitHub gives a document's headings: lowercased, punctuation dropped, spaces as hyphens.
  static func headingAnchors(in text: String) -> Set<String> {
    var anchors = Set<String>()
    var inFence = false
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.drop { $0 == " " }
      anchors.insert(String(title.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
      }))
    }
    return anchors
  }
}

/// One `console` block of the README or of docs/.
struct DocumentationExample: Sendable, CustomTestStringConvertible {
  /// A command of the block and the lines it must print.
  struct Command: Sendable {
    let text: String
    let expectedOutput: [String]
  }

  let file: String
  let line: Int
  let commands: [Command]

  var testDescription: String { "\(file):\(line)" }

  /// README.md and every Markdown file of docs/, relative to the package root.
  static let documents: [String] = {
    let docs = Sharelint.packageRoot.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }()

  /// Every `console` block of the documents.
  static let all: [DocumentationExample] = documents.flatMap { file -> [DocumentationExample] in
    guard let text = try? String(contentsOf: Sharelint.packageRoot.appendingPathComponent(file), encoding: .utf8)
    else { return [] }
    return examples(in: text, file: file)
  }

  /// The `console` blocks of one document.
  static func examples(in text: String, file: String) -> [DocumentationExample] {
    var examples: [DocumentationExample] = []
    var block: [String]?
    var blockLine = 0
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
      if block == nil, line == "```console" {
        block = []
        blockLine = index + 1
      } else if let lines = block, line == "```" {
        examples.append(DocumentationExample(file: file, line: blockLine, commands: commands(in: lines)))
        block = nil
      } else if block != nil {
        block?.append(line)
      }
    }
    return examples
  }

  private static func commands(in lines: [String]) -> [Command] {
    var commands: [Command] = []
    var text: String?
    var output: [String] = []
    var continued = false
    for line in lines {
      if continued, text != nil {
        text! += "\n" + line
        continued = line.hasSuffix("\\")
      } else if line.hasPrefix("$ ") {
        if let text { commands.append(Command(text: text, expectedOutput: output)) }
        text = String(line.dropFirst(2))
        output = []
        continued = line.hasSuffix("\\")
      } else {
        output.append(line)
      }
    }
    if let text { commands.append(Command(text: text, expectedOutput: output)) }
    return commands
  }

  /// Runs `commands` one after the other in one /bin/sh (so a variable set by one is seen by the next) in
  /// `folder`, standard input empty, and returns what each printed on standard output and standard error.
  static func runShell(_ commands: [String], in folder: URL) throws -> [String] {
    let separator = "\u{1E}sharelint-example\u{1E}"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", commands.map { $0 + "\nprintf '\\n\(separator)\\n'" }.joined(separator: "\n")]
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = Sharelint.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.components(separatedBy: "\n" + separator + "\n").map { text in
      text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
  }

  /// Whether `output` is what `expected` shows, `…` standing for the text (or lines) trimmed from it.
  /// Trailing spaces and the final newline are ignored.
  static func output(_ output: String, matches expected: [String]) -> Bool {
    var actual = output.split(separator: "\n", omittingEmptySubsequences: false).map(trimmingTrailingSpaces)
    if actual.last == "" { actual.removeLast() }
    let pattern = expected.map(trimmingTrailingSpaces)
    var memo: [Int: Bool] = [:]
    func matches(_ patternIndex: Int, _ actualIndex: Int) -> Bool {
      let key = patternIndex * (actual.count + 1) + actualIndex
      if let known = memo[key] { return known }
      let result: Bool
      if patternIndex == pattern.count {
        result = actualIndex == actual.count
      } else if pattern[patternIndex] == "…" {
        result = (actualIndex...actual.count).contains { matches(patternIndex + 1, $0) }
      } else {
        result = actualIndex < actual.count && line(actual[actualIndex], matches: pattern[patternIndex])
          && matches(patternIndex + 1, actualIndex + 1)
      }
      memo[key] = result
      return result
    }
    return matches(0, 0)
  }

  /// Whether `line` is `pattern`, each `…` of the pattern standing for any text.
  private static func line(_ line: String, matches pattern: String) -> Bool {
    let pieces = pattern.components(separatedBy: "…")
    guard pieces.count > 1 else { return line == pattern }
    guard line.hasPrefix(pieces[0]) else { return false }
    var rest = line.dropFirst(pieces[0].count)
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      guard let found = rest.range(of: piece) else { return false }
      rest = rest[found.upperBound...]
    }
    return rest.hasSuffix(pieces.last!)
  }

  private static func trimmingTrailingSpaces<S: StringProtocol>(_ line: S) -> String {
    var text = String(line)
    while text.last == " " { text.removeLast() }
    return text
  }
}

import Foundation
import Lint
import PropertyList
import SharelintBase
import Testing

/// Every reporter given a finding whose path, message, key path, notes and excerpt come from a hostile repository
/// (issue 26): no line of the text formats starts with `::`, holds `##[` or a raw control character, the github
/// format writes one workflow command per finding, and the JSON formats read back exactly what was reported.
@Suite struct HostileReporterTests {
  static let file = "::error::x/evil\n::warning::y/Info.plist"
  static let message =
    "'x\n::error file=README.md,line=1::forged\u{1B}[2J\u{7}\r ##[stop-commands]t\u{202E}\u{85}' %0A"
  static let line = "\t<string>x\u{1B}[2J\u{7F}\u{9B}1m ##[error]e\u{2028}</string><integer>zz</integer>\n"

  static func report() -> LintReport {
    let bytes = Array(("<plist><dict>\n" + line + "</dict></plist>\n").utf8)
    let source = SourceText(name: file, bytes: bytes)
    let start = bytes.count - "zz</integer>\n</dict></plist>\n".utf8.count
    let located = LintDiagnostic(
      rule: "invalid-scheme", code: "US006", severity: .error, message: message, source: source,
      range: ByteRange(start: start, end: start + 2), keyPath: "a\n::error::k", label: "label\u{1B}",
      notes: ["note\n::notice::n ##[add-mask]m"])
    let unlocated = LintDiagnostic(
      rule: "invalid-scheme", code: "US006", severity: .warning, message: message, source: source, range: nil,
      keyPath: "key\n::error::path", notes: ["\u{202E}note"])
    return LintReport(
      diagnostics: [located, unlocated], sources: [file: PlistContents(bytes: bytes)], targetCount: 1)
  }

  /// Whether `line`, with its leading blanks dropped as GitHub's runner drops them, starts a workflow command.
  static func startsACommand(_ line: Substring) -> Bool {
    line.drop(while: { $0.isWhitespace }).hasPrefix("::")
  }

  /// Whether `text` holds a scalar `PrintableText` escapes, other than the line feeds between lines.
  static func holdsARawControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && PrintableText.isEscaped($0) }
  }

  @Test func textLinesAreTheReportersOwn() throws {
    let text = TextReporter().render(Self.report())
    #expect(!Self.holdsARawControl(text))
    #expect(!text.contains("##["))
    let lines = text.split(separator: "\n")
    #expect(!lines.contains(where: Self.startsACommand), "\(text)")
    #expect(lines[0].hasPrefix(#"./::error::x/evil\n::warning::y/Info.plist:2:"#))
    #expect(lines[0].contains(#"'x\n::error file=README.md,line=1::forged\u{1B}[2J\u{7}\r #\u{23}[stop-commands]t"#))
    // The caret is under `zz` in the escaped excerpt.
    let excerpt = Array(lines[2].dropFirst(4).unicodeScalars)
    let carets = Array(lines[3].dropFirst(4).unicodeScalars)
    let caret = try #require(carets.firstIndex(of: "^"))
    #expect(String(String.UnicodeScalarView(excerpt[caret..<(caret + 2)])) == "zz")
    #expect(text.contains(#"  = at: key\n::error::path"#))
    #expect(lines.count == 9)   // five lines for the located finding, three for the other, the summary
  }

  @Test func colouredTextKeepsOnlyItsOwnEscapeSequences() {
    let text = TextReporter(colour: true).render(Self.report())
    let sequences = text.components(separatedBy: "\u{1B}").dropFirst().map { $0.prefix(while: { $0 != "m" }) }
    #expect(!sequences.isEmpty && sequences.allSatisfy { ["[1;31m", "[1;33m", "[0m", "[1m"].contains($0 + "m") })
  }

  @Test func githubWritesOneCommandPerFindingWithItsDataEncoded() {
    let text = GitHubReporter.render(Self.report())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix(#"::error file=%3A%3Aerror%3A%3Ax/evil\n%3A%3Awarning%3A%3Ay/Info.plist,line=2,"#))
    #expect(lines[1].hasPrefix("::warning file="))
    #expect(!Self.holdsARawControl(text) && !text.contains("##["))
    #expect(lines[0].hasSuffix(#"#\u{23}[stop-commands]t\u{202E}\u{85}' %250A"#))
  }

  @Test func jsonFormatsReadBackTheSameTextAndCarryNoRawControl() throws {
    let report = Self.report()
    for (name, text) in [
      ("json", JSONReporter.render(report)), ("sarif", SARIFReporter.render(report)),
      ("gitlab", GitLabReporter.render(report)),
    ] {
      #expect(!Self.holdsARawControl(text), "\(name)")
      #expect(!text.split(separator: "\n").contains(where: Self.startsACommand), "\(name)")
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
      var strings: [String] = []
      var pending: [Any] = [object]
      while let next = pending.popLast() {
        switch next {
        case let dictionary as [String: Any]: pending += Array(dictionary.values)
        case let array as [Any]: pending += array
        case let string as String: strings.append(string)
        default: break
        }
      }
      #expect(strings.contains { $0.hasPrefix(Self.message) }, "\(name)")
    }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(JSONReporter.render(report).utf8)) as? [String: Any])
    let first = try #require((json["diagnostics"] as? [[String: Any]])?.first)
    #expect(first["file"] as? String == Self.file)
    #expect(first["keyPath"] as? String == "a\n::error::k")
  }
}

/// `fix --diff` prints the repository's lines (issue 26): shown through `PrintableText`, a context line cannot
/// start a workflow command; a CR LF file keeps its CR.
@Suite struct HostileDiffTests {
  @Test func diffLinesAreEscapedAndKeepTheirCarriageReturns() {
    let old = Array("<plist>\r\n  ::error::context\u{1B}[2J\r\n<key>a</key>\r\n##[add-mask]x\r\n".utf8)
    let new = Array("<plist>\r\n  ::error::context\u{1B}[2J\r\n<key>b</key>\r\n##[add-mask]x\r\n".utf8)
    let diff = UnifiedDiff.diff(old: old, new: new, path: "::x/evil\nname/Info.plist")
    #expect(
      diff == """
        --- a/::x/evil\\nname/Info.plist
        +++ b/::x/evil\\nname/Info.plist
        @@ -1,4 +1,4 @@
         <plist>\r
           \\u{3A}:error::context\\u{1B}[2J\r
        +<key>b</key>\r
        -<key>a</key>\r
         #\\u{23}[add-mask]x\r

        """)
  }
}

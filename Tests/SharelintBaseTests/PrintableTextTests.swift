import Foundation
import SharelintBase
import Testing

/// `PrintableText`, the one escaping of text from input (issue 26): no control character, separator or
/// bidirectional override reaches a terminal raw, no value starts a line a CI runner would take for a command.
@Suite struct PrintableTextTests {
  @Test(arguments: [
    ("plain text, “quoted” and 🎉", "plain text, “quoted” and 🎉"),
    ("a\nb\rc", #"a\nb\rc"#),
    ("tab\tkept", "tab\tkept"),
    ("\u{0}\u{7}\u{8}\u{B}\u{C}\u{1B}[31m\u{1F}", #"\u{0}\u{7}\u{8}\u{B}\u{C}\u{1B}[31m\u{1F}"#),
    ("del\u{7F} c1\u{80}\u{85}\u{9B}\u{9F} nbsp\u{A0}", #"del\u{7F} c1\u{80}\u{85}\u{9B}\u{9F} nbsp"# + "\u{A0}"),
    ("line\u{2028}para\u{2029}", #"line\u{2028}para\u{2029}"#),
    ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{61C}",
     #"\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{61C}"#),
    ("x ##[error]forged", #"x #\u{23}[error]forged"#),
    ("###[ #[ ## [", #"##\u{23}[ #[ ## ["#),
    (#"a \n backslash"#, #"a \n backslash"#),
    ("\r\n", #"\r\n"#),
  ])
  func controlsSeparatorsAndBidiAreShownAsEscapes(input: String, shown: String) {
    #expect(PrintableText.escaped(input) == shown)
    #expect(PrintableText.escaped(shown) == shown, "escaping twice changes nothing")
  }

  @Test func escapedTextHoldsNothingTheTerminalOrTheRunnerActsOn() {
    let everything = String(String.UnicodeScalarView((0...0x2FFF).compactMap(Unicode.Scalar.init)))
    let shown = PrintableText.escaped(everything + "##[", tabs: .escaped)
    #expect(!shown.unicodeScalars.contains(where: PrintableText.isEscaped))
    #expect(!shown.contains("\t") && !shown.contains("##["))
    #expect(shown.hasSuffix(#"#\u{23}["#))
  }

  @Test func tabsAreEscapedWhereTheyWouldAddAColumn() {
    #expect(PrintableText.escaped("a\tb", tabs: .escaped) == #"a\tb"#)
    #expect(PrintableText.escaped("a\tb") == "a\tb")
  }

  @Test func aLineCannotStartWithAWorkflowCommand() {
    #expect(PrintableText.lineStart("::error::x") == #"\u{3A}:error::x"#)
    #expect(PrintableText.lineStart("  \t::add-mask::x") == "  \t" + #"\u{3A}:add-mask::x"#)
    #expect(PrintableText.lineStart("\u{A0}\u{3000}::x") == "\u{A0}\u{3000}" + #"\u{3A}:x"#)
    #expect(PrintableText.lineStart("a ::error::x") == "a ::error::x")
    #expect(PrintableText.lineStart(":x") == ":x")
    #expect(PrintableText.lineStart("\n::error::x") == #"\n::error::x"#, "an escaped line feed ends no line")
  }

  @Test func aPathStartingWithTwoColonsIsShownFromTheCurrentFolder() {
    #expect(PrintableText.path("::error::x/Info.plist") == "./::error::x/Info.plist")
    #expect(PrintableText.path(" ::error::x/Info.plist") == "./ ::error::x/Info.plist")
    #expect(PrintableText.path("evil\n::error::y/Info.plist") == #"evil\n::error::y/Info.plist"#)
    #expect(PrintableText.path("/abs/::x/Info.plist") == "/abs/::x/Info.plist")
    #expect(PrintableText.path("App/Info.plist") == "App/Info.plist")
  }

  @Test func linesKeepTheirLineFeedsAndEscapeEachLine() {
    #expect(
      PrintableText.lines("one\n::error::two\nthree\u{1B}\n") == "one\n" + #"\u{3A}:error::two"# + "\nthree\\u{1B}\n")
    #expect(PrintableText.lines("sharelint: App/Info.plist: fine\n") == "sharelint: App/Info.plist: fine\n")
    #expect(PrintableText.lines("a\r\nb") == #"a\r"# + "\nb")
  }

  @Test func eachScalarsEscapeIsWhatEscapedWrites() {
    let scalars = Array("a\u{1B}##[b\t".unicodeScalars)
    let pieces = scalars.indices.map { PrintableText.escape(at: $0, in: scalars) ?? String(scalars[$0]) }
    #expect(pieces.joined() == PrintableText.escaped(String(String.UnicodeScalarView(scalars))))
    #expect(PrintableText.escape(at: 6, in: scalars, tabs: .escaped) == #"\t"#)
  }
}

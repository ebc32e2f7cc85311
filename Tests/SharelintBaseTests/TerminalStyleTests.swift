import SharelintBase
import Testing

/// `--color auto|always|never` and `NO_COLOR` (https://no-color.org): colour only on a terminal that can show it,
/// unless asked for.
@Suite struct TerminalStyleTests {
  @Test func autoColoursATerminalUnlessNoColorHasAValueOrTermIsDumb() {
    #expect(TerminalStyle.resolve(.auto, isTerminal: true, environment: [:]).isEnabled)
    #expect(TerminalStyle.resolve(.auto, isTerminal: true, environment: ["TERM": "xterm-256color"]).isEnabled)
    #expect(!TerminalStyle.resolve(.auto, isTerminal: false, environment: [:]).isEnabled)
    #expect(!TerminalStyle.resolve(.auto, isTerminal: true, environment: ["NO_COLOR": "1"]).isEnabled)
    // An empty NO_COLOR does not count (no-color.org: "present and not an empty string").
    #expect(TerminalStyle.resolve(.auto, isTerminal: true, environment: ["NO_COLOR": ""]).isEnabled)
    #expect(!TerminalStyle.resolve(.auto, isTerminal: true, environment: ["TERM": "dumb"]).isEnabled)
  }

  @Test func alwaysWinsOverNoColorAndNeverOverATerminal() {
    let environment = ["NO_COLOR": "1", "TERM": "dumb"]
    #expect(TerminalStyle.resolve(.always, isTerminal: false, environment: environment).isEnabled)
    #expect(!TerminalStyle.resolve(.never, isTerminal: true, environment: [:]).isEnabled)
  }

  @Test func severitiesAndCodesAreWrappedOnlyWhenEnabled() {
    let style = TerminalStyle(isEnabled: true)
    #expect(style.severity("error", .error) == "\u{1B}[1;31merror\u{1B}[0m")
    #expect(style.severity("warning", .warning) == "\u{1B}[1;33mwarning\u{1B}[0m")
    #expect(style.severity("info", .info) == "\u{1B}[36minfo\u{1B}[0m")
    #expect(style.code("AR004") == "\u{1B}[1mAR004\u{1B}[0m")
    #expect(TerminalStyle.plain.severity("error", .error) == "error")
    #expect(TerminalStyle.plain.code("AR004") == "AR004")
  }
}

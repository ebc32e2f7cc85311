/// The ANSI colours of sharelint's text reports and caret diagnostics: the severity words (error red, warning
/// yellow, both bold; info cyan), rule codes, carets. Only this type writes escape sequences, each around text
/// sharelint rendered — input text reaches it already through `PrintableText`, so no escape ever comes from a file.
/// Machine formats (JSON, SARIF, GitHub, GitLab) never use it.
public struct TerminalStyle: Sendable, Equatable {
  /// Whether escape sequences are written.
  public var isEnabled: Bool

  /// A style that colours when `isEnabled`.
  public init(isEnabled: Bool) { self.isEnabled = isEnabled }

  /// No colour.
  public static let plain = TerminalStyle(isEnabled: false)

  /// `--color auto|always|never`.
  public enum Choice: String, CaseIterable, Sendable {
    /// Colour when the stream is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset or empty.
    case auto
    /// Colour whatever the stream and the environment (`NO_COLOR` included).
    case always
    /// No colour.
    case never
  }

  /// The style `choice` gives a stream that `isTerminal` (or not), in `environment`: in `auto` mode, a terminal
  /// whose `TERM` is not `dumb`, and no `NO_COLOR` with a value (https://no-color.org); `always` wins over both.
  public static func resolve(_ choice: Choice, isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
    switch choice {
    case .always: return TerminalStyle(isEnabled: true)
    case .never: return .plain
    case .auto:
      let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
      return TerminalStyle(isEnabled: isTerminal && environment["TERM"] != "dumb" && !noColour)
    }
  }

  /// `text` in the severity's colour: error red, warning yellow (both bold), info cyan.
  public func severity(_ text: String, _ severity: Severity) -> String {
    switch severity {
    case .error: wrap(text, "1;31")
    case .warning: wrap(text, "1;33")
    case .info: wrap(text, "36")
    }
  }

  /// A rule code or identifier (`AR004 missing-mam-types`): bold.
  public func code(_ text: String) -> String { wrap(text, "1") }

  /// Bold text: a caret diagnostic's message.
  public func bold(_ text: String) -> String { wrap(text, "1") }

  private func wrap(_ text: String, _ parameters: String) -> String {
    isEnabled ? "\u{1B}[" + parameters + "m" + text + "\u{1B}[0m" : text
  }
}

import ArgumentParser
import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalStyle.Choice: ExpressibleByArgument {}

/// `--color auto|always|never`, for the commands that print findings or caret diagnostics as text.
struct ColorOptions: ParsableArguments {
  @Option(name: .customLong("color"), help: ArgumentHelp(
    "auto (a terminal, TERM not dumb, NO_COLOR unset or empty), always or never: colour in text output.",
    valueName: "when"))
  var color: TerminalStyle.Choice = .auto

  /// The style for what is written to `descriptor` (1 standard output, 2 standard error).
  func style(forDescriptor descriptor: Int32) -> TerminalStyle {
    TerminalStyle.resolve(
      color, isTerminal: isatty(descriptor) == 1, environment: StandardStreams.colourEnvironment)
  }
}

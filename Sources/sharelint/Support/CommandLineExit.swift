import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure that stops a command on unusable input: one line on standard error, exit status 2.
struct InputError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Maps errors to sharelint's documented exit statuses and writes their one-line reasons.
enum CommandLineExit {
  static let success: Int32 = 0
  static let answerIsNo: Int32 = 1
  static let unusable: Int32 = 2

  /// Writes what `error` has to say and returns the exit status for it.
  static func report<Command: ParsableCommand>(_ error: Error, usingMessageOf command: Command.Type) -> Int32 {
    if let exit = error as? ExitCode { return exit.rawValue == 0 ? 0 : min(exit.rawValue, 2) }
    if let input = error as? InputError {
      StandardStreams.writeError("sharelint: \(input.description)\n")
      return unusable
    }
    let code = command.exitCode(for: error)
    let message = command.fullMessage(for: error)
    if code == .success {
      StandardStreams.writeOutput(message.hasSuffix("\n") ? message : message + "\n")
      return success
    }
    if !message.isEmpty { StandardStreams.writeError(message.hasSuffix("\n") ? message : message + "\n") }
    return unusable
  }

  static func flushAndExit(_ status: Int32) -> Never {
    StandardStreams.flush()
    exit(status)
  }
}

import ArgumentParser
import Synchronization

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
    StandardStreams.writeError(usageError(command.message(for: error), fullMessage: message))
    return unusable
  }

  /// A usage error as sharelint writes it: argument-parser's reason on one line, then where to read more —
  /// `sharelint: unknown option '--bogus'` and `sharelint: see 'sharelint lint --help'` — instead of its
  /// `Error:`, `Help:`, `Usage:` and `See` lines. `fullMessage` is argument-parser's whole text, whose `See '…'`
  /// line names the help of the command that failed.
  static func usageError(_ message: String, fullMessage: String) -> String {
    let reason = message.split(separator: "\n").first.map { String($0) } ?? ""
    var text = reason.isEmpty ? "" : "sharelint: \(lowercasingFirstWord(reason))\n"
    for line in fullMessage.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("See '"), let end = trimmed.dropFirst(5).firstIndex(of: "'") else { continue }
      text += "sharelint: see '\(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<end])'\n"
      break
    }
    return text
  }

  /// `Unknown option '--x'` as `unknown option '--x'` (sharelint's messages are lowercase); a first word in
  /// capitals (`URL`) stays.
  private static func lowercasingFirstWord(_ text: String) -> String {
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true else { return text }
    return first.lowercased() + text.dropFirst()
  }

  /// Keeps `value` until the process exits: a report of 40,000 findings was freed allocation by allocation as
  /// the command returned, on one thread, just before the system takes the whole memory back at once (clang's
  /// `-disable-free` does the same). Not under LeakSanitizer (AddressSanitizer's builds include it), which does
  /// not see the pointers Swift keeps in tagged enum payloads and would report what is kept as leaked.
  static func keepUntilExit(_ value: some Sendable) {
    guard !runningUnderLeakSanitizer else { return }
    keptUntilExit.withLock { $0.append(value) }
  }

  private static let keptUntilExit = Mutex<[any Sendable]>([])

  /// Whether LeakSanitizer's runtime is in the process: its interface is exported by every sanitized build.
  private static let runningUnderLeakSanitizer: Bool = {
    guard let process = dlopen(nil, RTLD_NOW) else { return true }
    return dlsym(process, "__lsan_do_leak_check") != nil
  }()

  static func flushAndExit(_ status: Int32) -> Never {
    StandardStreams.flush()
    exit(status)
  }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Lint

/// The progress line `lint` and `fix` draw on standard error while they work, when it is a terminal:
/// `files read 812/10000, targets linted 0/0, elapsed 1.2s`, rewritten in place with `\r` and cleared at the
/// end. Never drawn when standard error is not a terminal, when `CI` is set, or in a run shorter than the
/// first delay (so a quick lint prints exactly what it did before). Standard output is never touched.
final class ProgressLine: @unchecked Sendable {
  private let lock = NSLock()
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private let firstDelay: Duration
  private var lastDrawn: ContinuousClock.Instant?
  private var finished = false

  /// Redraws at most this often.
  private static let interval = Duration.milliseconds(100)

  private init(firstDelay: Duration) {
    self.start = clock.now
    self.firstDelay = firstDelay
  }

  /// A progress line when one should be drawn: standard error is a terminal (not `TERM=dumb`), `CI` is not set,
  /// and the user did not turn it off. `SHARELINT_PROGRESS_DELAY` (seconds, default 0.3) is how long a run
  /// goes before the line first appears; tests set it to 0.
  static func forStandardError(enabled: Bool) -> ProgressLine? {
    let environment = ProcessInfo.processInfo.environment
    guard enabled, isatty(2) == 1, environment["CI"] == nil, environment["TERM"] != "dumb" else { return nil }
    let delay = environment["SHARELINT_PROGRESS_DELAY"].flatMap(Double.init) ?? 0.3
    return ProgressLine(firstDelay: .milliseconds(Int(max(0, delay) * 1000)))
  }

  /// What the line says.
  static func text(for progress: LintSession.LintProgress, elapsed: Duration) -> String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let tenths = Int((seconds * 10).rounded(.down))
    return "files read \(progress.filesRead)/\(progress.filesTotal), "
      + "targets linted \(progress.targetsLinted)/\(progress.targetsTotal), elapsed \(tenths / 10).\(tenths % 10)s"
  }

  /// Draws `progress` if the first delay has passed and the line was not drawn in the last 100 ms.
  func update(_ progress: LintSession.LintProgress) {
    lock.lock()
    defer { lock.unlock() }
    let now = clock.now
    guard !finished, now - start >= firstDelay else { return }
    if let lastDrawn, now - lastDrawn < Self.interval { return }
    lastDrawn = now
    draw("\r\u{1B}[K" + Self.text(for: progress, elapsed: now - start))
  }

  /// Clears the line (if it was drawn) and draws no more.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if lastDrawn != nil { draw("\r\u{1B}[K") }
    finished = true
  }

  private func draw(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}

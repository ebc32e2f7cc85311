#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `URLBatchChecker` writes one verdict per URL.
///
/// - `tsv`: `url⇥verdict⇥reason⇥opens⇥canOpenURL`, no header; a null `opens` is written `-`; control bytes in the
///   URL fields (a tab, say) are percent-encoded (`%09`) so every line keeps five fields, and so are C1 controls,
///   line separators and bidirectional controls (`%C2%85`), bytes that are not UTF-8, the second `#` of `##[` and a
///   colon before the first letter or digit of a line (no line starts a GitHub Actions workflow command).
/// - `json`: JSON lines with sorted keys, `{"canOpenURL":…,"opens":…|null,"reason":…,"url":…,"verdict":…}`;
///   invalid UTF-8 is replaced by U+FFFD, control characters escaped as `JSONValue` escapes them.
/// - `text`: `url: verdict by reason; opens URL|nothing; canOpenURL status`, URLs percent-encoded as in `tsv`.
public enum URLVerdictFormat: String, CaseIterable, Sendable {
  /// One line of prose per URL.
  case text
  /// JSON lines with sorted keys.
  case json
  /// Tab-separated values.
  case tsv
}

/// How many URLs a batch run read, by verdict.
public struct URLBatchSummary: Equatable, Sendable {
  /// Every URL a verdict was written for (blank lines are not URLs).
  public var urls = 0
  /// URLs allowed.
  public var allowed = 0
  /// URLs blocked.
  public var blocked = 0
  /// URLs allowed only if the target app is managed.
  public var allowedIfManagedTarget = 0
  /// Lines that are not URLs (no scheme, a malformed scheme, too long).
  public var invalid = 0

  /// An empty summary.
  public init() {}
}

/// A failure of the byte stream itself (not of a URL, which always gets a verdict).
public enum URLBatchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `read(2)` failed with this `errno`.
  case readFailed(errno: Int32)
  /// `write(2)` failed with this `errno`.
  case writeFailed(errno: Int32)

  /// A one-line reason.
  public var description: String {
    switch self {
    case .readFailed(let code): return "cannot read the URL list (errno \(code))"
    case .writeFailed(let code): return "cannot write the verdicts (errno \(code))"
    }
  }
}

/// Checks a stream of URLs, one per line, and writes one verdict line per URL, in constant memory: input is read
/// in chunks, lines are evaluated where they lie in the chunk (only a line split across chunks is copied), and
/// output goes through one reused buffer.
///
/// Lines end with `\n`; a trailing `\r` is dropped; blank lines are skipped. A line longer than
/// `maximumLineLength` bytes gets an `invalid` verdict (`lineTooLong`) for its first `maximumLineLength` bytes.
public final class URLBatchChecker {
  /// The compiled policy and queries list.
  public let checker: URLAllowanceChecker
  /// The output format.
  public let format: URLVerdictFormat
  /// Passed to `isURLAllowed` for every URL (`url check --known-managed`).
  public let isKnownManagedAppScheme: Bool
  /// The longest line evaluated; longer lines are cut and reported.
  public let maximumLineLength: Int

  /// Creates a batch checker.
  public init(
    checker: URLAllowanceChecker, format: URLVerdictFormat, isKnownManagedAppScheme: Bool = false,
    maximumLineLength: Int = 1 << 20
  ) {
    self.checker = checker
    self.format = format
    self.isKnownManagedAppScheme = isKnownManagedAppScheme
    self.maximumLineLength = max(1, maximumLineLength)
  }

  /// Reads chunks from `nextChunk` until it returns nil and hands output bytes to `sink`.
  public func run(
    readingChunksFrom nextChunk: () throws -> [UInt8]?,
    writingTo sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) throws -> URLBatchSummary {
    let run = BatchRun(batch: self, output: ByteOutputBuffer(sink: sink))
    while let chunk = try nextChunk() {
      try chunk.withUnsafeBufferPointer { try run.consume($0) }
    }
    try run.finish()
    return run.summary
  }

  /// Reads `input` (a file descriptor) to its end and writes the verdicts to `output`.
  public func run(inputFileDescriptor input: Int32, outputFileDescriptor output: Int32) throws -> URLBatchSummary {
    let run = BatchRun(
      batch: self,
      output: ByteOutputBuffer(capacity: 1 << 18) { bytes in
        try URLBatchChecker.writeAll(bytes, to: output)
      })
    let chunkSize = 1 << 18
    let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
    defer { chunk.deallocate() }
    while true {
      let count = read(input, chunk, chunkSize)
      if count < 0 {
        if errno == EINTR { continue }
        throw URLBatchError.readFailed(errno: errno)
      }
      if count == 0 { break }
      try run.consume(UnsafeBufferPointer(start: chunk, count: count))
    }
    try run.finish()
    return run.summary
  }

  /// The verdict lines for `urls` (each a line of input) as bytes, and the summary: for tests and small inputs.
  public func output(for urls: [String]) throws -> (bytes: [UInt8], summary: URLBatchSummary) {
    var written: [UInt8] = []
    var remaining = urls.isEmpty ? nil : Array(urls.joined(separator: "\n").utf8)
    let summary = try run(
      readingChunksFrom: {
        defer { remaining = nil }
        return remaining
      },
      writingTo: { written.append(contentsOf: $0) })
    return (written, summary)
  }

  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
    guard var pointer = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = write(descriptor, pointer, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        throw URLBatchError.writeFailed(errno: errno)
      }
      pointer += written
      remaining -= written
    }
  }
}

/// The state of one batch run: the partial line carried between chunks, the output buffer and the counts.
private final class BatchRun {
  let checker: URLAllowanceChecker
  let format: URLVerdictFormat
  let isKnownManagedAppScheme: Bool
  let maximumLineLength: Int
  let output: ByteOutputBuffer
  var carry: [UInt8] = []
  var skippingOverlongLine = false
  var summary = URLBatchSummary()
  let scratch = UniversalLinkPatterns.MatchScratch()

  init(batch: URLBatchChecker, output: ByteOutputBuffer) {
    checker = batch.checker
    format = batch.format
    isKnownManagedAppScheme = batch.isKnownManagedAppScheme
    maximumLineLength = batch.maximumLineLength
    self.output = output
  }

  /// Evaluates every complete line of `chunk`; a trailing partial line is kept for the next chunk.
  func consume(_ chunk: UnsafeBufferPointer<UInt8>) throws {
    guard let base = chunk.baseAddress else { return }
    let count = chunk.count
    var start = 0
    while start < count {
      guard let newline = memchr(base + start, 0x0A, count - start) else {
        try carryOver(UnsafeBufferPointer(start: base + start, count: count - start))
        return
      }
      let end = newline.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
      let piece = UnsafeBufferPointer(start: base + start, count: end - start)
      if skippingOverlongLine {
        skippingOverlongLine = false
      } else if !carry.isEmpty {
        try carryOver(piece)
        if !skippingOverlongLine {
          try carry.withUnsafeBufferPointer { try handle(line: $0) }
        }
        skippingOverlongLine = false
        carry.removeAll(keepingCapacity: true)
      } else {
        try handle(line: piece)
      }
      start = end + 1
    }
  }

  /// Writes the verdict of a last line without `\n`, and flushes.
  func finish() throws {
    if !carry.isEmpty && !skippingOverlongLine {
      try carry.withUnsafeBufferPointer { try handle(line: $0) }
    }
    carry.removeAll()
    skippingOverlongLine = false
    try output.flush()
  }

  /// Appends part of a line to the carried line; past the limit, reports the line once and skips the rest of it.
  private func carryOver(_ piece: UnsafeBufferPointer<UInt8>) throws {
    guard !skippingOverlongLine else { return }
    if carry.count + piece.count <= maximumLineLength {
      carry.append(contentsOf: piece)
      return
    }
    carry.append(contentsOf: piece.prefix(maximumLineLength - carry.count))
    // The verdict is written now, so the carried bytes can go; the rest of the line is skipped.
    try carry.withUnsafeBufferPointer { try writeOverlong($0) }
    carry.removeAll(keepingCapacity: true)
    skippingOverlongLine = true
  }

  @inline(__always)
  private func handle(line: UnsafeBufferPointer<UInt8>) throws {
    var length = line.count
    if length > 0 && line[length - 1] == 0x0D { length -= 1 }
    guard length > 0, let base = line.baseAddress else { return }
    let url = UnsafeBufferPointer(start: base, count: length)
    if length > maximumLineLength {
      try writeOverlong(UnsafeBufferPointer(rebasing: url.prefix(maximumLineLength)))
      return
    }
    let decision = checker.decide(url, isKnownManagedAppScheme: isKnownManagedAppScheme, scratch: scratch)
    try write(decision, url: url)
  }

  private func writeOverlong(_ prefix: UnsafeBufferPointer<UInt8>) throws {
    let decision = Decision(
      verdict: .invalid, reason: .lineTooLong, opened: .nothing, canOpenURL: .notChecked, schemeEnd: 0)
    try write(decision, url: prefix)
  }

  @inline(__always)
  private func write(_ decision: Decision, url: UnsafeBufferPointer<UInt8>) throws {
    count(decision.verdict)
    switch format {
    case .tsv: try writeTSV(decision, url)
    case .json: try writeJSON(decision, url)
    case .text: try writeText(decision, url)
    }
  }

  @inline(__always)
  private func count(_ verdict: URLVerdict.Kind) {
    summary.urls += 1
    switch verdict {
    case .allowed: summary.allowed += 1
    case .blocked: summary.blocked += 1
    case .allowedIfManagedTarget: summary.allowedIfManagedTarget += 1
    case .invalid: summary.invalid += 1
    }
  }

  @inline(__always)
  private func writeTSV(_ decision: Decision, _ url: UnsafeBufferPointer<UInt8>) throws {
    try output.appendPercentEscapingLineStart(url)
    try output.append(0x09)
    try output.append(decision.verdict.staticName)
    try output.append(0x09)
    try output.append(decision.reason.staticName)
    try output.append(0x09)
    if decision.opened == .nothing {
      try output.append(UInt8(ascii: "-"))
    } else {
      try writeOpened(decision, url) { try self.output.appendPercentEscapingControls($0) }
    }
    try output.append(0x09)
    try output.append(decision.canOpenURL.staticName)
    try output.append(0x0A)
  }

  @inline(__always)
  private func writeJSON(_ decision: Decision, _ url: UnsafeBufferPointer<UInt8>) throws {
    try output.append("{\"canOpenURL\":\"")
    try output.append(decision.canOpenURL.staticName)
    if decision.opened == .nothing {
      try output.append("\",\"opens\":null,\"reason\":\"")
    } else {
      try output.append("\",\"opens\":\"")
      try writeOpened(decision, url) { try self.output.appendJSONEscaped($0) }
      try output.append("\",\"reason\":\"")
    }
    try output.append(decision.reason.staticName)
    try output.append("\",\"url\":\"")
    try output.appendJSONEscaped(url)
    try output.append("\",\"verdict\":\"")
    try output.append(decision.verdict.staticName)
    try output.append("\"}\n")
  }

  private func writeText(_ decision: Decision, _ url: UnsafeBufferPointer<UInt8>) throws {
    try output.appendPercentEscapingLineStart(url)
    try output.append(": ")
    try output.append(decision.verdict.staticName)
    try output.append(" by ")
    try output.append(decision.reason.staticName)
    try output.append("; opens ")
    if decision.opened == .nothing {
      try output.append("nothing")
    } else {
      try writeOpened(decision, url) { try self.output.appendPercentEscapingControls($0) }
    }
    try output.append("; canOpenURL ")
    try output.append(decision.canOpenURL.staticName)
    try output.append(0x0A)
  }

  /// Writes the opened URL's three parts, each through `escaping`.
  @inline(__always)
  private func writeOpened(
    _ decision: Decision, _ url: UnsafeBufferPointer<UInt8>, escaping: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    switch decision.opened {
    case .nothing: return
    case .unchanged: try escaping(url)
    case .twin:
      try escaping(UnsafeBufferPointer(rebasing: url[..<decision.schemeEnd]))
      try output.append("-intunemam")
      try escaping(UnsafeBufferPointer(rebasing: url[decision.schemeEnd...]))
    default:
      try checker.replacements[Int(decision.opened.rawValue)].withUnsafeBufferPointer { try escaping($0) }
      try escaping(UnsafeBufferPointer(rebasing: url[decision.schemeEnd...]))
    }
  }
}

extension URLVerdict.Kind {
  /// The raw value as a static string, for writing without allocating.
  var staticName: StaticString {
    switch self {
    case .allowed: return "allowed"
    case .blocked: return "blocked"
    case .allowedIfManagedTarget: return "allowed-if-managed-target"
    case .invalid: return "invalid"
    }
  }
}

extension URLVerdict.Reason {
  /// The raw value as a static string, for writing without allocating.
  var staticName: StaticString {
    switch self {
    case .allowedOutboundDataTransferDestinations: return "allowedOutboundDataTransferDestinations"
    case .exemptedAppProtocols: return "exemptedAppProtocols"
    case .managedBrowser: return "managedBrowser"
    case .customBrowserProtocol: return "customBrowserProtocol"
    case .managedBrowserToOpenLinksRequired: return "managedBrowserToOpenLinksRequired"
    case .exemptedUniversalLinks: return "exemptedUniversalLinks"
    case .managedUniversalLinks: return "managedUniversalLinks"
    case .missingScheme: return "missingScheme"
    case .invalidScheme: return "invalidScheme"
    case .notWebURL: return "notWebURL"
    case .lineTooLong: return "lineTooLong"
    }
  }
}

extension URLVerdict.CanOpenURLStatus {
  /// The raw value as a static string, for writing without allocating.
  var staticName: StaticString {
    switch self {
    case .declared: return "declared"
    case .pastLimit: return "past-limit"
    case .undeclared: return "undeclared"
    case .notChecked: return "not-checked"
    }
  }
}

import PropertyList
import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output and unbuffered ones to standard error, plus reading all of
/// standard input or a file as bytes.
enum StandardStreams {
  nonisolated(unsafe) private static var outputBuffer: [UInt8] = []

  /// Appends `text` to standard output (flushed at 64 KiB and at exit).
  static func writeOutput(_ text: String) {
    outputBuffer.append(contentsOf: text.utf8)
    if outputBuffer.count >= 1 << 16 { flush() }
  }

  /// Appends `bytes` to standard output as they are: a file's contents (`fix -`), which may be a binary plist.
  static func writeOutput(bytes: [UInt8]) {
    outputBuffer.append(contentsOf: bytes)
    if outputBuffer.count >= 1 << 16 { flush() }
  }

  /// Writes `text` to standard error at once (after flushing standard output, to keep order), every line
  /// through `PrintableText.lines`: the reasons written there quote paths and values from the files, which
  /// must neither send control characters to the terminal nor start a line GitHub Actions would run.
  static func writeError(_ text: String) {
    writeRenderedError(PrintableText.lines(text))
  }

  /// Writes `text` to standard error as it is: for caret diagnostics, whose renderer escaped what came from
  /// input and may add colours of its own.
  static func writeRenderedError(_ text: String) {
    flush()
    writeAll(Array(text.utf8), to: 2)
  }

  /// Writes out what standard output holds.
  static func flush() {
    guard !outputBuffer.isEmpty else { return }
    writeAll(outputBuffer, to: 1)
    outputBuffer.removeAll(keepingCapacity: true)
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// `NO_COLOR` and `TERM`, the variables that decide colour in `--color auto` mode (`TerminalStyle.resolve`).
  static var colourEnvironment: [String: String] {
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
  }

  /// The most bytes a command reads from one input (a file, or standard input) unless it says otherwise: the
  /// plist reader's own bound. A predicate, a JSON context or a plist past it is no real input, and `/dev/zero`
  /// or an endless pipe must not fill the memory.
  static let defaultInputLimit = XMLPlistReader.maximumInputSize

  /// All of standard input, or an `InputError` when it holds more than `limit` bytes.
  static func readStandardInput(limit: Int = defaultInputLimit) throws -> [UInt8] {
    try readAll(descriptor: 0, name: "standard input", limit: limit)
  }

  /// All of the file at `path`, or an `InputError` naming it (also when it holds more than `limit` bytes: a
  /// path may name `/dev/zero`).
  static func readFile(_ path: String, limit: Int = defaultInputLimit) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw InputError("cannot read '\(path)': \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    return try readAll(descriptor: descriptor, name: "'\(path)'", limit: limit)
  }

  private static func readAll(descriptor: Int32, name: String, limit: Int) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw InputError("cannot read \(name): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit {
        let size = limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        throw InputError("\(name) holds more than \(size); it is not read")
      }
    }
  }
}

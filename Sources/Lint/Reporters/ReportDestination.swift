import Foundation
import PropertyList
import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One `--report FORMAT=PATH` of `lint`: a report written to a file (atomically: a temporary file beside it, then
/// renamed), or to standard output for `-`. Several in one run render the same report in several formats.
public struct ReportDestination: Sendable, Equatable {
  /// The format.
  public var format: ReportFormat
  /// The file, or `-` for standard output.
  public var path: String

  /// Whether the report goes to standard output.
  public var isStandardOutput: Bool { path == "-" }

  /// A destination.
  public init(format: ReportFormat, path: String) {
    self.format = format
    self.path = path
  }

  /// `FORMAT=PATH` read, or a one-line reason.
  public init(argument: String) throws(ReportDestinationError) {
    guard let equals = argument.firstIndex(of: "=") else {
      throw ReportDestinationError("--report '\(argument)' must be FORMAT=PATH, such as sarif=sharelint.sarif")
    }
    let name = String(argument[..<equals])
    let path = String(argument[argument.index(after: equals)...])
    guard let format = ReportFormat(rawValue: name) else {
      let known = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw ReportDestinationError("--report '\(argument)': unknown format '\(name)' (\(known))")
    }
    guard !path.isEmpty else { throw ReportDestinationError("--report '\(argument)' names no file") }
    self.init(format: format, path: path)
  }

  /// Why the destinations cannot all be written, checked before the run (so a typo costs no lint): standard output
  /// named twice, a file named twice, a folder, or a file whose folder is missing or not writable; nil when they can.
  public static func problem(with destinations: [ReportDestination]) -> ReportDestinationError? {
    var seen = Set<String>()
    for destination in destinations {
      let key = destination.isStandardOutput ? "-" : FileIdentity.of(destination.path)
      guard seen.insert(key).inserted else {
        return ReportDestinationError(
          destination.isStandardOutput
            ? "standard output takes one report: --report FORMAT=- is given twice, or with --format"
            : "--report names '\(destination.path)' twice")
      }
      guard !destination.isStandardOutput else { continue }
      var status = stat()
      if stat(destination.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        return ReportDestinationError("cannot write the report '\(destination.path)': it is a folder")
      }
      let parent = PathText.removingLastComponent(of: destination.path)
      let folder = parent.isEmpty ? "." : parent
      guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
        return ReportDestinationError("cannot write the report '\(destination.path)': its folder does not exist")
      }
      guard access(folder, W_OK) == 0 else {
        return ReportDestinationError("cannot write the report '\(destination.path)': its folder is not writable")
      }
    }
    return nil
  }

  /// Writes `report` to the file atomically (never coloured): the old file stays whole when the write fails.
  public func write(_ report: LintReport) throws(ReportDestinationError) {
    var bytes: [UInt8] = []
    format.write(report) { bytes.append(contentsOf: $0.utf8) }
    do {
      try AtomicFileWriter.write(bytes, to: path, boundary: .unconfined)
    } catch {
      throw ReportDestinationError("cannot write the report '\(path)': \(error)")
    }
  }
}

/// A `--report` that cannot be used: one line, exit status 2.
public struct ReportDestinationError: Error, Sendable, CustomStringConvertible {
  /// The line.
  public var description: String

  init(_ description: String) { self.description = description }
}

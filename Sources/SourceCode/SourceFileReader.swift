import Foundation
import SharelintBase

/// Reads a source file from disk for the source-code rules: bounded in size (a generated or vendored file of
/// several MiB is skipped, and said so), any bytes accepted.
public enum SourceFileReader {
  /// The largest file read, in bytes (4 MiB: hand-written sources are far smaller; what is larger is generated or
  /// vendored code).
  public static let maximumSize = 4 << 20

  /// What reading a file gave.
  public enum Outcome: Sendable {
    /// The file, read and lexed.
    case read(SourceFile)
    /// Larger than `maximumSize` (its size in bytes): not read.
    case tooLarge(Int)
    /// Missing, a folder, or unreadable.
    case unreadable
  }

  /// Reads the file at `path` (named `name` in findings), as the language its extension says; a file of another
  /// extension is read as Swift.
  public static func read(_ path: String, name: String, maximumSize: Int = maximumSize) -> Outcome {
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return .unreadable }
    let size = Int(status.st_size)
    guard size <= maximumSize else { return .tooLarge(size) }
    guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: maximumSize + 1) else {
      return size == 0 ? .read(SourceFile(name: name, bytes: [], language: SourceLanguage(path: path) ?? .swift))
        : .unreadable
    }
    guard data.count <= maximumSize else { return .tooLarge(data.count) }
    return .read(SourceFile(name: name, bytes: [UInt8](data), language: SourceLanguage(path: path) ?? .swift))
  }
}

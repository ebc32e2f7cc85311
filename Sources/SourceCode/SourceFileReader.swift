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
    /// Larger than `maximumSize` (the bound, in bytes): not read.
    case tooLarge(Int)
    /// Missing, a folder, unreadable, or refused by the repository boundary: why, as the words that follow the
    /// file's name (`does not exist`, `is outside the linted folders: not read …`).
    case unreadable(String)
  }

  /// Reads the file at `path` (named `name` in findings) through `RepositoryFile` (the repository boundary, regular
  /// files only), as the language its extension says; a file of another extension is read as Swift.
  public static func read(_ path: String, name: String, maximumSize: Int = maximumSize) -> Outcome {
    switch RepositoryFile.read(path, limit: maximumSize) {
    case .success(let bytes):
      return .read(SourceFile(name: name, bytes: bytes, language: SourceLanguage(path: path) ?? .swift))
    case .failure(.tooLarge(let limit)):
      return .tooLarge(limit)
    case .failure(let failure):
      return .unreadable(failure.description)
    }
  }
}

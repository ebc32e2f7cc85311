import Foundation

/// Reads the files a spec names — specs it includes, manifests a walk meets — only when they are regular files
/// and no larger than a limit: a path can name a FIFO or a device (`include: /dev/zero`), whose read would wait or
/// never end.
enum XcodeGenFileReader {
  /// Why a file was not read.
  enum Failure: Error {
    case missing
    case notARegularFile
    case tooLarge(Int)
    case unreadable
  }

  /// At most `limit` bytes of the regular file at `path`: all of it, or its first `limit` bytes when `prefixOnly`.
  static func read(_ path: String, limit: Int, prefixOnly: Bool = false) -> Result<[UInt8], Failure> {
    var status = stat()
    guard stat(path, &status) == 0 else { return .failure(.missing) }
    guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
    let size = Int(status.st_size)
    if size > limit, !prefixOnly { return .failure(.tooLarge(size)) }
    guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: limit + 1) else { return .failure(.unreadable) }
    if data.count > limit {
      return prefixOnly ? .success(Array(data.prefix(limit))) : .failure(.tooLarge(data.count))
    }
    return .success(Array(data))
  }
}

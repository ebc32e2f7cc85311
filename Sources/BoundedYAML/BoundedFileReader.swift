import Foundation

/// Reads a file a repository or a document names — a `.sharelint.yml` — only when it is a regular file no larger
/// than a limit: a path (or a symbolic link) can name a FIFO or a device (`include: /dev/zero`), whose read would wait
/// or never end. XcodeModel reads XcodeGen specs and manifests through `RepositoryFile` (SharelintBase), which also
/// keeps the reads inside the `RepositoryBoundary`; this reader goes once its last caller has moved there too.
package enum BoundedFileReader {
  /// Why a file was not read.
  package enum Failure: Error {
    case missing
    case notARegularFile
    case tooLarge(Int)
    case unreadable
  }

  /// At most `limit` bytes of the regular file at `path`: all of it, or its first `limit` bytes when `prefixOnly`.
  package static func read(_ path: String, limit: Int, prefixOnly: Bool = false) -> Result<[UInt8], Failure> {
    var status = stat()
    guard stat(path, &status) == 0 else { return .failure(.missing) }
    guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
    let size = Int(status.st_size)
    if size > limit, !prefixOnly { return .failure(.tooLarge(size)) }
    guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
    defer { try? handle.close() }
    let data: Data
    do {
      // `nil` at the end of the file: an empty file.
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      return .failure(.unreadable)
    }
    if data.count > limit {
      return prefixOnly ? .success(Array(data.prefix(limit))) : .failure(.tooLarge(data.count))
    }
    return .success(Array(data))
  }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way sharelint reads a file or lists a folder that a repository, or the user, names: through the
/// process's `RepositoryBoundary`, only when it is a regular file (a folder, for a listing), and no more than a
/// limit. A path (or a symbolic link) can name a FIFO or a device (`include: /dev/zero`), whose read would wait
/// or never end; the file is opened without blocking and its type checked once open.
public enum RepositoryFile {
  /// Why a file was not read.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing is there.
    case missing
    /// A folder, where a file was expected.
    case isFolder
    /// The boundary refuses it (outside the roots, `.git`, the system's folders, a FIFO, socket or device).
    case refused(BoundaryRefusal)
    /// Larger than the limit (in bytes).
    case tooLarge(limit: Int)
    /// The system refused it (its reason).
    case unreadable(String)

    /// `does not exist`, `is larger than 4 MiB`, `'/etc/passwd': outside the linted folders: not read (…)`: what
    /// follows the file's name in a message.
    public var description: String {
      switch self {
      case .missing: return "does not exist"
      case .isFolder: return "is a folder"
      case .refused(let refusal): return "is \(refusal.consequence)"
      case .tooLarge(let limit): return "is larger than \(Self.sizeText(limit))"
      case .unreadable(let reason): return "cannot be read: \(reason)"
      }
    }

    private static func sizeText(_ bytes: Int) -> String {
      if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
      if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
      return "\(bytes) bytes"
    }
  }

  /// The bytes of the regular file at `path`: all of them, or the first `limit` when `prefixOnly` (a larger file is
  /// `tooLarge` otherwise). `identity` is the file's `FileIdentity` when the caller knows it already.
  public static func read(
    _ path: String, limit: Int, prefixOnly: Bool = false, identity: String? = nil,
    boundary: RepositoryBoundary = .current
  ) -> Result<[UInt8], Failure> {
    if let refusal = boundary.refusal(toRead: path, identity: identity) { return .failure(.refused(refusal)) }
    // O_NONBLOCK: a FIFO opens at once instead of waiting for a writer, and is refused by the type check below; a
    // socket does not open. Devices live in /dev, which the boundary refuses (a checkout cannot hold one). Each
    // lint reads every plist two or three times: one stat(2) before the open cost 27,000 calls on 10,000 plists.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT, ENOTDIR: return .failure(.missing)
      case ENXIO: return .failure(.refused(BoundaryRefusal(path: path, reason: .notARegularFile("socket"))))
      default: return .failure(.unreadable(Self.systemReason()))
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(Self.systemReason())) }
    if let failure = Self.failure(forType: status.st_mode, path: path) { return .failure(failure) }
    if Int(status.st_size) > limit, !prefixOnly { return .failure(.tooLarge(limit: limit)) }
    // st_size is a hint (a file can grow while read): read until the end or one byte past the limit.
    let wanted = min(limit, max(Int(status.st_size), 0)) + 1
    var bytes = [UInt8](repeating: 0, count: min(wanted, limit + 1))
    var count = 0
    while count <= limit {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(max(count, 4_096), limit + 1 - count)) }
      let read = bytes.withUnsafeMutableBytes { buffer in
        readFromDescriptor(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if read == 0 { break }
      if read < 0 {
        if errno == EINTR { continue }
        return .failure(.unreadable(Self.systemReason()))
      }
      count += read
    }
    if count > limit {
      guard prefixOnly else { return .failure(.tooLarge(limit: limit)) }
      count = limit
    }
    bytes.removeSubrange(count...)
    return .success(bytes)
  }

  /// The names in the folder at `path` (without `.` and `..`), in no particular order.
  public static func listFolder(_ path: String, boundary: RepositoryBoundary = .current) -> Result<[String], Failure> {
    if let refusal = boundary.refusal(toRead: path) { return .failure(.refused(refusal)) }
    guard let folder = opendir(path.isEmpty ? "." : path) else {
      return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(Self.systemReason()))
    }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      // In place (`&`): a copy of `d_name` would read its whole 256 bytes, past the end of a short entry's record.
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
          String(cString: $0)
        }
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return .success(names)
  }

  /// The failure for a file of type `mode` (`st_mode`), nil for a regular file.
  private static func failure(forType mode: mode_t, path: String) -> Failure? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return .isFolder
    case S_IFIFO: return .refused(BoundaryRefusal(path: path, reason: .notARegularFile("FIFO")))
    case S_IFSOCK: return .refused(BoundaryRefusal(path: path, reason: .notARegularFile("socket")))
    case S_IFCHR, S_IFBLK: return .refused(BoundaryRefusal(path: path, reason: .notARegularFile("device")))
    default: return .refused(BoundaryRefusal(path: path, reason: .notARegularFile("special file")))
    }
  }

  private static func systemReason() -> String { String(cString: strerror(errno)) }
}

/// The system's `read(2)`, named apart from `RepositoryFile.read`.
private func readFromDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
  Glibc.read(descriptor, buffer, count)
  #else
  Darwin.read(descriptor, buffer, count)
  #endif
}

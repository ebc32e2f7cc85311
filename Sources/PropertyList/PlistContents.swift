import Foundation
import SharelintBase

/// The bytes of a plist, where a long run finds them again: kept in memory, or — for a file on disk —
/// read from the file each time they are needed. The first read records a fingerprint, and every later
/// read must match it.
///
/// Linting 10,000 plists holds a reference to every file until the report is printed; keeping their
/// bytes would hold every file in memory (40 MB for 10,000 Info.plists). A file that changed since it was
/// first read is refused (`PropertyListError.Kind.fileChanged`), never read as if it were the same.
public final class PlistContents: @unchecked Sendable {
  private enum Storage {
    case inMemory([UInt8])
    case onDisk(path: String)
  }

  private let storage: Storage
  private let lock = NSLock()
  private var firstRead: (count: Int, fingerprint: UInt64)?
  /// The file's symlink-free path (`FileIdentity`), once known: later reads skip the boundary's `realpath(3)`.
  private var identity: String?

  /// Contents held in memory (an archive entry, standard input, a fix's result).
  public init(bytes: [UInt8]) {
    storage = .inMemory(bytes)
  }

  /// The file at `path`, not read yet; `identity` is its `FileIdentity` when known (a walk knows most).
  public init(file path: String, identity: String? = nil) {
    storage = .onDisk(path: path)
    self.identity = identity
  }

  /// The file at `path`, whose bytes were `firstRead`: only their length and fingerprint are kept.
  public init(file path: String, identity: String? = nil, firstRead bytes: [UInt8]) {
    storage = .onDisk(path: path)
    self.identity = identity
    firstRead = (bytes.count, Self.fingerprint(of: bytes))
  }

  /// The bytes: from memory, or read from the file.
  /// - Throws: `PropertyListError` when the file cannot be read (missing, unreadable, too large), or no
  ///   longer holds the bytes of its first read.
  public func bytes() throws(PropertyListError) -> [UInt8] {
    switch storage {
    case .inMemory(let bytes):
      return bytes
    case .onDisk(let path):
      lock.lock()
      let knownIdentity = identity
      lock.unlock()
      let resolvedIdentity = knownIdentity ?? FileIdentity.of(path)
      let bytes = try FileBytes.read(path, identity: resolvedIdentity)
      let fingerprint = Self.fingerprint(of: bytes)
      lock.lock()
      defer { lock.unlock() }
      identity = resolvedIdentity
      guard let firstRead else {
        firstRead = (bytes.count, fingerprint)
        return bytes
      }
      guard firstRead.count == bytes.count, firstRead.fingerprint == fingerprint else {
        throw PropertyListError(.fileChanged, "'\(path)' changed while sharelint was reading it; run again")
      }
      return bytes
    }
  }

  /// `bytes()` as a result.
  package func read() -> Result<[UInt8], PropertyListError> {
    do throws(PropertyListError) {
      return .success(try bytes())
    } catch {
      return .failure(error)
    }
  }

  /// FNV-1a, 64 bits, taken eight bytes at a time (each word folded down after its multiply) and then
  /// byte by byte for the tail: enough to notice a file that changed between two reads a moment apart,
  /// at a fraction of the cost of the byte-wise hash (every read of every file pays it).
  static func fingerprint(of bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let prime: UInt64 = 0x100_0000_01b3
    bytes.withUnsafeBytes { raw in
      let words = raw.count / 8
      for index in 0..<words {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
        hash ^= hash >> 29
      }
      for offset in (words * 8)..<raw.count {
        hash = (hash ^ UInt64(raw[offset])) &* prime
      }
    }
    return hash
  }
}

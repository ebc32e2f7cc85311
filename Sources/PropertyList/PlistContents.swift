/// The bytes of a plist, where a long run finds them again: kept in memory, or — for a file on disk — read
/// again from the file when needed and checked against a fingerprint of the first read.
///
/// Linting 10,000 plists holds a reference to every file until the report is printed; keeping their
/// bytes would hold every file in memory (40 MB for 10,000 Info.plists). A file that changed since it was
/// first read is refused (`PropertyListError.Kind.fileChanged`), never read as if it were the same.
public struct PlistContents: Sendable {
  private enum Storage: Sendable {
    case inMemory([UInt8])
    case onDisk(path: String, count: Int, fingerprint: UInt64)
  }

  private let storage: Storage

  /// Contents held in memory (an archive entry, standard input, a fix's result).
  public init(bytes: [UInt8]) {
    storage = .inMemory(bytes)
  }

  /// The file at `path`, whose bytes were `firstRead`: only their length and fingerprint are kept.
  public init(file path: String, firstRead: [UInt8]) {
    storage = .onDisk(path: path, count: firstRead.count, fingerprint: Self.fingerprint(of: firstRead))
  }

  /// The bytes: from memory, or read again from the file.
  /// - Throws: `PropertyListError` when the file can no longer be read or no longer holds the same bytes.
  public func bytes() throws(PropertyListError) -> [UInt8] {
    switch storage {
    case .inMemory(let bytes):
      return bytes
    case .onDisk(let path, let count, let fingerprint):
      let bytes: [UInt8]
      do {
        bytes = try FileBytes.read(path)
      } catch let error as PropertyListError {
        throw error
      } catch {
        throw PropertyListError(.fileSystem, "'\(path)' cannot be read: \(error)")
      }
      guard bytes.count == count, Self.fingerprint(of: bytes) == fingerprint else {
        throw PropertyListError(.fileChanged, "'\(path)' changed while sharelint was reading it; run again")
      }
      return bytes
    }
  }

  /// FNV-1a, 64 bits: enough to notice a file that changed between two reads a moment apart.
  static func fingerprint(of bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}

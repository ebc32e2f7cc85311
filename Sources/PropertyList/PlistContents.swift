import Foundation
import Synchronization
import SharelintBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a plist, where a long run finds them again: kept in memory, or — for a file on disk —
/// read from the file each time they are needed. The first read records a fingerprint, and every later
/// read must match it.
///
/// Linting 10,000 plists holds a reference to every file until the report is printed; keeping every file's
/// bytes until then would hold them all in memory (40 MB for 10,000 padded Info.plists). A file found by discovery
/// keeps the bytes of its first read while a run-wide `KeptBytesBudget` lasts (real Info.plists are 1.5 KB: 10,000
/// of them fit), so that pairing and the job share one read, until its last job releases them
/// (`releaseKeptBytes`); past the budget, and for a report's excerpts, the file is read again. A file read again
/// that changed since it was first read is refused (`PropertyListError.Kind.fileChanged`), never read as if it
/// were the same; a kept file is linted as it was read (`fix` checks the file on disk again before it writes:
/// `AtomicFileWriter`).
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
  /// Where the bytes of a file on disk may be kept after a read, when anywhere.
  private let keptBytesBudget: KeptBytesBudget?
  /// The bytes of a file on disk, kept from its first read while `keptBytesBudget` allowed.
  private var kept: KeptBytes?

  /// Contents held in memory (an archive entry, standard input, a fix's result).
  public init(bytes: [UInt8]) {
    storage = .inMemory(bytes)
    keptBytesBudget = nil
  }

  /// The file at `path`, not read yet; `identity` is its `FileIdentity` when known (a walk knows most).
  public init(file path: String, identity: String? = nil) {
    storage = .onDisk(path: path)
    self.identity = identity
    keptBytesBudget = nil
  }

  /// The file at `path`, not read yet, whose bytes are kept from the first read while `budget` allows (else read
  /// again each time); `identity` is its `FileIdentity` when known.
  public init(file path: String, identity: String? = nil, keepingWithin budget: KeptBytesBudget) {
    storage = .onDisk(path: path)
    self.identity = identity
    keptBytesBudget = budget
  }

  /// The file at `path`, whose bytes were `firstRead`: only their length and fingerprint are kept.
  public init(file path: String, identity: String? = nil, firstRead bytes: [UInt8]) {
    storage = .onDisk(path: path)
    self.identity = identity
    firstRead = (bytes.count, Self.fingerprint(of: bytes))
    keptBytesBudget = nil
  }

  /// The bytes: from memory (kept, for a file on disk read before), or read from the file.
  /// - Throws: `PropertyListError` when the file cannot be read (missing, unreadable, too large), or no
  ///   longer holds the bytes of its first read.
  public func bytes() throws(PropertyListError) -> [UInt8] {
    switch storage {
    case .inMemory(let bytes):
      return bytes
    case .onDisk(let path):
      lock.lock()
      if let kept {
        lock.unlock()
        return kept.bytes
      }
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
        // Only the first read's bytes are kept: bytes released after the last job are not kept again.
        kept = keptBytesBudget?.keep(bytes)
        return bytes
      }
      guard firstRead.count == bytes.count, firstRead.fingerprint == fingerprint else {
        throw PropertyListError(.fileChanged, "'\(path)' changed while sharelint was reading it; run again")
      }
      return bytes
    }
  }

  /// Frees the bytes kept from a read (giving them back to the budget): the next `bytes()` reads the file again,
  /// and must find the same bytes. For a file whose last job is done, whose bytes only a report's excerpt may need.
  public func releaseKeptBytes() {
    lock.lock()
    let released = kept
    kept = nil
    lock.unlock()
    _ = released   // its slab is unmapped once the last bytes in it are released
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

/// How many bytes of the files a run has read may stay in memory (`PlistContents(file:identity:keepingWithin:)`):
/// within it a file is read once, past it read again when needed. Safe to share between threads.
///
/// Kept bytes are copied into slabs of `slabSize` bytes mapped outside malloc's heap (`mmap(2)`), each unmapped when
/// the last bytes in it are released: 10,000 buffers of 1.5 KB freed one by one among the jobs' allocations left
/// holes the heap did not reuse (the run's peak grew by twice the bytes kept). The budget counts the slabs mapped.
public final class KeptBytesBudget: Sendable {
  /// The size of a slab.
  static let slabSize = 1 << 20
  /// The largest file kept: larger ones are read again.
  static let largestKept = 64 << 10

  private struct State {
    var slabsLeft: Int
    var current: KeptBytesSlab?
  }

  private let state: Mutex<State>

  /// A budget of `bytes` (whole slabs).
  public init(bytes: Int) { state = Mutex(State(slabsLeft: bytes / Self.slabSize)) }

  /// The budget of the files discovery reads, shared by every run in the process: 16 MiB, all of 10,000 real-sized
  /// Info.plists (1.5 KB; each then read from the disk once before the report), about 4,000 of the benchmark's padded
  /// ones (4.2 KB). With 12 MiB, 2,000 of the real-sized ones were read twice, at 6% more CPU; 16 MiB had taken the
  /// padded tree's peak past 100 MiB (101.3) before the jobs shared their parts (issue 27): it is 93 MB now, and the
  /// real-sized tree's 80 MB (78 with 12 MiB).
  public static let discoveredFiles = KeptBytesBudget(bytes: 16 << 20)

  /// A copy of `bytes` in a slab, or nil when the budget has no room left (or they are too large to keep).
  func keep(_ bytes: [UInt8]) -> KeptBytes? {
    guard bytes.count <= Self.largestKept else { return nil }
    // A full slab leaves the lock with the caller: when nothing refers to it any more, its unmapping takes the lock.
    let (kept, full) = state.withLock { state -> (KeptBytes?, KeptBytesSlab?) in
      var full: KeptBytesSlab?
      if let room = state.current.map({ $0.capacity - $0.used }), room < bytes.count,
        isKnownUniquelyReferenced(&state.current)
      {
        state.current?.used = 0   // every byte kept in it was released: fill it again
      }
      if state.current.map({ $0.capacity - $0.used < bytes.count }) ?? true {
        full = state.current
        state.current = nil
        guard state.slabsLeft > 0, let slab = KeptBytesSlab(capacity: Self.slabSize, budget: self) else {
          return (nil, full)
        }
        state.slabsLeft -= 1
        state.current = slab
      }
      guard let slab = state.current else { return (nil, full) }
      let offset = slab.used
      bytes.withUnsafeBytes { source in
        if let base = source.baseAddress { (slab.base + offset).copyMemory(from: base, byteCount: source.count) }
      }
      slab.used += bytes.count
      return (KeptBytes(slab: slab, offset: offset, count: bytes.count), full)
    }
    _ = full
    return kept
  }

  /// A slab was unmapped: one more may be mapped.
  fileprivate func slabUnmapped() { state.withLock { $0.slabsLeft += 1 } }
}

/// Bytes kept in a slab; the slab stays mapped while any refer to it.
struct KeptBytes: @unchecked Sendable {
  let slab: KeptBytesSlab
  let offset: Int
  let count: Int

  /// A copy of the bytes.
  var bytes: [UInt8] {
    [UInt8](UnsafeRawBufferPointer(start: slab.base + offset, count: count))
  }
}

/// A region mapped with `mmap(2)` (anonymous, private), unmapped when freed; `used` is guarded by its budget's lock.
final class KeptBytesSlab: @unchecked Sendable {
  let base: UnsafeMutableRawPointer
  let capacity: Int
  var used = 0
  /// Weak: the budget holds its current slab, and a strong reference back would keep both alive forever.
  private weak var budget: KeptBytesBudget?

  init?(capacity: Int, budget: KeptBytesBudget) {
    #if canImport(Glibc)
    let flags = MAP_PRIVATE | MAP_ANONYMOUS
    #else
    let flags = MAP_PRIVATE | MAP_ANON
    #endif
    guard let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, flags, -1, 0),
      mapped != UnsafeMutableRawPointer(bitPattern: -1)
    else { return nil }
    base = mapped
    self.capacity = capacity
    self.budget = budget
  }

  deinit {
    munmap(base, capacity)
    budget?.slabUnmapped()
  }
}

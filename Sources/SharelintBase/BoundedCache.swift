#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A memo of a pure function's answers by input, safe from any thread and bounded: when it holds `capacity`
/// answers it starts again empty. For work that the targets of a run repeat on equal input — the same activation
/// rule in every flavour of an app, the same dictionary rule in every copy of an extension — where the answer
/// depends on nothing but the key.
///
/// The answers are released when the process exits. Swift keeps the payload of an indirect enum (a predicate's
/// syntax tree) behind a pointer whose spare bits hold the case, which LeakSanitizer does not recognise as a
/// pointer: what a long-lived cache holds at exit would be reported as leaked and hide a real leak.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let table = Mutex<[Key: Value]>([:])
  private let capacity: Int

  /// An empty cache of at most `capacity` answers.
  public init(capacity: Int) {
    self.capacity = max(1, capacity)
    CachesReleasedAtExit.add { [self] in removeAll() }
  }

  /// The answer for `key`: the one kept, or `compute()`'s, which is kept. Two threads asking for a new key at
  /// once may both compute it; both get an equal answer.
  public func value(for key: Key, compute: () throws -> Value) rethrows -> Value {
    if let known = table.withLock({ $0[key] }) { return known }
    let value = try compute()
    table.withLock { answers in
      if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
      answers[key] = value
    }
    return value
  }

  /// Forgets every answer.
  public func removeAll() {
    table.withLock { $0.removeAll() }
  }
}

/// The caches to empty when the process exits (see `BoundedCache`).
private enum CachesReleasedAtExit {
  private static let releases = Mutex<[@Sendable () -> Void]>([])
  /// Installs the exit handler once, with the first cache.
  private static let handler: Void = {
    atexit { CachesReleasedAtExit.releaseAll() }
  }()

  static func add(_ release: @escaping @Sendable () -> Void) {
    _ = handler
    releases.withLock { $0.append(release) }
  }

  static func releaseAll() {
    for release in releases.withLock({ $0 }) { release() }
  }
}

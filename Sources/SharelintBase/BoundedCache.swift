import Synchronization

/// A memo of a pure function's answers by input, safe from any thread and bounded: when it holds `capacity`
/// answers it starts again empty. For work that the targets of a run repeat on equal input — the same activation
/// rule in every flavour of an app, the same dictionary rule in every copy of an extension — where the answer
/// depends on nothing but the key.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let table = Mutex<[Key: Value]>([:])
  private let capacity: Int

  /// An empty cache of at most `capacity` answers.
  public init(capacity: Int) {
    self.capacity = max(1, capacity)
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
}

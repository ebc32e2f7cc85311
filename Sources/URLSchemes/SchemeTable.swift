/// What the checker knows about one lowercase scheme: whether the policy exempts it and where the app's
/// `LSApplicationQueriesSchemes` declares it and its `-intunemam` twin.
struct SchemeFacts {
  /// The scheme is in `exemptedAppProtocols`.
  var isExempt = false
  /// The first position of the scheme in `LSApplicationQueriesSchemes`, or -1.
  var declaredIndex: Int32 = -1
  /// The first position of `<scheme>-intunemam` in `LSApplicationQueriesSchemes`, or -1.
  var twinDeclaredIndex: Int32 = -1

  static let unknown = SchemeFacts()
}

/// An open-addressing hash table from lowercase scheme bytes to `SchemeFacts`, built once and read without
/// allocating: lookups take the bytes of a URL as they are (any case) with the FNV-1a hash of their lowercase form.
final class SchemeTable: @unchecked Sendable {
  // Immutable after `init`; the storage is manual so the hot loop reads it without bounds checks or retains.
  private let keyBytes: UnsafeMutablePointer<UInt8>
  private let keyStarts: UnsafeMutablePointer<Int32>
  private let keyLengths: UnsafeMutablePointer<Int32>
  private let facts: UnsafeMutablePointer<SchemeFacts>
  private let slots: UnsafeMutablePointer<Int32>
  private let slotMask: Int
  private let entryCount: Int

  /// The FNV-1a offset basis, the hash of no bytes.
  static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The FNV-1a prime.
  static let hashPrime: UInt64 = 0x0000_0100_0000_01b3

  /// Builds the table from lowercase schemes and their facts (later duplicates are ignored).
  init(_ entries: [(scheme: [UInt8], facts: SchemeFacts)]) {
    var unique: [[UInt8]: Int] = [:]
    var keys: [[UInt8]] = []
    var values: [SchemeFacts] = []
    for entry in entries where unique[entry.scheme] == nil {
      unique[entry.scheme] = keys.count
      keys.append(entry.scheme)
      values.append(entry.facts)
    }
    entryCount = keys.count
    var capacity = 16
    while capacity < keys.count * 4 { capacity <<= 1 }
    slotMask = capacity - 1
    let totalBytes = keys.reduce(0) { $0 + $1.count }
    keyBytes = .allocate(capacity: max(1, totalBytes))
    keyStarts = .allocate(capacity: max(1, keys.count))
    keyLengths = .allocate(capacity: max(1, keys.count))
    facts = .allocate(capacity: max(1, keys.count))
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: -1, count: capacity)
    var offset = 0
    for (index, key) in keys.enumerated() {
      for (position, byte) in key.enumerated() { keyBytes[offset + position] = byte }
      keyStarts[index] = Int32(offset)
      keyLengths[index] = Int32(key.count)
      (facts + index).initialize(to: values[index])
      offset += key.count
      var slot = Int(truncatingIfNeeded: SchemeTable.hash(key)) & slotMask
      while slots[slot] >= 0 { slot = (slot + 1) & slotMask }
      slots[slot] = Int32(index)
    }
  }

  deinit {
    keyBytes.deallocate()
    keyStarts.deallocate()
    keyLengths.deallocate()
    facts.deinitialize(count: entryCount)
    facts.deallocate()
    slots.deallocate()
  }

  /// FNV-1a of bytes that are already lowercase.
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash = hashSeed
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* hashPrime }
    return hash
  }

  /// The facts of `count` bytes at `scheme` (any case) whose lowercase FNV-1a hash is `hash`.
  @inline(__always)
  func facts(of scheme: UnsafePointer<UInt8>, count: Int, hash: UInt64) -> SchemeFacts {
    var slot = Int(truncatingIfNeeded: hash) & slotMask
    while true {
      let index = Int(slots[slot])
      if index < 0 { return .unknown }
      if Int(keyLengths[index]) == count {
        let key = keyBytes + Int(keyStarts[index])
        var position = 0
        while position < count && URLSchemeSyntax.lowercased(scheme[position]) == key[position] { position += 1 }
        if position == count { return facts[index] }
      }
      slot = (slot + 1) & slotMask
    }
  }

  /// The facts of a lowercase scheme given as a string.
  func facts(of scheme: String) -> SchemeFacts {
    let bytes = Array(URLSchemeSyntax.normalized(scheme).utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return .unknown }
      return facts(of: base, count: buffer.count, hash: SchemeTable.hash(bytes))
    }
  }
}

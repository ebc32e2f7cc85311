/// A read-only hash table from type identifiers to node numbers, looked up without allocating and
/// ignoring ASCII case: identifiers are read eight bytes at a time, capitals are lowered in the
/// word, and the words are hashed and compared with the stored (lowercase, zero-padded) keys.
/// Identifiers with non-ASCII letters are lowercased as strings first.
///
/// Conformance checks run in the evaluator's innermost loop; this is several times faster there
/// than a `[String: Int]` keyed by lowercased strings.
struct IdentifierTable: Sendable {
  /// Every key's folded bytes as little-endian words, each key padded with zeros to whole words.
  private let keyWords: [UInt64]
  private let slots: [Slot]
  private let mask: Int

  struct Slot: Sendable {
    /// The key's first word in `keyWords`.
    var start: Int32
    /// The key's length in bytes, or -1 for an empty slot.
    var length: Int32
    var node: Int32
    var hash: UInt32
  }

  /// A table of `keys` (already folded to lowercase), the key at position `n` naming node `n`.
  init(foldedKeys keys: [String]) {
    var capacity = 16
    while capacity < keys.count * 2 { capacity <<= 1 }
    var words: [UInt64] = []
    var slots = [Slot](repeating: Slot(start: 0, length: -1, node: -1, hash: 0), count: capacity)
    for (node, key) in keys.enumerated() {
      Self.insert(key, node: node, words: &words, slots: &slots)
    }
    keyWords = words
    self.slots = slots
    mask = capacity - 1
  }

  /// This table with `keys` (already folded, none in the table yet) added as nodes `firstNode`,
  /// `firstNode + 1`, …; nil when they would fill more than half the slots (build a new table then).
  func adding(foldedKeys keys: [String], firstNode: Int) -> IdentifierTable? {
    guard (firstNode + keys.count) * 2 <= slots.count else { return nil }
    var words = keyWords
    var slots = slots
    for (offset, key) in keys.enumerated() {
      Self.insert(key, node: firstNode + offset, words: &words, slots: &slots)
    }
    return IdentifierTable(keyWords: words, slots: slots, mask: mask)
  }

  private init(keyWords: [UInt64], slots: [Slot], mask: Int) {
    self.keyWords = keyWords
    self.slots = slots
    self.mask = mask
  }

  /// Stores `key`'s words and claims the first free slot from its hash.
  private static func insert(_ key: String, node: Int, words: inout [UInt64], slots: inout [Slot]) {
    let bytes = Array(key.utf8)
    let start = words.count
    var hash = seed
    bytes.withUnsafeBufferPointer { buffer in
      forEachWord(buffer) { word in
        words.append(word)
        hash = mix(hash, word)
      }
    }
    let finished = finish(hash, length: bytes.count)
    let capacity = slots.count
    var slot = Int(finished) & (capacity - 1)
    while slots[slot].length >= 0 { slot = (slot + 1) & (capacity - 1) }
    slots[slot] = Slot(start: Int32(start), length: Int32(bytes.count), node: Int32(node), hash: finished)
  }

  /// The node for `identifier`, ignoring case; nil when absent.
  func node(for identifier: String) -> Int? {
    var identifier = identifier
    let answer = identifier.withUTF8 { buffer -> Int?? in
      var hash = Self.seed
      var ascii = true
      var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
      let wordCount = (buffer.count + 7) / 8
      guard wordCount <= 8 else { return .some(lookUpLong(buffer)) }
      return withUnsafeMutableBytes(of: &words) { raw -> Int?? in
        let wordBuffer = raw.bindMemory(to: UInt64.self)
        var index = 0
        Self.forEachWord(buffer) { word in
          if word & 0x8080_8080_8080_8080 != 0 { ascii = false }
          wordBuffer[index] = word
          index += 1
          hash = Self.mix(hash, word)
        }
        guard ascii else { return .none }
        return .some(find(UnsafeBufferPointer(start: wordBuffer.baseAddress, count: wordCount), length: buffer.count,
                          hash: Self.finish(hash, length: buffer.count)))
      }
    }
    if let answer { return answer }
    var lowered = identifier.lowercased()
    return lowered.withUTF8 { lookUpLong($0) }
  }

  /// The general path: any length, words on the heap.
  private func lookUpLong(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    var words: [UInt64] = []
    var hash = Self.seed
    Self.forEachWord(buffer) { word in
      words.append(word)
      hash = Self.mix(hash, word)
    }
    return words.withUnsafeBufferPointer {
      find($0, length: buffer.count, hash: Self.finish(hash, length: buffer.count))
    }
  }

  private func find(_ words: UnsafeBufferPointer<UInt64>, length: Int, hash: UInt32) -> Int? {
    var slot = Int(hash) & mask
    return keyWords.withUnsafeBufferPointer { keys in
      while true {
        let entry = slots[slot]
        if entry.length < 0 { return nil }
        if entry.hash == hash && Int(entry.length) == length {
          let start = Int(entry.start)
          var index = 0
          while index < words.count && keys[start + index] == words[index] { index += 1 }
          if index == words.count { return Int(entry.node) }
        }
        slot = (slot + 1) & mask
      }
    }
  }

  private static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15

  @inline(__always)
  private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    (hash ^ word) &* 0x100_0000_01B3 &+ (hash >> 29)
  }

  @inline(__always)
  private static func finish(_ hash: UInt64, length: Int) -> UInt32 {
    let mixed = (hash ^ UInt64(length)) &* 0xFF51_AFD7_ED55_8CCD
    return UInt32(truncatingIfNeeded: mixed >> 32)
  }

  /// Calls `body` with each eight-byte word of `buffer`, little-endian, zero-padded, ASCII capitals lowered.
  @inline(__always)
  private static func forEachWord(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void) {
    var offset = 0
    while offset < buffer.count {
      var word: UInt64 = 0
      let end = min(offset + 8, buffer.count)
      if end - offset == 8, let base = buffer.baseAddress {
        word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
      } else {
        let tail = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[offset..<end]))
        withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: tail) }
        word = UInt64(littleEndian: word)
      }
      body(lowercasingASCII(word))
      offset = end
    }
  }

  /// `word` with every byte from 'A' to 'Z' turned to lowercase; other bytes are unchanged.
  @inline(__always)
  static func lowercasingASCII(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let low7 = word & ~high
    let atLeastA = (low7 &+ ones &* (0x80 - 0x41)) & high
    let pastZ = (low7 &+ ones &* (0x80 - 0x5B)) & high
    let capitals = atLeastA & ~pastZ & ~word
    return word | (capitals >> 2)
  }
}

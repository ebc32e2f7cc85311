/// A fixed-size output buffer handed to a sink whenever it fills: verdict lines are written into it byte by byte,
/// so writing allocates nothing per line.
final class ByteOutputBuffer {
  private let storage: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private var count = 0
  private let sink: (UnsafeRawBufferPointer) throws -> Void

  init(capacity: Int = 1 << 16, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.capacity = max(capacity, 64)
    storage = .allocate(capacity: self.capacity)
    self.sink = sink
  }

  deinit { storage.deallocate() }

  /// Hands the buffered bytes to the sink.
  func flush() throws {
    guard count > 0 else { return }
    try sink(UnsafeRawBufferPointer(start: storage, count: count))
    count = 0
  }

  @inline(__always)
  func append(_ byte: UInt8) throws {
    if count == capacity { try flush() }
    storage[count] = byte
    count += 1
  }

  @inline(__always)
  func append(_ bytes: UnsafePointer<UInt8>, count length: Int) throws {
    if length > capacity - count {
      try flush()
      if length > capacity {
        try sink(UnsafeRawBufferPointer(start: bytes, count: length))
        return
      }
    }
    (storage + count).update(from: bytes, count: length)
    count += length
  }

  @inline(__always)
  func append(_ text: StaticString) throws {
    if text.hasPointerRepresentation {
      try append(text.utf8Start, count: text.utf8CodeUnitCount)
    } else {
      // A one-scalar literal is stored as the scalar itself, without a pointer to its bytes.
      let bytes = text.withUTF8Buffer { Array($0) }
      try append(bytes)
    }
  }

  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    try append(base, count: bytes.count)
  }

  func append(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try append($0) }
  }

  /// Appends `bytes` as the inside of a JSON string: `"`, `\` and control characters escaped, invalid UTF-8
  /// replaced by U+FFFD so the output is always valid JSON.
  @inline(__always)
  func appendJSONEscaped(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    guard let base = bytes.baseAddress else { return }
    let length = bytes.count
    var runStart = 0
    var index = 0
    while index < length {
      if index + 8 <= length
        && ByteOutputBuffer.isPlainJSON(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
        continue
      }
      let byte = base[index]
      if byte >= 0x20 && byte < 0x80 && byte != 0x22 && byte != 0x5C {
        index += 1
        continue
      }
      if byte >= 0x80 {
        let sequence = ByteOutputBuffer.validUTF8SequenceLength(base, index, length)
        if sequence > 0 {
          index += sequence
          continue
        }
      }
      try append(base + runStart, count: index - runStart)
      switch byte {
      case 0x22: try append("\\\"")
      case 0x5C: try append("\\\\")
      case 0x0A: try append("\\n")
      case 0x0D: try append("\\r")
      case 0x09: try append("\\t")
      case 0x80...: try append("\u{FFFD}")
      default:
        try append("\\u00")
        try append(ByteOutputBuffer.hexDigit(byte >> 4))
        try append(ByteOutputBuffer.hexDigit(byte & 0xF))
      }
      index += 1
      runStart = index
    }
    try append(base + runStart, count: length - runStart)
  }

  /// Appends `bytes` with control bytes (below 0x20, and 0x7F) percent-encoded, so a field never holds a tab or
  /// a line break.
  @inline(__always)
  func appendPercentEscapingControls(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    guard let base = bytes.baseAddress else { return }
    var runStart = 0
    var index = 0
    let length = bytes.count
    while index < length {
      if index + 8 <= length
        && !ByteOutputBuffer.hasControl(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
        continue
      }
      let byte = base[index]
      index += 1
      guard byte < 0x20 || byte == 0x7F else { continue }
      let position = index - 1
      try append(base + runStart, count: position - runStart)
      try append(UInt8(ascii: "%"))
      try append(ByteOutputBuffer.hexDigit(byte >> 4, uppercase: true))
      try append(ByteOutputBuffer.hexDigit(byte & 0xF, uppercase: true))
      runStart = index
    }
    try append(base + runStart, count: bytes.count - runStart)
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// True when some byte of the word is below `limit` (at most 0x80), by the SWAR "has less" test.
  @inline(__always)
  private static func hasByte(below limit: UInt64, _ word: UInt64) -> Bool {
    (word &- ones &* limit) & ~word & highBits != 0
  }

  /// True when some byte of the word equals `value`.
  @inline(__always)
  private static func hasByte(equalTo value: UInt64, _ word: UInt64) -> Bool {
    hasByte(below: 1, word ^ (ones &* value))
  }

  /// True when the 8 bytes need no JSON escaping and are ASCII.
  @inline(__always)
  static func isPlainJSON(_ word: UInt64) -> Bool {
    word & highBits == 0 && !hasByte(below: 0x20, word) && !hasByte(equalTo: 0x22, word)
      && !hasByte(equalTo: 0x5C, word)
  }

  /// True when one of the 8 bytes is a control byte (below 0x20, or 0x7F).
  @inline(__always)
  static func hasControl(_ word: UInt64) -> Bool {
    hasByte(below: 0x20, word) || hasByte(equalTo: 0x7F, word)
  }

  @inline(__always)
  static func hexDigit(_ value: UInt8, uppercase: Bool = false) -> UInt8 {
    value < 10 ? 0x30 + value : (uppercase ? 0x41 : 0x61) + value - 10
  }

  /// The length of the well-formed UTF-8 sequence starting at `index`, or 0 when it is ill-formed.
  static func validUTF8SequenceLength(_ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> Int {
    let lead = base[index]
    func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
      index + offset < count && base[index + offset] >= low && base[index + offset] <= high
    }
    switch lead {
    case 0xC2...0xDF: return continuation(1) ? 2 : 0
    case 0xE0: return continuation(1, 0xA0) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
    case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
    case 0xF0: return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4: return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default: return 0
    }
  }
}

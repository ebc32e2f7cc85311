import SharelintBase

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
  /// replaced by U+FFFD so the output is always valid JSON; DEL and the other scalars `PrintableText` escapes
  /// are written `\u…`, as `JSONValue` writes them.
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
      if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
        index += 1
        continue
      }
      if byte >= 0x80 {
        let sequence = ByteOutputBuffer.validUTF8SequenceLength(base, index, length)
        if sequence > 0 {
          if let scalar = ByteOutputBuffer.escapedScalar(base, index, sequence) {
            try append(base + runStart, count: index - runStart)
            try append("\\u")
            for shift in stride(from: 12, through: 0, by: -4) {
              try append(ByteOutputBuffer.hexDigit(UInt8((scalar.value >> UInt32(shift)) & 0xF)))
            }
            index += sequence
            runStart = index
          } else {
            index += sequence
          }
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

  /// Appends `bytes` with what `PrintableText` escapes percent-encoded, as a URL writes it: control bytes
  /// (below 0x20, and 0x7F) and the UTF-8 bytes of the other scalars it escapes (C1 controls, U+2028, U+2029,
  /// bidirectional controls), so a field never holds a tab or a line break, and the second `#` of `##[` (a
  /// GitHub Actions command anywhere in a line). The URL written is the same URL.
  @inline(__always)
  func appendPercentEscapingControls(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    guard let base = bytes.baseAddress else { return }
    var runStart = 0
    var index = 0
    let length = bytes.count
    while index < length {
      if index + 8 <= length
        && ByteOutputBuffer.isPlainText(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
        continue
      }
      let byte = base[index]
      var encoded = 0
      if byte < 0x20 || byte == 0x7F {
        encoded = 1
      } else if byte == UInt8(ascii: "#") {
        let breaksCommand = index > 0 && base[index - 1] == UInt8(ascii: "#") && index + 1 < length
          && base[index + 1] == UInt8(ascii: "[")
        encoded = breaksCommand ? 1 : 0
      } else if byte >= 0x80 {
        let sequence = ByteOutputBuffer.validUTF8SequenceLength(base, index, length)
        if sequence == 0 {
          encoded = 1   // not UTF-8: percent-encoded, as a URL carries such a byte
        } else if ByteOutputBuffer.escapedScalar(base, index, sequence) != nil {
          encoded = sequence
        } else {
          index += sequence
          continue
        }
      }
      guard encoded > 0 else {
        index += 1
        continue
      }
      try append(base + runStart, count: index - runStart)
      for offset in 0..<encoded { try appendPercentEncoded(base[index + offset]) }
      index += encoded
      runStart = index
    }
    try append(base + runStart, count: bytes.count - runStart)
  }

  /// `appendPercentEscapingControls` for a field that starts a line: a colon before its first letter or digit
  /// is written `%3A` too, so that no line starts with `::` (after blanks), which GitHub Actions runs as a
  /// workflow command.
  func appendPercentEscapingLineStart(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    guard let base = bytes.baseAddress else { return }
    var index = 0
    while index < bytes.count {
      let byte = base[index]
      let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      if isDigit || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte & 0xDF) { break }   // either case
      if byte == UInt8(ascii: ":") {
        try appendPercentEscapingControls(UnsafeBufferPointer(rebasing: bytes[..<index]))
        try appendPercentEncoded(byte)
        return try appendPercentEscapingLineStart(UnsafeBufferPointer(rebasing: bytes[(index + 1)...]))
      }
      index += 1
    }
    try appendPercentEscapingControls(bytes)
  }

  /// Appends `%XX` for `byte`.
  @inline(__always)
  private func appendPercentEncoded(_ byte: UInt8) throws {
    try append(UInt8(ascii: "%"))
    try append(ByteOutputBuffer.hexDigit(byte >> 4, uppercase: true))
    try append(ByteOutputBuffer.hexDigit(byte & 0xF, uppercase: true))
  }

  /// The scalar of the well-formed `length`-byte UTF-8 sequence at `index` when `PrintableText` escapes it.
  static func escapedScalar(_ base: UnsafePointer<UInt8>, _ index: Int, _ length: Int) -> Unicode.Scalar? {
    // Every scalar past ASCII that PrintableText escapes has the lead byte 0xC2, 0xD8 or 0xE2.
    let lead = base[index]
    guard lead == 0xC2 || lead == 0xD8 || lead == 0xE2 else { return nil }
    var value = UInt32(lead & (length == 3 ? 0x0F : 0x1F))
    for offset in 1..<length { value = value << 6 | UInt32(base[index + offset] & 0x3F) }
    guard let scalar = Unicode.Scalar(value), PrintableText.isEscaped(scalar) else { return nil }
    return scalar
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

  /// True when the 8 bytes need no JSON escaping and are ASCII (DEL included, which is escaped).
  @inline(__always)
  static func isPlainJSON(_ word: UInt64) -> Bool {
    word & highBits == 0 && !hasByte(below: 0x20, word) && !hasByte(equalTo: 0x22, word)
      && !hasByte(equalTo: 0x5C, word) && !hasByte(equalTo: 0x7F, word)
  }

  /// True when the 8 bytes are ASCII without a control byte (below 0x20, or 0x7F) or `#`: nothing
  /// `appendPercentEscapingControls` encodes.
  @inline(__always)
  static func isPlainText(_ word: UInt64) -> Bool {
    word & highBits == 0 && !hasByte(below: 0x20, word) && !hasByte(equalTo: 0x7F, word)
      && !hasByte(equalTo: 0x23, word)
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

import Synchronization

/// Text as UTF-8 bytes with a table of line starts, so byte offsets turn into 1-based
/// line:column positions where a human reads them.
///
/// Columns count Unicode scalars, not bytes: an editor puts the cursor after `“` at column 2.
public struct SourceText: Sendable {
  /// The name shown in diagnostics: a file path, `<stdin>` or `<argument>`.
  public let name: String
  /// The bytes.
  public let bytes: [UInt8]
  /// Offsets at which each line starts; the first is 0. Found on first use: most texts read (for pairing, or
  /// without a finding) never need a position.
  public var lineStarts: [Int] { lineTable.starts(of: bytes) }
  private let lineTable = LineTable()

  /// Text named `name` made of `bytes`.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }

  /// The line starts of one text, found once, from any thread; copies of the text share them.
  private final class LineTable: Sendable {
    private let starts = Mutex<[Int]?>(nil)

    func starts(of bytes: [UInt8]) -> [Int] {
      starts.withLock { stored in
        if let stored { return stored }
        let found = SourceText.lineStarts(of: bytes)
        stored = found
        return found
      }
    }
  }

  /// The offsets after each line feed, after 0. Eight bytes are tested at once, and only a word holding
  /// a line feed is looked at byte by byte: this runs for every plist read, several times in a lint run.
  private static func lineStarts(of bytes: [UInt8]) -> [Int] {
    var starts = [0]
    starts.reserveCapacity(bytes.count / 32 + 1)
    bytes.withUnsafeBytes { raw in
      let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highBits: UInt64 = 0x8080_8080_8080_8080
      var offset = 0
      while offset + 8 <= raw.count {
        // A byte of `word` is zero exactly where the text has a line feed.
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ lineFeeds
        if (word &- ones) & ~word & highBits != 0 {
          for index in offset..<offset + 8 where raw[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
        }
        offset += 8
      }
      for index in offset..<raw.count where raw[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
    }
    return starts
  }

  /// Text named `name` made of the UTF-8 of `string`.
  public init(name: String, string: String) {
    self.init(name: name, bytes: Array(string.utf8))
  }

  /// A 1-based line and column.
  public struct Position: Hashable, Sendable, Comparable {
    /// The line, from 1.
    public var line: Int
    /// The column in Unicode scalars, from 1.
    public var column: Int

    /// A position at `line`:`column`, both 1-based.
    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }

    public static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
  }

  /// The 0-based index of the line holding `offset` (an offset at the very end belongs to the last line).
  public func lineIndex(of offset: Int) -> Int {
    Self.lineIndex(of: offset, in: lineStarts, count: bytes.count)
  }

  /// `lineIndex(of:)` with the line starts in hand.
  private static func lineIndex(of offset: Int, in lineStarts: [Int], count: Int) -> Int {
    let clamped = max(0, min(offset, count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The line and column of `offset`, clamped into the text.
  public func position(of offset: Int) -> Position {
    let clamped = max(0, min(offset, bytes.count))
    let lineStarts = lineStarts
    let index = Self.lineIndex(of: clamped, in: lineStarts, count: bytes.count)
    var column = 1
    var cursor = lineStarts[index]
    while cursor < clamped {
      cursor += SourceText.scalarLength(leadByte: bytes[cursor])
      column += 1
    }
    return Position(line: index + 1, column: column)
  }

  /// The bytes of line `index` (0-based), without its line break.
  public func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
    let lineStarts = lineStarts
    let start = lineStarts[index]
    var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return bytes[start..<max(start, end)]
  }

  /// The number of bytes of the UTF-8 sequence that starts with `leadByte` (1 for a stray byte).
  public static func scalarLength(leadByte: UInt8) -> Int {
    switch leadByte {
    case 0xF0...0xF7: return 4
    case 0xE0...0xEF: return 3
    case 0xC0...0xDF: return 2
    default: return 1
    }
  }
}

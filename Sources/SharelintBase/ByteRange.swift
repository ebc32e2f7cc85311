/// A half-open range of UTF-8 byte offsets, `start..<end`, into the text a node or token came from.
///
/// Every position inside sharelint is a byte offset (DESIGN.md, "Decisions already taken"); lines
/// and columns exist only where a human reads them (reporters, carets).
public struct ByteRange: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The offset of the first byte.
  public var start: Int
  /// The offset one past the last byte.
  public var end: Int

  /// A range from `start` up to, not including, `end`.
  public init(start: Int, end: Int) {
    precondition(start <= end, "a range must not end before it starts")
    self.start = start
    self.end = end
  }

  /// An empty range at `offset`, the position of an insertion or of something missing.
  public static func empty(at offset: Int) -> ByteRange { ByteRange(start: offset, end: offset) }

  /// The number of bytes covered.
  public var count: Int { end - start }

  /// The smallest range covering both.
  public func union(_ other: ByteRange) -> ByteRange {
    ByteRange(start: min(start, other.start), end: max(end, other.end))
  }

  /// The same range moved `delta` bytes.
  public func shifted(by delta: Int) -> ByteRange { ByteRange(start: start + delta, end: end + delta) }

  /// Whether the two ranges share at least one byte, or an empty range sits strictly inside the other.
  public func overlaps(_ other: ByteRange) -> Bool {
    if count == 0 || other.count == 0 {
      return (start > other.start && start < other.end) || (other.start > start && other.start < end)
        || (start == other.start && count == 0 && other.count == 0)
    }
    return start < other.end && other.start < end
  }

  public static func < (lhs: ByteRange, rhs: ByteRange) -> Bool {
    (lhs.start, lhs.end) < (rhs.start, rhs.end)
  }

  public var description: String { "\(start)..<\(end)" }
}

extension ByteRange {
  /// `{"end": …, "start": …}`.
  public var json: JSONValue { .object(["start": .integer(Int64(start)), "end": .integer(Int64(end))]) }
}

import Foundation

/// Finding a run of bytes in a buffer with the C library's `memchr`, which skips through the bytes many at a time.
public enum ByteSearch {
  /// The offset in `haystack` where the first `needle` starts, or nil. The needle is looked for from its last byte,
  /// so a needle ending in a byte that is rare in the text (the `:` of `sharelint:` in a plist) costs one `memchr`
  /// per occurrence of that byte; the first found ends first, hence starts first.
  public static func firstOffset(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let last = needle.last, haystack.count >= needle.count, let base = haystack.baseAddress else { return nil }
    var offset = needle.count - 1   // the first place the needle's last byte can be
    while offset < haystack.count {
      guard let found = memchr(base + offset, Int32(last), haystack.count - offset) else { return nil }
      let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      let start = end - (needle.count - 1)
      if needle.indices.allSatisfy({ haystack[start + $0] == needle[$0] }) { return start }
      offset = end + 1
    }
    return nil
  }
}

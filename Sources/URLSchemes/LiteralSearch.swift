/// Substring tests that skip Foundation's Unicode machinery where it cannot change the answer.
public enum LiteralSearch {
  /// Whether `text` contains `needle` (ASCII), found by scanning bytes when `text` is ASCII too; nil
  /// when it is not. For ASCII text and needle, Foundation's search (`contains`, `range(of:)`),
  /// which matches canonically equivalent characters, finds exactly the byte matches; callers ask
  /// Foundation when this answers nil.
  public static func asciiText(_ text: String, contains needle: StaticString) -> Bool? {
    let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      needle.withUTF8Buffer { wanted -> Bool? in
        var found = false
        for start in bytes.indices {
          if bytes[start] >= 0x80 { return nil }
          if !found, start + wanted.count <= bytes.count,
            wanted.indices.allSatisfy({ bytes[start + $0] == wanted[$0] })
          {
            found = true
          }
        }
        return found
      }
    }
    return found ?? nil
  }
}

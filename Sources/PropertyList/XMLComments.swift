import SharelintBase

/// Where the comments of an XML plist are, for readers of what people write in them (`sharelint:` suppressions).
public enum XMLComments {
  /// The byte ranges of the `<!--…-->` comments of `bytes`, in order; the scan stops, keeping what it found, at the
  /// first markup it cannot read (a malformed file, which PL001 reports).
  public static func ranges(in bytes: [UInt8]) -> [ByteRange] {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var scanner = XMLScanner(bytes: bytes, start: start)
    var comments: [ByteRange] = []
    while let token = try? scanner.next() {
      if token.kind == .comment { comments.append(token.range) }
    }
    return comments
  }
}

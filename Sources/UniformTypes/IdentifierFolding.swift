/// Case-insensitive identifier handling, as `UTTypeEqual` compares identifiers.
enum IdentifierFolding {
  /// `identifier` in the form the registry indexes: lowercased. Identifiers are nearly always
  /// lowercase ASCII already, and then no new string is made.
  @inline(__always)
  static func folded(_ identifier: String) -> String {
    for byte in identifier.utf8 where byte &- 0x41 < 26 || byte >= 0x80 {
      return identifier.lowercased()
    }
    return identifier
  }

  /// Whether the two identifiers are equal ignoring case.
  static func equal(_ lhs: String, _ rhs: String) -> Bool {
    if lhs == rhs { return true }
    let left = lhs.utf8
    let right = rhs.utf8
    var asciiOnly = true
    if left.count == right.count {
      for (a, b) in zip(left, right) {
        if a >= 0x80 || b >= 0x80 {
          asciiOnly = false
          break
        }
        if asciiLowercased(a) != asciiLowercased(b) { return false }
      }
      if asciiOnly { return true }
    }
    return folded(lhs) == folded(rhs)
  }
}

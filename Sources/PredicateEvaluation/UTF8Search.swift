/// Byte-wise substring tests on UTF-8, safe because UTF-8 never matches in the middle of a character.
enum UTF8Search {
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    if needle.isEmpty { return true }
    var haystack = haystack
    var needle = needle
    return haystack.withUTF8 { hay in
      needle.withUTF8 { pin in
        guard pin.count <= hay.count else { return false }
        let first = pin[0]
        var start = 0
        let last = hay.count - pin.count
        while start <= last {
          if hay[start] == first {
            var offset = 1
            while offset < pin.count && hay[start + offset] == pin[offset] { offset += 1 }
            if offset == pin.count { return true }
          }
          start += 1
        }
        return false
      }
    }
  }

  static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
    text.utf8.starts(with: prefix.utf8)
  }

  static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
    let textBytes = text.utf8
    let suffixBytes = suffix.utf8
    guard suffixBytes.count <= textBytes.count else { return false }
    return textBytes.reversed().starts(with: suffixBytes.reversed())
  }
}

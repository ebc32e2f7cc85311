/// Byte-wise substring tests on UTF-8, safe because UTF-8 never matches in the middle of a character.
enum UTF8Search {
  /// Whether `needle` occurs in `haystack`, in time linear in both (Knuth–Morris–Pratt): comparing at
  /// each start in turn takes the product of the lengths on `"aaa…a" CONTAINS "aaa…ab"`.
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    if needle.isEmpty { return true }
    var haystack = haystack
    var needle = needle
    return haystack.withUTF8 { hay in
      needle.withUTF8 { pin in
        guard pin.count <= hay.count else { return false }
        // fallback[i]: the length of the longest proper prefix of pin[0...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: pin.count)
        var matched = 0
        for index in pin.indices.dropFirst() {
          while matched > 0 && pin[index] != pin[matched] { matched = fallback[matched - 1] }
          if pin[index] == pin[matched] { matched += 1 }
          fallback[index] = matched
        }
        matched = 0
        for byte in hay {
          while matched > 0 && byte != pin[matched] { matched = fallback[matched - 1] }
          if byte == pin[matched] { matched += 1 }
          if matched == pin.count { return true }
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

/// The type identifiers the Microsoft Intune App SDK wraps shared data in.
///
/// When an app protection policy manages the sharing app, the SDK offers each attachment under
/// `com.microsoft.intune.mam.` followed by its original identifier (`com.microsoft.intune.mam.public.jpeg`),
/// so only managed extensions whose activation rule names the wrapped types see it.
public enum IntuneMAMTypes {
  /// `com.microsoft.intune.mam.`, the prefix of every wrapped identifier (lowercase).
  public static let prefix = "com.microsoft.intune.mam."

  /// Whether `identifier` starts with the Intune prefix, ignoring case as `UTTypeEqual` does.
  public static func isIntuneMAMType(_ identifier: String) -> Bool {
    hasIntunePrefix(identifier.utf8)
  }

  /// The wrapped twin of `identifier`: `public.jpeg` gives `com.microsoft.intune.mam.public.jpeg`.
  /// An identifier that is already wrapped is returned unchanged.
  public static func intuneMAMTwin(of identifier: String) -> String {
    isIntuneMAMType(identifier) ? identifier : prefix + identifier
  }

  /// The identifier without the Intune prefix, or `identifier` itself when it has none.
  public static func unwrappingIntuneMAM(_ identifier: String) -> String {
    guard isIntuneMAMType(identifier) else { return identifier }
    return String(decoding: identifier.utf8.dropFirst(prefixBytes.count), as: UTF8.self)
  }

  static let prefixBytes = Array(prefix.utf8)

  static func hasIntunePrefix(_ bytes: String.UTF8View) -> Bool {
    guard bytes.count > prefixBytes.count else { return false }
    var position = bytes.startIndex
    for expected in prefixBytes {
      if asciiLowercased(bytes[position]) != expected { return false }
      position = bytes.index(after: position)
    }
    return true
  }
}

/// `byte` lowercased when it is an ASCII capital letter.
@inline(__always)
func asciiLowercased(_ byte: UInt8) -> UInt8 {
  byte &- 0x41 < 26 ? byte | 0x20 : byte
}

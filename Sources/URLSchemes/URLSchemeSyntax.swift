/// What is wrong with a string that should be a URL scheme, in words a developer can act on.
public enum URLSchemeProblem: Equatable, Sendable, CustomStringConvertible {
  /// The string is empty.
  case empty
  /// The string is a whole URL prefix such as `myapp://`; a scheme is only the part before `:`.
  case containsSchemeSeparator
  /// The string contains a `:`, which ends a scheme.
  case containsColon(offset: Int)
  /// The string is an unexpanded build setting such as `$(PRODUCT_BUNDLE_IDENTIFIER)`
  /// (the configurator writes these into plists, issue #579).
  case unexpandedBuildVariable
  /// The first character is a digit; RFC 3986 requires a letter.
  case startsWithDigit
  /// The first character is neither a letter nor a digit (`-`, `+`, `.` or another character).
  case startsWithNonLetter(Character)
  /// A character other than a letter, digit, `+`, `-` or `.` appears at `offset` (in UTF-8 bytes).
  case invalidCharacter(Character, offset: Int)

  /// A lowercase sentence without a trailing period, as STYLE.md asks of messages.
  public var description: String {
    switch self {
    case .empty: return "the scheme is empty"
    case .containsSchemeSeparator: return "contains '://': write only the part before ':'"
    case .containsColon(let offset): return "contains ':' at offset \(offset): write only the part before ':'"
    case .unexpandedBuildVariable: return "is an unexpanded build setting '$(…)'"
    case .startsWithDigit: return "starts with a digit: a scheme must start with a letter"
    case .startsWithNonLetter(let character): return "starts with '\(character)': a scheme must start with a letter"
    case .invalidCharacter(let character, let offset):
      let shown = character.isWhitespace ? "whitespace" : "'\(character)'"
      return "contains \(shown) at offset \(offset): only letters, digits, '+', '-' and '.' are allowed"
    }
  }
}

/// The RFC 3986 §3.1 scheme grammar, `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, on strings and on bytes.
public enum URLSchemeSyntax {
  /// The first problem found in `scheme`, or nil when it is a valid RFC 3986 scheme.
  public static func problem(in scheme: String) -> URLSchemeProblem? {
    // Most schemes are valid: a letter, then letters, digits and '+-.', none of which can start a
    // reference or a separator. Checked in one pass before anything is copied.
    if let first = scheme.utf8.first, isLetter(first), scheme.utf8.allSatisfy(isSchemeByte) { return nil }
    let bytes = Array(scheme.utf8)
    guard !bytes.isEmpty else { return .empty }
    if LiteralSearch.asciiText(scheme, contains: "$(") ?? scheme.contains("$(")
      || LiteralSearch.asciiText(scheme, contains: "${") ?? scheme.contains("${")
    {
      return .unexpandedBuildVariable
    }
    if LiteralSearch.asciiText(scheme, contains: "://") ?? scheme.contains("://") { return .containsSchemeSeparator }
    if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) { return .containsColon(offset: colon) }
    let first = bytes[0]
    if isDigit(first) { return .startsWithDigit }
    if !isLetter(first) { return .startsWithNonLetter(scheme.first!) }
    // Letters, digits and '+-.' are one character each: only a scheme with another byte needs the
    // character-by-character walk that names the culprit.
    if bytes.allSatisfy(isSchemeByte) { return nil }
    var offset = 0
    for character in scheme {
      let utf8 = Array(character.utf8)
      if utf8.count != 1 || !isSchemeByte(utf8[0]) { return .invalidCharacter(character, offset: offset) }
      offset += utf8.count
    }
    return nil
  }

  /// True when `scheme` follows RFC 3986.
  public static func isValid(_ scheme: String) -> Bool { problem(in: scheme) == nil }

  /// True for an ASCII letter.
  @inline(__always) public static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

  /// True for an ASCII digit.
  @inline(__always) public static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  /// True for a byte allowed after the first: a letter, a digit, `+`, `-` or `.`.
  @inline(__always) public static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
  }

  /// The scheme in lowercase ASCII, the form every comparison in this module uses.
  public static func normalized(_ scheme: String) -> String {
    guard scheme.utf8.contains(where: { $0 &- 0x41 < 26 }) else { return scheme }
    return String(decoding: scheme.utf8.map(lowercased), as: UTF8.self)
  }

  /// The scheme of `url` (the text before the first `:`), or nil when there is no `:`.
  public static func scheme(of url: String) -> Substring? {
    guard let colon = url.firstIndex(of: ":") else { return nil }
    return url[..<colon]
  }

  /// `byte` with ASCII uppercase letters lowered.
  @inline(__always) public static func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}

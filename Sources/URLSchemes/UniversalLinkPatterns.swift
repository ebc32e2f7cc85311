import CPCRE2

/// A list of Intune universal-link patterns (`exemptedUniversalLinks`, `managedUniversalLinks`) compiled once into
/// one PCRE2 expression.
///
/// Matching rules (the portal documents only the `*` wildcard, so the rest is our reading):
/// - everything but `*` is literal (escaped with `\Q…\E`); matching ignores ASCII case and works on bytes (no UTF
///   mode: a URL line may hold any bytes, and skipping PCRE2's UTF-8 check of every subject keeps batches fast);
/// - `*` in the scheme-and-host part (before the first `/` after `://`) matches within a host (`[^/?#]*`),
///   so `http://*.sharepoint-df.com/*` does not match `http://evil.example/x.sharepoint-df.com/`;
///   `*` in the path matches anything;
/// - a pattern without a path (`https://maps.apple.com`) matches every URL on that host;
/// - a pattern without `://` matches both `http` and `https`.
public final class UniversalLinkPatterns: @unchecked Sendable {
  // The compiled code is immutable after init; each match uses its own match data, so matching is thread-safe.
  private let code: OpaquePointer?

  /// The patterns as given.
  public let patterns: [String]

  /// Compiles `patterns`. Throws `IntunePolicyError` naming `field` when PCRE2 rejects the expression.
  public init(_ patterns: [String], field: String = "universalLinks") throws {
    self.patterns = patterns
    let sources = patterns.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.map(UniversalLinkPatterns.expression)
    guard !sources.isEmpty else {
      code = nil
      return
    }
    let expression = "^(?:" + sources.joined(separator: "|") + ")"
    var errorCode: Int32 = 0
    var errorOffset = 0
    let bytes = Array(expression.utf8)
    let compiled = bytes.withUnsafeBufferPointer { buffer in
      pcre2_compile_8(
        buffer.baseAddress, buffer.count, UInt32(PCRE2_CASELESS | PCRE2_DOTALL), &errorCode, &errorOffset, nil)
    }
    guard let compiled else {
      var message = [UInt8](repeating: 0, count: 256)
      let length = pcre2_get_error_message_8(errorCode, &message, message.count)
      let text = String(decoding: message.prefix(max(0, Int(length))), as: UTF8.self)
      throw IntunePolicyError(field: field, message: "cannot compile the patterns: \(text)")
    }
    _ = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
    code = compiled
  }

  deinit {
    if let code { pcre2_code_free_8(code) }
  }

  /// True when no pattern is given.
  public var isEmpty: Bool { code == nil }

  /// True when `url` matches one of the patterns.
  public func matches(_ url: String) -> Bool {
    var bytes = Array(url.utf8)
    return bytes.withUnsafeMutableBufferPointer { matches(UnsafeBufferPointer($0)) }
  }

  /// True when the UTF-8 bytes of a URL match one of the patterns.
  public func matches(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
    guard code != nil else { return false }
    return matches(url, using: MatchScratch())
  }

  /// Reusable PCRE2 match data, so a loop over many URLs allocates it once; use one per thread.
  final class MatchScratch {
    let matchData: OpaquePointer?

    init() { matchData = pcre2_match_data_create_8(1, nil) }

    deinit { if let matchData { pcre2_match_data_free_8(matchData) } }
  }

  /// `matches(_:)` with caller-owned match data.
  @inline(__always)
  func matches(_ url: UnsafeBufferPointer<UInt8>, using scratch: MatchScratch) -> Bool {
    // Every pattern needs at least `://`, so empty input never matches.
    guard let code, let matchData = scratch.matchData, let base = url.baseAddress, url.count > 0 else { return false }
    return pcre2_match_8(code, base, url.count, 0, 0, matchData, nil) >= 0
  }

  /// The PCRE2 expression of one pattern (without anchors).
  static func expression(of pattern: String) -> String {
    var scheme = "https?://"
    var rest = Substring(pattern)
    if let separator = pattern.firstRange(of: "://") {
      scheme = literal(pattern[..<separator.lowerBound]).replacingStars(with: "[a-z0-9+.-]*") + "://"
      rest = pattern[separator.upperBound...]
    }
    let pathStart = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
    let host = literal(rest[..<pathStart]).replacingStars(with: "[^/?#]*")
    if pathStart == rest.endIndex {
      return scheme + host + "(?:[/?#].*)?$"
    }
    return scheme + host + literal(rest[pathStart...]).replacingStars(with: ".*") + "$"
  }

  /// `text` quoted for PCRE2 with `*` left outside the quotes, marked by NUL for `replacingStars`.
  private static func literal(_ text: Substring) -> String {
    text.split(separator: "*", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "\\Q" + $0.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E" }
      .joined(separator: "\u{0}")
  }
}

extension String {
  fileprivate func replacingStars(with expression: String) -> String {
    split(separator: "\u{0}", omittingEmptySubsequences: false).joined(separator: expression)
  }
}

extension Substring {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

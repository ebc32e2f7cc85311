/// How the opened URL is built from the original: nothing, the original, the original with `-intunemam` after its
/// scheme, or the original with its scheme replaced by a browser's.
enum OpenedForm: UInt8, CaseIterable {
  case nothing, unchanged, twin, edgeHTTP, edgeHTTPS, managedBrowserHTTP, managedBrowserHTTPS, customHTTP, customHTTPS

  /// True for the forms that put another scheme in place of the URL's own.
  var replacesScheme: Bool { rawValue >= OpenedForm.edgeHTTP.rawValue }
}

/// A verdict before any string is built: what the batch writer turns straight into bytes.
struct Decision {
  var verdict: URLVerdict.Kind
  var reason: URLVerdict.Reason
  var opened: OpenedForm
  var canOpenURL: URLVerdict.CanOpenURLStatus
  /// The offset of the `:` ending the scheme (0 when there is none).
  var schemeEnd: Int
  /// True when `canOpenURL` was evaluated for the URL's own scheme although the twin is opened.
  var checksOwnScheme = false
}

/// Whether a scheme is `http`, `https` or anything else.
enum WebKind {
  case http, https, other
}

/// The scheme part of a URL, found in one pass that also hashes its lowercase bytes.
struct ParsedScheme {
  /// The offset of the first `:`, or the length of the input when there is none.
  var end: Int
  var hasColon: Bool
  var isValid: Bool
  var hash: UInt64
  var webKind: WebKind
}

extension URLAllowanceChecker {
  /// Finds, validates and hashes the scheme of `url`.
  @inline(__always)
  func parseScheme(_ url: UnsafeBufferPointer<UInt8>) -> ParsedScheme {
    let count = url.count
    guard count > 0, let base = url.baseAddress else {
      return ParsedScheme(end: 0, hasColon: false, isValid: false, hash: SchemeTable.hashSeed, webKind: .other)
    }
    var hash = SchemeTable.hashSeed
    var isValid = URLSchemeSyntax.isLetter(base[0])
    var index = 0
    while index < count {
      let byte = base[index]
      if byte == UInt8(ascii: ":") { break }
      if !URLSchemeSyntax.isSchemeByte(byte) {
        isValid = false
        while index < count && base[index] != UInt8(ascii: ":") { index += 1 }
        break
      }
      hash = (hash ^ UInt64(URLSchemeSyntax.lowercased(byte))) &* SchemeTable.hashPrime
      index += 1
    }
    let hasColon = index < count
    var webKind = WebKind.other
    if isValid && (index == 4 || index == 5) {
      let h = base[0] | 0x20
      let t1 = base[1] | 0x20
      let t2 = base[2] | 0x20
      let p = base[3] | 0x20
      if h == UInt8(ascii: "h") && t1 == UInt8(ascii: "t") && t2 == UInt8(ascii: "t") && p == UInt8(ascii: "p") {
        if index == 4 {
          webKind = .http
        } else if base[4] | 0x20 == UInt8(ascii: "s") {
          webKind = .https
        }
      }
    }
    return ParsedScheme(
      end: index, hasColon: hasColon, isValid: isValid && hasColon && index > 0, hash: hash, webKind: webKind)
  }

  /// The `invalid` decision for a scheme that failed `parseScheme`.
  func invalidDecision(_ scheme: ParsedScheme) -> Decision {
    Decision(
      verdict: .invalid, reason: scheme.hasColon ? .invalidScheme : .missingScheme, opened: .nothing,
      canOpenURL: .notChecked, schemeEnd: scheme.hasColon ? scheme.end : 0)
  }

  /// The whole decision procedure documented on `URLAllowanceChecker`, on bytes and without allocating.
  @inline(__always)
  func decide(
    _ url: UnsafeBufferPointer<UInt8>, isKnownManagedAppScheme: Bool,
    scratch: UniversalLinkPatterns.MatchScratch? = nil
  ) -> Decision {
    let scheme = parseScheme(url)
    guard scheme.isValid, let base = url.baseAddress else { return invalidDecision(scheme) }
    let end = scheme.end
    if scheme.webKind != .other, let forms = webLinkForm {
      let form = scheme.webKind == .https ? forms.https : forms.http
      return Decision(
        verdict: .allowed, reason: webLinkReason, opened: form, canOpenURL: replacementStatus[Int(form.rawValue)],
        schemeEnd: end)
    }
    let facts = table.facts(of: base, count: end, hash: scheme.hash)
    let hasList = queriesSchemes != nil
    let ownStatus = URLAllowanceChecker.status(
      index: facts.declaredIndex, hasList: hasList, limit: queriesSchemesLimit)
    func allowedAsIs(_ reason: URLVerdict.Reason) -> Decision {
      Decision(verdict: .allowed, reason: reason, opened: .unchanged, canOpenURL: ownStatus, schemeEnd: end)
    }
    if !restrictsData { return allowedAsIs(.allowedOutboundDataTransferDestinations) }
    if facts.isExempt { return allowedAsIs(.exemptedAppProtocols) }
    if scheme.webKind != .other && !exemptUniversalLinks.isEmpty
      && exemptUniversalLinks.matches(url, using: scratch ?? UniversalLinkPatterns.MatchScratch())
    {
      return allowedAsIs(.exemptedUniversalLinks)
    }
    if policy.allowedOutboundDataTransferDestinations == .none {
      return Decision(
        verdict: .blocked, reason: .allowedOutboundDataTransferDestinations, opened: .nothing, canOpenURL: ownStatus,
        schemeEnd: end)
    }
    if URLAllowanceChecker.endsWithTwinSuffix(base, end) {
      return allowedAsIs(.allowedOutboundDataTransferDestinations)
    }
    if isKnownManagedAppScheme {
      return Decision(
        verdict: .allowed, reason: .allowedOutboundDataTransferDestinations, opened: .twin, canOpenURL: ownStatus,
        schemeEnd: end, checksOwnScheme: true)
    }
    let twinStatus = URLAllowanceChecker.status(
      index: facts.twinDeclaredIndex, hasList: hasList, limit: queriesSchemesLimit)
    return Decision(
      verdict: .allowedIfManagedTarget, reason: .allowedOutboundDataTransferDestinations, opened: .twin,
      canOpenURL: twinStatus, schemeEnd: end)
  }

  /// True when the `count` bytes at `scheme` end with `-intunemam` in any case.
  @inline(__always)
  static func endsWithTwinSuffix(_ scheme: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let suffix: StaticString = "-intunemam"
    let length = suffix.utf8CodeUnitCount
    guard count > length else { return false }
    let start = scheme + (count - length)
    let expected = suffix.utf8Start
    for position in 0..<length where URLSchemeSyntax.lowercased(start[position]) != expected[position] {
      return false
    }
    return true
  }
}

import IntuneKnowledge

/// A policy compiled for answering the SDK's `isURLAllowed:isKnownManagedAppScheme:` and `isUniversalLinkAllowed:`
/// quickly, for one app's `LSApplicationQueriesSchemes`.
///
/// How a URL is decided (first rule that applies; schemes compare case-insensitively):
/// 1. No `:` → `invalid` (`missingScheme`); the text before the first `:` is not an RFC 3986 scheme → `invalid`
///    (`invalidScheme`).
/// 2. `http`/`https` while a browser is required: Edge → `microsoft-edge-http(s):…` (`managedBrowser`); an unmanaged
///    browser with protocol `p` → `p:…` / `ps:…` (`customBrowserProtocol`); otherwise the retired Intune Managed
///    Browser → `http(s)-intunemam:…` (`managedBrowserToOpenLinksRequired`). The browser setting wins over the
///    data-transfer setting, as the portal presents it.
/// 3. Send org data to all apps → allowed as is (`allowedOutboundDataTransferDestinations`).
/// 4. An exempted protocol → allowed as is (`exemptedAppProtocols`), under `managedApps` and under `none` alike.
/// 5. `http`/`https` matching an exempt universal link → allowed as is (`exemptedUniversalLinks`).
/// 6. `none` → blocked. `managedApps`: a scheme that already ends in `-intunemam` is allowed as is (only SDK apps
///    register such schemes); with `isKnownManagedAppScheme` the URL is allowed; otherwise the verdict is
///    `allowed-if-managed-target`. Both open the `-intunemam` twin (`allowedOutboundDataTransferDestinations`).
///
/// The twin wrapping is inferred from issue logs (notes §3, issue #73): the scheme gains `-intunemam`
/// (`com.infor.mingle://go` → `com.infor.mingle-intunemam://…`). The SDK also percent-encodes the original URL into
/// the new one and appends MAM identity and policy parameters; `opens` shows only the scheme change and keeps the
/// rest of the URL as it is.
///
/// `canOpenURL` is evaluated for the scheme that would be opened: the twin when wrapping, the browser's scheme when
/// redirecting, the URL's own scheme otherwise (also when blocked, since that is what the app's own `canOpenURL`
/// call would query). With `isKnownManagedAppScheme` it is the URL's own scheme: the header's recipe (notes §2)
/// queries the bare scheme under an empty identity, which is why the twin may then be left out of the list.
public final class URLAllowanceChecker: @unchecked Sendable {
  // Immutable after init; the universal-link matcher and the table are thread-safe for reading.

  /// The policy being enforced.
  public let policy: IntunePolicy
  /// The app's `LSApplicationQueriesSchemes` in order, or nil when not known.
  public let queriesSchemes: [String]?
  /// How many entries of `queriesSchemes` `canOpenURL` honours.
  public let queriesSchemesLimit: Int

  let table: SchemeTable
  let exemptUniversalLinks: UniversalLinkPatterns
  let managedUniversalLinks: UniversalLinkPatterns
  let restrictsData: Bool
  let webLinkForm: (http: OpenedForm, https: OpenedForm)?
  let webLinkReason: URLVerdict.Reason
  /// The scheme each `OpenedForm` puts in place of the URL's own (or inserts after it, for `.twin`).
  let replacements: [[UInt8]]
  /// `canOpenURL` for the scheme each replacing `OpenedForm` opens.
  let replacementStatus: [URLVerdict.CanOpenURLStatus]

  /// Compiles `policy` for an app whose `LSApplicationQueriesSchemes` is `queriesSchemes` (nil: unknown) of which
  /// `canOpenURL` honours the first `queriesSchemesLimit` entries. Throws `IntunePolicyError` for contradictory
  /// settings or universal-link patterns PCRE2 cannot compile.
  public init(
    policy: IntunePolicy, queriesSchemes: [String]? = nil,
    queriesSchemesLimit: Int = IntuneSchemeLists.queriesSchemesLimit
  ) throws {
    try policy.validate()
    self.policy = policy
    self.queriesSchemes = queriesSchemes
    self.queriesSchemesLimit = queriesSchemesLimit
    exemptUniversalLinks = try UniversalLinkPatterns(policy.exemptedUniversalLinks, field: "exemptedUniversalLinks")
    managedUniversalLinks = try UniversalLinkPatterns(policy.managedUniversalLinks, field: "managedUniversalLinks")
    restrictsData = policy.allowedOutboundDataTransferDestinations != .allApps

    var facts: [[UInt8]: SchemeFacts] = [:]
    for scheme in policy.exemptedAppProtocols {
      facts[Array(URLSchemeSyntax.normalized(scheme).utf8), default: .unknown].isExempt = true
    }
    let suffix = Array(IntuneSchemeLists.managedTwinSuffix.utf8)
    for (index, scheme) in (queriesSchemes ?? []).enumerated() {
      let key = Array(URLSchemeSyntax.normalized(scheme).utf8)
      if facts[key, default: .unknown].declaredIndex < 0 { facts[key, default: .unknown].declaredIndex = Int32(index) }
      if key.count > suffix.count, Array(key.suffix(suffix.count)) == suffix {
        let base = Array(key.dropLast(suffix.count))
        if facts[base, default: .unknown].twinDeclaredIndex < 0 {
          facts[base, default: .unknown].twinDeclaredIndex = Int32(index)
        }
      }
    }
    let entries = facts.map { (scheme: $0.key, facts: $0.value) }.sorted {
      $0.scheme.lexicographicallyPrecedes($1.scheme)
    }
    table = SchemeTable(entries)

    var replacements = [[UInt8]](repeating: [], count: OpenedForm.allCases.count)
    replacements[Int(OpenedForm.twin.rawValue)] = suffix
    replacements[Int(OpenedForm.edgeHTTP.rawValue)] = Array("microsoft-edge-http".utf8)
    replacements[Int(OpenedForm.edgeHTTPS.rawValue)] = Array("microsoft-edge-https".utf8)
    replacements[Int(OpenedForm.managedBrowserHTTP.rawValue)] = Array("http-intunemam".utf8)
    replacements[Int(OpenedForm.managedBrowserHTTPS.rawValue)] = Array("https-intunemam".utf8)
    let custom = URLSchemeSyntax.normalized(policy.customBrowserProtocol ?? "")
    replacements[Int(OpenedForm.customHTTP.rawValue)] = Array(custom.utf8)
    replacements[Int(OpenedForm.customHTTPS.rawValue)] = Array((custom + "s").utf8)
    self.replacements = replacements

    switch policy.webLinkRouting {
    case .anyApp:
      webLinkForm = nil
      webLinkReason = .allowedOutboundDataTransferDestinations
    case .microsoftEdge:
      webLinkForm = (.edgeHTTP, .edgeHTTPS)
      webLinkReason = .managedBrowser
    case .unmanagedBrowser:
      webLinkForm = (.customHTTP, .customHTTPS)
      webLinkReason = .customBrowserProtocol
    case .intuneManagedBrowser:
      webLinkForm = (.managedBrowserHTTP, .managedBrowserHTTPS)
      webLinkReason = .managedBrowserToOpenLinksRequired
    }

    var status = [URLVerdict.CanOpenURLStatus](repeating: .notChecked, count: OpenedForm.allCases.count)
    for form in OpenedForm.allCases where form.replacesScheme {
      let index = table.facts(of: String(decoding: replacements[Int(form.rawValue)], as: UTF8.self)).declaredIndex
      status[Int(form.rawValue)] = URLAllowanceChecker.status(
        index: index, hasList: queriesSchemes != nil, limit: queriesSchemesLimit)
    }
    replacementStatus = status
  }

  /// The SDK's `isURLAllowed:isKnownManagedAppScheme:` with its consequences: the verdict, the deciding setting,
  /// the URL opened and `canOpenURL` for the opened scheme. Never throws: malformed input gets an `invalid` verdict.
  public func isURLAllowed(_ url: String, isKnownManagedAppScheme: Bool = false) -> URLVerdict {
    let bytes = Array(url.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      let decision = decide(buffer, isKnownManagedAppScheme: isKnownManagedAppScheme)
      return verdict(for: decision, url: url, bytes: buffer)
    }
  }

  /// The SDK's `isUniversalLinkAllowed:` (an open with `universalLinksOnly`): allowed when the policy sends org data
  /// to all apps or the link is exempt; a managed universal link is allowed under `managedApps`; anything else is
  /// blocked (issue #486). `opens` is the link itself when allowed; `canOpenURL` is not involved (`not-checked`).
  public func isUniversalLinkAllowed(_ url: String) -> URLVerdict {
    let bytes = Array(url.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      let scheme = parseScheme(buffer)
      func answer(_ kind: URLVerdict.Kind, _ reason: URLVerdict.Reason) -> URLVerdict {
        URLVerdict(
          url: url, verdict: kind, reason: reason, opens: kind == .allowed ? url : nil, canOpenURL: .notChecked)
      }
      guard scheme.isValid else { return verdict(for: invalidDecision(scheme), url: url, bytes: buffer) }
      guard scheme.webKind != .other else { return answer(.invalid, .notWebURL) }
      if !restrictsData { return answer(.allowed, .allowedOutboundDataTransferDestinations) }
      if exemptUniversalLinks.matches(buffer) { return answer(.allowed, .exemptedUniversalLinks) }
      if managedUniversalLinks.matches(buffer) {
        return policy.allowedOutboundDataTransferDestinations == .managedApps
          ? answer(.allowed, .managedUniversalLinks) : answer(.blocked, .allowedOutboundDataTransferDestinations)
      }
      return answer(.blocked, .allowedOutboundDataTransferDestinations)
    }
  }

  /// `canOpenURL` for `scheme` given the app's list: the first position of the scheme decides.
  public func canOpenURLStatus(forScheme scheme: String) -> URLVerdict.CanOpenURLStatus {
    URLAllowanceChecker.status(
      index: table.facts(of: scheme).declaredIndex, hasList: queriesSchemes != nil, limit: queriesSchemesLimit)
  }

  @inline(__always)
  static func status(index: Int32, hasList: Bool, limit: Int) -> URLVerdict.CanOpenURLStatus {
    if !hasList { return .notChecked }
    if index < 0 { return .undeclared }
    return Int(index) < limit ? .declared : .pastLimit
  }

  /// Turns a decision into the public verdict, building the `opens` string.
  func verdict(for decision: Decision, url: String, bytes: UnsafeBufferPointer<UInt8>) -> URLVerdict {
    var opens: String?
    if decision.opened != .nothing {
      var text: [UInt8] = []
      let parts = openedParts(decision, bytes)
      text.append(contentsOf: parts.head)
      text.append(contentsOf: parts.insert)
      text.append(contentsOf: parts.tail)
      opens = String(decoding: text, as: UTF8.self)
    }
    let checkedScheme: String? =
      decision.canOpenURL == .notChecked ? nil : checkedSchemeText(decision, bytes)
    var problem: URLSchemeProblem?
    if decision.reason == .invalidScheme {
      problem = URLSchemeSyntax.problem(in: String(decoding: bytes[..<decision.schemeEnd], as: UTF8.self))
    }
    return URLVerdict(
      url: url, verdict: decision.verdict, reason: decision.reason, opens: opens, canOpenURL: decision.canOpenURL,
      checkedScheme: checkedScheme, problem: problem)
  }

  private func checkedSchemeText(_ decision: Decision, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let own = URLSchemeSyntax.normalized(String(decoding: bytes[..<decision.schemeEnd], as: UTF8.self))
    switch decision.opened {
    case .twin where !decision.checksOwnScheme: return own + IntuneSchemeLists.managedTwinSuffix
    case .nothing, .unchanged, .twin: return own
    default: return String(decoding: replacements[Int(decision.opened.rawValue)], as: UTF8.self)
    }
  }

  /// The three pieces of the opened URL: a prefix of the original, the inserted scheme text, and a suffix.
  @inline(__always)
  func openedParts(_ decision: Decision, _ url: UnsafeBufferPointer<UInt8>)
    -> (head: UnsafeBufferPointer<UInt8>, insert: [UInt8], tail: UnsafeBufferPointer<UInt8>)
  {
    let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    switch decision.opened {
    case .nothing: return (empty, [], empty)
    case .unchanged: return (url, [], empty)
    case .twin:
      return (
        UnsafeBufferPointer(rebasing: url[..<decision.schemeEnd]), replacements[Int(OpenedForm.twin.rawValue)],
        UnsafeBufferPointer(rebasing: url[decision.schemeEnd...])
      )
    default:
      return (
        empty, replacements[Int(decision.opened.rawValue)], UnsafeBufferPointer(rebasing: url[decision.schemeEnd...])
      )
    }
  }
}

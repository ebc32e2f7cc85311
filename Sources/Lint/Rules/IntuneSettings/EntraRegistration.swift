import PropertyList
import URLSchemes
import XcodeModel

/// The app's Microsoft Entra registration as `IntuneMAMSettings` spells it (`ADALClientId`, `ADALRedirectUri`,
/// `ADALRedirectScheme`), the form MSAL needs for it, and the placeholders samples and templates leave there.
enum EntraRegistration {
  /// The client id key.
  static let clientIdKey = "ADALClientId"
  /// The redirect URI key.
  static let redirectURIKey = "ADALRedirectUri"
  /// The redirect scheme key (for redirect URIs of the form `scheme://bundle_id`).
  static let redirectSchemeKey = "ADALRedirectScheme"
  /// What MSAL's redirect scheme starts with: `msauth.<bundle id>`.
  static let msalSchemePrefix = "msauth."
  /// What follows MSAL's redirect scheme: `msauth.<bundle id>://auth`.
  static let msalRedirectSuffix = "://auth"

  /// `msauth.<bundle id>://auth`, the redirect URI MSAL accepts for the app (and the broker requires).
  static func msalRedirectURI(for bundleIdentifier: String) -> String {
    msalSchemePrefix + bundleIdentifier + msalRedirectSuffix
  }

  /// A redirect URI or scheme of MSAL's form, taken apart: `msauth.com.contoso.notes://auth`.
  struct MSALForm: Equatable {
    /// The bundle identifier after `msauth.`, as written.
    let bundleIdentifier: String
    /// What follows the scheme (`://auth`), empty for a scheme alone.
    let rest: String
  }

  /// `text` (a redirect URI or a scheme) taken apart when it starts with `msauth.` (any case); nil otherwise.
  static func msalForm(of text: String) -> MSALForm? {
    guard text.lowercased().hasPrefix(msalSchemePrefix) else { return nil }
    let afterPrefix = text.dropFirst(msalSchemePrefix.count)
    guard let colon = afterPrefix.firstIndex(of: ":") else {
      return MSALForm(bundleIdentifier: String(afterPrefix), rest: "")
    }
    return MSALForm(bundleIdentifier: String(afterPrefix[..<colon]), rest: String(afterPrefix[colon...]))
  }

  /// A redirect URI taken apart as MSAL's broker check reads it: its scheme, and the host after `://` (empty when
  /// there is none: `myapp:/path`, `urn:ietf:wg:oauth:2.0:oob`). Nil when `text` has no scheme.
  static func schemeAndHost(of text: String) -> (scheme: Substring, host: Substring)? {
    guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return nil }
    let rest = text[text.index(after: colon)...]
    guard rest.hasPrefix("//") else { return (text[..<colon], "") }
    let afterSlashes = rest.dropFirst(2)
    return (text[..<colon], afterSlashes.prefix { !["/", "?", "#"].contains($0) })
  }

  /// Whether MSAL 2.0.0 and later accept `redirectURI` for brokered Entra sign-in in an app whose bundle identifier is
  /// `bundleIdentifier`: `msauth.<bundle id>://auth`, or ADAL's `<scheme>://<bundle id>` (MSAL 2.x migration guide,
  /// section 1; `MSALInternalErrorInvalidRedirectURI` in MSALError.h).
  static func isBrokerCapable(_ redirectURI: String, bundleIdentifier: String) -> Bool {
    if redirectURI.lowercased() == msalRedirectURI(for: bundleIdentifier).lowercased() { return true }
    guard let (scheme, host) = schemeAndHost(of: redirectURI), !scheme.isEmpty,
      !["http", "https"].contains(scheme.lowercased())
    else { return false }
    return host.lowercased() == bundleIdentifier.lowercased()
  }

  /// `text` with its build settings expanded as the URL-scheme rules expand them; nil when one is unknown.
  static func resolved(_ text: String, in target: LintTarget) -> String? {
    InfoPlistSchemes.buildSettings(for: target).resolve(text).resolvedText
  }

  /// The target's bundle identifier, expanded; nil when it has none or a setting in it is unknown.
  static func resolvedBundleIdentifier(of target: LintTarget) -> String? {
    target.bundleIdentifier.flatMap { resolved($0, in: target) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// How a message shows the target's bundle identifier `resolved`: `'com.contoso.notes'`, followed by
  /// ` (from '$(PRODUCT_BUNDLE_IDENTIFIER)')` when the Info.plist writes it with build settings.
  static func shownBundleIdentifier(_ resolved: String, of target: LintTarget) -> String {
    BuildSettingEvaluation.shown(resolved, written: target.bundleIdentifier ?? resolved)
  }

  // MARK: - Client ids

  /// Whether `text` is a GUID, `8-4-4-4-12` hexadecimal digits, as Entra writes client ids.
  static func isGUID(_ text: String) -> Bool {
    guard text.utf8.count == 36 else { return false }   // 32 digits and 4 hyphens; most texts stop here
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
    return groups.allSatisfy { group in
      group.utf8.allSatisfy { byte in byte < 0x80 && Character(Unicode.Scalar(byte)).isHexDigit }
    }
  }

  // MARK: - Placeholders

  /// Words samples, templates and docs put where a real value belongs, compared lowercased.
  static let placeholderWords = [
    "replace", "your_", "your-", "yourclient", "yourapp", "yourtenant", "your client", "your app", "your tenant",
    "insert", "enter_", "enter-", "enter your", "todo", "fixme", "placeholder", "changeme", "change_me",
    "client_id", "clientid", "client-id", "client id", "application_id", "application-id", "app_id", "appid",
    "bundle_id", "bundleid", "bundle-id", "bundle id", "tenant_id", "tenantid", "tenant-id", "tenant id",
    "xxxxxxxx",
  ]
  /// Brackets a template puts around a name to fill in: `<client id>`, `[BUNDLE_ID]`, `{clientId}`.
  static let placeholderBrackets: Set<Character> = ["<", ">", "[", "]", "{", "}"]

  /// `placeholderBrackets` as bytes (all ASCII).
  private static let placeholderBracketBytes = Set(placeholderBrackets.compactMap(\.asciiValue))

  /// `placeholderWords` as bytes, searched in that order.
  private static let placeholderWordBytes = placeholderWords.map { Array($0.utf8) }

  /// `placeholderWordBytes` by their first byte, so that one pass over a text finds whether any word is in it.
  private static let placeholderWordsByFirstByte: [[[UInt8]]] = {
    var table = [[[UInt8]]](repeating: [], count: 256)
    for word in placeholderWordBytes { table[Int(word[0])].append(word) }
    return table
  }()

  /// Where the first of `placeholderWords` (in their order) that `folded` (ASCII letters lowercased) holds is;
  /// nil when it holds none. Every URL scheme and Entra value of every target is asked, and almost none holds a
  /// word: one pass over the text says so, and only a text with a word is searched word by word.
  private static func firstPlaceholderWord(in folded: [UInt8]) -> Range<Int>? {
    func holds(_ word: [UInt8], at start: Int) -> Bool {
      start + word.count <= folded.count && folded[start..<start + word.count].elementsEqual(word)
    }
    let holdsAny = folded.indices.contains { start in
      placeholderWordsByFirstByte[Int(folded[start])].contains { holds($0, at: start) }
    }
    guard holdsAny else { return nil }
    for word in placeholderWordBytes {
      if let start = folded.indices.first(where: { holds(word, at: $0) }) { return start..<start + word.count }
    }
    return nil
  }

  /// The placeholder in `text`, as a short quote for messages (`REPLACE`, `<client id>`, the all-zero GUID);
  /// nil when `text` looks like a real value. Build-setting references are not placeholders and are skipped.
  /// Every URL scheme and Entra value of every target is asked, so the words are searched in the bytes, ASCII
  /// letters folded (the words are ASCII).
  static func placeholder(in text: String) -> String? {
    var literal = text
    if text.utf8.contains(UInt8(ascii: "$")) {
      literal = ""
      for part in BuildSettingText(parsing: text).parts {
        if case .literal(let piece, _) = part { literal += piece } else { literal += " " }
      }
    }
    let bytes = Array(literal.utf8)
    let folded = bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    if let word = firstPlaceholderWord(in: folded) { return String(decoding: bytes[word], as: UTF8.self) }
    if let open = bytes.firstIndex(where: placeholderBracketBytes.contains) {
      return String(String(decoding: bytes[open...], as: UTF8.self).prefix(24))
    }
    // A GUID of one repeated digit (`00000000-0000-…`) is a template's, never Entra's.
    if isGUID(literal), Set(literal.filter { $0 != "-" }.lowercased()).count == 1 { return literal }
    return nil
  }
}

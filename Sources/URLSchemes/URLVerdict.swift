import SharelintBase

/// The answer to "may this URL be opened under this policy?", with the setting that decided, the URL the SDK
/// would hand to iOS, and what `canOpenURL` would answer for the scheme actually opened.
public struct URLVerdict: Equatable, Sendable {
  /// The answer itself. Raw values are the command line's spelling.
  public enum Kind: String, CaseIterable, Sendable {
    /// The SDK opens the URL (possibly rewritten, see `opens`).
    case allowed
    /// The policy blocks the URL.
    case blocked
    /// Allowed only if the app handling the scheme is policy-managed (it must register `<scheme>-intunemam`).
    case allowedIfManagedTarget = "allowed-if-managed-target"
    /// The input is not a URL the SDK could consider (see `reason` and `problem`).
    case invalid
  }

  /// What decided. Policy settings carry their Graph names; the other cases explain an `invalid` verdict.
  public enum Reason: String, CaseIterable, Sendable {
    /// "Send Org data to other apps".
    case allowedOutboundDataTransferDestinations
    /// "Select apps to exempt": the scheme is exempt.
    case exemptedAppProtocols
    /// Microsoft Edge is required for web links.
    case managedBrowser
    /// An unmanaged browser, named by its protocol, is required for web links.
    case customBrowserProtocol
    /// The retired Intune Managed Browser is required for web links.
    case managedBrowserToOpenLinksRequired
    /// The link matches an exempt universal link.
    case exemptedUniversalLinks
    /// The link matches a managed universal link.
    case managedUniversalLinks
    /// The input has no `:`, so no scheme.
    case missingScheme
    /// The text before the first `:` is not an RFC 3986 scheme.
    case invalidScheme
    /// A universal link must be an http or https URL.
    case notWebURL
    /// A batch line longer than the batch checker's limit (it is cut at the limit).
    case lineTooLong
  }

  /// What `canOpenURL` would answer for the opened scheme given the app's `LSApplicationQueriesSchemes`.
  public enum CanOpenURLStatus: String, CaseIterable, Sendable {
    /// Declared within the first N entries (50, or 25 for apps linked with the iOS 27 SDK).
    case declared
    /// Declared, but only at a position ≥ N, so iOS ignores it and `canOpenURL` returns false.
    case pastLimit = "past-limit"
    /// Not declared: `canOpenURL` returns false.
    case undeclared
    /// No `LSApplicationQueriesSchemes` was given, or there is no scheme to check.
    case notChecked = "not-checked"
  }

  /// The URL as given.
  public var url: String
  /// The answer.
  public var verdict: Kind
  /// The setting (or input problem) that decided.
  public var reason: Reason
  /// The URL the SDK would hand to iOS, or nil when nothing is opened.
  public var opens: String?
  /// `canOpenURL` for `checkedScheme`.
  public var canOpenURL: CanOpenURLStatus
  /// The lowercase scheme `canOpenURL` was evaluated for, nil when not checked.
  public var checkedScheme: String?
  /// For `invalidScheme`, what is wrong with the scheme.
  public var problem: URLSchemeProblem?

  /// Creates a verdict.
  public init(
    url: String, verdict: Kind, reason: Reason, opens: String?, canOpenURL: CanOpenURLStatus,
    checkedScheme: String? = nil, problem: URLSchemeProblem? = nil
  ) {
    self.url = url
    self.verdict = verdict
    self.reason = reason
    self.opens = opens
    self.canOpenURL = canOpenURL
    self.checkedScheme = checkedScheme
    self.problem = problem
  }

  /// True for `allowed` (and only for it).
  public var isAllowed: Bool { verdict == .allowed }

  /// The JSON object of `url check --format json`: `canOpenURL`, `opens` (null when nothing opens), `reason`,
  /// `url`, `verdict`.
  public var json: JSONValue {
    .object([
      "canOpenURL": .string(canOpenURL.rawValue),
      "opens": opens.map(JSONValue.string) ?? .null,
      "reason": .string(reason.rawValue),
      "url": .string(url),
      "verdict": .string(verdict.rawValue),
    ])
  }
}

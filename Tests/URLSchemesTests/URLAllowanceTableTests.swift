import Testing
import URLSchemes

/// One row of the policy × URL table: the verdict, deciding setting and opened URL expected.
struct AllowanceCase: Sendable, CustomTestStringConvertible {
  let policyName: String
  let url: String
  let verdict: URLVerdict.Kind
  let reason: URLVerdict.Reason
  let opens: String?
  var isKnownManagedAppScheme = false

  var testDescription: String { "\(policyName): \(url)" }
}

/// The policies of the table, by name.
enum TablePolicies {
  static func named(_ name: String) -> IntunePolicy {
    switch name {
    case "default": return IntunePolicy()
    case "managedApps": return IntunePolicy(allowedOutboundDataTransferDestinations: .managedApps)
    case "none": return IntunePolicy(allowedOutboundDataTransferDestinations: .none)
    case "edge":
      return IntunePolicy(
        allowedOutboundDataTransferDestinations: .managedApps, managedBrowserToOpenLinksRequired: true,
        managedBrowser: .microsoftEdge)
    case "mybrowser":
      return IntunePolicy(
        allowedOutboundDataTransferDestinations: .managedApps, managedBrowserToOpenLinksRequired: true,
        customBrowserProtocol: "mybrowser")
    case "intuneBrowser":
      return IntunePolicy(
        allowedOutboundDataTransferDestinations: .managedApps, managedBrowserToOpenLinksRequired: true)
    case "telExempt":
      return IntunePolicy(
        allowedOutboundDataTransferDestinations: .managedApps, exemptedAppProtocols: ["tel", "TELPROMPT"])
    case "links":
      return IntunePolicy(
        allowedOutboundDataTransferDestinations: .managedApps,
        exemptedUniversalLinks: ["https://*.contoso.com/share/*", "https://maps.apple.com"],
        managedUniversalLinks: ["http://*.sharepoint-df.com/*"])
    default: fatalError("no policy named \(name)")
    }
  }
}

private let destinations = URLVerdict.Reason.allowedOutboundDataTransferDestinations

let allowanceTable: [AllowanceCase] = [
  // Intune's default: all apps.
  .init(
    policyName: "default", url: "https://example.com/a", verdict: .allowed, reason: destinations,
    opens: "https://example.com/a"),
  .init(
    policyName: "default", url: "mailto:a@example.com", verdict: .allowed, reason: destinations,
    opens: "mailto:a@example.com"),
  .init(
    policyName: "default", url: "com.infor.mingle://go", verdict: .allowed, reason: destinations,
    opens: "com.infor.mingle://go"),
  // Policy managed apps with the default exemptions.
  .init(
    policyName: "managedApps", url: "com.infor.mingle://go", verdict: .allowedIfManagedTarget,
    reason: destinations, opens: "com.infor.mingle-intunemam://go"),
  .init(
    policyName: "managedApps", url: "ms-word://open?x=1", verdict: .allowed, reason: destinations,
    opens: "ms-word-intunemam://open?x=1", isKnownManagedAppScheme: true),
  .init(
    policyName: "managedApps", url: "Skype:bob?call", verdict: .allowed, reason: .exemptedAppProtocols,
    opens: "Skype:bob?call"),
  .init(
    policyName: "managedApps", url: "itms-apps://apps.apple.com/app/id1", verdict: .allowed,
    reason: .exemptedAppProtocols, opens: "itms-apps://apps.apple.com/app/id1"),
  .init(
    policyName: "managedApps", url: "tel:+15551234", verdict: .allowedIfManagedTarget, reason: destinations,
    opens: "tel-intunemam:+15551234"),
  .init(
    policyName: "managedApps", url: "https://example.com/", verdict: .allowedIfManagedTarget,
    reason: destinations, opens: "https-intunemam://example.com/"),
  .init(
    policyName: "managedApps", url: "https://maps.apple.com/?q=Paris", verdict: .allowed,
    reason: .exemptedUniversalLinks, opens: "https://maps.apple.com/?q=Paris"),
  .init(
    policyName: "managedApps", url: "http://facetime.apple.com", verdict: .allowed,
    reason: .exemptedUniversalLinks, opens: "http://facetime.apple.com"),
  .init(
    policyName: "managedApps", url: "https://maps.apple.com.evil.example/", verdict: .allowedIfManagedTarget,
    reason: destinations, opens: "https-intunemam://maps.apple.com.evil.example/"),
  .init(
    policyName: "managedApps", url: "foo-intunemam://foo://x", verdict: .allowed, reason: destinations,
    opens: "foo-intunemam://foo://x"),
  // None.
  .init(policyName: "none", url: "ms-word://open", verdict: .blocked, reason: destinations, opens: nil),
  .init(policyName: "none", url: "https://example.com", verdict: .blocked, reason: destinations, opens: nil),
  .init(
    policyName: "none", url: "app-settings:", verdict: .allowed, reason: .exemptedAppProtocols,
    opens: "app-settings:"),
  // Microsoft Edge required.
  .init(
    policyName: "edge", url: "https://example.com/p?q#f", verdict: .allowed, reason: .managedBrowser,
    opens: "microsoft-edge-https://example.com/p?q#f"),
  .init(
    policyName: "edge", url: "HTTP://example.com", verdict: .allowed, reason: .managedBrowser,
    opens: "microsoft-edge-http://example.com"),
  .init(
    policyName: "edge", url: "https://maps.apple.com/", verdict: .allowed, reason: .managedBrowser,
    opens: "microsoft-edge-https://maps.apple.com/"),
  .init(
    policyName: "edge", url: "mailto:a@b.c", verdict: .allowedIfManagedTarget, reason: destinations,
    opens: "mailto-intunemam:a@b.c"),
  // Unmanaged browser with protocol mybrowser (the portal's own example).
  .init(
    policyName: "mybrowser", url: "http://www.microsoft.com", verdict: .allowed, reason: .customBrowserProtocol,
    opens: "mybrowser://www.microsoft.com"),
  .init(
    policyName: "mybrowser", url: "https://www.microsoft.com", verdict: .allowed,
    reason: .customBrowserProtocol, opens: "mybrowsers://www.microsoft.com"),
  // The retired Intune Managed Browser.
  .init(
    policyName: "intuneBrowser", url: "https://intranet/app", verdict: .allowed,
    reason: .managedBrowserToOpenLinksRequired, opens: "https-intunemam://intranet/app"),
  // Custom exemptions replace the defaults.
  .init(
    policyName: "telExempt", url: "tel:+15551234", verdict: .allowed, reason: .exemptedAppProtocols,
    opens: "tel:+15551234"),
  .init(
    policyName: "telExempt", url: "telprompt:+15551234", verdict: .allowed, reason: .exemptedAppProtocols,
    opens: "telprompt:+15551234"),
  .init(
    policyName: "telExempt", url: "skype:bob", verdict: .allowedIfManagedTarget, reason: destinations,
    opens: "skype-intunemam:bob"),
  // Universal links with wildcards.
  .init(
    policyName: "links", url: "https://team.contoso.com/share/doc1", verdict: .allowed,
    reason: .exemptedUniversalLinks, opens: "https://team.contoso.com/share/doc1"),
  .init(
    policyName: "links", url: "https://team.contoso.com/private/doc1", verdict: .allowedIfManagedTarget,
    reason: destinations, opens: "https-intunemam://team.contoso.com/private/doc1"),
  .init(
    policyName: "links", url: "http://facetime.apple.com", verdict: .allowedIfManagedTarget,
    reason: destinations, opens: "http-intunemam://facetime.apple.com"),
  // Malformed input.
  .init(policyName: "default", url: "example.com/no-scheme", verdict: .invalid, reason: .missingScheme, opens: nil),
  .init(policyName: "managedApps", url: "1password://x", verdict: .invalid, reason: .invalidScheme, opens: nil),
  .init(policyName: "managedApps", url: ":nothing", verdict: .invalid, reason: .invalidScheme, opens: nil),
  .init(policyName: "none", url: "my app://x", verdict: .invalid, reason: .invalidScheme, opens: nil),
  .init(policyName: "none", url: "", verdict: .invalid, reason: .missingScheme, opens: nil),
]

@Suite struct URLAllowanceTableTests {
  @Test(arguments: allowanceTable)
  func verdictReasonAndOpenedURL(_ row: AllowanceCase) throws {
    let checker = try URLAllowanceChecker(policy: TablePolicies.named(row.policyName))
    let verdict = checker.isURLAllowed(row.url, isKnownManagedAppScheme: row.isKnownManagedAppScheme)
    #expect(verdict.verdict == row.verdict)
    #expect(verdict.reason == row.reason)
    #expect(verdict.opens == row.opens)
    #expect(verdict.url == row.url)
    #expect(verdict.canOpenURL == .notChecked)
  }

  @Test func invalidSchemeExplainsTheProblem() throws {
    let checker = try URLAllowanceChecker(policy: IntunePolicy())
    #expect(checker.isURLAllowed("1password://x").problem == .startsWithDigit)
    #expect(checker.isURLAllowed("my app://x").problem == .invalidCharacter(" ", offset: 2))
    #expect(checker.isURLAllowed(":x").problem == .empty)
    #expect(checker.isURLAllowed("no-scheme").problem == nil)
  }

  @Test func universalLinksOnlyOpens() throws {
    let links = try URLAllowanceChecker(policy: TablePolicies.named("links"))
    let exempt = links.isUniversalLinkAllowed("https://team.contoso.com/share/x")
    #expect(exempt.verdict == .allowed && exempt.reason == .exemptedUniversalLinks)
    #expect(exempt.opens == "https://team.contoso.com/share/x")
    let managed = links.isUniversalLinkAllowed("http://hr.sharepoint-df.com/sites/a")
    #expect(managed.verdict == .allowed && managed.reason == .managedUniversalLinks)
    let hostTrick = links.isUniversalLinkAllowed("http://evil.example/x.sharepoint-df.com/a")
    #expect(hostTrick.verdict == .blocked && hostTrick.reason == .allowedOutboundDataTransferDestinations)
    #expect(hostTrick.opens == nil)
    #expect(links.isUniversalLinkAllowed("msteams://x").reason == .notWebURL)

    let none = try URLAllowanceChecker(
      policy: IntunePolicy(
        allowedOutboundDataTransferDestinations: .none, managedUniversalLinks: ["https://*.x.com/*"]))
    #expect(none.isUniversalLinkAllowed("https://a.x.com/b").verdict == .blocked)
    #expect(none.isUniversalLinkAllowed("https://maps.apple.com/?q=1").verdict == .allowed)
    let all = try URLAllowanceChecker(policy: IntunePolicy())
    #expect(all.isUniversalLinkAllowed("https://anything.example").reason == .allowedOutboundDataTransferDestinations)
  }

  @Test func universalLinkPatternsEscapeEverythingButStars() throws {
    let patterns = try UniversalLinkPatterns(["http://*.sharepoint-df.com/*", "https://a.b/(x)+?", "www.teams.com"])
    #expect(patterns.matches("http://hr.sharepoint-df.com/sites/x"))
    #expect(patterns.matches("HTTP://HR.SharePoint-DF.com/"))
    #expect(!patterns.matches("http://hr.sharepoint-dfXcom/sites/x"))
    #expect(!patterns.matches("https://hr.sharepoint-df.com/sites/x"))
    #expect(patterns.matches("https://a.b/(x)+?"))
    #expect(!patterns.matches("https://a.b/xx"))
    #expect(patterns.matches("https://www.teams.com/l/meet"))
    #expect(patterns.matches("http://www.teams.com"))
    #expect(!patterns.matches("https://www.teams.com.evil/"))
    #expect(try UniversalLinkPatterns([]).isEmpty)
  }
}

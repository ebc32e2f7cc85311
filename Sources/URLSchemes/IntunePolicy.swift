import IntuneKnowledge

/// The parts of an Intune iOS app protection policy (Graph `iosManagedAppProtection`) that decide which URLs a
/// managed app may open and where it may save or open data. Field names and defaults are Graph's and Intune's
/// (notes §3); read one with `IntunePolicy.parse(_:)`.
public struct IntunePolicy: Equatable, Sendable {
  /// "Send Org data to other apps" (Graph `allowedOutboundDataTransferDestinations`).
  public enum DataTransferDestinations: String, CaseIterable, Sendable {
    /// Any app (Intune's default).
    case allApps
    /// Policy managed apps only, apart from the exempted protocols.
    case managedApps
    /// No app, apart from the exempted protocols.
    case none
  }

  /// The browser web links must open in when `managedBrowserToOpenLinksRequired` is true (Graph `managedBrowser`).
  public enum ManagedBrowser: String, CaseIterable, Sendable {
    /// No particular managed browser: the retired Intune Managed Browser, or the unmanaged browser named by
    /// `customBrowserProtocol`.
    case notConfigured
    /// Microsoft Edge.
    case microsoftEdge
  }

  /// Where http and https links go, derived from the three browser settings ("Restrict web content transfer
  /// with other apps" in the portal).
  public enum WebLinkRouting: Equatable, Sendable {
    /// Any app: web links follow the data-transfer setting like other URLs.
    case anyApp
    /// The retired Intune Managed Browser: `http-intunemam:` / `https-intunemam:`.
    case intuneManagedBrowser
    /// Microsoft Edge: `microsoft-edge-http:` / `microsoft-edge-https:`.
    case microsoftEdge
    /// An unmanaged browser with protocol `p`: `http:` becomes `p:`, `https:` becomes `ps:`.
    case unmanagedBrowser(protocol: String)
  }

  /// Graph `allowedOutboundDataTransferDestinations`; default `allApps`.
  public var allowedOutboundDataTransferDestinations: DataTransferDestinations
  /// Graph `disableProtectionOfManagedOutboundOpenInData` ("Policy managed apps with OS sharing"); default false.
  public var disableProtectionOfManagedOutboundOpenInData: Bool
  /// Graph `filterOpenInToOnlyManagedApps` ("Policy managed apps with Open-In/Share filtering"); default false.
  public var filterOpenInToOnlyManagedApps: Bool
  /// Graph `exemptedAppProtocols`, merged from all key-value pairs: lowercase schemes, first occurrence kept.
  public var exemptedAppProtocols: [String]
  /// Graph `managedBrowserToOpenLinksRequired`; default false.
  public var managedBrowserToOpenLinksRequired: Bool
  /// Graph `managedBrowser`; default `notConfigured`.
  public var managedBrowser: ManagedBrowser
  /// Graph `customBrowserProtocol` (the unmanaged browser's protocol, lowercase), or nil when empty.
  public var customBrowserProtocol: String?
  /// Graph `exemptedUniversalLinks`: patterns with `*` wildcards.
  public var exemptedUniversalLinks: [String]
  /// Graph `managedUniversalLinks`: patterns with `*` wildcards.
  public var managedUniversalLinks: [String]
  /// The locations org data may be saved to, or nil when saving is unrestricted (the default).
  public var allowedSaveLocations: Set<IntuneMAMSaveLocation>?
  /// The locations data may be opened from into org documents, or nil when unrestricted (the default).
  public var allowedOpenLocations: Set<IntuneMAMOpenLocation>?

  /// A policy with Intune's defaults, changed by whichever arguments are given.
  public init(
    allowedOutboundDataTransferDestinations: DataTransferDestinations = .allApps,
    disableProtectionOfManagedOutboundOpenInData: Bool = false,
    filterOpenInToOnlyManagedApps: Bool = false,
    exemptedAppProtocols: [String] = IntuneSchemeLists.defaultExemptedAppProtocols,
    managedBrowserToOpenLinksRequired: Bool = false,
    managedBrowser: ManagedBrowser = .notConfigured,
    customBrowserProtocol: String? = nil,
    exemptedUniversalLinks: [String] = IntuneSchemeLists.defaultExemptedUniversalLinks,
    managedUniversalLinks: [String] = [],
    allowedSaveLocations: Set<IntuneMAMSaveLocation>? = nil,
    allowedOpenLocations: Set<IntuneMAMOpenLocation>? = nil
  ) {
    self.allowedOutboundDataTransferDestinations = allowedOutboundDataTransferDestinations
    self.disableProtectionOfManagedOutboundOpenInData = disableProtectionOfManagedOutboundOpenInData
    self.filterOpenInToOnlyManagedApps = filterOpenInToOnlyManagedApps
    self.exemptedAppProtocols = IntunePolicy.uniqueLowercased(exemptedAppProtocols)
    self.managedBrowserToOpenLinksRequired = managedBrowserToOpenLinksRequired
    self.managedBrowser = managedBrowser
    self.customBrowserProtocol = customBrowserProtocol.flatMap { $0.isEmpty ? nil : URLSchemeSyntax.normalized($0) }
    self.exemptedUniversalLinks = exemptedUniversalLinks
    self.managedUniversalLinks = managedUniversalLinks
    self.allowedSaveLocations = allowedSaveLocations
    self.allowedOpenLocations = allowedOpenLocations
  }

  /// Intune's defaults: send org data to all apps, the default exemptions, no browser restriction.
  public static let intuneDefault = IntunePolicy()

  /// Where web links go under this policy.
  public var webLinkRouting: WebLinkRouting {
    guard managedBrowserToOpenLinksRequired else { return .anyApp }
    if managedBrowser == .microsoftEdge { return .microsoftEdge }
    if let customBrowserProtocol { return .unmanagedBrowser(protocol: customBrowserProtocol) }
    return .intuneManagedBrowser
  }

  /// The SDK's `isSaveToAllowedForLocation:withAccountId:` for the policy's account.
  public func isSaveToAllowed(_ location: IntuneMAMSaveLocation) -> Bool {
    allowedSaveLocations?.contains(location) ?? true
  }

  /// The SDK's `isOpenFromAllowedForLocation:withAccountId:` for the policy's account.
  public func isOpenFromAllowed(_ location: IntuneMAMOpenLocation) -> Bool {
    allowedOpenLocations?.contains(location) ?? true
  }

  /// Every contradiction between settings, each naming the field that cannot hold its value; empty when the
  /// policy is consistent. The rules are the Graph resource's ("only allowed to be True when…", "should be true").
  public func contradictions() -> [IntunePolicyError.Problem] {
    var problems: [IntunePolicyError.Problem] = []
    let destinations = allowedOutboundDataTransferDestinations
    if disableProtectionOfManagedOutboundOpenInData && destinations != .managedApps {
      problems.append(
        .init(
          field: "disableProtectionOfManagedOutboundOpenInData",
          message: "may be true only when allowedOutboundDataTransferDestinations is managedApps, not \(destinations)")
      )
    }
    if filterOpenInToOnlyManagedApps && destinations != .managedApps {
      problems.append(
        .init(
          field: "filterOpenInToOnlyManagedApps",
          message: "may be true only when allowedOutboundDataTransferDestinations is managedApps, not \(destinations)")
      )
    }
    if filterOpenInToOnlyManagedApps && disableProtectionOfManagedOutboundOpenInData {
      problems.append(
        .init(
          field: "filterOpenInToOnlyManagedApps",
          message: "may be true only when disableProtectionOfManagedOutboundOpenInData is false"))
    }
    if customBrowserProtocol != nil && !managedBrowserToOpenLinksRequired {
      problems.append(
        .init(
          field: "customBrowserProtocol", message: "is set while managedBrowserToOpenLinksRequired is false"))
    }
    if managedBrowser == .microsoftEdge && !managedBrowserToOpenLinksRequired {
      problems.append(
        .init(
          field: "managedBrowser", message: "is microsoftEdge while managedBrowserToOpenLinksRequired is false"))
    }
    if managedBrowser == .microsoftEdge, let customBrowserProtocol {
      problems.append(
        .init(
          field: "customBrowserProtocol",
          message: "'\(customBrowserProtocol)' is set while managedBrowser is microsoftEdge: choose one browser"))
    }
    if let customBrowserProtocol, let problem = URLSchemeSyntax.problem(in: customBrowserProtocol) {
      problems.append(.init(field: "customBrowserProtocol", message: "'\(customBrowserProtocol)' \(problem)"))
    }
    for scheme in exemptedAppProtocols {
      if let problem = URLSchemeSyntax.problem(in: scheme) {
        problems.append(.init(field: "exemptedAppProtocols", message: "'\(scheme)' \(problem)"))
      }
    }
    return problems
  }

  /// Throws an `IntunePolicyError` listing every contradiction, if there is any.
  public func validate() throws {
    let problems = contradictions()
    if !problems.isEmpty { throw IntunePolicyError(problems: problems) }
  }

  static func uniqueLowercased(_ schemes: [String]) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for scheme in schemes {
      let normalized = URLSchemeSyntax.normalized(scheme)
      if seen.insert(normalized).inserted { result.append(normalized) }
    }
    return result
  }
}

/// Why a policy could not be read or cannot hold: one or more problems, each naming its field.
public struct IntunePolicyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One problem with one field.
  public struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// The field, as it is spelled in the input (a Graph name or a short-form key), or `policy` for the whole.
    public var field: String
    /// What is wrong, lowercase, without a trailing period.
    public var message: String

    /// Creates a problem.
    public init(field: String, message: String) {
      self.field = field
      self.message = message
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
  }

  /// The problems, in the order they were found.
  public var problems: [Problem]
  /// The 1-based line of the policy file the problem is at, when it is located (a document that is not YAML, or
  /// past the reader's bounds).
  public var line: Int?
  /// The 1-based column (in Unicode scalars) on `line`, when known.
  public var column: Int?

  /// Creates an error from its problems.
  public init(problems: [Problem]) { self.problems = problems }

  /// Creates an error with one problem.
  public init(field: String, message: String) { self.problems = [Problem(field: field, message: message)] }

  /// The problems on one line, separated by `; `.
  public var description: String { problems.map(\.description).joined(separator: "; ") }

  /// The error as a line naming the policy file `file`: `file:line:column: problems`, leaving out what is unknown.
  public func described(in file: String) -> String {
    let position = line.map { line in ":\(line)" + (column.map { ":\($0)" } ?? "") } ?? ""
    return "\(file)\(position): \(description)"
  }
}

import ArgumentParser
import PredicateSyntax
import SharelintBase
import URLSchemes

/// `sharelint policy …`: what an Intune app protection policy allows.
struct PolicyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "policy",
    abstract: "Check an Intune app protection policy and ask where it lets org data be saved or opened from.",
    discussion: """
      A policy file is either a Graph iosManagedAppProtection exactly as exported (JSON), or sharelint's short \
      form (YAML or JSON), e.g.:
        sendOrgData: managedApps  # allApps | managedApps | none
                                  # | managedAppsWithOSSharing
                                  # | managedAppsWithOpenInFiltering
        exemptSchemes: [default, tel]  # default: Intune's exemptions
        browser: edge  # any | edge | managedBrowser | unmanaged:<protocol>
        saveTo: [onedrive-for-business, sharepoint]
        openFrom: [camera, photos]
      Without --policy, Intune's defaults apply (org data goes to all apps, saving and opening are unrestricted).
      """,
    subcommands: [PolicyCheckCommand.self, PolicySaveToCommand.self, PolicyOpenFromCommand.self]
  )
}

/// The `--policy FILE` option shared by `url check` and the `policy` subcommands.
struct PolicyOptions: ParsableArguments {
  @Option(
    name: .customLong("policy"),
    help: ArgumentHelp(
      "A Graph iosManagedAppProtection export or sharelint's short YAML/JSON policy; '-' reads standard input. "
        + "Default: Intune's defaults.",
      valueName: "FILE"))
  var path: String?

  @Option(
    name: .customLong("policy-name"),
    help: ArgumentHelp(
      "The policy to use from a Graph collection ({\"value\": [...]}, as GET …/iosManagedAppProtections "
        + "returns it): its displayName or id. Needed when the collection holds several.",
      valueName: "NAME"))
  var policyName: String?

  func validate() throws {
    if policyName != nil && path == nil { throw ValidationError("--policy-name needs --policy") }
  }

  /// True when the policy is to be read from standard input.
  var readsStandardInput: Bool { path == "-" }

  /// The policy read from `path`, or Intune's defaults. An unreadable, malformed or contradictory policy is an
  /// `InputError` naming the file and the field.
  func load() throws -> IntunePolicy {
    guard let path else { return .intuneDefault }
    let name = path == "-" ? "<stdin>" : path
    let limit = IntunePolicy.maximumFileSize
    let bytes =
      path == "-"
      ? try StandardStreams.readStandardInput(limit: limit) : try StandardStreams.readFile(path, limit: limit)
    do {
      return try IntunePolicy.parse(String(decoding: bytes, as: UTF8.self), selecting: policyName)
    } catch let error as IntunePolicyError {
      throw InputError(error.described(in: name))
    }
  }

  /// The name messages use for the policy.
  var displayName: String {
    switch path {
    case nil: return "Intune's default policy"
    case "-": return "<stdin>"
    case let path?: return path
    }
  }
}

/// Output formats of `policy check`.
enum PolicyOutputFormat: String, CaseIterable, ExpressibleByArgument {
  /// One `setting: value` line per setting.
  case text
  /// One JSON object with sorted keys.
  case json
}

/// `sharelint policy check`: validate a policy file and print its effective settings.
struct PolicyCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate a policy file and print the settings in effect.",
    discussion: """
      Reads the policy (Graph export or short form), checks that its settings can hold together (for example \
      filterOpenInToOnlyManagedApps needs allowedOutboundDataTransferDestinations managedApps) and prints every \
      setting sharelint uses, defaults filled in, under its Graph name. allowedSaveLocations and \
      allowedOpenLocations list location names (as `policy save-to` and `policy open-from` take them), or say \
      that the direction is not restricted (null in JSON). webLinkRouting says where http and https links go.

      Exit status: 0 the policy is valid; 2 it cannot be read, is malformed or contradicts itself (one line on \
      standard error naming the field).

      Examples:
        sharelint policy check --policy policy.yaml
        sharelint policy check --policy graph-export.json --format json
      """
  )

  @OptionGroup var policy: PolicyOptions

  @Option(help: "How to print the settings: text or json.")
  var format: PolicyOutputFormat = .text

  func run() throws {
    let settings = PolicySettingsReport(policy: try policy.load())
    switch format {
    case .json: StandardStreams.writeOutput(settings.json.serialized(pretty: true) + "\n")
    case .text: StandardStreams.writeOutput(PrintableText.lines(settings.text))
    }
  }
}

/// The effective settings of a policy, as `policy check` prints them.
struct PolicySettingsReport {
  let policy: IntunePolicy

  /// Where web links go, as one word (`unmanagedBrowser:<protocol>` for an unmanaged browser).
  var webLinkRouting: String {
    switch policy.webLinkRouting {
    case .anyApp: return "anyApp"
    case .intuneManagedBrowser: return "intuneManagedBrowser"
    case .microsoftEdge: return "microsoftEdge"
    case .unmanagedBrowser(let browserProtocol): return "unmanagedBrowser:\(browserProtocol)"
    }
  }

  /// The save locations allowed, in the SDK's order, or nil when saving is unrestricted.
  var saveLocations: [String]? {
    policy.allowedSaveLocations.map { allowed in
      IntuneMAMSaveLocation.allCases.filter(allowed.contains).map(\.rawValue)
    }
  }

  /// The open locations allowed, in the SDK's order, or nil when opening is unrestricted.
  var openLocations: [String]? {
    policy.allowedOpenLocations.map { allowed in
      IntuneMAMOpenLocation.allCases.filter(allowed.contains).map(\.rawValue)
    }
  }

  /// The settings as one JSON object (sorted keys).
  var json: JSONValue {
    func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
    return .object([
      "allowedOutboundDataTransferDestinations": .string(policy.allowedOutboundDataTransferDestinations.rawValue),
      "disableProtectionOfManagedOutboundOpenInData": .bool(policy.disableProtectionOfManagedOutboundOpenInData),
      "filterOpenInToOnlyManagedApps": .bool(policy.filterOpenInToOnlyManagedApps),
      "exemptedAppProtocols": strings(policy.exemptedAppProtocols),
      "managedBrowserToOpenLinksRequired": .bool(policy.managedBrowserToOpenLinksRequired),
      "managedBrowser": .string(policy.managedBrowser.rawValue),
      "customBrowserProtocol": policy.customBrowserProtocol.map(JSONValue.string) ?? .null,
      "exemptedUniversalLinks": strings(policy.exemptedUniversalLinks),
      "managedUniversalLinks": strings(policy.managedUniversalLinks),
      "allowedSaveLocations": saveLocations.map(strings) ?? .null,
      "allowedOpenLocations": openLocations.map(strings) ?? .null,
      "webLinkRouting": .string(webLinkRouting),
    ])
  }

  /// The settings as `name: value` lines.
  var text: String {
    func list(_ values: [String]) -> String { values.isEmpty ? "(none)" : values.joined(separator: ", ") }
    let lines = [
      "allowedOutboundDataTransferDestinations: \(policy.allowedOutboundDataTransferDestinations.rawValue)",
      "disableProtectionOfManagedOutboundOpenInData: \(policy.disableProtectionOfManagedOutboundOpenInData)",
      "filterOpenInToOnlyManagedApps: \(policy.filterOpenInToOnlyManagedApps)",
      "exemptedAppProtocols: \(list(policy.exemptedAppProtocols))",
      "managedBrowserToOpenLinksRequired: \(policy.managedBrowserToOpenLinksRequired)",
      "managedBrowser: \(policy.managedBrowser.rawValue)",
      "customBrowserProtocol: \(policy.customBrowserProtocol ?? "(none)")",
      "exemptedUniversalLinks: \(list(policy.exemptedUniversalLinks))",
      "managedUniversalLinks: \(list(policy.managedUniversalLinks))",
      "allowedSaveLocations: \(saveLocations.map(list) ?? "(not restricted)")",
      "allowedOpenLocations: \(openLocations.map(list) ?? "(not restricted)")",
      "webLinkRouting: \(webLinkRouting)",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

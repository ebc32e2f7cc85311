import ArgumentParser
import URLSchemes
import SharelintBase

/// `sharelint policy save-to`: the SDK's `isSaveToAllowedForLocation:withAccountId:`.
struct PolicySaveToCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "save-to",
    abstract: "Say whether the policy lets org data be saved to a location.",
    discussion: """
      LOCATION is an IntuneMAMSaveLocation in kebab-case: \(PolicyLocationQuery.names(IntuneMAMSaveLocation.self)).

      Prints one line, `LOCATION: allowed|blocked by SETTING`: saveAsBlocked when saving is not restricted, \
      allowedDataStorageLocations (the Graph setting; `saveTo` in the short form) when it is. A location the \
      Graph setting has no value for (dropbox, google-drive, account-document, other) is allowed only while \
      saving is not restricted.

      Exit status: 0 allowed; 1 blocked; 2 unknown location or unusable policy file.

      Examples:
        sharelint policy save-to onedrive-for-business --policy policy.yaml
        sharelint policy save-to local-drive --policy graph.json || echo blocked
      """
  )

  @Argument(help: ArgumentHelp("Where the app wants to save org data.", valueName: "LOCATION"))
  var location: String

  @OptionGroup var policy: PolicyOptions

  func run() throws {
    let location = try PolicyLocationQuery.location(named: location, as: IntuneMAMSaveLocation.self, kind: "save")
    let policy = try policy.load()
    let query = PolicyLocationQuery(
      name: location.rawValue, isAllowed: policy.isSaveToAllowed(location),
      allowed: PolicySettingsReport(policy: policy).saveLocations,
      switchSetting: "saveAsBlocked", listSetting: "allowedDataStorageLocations")
    try query.report()
  }
}

/// `sharelint policy open-from`: the SDK's `isOpenFromAllowedForLocation:withAccountId:`.
struct PolicyOpenFromCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open-from",
    abstract: "Say whether the policy lets data be opened from a location into org documents.",
    discussion: """
      LOCATION is an IntuneMAMOpenLocation in kebab-case: \(PolicyLocationQuery.names(IntuneMAMOpenLocation.self)).

      Prints one line, `LOCATION: allowed|blocked by SETTING`: blockDataIngestionIntoOrganizationDocuments when \
      opening is not restricted, allowedDataIngestionLocations (the Graph setting; `openFrom` in the short form) \
      when it is. A location the Graph setting has no value for (account-document, other) is allowed only while \
      opening is not restricted.

      Exit status: 0 allowed; 1 blocked; 2 unknown location or unusable policy file.

      Examples:
        sharelint policy open-from camera --policy policy.yaml
        sharelint policy open-from photos --policy graph-export.json
      """
  )

  @Argument(help: ArgumentHelp("Where the data comes from.", valueName: "LOCATION"))
  var location: String

  @OptionGroup var policy: PolicyOptions

  func run() throws {
    let location = try PolicyLocationQuery.location(named: location, as: IntuneMAMOpenLocation.self, kind: "open")
    let policy = try policy.load()
    let query = PolicyLocationQuery(
      name: location.rawValue, isAllowed: policy.isOpenFromAllowed(location),
      allowed: PolicySettingsReport(policy: policy).openLocations,
      switchSetting: "blockDataIngestionIntoOrganizationDocuments", listSetting: "allowedDataIngestionLocations")
    try query.report()
  }
}

/// One answer of `policy save-to` or `policy open-from`, and how it is printed.
struct PolicyLocationQuery {
  /// The location's command-line name.
  let name: String
  /// The SDK's answer.
  let isAllowed: Bool
  /// The allowed locations, or nil when the direction is not restricted.
  let allowed: [String]?
  /// The Graph switch that turns the restriction on.
  let switchSetting: String
  /// The Graph list of allowed locations.
  let listSetting: String

  /// Prints `name: allowed|blocked by setting (detail)` and exits 1 when blocked.
  func report() throws {
    let line: String
    if let allowed {
      let listed = allowed.isEmpty ? "none" : allowed.joined(separator: ", ")
      line = "\(name): \(isAllowed ? "allowed" : "blocked") by \(listSetting) (allowed: \(listed))"
    } else {
      line = "\(name): allowed by \(switchSetting) (not restricted)"
    }
    StandardStreams.writeOutput(PrintableText.lines(line) + "\n")
    if !isAllowed { throw ExitCode(CommandLineExit.answerIsNo) }
  }

  /// The location called `name`, or an `InputError` listing the valid names.
  static func location<Location: RawRepresentable & CaseIterable>(
    named name: String, as type: Location.Type, kind: String
  ) throws -> Location where Location.RawValue == String {
    if let location = Location(rawValue: name) { return location }
    throw InputError("unknown \(kind) location '\(name)'; valid locations: \(names(type))")
  }

  /// Every location name, comma-separated.
  static func names<Location: RawRepresentable & CaseIterable>(_ type: Location.Type) -> String
  where Location.RawValue == String {
    type.allCases.map(\.rawValue).joined(separator: ", ")
  }
}

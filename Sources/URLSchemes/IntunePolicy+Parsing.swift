import BoundedYAML
import IntuneKnowledge

extension IntunePolicy {
  /// The largest policy file read, in bytes (a Graph export of one policy is a few kilobytes).
  public static let maximumFileSize = BoundedYAMLReader.maximumFileSize

  /// Reads a policy from JSON or YAML text, in one of two shapes.
  ///
  /// **Graph** — an `iosManagedAppProtection` exactly as an admin exports it, or a collection as
  /// `GET …/deviceAppManagement/iosManagedAppProtections` returns it (`{"value": [policy, …]}`), from which
  /// `selecting` picks the policy whose `displayName` or `id` it is (a one-policy collection needs no selection).
  /// The fields read are `allowedOutboundDataTransferDestinations`,
  /// `disableProtectionOfManagedOutboundOpenInData`, `filterOpenInToOnlyManagedApps`, `exemptedAppProtocols`
  /// (key-value pairs whose values are `;`-separated schemes, all pairs merged), `managedBrowserToOpenLinksRequired`,
  /// `managedBrowser`, `customBrowserProtocol`, `exemptedUniversalLinks`, `managedUniversalLinks`, `saveAsBlocked`
  /// with `allowedDataStorageLocations`, and `blockDataIngestionIntoOrganizationDocuments` with
  /// `allowedDataIngestionLocations`. Every other field, `@odata.*` included, is ignored; `null` means "absent".
  /// A location list restricts only when its switch (`saveAsBlocked`, `blockDataIngestionIntoOrganizationDocuments`)
  /// is true, or, when the switch is absent, when the list is not empty.
  ///
  /// **Short** — our own form, recognised by its keys; every key is optional and unknown keys are errors:
  /// ```yaml
  /// sendOrgData: managedApps   # allApps | managedApps | managedAppsWithOSSharing
  ///                            # | managedAppsWithOpenInFiltering | none
  /// exemptSchemes: [default, tel, telprompt]  # replaces Intune's list; `default` stands for it; "tel;maps" works
  /// browser: edge              # any | edge | managedBrowser (the retired Intune browser) | unmanaged:<protocol>
  /// exemptUniversalLinks: [default, "https://*.example.com/*"]   # `default` = Intune's default exemptions
  /// managedUniversalLinks: ["http://*.sharepoint-df.com/*"]
  /// saveTo: [onedrive-for-business, sharepoint]   # IntuneMAMSaveLocation names; absent = everywhere
  /// openFrom: [camera, photos]                    # IntuneMAMOpenLocation names; absent = everywhere
  /// ```
  ///
  /// The text is read with bounds on its size, nesting and expansion (a policy is input like any other: aliases
  /// of aliases must not stop `url check`); a document past them, or not YAML at all, is an `IntunePolicyError`
  /// located at its line and column.
  ///
  /// Throws `IntunePolicyError` naming the field for a malformed value or contradictory settings.
  public static func parse(_ text: String, selecting selection: String? = nil) throws -> IntunePolicy {
    let root: YAMLValue?
    do {
      root = try BoundedYAMLReader.read(Array(text.utf8), file: "policy", budget: YAMLBudget(document: "the policy"))
    } catch {
      let message = error.message.hasPrefix("invalid YAML: ")
        ? "not valid JSON or YAML: " + error.message.dropFirst("invalid YAML: ".count) : error.message
      var located = IntunePolicyError(field: "policy", message: message)
      located.line = error.line
      located.column = error.column
      throw located
    }
    guard let root else { throw IntunePolicyError(field: "policy", message: "the document is empty") }
    guard let mapping = root.entries else {
      throw IntunePolicyError(field: "policy", message: "expected an object of settings")
    }
    let keys = Set(mapping.map(\.key))
    let policy: IntunePolicy
    if !keys.isDisjoint(with: ShortFormReader.distinctiveKeys) {
      if let selection {
        throw IntunePolicyError(
          field: "policy", message: "a short-form policy has no name or id to select '\(selection)' by")
      }
      policy = try ShortFormReader(mapping: mapping).read()
    } else {
      policy = try GraphReader(mapping: try GraphReader.select(selection, from: mapping)).read()
    }
    try policy.validate()
    return policy
  }
}

/// Typed access to a YAML/JSON mapping with errors that name the field.
private struct FieldReader {
  let mapping: [YAMLValue.Entry]

  /// The value of `field`, or nil when the key is absent or its value is null.
  func value(_ field: String) -> YAMLValue? {
    guard let node = mapping.last(where: { $0.key == field })?.value else { return nil }
    return node.scalar?.isNull == true ? nil : node
  }

  func bool(_ field: String) throws -> Bool? {
    guard let node = value(field) else { return nil }
    guard let value = node.scalar?.boolean else { throw typeError(field, expected: "true or false", found: node) }
    return value
  }

  func string(_ field: String) throws -> String? {
    guard let node = value(field) else { return nil }
    guard let scalar = node.scalar else { throw typeError(field, expected: "a string", found: node) }
    return scalar.text
  }

  func strings(_ field: String) throws -> [String]? {
    guard let node = value(field) else { return nil }
    if let scalar = node.scalar {
      return scalar.text.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }
    guard let sequence = node.elements else { throw typeError(field, expected: "a list of strings", found: node) }
    return try sequence.map { element in
      guard let scalar = element.scalar else {
        throw typeError(field, expected: "a list of strings", found: element)
      }
      return scalar.text
    }
  }

  func enumeration<Value: RawRepresentable & CaseIterable>(_ field: String, as type: Value.Type) throws -> Value?
  where Value.RawValue == String {
    guard let text = try string(field) else { return nil }
    if let value = Value(rawValue: text) { return value }
    let choices = Value.allCases.map(\.rawValue).joined(separator: ", ")
    throw IntunePolicyError(field: field, message: "'\(text)' is not one of \(choices)")
  }

  func typeError(_ field: String, expected: String, found: YAMLValue) -> IntunePolicyError {
    let shown: String
    switch found.kind {
    case .scalar(let scalar): shown = "'\(scalar.text)'"
    case .mapping: shown = "an object"
    case .sequence: shown = "a list"
    }
    return IntunePolicyError(field: field, message: "expected \(expected), found \(shown)")
  }
}

/// Reads Graph's `iosManagedAppProtection`.
private struct GraphReader {
  let fields: FieldReader

  init(mapping: [YAMLValue.Entry]) { fields = FieldReader(mapping: mapping) }

  static let policyFields: Set<String> = [
    "allowedOutboundDataTransferDestinations", "disableProtectionOfManagedOutboundOpenInData",
    "filterOpenInToOnlyManagedApps", "exemptedAppProtocols", "managedBrowserToOpenLinksRequired", "managedBrowser",
    "customBrowserProtocol", "exemptedUniversalLinks", "managedUniversalLinks", "allowedDataStorageLocations",
    "allowedDataIngestionLocations", "saveAsBlocked", "blockDataIngestionIntoOrganizationDocuments",
  ]

  /// The policy to read from a Graph document: a single policy, or one of a collection (`{"value": [...]}`),
  /// picked by `displayName` or `id` when `selection` is given, or the only one.
  static func select(_ selection: String?, from mapping: [YAMLValue.Entry]) throws -> [YAMLValue.Entry] {
    let keys = Set(mapping.map(\.key))
    func field(_ name: String, of policy: [YAMLValue.Entry]) -> String? {
      policy.last { $0.key == name }?.value.string
    }
    func names(_ policy: [YAMLValue.Entry]) -> [String] {
      ["id", "displayName"].compactMap { field($0, of: policy) }
    }
    guard keys.isDisjoint(with: policyFields), let list = mapping.last(where: { $0.key == "value" })?.value.elements
    else {
      if let selection, !names(mapping).contains(selection) {
        throw IntunePolicyError(
          field: "displayName", message: "the policy is not named '\(selection)' (its name and id: "
            + "\(names(mapping).map { "'\($0)'" }.joined(separator: ", ")))")
      }
      return mapping
    }
    let policies = list.compactMap(\.entries)
    guard policies.count == list.count else {
      throw IntunePolicyError(field: "value", message: "expected a list of policy objects")
    }
    let described = policies.map { (policy: [YAMLValue.Entry]) -> String in
      let name: String? = field("displayName", of: policy) ?? field("id", of: policy)
      return name.map { "'\($0)'" } ?? "(unnamed)"
    }
    guard let selection else {
      guard policies.count == 1 else {
        throw IntunePolicyError(
          field: "value", message: "holds \(policies.count) policies: pick one by displayName or id with "
            + "--policy-name (\(described.joined(separator: ", ")))")
      }
      return policies[0]
    }
    let byID = policies.filter { field("id", of: $0) == selection }
    let chosen = byID.isEmpty ? policies.filter { field("displayName", of: $0) == selection } : byID
    guard chosen.count == 1 else {
      let problem = chosen.isEmpty
        ? "no policy has the displayName or id '\(selection)'; it holds \(described.joined(separator: ", "))"
        : "\(chosen.count) policies are named '\(selection)': pick one by id"
      throw IntunePolicyError(field: "value", message: problem)
    }
    return chosen[0]
  }

  func read() throws -> IntunePolicy {
    var policy = IntunePolicy()
    if let destinations = try fields.enumeration(
      "allowedOutboundDataTransferDestinations", as: IntunePolicy.DataTransferDestinations.self)
    {
      policy.allowedOutboundDataTransferDestinations = destinations
    }
    if let value = try fields.bool("disableProtectionOfManagedOutboundOpenInData") {
      policy.disableProtectionOfManagedOutboundOpenInData = value
    }
    if let value = try fields.bool("filterOpenInToOnlyManagedApps") { policy.filterOpenInToOnlyManagedApps = value }
    if let protocols = try exemptedAppProtocols() { policy.exemptedAppProtocols = protocols }
    if let value = try fields.bool("managedBrowserToOpenLinksRequired") {
      policy.managedBrowserToOpenLinksRequired = value
    }
    if let browser = try fields.enumeration("managedBrowser", as: IntunePolicy.ManagedBrowser.self) {
      policy.managedBrowser = browser
    }
    if let text = try fields.string("customBrowserProtocol"), !text.trimmingSpaces().isEmpty {
      policy.customBrowserProtocol = URLSchemeSyntax.normalized(text.trimmingSpaces())
    }
    if let links = try fields.strings("exemptedUniversalLinks") { policy.exemptedUniversalLinks = links }
    if let links = try fields.strings("managedUniversalLinks") { policy.managedUniversalLinks = links }
    if let locations = try restrictedLocations(switch: "saveAsBlocked", list: "allowedDataStorageLocations") {
      policy.allowedSaveLocations = Set(locations.flatMap(IntuneMAMSaveLocation.locations(forGraphValue:)))
    }
    if let locations = try restrictedLocations(
      switch: "blockDataIngestionIntoOrganizationDocuments", list: "allowedDataIngestionLocations")
    {
      policy.allowedOpenLocations = Set(locations.flatMap(IntuneMAMOpenLocation.locations(forGraphValue:)))
    }
    return policy
  }

  /// The merged schemes of every key-value pair, or nil when the field is absent.
  func exemptedAppProtocols() throws -> [String]? {
    let field = "exemptedAppProtocols"
    guard let node = fields.value(field) else { return nil }
    guard let pairs = node.elements else {
      throw fields.typeError(field, expected: "a list of {\"name\", \"value\"} pairs", found: node)
    }
    var schemes: [String] = []
    for pair in pairs {
      guard let pairFields = pair.entries.map(FieldReader.init(mapping:)) else {
        throw fields.typeError(field, expected: "a list of {\"name\", \"value\"} pairs", found: pair)
      }
      guard let value = try pairFields.string("value") else { continue }
      schemes += value.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }
    return IntunePolicy.uniqueLowercased(schemes)
  }

  /// The allowed locations when the list restricts, nil when everything is allowed.
  func restrictedLocations(switch switchField: String, list listField: String) throws -> [String]? {
    let list = try fields.strings(listField) ?? []
    let restricted = try fields.bool(switchField) ?? !list.isEmpty
    return restricted ? list : nil
  }
}

/// Reads sharelint's short policy form (documented on `IntunePolicy.parse(_:)`).
private struct ShortFormReader {
  let mapping: [YAMLValue.Entry]
  let fields: FieldReader

  init(mapping: [YAMLValue.Entry]) {
    self.mapping = mapping
    fields = FieldReader(mapping: mapping)
  }

  /// The keys that mark a document as short form (`managedUniversalLinks` is also a Graph field).
  static let distinctiveKeys: Set<String> = [
    "sendOrgData", "exemptSchemes", "browser", "exemptUniversalLinks", "saveTo", "openFrom",
  ]

  static let keys = distinctiveKeys.union(["managedUniversalLinks"])

  func read() throws -> IntunePolicy {
    for name in mapping.map(\.key) {
      if !Self.keys.contains(name) {
        let known = Self.keys.sorted().joined(separator: ", ")
        throw IntunePolicyError(
          field: name, message: "unknown key in the short policy form (keys: \(known)); Graph fields do not mix in")
      }
    }
    var policy = IntunePolicy()
    if let sendOrgData = try fields.string("sendOrgData") { try apply(sendOrgData: sendOrgData, to: &policy) }
    if let schemes = try fields.strings("exemptSchemes") {
      policy.exemptedAppProtocols = IntunePolicy.uniqueLowercased(
        expandingDefault(schemes, IntuneSchemeLists.defaultExemptedAppProtocols))
    }
    if let browser = try fields.string("browser") { try apply(browser: browser, to: &policy) }
    if let links = try fields.strings("exemptUniversalLinks") {
      policy.exemptedUniversalLinks = expandingDefault(links, IntuneSchemeLists.defaultExemptedUniversalLinks)
    }
    if let links = try fields.strings("managedUniversalLinks") { policy.managedUniversalLinks = links }
    if let names = try fields.strings("saveTo") {
      policy.allowedSaveLocations = Set(try names.map { try location(named: $0, field: "saveTo") })
    }
    if let names = try fields.strings("openFrom") {
      policy.allowedOpenLocations = Set(try names.map { try location(named: $0, field: "openFrom") })
    }
    return policy
  }

  func expandingDefault(_ values: [String], _ defaults: [String]) -> [String] {
    values.flatMap { $0 == "default" ? defaults : [$0] }
  }

  func apply(sendOrgData: String, to policy: inout IntunePolicy) throws {
    switch sendOrgData {
    case "allApps": policy.allowedOutboundDataTransferDestinations = .allApps
    case "managedApps": policy.allowedOutboundDataTransferDestinations = .managedApps
    case "managedAppsWithOSSharing":
      policy.allowedOutboundDataTransferDestinations = .managedApps
      policy.disableProtectionOfManagedOutboundOpenInData = true
    case "managedAppsWithOpenInFiltering":
      policy.allowedOutboundDataTransferDestinations = .managedApps
      policy.filterOpenInToOnlyManagedApps = true
    case "none": policy.allowedOutboundDataTransferDestinations = .none
    default:
      throw IntunePolicyError(
        field: "sendOrgData",
        message: "'\(sendOrgData)' is not one of allApps, managedApps, managedAppsWithOSSharing, "
          + "managedAppsWithOpenInFiltering, none")
    }
  }

  func apply(browser: String, to policy: inout IntunePolicy) throws {
    switch browser {
    case "any": policy.managedBrowserToOpenLinksRequired = false
    case "edge":
      policy.managedBrowserToOpenLinksRequired = true
      policy.managedBrowser = .microsoftEdge
    case "managedBrowser": policy.managedBrowserToOpenLinksRequired = true
    default:
      let prefix = "unmanaged:"
      guard browser.hasPrefix(prefix) else {
        throw IntunePolicyError(
          field: "browser", message: "'\(browser)' is not one of any, edge, managedBrowser, unmanaged:<protocol>")
      }
      let browserProtocol = String(browser.dropFirst(prefix.count)).trimmingSpaces()
      guard !browserProtocol.isEmpty else {
        throw IntunePolicyError(field: "browser", message: "'unmanaged:' needs a protocol, e.g. unmanaged:mybrowser")
      }
      if let problem = URLSchemeSyntax.problem(in: browserProtocol) {
        throw IntunePolicyError(field: "browser", message: "protocol '\(browserProtocol)' \(problem)")
      }
      policy.managedBrowserToOpenLinksRequired = true
      policy.customBrowserProtocol = URLSchemeSyntax.normalized(browserProtocol)
    }
  }

  func location<Location: RawRepresentable & CaseIterable>(named name: String, field: String) throws -> Location
  where Location.RawValue == String {
    if let location = Location(rawValue: name) { return location }
    let choices = Location.allCases.map(\.rawValue).joined(separator: ", ")
    throw IntunePolicyError(field: field, message: "'\(name)' is not one of \(choices)")
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and line breaks.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}

import PropertyList
import URLSchemes

/// US003: `LSApplicationQueriesSchemes` has more entries than iOS honours.
struct QuerySchemesOverLimitRule: LintRule {
  static let description = RuleDescription(
    identifier: "query-schemes-over-limit",
    code: "US003",
    summary: "LSApplicationQueriesSchemes has more entries than iOS honours",
    whatItDoes: """
      Counts `LSApplicationQueriesSchemes` against the limit of apps linked with iOS 15 or later (50 \
      entries) or iOS 27 or later (25, with `sdk_version: 27` or `--sdk-version 27`). The message names the \
      entries past the limit with their positions, and the `-intunemam` twins of known managed apps that \
      could make room instead.
      """,
    whyItMatters: """
      iOS reads only the first 50 (or 25) entries: `canOpenURL` answers false for every scheme after them, \
      so on the device those apps look not installed and the Intune SDK cannot route links to them. \
      IntuneMAMConfigurator makes it worse: it rewrites the list through a set, so which entries fall past \
      the limit changes from run to run, and its own optimization knows only the limit of 50.
      """,
    useInstead: """
      Remove schemes the app no longer opens and any repeats. For known managed apps (Word, Outlook, Edge, \
      Teams, …) drop the `-intunemam` twin and call `isURLAllowed:isKnownManagedAppScheme:YES` before \
      opening them. Keep the Intune SDK's own entries within the limit. The unsafe fix drops every \
      such twin, as IntuneMAMConfigurator does past the limit (`sharelint configure` applies it), \
      keeping the order of the rest.
      """,
    fixApplicability: .unsafe,
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        <key>LSApplicationQueriesSchemes</key>
        ↓<array>
        \t<string>ms-word</string>
        \t<string>ms-word-intunemam</string>
        \t<string>ms-excel</string>
        \t<string>ms-excel-intunemam</string>
        \t<string>ms-outlook</string>
        \t<string>ms-outlook-intunemam</string>
        \t<string>http-intunemam</string>
        \t<string>https-intunemam</string>
        \t<string>microsoft-edge-http</string>
        \t<string>microsoft-edge-http-intunemam</string>
        \t<string>microsoft-edge-https</string>
        \t<string>microsoft-edge-https-intunemam</string>
        \t<string>companyportal</string>
        \t<string>msauthv2</string>
        \t<string>msauthv3</string>
        \t<string>smart-ns</string>
        \t<string>zips</string>
        \t<string>lacoonsecurity</string>
        \t<string>wandera</string>
        \t<string>lookoutwork-ase</string>
        \t<string>skycure</string>
        \t<string>betteractiveshield</string>
        \t<string>smsec</string>
        \t<string>mvisionmobile</string>
        \t<string>scmx</string>
        \t<string>intunemam-mtd</string>
        </array>
        """,
        corrected: """
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>ms-word</string>
        \t<string>ms-excel</string>
        \t<string>ms-outlook</string>
        \t<string>http-intunemam</string>
        \t<string>https-intunemam</string>
        \t<string>microsoft-edge-http</string>
        \t<string>microsoft-edge-https</string>
        \t<string>companyportal</string>
        \t<string>msauthv2</string>
        \t<string>msauthv3</string>
        \t<string>smart-ns</string>
        \t<string>zips</string>
        \t<string>lacoonsecurity</string>
        \t<string>wandera</string>
        \t<string>lookoutwork-ase</string>
        \t<string>skycure</string>
        \t<string>betteractiveshield</string>
        \t<string>smsec</string>
        \t<string>mvisionmobile</string>
        \t<string>scmx</string>
        \t<string>intunemam-mtd</string>
        </array>
        """,
        configuration: "sdk_version: 27"),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>LSApplicationQueriesSchemes</key>
        <array>
        \t<string>ms-word</string>
        \t<string>ms-word-intunemam</string>
        \t<string>http-intunemam</string>
        \t<string>https-intunemam</string>
        \t<string>companyportal</string>
        </array>
        """),
    ],
    guideSteps: [35]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let queries = InfoPlistSchemes.queriesSchemes(of: target) else { return }
    let limit = target.settings.queriesSchemesLimit
    // Most lists fit: the budget, which normalizes every entry, is worked out only for one that does not.
    guard queries.count > limit else { return }
    let budget = QueriesSchemeBudget(schemes: queries.positionalSchemes, limit: limit)
    let key = InfoPlistSchemes.queriesSchemesKey
    let ignored = budget.entriesPastLimit
    var message = "'\(key)' has \(budget.schemes.count) entries but iOS honours only the first \(limit): "
      + "canOpenURL ignores \(InfoPlistSchemes.positionedList(ignored))"
    let twinsToDrop = budget.knownManagedTwinsToDrop.sorted { $0.index < $1.index }
    if twinsToDrop.isEmpty {
      message += "; no -intunemam twin of a known managed app is there to drop instead"
    } else {
      let count = twinsToDrop.count == 1 ? "1 -intunemam twin" : "\(twinsToDrop.count) -intunemam twins"
      message += "; \(count) of known managed apps could go instead: \(InfoPlistSchemes.positionedList(twinsToDrop))"
    }
    var notes: [String] = []
    if !twinsToDrop.isEmpty {
      notes.append(
        "drop a known managed app's twin only if the app calls isURLAllowed:isKnownManagedAppScheme:YES "
          + "for that scheme")
    }
    let droppable = budget.droppableKnownManagedTwins
    if droppable.count > twinsToDrop.count {
      notes.append(
        "all \(droppable.count) known managed twins dropped would leave \(budget.schemes.count - droppable.count) "
          + "entries")
    } else if !twinsToDrop.isEmpty && twinsToDrop.count < budget.overflow {
      notes.append(
        "even without them the list has \(budget.schemes.count - twinsToDrop.count) entries: remove schemes the "
          + "app no longer opens")
    }
    if !budget.duplicates.isEmpty {
      notes.append("repeated entries also take places: \(InfoPlistSchemes.positionedList(budget.duplicates))")
    }
    var fix: LintFix?
    if !droppable.isEmpty {
      let indices = droppable.map(\.index).sorted(by: >)
      let changes: [PlistChange]
      if target.infoPlist.format == .binary {
        var elements = queries.node.elements?.map(\.value) ?? []
        for index in indices { elements.remove(at: index) }
        changes = [.replaceValue(at: queries.node.path, with: .array(elements))]
      } else {
        changes = indices.map { .removeElement(from: queries.node.path, at: $0) }
      }
      let title = "drop the \(droppable.count) -intunemam twins of known managed apps, as IntuneMAMConfigurator does"
      fix = findings.fix(title, in: target.infoPlist, changes)
    }
    findings.report(message, about: queries.node, in: target.infoPlist, notes: notes, fix: fix)
  }
}

import PropertyList
import URLSchemes

/// US003: `LSApplicationQueriesSchemes` has more entries than iOS honours.
struct QuerySchemesOverLimitRule: LintRule {
  /// The app's own entries in the examples: three Office apps with their twins, and twins of the Edge schemes
  /// the Intune SDK needs bare.
  static let exampleOwnSchemes = [
    "ms-word", "ms-word-intunemam", "ms-excel", "ms-excel-intunemam", "ms-outlook-intunemam",
    "microsoft-edge-http-intunemam", "microsoft-edge-https-intunemam",
  ]

  static let description = RuleDescription(
    identifier: "query-schemes-over-limit",
    family: .urlSchemes, number: 3,
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
    fixApplicabilities: [.unsafe],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        URLSchemeExample.queriesSchemes(
          Self.exampleOwnSchemes + URLSchemeExample.required, intune: false, arrayMarkers: 1),
        messages: [
          """
          'LSApplicationQueriesSchemes' has 26 entries but iOS honours only the first 25: canOpenURL ignores [25] \
          'msauthv3'; 1 -intunemam twin of known managed apps could go instead: [6] 'microsoft-edge-https-intunemam'
          """,
        ],
        corrected: URLSchemeExample.queriesSchemes(
          Self.exampleOwnSchemes.filter { !$0.hasSuffix("-intunemam") } + URLSchemeExample.required, intune: false),
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
      fix = findings.fix(title, .unsafe, in: target.infoPlist, changes)
    }
    findings.report(message, about: queries.node, in: target.infoPlist, notes: notes, fix: fix)
  }
}

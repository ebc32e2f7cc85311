import IntuneKnowledge
import PropertyList
import URLSchemes
import XcodeModel

/// One string of a scheme array with its position: `LSApplicationQueriesSchemes[23]` is `mailto`.
struct SchemeEntry: Sendable {
  /// The position in its array (non-string elements counted).
  let index: Int
  /// The `<string>` node.
  let node: PropertyListNode
  /// The scheme as written.
  let scheme: String
  /// The scheme lowercased: schemes compare case-insensitively.
  let normalized: String

  /// The entry at `index`, its `<string>` node holding `scheme`.
  init(index: Int, node: PropertyListNode, scheme: String) {
    self.index = index
    self.node = node
    self.scheme = scheme
    normalized = URLSchemeSyntax.normalized(scheme)
  }
}

/// A scheme array of an Info.plist: `LSApplicationQueriesSchemes`, or one URL type's `CFBundleURLSchemes`.
struct SchemeArray: Sendable {
  /// The `<array>` node.
  let node: PropertyListNode
  /// Its string elements, in order.
  let entries: [SchemeEntry]
  /// The entries' normalized schemes.
  let normalizedSchemes: Set<String>

  /// The array of `node`, when it is one.
  init?(_ node: PropertyListNode?) {
    guard let node, let elements = node.elements else { return nil }
    self.node = node
    entries = elements.enumerated().compactMap { index, element in
      element.string.map { SchemeEntry(index: index, node: element, scheme: $0) }
    }
    normalizedSchemes = Set(entries.map(\.normalized))
  }

  /// How many elements the array has, strings or not: every one takes a position.
  var count: Int { node.elements?.count ?? 0 }

  /// The elements as iOS counts them, non-strings as empty text.
  var positionalSchemes: [String] { node.elements?.map { $0.string ?? "" } ?? [] }

  /// Whether the array lists `scheme` (case-insensitively).
  func contains(_ scheme: String) -> Bool {
    normalizedSchemes.contains(URLSchemeSyntax.normalized(scheme))
  }

  /// The first entry spelled `scheme` (case-insensitively).
  func first(_ scheme: String) -> SchemeEntry? {
    let normalized = URLSchemeSyntax.normalized(scheme)
    return entries.first { $0.normalized == normalized }
  }
}

/// A scheme that is not RFC 3986 syntax, and what it expands to when it holds build settings.
struct SchemeSyntaxFinding {
  /// What is wrong.
  let problem: URLSchemeProblem
  /// The text after build-setting expansion, when it differs from the text as written.
  let expanded: String?
}

/// Reading and editing the URL-scheme arrays of an Info.plist for the US rules.
enum InfoPlistSchemes {
  /// The schemes `canOpenURL` may ask about.
  static let queriesSchemesKey = "LSApplicationQueriesSchemes"
  /// The URL types the app registers.
  static let urlTypesKey = "CFBundleURLTypes"
  /// The schemes of one URL type.
  static let urlSchemesKey = "CFBundleURLSchemes"
  /// The setting Xcode expands in `msauth.$(PRODUCT_BUNDLE_IDENTIFIER)`.
  static let productBundleIdentifierSetting = "PRODUCT_BUNDLE_IDENTIFIER"

  /// The target's `LSApplicationQueriesSchemes`, when it is an array.
  static func queriesSchemes(of target: LintTarget) -> SchemeArray? {
    target.derived.queriesSchemes.value { SchemeArray(target.infoPlist.root[queriesSchemesKey]) }
  }

  /// Every URL type's `CFBundleURLSchemes` array, in order.
  static func urlSchemeArrays(of target: LintTarget) -> [SchemeArray] {
    target.derived.urlSchemeArrays.value {
      (target.infoPlist.root[urlTypesKey]?.elements ?? []).compactMap { SchemeArray($0[urlSchemesKey]) }
    }
  }

  /// The run's build settings, plus `PRODUCT_BUNDLE_IDENTIFIER` taken from a literal `CFBundleIdentifier`
  /// when nothing defines it (Xcode fills `CFBundleIdentifier` from that setting).
  static func buildSettings(for target: LintTarget) -> BuildSettings {
    target.derived.schemeBuildSettings.value { buildSettingsAnew(for: target) }
  }

  /// `buildSettings(for:)`, worked out again.
  private static func buildSettingsAnew(for target: LintTarget) -> BuildSettings {
    var settings = target.settings.buildSettings
    if settings.value(of: productBundleIdentifierSetting) == nil, let identifier = target.bundleIdentifier,
      BuildSettingText(parsing: identifier).references.isEmpty
    {
      settings.define(productBundleIdentifierSetting, as: identifier)
    }
    return settings
  }

  /// What makes `scheme` invalid once its build settings are expanded; nil when it is valid, or when a
  /// setting it names is unknown and the text written around the references is no evidence (PL003 reports
  /// those). A `:` outside the references is wrong whatever they expand to.
  static func syntaxFinding(in scheme: String, settings: BuildSettings) -> SchemeSyntaxFinding? {
    // Only '$(' and '${' start a reference.
    guard scheme.utf8.contains(UInt8(ascii: "$")) else {
      return URLSchemeSyntax.problem(in: scheme).map { SchemeSyntaxFinding(problem: $0, expanded: nil) }
    }
    let text = BuildSettingText(parsing: scheme)
    guard !text.references.isEmpty else {
      return URLSchemeSyntax.problem(in: scheme).map { SchemeSyntaxFinding(problem: $0, expanded: nil) }
    }
    if case .resolved(let expanded) = settings.resolve(scheme) {
      return URLSchemeSyntax.problem(in: expanded).map { SchemeSyntaxFinding(problem: $0, expanded: expanded) }
    }
    for part in text.parts {
      guard case .literal(let literal, let range) = part else { continue }
      if LiteralSearch.asciiText(literal, contains: "://") ?? literal.contains("://") { return SchemeSyntaxFinding(problem: .containsSchemeSeparator, expanded: nil) }
      if let colon = literal.utf8.firstIndex(of: UInt8(ascii: ":")) {
        let offset = range.lowerBound + literal.utf8.distance(from: literal.utf8.startIndex, to: colon)
        return SchemeSyntaxFinding(problem: .containsColon(offset: offset), expanded: nil)
      }
    }
    return nil
  }

  /// The changes inserting `schemes` into `array` at `index` (nil: at the end). A binary plist takes a
  /// document's fixes one after another on its value tree, where a mid-array insertion would shift the
  /// indexes other fixes point at, so there the whole array is replaced; a fix made stale by another one in
  /// the same pass is overwritten and made again on the next pass.
  static func inserting(
    _ schemes: [String], at index: Int?, into array: SchemeArray, in document: PropertyListDocument
  ) -> [PlistChange] {
    let values = schemes.map(PropertyListValue.string)
    guard let index, index < array.count else {
      return [.insertElements(into: array.node.path, values: values, at: nil)]
    }
    guard document.format == .binary else {
      return [.insertElements(into: array.node.path, values: values, at: index)]
    }
    var elements = array.node.elements?.map(\.value) ?? []
    elements.insert(contentsOf: values, at: index)
    return [.replaceValue(at: array.node.path, with: .array(elements))]
  }

  /// The changes removing the element at `index` of `array` (see `inserting` for binary plists).
  static func removing(at index: Int, from array: SchemeArray, in document: PropertyListDocument) -> [PlistChange] {
    guard document.format == .binary else { return [.removeElement(from: array.node.path, at: index)] }
    var elements = array.node.elements?.map(\.value) ?? []
    elements.remove(at: index)
    return [.replaceValue(at: array.node.path, with: .array(elements))]
  }

  /// Where entries the Intune SDK needs go in `LSApplicationQueriesSchemes`: at the end while the list then
  /// still fits `limit`; otherwise where they land inside it (iOS ignores later entries) whatever other fixes
  /// of the same pass insert before them: at the start of the SDK's entries already there (moved before a
  /// scheme whose twin they would part from it), or at the very start. Nil means the end.
  static func queriesInsertionIndex(adding count: Int, to array: SchemeArray, limit: Int) -> Int? {
    guard array.count + count > limit else { return nil }
    let required = Set(IntuneSchemeLists.requiredQueriesSchemes)
    guard var index = array.entries.first(where: { required.contains($0.normalized) })?.index,
      index + count <= limit
    else { return 0 }
    let schemes = array.positionalSchemes
    if index > 0,
      IntuneSchemeLists.baseScheme(ofTwin: schemes[index]).map(URLSchemeSyntax.normalized)
        == URLSchemeSyntax.normalized(schemes[index - 1])
    {
      index -= 1
    }
    return index
  }

  /// The entries of `IntuneSchemeLists.requiredQueriesSchemes` that a target linking `release` needs (nil:
  /// unknown, the newest assumed): a scheme a later configurator added is not asked of an older release.
  static func requiredQueriesSchemes(for release: ReleaseVersion?) -> [String] {
    IntuneSchemeLists.requiredQueriesSchemes.filter { IntuneSchemeLists.isRequired($0, by: release) }
  }

  /// The entries of `requiredQueriesSchemes(for: release)` that `queries` lacks, in the configurator's step order
  /// (the order US002's fix inserts them in).
  static func missingRequiredQueriesSchemes(in queries: SchemeArray, release: ReleaseVersion?) -> [String] {
    requiredQueriesSchemes(for: release).filter { !queries.contains($0) }
  }

  /// The known managed schemes the integration guide (stage 3, step 5) lists as `-intunemam` twins where
  /// IntuneMAMConfigurator 21.7.1 adds the bare scheme: either form satisfies the guide's requirement.
  static let guideTwinForms: Set<String> = ["microsoft-edge-https", "microsoft-edge-http", "ms-outlook"]

  /// The required entries the integration guide's step 5 lists too (`http-intunemam`, `https-intunemam`, Edge,
  /// the Mobile Threat Defense schemes): a plist written from either source has them. The rest of
  /// `IntuneSchemeLists.requiredQueriesSchemes` (`ms-outlook` without `mailto`, `companyportal`, `msauthv2`,
  /// `msauthv3`) only the configurator adds.
  static let guideListedQueriesSchemes: Set<String> = Set(
    ["https-intunemam", "http-intunemam", "microsoft-edge-https", "microsoft-edge-http"]
      + IntuneSchemeLists.mobileThreatDefenseSchemes)

  /// The required entries `queries` lacks in both the configurator's and the guide's form: what US002 reports.
  static func missingGuideListedQueriesSchemes(in queries: SchemeArray, release: ReleaseVersion?) -> [String] {
    requiredQueriesSchemes(for: release).filter { scheme in
      guideListedQueriesSchemes.contains(scheme) && !queries.contains(scheme)
        && !(guideTwinForms.contains(scheme) && queries.contains(IntuneSchemeLists.managedTwin(of: scheme)))
    }
  }

  /// The required entries `queries` lacks that only the configurator asks for, or that it lists only in the
  /// guide's twin form: what US010 reports (without the `ms-outlook` US008 reports).
  static func missingConfiguratorOnlyQueriesSchemes(in queries: SchemeArray, release: ReleaseVersion?) -> [String] {
    let guideListed = Set(missingGuideListedQueriesSchemes(in: queries, release: release))
    let outlookLeftToMailto = outlookLeftToMailtoRule(queries)
    return missingRequiredQueriesSchemes(in: queries, release: release).filter { scheme in
      !guideListed.contains(scheme) && !(outlookLeftToMailto && scheme == MailtoWithoutOutlookRule.outlookScheme)
    }
  }

  /// The rule whose fix adds every missing required entry at once, in the configurator's order: US002 when it
  /// reports something, else US010 (US008 defers to it).
  static func requiredEntriesFixOwner(_ queries: SchemeArray, release: ReleaseVersion?) -> String {
    missingGuideListedQueriesSchemes(in: queries, release: release).isEmpty
      ? "missing-configurator-query-scheme (US010)" : "missing-required-query-scheme (US002)"
  }

  /// Whether a missing `ms-outlook` is reported by US008 (mail queried with no Outlook scheme at all) rather
  /// than US002. With only `ms-outlook-intunemam` listed, the bare scheme the SDK queries (and the configurator
  /// adds) is still missing, and US002 reports it.
  static func outlookLeftToMailtoRule(_ queries: SchemeArray) -> Bool {
    queries.contains(MailtoWithoutOutlookRule.mailtoScheme)
      && !queries.contains(MailtoWithoutOutlookRule.outlookScheme)
      && !queries.contains(IntuneSchemeLists.managedTwin(of: MailtoWithoutOutlookRule.outlookScheme))
  }

  /// `'a', 'b' and 'c'`.
  static func quotedList(_ items: [String]) -> String {
    let quoted = items.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
  }

  /// `a, b and c`.
  static func plainList(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
  }

  /// `[50] 'skycure', [51] 'betteractiveshield'`.
  static func positionedList(_ entries: [QueriesSchemeBudget.Entry]) -> String {
    entries.map { "[\($0.index)] '\($0.scheme)'" }.joined(separator: ", ")
  }
}

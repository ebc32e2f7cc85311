import PropertyList
import XcodeModel

/// Reading `keychain-access-groups` entries: `$(AppIdentifierPrefix)com.contoso.notes`.
enum KeychainAccessGroups {
  /// The entitlements key.
  static let key = "keychain-access-groups"
  /// The prefix the fixes write.
  static let appIdentifierPrefix = "$(AppIdentifierPrefix)"
  /// The build-setting prefixes Xcode expands to the team or app identifier prefix.
  static let variablePrefixes = [
    "$(AppIdentifierPrefix)", "${AppIdentifierPrefix}", "$(TeamIdentifierPrefix)", "${TeamIdentifierPrefix}",
  ]
  /// The group the SDK stores its data in.
  static let intuneGroup = "com.microsoft.intune.mam"
  /// The group MSAL keeps its token cache in, unless `ADALCacheKeychainGroupOverride` names another.
  static let adalCacheGroup = "com.microsoft.adalcache"

  /// The length of `group`'s prefix: a build-setting prefix, or a literal ten-character team
  /// identifier and its dot (`ABCDE12345.`); nil when it has none.
  static func prefixLength(of group: String) -> Int? {
    if let variable = variablePrefixes.first(where: { group.hasPrefix($0) }) { return variable.count }
    let characters = Array(group.prefix(11))
    if characters.count == 11, characters[10] == ".",
      characters[0..<10].allSatisfy({ ($0.isUppercase || $0.isNumber) && $0.isASCII })
    {
      return 11
    }
    return nil
  }

  /// `group` without its prefix: the name the SDK and Xcode's UI show.
  static func name(of group: String) -> String {
    String(group.dropFirst(prefixLength(of: group) ?? 0))
  }

  /// How a message shows `group`: its prefix as written (the team comes from the provisioning profile) and the
  /// rest as code signing expands it, followed by ` (from '…')` when references made it:
  /// `'$(AppIdentifierPrefix)com.contoso.notes' (from '$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)')`; as
  /// written when the rest does not resolve.
  static func shown(_ group: String, settings: BuildSettings) -> String {
    let prefix = String(group.prefix(prefixLength(of: group) ?? 0))
    let rest = name(of: group)
    guard BuildSettingText.mayHoldReferences(rest), let value = settings.resolve(rest, signing: true).resolvedText
    else { return "'\(group)'" }
    return BuildSettingEvaluation.shown(prefix + value, written: group)
  }
}

/// EN001 and EN002: a keychain group the Intune App SDK needs is missing from the entitlements.
enum RequiredKeychainGroupCheck {
  /// Where the fix puts the group in an existing array.
  enum Placement {
    /// Right after the first group (which should stay the app's own) in an XML file; else at the end.
    case afterFirstGroup
    /// At the end.
    case atEnd
  }

  /// Reports `groupName` missing from the target's `keychain-access-groups`, with a fix that adds
  /// `$(AppIdentifierPrefix)<groupName>`, creating the array (the app's own group first) if needed.
  static func check(
    _ target: LintTarget, requires groupName: String, placement: Placement, reason: String,
    notes: [String] = [], into findings: inout Findings
  ) {
    guard let entitlements = target.entitlements else { return }
    let key = KeychainAccessGroups.key
    let required = KeychainAccessGroups.appIdentifierPrefix + groupName
    guard let groups = entitlements.root[key] else {
      var values: [PropertyListValue] = []
      if let bundleIdentifier = target.bundleIdentifier {
        values.append(.string(KeychainAccessGroups.appIdentifierPrefix + bundleIdentifier))
      }
      values.append(.string(required))
      let fix = findings.fix(
        "add '\(key)' with '\(required)'", .safe, in: entitlements,
        [.insertEntry(into: [], key: key, value: .array(values), after: keySortingBefore(key, in: entitlements.root))])
      findings.report(
        "the entitlements have no '\(key)' with '\(required)'; \(reason)", missingKey: key, of: entitlements.root,
        in: entitlements, notes: notes, fix: fix)
      return
    }
    guard let elements = groups.elements else { return }
    guard !elements.contains(where: { $0.string.map(KeychainAccessGroups.name(of:)) == groupName }) else { return }
    // An XML insertion after the first group keeps EN001 and EN002 from sharing an insertion point
    // (overlapping edits wait for the next pass). A binary plist takes fixes one after another on
    // its value tree, where a mid-array insertion would shift the indexes other fixes point at, so
    // there the group is appended.
    let afterFirst = placement == .afterFirstGroup && elements.count > 1 && entitlements.format == .xml
    let index: Int? = afterFirst ? 1 : nil
    let fix = findings.fix(
      "add '\(required)' to '\(key)'", .safe, in: entitlements,
      [.insertElements(into: groups.path, values: [.string(required)], at: index)])
    findings.report("'\(key)' lacks '\(required)'; \(reason)", about: groups, in: entitlements, notes: notes, fix: fix)
  }
}

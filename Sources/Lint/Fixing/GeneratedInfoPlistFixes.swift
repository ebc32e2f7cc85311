import PropertyList
import SharelintBase
import XcodeModel

/// Fixes land where the truth lives: a target whose Info.plist Xcode generates (`GENERATE_INFOPLIST_FILE = YES`
/// and no file) is linted from the generated keys, a document no `fix` can write. A fix that adds or sets a key
/// of it is turned into the `INFOPLIST_KEY_<Key>` setting that writes the key (in the project file or the
/// `.xcconfig` that sets it, as other setting fixes); a key Xcode has no such setting for
/// (`LSApplicationQueriesSchemes`, `IntuneMAMSettings`, `CFBundleURLTypes`) keeps its finding, without a fix, and
/// a note says what to write where. `fix` then never plans an edit of a file that does not exist.
enum GeneratedInfoPlistFixes {
  /// The display names the project plan gives an Info.plist it synthesised (`ProjectPlan`).
  static func isSynthesised(_ document: PropertyListDocument) -> Bool {
    let name = document.source.name
    return name.hasSuffix(" (generated Info.plist)") || name.hasSuffix(" (generated)")
  }

  /// `diagnostics` of `target` with every fix of its synthesised Info.plist redirected to a build setting or
  /// withheld; `reportingRule` gives the reporting of a rule by code (for the fix's rule code).
  static func redirecting(
    _ diagnostics: [LintDiagnostic], in target: LintTarget, reportingRule: (String) -> ReportingRule?
  ) -> [LintDiagnostic] {
    guard isSynthesised(target.infoPlist) else { return diagnostics }
    let plistName = target.infoPlist.source.name
    let view = ProjectTargetView(target)
    return diagnostics.map { diagnostic in
      guard let fix = diagnostic.fix, fix.file == plistName, fix.sourceEdits == nil else { return diagnostic }
      var redirected = diagnostic
      redirected.fix = nil
      guard let view, view.configuration.generatesInfoPlist else {
        redirected.notes.append(
          "not fixed automatically: the Info.plist this target names is not in the repository; \(fix.title) "
            + "in the file INFOPLIST_FILE names")
        return redirected
      }
      let keys = topLevelKeys(of: fix.changes)
      if let (key, value) = settingValue(of: fix.changes), let setting = GeneratedInfoPlistKeys.setting(for: key),
        let rule = reportingRule(fix.code)
      {
        let (settingFix, notes) = view.settingFix(setting, to: value, findings: Findings(rule: rule))
        if var settingFix {
          if fix.applicability != .safe { settingFix.applicability = fix.applicability }
          redirected.fix = settingFix
          redirected.notes += notes
          return redirected
        }
        redirected.notes += notes.isEmpty
          ? ["not fixed automatically: Xcode generates this Info.plist; set \(setting) in the target's settings"]
          : notes
        return redirected
      }
      let named = keys.isEmpty ? "the key" : keys.map { "'\($0)'" }.joined(separator: ", ")
      redirected.notes.append(
        "not fixed automatically: Xcode generates this Info.plist and has no INFOPLIST_KEY_ setting for \(named); "
          + "add an Info.plist file with it and set INFOPLIST_FILE to that file (Xcode merges its keys with the "
          + "generated ones)")
      return redirected
    }
  }

  /// The one top-level key a fix sets and its value as a build setting writes it (`YES`/`NO` for a Boolean); nil
  /// when the fix does anything else.
  static func settingValue(of changes: [PlistChange]) -> (key: String, value: String)? {
    guard changes.count == 1 else { return nil }
    let key: String
    let value: PropertyListValue
    switch changes[0] {
    case .insertEntry(let path, let inserted, let newValue, _) where path.isEmpty:
      (key, value) = (inserted, newValue)
    case .replaceValue(let path, let newValue):
      guard path.count == 1, case .key(let replaced) = path[0] else { return nil }
      (key, value) = (replaced, newValue)
    default:
      return nil
    }
    switch value {
    case .string(let text): return (key, text)
    case .boolean(let flag): return (key, flag ? "YES" : "NO")
    default: return nil
    }
  }

  /// The top-level keys a fix adds, changes or removes, for the note that says what to write.
  static func topLevelKeys(of changes: [PlistChange]) -> [String] {
    var keys: [String] = []
    func add(_ key: String?) { if let key, !keys.contains(key) { keys.append(key) } }
    func first(_ path: [PropertyListPathComponent]) -> String? {
      guard case .key(let key)? = path.first else { return nil }
      return key
    }
    for change in changes {
      switch change {
      case .insertEntry(let path, let key, _, _): add(path.isEmpty ? key : first(path))
      case .replaceValue(let path, _), .insertElements(let path, _, _), .removeElement(let path, _),
        .editString(let path, _):
        add(first(path))
      case .removeEntries(let path, let key), .renameKey(let path, let key, _): add(path.isEmpty ? key : first(path))
      case .moveEntry(let key, let from, let to): add(from.isEmpty ? key : first(from)); add(first(to))
      }
    }
    return keys
  }
}

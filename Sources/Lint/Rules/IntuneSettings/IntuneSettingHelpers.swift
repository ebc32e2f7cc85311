import Foundation
import IntuneKnowledge
import PredicateSyntax
import PropertyList
import SharelintBase

extension IntuneSettingType {
  /// Whether `node` has this type (an array's elements are checked separately).
  func matches(_ node: PropertyListNode) -> Bool {
    switch (self, node.content) {
    case (.string, .string), (.boolean, .boolean), (.number, .integer), (.number, .real), (.stringArray, .array):
      return true
    default:
      return false
    }
  }
}

/// How the SDK's Foundation reading of a flag turns out: `<true/>`, a non-zero integer, or a string
/// `-[NSString boolValue]` takes for YES ("YES", "true", "1"…).
func intuneFlagIsOn(_ node: PropertyListNode?) -> Bool {
  guard let node else { return false }
  switch node.content {
  case .boolean(let flag):
    return flag
  case .integer(let number):
    return number != 0
  case .string(let text):
    let significant: Substring = text.drop { (character: Character) in character.isWhitespace }
      .drop { (character: Character) in character == "+" || character == "-" }
      .drop { (character: Character) in character == "0" }
    guard let first = significant.first else { return false }
    return "YyTt123456789".contains(first)
  default:
    return false
  }
}


/// The key after which `key` keeps a sorted dictionary sorted (the greatest key sorting before it),
/// or nil to append at the end; Xcode writes Info.plist and entitlements keys sorted.
func keySortingBefore(_ key: String, in dictionary: PropertyListNode) -> String? {
  dictionary.entries?.map(\.key.text).filter { $0 < key }.max()
}

/// The opening `<dict>` tag of a dictionary, where findings about a key it lacks point.
func openingTagRange(of dictionary: PropertyListNode) -> ByteRange? {
  dictionary.elementRange.map { ByteRange(start: $0.start, end: min($0.end, $0.start + 6)) }
}

extension Findings {
  /// Reports a setting missing from `IntuneMAMSettings` — `missing` says what (`no 'ADALClientId'`), `consequence`
  /// what follows — at the dictionary's opening tag (`IntuneMAMSettings has no 'ADALClientId'; …`), or at the
  /// root's when the Info.plist has no `IntuneMAMSettings` at all, which is then what the message names
  /// (`the Info.plist has no IntuneMAMSettings, so no 'ADALClientId'; …`).
  mutating func reportMissingIntuneSetting(
    _ missing: String, consequence: String, key: String, of target: LintTarget, notes: [String] = [],
    fix: LintFix? = nil
  ) {
    if let settings = target.intuneSettings {
      report(
        "IntuneMAMSettings has \(missing); \(consequence)", missingKey: key, of: settings, in: target.infoPlist,
        notes: notes, fix: fix)
    } else {
      report(
        "the Info.plist has no IntuneMAMSettings, so \(missing); \(consequence)", in: target.infoPlist,
        range: openingTagRange(of: target.infoPlist.root), keyPath: "IntuneMAMSettings.\(key)", notes: notes,
        fix: fix)
    }
  }
}

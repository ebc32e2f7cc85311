import IntuneKnowledge
import PropertyList
import SharelintBase

/// A top-level Info.plist key that looks like a misspelling of a key Apple documents, while that key is absent.
struct MisspelledInfoPlistKey: Sendable {
  /// The key as written (its last entry when it is written more than once).
  let entry: PropertyListNode.Entry
  /// The documented key it stands for, with the same `~ipad`/`~iphone`/`~ipod` suffix.
  let intended: String
  /// Whether the two differ in letter case alone.
  let differsOnlyInCase: Bool

  /// The key as written.
  var written: String { entry.key.text }
}

/// The one place that decides whether a top-level Info.plist key is a misspelling of a documented one: PL005
/// reports what it finds, IM011 asks it before offering to add `NSFaceIDUsageDescription`, and the linter withholds
/// any other fix adding a key PL005 renames to (`withholdingInsertionsOfRenamedKeys`), so that `fix` renames the
/// misspelled key instead of adding the right one next to it.
///
/// Precision comes first, since a finding nobody acts on is a cost. A key is a misspelling of a documented key `K`
/// only when all of these hold:
/// - it is not a key sharelint knows (`AppleInfoPlistKeys.known`), with or without a device suffix (`~ipad`,
///   `~iphone`, `~ipod`); the rest of it is ASCII letters and digits (build settings, reverse-DNS and
///   `SNAKE_CASE` keys are the app's own);
/// - it starts with the same two letters as `K`, case aside (a key of another prefix, `FBUserTracking…`, is
///   another vendor's), neither starts nor ends with `K` (`MyNSCameraUsageDescription`,
///   `NSCameraUsageDescriptionV2` are keys of their own), and is not `K` without its first letters
///   (`IntentsSupported`, which belongs under `NSExtensionAttributes`, is not `INIntentsSupported`);
/// - it is within `allowedEdits(forLength:)` of `K` once both are lowercased, counting a swap of two neighbouring
///   letters as one edit — two for keys of 20 letters or more, one from 8, only case below — and `K` is the one
///   documented key nearest to it (a tie names no key);
/// - `K` itself (with the same suffix) is absent, from the file and from the keys Xcode generates
///   (`INFOPLIST_KEY_…`): with `K` present the other key is a leftover, not the reason `K` is missing.
enum InfoPlistKeySpelling {
  /// The device suffixes Apple's reference allows after a key (`UISupportedInterfaceOrientations~ipad`).
  static let deviceSuffixes = ["~ipad", "~iphone", "~ipod"]

  /// How many edits a key of `length` letters may be from a documented key and still count as its misspelling.
  static func allowedEdits(forLength length: Int) -> Int {
    length >= 20 ? 2 : length >= 8 ? 1 : 0
  }

  /// A documented top-level key as the comparison reads it.
  private struct Candidate {
    /// The key.
    let name: String
    /// Its bytes, lowercased.
    let folded: [UInt8]
    /// How many of each letter and digit it has (`histogramBins`): the letters one key has more of than the other
    /// are a lower bound of their distance, worked out far faster than the distance (a hostile plist has 100,000
    /// keys, each compared with every documented key of its length and first letters).
    let histogram: [Int]
  }

  /// Where letter `byte` (lowercased ASCII letter or digit) counts in a histogram.
  private static func histogramBin(_ byte: UInt8) -> Int { byte >= 0x61 ? Int(byte - 0x61) : 26 + Int(byte - 0x30) }
  private static let histogramBins = 36

  private static func histogram(_ folded: [UInt8]) -> [Int] {
    var counts = [Int](repeating: 0, count: histogramBins)
    for byte in folded { counts[histogramBin(byte)] += 1 }
    return counts
  }

  /// The first three of `names` quoted (`'A', 'B', 'C' and 4 more`), of `count` names in all: a hostile plist can
  /// misspell one key 100,000 ways, and each finding names the others.
  static func quotedList(_ names: some Sequence<String>, count: Int) -> String {
    let shown = names.prefix(3).map { "'\($0)'" }
    let text = shown.joined(separator: ", ")
    return count > shown.count ? text + " and \(count - shown.count) more" : text
  }

  /// Whether the letters one histogram has more of than the other number at most `limit`, either way.
  private static func letterDifference(_ counts: [Int], _ other: [Int], atMost limit: Int) -> Bool {
    var surplus = 0
    var deficit = 0
    for bin in 0..<histogramBins {
      let difference = counts[bin] - other[bin]
      if difference > 0 { surplus += difference } else { deficit -= difference }
      if surplus > limit || deficit > limit { return false }
    }
    return true
  }

  /// The documented top-level keys by their first two letters, lowercased, and their length.
  private static let candidatesByPrefixAndLength: [UInt16: [Int: [Candidate]]] = {
    var candidates: [UInt16: [Int: [Candidate]]] = [:]
    for name in AppleInfoPlistKeys.topLevel.sorted() where name.utf8.count >= 2 && isPlain(Substring(name)) {
      let folded = folded(Substring(name))
      candidates[prefix(folded), default: [:]][folded.count, default: []].append(
        Candidate(name: name, folded: folded, histogram: histogram(folded)))
    }
    return candidates
  }()

  /// The bytes of `text` (ASCII letters and digits) with the letters lowercased.
  private static func folded(_ text: Substring) -> [UInt8] {
    text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
  }

  /// The first two bytes of `folded`, as one number.
  private static func prefix(_ folded: [UInt8]) -> UInt16 { UInt16(folded[0]) << 8 | UInt16(folded[1]) }

  /// Whether `text` is only ASCII letters and digits.
  private static func isPlain(_ text: Substring) -> Bool {
    text.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
  }

  /// The documented key `key` misspells, and whether only case differs; nil when `key` is documented or is no
  /// misspelling by the rules above (the absence of the documented key is the caller's to check).
  static func intendedKey(for key: String) -> (key: String, differsOnlyInCase: Bool)? {
    guard !AppleInfoPlistKeys.known.contains(key) else { return nil }
    var base = Substring(key)
    var suffix = ""
    if let tilde = key.utf8.lastIndex(of: UInt8(ascii: "~")) {
      suffix = String(key[tilde...])
      guard deviceSuffixes.contains(suffix) else { return nil }
      base = key[..<tilde]
      guard !AppleInfoPlistKeys.known.contains(String(base)) else { return nil }
    }
    guard base.utf8.count >= 2, isPlain(base) else { return nil }
    let folded = folded(base)
    guard let byLength = candidatesByPrefixAndLength[prefix(folded)] else { return nil }
    let counts = histogram(folded)
    var best: (candidate: Candidate, distance: Int)?
    var tied = false
    let widest = allowedEdits(forLength: Int.max)
    for length in max(2, folded.count - widest)...(folded.count + widest) {
      for candidate in byLength[length] ?? [] {
        let limit = allowedEdits(forLength: length)
        guard abs(length - folded.count) <= limit else { continue }
        guard letterDifference(counts, candidate.histogram, atMost: limit) else { continue }
        let distance = EditDistance.optimalStringAlignment(folded, candidate.folded, limit: limit)
        guard distance <= limit else { continue }
        // More text before or after a documented key, or a documented key without its prefix (`IntentsSupported`
        // under `NSExtensionAttributes`, `INIntentsSupported` at the top level), makes another key.
        let name = candidate.name
        if base.hasPrefix(name) || base.hasSuffix(name) || name.hasSuffix(base) { return nil }
        if let current = best, current.distance <= distance {
          if current.distance == distance { tied = true }
          continue
        }
        best = (candidate, distance)
        tied = false
      }
    }
    guard let best, !tied else { return nil }
    return (best.candidate.name + suffix, best.distance == 0)
  }

  /// The misspelled top-level keys of `target`'s Info.plist whose documented key is absent, in file order, each
  /// key once. Worked out once per target (PL005 and IM011 both ask).
  static func misspelledKeys(in target: LintTarget) -> [MisspelledInfoPlistKey] {
    target.derived.misspelledInfoPlistKeys.value { find(in: target) }
  }

  /// The misspellings of `key` among `target`'s top-level keys (empty when `key` is present).
  static func misspellings(of key: String, in target: LintTarget) -> [MisspelledInfoPlistKey] {
    misspelledKeys(in: target).filter { $0.intended == key }
  }

  /// The note of a finding about a missing key while PL005 renames `misspellings` (not empty) of it: the finding
  /// offers no fix, since adding the key next to the misspelled one would write it twice once renamed. With
  /// `fixWithheld`, the finding has a fix for later: `fix` lints again after each pass, and makes it once the key
  /// is renamed.
  static func renameNote(for misspellings: [MisspelledInfoPlistKey], fixWithheld: Bool) -> String {
    let names = quotedList(misspellings.map(\.written), count: misspellings.count)
    let intended = misspellings.first.map { "'\($0.intended)'" } ?? "it"
    let note = misspellings.count == 1
      ? "\(names) looks like a misspelling of \(intended): PL005's fix renames it"
      : "\(names) look like misspellings of \(intended): rename the one with the right value (PL005)"
    return fixWithheld ? note + "; this finding's fix comes after that" : note
  }

  /// `diagnostics` about `target` with no fix adding a top-level key that PL005 renames a misspelling to: the
  /// rules that add a missing key (IM010, US002, US007, …) would otherwise write it next to the misspelled one, and
  /// PL005's rename would then make it a duplicate. Each such finding keeps its message and says why it has no fix.
  /// The linter calls this only when PL005 runs (`configure`, which does not rename keys, adds them as the vendor
  /// tool does).
  static func withholdingInsertionsOfRenamedKeys(
    _ diagnostics: [LintDiagnostic], in target: LintTarget, renamingRule: String
  ) -> [LintDiagnostic] {
    let misspelled = misspelledKeys(in: target)
    guard !misspelled.isEmpty else { return diagnostics }
    let byIntended = Dictionary(grouping: misspelled, by: \.intended)
    let file = target.infoPlist.source.name
    return diagnostics.map { diagnostic in
      guard diagnostic.code != renamingRule, let fix = diagnostic.fix, fix.file == file else { return diagnostic }
      let added = fix.changes.compactMap { change -> String? in
        guard case .insertEntry(let path, let key, _, _) = change, path.isEmpty, byIntended[key] != nil else {
          return nil
        }
        return key
      }
      guard let key = added.first, let misspellings = byIntended[key] else { return diagnostic }
      var withheld = diagnostic
      withheld.fix = nil
      withheld.notes.append(renameNote(for: misspellings, fixWithheld: true))
      return withheld
    }
  }

  private static func find(in target: LintTarget) -> [MisspelledInfoPlistKey] {
    guard let entries = target.infoPlist.root.entries else { return [] }
    let candidates = entries.indices.compactMap { index in
      intendedKey(for: entries[index].key.text).map { (index: index, intended: $0) }
    }
    // Usually none: the keys of the file are hashed only when there is something to look up.
    guard !candidates.isEmpty else { return [] }
    let present = Set(entries.map(\.key.text))
    let generated = target.settings.generatedInfoPlistKeys
    var lastIndex: [String: Int] = [:]
    for (index, entry) in entries.enumerated() { lastIndex[entry.key.text] = index }
    return candidates.compactMap { candidate in
      let entry = entries[candidate.index]
      guard lastIndex[entry.key.text] == candidate.index, !present.contains(candidate.intended.key),
        generated[candidate.intended.key] == nil
      else { return nil }
      return MisspelledInfoPlistKey(
        entry: entry, intended: candidate.intended.key, differsOnlyInCase: candidate.intended.differsOnlyInCase)
    }
  }
}

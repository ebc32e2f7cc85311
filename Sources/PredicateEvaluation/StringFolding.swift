import Foundation
import PredicateSyntax

/// The `[c]` and `[d]` comparison options: text folded so that case and diacritics stop mattering.
///
/// `[c]` is full Unicode case folding (`ß` matches `ss`), `[d]` drops diacritics after canonical
/// decomposition (`é` matches `e`), both through Foundation's `folding(options:locale:)` with no
/// locale, as `NSString`'s comparisons do. `[n]` and `[l]` change nothing here. ASCII text, the usual
/// case, never reaches Foundation.
enum StringFolding {
  /// `text` folded as `options` ask.
  static func fold(_ text: String, _ options: Comparison.Options) -> String {
    let caseless = options.contains(.caseInsensitive)
    let diacriticless = options.contains(.diacriticInsensitive)
    guard caseless || diacriticless else { return text }
    var hasUppercaseASCII = false
    for byte in text.utf8 {
      if byte >= 0x80 { return foldWithFoundation(text, caseless: caseless, diacriticless: diacriticless) }
      if byte &- 0x41 < 26 { hasUppercaseASCII = true }
    }
    guard caseless && hasUppercaseASCII else { return text }
    return String(decoding: text.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  static func foldWithFoundation(_ text: String, caseless: Bool, diacriticless: Bool) -> String {
    var foldingOptions: String.CompareOptions = []
    if caseless { foldingOptions.insert(.caseInsensitive) }
    if diacriticless { foldingOptions.insert(.diacriticInsensitive) }
    // Fold the decomposed form so combining marks are dropped wherever they came from.
    return text.decomposedStringWithCanonicalMapping.folding(options: foldingOptions, locale: nil)
      .precomposedStringWithCanonicalMapping
  }

  /// Whether the options change text at all.
  static func folds(_ options: Comparison.Options) -> Bool {
    !options.isDisjoint(with: [.caseInsensitive, .diacriticInsensitive])
  }
}

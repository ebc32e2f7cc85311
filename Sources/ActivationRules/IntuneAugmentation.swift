import PredicateSyntax
import SharelintBase
import UniformTypes

/// The result of adding the Intune MAM types to a predicate: edits on the original text and the text
/// they give.
public struct IntuneAugmentation: Hashable, Sendable {
  /// The predicate text the edits apply to.
  public var originalText: String
  /// Non-overlapping edits sorted by offset, ranges in `originalText`'s UTF-8; empty when the rule
  /// already names every twin.
  public var edits: [TextEdit]

  /// An augmentation of `originalText` by `edits`.
  public init(originalText: String, edits: [TextEdit]) {
    self.originalText = originalText
    self.edits = edits.sorted()
  }

  /// The text with the edits applied.
  public var augmentedText: String {
    String(decoding: Array(originalText.utf8).applying(edits).result, as: UTF8.self)
  }

  /// Whether the rule already accepts the twins (nothing to change).
  public var isUnchanged: Bool { edits.isEmpty }
}

/// How to add the Intune MAM types.
public enum IntuneAugmentationShape: String, Hashable, Sendable, CaseIterable {
  /// sharelint's rewrite: each type test gains its twin, in place (`IntuneAugmenter.augment`).
  case minimal
  /// IntuneMAMConfigurator's `addIntuneTypesToActivationPredicate:` (`IntuneAugmenter.configuratorAugment`).
  case configurator
}

/// Adds the `com.microsoft.intune.mam.` twin of every type a rule tests, so that the rule accepts
/// what it accepted before and the same data offered by a managed app.
///
/// A *type test* is a comparison of an element (or each element, under ANY/ALL/NONE) with a string
/// constant naming a type: `UTI-CONFORMS-TO` and `UTI-EQUALS` with the constant on the right, and
/// `==`, `IN`, `CONTAINS` whose other side is a `….registeredTypeIdentifiers` key path. Each test
/// `t(T)` becomes `t(T) OR t(twin)` element by element, which is the same whether the test sits
/// under NOT or not:
///
/// * `ANY x UTI-CONFORMS-TO "T"` → `(ANY x UTI-CONFORMS-TO "T" OR ANY x UTI-CONFORMS-TO "M.T")`,
///   and the same for a test without modifier (`$t UTI-CONFORMS-TO "T"`, `"T" IN x`, `x CONTAINS "T"`);
/// * `NONE x UTI-CONFORMS-TO "T"` → `(NONE x UTI-CONFORMS-TO "T" AND NONE x UTI-CONFORMS-TO "M.T")`;
/// * `ALL x UTI-CONFORMS-TO "T"` →
///   `SUBQUERY(x, $type, NOT ($type UTI-CONFORMS-TO "T" OR $type UTI-CONFORMS-TO "M.T")).@count == 0`;
/// * `ANY x IN {"T", "U"}` → `ANY x IN {"T", "M.T", "U", "M.U"}` (any modifier: the set grows).
///
/// (ALL over a disjunction cannot be written with ALL: `ALL x t(T) OR ALL x t(M.T)` rejects a list
/// mixing both, hence the SUBQUERY, which like ALL is true for an empty or missing list.)
/// The parentheses are added only when the comparison has none of its own, so the OR binds as
/// meant whatever surrounds it. Everything outside the changed comparisons is kept byte for byte,
/// and the connective follows the author's style (`||`/`&&` when the text uses them).
///
/// A test whose twin is already written nearby — anywhere in the same chain of AND/OR, up to the
/// nearest NOT or SUBQUERY — is left alone, as are wrapped constants, so augmenting twice changes
/// nothing the second time.
public enum IntuneAugmenter {
  /// The edits adding the twins to `predicate`, parsed from `text`.
  public static func augment(_ predicate: PredicateNode, text: String) -> IntuneAugmentation {
    var rewriter = MinimalAugmentationRewriter(bytes: Array(text.utf8), predicate: predicate)
    rewriter.visit(predicate, region: nil)
    return IntuneAugmentation(originalText: text, edits: rewriter.edits)
  }

  /// The edits in the configurator's own shape: unless the text already mentions
  /// `com.microsoft.intune.mam.`, the predicate of each innermost SUBQUERY testing types becomes
  /// `((orig) || (copy))`, every string constant of the copy prefixed. The vendor applies this to
  /// the shapes it writes; on a test under NOT it gives a check that no longer excludes anything.
  public static func configuratorAugment(_ predicate: PredicateNode, text: String) -> IntuneAugmentation {
    guard !text.lowercased().contains(IntuneMAMTypes.prefix) else {
      return IntuneAugmentation(originalText: text, edits: [])
    }
    var rewriter = ConfiguratorAugmentationRewriter(bytes: Array(text.utf8))
    _ = rewriter.scan(predicate)
    return IntuneAugmentation(originalText: text, edits: rewriter.edits)
  }

  /// Augments `text` in `shape`; `nil` when the text does not parse.
  public static func augment(text: String, shape: IntuneAugmentationShape = .minimal) -> IntuneAugmentation? {
    guard let predicate = PredicateParser.parse(text).predicate else { return nil }
    return shape == .minimal ? augment(predicate, text: text) : configuratorAugment(predicate, text: text)
  }
}

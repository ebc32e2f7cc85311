import ActivationRules
import PredicateSyntax
import PropertyList
import SharelintBase
import UniformTypes

/// AR004: an Intune-managed extension's activation rule does not accept the
/// `com.microsoft.intune.mam.` types that managed apps share.
struct MissingMAMTypesRule: LintRule {
  static let description = RuleDescription(
    identifier: "missing-mam-types",
    family: .activationRules, number: 4,
    summary: "an activation rule does not accept the com.microsoft.intune.mam. types",
    whatItDoes: """
      Checks that every type the activation rule tests (`UTI-CONFORMS-TO`, `UTI-EQUALS`, `IN`, \
      `CONTAINS`, `==` on `registeredTypeIdentifiers`) has its `com.microsoft.intune.mam.` twin beside \
      it, as IntuneMAMConfigurator adds them. A dictionary-form rule cannot name those types at all: \
      it is converted to a predicate first, as the configurator does.
      """,
    whyItMatters: """
      An app under an Intune app protection policy shares its data wrapped in \
      `com.microsoft.intune.mam.` types. A rule that names only the plain types never matches them, \
      so the extension is silently missing from the share sheet of every managed app — exactly the \
      apps the organisation cares about.
      """,
    useInstead: """
      Each type test with its twin: `(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \
      "public.image" OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \
      "com.microsoft.intune.mam.public.image")`.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      ActivationRuleExample.make(
        """
        <string>SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \tSUBQUERY (
        \t\t$extensionItem.attachments,
        \t\t$attachment,
        \t\t↓ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.plain-text"
        \t\t|| ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"
        \t).@count == 1
        ).@count == 1</string>
        """,
        messages: [
          """
          the rule accepts no 'com.microsoft.intune.mam.' twin of 'public.plain-text', 'com.adobe.pdf'; managed apps' \
          data will not activate the extension
          """,
        ],
        corrected: """
          <string>SUBQUERY (
          \textensionItems,
          \t$extensionItem,
          \tSUBQUERY (
          \t\t$extensionItem.attachments,
          \t\t$attachment,
          \t\t(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.plain-text" \
          || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.plain-text")
          \t\t|| (ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf" \
          || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.com.adobe.pdf")
          \t).@count == 1
          ).@count == 1</string>
          """,
        intune: true),
      ActivationRuleExample.make(
        """
        ↓<dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t<integer>1</integer>
        </dict>
        """,
        messages: [
          """
          a dictionary rule cannot accept the 'com.microsoft.intune.mam.' twins of 'public.image'; managed apps' data \
          will not activate the extension
          """,
        ],
        corrected: """
          <string>SUBQUERY (
          \textensionItems,
          \t$extensionItem,
          \tSUBQUERY (
          \t\t$extensionItem.attachments,
          \t\t$attachment,
          \t\t(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" \
          OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image")
          \t).@count &gt; 0
          ).@count &gt; 0
          AND SUBQUERY (
          \textensionItems,
          \t$extensionItem,
          \tSUBQUERY (
          \t\t$extensionItem.attachments,
          \t\t$attachment,
          \t\t(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" \
          OR ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image")
          \t).@count &gt; 1
          ).@count == 0</string>
          """,
        intune: true),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make(
        """
        <string>SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \tSUBQUERY (
        \t\t$extensionItem.attachments,
        \t\t$attachment,
        \t\t(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image")
        \t\t|| (ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image")
        \t).@count &gt;= 1
        ).@count == 1</string>
        """,
        intune: true),
      ActivationRuleExample.make(
        """
        <string>ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"</string>
        """,
        intune: false),
    ],
    guideSteps: [63, 64]
  )

  /// How the fix adds the twins: sharelint's minimal in-place edits (a dictionary converted to the
  /// canonical shape first), or IntuneMAMConfigurator's `((orig) || (copy))` shape (a dictionary
  /// converted to the configurator's shape). `Linter` makes rules with `init()`, the minimal shape;
  /// `configure --shape configurator` asks for the vendor's dictionary conversion through
  /// `LintSettings.activationRuleShape`. A predicate string keeps the minimal edits unless the rule
  /// itself is made with `.configurator`: the vendor's shape stops excluding types under NOT.
  let shape: IntuneAugmentationShape

  /// The rule with the minimal shape, as `Linter` makes it.
  init() {
    shape = .minimal
  }

  /// The rule adding the twins in `shape`.
  init(shape: IntuneAugmentationShape) {
    self.shape = shape
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite else { return }
    switch site.reading {
    case .success(.predicate(let written)):
      checkPredicate(written, of: site, into: &findings)
    case .success(.dictionary(let reading)):
      let dictionaryShape = target.settings.activationRuleShape == .configurator ? .configurator : shape
      let converted = dictionaryShape == .minimal
        ? target.canonicalActivationPredicate
        : ActivationRule.dictionary(reading).resolvedPredicate(shape: .configurator)
      let augmented = converted.map { converted in
        Self.augmented(converted.text, parsed: converted.predicate, leniently: false, shape: dictionaryShape)
      }
      checkDictionary(reading, augmented: augmented, of: site, into: &findings)
    case .failure:
      return
    }
  }

  /// A predicate rule: report where the first twin is missing; the fix edits the string in place.
  private func checkPredicate(
    _ written: WrittenPredicate, of site: ActivationRuleSite, into findings: inout Findings
  ) {
    guard let predicate = written.predicate else { return }
    let (augmentation, missing) = Self.augmented(written.text, parsed: predicate, leniently: true, shape: shape)
    guard let firstEdit = augmentation.edits.first, !missing.isEmpty else { return }
    // The augmenter copies comparisons as written; with typographic quotes (AR002) wait for their fix.
    let fix = written.outcome.isValid
      ? site.predicateFix(
        "add the com.microsoft.intune.mam. twin of \(Self.quotedList(missing))", .safe, edits: augmentation.edits,
        findings: findings)
      : nil
    findings.report(
      "the rule accepts no 'com.microsoft.intune.mam.' twin of \(Self.quotedList(missing)); managed apps' "
        + "data will not activate the extension",
      inPredicateOf: site, range: .empty(at: firstEdit.range.start), label: "twin missing here",
      notes: [
        "an app under an Intune app protection policy shares \(Self.twinList(missing))"
      ],
      fix: fix)
  }

  /// The augmentation in `shape` of a rule, `text` parsed (leniently or not) as `predicate`, and
  /// the types it gives twins. Twins named elsewhere in the rule, next to another key path (AR009,
  /// AR010 report that), are not missing: only a type whose twin the rule never names is.
  private static func augmented(
    _ text: String, parsed predicate: PredicateNode, leniently: Bool, shape: IntuneAugmentationShape
  ) -> (augmentation: IntuneAugmentation, missing: [String]) {
    // `predicate` is `text` parsed (leniently or not): the answer depends on the text alone, and the extensions of
    // a run often share their rule.
    let answer = augmentations.value(for: AugmentationKey(text: text, leniently: leniently, shape: shape)) {
      let (augmentation, missing) = augmentedAnew(text, parsed: predicate, leniently: leniently, shape: shape)
      return Augmented(augmentation: augmentation, missing: missing)
    }
    return (answer.augmentation, answer.missing)
  }

  private struct AugmentationKey: Hashable, Sendable {
    let text: String
    let leniently: Bool
    let shape: IntuneAugmentationShape
  }

  private struct Augmented: Sendable {
    let augmentation: IntuneAugmentation
    let missing: [String]
  }

  private static let augmentations = BoundedCache<AugmentationKey, Augmented>(capacity: 256)

  private static func augmentedAnew(
    _ text: String, parsed predicate: PredicateNode, leniently: Bool, shape: IntuneAugmentationShape
  ) -> (augmentation: IntuneAugmentation, missing: [String]) {
    let augmentation = shape == .minimal
      ? IntuneAugmenter.augment(predicate, text: text)
      : IntuneAugmenter.configuratorAugment(predicate, text: text)
    let missing = augmentation.isUnchanged
      ? [] : typesGainingTwins(augmentation, originalPredicate: leniently ? predicate : nil)
    return (augmentation, missing)
  }

  /// A dictionary rule: it cannot name the twins; the fix replaces it with the converted,
  /// augmented predicate.
  private func checkDictionary(
    _ reading: ActivationDictionaryReading, augmented: (augmentation: IntuneAugmentation, missing: [String])?,
    of site: ActivationRuleSite, into findings: inout Findings
  ) {
    guard let augmented, !augmented.augmentation.isUnchanged else { return }
    let (augmentation, missing) = augmented
    // A misspelled key would be lost in the conversion: AR005 renames it first.
    let hasMisspelledKey = reading.problems.contains { problem in
      if case .unknownKey(_, let suggestion) = problem.kind { return suggestion != nil }
      return false
    }
    let fix = hasMisspelledKey
      ? nil
      : findings.fix(
        "convert the dictionary to a predicate accepting \(Self.quotedList(missing)) and their Intune twins", .safe,
        in: site.document,
        [.replaceValue(at: site.node.path, with: .string(Self.indented(augmentation.augmentedText, like: site)))])
    findings.report(
      "a dictionary rule cannot accept the 'com.microsoft.intune.mam.' twins of \(Self.quotedList(missing)); "
        + "managed apps' data will not activate the extension",
      aboutRuleOf: site,
      notes: ["IntuneMAMConfigurator converts the dictionary to a predicate string and adds the twins"],
      fix: fix)
  }

  /// The types whose twins the augmentation adds, in the order they first appear.
  /// `originalPredicate`, when given, is the lenient parse of the original text, which then is not parsed again.
  static func typesGainingTwins(_ augmentation: IntuneAugmentation, originalPredicate: PredicateNode? = nil)
    -> [String]
  {
    /// The types `predicate`'s comparisons test, in order.
    func testedTypes(in predicate: PredicateNode) -> [String] {
      PredicateTreeWalk.comparisons(in: predicate).flatMap { $0.testedTypeConstants.map(\.text) }
    }
    /// The types `text`'s comparisons test, in order.
    func testedTypes(_ text: String) -> [String] {
      PredicateParser.parse(text, lenient: true).predicate.map { testedTypes(in: $0) } ?? []
    }
    let originalTypes = originalPredicate.map { testedTypes(in: $0) } ?? testedTypes(augmentation.originalText)
    let before = Set(originalTypes.map { $0.lowercased() })
    var types: [String] = []
    var seen: Set<String> = []
    for type in testedTypes(augmentation.augmentedText)
    where IntuneMAMTypes.isIntuneMAMType(type) && !before.contains(type.lowercased()) {
      let unwrapped = IntuneMAMTypes.unwrappingIntuneMAM(type)
      if seen.insert(unwrapped).inserted { types.append(unwrapped) }
    }
    return types
  }

  /// `text`, printed with four-space indentation, indented as the rule's own line in an XML plist
  /// and with the file's indentation unit, so the new string sits in the file like its neighbours.
  static func indented(_ text: String, like site: ActivationRuleSite) -> String {
    guard site.document.format == .xml, let start = site.node.elementRange?.start else { return text }
    let bytes = site.document.source.bytes
    var lineStart = start
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    let base = String(decoding: bytes[lineStart..<start].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
    // Detected once: it reads the whole document.
    let style = site.document.indentationStyle
    // The extensions of a run often share their rule and its indentation: the fix's text is made once for them.
    let key = IndentedText(text: text, base: base, unit: style.unit, lineEnding: style.lineEnding)
    return indentedTexts.value(for: key) {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.enumerated().map { index, line in
        guard index > 0 else { return String(line) }
        let spaces = line.prefix { $0 == " " }.count
        return base + String(repeating: style.unit, count: spaces / 4) + String(repeating: " ", count: spaces % 4)
          + line.dropFirst(spaces)
      }.joined(separator: style.lineEnding)
    }
  }

  /// A converted rule's text and the indentation `indented` gives it.
  private struct IndentedText: Hashable, Sendable {
    let text: String
    let base: String
    let unit: String
    let lineEnding: String
  }

  private static let indentedTexts = BoundedCache<IndentedText, String>(capacity: 256)

  /// `'a', 'b'` (or "its types" when the list is empty).
  static func quotedList(_ types: [String]) -> String {
    types.isEmpty ? "its types" : types.map { "'\($0)'" }.joined(separator: ", ")
  }

  /// The twins of `types`, quoted (or a description when the list is empty).
  static func twinList(_ types: [String]) -> String {
    types.isEmpty ? "its data as com.microsoft.intune.mam. types"
      : types.map { "'\(IntuneMAMTypes.intuneMAMTwin(of: $0))'" }.joined(separator: ", ")
  }
}

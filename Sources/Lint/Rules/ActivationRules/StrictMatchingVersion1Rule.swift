import ActivationRules
import PredicateSyntax
import PropertyList
import SharelintBase
import UniformTypes

/// AR013: a dictionary-form rule matched strictly because it is not version 2.
struct StrictMatchingVersion1Rule: LintRule {
  static let description = RuleDescription(
    identifier: "strict-matching-version-1",
    family: .activationRules, number: 13,
    summary: "a dictionary-form activation rule lacks NSExtensionActivationDictionaryVersion 2",
    whatItDoes: """
      Finds a dictionary-form `NSExtensionActivationRule` whose `NSExtensionActivationDictionaryVersion` \
      is missing or 1, which iOS reads as version 1: strict matching. It simulates the rule on common shares \
      (the share-sheet catalogue and shares mixing kinds of attachment: a photo with a caption, a link with its \
      title, a PDF with a message) under the version written and under version 2, and reports only when one of \
      them activates the extension under version 2 and not as written although the rule takes its content (the \
      photo, the link) alone, naming it. A rule the version does not change (one accepting attachments of any \
      type, one setting `NSExtensionActivationUsesStrictMatching`, one handling text as well as everything it is \
      shared with) is not reported, nor a share whose content the rule does not take (a PDF with a message, for \
      an extension taking text and links: version 2 would show it for the message alone).
      """,
    whyItMatters: """
      Under version 1 the extension appears only when it handles every type offered: an extension \
      for images is missing from the share sheet when an app shares a photo with its caption. Version 2 \
      shows it when it handles at least one; set `NSExtensionActivationUsesStrictMatching` as well if strict \
      matching is really wanted.
      """,
    useInstead: """
      `<key>NSExtensionActivationDictionaryVersion</key>` `<integer>2</integer>` (the unsafe fix adds it: it \
      changes which shares activate the extension).
      """,
    fixApplicabilities: [.unsafe],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        ↓<dict>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t<integer>10</integer>
        </dict>
        """,
        messages: [
          """
          no 'NSExtensionActivationDictionaryVersion' 2; iOS matches strictly, so 'an app: photo with a caption' \
          does not activate the extension: it would under version 2
          """,
        ],
        corrected: """
          <dict>
          \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
          \t<integer>10</integer>
          \t<key>NSExtensionActivationDictionaryVersion</key>
          \t<integer>2</integer>
          </dict>
          """),
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t↓<integer>1</integer>
        \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
        \t<integer>1</integer>
        </dict>
        """,
        messages: [
          """
          'NSExtensionActivationDictionaryVersion' is 1; iOS matches strictly, so 'an app: link with its title' \
          does not activate the extension: it would under version 2
          """,
        ],
        corrected: """
          <dict>
          \t<key>NSExtensionActivationDictionaryVersion</key>
          \t<integer>2</integer>
          \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
          \t<integer>1</integer>
          </dict>
          """),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t<integer>10</integer>
        </dict>
        """),
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationSupportsAttachmentsWithMaxCount</key>
        \t<integer>20</integer>
        \t<key>NSExtensionActivationSupportsFileWithMaxCount</key>
        \t<integer>20</integer>
        \t<key>NSExtensionActivationSupportsText</key>
        \t<true/>
        </dict>
        """),
      // Links and text: a photo with a caption would show it under version 2 for the caption alone; not reported.
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationSupportsText</key>
        \t<true/>
        \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
        \t<integer>1</integer>
        </dict>
        """),
      // Text with images and links: every common share's attachments are handled under either version.
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t<integer>10</integer>
        \t<key>NSExtensionActivationSupportsMovieWithMaxCount</key>
        \t<integer>1</integer>
        \t<key>NSExtensionActivationSupportsText</key>
        \t<true/>
        \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
        \t<integer>1</integer>
        \t<key>NSExtensionActivationSupportsFileWithMaxCount</key>
        \t<integer>5</integer>
        </dict>
        """),
    ]
  )

  /// The shares simulated: the catalogue's unmanaged inputs, then the shares mixing kinds of attachment.
  static let simulatedShares = ShareSheetCatalogue.unmanagedInputs + ShareSheetCatalogue.mixedInputs

  /// The index in `simulatedShares` of the first share `written` misses under strict matching and would activate
  /// under version 2, nil when there is none. A share counts when the extension takes its content (the first
  /// attachment) alone and the rest of the share (a caption, a title) hides it; one whose content the rule does not
  /// take is one version 2 would only let in for its caption.
  static func missedShareIndex(_ written: ActivationDictionary, registry: UniformTypeRegistry) -> Int? {
    var versionTwo = written
    versionTwo.values[.dictionaryVersion] = .integer(2)
    let semantics = ActivationDictionarySemantics(registry: registry)
    return simulatedShares.firstIndex { share in
      guard let content = share.context.items.first?.first,
        semantics.activates(written, on: ExtensionContext(attachments: [content]))
      else { return false }
      return semantics.activates(versionTwo, on: share.context) && !semantics.activates(written, on: share.context)
    }
  }

  /// `missedShareIndex` of a dictionary on the system's types alone.
  private struct MissedShare: Sendable {
    let index: Int?
  }

  /// The answers of `missedShareIndex` for the dictionaries of targets declaring no type, by dictionary.
  private static let missedShares = BoundedCache<ActivationDictionary, MissedShare>(capacity: 256)

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let reading = site.dictionary, reading.dictionary.version < 2,
      !reading.dictionary.flag(.usesStrictMatching)
    else { return }
    let written = reading.dictionary
    let registry = target.typeRegistry
    // The answer depends on the dictionary alone when the target declares no type (the shares offer only system
    // types): the extensions of a run often share their dictionary, and simulating each was 7% of a run over
    // 10,000 real-sized plists.
    let missedIndex =
      registry.declarations.isEmpty
      ? Self.missedShares.value(for: written) { MissedShare(index: Self.missedShareIndex(written, registry: registry)) }
        .index
      : Self.missedShareIndex(written, registry: registry)
    guard let missedIndex else { return }
    let missed = Self.simulatedShares[missedIndex]
    let versionKey = ActivationKey.dictionaryVersion.rawValue
    let consequence = """
      iOS matches strictly, so '\(missed.name)' does not activate the extension: it would under version 2
      """
    // Unsafe: version 2 changes which shares activate the extension (the one named, and maybe others).
    if let version = site.node[versionKey] {
      let fix = findings.fix(
        "set '\(versionKey)' to 2", .unsafe, in: site.document,
        [.replaceValue(at: version.path, with: .integer(2))])
      findings.report(
        "'\(versionKey)' is \(written.version); \(consequence)", about: version, in: site.document, fix: fix)
    } else {
      let fix = findings.fix(
        "add '\(versionKey)' 2", .unsafe, in: site.document,
        [.insertEntry(into: site.node.path, key: versionKey, value: .integer(2), after: nil)])
      findings.report("no '\(versionKey)' 2; \(consequence)", aboutRuleOf: site, fix: fix)
    }
  }
}

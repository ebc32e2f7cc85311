import ActivationRules
import IntuneKnowledge
import PredicateSyntax
import PropertyList

/// AR005: a key of a dictionary-form activation rule that iOS does not know.
struct UnknownActivationKeyRule: LintRule {
  static let description = RuleDescription(
    identifier: "unknown-activation-key",
    family: .activationRules, number: 5,
    summary: "a dictionary-form activation rule has a key iOS does not know",
    whatItDoes: """
      Compares each key of a dictionary-form `NSExtensionActivationRule` with the ten \
      `NSExtensionActivation…` keys Apple documents and names the one within two edits, if any.
      """,
    whyItMatters: """
      iOS ignores a key it does not know, so the kind of content it was meant to enable does not \
      activate the extension: with `NSExtensionActivationSupportsImageWithMaxCont` the extension is \
      silently missing from the share sheet of Photos.
      """,
    useInstead: "The documented key, spelled exactly (`NSExtensionActivationSupportsImageWithMaxCount`).",
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make(
        """
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t↓<key>NSExtensionActivationSupportsImageWithMaxCont</key>
        \t<integer>10</integer>
        \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
        \t<integer>1</integer>
        </dict>
        """,
        messages: [
          """
          unknown activation key 'NSExtensionActivationSupportsImageWithMaxCont'; did you mean \
          'NSExtensionActivationSupportsImageWithMaxCount'?
          """,
        ],
        corrected: """
          <dict>
          \t<key>NSExtensionActivationDictionaryVersion</key>
          \t<integer>2</integer>
          \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
          \t<integer>10</integer>
          \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
          \t<integer>1</integer>
          </dict>
          """),
      ActivationRuleExample.make(
        """
        <dict>
        \t↓<key>NSExtensionActivationSupportText</key>
        \t<true/>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        </dict>
        """,
        messages: [
          """
          unknown activation key 'NSExtensionActivationSupportText'; did you mean \
          'NSExtensionActivationSupportsText'?
          """,
        ],
        corrected: """
          <dict>
          \t<key>NSExtensionActivationSupportsText</key>
          \t<true/>
          \t<key>NSExtensionActivationDictionaryVersion</key>
          \t<integer>2</integer>
          </dict>
          """),
      ActivationRuleExample.make(
        """
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t↓<key>NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers</key>
        \t<integer>1</integer>
        </dict>
        """,
        messages: [
          """
          unknown activation key 'NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers'; iOS ignores \
          it
          """,
        ]),
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
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let reading = site.dictionary, let entries = site.node.entries else {
      return
    }
    for problem in reading.problems {
      guard case .unknownKey(let key, let suggestion) = problem.kind else { continue }
      // A key of `NSExtension` or `NSExtensionAttributes` written inside the rule: AR015 moves it.
      if AppExtensionKeyPlacement.place(of: key) != nil { continue }
      let fix = suggestion.flatMap { renameFix(key, to: $0.rawValue, in: site, entries: entries, findings: findings) }
      var notes: [String] = []
      if suggestion == nil {
        notes.append("the keys are " + ActivationKey.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
      }
      findings.report(
        problem.message + (suggestion == nil ? "; iOS ignores it" : ""), in: site.document, range: problem.keyRange,
        keyPath: (site.node.path + [.key(key)]).keyPathDescription, notes: notes, fix: fix)
    }
  }

  /// Renames `key` to `replacement` in place: the entry is removed and inserted again, with the
  /// same value, after the entry before it; a first entry makes the fix rewrite the dictionary.
  /// `nil` when the key is written twice or the replacement is already there.
  private func renameFix(
    _ key: String, to replacement: String, in site: ActivationRuleSite, entries: [PropertyListNode.Entry],
    findings: Findings
  ) -> LintFix? {
    let matching = entries.indices.filter { entries[$0].key.text == key }
    guard matching.count == 1, let index = matching.first,
      !entries.contains(where: { $0.key.text == replacement })
    else { return nil }
    let path = site.node.path
    let changes: [PlistChange]
    if index > 0 {
      changes = [
        .removeEntries(from: path, key: key),
        .insertEntry(
          into: path, key: replacement, value: entries[index].value.value, after: entries[index - 1].key.text),
      ]
    } else {
      let renamed = entries.map { entry in
        PropertyListValue.Entry(entry.key.text == key ? replacement : entry.key.text, entry.value.value)
      }
      changes = [.replaceValue(at: path, with: .dictionary(renamed))]
    }
    return findings.fix("rename '\(key)' to '\(replacement)'", .safe, in: site.document, changes)
  }
}

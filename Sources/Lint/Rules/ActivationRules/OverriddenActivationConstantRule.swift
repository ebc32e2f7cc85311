import ActivationRules
import PropertyList

/// AR017: a constant of a dictionary-form rule that another constant makes meaningless.
struct OverriddenActivationConstantRule: LintRule {
  static let description = RuleDescription(
    identifier: "overridden-activation-constant",
    family: .activationRules, number: 17,
    summary: "a constant of a dictionary-form activation rule is made meaningless by another",
    whatItDoes: """
      Finds constants of a dictionary-form `NSExtensionActivationRule` that cannot do what they say because of \
      another: a kind of attachment turned off (`NSExtensionActivationSupportsWebURLWithMaxCount` 0, \
      `NSExtensionActivationSupportsText` false) while `NSExtensionActivationSupportsAttachmentsWithMaxCount` \
      above 0 accepts attachments of any type, named with the share from sharelint's catalogue that still \
      activates the extension; and a kind's count above `…AttachmentsWithMaxCount`, which caps every share. \
      A count given as a string is `activation-key-type`'s (AR006).
      """,
    whyItMatters: """
      The rule reads as if it kept the extension away from some content, or took more of it than it does: \
      with `…WebURLWithMaxCount` 0 and `…AttachmentsWithMaxCount` 50 a Safari page still activates the \
      extension, which then has to handle a URL it was not written for.
      """,
    useInstead: """
      Drop `…AttachmentsWithMaxCount` (or set it to 0) and list the kinds the extension handles, or drop the \
      constant that changes nothing; keep each kind's count at most `…AttachmentsWithMaxCount`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsAttachmentsWithMaxCount</key>
        \t<integer>50</integer>
        \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
        \t↓<integer>0</integer>
        </dict>
        """,
        messages: [
          """
          'NSExtensionActivationSupportsWebURLWithMaxCount' is 0, yet 'Safari: web page with JavaScript preprocessing' \
          still activates the extension: 'NSExtensionActivationSupportsAttachmentsWithMaxCount' accepts its attachment \
          whatever its type
          """,
        ]),
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsAttachmentsWithMaxCount</key>
        \t<integer>5</integer>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t↓<integer>20</integer>
        </dict>
        """,
        messages: [
          """
          'NSExtensionActivationSupportsImageWithMaxCount' is 20, but no share of more than 5 attachments \
          activates the extension: 'NSExtensionActivationSupportsAttachmentsWithMaxCount' is 5
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
        \t<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>
        \t<integer>0</integer>
        </dict>
        """),
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsAttachmentsWithMaxCount</key>
        \t<integer>10</integer>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t<integer>10</integer>
        </dict>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let reading = site.dictionary else { return }
    let dictionary = reading.dictionary
    guard let anyType = dictionary.maximumAttachmentCount else { return }
    let anyTypeKey = ActivationKey.attachmentsWithMaxCount.rawValue
    let semantics = ActivationDictionarySemantics(registry: target.typeRegistry)
    for row in ActivationKeyTable.attachmentTypeRows {
      guard let value = dictionary.values[row.key], let node = site.node[row.key.rawValue] else { continue }
      if let allowance = dictionary.allowance(for: row) {
        guard allowance != Int.max, allowance > anyType else { continue }
        findings.report(
          """
          '\(row.key.rawValue)' is \(allowance), but no share of more than \(anyType) attachments activates the \
          extension: '\(anyTypeKey)' is \(anyType)
          """,
          about: node, in: site.document)
        continue
      }
      // Turned off (0 or false): the kind's own shares still activate through the any-type key.
      let shares = ShareSheetCatalogue.unmanagedInputs.first { share in
        share.context.items.joined().allSatisfy { semantics.matches($0, row) }
          && semantics.activates(dictionary, on: share.context)
      }
      guard let share = shares else { continue }
      let written: String
      switch value {
      case .integer(let count): written = "\(count)"
      case .boolean(let flag): written = flag ? "true" : "false"
      }
      findings.report(
        """
        '\(row.key.rawValue)' is \(written), yet '\(share.name)' still activates the extension: '\(anyTypeKey)' \
        accepts its attachment whatever its type
        """,
        about: node, in: site.document)
    }
  }
}

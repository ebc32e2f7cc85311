import ActivationRules
import PredicateSyntax
import PropertyList

/// AR013: a dictionary-form rule matched strictly because it is not version 2.
struct StrictMatchingVersion1Rule: LintRule {
  static let description = RuleDescription(
    identifier: "strict-matching-version-1",
    family: .activationRules, number: 13,
    summary: "a dictionary-form activation rule lacks NSExtensionActivationDictionaryVersion 2",
    whatItDoes: """
      Finds a dictionary-form `NSExtensionActivationRule` whose `NSExtensionActivationDictionaryVersion` \
      is missing or 1, which iOS reads as version 1: strict matching. A rule that accepts attachments of any \
      type (`NSExtensionActivationSupportsAttachmentsWithMaxCount` above 0) handles every type offered, so \
      the version changes nothing there and nothing is reported.
      """,
    whyItMatters: """
      Under version 1 the extension appears only when it handles every type offered: an extension \
      for images is missing from the share sheet when Photos offers a photo with its text caption, \
      or Safari a page with its URL. Version 2 shows it when it handles at least one; set \
      `NSExtensionActivationUsesStrictMatching` as well if strict matching is really wanted.
      """,
    useInstead: "`<key>NSExtensionActivationDictionaryVersion</key>` `<integer>2</integer>`.",
    fixApplicabilities: [],
    defaultSeverity: .info,
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
          no 'NSExtensionActivationDictionaryVersion' 2; iOS matches strictly: the extension appears only when it \
          handles every type offered
          """,
        ]),
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t↓<integer>1</integer>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t<integer>10</integer>
        </dict>
        """,
        messages: [
          """
          'NSExtensionActivationDictionaryVersion' is 1; iOS matches strictly: the extension appears only when it \
          handles every type offered
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
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite, let reading = site.dictionary, reading.dictionary.version < 2 else {
      return
    }
    // Strict matching hides the extension only when an attachment can go unhandled: never when it takes any type.
    if let anyType = reading.dictionary.maximumAttachmentCount, anyType > 0 { return }
    let versionKey = ActivationKey.dictionaryVersion.rawValue
    let consequence = "iOS matches strictly: the extension appears only when it handles every type offered"
    if let version = site.node[versionKey] {
      findings.report("'\(versionKey)' is \(reading.dictionary.version); \(consequence)", about: version,
                      in: site.document)
    } else {
      findings.report("no '\(versionKey)' 2; \(consequence)", aboutRuleOf: site)
    }
  }
}

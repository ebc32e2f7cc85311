import IntuneKnowledge
import PropertyList

/// AR016: a share or action extension without `NSExtensionActivationRule`.
struct MissingActivationRuleRule: LintRule {
  static let description = RuleDescription(
    identifier: "missing-activation-rule",
    family: .activationRules, number: 16,
    summary: "a share or action extension has no NSExtensionActivationRule",
    whatItDoes: """
      Finds a share (`com.apple.share-services`) or action (`com.apple.ui-services`, `com.apple.services`) \
      extension whose `NSExtension › NSExtensionAttributes` has no `NSExtensionActivationRule`. When the rule or \
      its constants are only written in the wrong dictionary, `misplaced-extension-key` (AR015) reports them, \
      with the fix moving them, and this rule says nothing.
      """,
    whyItMatters: """
      The rule is what tells iOS which shared content the extension is offered for: Apple's reference \
      describes `NSExtensionActivationRule` as "the semantic data types that a Share or Action extension \
      supports" and Xcode's templates start with one (`TRUEPREDICATE`, which App Store validation then \
      refuses). Without a rule the extension has nothing it is offered for and is missing from the share sheet.
      """,
    useInstead: """
      An `NSExtensionActivationRule` in `NSExtensionAttributes` naming what the extension handles, as a \
      dictionary (`NSExtensionActivationSupportsImageWithMaxCount` …, with `NSExtensionActivationDictionaryVersion` \
      2) or a predicate.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionMainStoryboard</key>
        \t<string>MainInterface</string>
        \t<key>NSExtensionPointIdentifier</key>
        \t↓<string>com.apple.share-services</string>
        </dict>
        """,
        messages: [
          """
          the share extension has no 'NSExtension.NSExtensionAttributes.NSExtensionActivationRule': iOS has \
          nothing to offer it for, so it is missing from the share sheet
          """,
        ]),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t<integer>1</integer>
        </dict>
        """),
      // Misplaced: AR015 reports it, with the fix.
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.share</string>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionActivationRule</key>
        \t<dict>
        \t\t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t\t<integer>1</integer>
        \t</dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """),
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.contoso.notes.widget</string>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.widgetkit-extension</string>
        </dict>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .appExtension, let extensionNode = target.infoPlist.root["NSExtension"],
      let pointNode = extensionNode["NSExtensionPointIdentifier"], let point = pointNode.string,
      AppExtensionKeyPlacement.activatedExtensionPoints.contains(point),
      target.infoPlist.value(at: ActivationRuleSite.path) == nil
    else { return }
    // The rule, or its constants, written elsewhere: AR015 moves them.
    let misplaced = MisplacedExtensionKeyRule.misplacements(in: target).contains { misplacement in
      misplacement.entry.key.text == "NSExtensionActivationRule" || misplacement.place == .activationRule
    }
    guard !misplaced else { return }
    let kind = point == "com.apple.share-services" ? "share" : "action"
    findings.report(
      """
      the \(kind) extension has no '\(ActivationRuleSite.path.keyPathDescription)': iOS has nothing to offer it \
      for, so it is missing from the share sheet
      """,
      about: pointNode, in: target.infoPlist)
  }
}

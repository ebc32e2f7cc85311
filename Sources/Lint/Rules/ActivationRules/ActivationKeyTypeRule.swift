import ActivationRules
import PredicateSyntax
import PropertyList

/// AR006: an activation rule, or a key of its dictionary form, with the wrong type or an
/// impossible value.
struct ActivationKeyTypeRule: LintRule {
  static let description = RuleDescription(
    identifier: "activation-key-type",
    family: .activationRules, number: 6,
    summary: "an activation rule or one of its dictionary keys has the wrong type",
    whatItDoes: """
      Checks that `NSExtensionActivationRule` is a string or a dictionary, and that each documented key \
      of the dictionary form has its type: an integer for counts and `NSExtensionActivationDictionaryVersion` \
      (1 or 2), a Boolean for `NSExtensionActivationSupportsText` and \
      `NSExtensionActivationUsesStrictMatching`. Negative counts are reported too.
      """,
    whyItMatters: """
      ExtensionFoundation reads each value with `integerValue`/`boolValue`, so a value of another type \
      is guessed at (an array or a date counts as missing), and a rule that is neither a string nor a \
      dictionary is ignored: the extension never appears in the share sheet. App Store validation may \
      also reject the value.
      """,
    useInstead: "`<integer>10</integer>` for counts, `<true/>` for `NSExtensionActivationSupportsText`.",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsMovieWithMaxCount</key>
        \t↓<string>10</string>
        \t<key>NSExtensionActivationSupportsText</key>
        \t↓<integer>1</integer>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t↓<integer>-1</integer>
        </dict>
        """,
        messages: [
          "'NSExtensionActivationSupportsMovieWithMaxCount' must be an integer, found string",
          "'NSExtensionActivationSupportsText' must be a boolean, found integer",
          "'NSExtensionActivationSupportsImageWithMaxCount' must not be negative, found -1",
        ]),
      ActivationRuleExample.make("""
        ↓<array>
        \t<string>public.image</string>
        </array>
        """, messages: ["'NSExtensionActivationRule' must be a string or a dictionary, found array"]),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsMovieWithMaxCount</key>
        \t<integer>10</integer>
        \t<key>NSExtensionActivationSupportsText</key>
        \t<true/>
        </dict>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let site = target.activationRuleSite else { return }
    switch site.reading {
    case .failure(let error):
      findings.report(error.message, about: site.node, in: site.document)
    case .success(.dictionary(let reading)):
      for problem in reading.problems {
        let key: ActivationKey
        switch problem.kind {
        case .wrongType(let wrongKey, _, _), .negativeCount(let wrongKey, _): key = wrongKey
        case .unsupportedVersion: key = .dictionaryVersion
        case .unknownKey: continue
        }
        findings.report(
          problem.message, in: site.document, range: problem.valueRange,
          keyPath: (site.node.path + [.key(key.rawValue)]).keyPathDescription)
      }
    case .success(.predicate):
      return
    }
  }
}

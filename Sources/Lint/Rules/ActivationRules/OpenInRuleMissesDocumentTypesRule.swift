import ActivationRules
import PropertyList
import UniformTypes

/// AR014: an "Open in" action extension whose rule does not take one file of each of the app's document types,
/// as managed apps share them.
struct OpenInRuleMissesDocumentTypesRule: LintRule {
  static let description = RuleDescription(
    identifier: "open-in-rule-misses-document-types",
    family: .activationRules, number: 14,
    summary: "an Open-in extension's rule does not accept one file of each of the app's document types",
    whatItDoes: """
      In extensions with `IntuneMAMSettings.OpenInActionExtension` = YES, evaluates the activation rule on one \
      file of each type the containing app lists in `CFBundleDocumentTypes[].LSItemContentTypes`, shared from a \
      managed app (so offered as `com.microsoft.intune.mam.<type>`), and on two such files: the rule must \
      accept the first and refuse the second. When the containing app is unknown, the types the rule names \
      stand in for the document types.
      """,
    whyItMatters: """
      When the policy keeps managed data away from unmanaged apps, iOS's "Copy to <app>" actions disappear and \
      the Open-in action extension is how a managed document reaches the app. The 2020 developer guide \
      ("Share Data via UIActivityViewController", "Copy To" actions, step 7) asks for a rule that supports a \
      single file and every type of the app's `CFBundleDocumentTypes` prefixed with `com.microsoft.intune.mam`. \
      A type left out, or a rule written for the plain types, means the app is missing from the share sheet \
      for those documents (ms-intune-app-sdk-ios#63); a rule taking several files hands the SDK a share it \
      does not open.
      """,
    useInstead: """
      `SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, ANY \
      $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.<type>" || …).@count == \
      1).@count == 1`, one `UTI-CONFORMS-TO` per document type. No automatic fix.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(Self.openInExtension(rule: """
        <string>↓SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \tSUBQUERY (
        \t\t$extensionItem.attachments,
        \t\t$attachment,
        \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image"
        \t).@count >= 1
        ).@count == 1</string>
        """),
        messages: [
          """
          the Open-in rule accepts two files at once ('com.microsoft.intune.mam.public.image'); the Open-in \
          extension shares one file, so the rule should require '.@count == 1'
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(Self.openInExtension(rule: """
        <string>SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \tSUBQUERY (
        \t\t$extensionItem.attachments,
        \t\t$attachment,
        \t\tANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.text"
        \t\t|| ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.microsoft.intune.mam.public.image"
        \t).@count == 1
        ).@count == 1</string>
        """)),
    ],
    guideSteps: [64]
  )

  /// An Open-in extension's Info.plist body around `rule`, whose containing app's document types are unknown in
  /// examples (which have no containing app): the rule is checked against the types it names.
  static func openInExtension(rule: String) -> String {
    ActivationRuleExample.body(rule, intune: false, appending: """
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>ContainingAppBundleId</key>
      \t<string>com.contoso.notes</string>
      \t<key>OpenInActionExtension</key>
      \t<true/>
      </dict>
      """)
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .appExtension, intuneFlagIsOn(target.intuneSettings?["OpenInActionExtension"]),
      let site = target.activationRuleSite, let resolved = target.canonicalActivationPredicate
    else { return }
    let documentTypes = Self.documentTypes(of: target.containingAppInfoPlist)
    let simulator = ShareSheetSimulator(
      registry: target.simulationRegistry(for: resolved.predicate, inputTypes: documentTypes))
    // One budget for all the evaluations: an app may declare thousands of document types. Once it is
    // spent, the evaluations left give no answer, and no answer is no finding.
    var budget = SimulationBudget()
    func activates(_ files: Int, of type: String) -> Bool? {
      let attachments = Array(repeating: ExtensionContext.Attachment([type]), count: files)
      let input = ShareSheetInput(
        name: "\(files) '\(type)'", sourceApp: "a managed app", context: ExtensionContext(attachments: attachments))
      return simulator.outcome(of: resolved.predicate, on: input.managed, budget: &budget).activates
    }
    let missing = documentTypes.filter { activates(1, of: $0) == false }
    if !missing.isEmpty {
      findings.report(
        "the Open-in rule does not accept one managed file of "
          + InfoPlistSchemes.quotedList(missing.map(IntuneMAMTypes.intuneMAMTwin(of:)))
          + ", the managed twins of the containing app's document types; the app is missing from the share sheet "
          + "for them",
        aboutRuleOf: site)
    }
    // One file: the first type taken alone must not be taken two at a time either.
    let candidates = documentTypes.isEmpty ? Self.typesNamed(by: resolved) : documentTypes
    guard let accepted = candidates.first(where: { activates(1, of: $0) == true }) else {
      if documentTypes.isEmpty, !candidates.isEmpty {
        findings.report(
          "the Open-in rule accepts no single managed file of the types it names; it must accept one file of "
            + "each of the app's document types as 'com.microsoft.intune.mam.<type>'",
          aboutRuleOf: site)
      }
      return
    }
    if activates(2, of: accepted) == true {
      findings.report(
        "the Open-in rule accepts two files at once ('\(IntuneMAMTypes.intuneMAMTwin(of: accepted))'); the Open-in "
          + "extension shares one file, so the rule should require '.@count == 1'",
        aboutRuleOf: site)
    }
  }

  /// The plain types of the containing app's `CFBundleDocumentTypes`, in order, without repeats or Intune twins.
  static func documentTypes(of app: PropertyListDocument?) -> [String] {
    var types: [String] = []
    var seen: Set<String> = []
    for documentType in app?.root["CFBundleDocumentTypes"]?.elements ?? [] {
      for type in documentType["LSItemContentTypes"]?.elements?.compactMap(\.string) ?? []
      where !IntuneMAMTypes.isIntuneMAMType(type) && seen.insert(type).inserted {
        types.append(type)
      }
    }
    return types
  }

  /// The types the rule tests, unwrapped from their Intune twins, in order.
  static func typesNamed(by resolved: ResolvedPredicate) -> [String] {
    var types: [String] = []
    var seen: Set<String> = []
    for comparison in PredicateTreeWalk.comparisons(in: resolved.predicate) {
      for type in comparison.testedTypeConstants.map({ IntuneMAMTypes.unwrappingIntuneMAM($0.text) })
      where seen.insert(type).inserted {
        types.append(type)
      }
    }
    return types
  }
}

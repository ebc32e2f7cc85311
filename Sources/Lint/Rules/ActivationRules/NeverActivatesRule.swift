import ActivationRules
import PredicateSyntax
import SharelintBase
import UniformTypes

/// AR012: an activation rule that no realistic share-sheet input activates.
struct NeverActivatesRule: LintRule {
  static let description = RuleDescription(
    identifier: "never-activates",
    family: .activationRules, number: 12,
    summary: "no share-sheet input activates the rule",
    whatItDoes: """
      Evaluates the rule (a dictionary converted first) on sharelint's catalogue of realistic share-sheet \
      inputs — photos, videos, web pages, text, PDFs, documents — each offered plainly and by an \
      Intune-managed app, plus one file of each type the rule names — with the types the extension and \
      its containing app declare. An input whose evaluation fails counts as not activating.
      """,
    whyItMatters: """
      A rule that nothing satisfies keeps the extension out of every share sheet: users never see it, \
      and nothing at build time says so. Contradictory counts (`@count >= 3 AND @count <= 1`) and \
      misspelled keys are the usual causes.
      """,
    useInstead: "A rule that `sharelint rule simulate` shows activating for the content the extension handles.",
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      ActivationRuleExample.make("""
        <string>↓SUBQUERY (
        \textensionItems,
        \t$extensionItem,
        \t$extensionItem.attachments.@count &gt;= 3
        \tAND $extensionItem.attachments.@count &lt;= 1
        ).@count == 1</string>
        """, messages: ["none of the 24 share-sheet inputs activates the rule; the extension never appears"]),
      ActivationRuleExample.make("""
        <string>↓ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"</string>
        """,
        messages: [
          """
          the rule cannot be evaluated on any of the 26 share-sheet inputs: no value is bound to '$attachment'; the \
          extension never appears
          """,
        ]),
      ActivationRuleExample.make("""
        ↓<dict>
        \t<key>NSExtensionActivationDictionaryVersion</key>
        \t<integer>2</integer>
        \t<key>NSExtensionActivationSupportsImageWithMaxCount</key>
        \t<integer>0</integer>
        </dict>
        """, messages: ["none of the 24 share-sheet inputs activates the rule; the extension never appears"]),
    ],
    nonTriggeringExamples: [
      ActivationRuleExample.make("""
        <string>SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \
        ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count == 1).@count == 1</string>
        """),
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
    guard let site = target.activationRuleSite, let resolved = target.canonicalActivationPredicate else { return }
    // The simulation depends on the rule alone when the target declares no type (every input is a system type):
    // the extensions of a run often share their rule, and simulating each was 4% of a run over 10,000 real-sized
    // plists.
    let outcomes =
      target.typeRegistry.declarations.isEmpty
      ? Self.simulations.value(for: RuleText(resolved)) {
        Self.outcomesWithoutActivation(of: resolved, registry: .system)
      }
      : Self.outcomesWithoutActivation(
        of: resolved, registry: target.simulationRegistry(for: resolved.predicate))
    guard let outcomes, !outcomes.isEmpty else { return }
    var failures: [String] = []
    for outcome in outcomes {
      if case .failure(let error) = outcome.result, !failures.contains(error.message) {
        failures.append(error.message)
      }
    }
    let failedCount = outcomes.filter { $0.activates == nil }.count
    if failedCount == outcomes.count {
      findings.report(
        "the rule cannot be evaluated on any of the \(outcomes.count) share-sheet inputs: \(failures[0]); "
          + "the extension never appears",
        aboutRuleOf: site, notes: Array(failures.dropFirst().prefix(3)))
      return
    }
    let tried = outcomes.prefix(3).map { "'\($0.input.name)'" }.joined(separator: ", ")
    var notes = [
      "tried: \(tried) and \(outcomes.count - 3) more, plain and from managed apps, with one file of each type "
        + "the rule names"
    ]
    if failedCount > 0 {
      notes.append("evaluation failed on \(failedCount) of them: \(failures.joined(separator: "; "))")
    }
    findings.report(
      "none of the \(outcomes.count) share-sheet inputs activates the rule; the extension never appears",
      aboutRuleOf: site, notes: notes)
  }

  /// The outcomes of `resolved` on the catalogue's inputs and on files of each type it names, when none activates
  /// it; nil when one does, or when the rule is too costly to evaluate on all of them (it may activate on one not
  /// tried: nothing is reported then).
  static func outcomesWithoutActivation(of resolved: ResolvedPredicate, registry: UniformTypeRegistry)
    -> [SimulationOutcome]?
  {
    let simulator = ShareSheetSimulator(registry: registry)
    var outcomes: [SimulationOutcome] = []
    // One budget for all the evaluations (a rule may name thousands of types, each tried twice).
    var budget = SimulationBudget()
    /// Evaluates the rule on `inputs` in order, keeping the outcomes; true once one activates it.
    func activates(on inputs: [ShareSheetInput]) -> Bool {
      for input in inputs {
        let outcome = simulator.outcome(of: resolved.predicate, on: input, budget: &budget)
        if outcome.activates == true { return true }
        outcomes.append(outcome)
      }
      return false
    }
    // Most rules activate on a catalogue input, and then there is nothing to report: the inputs
    // offering the types the rule names are made only when none does.
    if activates(on: ShareSheetCatalogue.inputs)
      || activates(on: Self.inputsOffering(typesTestedBy: resolved.predicate)) || budget.isExhausted
    {
      return nil
    }
    return outcomes
  }

  /// The answers of `outcomesWithoutActivation` on the system's types alone, by rule.
  private static let simulations = BoundedCache<RuleText, [SimulationOutcome]?>(capacity: 256)

  /// What identifies a resolved rule: its tree is its text parsed, as written (leniently) or as converted. Hashing
  /// the tree instead cost most of what the cache saved.
  private struct RuleText: Hashable, Sendable {
    let text: String
    let conversion: ConversionShape?

    init(_ resolved: ResolvedPredicate) {
      text = resolved.text
      conversion = resolved.conversion
    }
  }

  /// One file of each type the rule tests, plain and from a managed app: the catalogue cannot
  /// hold every type an extension may be written for (spreadsheets, an app's own documents).
  static func inputsOffering(typesTestedBy predicate: PredicateNode) -> [ShareSheetInput] {
    var types: [String] = []
    var seen: Set<String> = []
    for comparison in PredicateTreeWalk.comparisons(in: predicate) {
      for type in comparison.testedTypeConstants.map(\.text) where seen.insert(type).inserted {
        types.append(type)
      }
    }
    let plain = types.filter { !IntuneMAMTypes.isIntuneMAMType($0) }.map { type in
      ShareSheetInput(
        name: "Files: one '\(type)'", sourceApp: "Files",
        context: ExtensionContext(attachments: [ExtensionContext.Attachment([type])]))
    }
    return plain + plain.map(\.managed)
  }
}

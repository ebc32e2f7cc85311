import ActivationRules
import PredicateSyntax
import PropertyList
import SharelintBase
import SourceCode
import UniformTypes

/// An extension's activation rule set against the types its code handles (`ExtensionHandledTypes`): which everyday
/// shares of the catalogue the rule lets in that the code never handles (AR019), and which handled types the rule
/// never lets in (AR020). Nil — nothing to say — when the target is no extension of a project with Swift or
/// Objective-C sources, the code handles types generically or through names it cannot follow, the rule cannot be
/// evaluated on every input, or it lets in none (AR012's finding).
struct HandledTypesComparison: Sendable {
  /// The activation rule.
  let site: ActivationRuleSite
  /// Where the code handles types: the extension's files and those of what it builds with.
  let uses: [ExtensionHandledTypes.Use]
  /// The handled types, in first-use order.
  let handledTypes: [String]
  /// The catalogue's unmanaged inputs the rule lets in.
  let admitted: [ShareSheetInput]
  /// Of `admitted`, those carrying no handled type, one per distinct set of types (`Photos: five photos` goes with
  /// `Photos: one photo`).
  let unhandled: [ShareSheetInput]
  /// Whether the extension has a JavaScript preprocessing file (Safari then adds its results to a page it shares).
  let preprocesses: Bool
  /// The first use in the extension's own files of each handled type that no share the rule lets in carries.
  let neverAdmitted: [ExtensionHandledTypes.Use]

  /// The comparison for `target`, computed once for AR019 and AR020.
  static func of(_ target: LintTarget) -> HandledTypesComparison? {
    target.derived.handledTypesComparison.value { HandledTypesComparison(target) }
  }

  private init?(_ target: LintTarget) {
    guard let site = target.activationRuleSite, let resolved = target.canonicalActivationPredicate,
      let view = ProjectTargetView(target), view.isExtension, let code = view.sourceCode
    else { return nil }
    // The extension's own files first: AR020 speaks only of them; the files of what it builds with (a framework
    // of the project holding the handling code) may only add handled types.
    guard case .handles(let ownUses) = ExtensionHandledTypes.read(code.files.files),
      ownUses.contains(where: \.isProviderCall)
    else {
      // No item provider call of its own (an `SLComposeServiceViewController` reading `contentText` alone): the
      // extension hands its attachments to code elsewhere.
      return nil
    }
    var uses = ownUses
    let ownNames = Set(code.files.files.map(\.name))
    let dependencyFiles = code.dependencyFileSet.files.filter { !ownNames.contains($0.name) }
    switch ExtensionHandledTypes.read(dependencyFiles) {
    case .handles(let more): uses += more
    case .nothing: break
    case .unknowable: return nil
    }
    var handledTypes: [String] = []
    for use in uses where !handledTypes.contains(use.type) { handledTypes.append(use.type) }

    let registry = target.typeRegistry
    let simulator = ShareSheetSimulator(registry: registry)
    var budget = SimulationBudget()
    var admitted: [ShareSheetInput] = []
    // Safari adds the results of a JavaScript preprocessing file only for an extension that has one.
    let preprocesses = target.infoPlist.value(at: Self.preprocessingFilePath) != nil
    let inputs = ShareSheetCatalogue.unmanagedInputs.filter { input in
      preprocesses
        || !input.context.items.joined().contains { $0.registeredTypeIdentifiers.contains(Self.propertyList) }
    }
    for input in inputs {
      let outcome = simulator.outcome(of: resolved.predicate, on: input, budget: &budget)
      guard let activates = outcome.activates else { return nil }
      if activates { admitted.append(input) }
    }
    guard !admitted.isEmpty else { return nil }

    /// Whether an attachment registered as `types` is one the code handles as `handled`.
    func carries(_ types: [String], _ handled: String) -> Bool {
      types.contains { registry.conforms($0, to: handled) }
    }
    var unhandled: [ShareSheetInput] = []
    var seenSignatures: Set<[[String]]> = []
    for input in admitted {
      let attachments = input.context.items.joined().map { ShareSheetCatalogue.loadableTypes($0.registeredTypeIdentifiers, of: input) }
      let handled = attachments.contains { types in handledTypes.contains { carries(types, $0) } }
      if !handled, seenSignatures.insert(Array(Set(attachments)).sorted { $0.lexicographicallyPrecedes($1) }).inserted {
        unhandled.append(input)
      }
    }

    // A type is let in when a catalogue share carrying it is, or a file of it (or of a type the rule names that
    // conforms to it) activates the rule.
    let tested = NeverActivatesRule.inputsOffering(typesTestedBy: resolved.predicate).filter { !$0.isManaged }
    var neverAdmitted: [ExtensionHandledTypes.Use] = []
    var judged: Set<String> = []
    for use in ownUses where use.isProviderCall && judged.insert(use.type).inserted {
      let admittedByCatalogue = admitted.contains { input in
        input.context.items.joined().contains { carries($0.registeredTypeIdentifiers, use.type) }
      }
      if admittedByCatalogue { continue }
      let file = ShareSheetInput(
        name: "Files: one '\(use.type)'", sourceApp: "Files",
        context: ExtensionContext(attachments: [ExtensionContext.Attachment([use.type])]))
      let candidates = [file] + tested.filter { input in
        input.context.items.joined().contains { carries($0.registeredTypeIdentifiers, use.type) }
      }
      var letIn = false
      for candidate in candidates {
        let outcome = simulator.outcome(of: resolved.predicate, on: candidate, budget: &budget)
        guard let activates = outcome.activates else { return nil }
        if activates {
          letIn = true
          break
        }
      }
      if !letIn { neverAdmitted.append(use) }
    }
    self.site = site
    self.preprocesses = preprocesses
    self.uses = uses
    self.handledTypes = handledTypes
    self.admitted = admitted
    self.unhandled = unhandled
    self.neverAdmitted = neverAdmitted
  }

  /// `NSExtension.NSExtensionAttributes.NSExtensionJavaScriptPreprocessingFile`.
  static let preprocessingFilePath: [PropertyListPathComponent] = [
    .key("NSExtension"), .key("NSExtensionAttributes"), .key("NSExtensionJavaScriptPreprocessingFile"),
  ]
  /// The type of a JavaScript preprocessing file's results.
  static let propertyList = "com.apple.property-list"

  /// `ShareViewController.swift handles only public.url` / `A.swift and B.m handle only public.url, public.image`.
  var handlesOnlyText: String {
    var files: [String] = []
    for use in uses where !files.contains(PathText.lastComponent(of: use.file)) {
      files.append(PathText.lastComponent(of: use.file))
    }
    let who = files.count == 1
      ? "\(files[0]) handles" : "\(files.dropLast().joined(separator: ", ")) and \(files.last ?? "") handle"
    return "\(who) only \(handledTypes.joined(separator: ", "))"
  }

  /// Notes naming where each type is handled: `ShareViewController.swift:42: loadItem(forTypeIdentifier:) public.url`.
  var useNotes: [String] {
    var notes: [String] = []
    var seen: Set<String> = []
    for use in uses where seen.insert(use.type).inserted {
      notes.append("\(use.type) is handled at \(use.place) (\(use.call))")
    }
    return Array(notes.prefix(6))
  }
}

/// The types an attachment of `input` is registered as, `public.jpeg, public.heic`.
func attachmentTypesText(_ input: ShareSheetInput) -> String {
  var types: [String] = []
  for attachment in input.context.items.joined() {
    for type in attachment.registeredTypeIdentifiers where !types.contains(type) { types.append(type) }
  }
  return types.joined(separator: ", ")
}

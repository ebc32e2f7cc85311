import SharelintBase
import Synchronization
import ActivationRules
import PredicateSyntax
import PropertyList
import UniformTypes

/// The AR family (`RuleFamily.activationRules`): an extension's
/// `NSExtension › NSExtensionAttributes › NSExtensionActivationRule`.
let activationRuleRules: [any LintRule.Type] = [
  PredicateSyntaxErrorRule.self,
  TypographicQuoteRule.self,
  TruePredicateRule.self,
  MissingMAMTypesRule.self,
  UnknownActivationKeyRule.self,
  ActivationKeyTypeRule.self,
  AmbiguousAndOrRule.self,
  UnboundVariableRule.self,
  UnknownKeyPathRule.self,
  AggregateNeedsAnyRule.self,
  UnknownUTIRule.self,
  NeverActivatesRule.self,
  StrictMatchingVersion1Rule.self,
  OpenInRuleMissesDocumentTypesRule.self,
  MisplacedExtensionKeyRule.self,
  MissingActivationRuleRule.self,
  OverriddenActivationConstantRule.self,
  ClauseNeverMattersRule.self,
  AdmitsUnhandledShareRule.self,
  HandledTypeNeverAdmittedRule.self,
]

/// An extension's activation rule as the AR rules see it: where it is, and what it holds, read
/// leniently (typographic quotes act as quotes, so the rest of the rule can still be analysed).
struct ActivationRuleSite: Sendable {
  /// `NSExtension.NSExtensionAttributes.NSExtensionActivationRule`.
  static let path: [PropertyListPathComponent] = [
    .key("NSExtension"), .key("NSExtensionAttributes"), .key("NSExtensionActivationRule"),
  ]

  /// The Info.plist holding the rule.
  let document: PropertyListDocument
  /// The rule's value.
  let node: PropertyListNode
  /// The rule read leniently, or why it is neither a string nor a dictionary.
  let reading: Result<ActivationRule, ActivationRuleError>

  /// The activation rule of `target`, read; `nil` for apps and for extensions without one. Rules
  /// ask `target.activationRuleSite`, which reads it once for all of them.
  fileprivate init?(reading target: LintTarget) {
    guard target.kind == .appExtension, let node = target.infoPlist.value(at: Self.path) else { return nil }
    document = target.infoPlist
    self.node = node
    reading = ActivationRule.read(node, lenient: true)
  }

  /// The predicate string, when the rule is one.
  var written: WrittenPredicate? {
    if case .success(.predicate(let written)) = reading { return written }
    return nil
  }

  /// The predicate's tree from the lenient parse, when it parses.
  var predicate: PredicateNode? { written?.predicate }

  /// The dictionary form, when the rule is one.
  var dictionary: ActivationDictionaryReading? {
    if case .success(.dictionary(let reading)) = reading { return reading }
    return nil
  }

  /// The rule's key path, as every AR finding names it.
  var keyPath: String { node.keyPath }

  /// The bytes of the file holding `range` of the predicate's text (`nil` in a binary plist).
  func fileRange(of range: ByteRange) -> ByteRange? { written?.fileRange(of: range) }

  /// The predicate text of `range`, whitespace runs folded to one space, cut to `limit` characters.
  func excerpt(_ range: ByteRange, limit: Int = 60) -> String {
    guard var text = written?.text else { return "" }
    // Sliced in place: copying the whole predicate into an array for each excerpt showed in profiles.
    let raw = text.withUTF8 { bytes in
      let start = min(max(0, range.start), bytes.count)
      let end = max(start, min(bytes.count, range.end))
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
    let folded = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    return folded.count > limit ? String(folded.prefix(limit - 1)) + "…" : folded
  }

  /// A fix editing the predicate string in place: `edits` are in the decoded text's UTF-8.
  func predicateFix(
    _ title: String, _ applicability: FixIt.Applicability, edits: [TextEdit], findings: Findings
  ) -> LintFix {
    findings.fix(title, applicability, in: document, [.editString(at: node.path, edits: edits)])
  }

  /// The type registry for this extension: the system's types plus those declared by its own
  /// Info.plist and its containing app's (`UTExportedTypeDeclarations`, `UTImportedTypeDeclarations`).
  /// Rules ask `target.typeRegistry`, which builds it once for all of them.
  fileprivate static func typeRegistry(for target: LintTarget) -> UniformTypeRegistry {
    let declarations = [target.infoPlist, target.containingAppInfoPlist].compactMap { $0 }
      .flatMap(declaredTypes(in:))
    if declarations.isEmpty { return .system }
    // Building a registry computes the whole conformance graph; several rules ask per target, and
    // the targets of one app declare the same types, so registries are shared by declarations.
    if let cached = registryCache.withLock({ $0[declarations] }) { return cached }
    let registry = UniformTypeRegistry.system.declaring(declarations)
    registryCache.withLock { cache in
      if cache.count >= 64 { cache.removeAll() }
      cache[declarations] = registry
    }
    return registry
  }

  private static let registryCache = Mutex<[[TypeDeclaration]: UniformTypeRegistry]>([:])

  /// The type declarations of one Info.plist.
  static func declaredTypes(in document: PropertyListDocument) -> [TypeDeclaration] {
    let origins: [(key: String, origin: TypeDeclaration.Origin)] = [
      ("UTExportedTypeDeclarations", .exported), ("UTImportedTypeDeclarations", .imported),
    ]
    return origins.flatMap { key, origin in
      (document.root[key]?.elements ?? []).compactMap { declaration -> TypeDeclaration? in
        guard let identifier = declaration["UTTypeIdentifier"]?.string else { return nil }
        let conformsNode = declaration["UTTypeConformsTo"]
        let conformsTo = conformsNode?.elements?.compactMap(\.string) ?? conformsNode?.string.map { [$0] } ?? []
        return TypeDeclaration(identifier: identifier, conformsTo: conformsTo, origin: origin)
      }
    }
  }
}

extension LintTarget {
  /// The extension's activation rule, read once for all the AR rules; nil for apps and for
  /// extensions without one.
  var activationRuleSite: ActivationRuleSite? {
    derived.activationRuleSite.value { ActivationRuleSite(reading: self) }
  }

  /// The types this target knows: the system's plus those it and its containing app declare.
  var typeRegistry: UniformTypeRegistry {
    derived.typeRegistry.value { ActivationRuleSite.typeRegistry(for: self) }
  }

  /// The registry a share-sheet simulation of `predicate` on the catalogue's inputs and on files of `inputTypes`
  /// needs: the system's alone when every string the predicate holds and every input type is a type the system
  /// declares (as are the catalogue's), else `typeRegistry`. Among system types conformance is the same whatever
  /// the app declares (a declaration of a system type is ignored, and no declaration gives a system type a
  /// parent), and such a simulation meets no other type; building each target's own registry was 3% of a run
  /// over 10,000 plists.
  func simulationRegistry(for predicate: PredicateNode, inputTypes: [String] = []) -> UniformTypeRegistry {
    guard Self.catalogueOffersOnlySystemTypes, inputTypes.allSatisfy(UniformTypeRegistry.system.knows) else {
      return typeRegistry
    }
    var onlySystemTypes = true
    var walk = PredicateTreeWalk()
    walk.visitExpression = { expression, _ in
      if case .constant(.string(let text)) = expression.kind, !UniformTypeRegistry.system.knows(text) {
        onlySystemTypes = false
      }
    }
    walk.walk(predicate)
    return onlySystemTypes ? .system : typeRegistry
  }

  /// Whether every type the share-sheet catalogue's inputs offer is a system type.
  private static let catalogueOffersOnlySystemTypes = ShareSheetCatalogue.inputs.allSatisfy { input in
    input.context.items.joined().allSatisfy { attachment in
      attachment.registeredTypeIdentifiers.allSatisfy(UniformTypeRegistry.system.knows)
    }
  }

  /// The activation rule as a predicate, a dictionary converted in the canonical shape; nil when
  /// there is no rule, it does not parse, or it is neither a string nor a dictionary.
  var canonicalActivationPredicate: ResolvedPredicate? {
    derived.canonicalPredicate.value {
      guard case .success(let rule) = activationRuleSite?.reading else { return nil }
      return rule.resolvedPredicate(shape: .canonical)
    }
  }
}

extension Findings {
  /// How many findings one AR rule reports about one activation rule. A hostile rule may hold a hundred
  /// thousand unknown keys or types, and each finding's column is counted along its line, which in a
  /// plist is often the whole rule: the finding past the limit says so, and the rest are not reported.
  static let maximumPredicateFindings = 100

  /// Whether the rule has reported no more than `maximumPredicateFindings` yet: a rule that works to
  /// make each finding (a spelling suggestion) stops looking once this is false.
  var acceptsPredicateFindings: Bool { findingsOfCurrentRule <= Self.maximumPredicateFindings }

  /// How many findings the rule being checked has made, up to one past `maximumPredicateFindings`:
  /// the rules of a target share one `Findings`, and the current rule's are the last ones.
  var findingsOfCurrentRule: Int {
    var count = 0
    var index = diagnostics.endIndex
    while index > diagnostics.startIndex, diagnostics[index - 1].rule == rule.identifier,
      count <= Self.maximumPredicateFindings
    {
      index -= 1
      count += 1
    }
    return count
  }

  /// Reports `message` about `range` of the site's predicate text, at the matching bytes of the plist.
  /// Without positions (a binary plist) the message says where in the rule instead, which also
  /// keeps two findings of the same kind apart. Past `maximumPredicateFindings`, one last finding at
  /// `range` says that the rest are not reported.
  mutating func report(
    _ message: String, inPredicateOf site: ActivationRuleSite, range: ByteRange, label: String? = nil,
    notes: [String] = [], fix: LintFix? = nil
  ) {
    let reported = findingsOfCurrentRule
    guard reported <= Self.maximumPredicateFindings else { return }
    if reported == Self.maximumPredicateFindings {
      let limit = Self.maximumPredicateFindings
      report(
        "more than \(limit) findings of this rule in the activation rule; the rest are not reported",
        in: site.document, range: site.document.format == .xml ? site.fileRange(of: range) : nil,
        keyPath: site.keyPath, notes: ["the first \(limit) are reported above"])
      return
    }
    let fileRange = site.document.format == .xml ? site.fileRange(of: range) : nil
    var located = message
    if fileRange == nil, let text = site.written?.text {
      let characters = String(decoding: Array(text.utf8).prefix(range.start), as: UTF8.self).count
      located += " (at character \(characters + 1) of the rule)"
    }
    report(located, in: site.document, range: fileRange, keyPath: site.keyPath, label: label, notes: notes, fix: fix)
  }

  /// Reports `message` about the rule's value as a whole: the first byte of a predicate, or a
  /// dictionary's opening tag.
  mutating func report(
    _ message: String, aboutRuleOf site: ActivationRuleSite, notes: [String] = [], fix: LintFix? = nil
  ) {
    if let written = site.written {
      let range = written.predicate?.range ?? .empty(at: leadingWhitespaceCount(written.text))
      report(message, inPredicateOf: site, range: range, notes: notes, fix: fix)
      return
    }
    report(message, in: site.document, range: openingTagRange(of: site.node), keyPath: site.keyPath, notes: notes,
           fix: fix)
  }
}

/// How many bytes of whitespace `text` starts with.
private func leadingWhitespaceCount(_ text: String) -> Int {
  text.utf8.prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.count
}

/// Examples of the AR rules: an extension's Info.plist body around one activation rule.
enum ActivationRuleExample {
  /// An example whose Info.plist holds `rule` (the rule's value element, e.g. `<string>…</string>`;
  /// continuation lines are indented with the rule). `messages` are its findings' messages; `intune` adds
  /// `IntuneMAMSettings`; `corrected` is the fixed rule value, wrapped the same way.
  static func make(
    _ rule: String, messages: [String] = [], corrected: String? = nil, intune: Bool = false,
    appending extraKeys: String = "", sourceFile: StaticString = #filePath, sourceLine: UInt = #line
  ) -> RuleExample {
    RuleExample(
      body(rule, intune: intune, appending: extraKeys), messages: messages,
      corrected: corrected.map { body($0, intune: intune, appending: extraKeys) },
      sourceFile: sourceFile, sourceLine: sourceLine)
  }

  /// The Info.plist body: `CFBundleIdentifier`, optionally `IntuneMAMSettings`, `NSExtension`
  /// holding `rule`, then `extraKeys`.
  static func body(_ rule: String, intune: Bool, appending extraKeys: String) -> String {
    let indentedRule = rule.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .map { index, line in index == 0 || line.isEmpty ? String(line) : "\t\t" + line }
      .joined(separator: "\n")
    var lines = ["<key>CFBundleIdentifier</key>", "<string>com.contoso.notes.share</string>"]
    if intune {
      lines += [
        "<key>IntuneMAMSettings</key>", "<dict>", "\t<key>ContainingAppBundleId</key>",
        "\t<string>com.contoso.notes</string>", "</dict>",
      ]
    }
    lines += [
      "<key>NSExtension</key>", "<dict>", "\t<key>NSExtensionAttributes</key>", "\t<dict>",
      "\t\t<key>NSExtensionActivationRule</key>", "\t\t" + indentedRule, "\t</dict>",
      "\t<key>NSExtensionPointIdentifier</key>", "\t<string>com.apple.share-services</string>", "</dict>",
    ]
    return (lines + (extraKeys.isEmpty ? [] : [extraKeys])).joined(separator: "\n")
  }
}

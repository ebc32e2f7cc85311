import PredicateSyntax
import PropertyList
import SharelintBase
import UniformTypes

/// An `NSExtensionActivationRule` as written: a predicate string or the dictionary form.
///
/// ```swift
/// let rule = try ActivationRule.read(node).get()          // node: the NSExtensionActivationRule value
/// let resolved = rule.resolvedPredicate()                   // parsed, or converted from the dictionary
/// let augmentation = rule.augmentation()                    // edits adding the Intune MAM types
/// let outcomes = ShareSheetSimulator().simulate(rule: resolved!.predicate)
/// ```
public enum ActivationRule: Sendable {
  /// A predicate format string.
  case predicate(WrittenPredicate)
  /// The dictionary form, read with its problems.
  case dictionary(ActivationDictionaryReading)

  /// The rule held by `node`: a `<string>` or a `<dict>`; any other type is an error.
  public static func read(_ node: PropertyListNode, lenient: Bool = false)
    -> Result<ActivationRule, ActivationRuleError>
  {
    if let text = node.string {
      return .success(.predicate(WrittenPredicate(text: text, node: node, lenient: lenient)))
    }
    if let reading = ActivationDictionary.read(node) { return .success(.dictionary(reading)) }
    return .failure(ActivationRuleError(found: node.typeName, range: node.elementRange))
  }

  /// The rule held by `value`, a string or a dictionary.
  public static func read(_ value: PropertyListValue, lenient: Bool = false)
    -> Result<ActivationRule, ActivationRuleError>
  {
    if case .string(let text) = value {
      return .success(.predicate(WrittenPredicate(text: text, lenient: lenient)))
    }
    if let reading = ActivationDictionary.read(value) { return .success(.dictionary(reading)) }
    return .failure(ActivationRuleError(found: value.typeName, range: nil))
  }

  /// The predicate to evaluate: the written one when it parses (`nil` when it does not), or the
  /// dictionary converted in `shape`.
  public func resolvedPredicate(shape: ConversionShape = .canonical) -> ResolvedPredicate? {
    switch self {
    case .predicate(let written):
      guard let predicate = written.predicate else { return nil }
      return ResolvedPredicate(text: written.text, predicate: predicate, conversion: nil)
    case .dictionary(let reading):
      let converted = ActivationRuleConverter.convert(reading.dictionary, shape: shape)
      return ResolvedPredicate(text: converted.text, predicate: converted.predicate, conversion: shape)
    }
  }

  /// The edits adding the Intune MAM types. For a written predicate they apply to its text (map
  /// them into the plist with `WrittenPredicate.fileRange(of:)`); a dictionary is first converted
  /// (canonical shape for `.minimal`, configurator shape for `.configurator`) and the edits apply
  /// to the converted text. `nil` when the written predicate does not parse.
  public func augmentation(shape: IntuneAugmentationShape = .minimal) -> IntuneAugmentation? {
    guard let resolved = resolvedPredicate(shape: shape == .minimal ? .canonical : .configurator) else { return nil }
    switch shape {
    case .minimal: return IntuneAugmenter.augment(resolved.predicate, text: resolved.text)
    case .configurator: return IntuneAugmenter.configuratorAugment(resolved.predicate, text: resolved.text)
    }
  }

  /// The rule's outcome on each catalogue input; `nil` when the written predicate does not parse.
  public func simulate(
    inputs: [ShareSheetInput] = ShareSheetCatalogue.inputs, registry: UniformTypeRegistry = .system
  ) -> [SimulationOutcome]? {
    resolvedPredicate().map { ShareSheetSimulator(registry: registry).simulate(rule: $0.predicate, inputs: inputs) }
  }
}

/// `NSExtensionActivationRule` holds neither a string nor a dictionary.
public struct ActivationRuleError: Error, Hashable, Sendable {
  /// The plist element name found (`array`, `integer`, …).
  public var found: String
  /// Where the value is written, when read from an XML plist.
  public var range: ByteRange?

  /// The message, in the house style.
  public var message: String { "'NSExtensionActivationRule' must be a string or a dictionary, found \(found)" }
}

/// A predicate string as written in the plist, parsed.
public struct WrittenPredicate: Sendable {
  /// The decoded string (entities resolved).
  public var text: String
  /// The parse, with its syntax diagnostics (ranges in `text`'s UTF-8).
  public var outcome: PredicateParser.Outcome
  /// The plist string it came from, when read from one; it maps text offsets to file offsets.
  public var node: PropertyListNode?

  /// Parses `text`; `lenient` reads typographic quotes as quotes (still reporting them).
  public init(text: String, node: PropertyListNode? = nil, lenient: Bool = false) {
    self.text = text
    self.node = node
    outcome = WrittenPredicate.parses.value(for: ParseKey(text: text, lenient: lenient)) {
      PredicateParser.parse(text, lenient: lenient)
    }
  }

  private struct ParseKey: Hashable, Sendable {
    let text: String
    let lenient: Bool
  }

  /// Parses by text: the extensions of a run often share a rule, and every rule is read once per build.
  private static let parses = BoundedCache<ParseKey, PredicateParser.Outcome>(capacity: 256)

  /// The tree, when the text parsed.
  public var predicate: PredicateNode? { outcome.predicate }

  /// `range` (in `text`) as a range of the plist file, when the predicate came from an XML plist.
  public func fileRange(of range: ByteRange) -> ByteRange? {
    guard let start = node?.sourceOffset(ofTextUTF8Offset: range.start),
      let end = node?.sourceOffset(ofTextUTF8Offset: range.end)
    else { return nil }
    return ByteRange(start: start, end: max(start, end))
  }
}

/// The predicate a rule stands for, ready to evaluate, print or augment.
public struct ResolvedPredicate: Hashable, Sendable {
  /// Its text: as written, or the pretty-printed conversion.
  public var text: String
  /// The tree, ranges in `text`.
  public var predicate: PredicateNode
  /// The conversion shape when the rule was a dictionary, `nil` when it was written as a predicate.
  public var conversion: ConversionShape?
}

import UniformTypes

/// Whose reading of the dictionary form to apply.
public enum ActivationInterpretation: String, Hashable, Sendable, CaseIterable {
  /// sharelint's reading of iOS: strict ("the extension must handle every offered type") when
  /// `UsesStrictMatching` is set or the version is below 2, "at least one" otherwise.
  case ios
  /// What the predicate Microsoft's IntuneMAMConfigurator writes means: always "at least one",
  /// attachment-count keys satisfied by any one extension item, and the configurator's type column.
  case configurator
}

/// The meaning of the dictionary form as a Swift function, the reference the converted predicates
/// are tested against.
///
/// Under `.ios`, with the enabled rows being the attachment-type keys with a nonzero count (or
/// `true`), an attachment is *handled* when it matches an enabled row or when
/// `…AttachmentsWithMaxCount` is nonzero (that key accepts attachments of any type). The rule
/// activates when
/// 1. some attachment is handled;
/// 2. under strict matching, every attachment is handled (`GENERIC_ENFORCE_ALL_TYPES`);
/// 3. no extension item holds more attachments matching a row than the row's count;
/// 4. every extension item holds no more than `…AttachmentsWithMaxCount` attachments and no fewer
///    than `…AttachmentsWithMinCount`.
///
/// Counts are per extension item, as in the configurator's templates; hosts send one item in
/// practice. The exact iOS templates are unpublished (`ActivationKeyTable` says more), so this is
/// a documented reading, not a copy.
public struct ActivationDictionarySemantics: Sendable {
  /// The type graph used to match attachments.
  public var registry: UniformTypeRegistry

  /// Semantics over `registry`.
  public init(registry: UniformTypeRegistry = .system) {
    self.registry = registry
  }

  /// Whether `dictionary` lets the extension activate on `context`.
  public func activates(
    _ dictionary: ActivationDictionary, on context: ExtensionContext, interpretation: ActivationInterpretation = .ios
  ) -> Bool {
    switch interpretation {
    case .ios: return activatesOnIOS(dictionary, on: context)
    case .configurator: return activatesUnderConfigurator(dictionary, on: context)
    }
  }

  /// Whether `attachment` matches `row`, reading the row's types for `interpretation`.
  public func matches(
    _ attachment: ExtensionContext.Attachment, _ row: ActivationKeyRow, interpretation: ActivationInterpretation = .ios
  ) -> Bool {
    let accepted = interpretation == .ios ? row.acceptedTypes : row.configuratorAcceptedTypes
    let excluded = interpretation == .ios ? row.excludedTypes : row.configuratorExcludedTypes
    let identifiers = attachment.registeredTypeIdentifiers
    let conformsToAccepted = identifiers.contains { type in accepted.contains { registry.conforms(type, to: $0) } }
    let conformsToExcluded = identifiers.contains { type in excluded.contains { registry.conforms(type, to: $0) } }
    return conformsToAccepted && !conformsToExcluded
  }

  func activatesOnIOS(_ dictionary: ActivationDictionary, on context: ExtensionContext) -> Bool {
    let rows = dictionary.enabledTypeRows
    let acceptsAnyType = dictionary.maximumAttachmentCount != nil
    func handled(_ attachment: ExtensionContext.Attachment) -> Bool {
      acceptsAnyType || rows.contains { matches(attachment, $0.row) }
    }
    let attachments = context.items.joined()
    guard attachments.contains(where: handled) else { return false }
    if dictionary.usesStrictMatching && !attachments.allSatisfy(handled) { return false }
    for item in context.items {
      for (row, allowance) in rows where allowance != Int.max {
        if item.count(where: { matches($0, row) }) > allowance { return false }
      }
      if let maximum = dictionary.maximumAttachmentCount, item.count > maximum { return false }
      if let minimum = dictionary.minimumAttachmentCount, item.count < minimum { return false }
    }
    return true
  }

  func activatesUnderConfigurator(_ dictionary: ActivationDictionary, on context: ExtensionContext) -> Bool {
    let rows = dictionary.enabledTypeRows
    var hasClause = false
    if let minimum = dictionary.minimumAttachmentCount {
      hasClause = true
      if !context.items.contains(where: { $0.count >= minimum }) { return false }
    }
    if let maximum = dictionary.maximumAttachmentCount {
      hasClause = true
      if !context.items.contains(where: { $0.count <= maximum }) { return false }
    }
    guard !rows.isEmpty else { return hasClause }
    for (row, allowance) in rows where allowance != Int.max {
      let exceeds = context.items.contains { item in
        item.count(where: { matches($0, row, interpretation: .configurator) }) > allowance
      }
      if exceeds { return false }
    }
    return context.items.joined().contains { attachment in
      rows.contains { matches(attachment, $0.row, interpretation: .configurator) }
    }
  }
}

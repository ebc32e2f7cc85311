import PropertyList

/// The dictionary form of `NSExtensionActivationRule`, its values read and typed.
///
/// A missing key and a zero count mean the same thing: the extension does not handle that kind
/// of attachment ("use `0` … or remove the key", App Extension Programming Guide).
public struct ActivationDictionary: Hashable, Sendable {
  /// The value of each key present, as ExtensionFoundation reads it: integers for counts and the
  /// version, booleans for `…SupportsText` and `…UsesStrictMatching`.
  public var values: [ActivationKey: ActivationKeyValue]

  /// A dictionary holding `values`.
  public init(_ values: [ActivationKey: ActivationKeyValue] = [:]) {
    self.values = values
  }

  /// The integer value of `key`, reading `true` as 1; `nil` when the key is missing.
  public func integer(_ key: ActivationKey) -> Int? { values[key]?.integerValue }

  /// The boolean value of `key`, reading a nonzero integer as `true`; `false` when missing.
  public func flag(_ key: ActivationKey) -> Bool { values[key]?.booleanValue ?? false }

  /// `NSExtensionActivationDictionaryVersion`; 0 when missing, as `unsignedIntegerValue` of nil gives.
  public var version: Int { integer(.dictionaryVersion) ?? 0 }

  /// Whether the extension must handle every offered attachment ("version 1") rather than at least
  /// one: `UsesStrictMatching || version < 2`, as the decompiled `_EXExtensionPredicateBuilder` decides
  /// (`reference/predicate-language-notes.md` §2.2).
  public var usesStrictMatching: Bool { flag(.usesStrictMatching) || version < 2 }

  /// How many attachments of `row`'s kind one extension item may hold: `nil` when the row does
  /// not let the extension handle that kind (missing, 0, or `false`), `Int.max` for a `true` Boolean.
  public func allowance(for row: ActivationKeyRow) -> Int? {
    switch row.role {
    case .attachmentType, .maximumAttachmentCount:
      guard let value = values[row.key] else { return nil }
      switch value {
      case .boolean(let flag): return flag ? Int.max : nil
      case .integer(let count): return count > 0 ? count : nil
      }
    case .minimumAttachmentCount, .version, .strictMatching:
      return nil
    }
  }

  /// The attachment-type rows this dictionary enables, in table order, with their allowance.
  public var enabledTypeRows: [(row: ActivationKeyRow, allowance: Int)] {
    ActivationKeyTable.attachmentTypeRows.compactMap { row in allowance(for: row).map { (row, $0) } }
  }

  /// `…AttachmentsWithMaxCount` when positive.
  public var maximumAttachmentCount: Int? { allowance(for: ActivationKeyTable.row(.attachmentsWithMaxCount)) }

  /// `…AttachmentsWithMinCount` when positive.
  public var minimumAttachmentCount: Int? {
    guard let count = integer(.attachmentsWithMinCount), count > 0 else { return nil }
    return count
  }

  /// The dictionary as a plist value, keys in table order.
  public var propertyListValue: PropertyListValue {
    .dictionary(
      values.keys.sorted().map { key in
        switch values[key]! {
        case .integer(let count): return .init(key.rawValue, .integer(count))
        case .boolean(let flag): return .init(key.rawValue, .boolean(flag))
        }
      })
  }
}

/// A value of the dictionary form.
public enum ActivationKeyValue: Hashable, Sendable {
  /// A count or the version.
  case integer(Int)
  /// `…SupportsText` or `…UsesStrictMatching`.
  case boolean(Bool)

  /// The value as an integer (`true` is 1).
  public var integerValue: Int {
    switch self {
    case .integer(let count): return count
    case .boolean(let flag): return flag ? 1 : 0
    }
  }

  /// The value as a boolean (nonzero is `true`).
  public var booleanValue: Bool {
    switch self {
    case .integer(let count): return count != 0
    case .boolean(let flag): return flag
    }
  }
}

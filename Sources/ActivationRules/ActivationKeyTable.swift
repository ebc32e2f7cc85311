/// The keys of the dictionary form of `NSExtensionActivationRule`.
///
/// The raw value is the key as written in an Info.plist.
public enum ActivationKey: String, CaseIterable, Hashable, Sendable, Comparable {
  /// The most attachments one extension item may hold; nonzero also accepts any type.
  case attachmentsWithMaxCount = "NSExtensionActivationSupportsAttachmentsWithMaxCount"
  /// The fewest attachments one extension item must hold.
  case attachmentsWithMinCount = "NSExtensionActivationSupportsAttachmentsWithMinCount"
  /// The most files (`public.file-url`) per extension item.
  case fileWithMaxCount = "NSExtensionActivationSupportsFileWithMaxCount"
  /// The most images (`public.image`) per extension item.
  case imageWithMaxCount = "NSExtensionActivationSupportsImageWithMaxCount"
  /// The most movies (`public.movie`) per extension item.
  case movieWithMaxCount = "NSExtensionActivationSupportsMovieWithMaxCount"
  /// Whether plain text (not a file URL) is handled, in any number.
  case text = "NSExtensionActivationSupportsText"
  /// The most web URLs (`public.url`, not a file URL) per extension item.
  case webURLWithMaxCount = "NSExtensionActivationSupportsWebURLWithMaxCount"
  /// The most web pages (Safari's JavaScript preprocessing results) per extension item.
  case webPageWithMaxCount = "NSExtensionActivationSupportsWebPageWithMaxCount"
  /// 1 (the extension must handle every offered type) or 2 (at least one).
  case dictionaryVersion = "NSExtensionActivationDictionaryVersion"
  /// Whether version 2 still demands every offered type be handled.
  case usesStrictMatching = "NSExtensionActivationUsesStrictMatching"

  /// The plist type the key's value must have.
  public var valueType: ActivationKeyValueType {
    switch self {
    case .text, .usesStrictMatching: return .boolean
    default: return .integer
    }
  }

  /// The keys in table order, the order conversions write their clauses in.
  public static func < (lhs: ActivationKey, rhs: ActivationKey) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// The plist value type an activation key expects.
public enum ActivationKeyValueType: String, Hashable, Sendable {
  /// `<integer>`.
  case integer
  /// `<true/>` or `<false/>`.
  case boolean
}

/// What a dictionary key stands for.
public enum ActivationKeyRole: Hashable, Sendable {
  /// A kind of attachment, recognised by its types, allowed up to the key's count (a Boolean key
  /// such as `…SupportsText` allows any number).
  case attachmentType
  /// The largest number of attachments in one extension item, whatever their types; a nonzero
  /// value also lets the extension handle attachments of any type.
  case maximumAttachmentCount
  /// The smallest number of attachments in one extension item.
  case minimumAttachmentCount
  /// `NSExtensionActivationDictionaryVersion`.
  case version
  /// `NSExtensionActivationUsesStrictMatching`.
  case strictMatching
}

/// One row of `ActivationKeyTable`: a key, its role, and the types that make an attachment count
/// for it.
///
/// An attachment matches a row when one of its registered type identifiers conforms to one of
/// `acceptedTypes` and none conforms to any of `excludedTypes`.
public struct ActivationKeyRow: Hashable, Sendable {
  /// The key.
  public var key: ActivationKey
  /// What the key stands for.
  public var role: ActivationKeyRole
  /// The types an attachment must conform to (one of them), in sharelint's reading.
  public var acceptedTypes: [String]
  /// The types an attachment must not conform to, in sharelint's reading.
  public var excludedTypes: [String]
  /// The accepted types in Microsoft's IntuneMAMConfigurator (`convertActivationRuleDictionaryToSubqueryString:`).
  public var configuratorAcceptedTypes: [String]
  /// The excluded types in Microsoft's IntuneMAMConfigurator.
  public var configuratorExcludedTypes: [String]

  /// A row whose configurator columns equal sharelint's unless given.
  public init(
    key: ActivationKey, role: ActivationKeyRole, acceptedTypes: [String] = [], excludedTypes: [String] = [],
    configuratorAcceptedTypes: [String]? = nil, configuratorExcludedTypes: [String]? = nil
  ) {
    self.key = key
    self.role = role
    self.acceptedTypes = acceptedTypes
    self.excludedTypes = excludedTypes
    self.configuratorAcceptedTypes = configuratorAcceptedTypes ?? acceptedTypes
    self.configuratorExcludedTypes = configuratorExcludedTypes ?? excludedTypes
  }
}

/// The one table behind the dictionary form: reading, semantics, conversion and linting all use it.
///
/// **Where the types come from.** Apple never published the predicate templates its
/// `_EXExtensionPredicateBuilder` fills in (they live in ExtensionFoundation's `activation_rules.plist`,
/// which no public source carries; see `reference/predicate-language-notes.md` §2.3). Apple's
/// documentation describes the keys only in words: images, movies, "files in general", text,
/// "HTTP URLs", webpages. The mapping used here is the one Microsoft's IntuneMAMConfigurator
/// hard-codes (`reference/intune-sdk-notes.md` §1.3 item 7): Image → `public.image`, Movie →
/// `public.movie`, Text → `public.plain-text` but not `public.file-url`, File → `public.file-url`,
/// WebURL → `public.url` but not `public.file-url`. For WebPage the configurator also uses
/// `public.url`; sharelint uses `com.apple.property-list`, the type Safari's JavaScript
/// preprocessing results arrive as, the only link Apple documents (App Extension Programming Guide,
/// "Accessing a Webpage"). The configurator column keeps the vendor's choice so its shape can be
/// reproduced. Confirm on a device with extension-discovery logging before relying on any row.
public enum ActivationKeyTable {
  /// The rows, in key order.
  public static let rows: [ActivationKeyRow] = [
    ActivationKeyRow(key: .attachmentsWithMaxCount, role: .maximumAttachmentCount),
    ActivationKeyRow(key: .attachmentsWithMinCount, role: .minimumAttachmentCount),
    ActivationKeyRow(key: .fileWithMaxCount, role: .attachmentType, acceptedTypes: ["public.file-url"]),
    ActivationKeyRow(key: .imageWithMaxCount, role: .attachmentType, acceptedTypes: ["public.image"]),
    ActivationKeyRow(key: .movieWithMaxCount, role: .attachmentType, acceptedTypes: ["public.movie"]),
    ActivationKeyRow(
      key: .text, role: .attachmentType, acceptedTypes: ["public.plain-text"], excludedTypes: ["public.file-url"]),
    ActivationKeyRow(
      key: .webURLWithMaxCount, role: .attachmentType, acceptedTypes: ["public.url"],
      excludedTypes: ["public.file-url"]),
    ActivationKeyRow(
      key: .webPageWithMaxCount, role: .attachmentType, acceptedTypes: ["com.apple.property-list"],
      configuratorAcceptedTypes: ["public.url"], configuratorExcludedTypes: ["public.file-url"]),
    ActivationKeyRow(key: .dictionaryVersion, role: .version),
    ActivationKeyRow(key: .usesStrictMatching, role: .strictMatching),
  ]

  /// The row of `key`.
  public static func row(_ key: ActivationKey) -> ActivationKeyRow {
    rows.first { $0.key == key }!
  }

  /// The rows that stand for kinds of attachment.
  public static var attachmentTypeRows: [ActivationKeyRow] { rows.filter { $0.role == .attachmentType } }
}

import Foundation
import SharelintBase

/// A property list file as read: its bytes, its format, its value tree (with byte ranges when
/// XML) and the keys it repeats.
public struct PropertyListDocument: Sendable {
  /// How the file is encoded.
  public enum Format: String, Sendable, Hashable {
    /// An XML plist: nodes carry byte ranges and edits are byte-exact.
    case xml
    /// A `bplist00` binary plist: nodes carry no ranges and fixes rewrite the file whole.
    case binary
  }

  /// The bytes read and their name (path or `<stdin>`).
  public let source: SourceText
  /// How the file is encoded.
  public let format: Format
  /// The root value, usually a dictionary.
  public let root: PropertyListNode
  /// Every repeated key, in document order (XML only; binary plists cannot show them).
  public let duplicateKeys: [DuplicateKey]

  /// Reads `source`, XML or binary by its first bytes.
  public init(source: SourceText) throws {
    try self.init(source: source, knownWellFormed: false)
  }

  /// Reads `source`; `knownWellFormed` says these very bytes already passed libxml2's
  /// well-formedness check (in an earlier successful parse), so the XML reader skips it.
  /// `keepingOnly` builds only the values on those key paths of an XML plist (see
  /// `XMLPlistReader.read`); a binary plist is read whole.
  package init(source: SourceText, knownWellFormed: Bool, keepingOnly: [[String]]? = nil) throws {
    self.source = source
    if BinaryPropertyList.looksBinary(source.bytes) {
      format = .binary
      do {
        root = try BinaryPropertyList.read(source.bytes)
      } catch var error as PropertyListError {
        // A binary plist has no lines: the message says the byte instead of a line and column.
        error.sourceName = source.name
        throw error
      }
      duplicateKeys = []
    } else {
      format = .xml
      let result = try XMLPlistReader.read(source, knownWellFormed: knownWellFormed, keepingOnly: keepingOnly)
      root = result.root
      duplicateKeys = result.duplicateKeys
    }
  }

  /// Reads `bytes` named `name`.
  public init(bytes: [UInt8], name: String) throws {
    try self.init(bytes: bytes, name: name, knownWellFormed: false)
  }

  /// Reads `bytes` named `name`, skipping libxml2's check when `knownWellFormed` (see
  /// `init(source:knownWellFormed:keepingOnly:)`).
  package init(bytes: [UInt8], name: String, knownWellFormed: Bool, keepingOnly: [[String]]? = nil) throws {
    guard bytes.count <= XMLPlistReader.maximumInputSize else {
      var error = PropertyListError(
        .limitExceeded, "file is larger than \(XMLPlistReader.maximumInputSize >> 20) MiB (\(bytes.count) bytes)")
      error.sourceName = name
      throw error
    }
    try self.init(
      source: SourceText(name: name, bytes: bytes), knownWellFormed: knownWellFormed, keepingOnly: keepingOnly)
  }

  /// Reads the file at `path` (refusing files larger than `XMLPlistReader.maximumInputSize`).
  public init(contentsOfFile path: String) throws {
    try self.init(bytes: try FileBytes.read(path), name: path)
  }

  /// The node at `keyPath` from the root (`["NSExtension", "NSExtensionAttributes",
  /// "NSExtensionActivationRule"]`), or `nil` when a step is missing.
  public func value(at keyPath: [String]) -> PropertyListNode? {
    root.value(at: keyPath)
  }

  /// The node at a path of keys and indexes from the root.
  public func value(at path: [PropertyListPathComponent]) -> PropertyListNode? {
    root.value(at: path)
  }

  /// The whole file rewritten to hold `value`, in this document's format: a binary plist, or an
  /// XML plist in this file's indentation style. Byte-exact fixes use `TextEdit`s instead; this is
  /// for binary plists and for files written from scratch.
  public func serialized(_ value: PropertyListValue) throws -> [UInt8] {
    switch format {
    case .binary: return try BinaryPropertyList.serialize(value)
    case .xml: return Array(try XMLPlistWriter.document(value, style: indentationStyle).utf8)
    }
  }

  /// The line and column of byte `offset`, for reporters.
  public func position(of offset: Int) -> SourceText.Position {
    source.position(of: offset)
  }

  /// The text of `range` (for messages and tests).
  public func text(of range: ByteRange) -> String {
    let clamped = max(0, min(range.start, source.bytes.count))..<max(0, min(range.end, source.bytes.count))
    return String(decoding: source.bytes[clamped], as: UTF8.self)
  }
}

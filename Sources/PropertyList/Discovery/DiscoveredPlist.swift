import Foundation

/// A property list file found by discovery: an Info.plist or an entitlements file, read into
/// memory (from disk, from an `.app` bundle, or from inside an `.ipa`) and parsed once.
public struct DiscoveredPlist: Sendable {
  /// Where the bytes came from.
  public enum Location: Hashable, Sendable {
    /// A file in a source folder, which `fix` may rewrite.
    case sourceFile
    /// A file inside a built `.app` bundle on disk.
    case appBundle
    /// An entry of an `.ipa` archive; there is no file to rewrite.
    case archiveEntry
  }

  /// The path shown in diagnostics, relative as the user gave it:
  /// `Samples/ContosoClean/Contoso/Info.plist`, or for an archive entry
  /// `Samples/Packaged/Woodgrove.ipa/Payload/Woodgrove.app/Info.plist`.
  public let displayPath: String
  /// The file on disk, or `nil` for an archive entry.
  public let filePath: String?
  /// Where the bytes came from.
  public let location: Location
  /// The bytes as read.
  public let bytes: [UInt8]
  private let parsing: LazyParse

  /// A plist named `displayPath` holding `bytes`, read from `filePath` (nil inside an archive).
  /// Parsing happens on first use (discovery parses every candidate in parallel before pairing).
  public init(displayPath: String, filePath: String?, location: Location, bytes: [UInt8]) {
    self.displayPath = displayPath
    self.filePath = filePath
    self.location = location
    self.bytes = bytes
    parsing = LazyParse(bytes: bytes, name: displayPath)
  }

  /// The parsed document, or the error that makes it unreadable (malformed XML, a corrupt binary
  /// plist…), located in `displayPath`.
  public func document() throws -> PropertyListDocument {
    try parsed.get()
  }

  private var parsed: Result<PropertyListDocument, PropertyListError> { parsing.result }

  /// Parses now, if not done yet: what discovery calls from several threads at once.
  func parse() { _ = parsing.result }

  /// The root node, when the plist parsed.
  var root: PropertyListNode? { try? parsed.get().root }
}

/// A plist's parse, done once on first use, safely from any thread; copies of a `DiscoveredPlist`
/// share it.
final class LazyParse: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8]?
  private let name: String
  private var stored: Result<PropertyListDocument, PropertyListError>?

  init(bytes: [UInt8], name: String) {
    self.bytes = bytes
    self.name = name
  }

  var result: Result<PropertyListDocument, PropertyListError> {
    lock.lock()
    defer { lock.unlock() }
    if let stored { return stored }
    let parsed: Result<PropertyListDocument, PropertyListError>
    do {
      parsed = .success(try PropertyListDocument(bytes: bytes ?? [], name: name))
    } catch let error as PropertyListError {
      parsed = .failure(error)
    } catch {
      parsed = .failure(PropertyListError(.invalidPropertyList, "\(error)"))
    }
    stored = parsed
    bytes = nil
    return parsed
  }
}

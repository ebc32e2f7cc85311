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
  private let parsed: Result<PropertyListDocument, PropertyListError>

  /// A plist named `displayPath` holding `bytes`, read from `filePath` (nil inside an archive).
  public init(displayPath: String, filePath: String?, location: Location, bytes: [UInt8]) {
    self.displayPath = displayPath
    self.filePath = filePath
    self.location = location
    self.bytes = bytes
    do {
      parsed = .success(try PropertyListDocument(bytes: bytes, name: displayPath))
    } catch let error as PropertyListError {
      parsed = .failure(error)
    } catch {
      parsed = .failure(PropertyListError(.invalidPropertyList, "\(error)"))
    }
  }

  /// The parsed document, or the error that makes it unreadable (malformed XML, a corrupt binary
  /// plist…), located in `displayPath`.
  public func document() throws -> PropertyListDocument {
    try parsed.get()
  }

  /// The root node, when the plist parsed.
  var root: PropertyListNode? { try? parsed.get().root }
}

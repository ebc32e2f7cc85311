import Foundation

/// A property list file found by discovery: an Info.plist or an entitlements file (on disk, in an
/// `.app` bundle, or inside an `.ipa`). It is parsed when first needed, and its tree can be released
/// and parsed again; a file on disk is not kept in memory but read again (see `PlistContents`).
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
  /// The bytes, or where to read them again.
  public let contents: PlistContents
  private let parsing: LazyParse

  /// A plist named `displayPath` holding `bytes`, read from `filePath` (nil inside an archive).
  /// A file on disk keeps only a fingerprint of `bytes` and is read again when needed; an archive
  /// entry keeps its bytes. Parsing happens on first use.
  public init(displayPath: String, filePath: String?, location: Location, bytes: [UInt8]) {
    self.displayPath = displayPath
    self.filePath = filePath
    self.location = location
    if let filePath, location != .archiveEntry {
      contents = PlistContents(file: filePath, firstRead: bytes)
    } else {
      contents = PlistContents(bytes: bytes)
    }
    parsing = LazyParse(contents: contents, firstRead: bytes, name: displayPath)
  }

  /// The bytes: in memory, or read again from the file (which must not have changed).
  public func bytes() throws(PropertyListError) -> [UInt8] { try contents.bytes() }

  /// The parsed document, or the error that makes it unreadable (malformed XML, a corrupt binary
  /// plist…), located in `displayPath`. Parsed on first use and kept until `releaseDocument()`.
  public func document() throws -> PropertyListDocument {
    try parsing.result.get()
  }

  /// Forgets the parsed tree (the bytes stay): a run over thousands of files releases each tree once
  /// the last target using it is linted, so that trees do not pile up. The next `document()` parses again.
  public func releaseDocument() { parsing.release() }

  /// Parses now if not done yet and keeps only what pairing needs: what discovery calls, from several
  /// threads at once, so that it never holds every tree at the same time.
  func readPairingFacts() { _ = parsing.pairingFacts }

  /// What pairing reads from the plist (parsed on first use).
  var pairingFacts: PairingFacts { parsing.pairingFacts }
}

/// What discovery reads from an Info.plist to classify and pair it; small enough to keep for every file.
struct PairingFacts: Sendable {
  /// Whether the plist parsed and its root is a dictionary.
  var isDictionary = false
  /// `CFBundleIdentifier` as written.
  var bundleIdentifier: String?
  /// Whether the plist declares an extension (`NSExtension` or ExtensionKit's `EXAppExtensionAttributes`).
  var isExtension = false
  /// `NSExtensionPointIdentifier` (or `EXExtensionPointIdentifier`).
  var extensionPointIdentifier: String?
  /// `IntuneMAMSettings.ContainingAppBundleId` as written.
  var containingAppBundleIdentifier: String?

  /// The facts of a parsed root.
  init(root: PropertyListNode) {
    guard root.entries != nil else { return }
    isDictionary = true
    bundleIdentifier = root["CFBundleIdentifier"]?.string
    containingAppBundleIdentifier = root.value(at: ["IntuneMAMSettings", "ContainingAppBundleId"])?.string
    if let extensionDictionary = root["NSExtension"] {
      isExtension = true
      extensionPointIdentifier = extensionDictionary["NSExtensionPointIdentifier"]?.string
    } else if let attributes = root["EXAppExtensionAttributes"] {
      isExtension = true
      extensionPointIdentifier = attributes["EXExtensionPointIdentifier"]?.string
    }
  }

  /// The facts of a plist that does not parse.
  init() {}
}

/// A plist's parse, done on first use, safely from any thread; copies of a `DiscoveredPlist` share
/// it. The tree can be released and parsed again; the pairing facts, once read, stay.
final class LazyParse: @unchecked Sendable {
  private let lock = NSLock()
  private let contents: PlistContents
  /// The bytes discovery read, until the first parse: the file is read again only after that.
  private var firstRead: [UInt8]?
  private let name: String
  private var stored: Result<PropertyListDocument, PropertyListError>?
  private var facts: PairingFacts?

  init(contents: PlistContents, firstRead: [UInt8], name: String) {
    self.contents = contents
    self.firstRead = firstRead
    self.name = name
  }

  var result: Result<PropertyListDocument, PropertyListError> {
    lock.lock()
    defer { lock.unlock() }
    return parsedLocked()
  }

  var pairingFacts: PairingFacts {
    lock.lock()
    defer { lock.unlock() }
    if let facts { return facts }
    let wasParsed = stored != nil
    let read = (try? parsedLocked().get()).map { PairingFacts(root: $0.root) } ?? PairingFacts()
    facts = read
    if !wasParsed { stored = nil }  // reading the facts alone keeps no tree
    return read
  }

  func release() {
    lock.lock()
    defer { lock.unlock() }
    stored = nil
  }

  private func parsedLocked() -> Result<PropertyListDocument, PropertyListError> {
    if let stored { return stored }
    let parsed: Result<PropertyListDocument, PropertyListError>
    do {
      let bytes = try firstRead ?? contents.bytes()
      firstRead = nil
      parsed = .success(try PropertyListDocument(bytes: bytes, name: name))
    } catch let error as PropertyListError {
      parsed = .failure(error)
    } catch {
      parsed = .failure(PropertyListError(.invalidPropertyList, "\(error)"))
    }
    stored = parsed
    return parsed
  }
}

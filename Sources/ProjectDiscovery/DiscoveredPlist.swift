import Foundation
import PropertyList

/// A property list file found by discovery: an Info.plist or an entitlements file (on disk, in an
/// `.app` bundle, or inside an `.ipa`). It is parsed when first needed, and its tree can be released
/// and parsed again; a file on disk that discovery reads keeps its bytes while the run's budget lasts, else it is
/// read again (see `PlistContents`).
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
  /// The symlink-free path of the file on disk (`FileIdentity`), when discovery found it: the path its reads check
  /// against the repository boundary, known from the walk without a `realpath(3)`.
  public let fileIdentity: String?
  /// Where the bytes came from.
  public let location: Location
  /// The bytes, or where to read them.
  public let contents: PlistContents
  private let parsing: LazyParse

  /// A plist named `displayPath` holding `bytes`, read from `filePath` (nil inside an archive).
  /// A file on disk keeps only a fingerprint of `bytes` and is read again when needed; an archive
  /// entry keeps its bytes. Parsing happens on first use. `identity` is the file's symlink-free path, when known.
  public init(displayPath: String, filePath: String?, identity: String? = nil, location: Location, bytes: [UInt8]) {
    let contents =
      if let filePath, location != .archiveEntry {
        PlistContents(file: filePath, identity: identity, firstRead: bytes)
      } else {
        PlistContents(bytes: bytes)
      }
    self.init(displayPath: displayPath, filePath: filePath, identity: identity, location: location, contents: contents)
  }

  /// The file at `filePath`, whose symlink-free path is `identity` (when known), not read yet: discovery reads every
  /// file it finds later, on every core; a project's file that does not read is linted this way, so its reading
  /// fails, as PL001, where every file's does. The bytes of that first read are kept for the job and the report
  /// while `KeptBytesBudget.discoveredFiles` lasts.
  public init(displayPath: String, unreadFile filePath: String, identity: String? = nil, location: Location) {
    self.init(
      displayPath: displayPath, filePath: filePath, identity: identity, location: location,
      contents: PlistContents(file: filePath, identity: identity, keepingWithin: .discoveredFiles))
  }

  private init(
    displayPath: String, filePath: String?, identity: String?, location: Location, contents: PlistContents
  ) {
    self.displayPath = displayPath
    self.filePath = filePath
    fileIdentity = identity
    self.location = location
    self.contents = contents
    parsing = LazyParse(contents: contents, name: displayPath)
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

  /// Forgets the tree and the bytes kept from the file's first read (see `PlistContents`): once the last job reading
  /// the file is done, only a report's excerpt may need them, and reads them again.
  public func releaseDocumentAndBytes() {
    parsing.release()
    contents.releaseKeptBytes()
  }

  /// Reads the file for the first time (recording its fingerprint, keeping its bytes within the run's budget) and,
  /// for an Info.plist, the facts pairing needs, without keeping the tree: what discovery calls for every file, from
  /// several threads at once.
  func firstRead(readingPairingFacts: Bool) throws(PropertyListError) {
    let bytes = try contents.bytes()
    if readingPairingFacts { parsing.readPairingFacts(from: bytes) }
  }

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

  /// The key paths the facts come from: a parse for pairing builds only these.
  static let keyPaths = [
    ["CFBundleIdentifier"], ["IntuneMAMSettings", "ContainingAppBundleId"], ["NSExtension", "NSExtensionPointIdentifier"],
    ["EXAppExtensionAttributes", "EXExtensionPointIdentifier"],
  ]

  /// The facts of a parsed root (whole, or with `keyPaths` only).
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
  private let name: String
  private var stored: Result<PropertyListDocument, PropertyListError>?
  private var facts: PairingFacts?
  /// Whether a parse of these bytes succeeded, so a later one may skip libxml2's check: the contents
  /// refuse to return other bytes than those of their first read.
  private var parsedWithoutError = false

  init(contents: PlistContents, name: String) {
    self.contents = contents
    self.name = name
  }

  var result: Result<PropertyListDocument, PropertyListError> {
    lock.lock()
    defer { lock.unlock() }
    if let stored { return stored }
    let parsed = parse(contents.read())
    stored = parsed
    return parsed
  }

  /// The pairing facts, from the stored tree or a parse of their keys only, which is not kept.
  var pairingFacts: PairingFacts {
    lock.lock()
    defer { lock.unlock() }
    if let facts { return facts }
    let read = Self.facts(of: stored ?? parse(contents.read(), keepingOnly: PairingFacts.keyPaths))
    facts = read
    return read
  }

  func readPairingFacts(from bytes: [UInt8]) {
    lock.lock()
    defer { lock.unlock() }
    if facts == nil { facts = Self.facts(of: parse(.success(bytes), keepingOnly: PairingFacts.keyPaths)) }
  }

  func release() {
    lock.lock()
    defer { lock.unlock() }
    stored = nil
  }

  private static func facts(of parsed: Result<PropertyListDocument, PropertyListError>) -> PairingFacts {
    (try? parsed.get()).map { PairingFacts(root: $0.root) } ?? PairingFacts()
  }

  /// Parses `bytes`, whole or keeping only the values on some key paths (such a parse fails exactly
  /// when a whole one would); called with the lock held.
  private func parse(_ bytes: Result<[UInt8], PropertyListError>, keepingOnly: [[String]]? = nil)
    -> Result<PropertyListDocument, PropertyListError>
  {
    do {
      let document = try PropertyListDocument(
        bytes: try bytes.get(), name: name, knownWellFormed: parsedWithoutError, keepingOnly: keepingOnly)
      parsedWithoutError = true
      return .success(document)
    } catch let error as PropertyListError {
      return .failure(error)
    } catch {
      return .failure(PropertyListError(.invalidPropertyList, "\(error)"))
    }
  }
}

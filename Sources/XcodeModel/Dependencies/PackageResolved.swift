import Foundation
import SharelintBase

/// The package versions SwiftPM resolved, from a `Package.resolved` (format 1: `object.pins` with `package`,
/// `repositoryURL`; formats 2 and 3: `pins` with `identity`, `location`), as Xcode keeps it in
/// `X.xcworkspace/xcshareddata/swiftpm/` or `X.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/`.
public struct PackageResolved: Hashable, Sendable {
  /// One resolved package.
  public struct Pin: Hashable, Sendable {
    /// The identity, lowercased: `identity` (formats 2, 3), else the URL's last component without `.git`.
    public var identity: String
    /// `location` or `repositoryURL`.
    public var location: String
    /// `state.version`, when the package is pinned to a version.
    public var version: String?
    /// `state.branch`, when pinned to a branch.
    public var branch: String?
    /// `state.revision`.
    public var revision: String?
    /// The line the pin's location is written at.
    public var line: Int?

    /// What the pin resolves to, for display: the version, else `branch@revision`, else the revision.
    public var resolvedDescription: String? {
      if let version { return version }
      if let branch { return revision.map { "\(branch)@\($0.prefix(7))" } ?? branch }
      return revision.map { String($0.prefix(7)) }
    }
  }

  /// The file's path, as given.
  public private(set) var path: String
  /// The format (`version`): 1, 2 or 3; 0 when unknown.
  public private(set) var format = 0
  /// The pins, in written order.
  public private(set) var pins: [Pin] = []
  /// What could not be read.
  public private(set) var notes: [XcodeProjectNote] = []

  /// The largest file read (4 MiB).
  public static let maximumSize = 4 << 20

  /// Reads the file at `path` within `boundary`; `nil` when there is none.
  public init?(path: String, boundary: RepositoryBoundary = .current) {
    guard let bytes = DependencyFiles.read(path, limit: Self.maximumSize, boundary: boundary) else { return nil }
    switch bytes {
    case .success(let bytes): self.init(path: path, bytes: bytes)
    case .failure(let failure): self.init(unreadable: path, failure: failure)
    }
  }

  /// Reads a `Package.resolved`'s bytes; `path` names it in notes.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
    } catch {
      notes.append(XcodeProjectNote("not valid JSON; the resolved package versions are unknown", file: path))
      return
    }
    guard let top = object as? [String: Any] else {
      notes.append(XcodeProjectNote("expected a JSON object; the resolved package versions are unknown", file: path))
      return
    }
    format = (top["version"] as? NSNumber)?.intValue ?? 0
    let pinObjects = (top["pins"] as? [Any]) ?? ((top["object"] as? [String: Any])?["pins"] as? [Any])
    guard let pinObjects else {
      notes.append(XcodeProjectNote("no 'pins'; the resolved package versions are unknown", file: path))
      return
    }
    let source = SourceText(name: path, bytes: bytes)
    for case let pin as [String: Any] in pinObjects {
      guard let location = (pin["location"] ?? pin["repositoryURL"]) as? String else { continue }
      let state = pin["state"] as? [String: Any] ?? [:]
      let identity = (pin["identity"] as? String)?.lowercased() ?? Self.identity(ofLocation: location)
      var line: Int?
      if let range = bytes.firstRange(of: Array("\"\(location)\"".utf8)) {
        line = source.lineIndex(of: range.lowerBound) + 1
      }
      pins.append(
        Pin(
          identity: identity, location: location, version: state["version"] as? String,
          branch: state["branch"] as? String, revision: state["revision"] as? String, line: line))
    }
  }

  /// A file that could not be read (or is too large): a note and nothing else.
  private init(unreadable path: String, failure: RepositoryFile.Failure) {
    self.path = path
    notes.append(DependencyFiles.unreadableNote(path, failure: failure))
  }

  /// The pin of the package at `location` (a repository URL, compared by identity) or of identity `identity`.
  public func pin(forLocation location: String) -> Pin? {
    let identity = Self.identity(ofLocation: location)
    return pins.first { $0.identity == identity }
  }

  /// SwiftPM's identity of a location: the last path component without `.git`, lowercased.
  public static func identity(ofLocation location: String) -> String {
    var last = PathText.lastComponent(of: XcodePath.withoutTrailingSlash(location))
    if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
    return last.lowercased()
  }
}

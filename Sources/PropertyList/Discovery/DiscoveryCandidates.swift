import Foundation

/// The files discovery collects before it classifies and pairs them.
struct DiscoveryCandidates {
  /// An Info.plist or entitlements file read into memory.
  struct Candidate {
    /// The plist.
    var plist: DiscoveredPlist
    /// What makes two candidates the same file: the symlink-free path, plus the entry inside an archive.
    var identity: String
    /// For entitlements found next to an Info.plist the user named: use only if paired.
    var isPairingOnly = false
  }

  /// Info.plists, in the order found.
  var infoPlists: [Candidate] = []
  /// Entitlements files, in the order found.
  var entitlements: [Candidate] = []
  /// Files that could not be used.
  var problems: [DiscoveryProblem] = []

  private var seenIdentities: Set<String> = []

  mutating func addInfoPlist(_ candidate: Candidate) {
    guard seenIdentities.insert(candidate.identity).inserted else { return }
    infoPlists.append(candidate)
  }

  mutating func addEntitlements(_ candidate: Candidate) {
    if candidate.isPairingOnly, seenIdentities.contains(candidate.identity) { return }
    if !candidate.isPairingOnly, let index = entitlements.firstIndex(where: { $0.identity == candidate.identity }) {
      entitlements[index].isPairingOnly = false
      return
    }
    guard seenIdentities.insert(candidate.identity).inserted else { return }
    entitlements.append(candidate)
  }

  /// Reads the file at `filePath` into a candidate, or records why it cannot be read.
  mutating func read(filePath: String, displayPath: String, location: DiscoveredPlist.Location) -> Candidate? {
    do {
      let bytes = try FileBytes.read(filePath)
      let plist = DiscoveredPlist(displayPath: displayPath, filePath: filePath, location: location, bytes: bytes)
      return Candidate(plist: plist, identity: DiscoveryPaths.identity(of: filePath))
    } catch let error as PropertyListError {
      problems.append(DiscoveryProblem(path: displayPath, message: error.message))
    } catch {
      problems.append(DiscoveryProblem(path: displayPath, message: "cannot be read: \(error)"))
    }
    return nil
  }
}

/// Path helpers shared by discovery.
enum DiscoveryPaths {
  /// The absolute, symlink-free path of `path`.
  static func identity(of path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// `child` under the display path `parent`; a parent of `.` adds nothing in front.
  static func displayPath(_ parent: String, _ child: String) -> String {
    if parent.isEmpty || parent == "." { return child }
    return parent.hasSuffix("/") ? parent + child : parent + "/" + child
  }

  /// `path` without trailing slashes (`/` stays `/`).
  static func trimmingTrailingSlashes(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }

  /// Whether a file name is an Info.plist: `Info.plist` or `*-Info.plist`, not `*-Info.xml.plist`.
  static func isInfoPlistName(_ name: String) -> Bool {
    name == "Info.plist" || (name.hasSuffix("-Info.plist") && name.count > "-Info.plist".count)
  }

  /// Whether a file name is an entitlements file.
  static func isEntitlementsName(_ name: String) -> Bool {
    name.hasSuffix(".entitlements") && name.count > ".entitlements".count
  }

  /// Whether `path` names an existing folder (following symbolic links).
  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}

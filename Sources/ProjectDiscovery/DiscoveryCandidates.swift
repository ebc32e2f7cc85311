import Foundation
import Synchronization
import PropertyList
import SharelintBase

/// The files discovery collects before it classifies and pairs them.
package struct DiscoveryCandidates {
  /// An Info.plist or entitlements file read into memory.
  struct Candidate {
    /// The plist.
    var plist: DiscoveredPlist
    /// What makes two candidates the same file: the symlink-free path, plus the entry inside an archive.
    var identity: String
    /// The symlink-free path of the folder the file was found in, when the walk knew it (pairing looks for
    /// entitlements there; resolving 10,000 folders again took a tenth of a second, on one thread).
    var folderIdentity: String?
    /// For entitlements found next to an Info.plist the user named: use only if paired.
    var isPairingOnly = false
    /// For the Info.plist of a built bundle (`.app` folder or `.ipa` entry): what its `Frameworks` folder holds.
    var bundledFrameworks: [String]?
    /// For the Info.plist of a built bundle: what the Intune and MSAL frameworks it carries say of their versions.
    var bundledFrameworkVersions: [String: BundledFrameworkVersion] = [:]
  }

  /// Info.plists, in the order found.
  var infoPlists: [Candidate] = []
  /// Entitlements files, in the order found.
  var entitlements: [Candidate] = []
  /// Files that could not be used.
  var problems: [DiscoveryProblem] = []
  /// `.xcodeproj` and `.xcworkspace` folders met, by display path, in the order found.
  package var projectContainers: [String] = []
  /// What the walk found worth saying that stops nothing: the Tuist manifests of projects that are not committed,
  /// the symbolic links the boundary refuses.
  package var notes: [String] = []
  /// Which names of the folders walked to keep in `folderNames`; nil keeps no folder's names.
  package var keptFolderNames: (@Sendable (String) -> Bool)?
  /// The names `keptFolderNames` keeps of each folder the walk listed, by the folder's display path: what the
  /// lint's lookup of the Intune SDK's package files beside loose plists (`IntuneDependencyLookup`) finds without
  /// listing each target's folder again (a tenth of a run over 10,000 loose plists).
  package var folderNames: [String: [String]] = [:]
  /// The bytes expanded from `.ipa` archives so far (held in memory for the run), which
  /// `ApplicationArchiveReader.maximumTotalExpandedSize` bounds.
  var archiveBytesExpanded = 0

  private var seenIdentities: Set<String> = []
  /// The index in `entitlements` of each entitlements file added, by identity: a file met again (named, after
  /// being found as a sibling) is found without a search through them all.
  private var entitlementsIndexByIdentity: [String: Int] = [:]
  /// The files whose first read started while the walk went on; copies of the candidates share them.
  private let firstReads = FirstReads()

  /// Adds an Info.plist, unless the same file (by identity) was added before.
  mutating func addInfoPlist(_ candidate: Candidate) {
    guard seenIdentities.insert(candidate.identity).inserted else { return }
    infoPlists.append(candidate)
    startEarlyRead(of: candidate, readingPairingFacts: true)
  }

  /// Adds an entitlements file, unless the same file (by identity) was added before; a file added for pairing
  /// only and met again for itself is then linted for itself.
  mutating func addEntitlements(_ candidate: Candidate) {
    if let index = entitlementsIndexByIdentity[candidate.identity] {
      if !candidate.isPairingOnly { entitlements[index].isPairingOnly = false }
      return
    }
    guard seenIdentities.insert(candidate.identity).inserted else { return }
    entitlementsIndexByIdentity[candidate.identity] = entitlements.count
    entitlements.append(candidate)
    startEarlyRead(of: candidate, readingPairingFacts: false)
  }

  /// Starts the first read of `candidate` on another core while the walk goes on: the walk keeps one core busy,
  /// and reading is most of discovery's work. Not once a project was met: the files a project builds are read
  /// by the project model, never as loose files, and which those are is known only after the walk (the files
  /// met before the first project may be read for nothing; what a read finds is used only by `readAll`).
  private func startEarlyRead(of candidate: Candidate, readingPairingFacts: Bool) {
    guard projectContainers.isEmpty else { return }
    firstReads.start(candidate.plist, identity: candidate.identity, readingPairingFacts: readingPairingFacts)
  }

  /// A candidate for the file at `filePath`, not read yet: `readAll()` reads them all, on every core.
  /// `identity` is its symlink-free path when the caller knows it (else it is resolved here).
  /// `folderIdentity` is the symlink-free path of the folder it was found in, when known.
  func candidate(
    filePath: String, identity: String? = nil, folderIdentity: String? = nil, displayPath: String,
    location: DiscoveredPlist.Location
  ) -> Candidate {
    let identity = identity ?? FileIdentity.of(filePath)
    return Candidate(
      plist: DiscoveredPlist(displayPath: displayPath, unreadFile: filePath, identity: identity, location: location),
      identity: identity, folderIdentity: folderIdentity)
  }

  /// Reads every file for the first time, on every core, with the pairing facts of each Info.plist, keeping no
  /// tree (and bytes only within `KeptBytesBudget.discoveredFiles`); the files that cannot be read are dropped and
  /// reported as problems (silently, for entitlements wanted only if they pair). `fileRead` is told of each file read.
  mutating func readAll(fileRead: (@Sendable (_ read: Int, _ total: Int) -> Void)? = nil) {
    let all = infoPlists + entitlements
    let infoPlistCount = infoPlists.count
    let readCount = ConcurrentCounter()
    let firstReads = firstReads
    // Every file no early read has taken yet is read here, on every core; then the early reads end.
    DispatchQueue.concurrentPerform(iterations: all.count) { index in
      guard firstReads.claim(all[index].identity) else { return }
      firstReads.read(all[index].plist, identity: all[index].identity, readingPairingFacts: index < infoPlistCount)
      if let fileRead { fileRead(readCount.increment(), all.count) }
    }
    let outcomes = firstReads.finish()
    if let fileRead, readCount.value < all.count { fileRead(all.count, all.count) }
    let failures: [PropertyListError?] = all.map { outcomes[$0.identity] ?? nil }
    var newProblems: [DiscoveryProblem] = []
    func readable(_ candidates: [Candidate], firstIndex: Int) -> [Candidate] {
      candidates.enumerated().compactMap { offset, candidate in
        guard let failure = failures[firstIndex + offset] else { return candidate }
        if !candidate.isPairingOnly {
          newProblems.append(DiscoveryProblem(path: candidate.plist.displayPath, message: failure.message))
        }
        return nil
      }
    }
    infoPlists = readable(infoPlists, firstIndex: 0)
    entitlements = readable(entitlements, firstIndex: infoPlistCount)
    reindexEntitlements()
    problems += newProblems
  }

  /// Takes out the files in `claimed` (identities): those an Xcode project builds, read by the project model.
  mutating func leaveOut(_ claimed: Set<String>) {
    guard !claimed.isEmpty else { return }
    infoPlists.removeAll { claimed.contains($0.identity) }
    entitlements.removeAll { claimed.contains($0.identity) }
    reindexEntitlements()
  }

  /// Rebuilds `entitlementsIndexByIdentity` after entitlements were taken out.
  private mutating func reindexEntitlements() {
    entitlementsIndexByIdentity = [:]
    for (index, candidate) in entitlements.enumerated() { entitlementsIndexByIdentity[candidate.identity] = index }
  }
}

/// The first reads of discovery's files, started during the walk on other cores (`start`) or by `readAll`, and
/// what each found. A file is read once, by whichever claims it first: the system's thread pool grows slowly, so
/// `readAll` reads every file no early read has begun rather than wait for them.
private final class FirstReads: @unchecked Sendable {
  private let group = DispatchGroup()
  /// The files claimed, by candidate identity: `nil` while being read, else what the read found (`.some(nil)`
  /// for a file read without failure).
  private let claims = Mutex<[String: PropertyListError??]>([:])

  /// Starts reading `plist` on another core (with the pairing facts when asked), unless something claims it first.
  func start(_ plist: DiscoveredPlist, identity: String, readingPairingFacts: Bool) {
    group.enter()
    DispatchQueue.global().async { [self] in
      defer { group.leave() }
      guard claim(identity) else { return }
      read(plist, identity: identity, readingPairingFacts: readingPairingFacts)
    }
  }

  /// Claims the file `identity` for the caller to read; false when something claimed it before.
  func claim(_ identity: String) -> Bool {
    claims.withLock { claims in
      guard claims[identity] == nil else { return false }
      claims[identity] = .some(nil)
      return true
    }
  }

  /// Reads the claimed file `identity` for the first time, and records what the read found.
  func read(_ plist: DiscoveredPlist, identity: String, readingPairingFacts: Bool) {
    var failure: PropertyListError?
    do throws(PropertyListError) {
      try plist.firstRead(readingPairingFacts: readingPairingFacts)
    } catch {
      failure = error
    }
    claims.withLock { $0[identity] = .some(.some(failure)) }
  }

  /// Waits for the reads begun, and returns what each read found, by identity.
  func finish() -> [String: PropertyListError?] {
    group.wait()
    return claims.withLock { $0.compactMapValues { $0 } }
  }
}

/// A count several threads add to.
final class ConcurrentCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// The count.
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  /// Adds one and returns the new count.
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}

/// One optional result per index, written from several threads at once (each index by one thread):
/// what `DispatchQueue.concurrentPerform` work hands back (discovery's reads, the text report's batches).
public final class ConcurrentResults<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Value?]

  /// `count` empty results.
  public init(count: Int) { values = Array(repeating: nil, count: count) }

  /// The result at `index`, `nil` until written.
  public subscript(index: Int) -> Value? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return values[index]
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      values[index] = newValue
    }
  }
}

/// Path helpers shared by discovery.
package enum DiscoveryPaths {
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

  /// Whether a folder name is an Xcode project or workspace (`App.xcodeproj`, `App.xcworkspace`).
  static func isProjectContainerName(_ name: String) -> Bool {
    (name.hasSuffix(".xcodeproj") && name.count > ".xcodeproj".count)
      || (name.hasSuffix(".xcworkspace") && name.count > ".xcworkspace".count)
  }

  /// Whether a file name is an entitlements file.
  static func isEntitlementsName(_ name: String) -> Bool {
    name.hasSuffix(".entitlements") && name.count > ".entitlements".count
  }

  /// The problem reported for a file found in a folder that is not a regular file; it is skipped.
  static let notARegularFile = "not a regular file (FIFOs, sockets and devices are not read)"

  /// The note for a file or folder at `displayPath` that the repository boundary refuses: `App/Info.plist: a symbolic
  /// link to a path outside the linted folders: not read (--allow-outside admits a path)`. Where it leads is not
  /// said: a link's target is the repository's text, and names a place on the machine.
  static func refusalNote(_ displayPath: String, isSymbolicLink: Bool, refusal: BoundaryRefusal) -> String {
    "\(displayPath): " + (isSymbolicLink ? "a symbolic link to a path " : "") + refusal.consequence
  }
}

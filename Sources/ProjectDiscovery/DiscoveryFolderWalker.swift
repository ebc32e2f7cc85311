import Foundation
import SharelintBase
import XcodeModel

/// Finds Info.plists, entitlements files, `.app` bundles, `.ipa` archives and Xcode projects in folders, on
/// `SourceFolderWalker`'s walk (which says what is skipped, and which symbolic links it refuses to follow: those
/// leading out of the boundary are named in a note here, when they name something discovery would read). An `.app`
/// bundle's plists are collected without walking it, each checked against the boundary where it resolves; a project
/// container is listed for the project model, which reads what its targets name.
struct DiscoveryFolderWalker {
  /// Reads the `.ipa` archives met.
  let archiveReader: ApplicationArchiveReader
  /// The folders and files discovery may read.
  let boundary: RepositoryBoundary
  private var walker: SourceFolderWalker

  /// The most framework `Info.plist`s read in one bundle (as in an archive).
  static let maximumFrameworkInfoPlists = 100

  /// A walker reading `.ipa` archives with `archiveReader`, inside `boundary`.
  init(archiveReader: ApplicationArchiveReader, boundary: RepositoryBoundary) {
    self.archiveReader = archiveReader
    self.boundary = boundary
    walker = SourceFolderWalker(boundary: boundary)
  }

  /// Collects what the folder `path` (shown as `displayPath`) holds into `candidates`.
  mutating func walk(folder path: String, displayPath: String, into candidates: inout DiscoveryCandidates) {
    let archiveReader = archiveReader
    let boundary = boundary
    walker.walk(
      folder: path, displayPath: displayPath,
      unreadable: { candidates.problems.append(DiscoveryProblem(path: $0, message: "folder cannot be read")) },
      tooDeep: { displayPath in
        candidates.notes.append(
          "\(displayPath): more than \(SourceFolderWalker.maximumDepth) folders below the folder named: not entered")
      },
      refused: { entry, refusal in
        // A link whose name discovery would not read is no concern of the run's.
        guard entry.isDirectory || Self.isReadName(entry.name) else { return }
        candidates.notes.append(
          DiscoveryPaths.refusalNote(entry.displayPath, isSymbolicLink: entry.isSymbolicLink, refusal: refusal))
      },
      generatedProject: { generated, folderDisplay in
        // A project file of another format (`ProjectFormats`) is read as the folder's project; a Tuist workspace
        // manifest cannot be, and is named in a note.
        for spec in generated.projectFiles {
          candidates.projectContainers.append(
            SourceFolderWalker.displayPath(folderDisplay, PathText.lastComponent(of: spec)))
        }
        candidates.notes += generated.tuistManifests.map { manifest in
          var note = manifest.note
          note.file = SourceFolderWalker.displayPath(folderDisplay, PathText.lastComponent(of: manifest.path))
          return note.description
        }
      },
      listed: { folderDisplay, names in
        guard let isKept = candidates.keptFolderNames else { return }
        candidates.folderNames[folderDisplay] = names.filter(isKept)
      }
    ) { entry, visited in
      let name = entry.name
      if entry.isDirectory {
        if name.hasSuffix(".app") {
          Self.collectAppBundle(
            at: entry.path, identity: entry.identity, displayPath: entry.displayPath, boundary: boundary,
            visited: &visited, into: &candidates)
          return .leave
        }
        if DiscoveryPaths.isProjectContainerName(name) {
          // Read by the project model (the Info.plists its targets name); nothing to lint inside.
          candidates.projectContainers.append(entry.displayPath)
          return .leave
        }
        return .enter
      }
      let isInfoPlist = DiscoveryPaths.isInfoPlistName(name)
      let isEntitlements = DiscoveryPaths.isEntitlementsName(name)
      if isInfoPlist || isEntitlements || name.hasSuffix(".ipa"), entry.needsStat,
        !SourceFolderWalker.isRegularFile(entry.path)
      {
        candidates.problems.append(DiscoveryProblem(path: entry.displayPath, message: DiscoveryPaths.notARegularFile))
      } else if isInfoPlist {
        candidates.addInfoPlist(candidates.candidate(
          filePath: entry.path, identity: entry.identity, folderIdentity: entry.folderIdentity,
          displayPath: entry.displayPath, location: .sourceFile))
      } else if isEntitlements {
        candidates.addEntitlements(candidates.candidate(
          filePath: entry.path, identity: entry.identity, folderIdentity: entry.folderIdentity,
          displayPath: entry.displayPath, location: .sourceFile))
      } else if name.hasSuffix(".ipa") {
        archiveReader.collect(
          archiveAt: entry.path, identity: entry.identity, displayPath: entry.displayPath, boundary: boundary,
          into: &candidates)
      }
      return .leave
    }
  }

  /// Whether discovery reads a file named `name` met in a walk: an Info.plist, an entitlements file, an `.ipa`.
  static func isReadName(_ name: String) -> Bool {
    DiscoveryPaths.isInfoPlistName(name) || DiscoveryPaths.isEntitlementsName(name) || name.hasSuffix(".ipa")
  }

  /// An `.app` bundle named on the command line: its `Info.plist` and each `PlugIns/*.appex/Info.plist`.
  mutating func collectAppBundle(at path: String, displayPath: String, into candidates: inout DiscoveryCandidates) {
    let identity = FileIdentity.of(path)
    if let refusal = boundary.refusal(toRead: path, identity: identity) {
      candidates.notes.append(
        DiscoveryPaths.refusalNote(
          displayPath, isSymbolicLink: SourceFolderWalker.isSymbolicLink(path), refusal: refusal))
      return
    }
    Self.collectAppBundle(
      at: path, identity: identity, displayPath: displayPath, boundary: boundary, visited: &walker.visited,
      into: &candidates)
  }

  /// An `.app` bundle on disk whose symlink-free path is `identity` (admitted by `boundary`): its `Info.plist` and
  /// each `PlugIns/*.appex/Info.plist`, once however many links lead to it. Each file inside is resolved and checked
  /// against the boundary (bundles are few: a `realpath(3)` each costs nothing).
  private static func collectAppBundle(
    at path: String, identity: String, displayPath: String, boundary: RepositoryBoundary,
    visited: inout SourceFolderWalker.VisitedFolders, into candidates: inout DiscoveryCandidates
  ) {
    guard visited.firstVisit(of: path, identity: identity) else { return }
    let appDisplay = SourceFolderWalker.displayPath(displayPath, "Info.plist")
    switch BundleFile.locate(path + "/Info.plist", boundary: boundary) {
    case .missing:
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: "app bundle has no Info.plist"))
      return
    case .refused(let refusal, let isSymbolicLink):
      candidates.notes.append(DiscoveryPaths.refusalNote(appDisplay, isSymbolicLink: isSymbolicLink, refusal: refusal))
      return
    case .notRegular:
      candidates.problems.append(DiscoveryProblem(path: appDisplay, message: DiscoveryPaths.notARegularFile))
      return
    case .file(let plistIdentity):
      var app = candidates.candidate(
        filePath: path + "/Info.plist", identity: plistIdentity, displayPath: appDisplay, location: .appBundle)
      app.bundledFrameworks = frameworks(
        inBundleAt: path, displayPath: displayPath, boundary: boundary, into: &candidates)
      app.bundledFrameworkVersions = frameworkVersions(
        inBundleAt: path, frameworks: app.bundledFrameworks ?? [], boundary: boundary)
      candidates.addInfoPlist(app)
    }
    let plugIns = path + "/PlugIns"
    for name in listing(plugIns, displayPath: displayPath + "/PlugIns", boundary: boundary, into: &candidates)
    where name.hasSuffix(".appex") {
      let extensionFolder = plugIns + "/" + name
      let extensionDisplay = SourceFolderWalker.displayPath(displayPath, "PlugIns/" + name)
      let display = extensionDisplay + "/Info.plist"
      switch BundleFile.locate(extensionFolder + "/Info.plist", boundary: boundary) {
      case .missing:
        candidates.problems.append(
          DiscoveryProblem(path: extensionDisplay, message: "app extension has no Info.plist"))
      case .refused(let refusal, let isSymbolicLink):
        candidates.notes.append(DiscoveryPaths.refusalNote(display, isSymbolicLink: isSymbolicLink, refusal: refusal))
      case .notRegular:
        candidates.problems.append(DiscoveryProblem(path: display, message: DiscoveryPaths.notARegularFile))
      case .file(let plistIdentity):
        var plugIn = candidates.candidate(
          filePath: extensionFolder + "/Info.plist", identity: plistIdentity, displayPath: display,
          location: .appBundle)
        plugIn.bundledFrameworks = frameworks(
          inBundleAt: extensionFolder, displayPath: extensionDisplay, boundary: boundary, into: &candidates)
        plugIn.bundledFrameworkVersions = frameworkVersions(
          inBundleAt: extensionFolder, frameworks: plugIn.bundledFrameworks ?? [], boundary: boundary)
        candidates.addInfoPlist(plugIn)
      }
    }
  }

  /// The names in the folder `path` inside a bundle, sorted bytewise, without hidden ones; none when it is missing,
  /// and a note when the boundary refuses it (a link leading out).
  private static func listing(
    _ path: String, displayPath: String, boundary: RepositoryBoundary, into candidates: inout DiscoveryCandidates
  ) -> [String] {
    switch RepositoryFile.listFolder(path, boundary: boundary) {
    case .success(let names):
      return names.filter { !$0.hasPrefix(".") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    case .failure(.refused(let refusal)):
      candidates.notes.append(
        DiscoveryPaths.refusalNote(
          displayPath, isSymbolicLink: SourceFolderWalker.isSymbolicLink(path), refusal: refusal))
      return []
    case .failure:
      return []
    }
  }

  /// The names in a bundle's `Frameworks` folder, sorted (at most 10,000).
  private static func frameworks(
    inBundleAt path: String, displayPath: String, boundary: RepositoryBoundary,
    into candidates: inout DiscoveryCandidates
  ) -> [String] {
    let names = listing(
      path + "/Frameworks", displayPath: displayPath + "/Frameworks", boundary: boundary, into: &candidates)
    return Array(names.prefix(10_000))
  }

  /// The versions the Intune and MSAL frameworks among `frameworks` give in their `Info.plist`s (1 MiB at most each,
  /// `maximumFrameworkInfoPlists` at most).
  static func frameworkVersions(
    inBundleAt path: String, frameworks: [String], boundary: RepositoryBoundary
  ) -> [String: BundledFrameworkVersion] {
    var versions: [String: BundledFrameworkVersion] = [:]
    for name in frameworks.lazy.filter(BundledFrameworkVersion.isRead).prefix(maximumFrameworkInfoPlists) {
      let plist = path + "/Frameworks/" + name + "/Info.plist"
      guard
        case .success(let bytes) = RepositoryFile.read(
          plist, limit: FrameworkBundleVersion.maximumInfoPlistSize, boundary: boundary),
        let read = BundledFrameworkVersion(infoPlist: bytes)
      else { continue }
      versions[name] = read
    }
    return versions
  }
}

/// A file inside a bundle, found where it resolves.
enum BundleFile {
  /// Nothing is there (or a link leads nowhere).
  case missing
  /// The boundary refuses where it resolves; whether the file itself is a symbolic link.
  case refused(BoundaryRefusal, isSymbolicLink: Bool)
  /// It is a folder, a FIFO, a socket or a device.
  case notRegular
  /// A regular file, with its symlink-free path.
  case file(identity: String)

  /// What is at `path`, checked against `boundary` where it resolves.
  static func locate(_ path: String, boundary: RepositoryBoundary) -> BundleFile {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .missing }
    let identity = FileIdentity.of(path)
    if let refusal = boundary.refusal(toRead: path, identity: identity) {
      return .refused(refusal, isSymbolicLink: (status.st_mode & S_IFMT) == S_IFLNK)
    }
    guard stat(path, &status) == 0 else { return .missing }
    return (status.st_mode & S_IFMT) == S_IFREG ? .file(identity: identity) : .notRegular
  }
}

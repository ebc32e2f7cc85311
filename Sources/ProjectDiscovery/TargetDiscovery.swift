import Foundation
import SharelintBase
import XcodeModel

/// Finds what to lint under the paths a user gives:
/// - a folder: searched recursively for Info.plists (`Info.plist`, `*-Info.plist`), entitlements
///   files, `.app` bundles and `.ipa` archives (see `DiscoveryFolderWalker` for what is skipped);
/// - an `.app` folder: its Info.plist and its `PlugIns/*.appex/Info.plist`;
/// - an `.xcodeproj` or `.xcworkspace` folder (given, or met in a walk): listed in `projectContainers` for the
///   project model, which knows which plists its targets build;
/// - an XcodeGen spec (`project.yml`, given, or met in a folder that has no committed `.xcodeproj`): listed in
///   `projectContainers` likewise, and so are a Tuist `Project.swift` (a `ProjectFormats` format) and its
///   `Workspace.swift` (a format's workspace description, read like an `.xcworkspace`);
/// - an `.ipa` file: the same two kinds of Info.plist, read from the archive in memory;
/// - any other file: an entitlements file when named `*.entitlements`, else an Info.plist, whatever
///   its name (its folder's entitlements files are used for pairing only);
/// - `-`: the Info.plist held by `standardInput` (read by the caller), shown as `<stdin>`; it has no folder, so
///   nothing pairs with it, and no file to write.
///
/// A path that does not exist is thrown as a `DiscoveryError`; every other failure (an unreadable
/// file, a corrupt archive) is a `DiscoveryProblem` in the result, so one bad file does not stop a run.
///
/// Discovery reads nothing outside its `RepositoryBoundary`: a symbolic link met in a walk, inside an `.app` bundle
/// or beside a named Info.plist is followed only when where it leads is admitted; one leading out of the linted
/// folders, into a `.git` folder or into `/proc`, `/sys` or `/dev` is named in a note and neither entered nor read.
/// A path named that the boundary refuses is a problem.
public struct TargetDiscovery: Sendable {
  /// Used to expand `$(…)` in bundle identifiers when tying extensions to apps.
  public var buildSettings: BuildSettings?
  /// Bounds for reading `.ipa` archives.
  public var archiveReader: ApplicationArchiveReader
  /// The folders and files discovery may read: the process's boundary when the discovery was made, unless given.
  public var boundary: RepositoryBoundary
  /// Called, from any thread, each time discovery has read a file: how many of how many (for a progress line).
  public var fileRead: (@Sendable (_ read: Int, _ total: Int) -> Void)?
  /// The bytes the path `-` stands for: standard input, read by the caller (discovery reads no stream itself).
  public var standardInput: [UInt8]?
  /// Which names of the folders walked `collect` keeps (`DiscoveryCandidates.folderNames`); nil keeps none.
  package var keptFolderNames: (@Sendable (String) -> Bool)?

  /// The path that names standard input on a command line.
  public static let standardInputPath = "-"
  /// How the plist read from standard input is shown in findings.
  public static let standardInputName = "<stdin>"

  /// Discovery with optional build settings and archive bounds, inside `boundary`.
  public init(
    buildSettings: BuildSettings? = nil, archiveReader: ApplicationArchiveReader = ApplicationArchiveReader(),
    boundary: RepositoryBoundary = .current
  ) {
    self.buildSettings = buildSettings
    self.archiveReader = archiveReader
    self.boundary = boundary
  }

  /// The targets under `paths`, sorted by display path, and the problems met on the way.
  public func discover(_ paths: [String]) throws -> DiscoveryResult {
    pair(try collect(paths))
  }

  /// The first half of `discover`: walks `paths` and lists what is there — Info.plists, entitlements files,
  /// archives' entries, project containers. The files met before any project are read on other cores as the walk
  /// goes on (`DiscoveryCandidates`); none after: a lint run reads the projects next, so the files they claim are
  /// not read as loose files.
  package func collect(_ paths: [String]) throws -> DiscoveryCandidates {
    for path in paths where path != Self.standardInputPath && !FileManager.default.fileExists(atPath: path) {
      throw DiscoveryError(path: path, message: "does not exist")
    }
    var candidates = DiscoveryCandidates()
    candidates.keptFolderNames = keptFolderNames
    var walker = DiscoveryFolderWalker(archiveReader: archiveReader, boundary: boundary)
    for path in paths {
      if path == Self.standardInputPath {
        guard let standardInput else {
          throw DiscoveryError(path: path, message: "names standard input, which was not read")
        }
        let name = Self.standardInputName
        let plist = DiscoveredPlist(displayPath: name, filePath: nil, location: .archiveEntry, bytes: standardInput)
        candidates.addInfoPlist(DiscoveryCandidates.Candidate(plist: plist, identity: name))
        continue
      }
      let displayPath = DiscoveryPaths.trimmingTrailingSlashes(path)
      let name = PathText.lastComponent(of: displayPath)
      let identity = FileIdentity.of(path)
      if let refusal = boundary.refusal(toRead: path, identity: identity) {
        candidates.problems.append(DiscoveryProblem(path: displayPath, message: refusal.consequence))
        continue
      }
      if SourceFolderWalker.isDirectory(path) {
        if DiscoveryPaths.isProjectContainerName(name) {
          candidates.projectContainers.append(displayPath)
        } else if name.hasSuffix(".app") {
          walker.collectAppBundle(at: displayPath, displayPath: displayPath, into: &candidates)
        } else {
          walker.walk(folder: displayPath, displayPath: displayPath, into: &candidates)
        }
        continue
      }
      if ProjectFormats.format(ofFile: path, boundary: boundary) != nil
        || ProjectFormats.workspaceFormat(ofFile: path, boundary: boundary) != nil
      {
        candidates.projectContainers.append(displayPath)
      } else if name == "Project.swift" || name == "Workspace.swift" || name == "Package.swift" {
        // A Swift manifest sharelint cannot run: a Tuist one is named in a note, any other is no plist either.
        if let manifest = TuistManifest(path: path) {
          var note = manifest.note
          note.file = displayPath
          candidates.notes.append(note.description)
        } else {
          candidates.notes.append("\(displayPath): a Swift manifest, which sharelint does not run; it holds no plist")
        }
      } else if name.hasSuffix(".ipa") {
        archiveReader.collect(
          archiveAt: path, identity: identity, displayPath: displayPath, boundary: boundary, into: &candidates)
      } else if DiscoveryPaths.isEntitlementsName(name) {
        candidates.addEntitlements(
          candidates.candidate(filePath: path, identity: identity, displayPath: displayPath, location: .sourceFile))
      } else {
        candidates.addInfoPlist(
          candidates.candidate(filePath: path, identity: identity, displayPath: displayPath, location: .sourceFile))
        addSiblingEntitlements(of: path, displayPath: displayPath, to: &candidates)
      }
    }
    return candidates
  }

  /// The second half of `discover`: reads the candidates, except the files in `claimed` (symlink-free paths,
  /// `FileIdentity`, of the files an Xcode project builds), and pairs them into targets.
  package func pair(_ collected: DiscoveryCandidates, leavingOut claimed: Set<String> = []) -> DiscoveryResult {
    var candidates = collected
    candidates.leaveOut(claimed)
    // Reading and parsing are most of discovery's work: spread over the cores. Pairing needs a few facts
    // from each Info.plist; keeping every file's bytes or tree until linting would hold them all at once.
    candidates.readAll(fileRead: fileRead)
    var result = DiscoveryResult(
      targets: TargetPairing(buildSettings: buildSettings).targets(from: candidates),
      problems: candidates.problems)
    result.projectContainers = candidates.projectContainers
    return result
  }

  /// The entitlements files next to an Info.plist named directly, for pairing only. One that is no regular file, or
  /// leads out of the boundary, is left out without a word: it is wanted only if it pairs.
  private func addSiblingEntitlements(of path: String, displayPath: String, to candidates: inout DiscoveryCandidates) {
    let folder = PathText.removingLastComponent(of: path)
    let displayFolder = PathText.removingLastComponent(of: displayPath)
    guard case .success(let names) = RepositoryFile.listFolder(folder.isEmpty ? "." : folder, boundary: boundary)
    else { return }
    for name in names.sorted() where DiscoveryPaths.isEntitlementsName(name) && !name.hasPrefix(".") {
      let siblingPath = folder.isEmpty ? name : folder + "/" + name
      guard case .file(let identity) = BundleFile.locate(siblingPath, boundary: boundary) else { continue }
      var candidate = candidates.candidate(
        filePath: siblingPath, identity: identity, displayPath: SourceFolderWalker.displayPath(displayFolder, name),
        location: .sourceFile)
      candidate.isPairingOnly = true
      candidates.addEntitlements(candidate)
    }
  }
}

import Foundation
import SharelintBase

/// The dependency managers' files that apply to one Xcode project: the `Podfile` and `Podfile.lock`
/// (CocoaPods), `Cartfile` and `Cartfile.resolved` (Carthage), and the `Package.resolved` Xcode keeps for its
/// Swift packages.
public struct XcodeDependencyFiles: Sendable {
  /// The Podfile whose target blocks are this project's targets, when there is one.
  public var podfile: Podfile?
  /// Whether the Podfile is in the project's folder: its target blocks that name no project are this project's.
  public var podfileIsBesideProject = false
  /// The `Podfile.lock` beside it.
  public var podfileLock: PodfileLock?
  /// The local pods and plug-ins the Podfile brings in, with their podspecs.
  public var plugins: PluginPods?
  /// The `Cartfile`.
  public var cartfile: Cartfile?
  /// The `Cartfile.resolved`.
  public var cartfileResolved: Cartfile?
  /// The `Package.resolved` of the workspace the project was opened through, else the project's own.
  public var packageResolved: PackageResolved?

  /// No files.
  public init(
    podfile: Podfile? = nil, podfileLock: PodfileLock? = nil, cartfile: Cartfile? = nil,
    cartfileResolved: Cartfile? = nil, packageResolved: PackageResolved? = nil
  ) {
    self.podfile = podfile
    self.podfileLock = podfileLock
    self.cartfile = cartfile
    self.cartfileResolved = cartfileResolved
    self.packageResolved = packageResolved
  }

  /// What could not be read in any of the files.
  public var notes: [XcodeProjectNote] {
    (podfile?.notes ?? []) + (podfileLock?.notes ?? []) + (plugins?.notes ?? []) + (cartfile?.notes ?? []) + (cartfileResolved?.notes ?? [])
      + (packageResolved?.notes ?? [])
  }
}

/// Finds and reads the dependency files of projects, each file once however many projects share it, within a
/// `RepositoryBoundary`: a folder it refuses (above the linted folders) is not searched.
public struct XcodeDependencyFileCache: Sendable {
  private var podfiles: [String: Podfile?] = [:]
  private var locks: [String: PodfileLock?] = [:]
  private var plugins: [String: PluginPods] = [:]
  private var cartfiles: [String: Cartfile?] = [:]
  private var resolvedPackages: [String: PackageResolved?] = [:]
  private var bundleVersions: [String: String?] = [:]
  private var folderEntries: [String: [String: String]] = [:]
  /// The folders files may be listed and read in.
  private let boundary: RepositoryBoundary

  /// An empty cache, reading nothing `boundary` refuses.
  public init(boundary: RepositoryBoundary = .current) {
    self.boundary = boundary
  }

  /// How many folders above a project are searched for a `Podfile` or `Cartfile`.
  static let levelsAbove = 2

  /// The files of `project`, opened through the workspace at `workspace` when given.
  ///
  /// - `Package.resolved`: the workspace's `xcshareddata/swiftpm/`, else the project's
  ///   `project.xcworkspace/xcshareddata/swiftpm/`, else that of an `.xcworkspace` beside the project.
  /// - `Podfile`: the project's folder (when a target block names no project, or names this one), or up to two
  ///   folders above when a target block there names this project with `project '…'` (CocoaPods takes the only
  ///   `.xcodeproj` beside the Podfile otherwise); `Podfile.lock` beside it. The search stops at the folder
  ///   holding `.git`.
  /// - `Cartfile`, `Cartfile.resolved`: the project's folder or up to two folders above, the nearest.
  public mutating func files(for project: XcodeProject, workspace: String?) -> XcodeDependencyFiles {
    var files = XcodeDependencyFiles()
    let folder = PathText.removingLastComponent(of: project.path)
    let folders = Self.folders(from: folder, boundary: boundary)
    var resolvedCandidates: [String] = []
    if let workspace { resolvedCandidates.append(PathText.joined(workspace, "xcshareddata/swiftpm/Package.resolved")) }
    resolvedCandidates.append(
      PathText.joined(project.path, "project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
    if workspace == nil {
      let names = (try? RepositoryFile.listFolder(folder.isEmpty ? "." : folder, boundary: boundary).get()) ?? []
      for name in names.sorted() where name.hasSuffix(".xcworkspace") {
        resolvedCandidates.append(
          PathText.joined(PathText.joined(folder, name), "xcshareddata/swiftpm/Package.resolved"))
      }
    }
    for candidate in resolvedCandidates {
      if let resolved = packageResolved(at: candidate) {
        files.packageResolved = resolved
        break
      }
    }
    for (level, candidateFolder) in folders.enumerated() {
      guard let name = entry(named: "Podfile", in: candidateFolder),
        let podfile = podfile(at: PathText.joined(candidateFolder, name))
      else { continue }
      let namesThisProject = podfile.targets.contains { $0.project.map(Self.projectName) == project.name }
      let hasUnplacedTarget = podfile.targets.contains { !$0.isAbstract && podfile.project(ofTarget: $0.name) == nil }
      // A damaged Podfile beside the project is still its, so that its note is shown.
      if namesThisProject || (level == 0 && (hasUnplacedTarget || !podfile.notes.isEmpty)) {
        files.podfile = podfile
        files.podfileIsBesideProject = level == 0
        files.plugins = plugins(of: podfile)
        files.podfileLock = entry(named: "Podfile.lock", in: candidateFolder).flatMap {
          lock(at: PathText.joined(candidateFolder, $0))
        }
        break
      }
    }
    for candidateFolder in folders {
      let requested = entry(named: "Cartfile", in: candidateFolder).flatMap {
        cartfile(at: PathText.joined(candidateFolder, $0))
      }
      let resolved = entry(named: "Cartfile.resolved", in: candidateFolder).flatMap {
        cartfile(at: PathText.joined(candidateFolder, $0))
      }
      if requested != nil || resolved != nil {
        files.cartfile = requested
        files.cartfileResolved = resolved
        break
      }
    }
    return files
  }

  /// The version of the framework or xcframework at `path` (see `FrameworkBundleVersion`), read once.
  public mutating func bundleVersion(at path: String) -> String? {
    if let known = bundleVersions[path] { return known }
    let version = FrameworkBundleVersion.version(ofBundleAt: path, boundary: boundary)
    bundleVersions[path] = .some(version)
    return version
  }

  /// The name of the file in `folder` called `name` ignoring case (a Mac's disk finds `podfile` as `Podfile`), the
  /// exact name first; each folder is listed once.
  private mutating func entry(named name: String, in folder: String) -> String? {
    if folderEntries[folder] == nil {
      let names = (try? RepositoryFile.listFolder(folder.isEmpty ? "." : folder, boundary: boundary).get()) ?? []
      var byLowercased: [String: String] = [:]
      for entry in names.sorted() where byLowercased[entry.lowercased()] == nil || entry == name {
        byLowercased[entry.lowercased()] = entry
      }
      folderEntries[folder] = byLowercased
    }
    return folderEntries[folder]?[name.lowercased()]
  }

  /// `ios/App.xcodeproj` → `App`; `App` → `App`.
  static func projectName(_ written: String) -> String {
    let last = PathText.lastComponent(of: XcodePath.withoutTrailingSlash(written))
    return last.hasSuffix(".xcodeproj") ? String(last.dropLast(".xcodeproj".count)) : last
  }

  /// `folder` and up to `levelsAbove` folders above it, stopping after the one holding `.git` and before one
  /// `boundary` refuses.
  static func folders(from folder: String, boundary: RepositoryBoundary) -> [String] {
    var folders: [String] = []
    var current = folder
    let manager = FileManager.default
    for _ in 0...levelsAbove {
      guard boundary.refusal(toRead: current.isEmpty ? "." : current) == nil else { break }
      folders.append(current)
      let isRoot = manager.fileExists(atPath: PathText.joined(current.isEmpty ? "." : current, ".git"))
      let absolute = current.hasPrefix("/") ? current : PathText.joined(manager.currentDirectoryPath, current)
      guard !isRoot, PathText.tidied(absolute) != "/" else { break }
      current = current.isEmpty || current == "." ? ".." : PathText.joined(current, "..")
    }
    return folders
  }

  private mutating func podfile(at path: String) -> Podfile? {
    if let known = podfiles[path] { return known }
    let read = Podfile(path: PathText.tidied(path), boundary: boundary)
    podfiles[path] = .some(read)
    return read
  }

  private mutating func plugins(of podfile: Podfile) -> PluginPods {
    if let known = plugins[podfile.path] { return known }
    let read = PluginPods(podfile: podfile, boundary: boundary)
    plugins[podfile.path] = read
    return read
  }

  private mutating func lock(at path: String) -> PodfileLock? {
    if let known = locks[path] { return known }
    let read = PodfileLock(path: PathText.tidied(path), boundary: boundary)
    locks[path] = .some(read)
    return read
  }

  private mutating func cartfile(at path: String) -> Cartfile? {
    if let known = cartfiles[path] { return known }
    let read = Cartfile(path: PathText.tidied(path), boundary: boundary)
    cartfiles[path] = .some(read)
    return read
  }

  private mutating func packageResolved(at path: String) -> PackageResolved? {
    if let known = resolvedPackages[path] { return known }
    let read = PackageResolved(path: PathText.tidied(path), boundary: boundary)
    resolvedPackages[path] = .some(read)
    return read
  }
}

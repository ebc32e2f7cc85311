import Foundation
import SharelintBase

/// Walks folders for Info.plists, entitlements files, `.app` bundles and `.ipa` archives. It skips
/// hidden folders, dependency and build folders, and folders of bundles that are not apps
/// (`.framework`, `.xcframework`, `.bundle`, `.dSYM`), whose Info.plists describe no app or
/// extension; it follows symbolic links but visits each real folder once, so loops end.
struct DiscoveryFolderWalker {
  /// Folder names never entered.
  static let skippedFolderNames: Set<String> = [
    ".git", ".build", "DerivedData", "Pods", "Carthage", "node_modules",
  ]
  /// Folder name endings never entered.
  static let skippedFolderSuffixes = [".framework", ".xcframework", ".bundle", ".dSYM"]
  /// How deep folders are entered.
  static let maximumDepth = 64

  let archiveReader: ApplicationArchiveReader
  private var visitedFolders: Set<String> = []

  init(archiveReader: ApplicationArchiveReader) {
    self.archiveReader = archiveReader
  }

  /// Collects what the folder `path` (shown as `displayPath`) holds into `candidates`.
  mutating func walk(folder path: String, displayPath: String, into candidates: inout DiscoveryCandidates) {
    walk(folder: path, identity: FileIdentity.of(path), displayPath: displayPath, depth: 0, into: &candidates)
  }

  /// `identity` is the symlink-free absolute path of `path` (see `FileIdentity`).
  private mutating func walk(
    folder path: String, identity: String, displayPath: String, depth: Int, into candidates: inout DiscoveryCandidates
  ) {
    guard depth <= Self.maximumDepth, visitedFolders.insert(identity).inserted else { return }
    guard let entries = FolderEntries.list(path) else {
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: "folder cannot be read"))
      return
    }
    for entry in entries where !entry.name.hasPrefix(".") {
      let name = entry.name
      let childPath = path.hasSuffix("/") ? path + name : path + "/" + name
      let childDisplay = DiscoveryPaths.displayPath(displayPath, name)
      // An entry that is no symbolic link is found at its folder's symlink-free path: no realpath(3).
      let childIdentity = entry.kind == .other ? nil : (identity == "/" ? "/" : identity + "/") + name
      let isDirectory = entry.kind == .other ? DiscoveryPaths.isDirectory(childPath) : entry.kind == .directory
      if isDirectory {
        if Self.skippedFolderNames.contains(name) || Self.skippedFolderSuffixes.contains(where: name.hasSuffix) {
          continue
        }
        if name.hasSuffix(".app") {
          collectAppBundle(at: childPath, displayPath: childDisplay, into: &candidates)
        } else if DiscoveryPaths.isProjectContainerName(name) {
          // Read by the project model (the Info.plists its targets name); nothing to lint inside.
          candidates.projectContainers.append(childDisplay)
        } else {
          walk(
            folder: childPath, identity: childIdentity ?? FileIdentity.of(childPath),
            displayPath: childDisplay, depth: depth + 1, into: &candidates)
        }
      } else if DiscoveryPaths.isInfoPlistName(name) || DiscoveryPaths.isEntitlementsName(name)
        || name.hasSuffix(".ipa"), entry.kind == .other, !DiscoveryPaths.isRegularFile(childPath)
      {
        candidates.problems.append(DiscoveryProblem(path: childDisplay, message: DiscoveryPaths.notARegularFile))
      } else if DiscoveryPaths.isInfoPlistName(name) {
        candidates.addInfoPlist(
          candidates.candidate(filePath: childPath, identity: childIdentity, displayPath: childDisplay, location: .sourceFile))
      } else if DiscoveryPaths.isEntitlementsName(name) {
        candidates.addEntitlements(
          candidates.candidate(filePath: childPath, identity: childIdentity, displayPath: childDisplay, location: .sourceFile))
      } else if name.hasSuffix(".ipa") {
        archiveReader.collect(archiveAt: childPath, displayPath: childDisplay, into: &candidates)
      }
    }
  }

  /// An `.app` bundle on disk: its `Info.plist` and each `PlugIns/*.appex/Info.plist`.
  mutating func collectAppBundle(at path: String, displayPath: String, into candidates: inout DiscoveryCandidates) {
    guard visitedFolders.insert(FileIdentity.of(path)).inserted else { return }
    let infoPlist = path + "/Info.plist"
    guard FileManager.default.fileExists(atPath: infoPlist) else {
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: "app bundle has no Info.plist"))
      return
    }
    guard DiscoveryPaths.isRegularFile(infoPlist) else {
      candidates.problems.append(
        DiscoveryProblem(path: DiscoveryPaths.displayPath(displayPath, "Info.plist"), message: DiscoveryPaths.notARegularFile))
      return
    }
    let appDisplay = DiscoveryPaths.displayPath(displayPath, "Info.plist")
    candidates.addInfoPlist(candidates.candidate(filePath: infoPlist, displayPath: appDisplay, location: .appBundle))
    let plugIns = path + "/PlugIns"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: plugIns)) ?? []).sorted {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
    for name in names where name.hasSuffix(".appex") {
      let extensionPlist = plugIns + "/" + name + "/Info.plist"
      guard FileManager.default.fileExists(atPath: extensionPlist) else {
        let extensionDisplay = DiscoveryPaths.displayPath(displayPath, "PlugIns/" + name)
        candidates.problems.append(
          DiscoveryProblem(path: extensionDisplay, message: "app extension has no Info.plist"))
        continue
      }
      let display = DiscoveryPaths.displayPath(displayPath, "PlugIns/" + name + "/Info.plist")
      guard DiscoveryPaths.isRegularFile(extensionPlist) else {
        candidates.problems.append(DiscoveryProblem(path: display, message: DiscoveryPaths.notARegularFile))
        continue
      }
      candidates.addInfoPlist(candidates.candidate(filePath: extensionPlist, displayPath: display, location: .appBundle))
    }
  }
}

/// A folder's entries with what `readdir(3)` says they are, sorted by name (bytewise): the walk then
/// needs neither a `stat(2)` per entry to tell folders from files nor a `realpath(3)` per file.
enum FolderEntries {
  struct Entry {
    enum Kind: Equatable {
      /// A folder (not a symbolic link to one).
      case directory
      /// A regular file.
      case regularFile
      /// A symbolic link, or an entry the file system does not type: ask `stat(2)`.
      case other
    }

    var name: String
    var kind: Kind
  }

  /// The entries of the folder `path` but `.` and `..`, or `nil` when it cannot be read.
  static func list(_ path: String) -> [Entry]? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var entries: [Entry] = []
    while let entry = readdir(folder) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
          String(cString: $0)
        }
      }
      if name == "." || name == ".." { continue }
      let kind: Entry.Kind =
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR): .directory
        case Int32(DT_REG): .regularFile
        default: .other
        }
      entries.append(Entry(name: name, kind: kind))
    }
    return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}

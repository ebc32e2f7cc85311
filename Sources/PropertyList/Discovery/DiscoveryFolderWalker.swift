import Foundation

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
    walk(folder: path, displayPath: displayPath, depth: 0, into: &candidates)
  }

  private mutating func walk(
    folder path: String, displayPath: String, depth: Int, into candidates: inout DiscoveryCandidates
  ) {
    guard depth <= Self.maximumDepth, visitedFolders.insert(DiscoveryPaths.identity(of: path)).inserted else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path).sorted {
        $0.utf8.lexicographicallyPrecedes($1.utf8)
      }
    } catch {
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: "folder cannot be read"))
      return
    }
    for name in names where !name.hasPrefix(".") {
      let childPath = path.hasSuffix("/") ? path + name : path + "/" + name
      let childDisplay = DiscoveryPaths.displayPath(displayPath, name)
      if DiscoveryPaths.isDirectory(childPath) {
        if Self.skippedFolderNames.contains(name) || Self.skippedFolderSuffixes.contains(where: name.hasSuffix) {
          continue
        }
        if name.hasSuffix(".app") {
          collectAppBundle(at: childPath, displayPath: childDisplay, into: &candidates)
        } else {
          walk(folder: childPath, displayPath: childDisplay, depth: depth + 1, into: &candidates)
        }
      } else if DiscoveryPaths.isInfoPlistName(name) {
        candidates.addInfoPlist(candidates.candidate(filePath: childPath, displayPath: childDisplay, location: .sourceFile))
      } else if DiscoveryPaths.isEntitlementsName(name) {
        candidates.addEntitlements(candidates.candidate(filePath: childPath, displayPath: childDisplay, location: .sourceFile))
      } else if name.hasSuffix(".ipa") {
        archiveReader.collect(archiveAt: childPath, displayPath: childDisplay, into: &candidates)
      }
    }
  }

  /// An `.app` bundle on disk: its `Info.plist` and each `PlugIns/*.appex/Info.plist`.
  mutating func collectAppBundle(at path: String, displayPath: String, into candidates: inout DiscoveryCandidates) {
    guard visitedFolders.insert(DiscoveryPaths.identity(of: path)).inserted else { return }
    let infoPlist = path + "/Info.plist"
    guard FileManager.default.fileExists(atPath: infoPlist) else {
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: "app bundle has no Info.plist"))
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
      candidates.addInfoPlist(candidates.candidate(filePath: extensionPlist, displayPath: display, location: .appBundle))
    }
  }
}

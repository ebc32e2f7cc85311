import Foundation
import SharelintBase
import XcodeModel

/// Finds Info.plists, entitlements files, `.app` bundles, `.ipa` archives and Xcode projects in folders, on
/// `SourceFolderWalker`'s walk (which says what is skipped). An `.app` bundle's plists are collected without
/// walking it; a project container is listed for the project model, which reads what its targets name.
struct DiscoveryFolderWalker {
  let archiveReader: ApplicationArchiveReader
  private var walker = SourceFolderWalker()

  init(archiveReader: ApplicationArchiveReader) {
    self.archiveReader = archiveReader
  }

  /// Collects what the folder `path` (shown as `displayPath`) holds into `candidates`.
  mutating func walk(folder path: String, displayPath: String, into candidates: inout DiscoveryCandidates) {
    let archiveReader = archiveReader
    walker.walk(
      folder: path, displayPath: displayPath,
      unreadable: { candidates.problems.append(DiscoveryProblem(path: $0, message: "folder cannot be read")) },
      generatedProject: { generated, folderDisplay in
        // An XcodeGen spec is read as the folder's project; a Tuist manifest cannot be, and is named in a note.
        for spec in generated.xcodeGenSpecs {
          candidates.projectContainers.append(
            SourceFolderWalker.displayPath(folderDisplay, PathText.lastComponent(of: spec)))
        }
        candidates.notes += generated.tuistManifests.map { manifest in
          var note = manifest.note
          note.file = SourceFolderWalker.displayPath(folderDisplay, PathText.lastComponent(of: manifest.path))
          return note.description
        }
      }
    ) { entry, visited in
      let name = entry.name
      if entry.isDirectory {
        if name.hasSuffix(".app") {
          Self.collectAppBundle(at: entry.path, displayPath: entry.displayPath, visited: &visited, into: &candidates)
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
        archiveReader.collect(archiveAt: entry.path, displayPath: entry.displayPath, into: &candidates)
      }
      return .leave
    }
  }

  /// An `.app` bundle named on the command line: its `Info.plist` and each `PlugIns/*.appex/Info.plist`.
  mutating func collectAppBundle(at path: String, displayPath: String, into candidates: inout DiscoveryCandidates) {
    Self.collectAppBundle(at: path, displayPath: displayPath, visited: &walker.visited, into: &candidates)
  }

  /// An `.app` bundle on disk: its `Info.plist` and each `PlugIns/*.appex/Info.plist`, once however many links
  /// lead to it.
  private static func collectAppBundle(
    at path: String, displayPath: String, visited: inout SourceFolderWalker.VisitedFolders,
    into candidates: inout DiscoveryCandidates
  ) {
    guard visited.firstVisit(of: path) else { return }
    let infoPlist = path + "/Info.plist"
    guard FileManager.default.fileExists(atPath: infoPlist) else {
      candidates.problems.append(DiscoveryProblem(path: displayPath, message: "app bundle has no Info.plist"))
      return
    }
    let appDisplay = SourceFolderWalker.displayPath(displayPath, "Info.plist")
    guard SourceFolderWalker.isRegularFile(infoPlist) else {
      candidates.problems.append(DiscoveryProblem(path: appDisplay, message: DiscoveryPaths.notARegularFile))
      return
    }
    var app = candidates.candidate(filePath: infoPlist, displayPath: appDisplay, location: .appBundle)
    app.bundledFrameworks = Self.frameworks(inBundleAt: path)
    app.bundledFrameworkVersions = Self.frameworkVersions(inBundleAt: path, frameworks: app.bundledFrameworks ?? [])
    candidates.addInfoPlist(app)
    let plugIns = path + "/PlugIns"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: plugIns)) ?? []).sorted {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
    for name in names where name.hasSuffix(".appex") {
      let extensionPlist = plugIns + "/" + name + "/Info.plist"
      guard FileManager.default.fileExists(atPath: extensionPlist) else {
        let extensionDisplay = SourceFolderWalker.displayPath(displayPath, "PlugIns/" + name)
        candidates.problems.append(
          DiscoveryProblem(path: extensionDisplay, message: "app extension has no Info.plist"))
        continue
      }
      let display = SourceFolderWalker.displayPath(displayPath, "PlugIns/" + name + "/Info.plist")
      guard SourceFolderWalker.isRegularFile(extensionPlist) else {
        candidates.problems.append(DiscoveryProblem(path: display, message: DiscoveryPaths.notARegularFile))
        continue
      }
      var plugIn = candidates.candidate(filePath: extensionPlist, displayPath: display, location: .appBundle)
      plugIn.bundledFrameworks = Self.frameworks(inBundleAt: plugIns + "/" + name)
      plugIn.bundledFrameworkVersions = Self.frameworkVersions(
        inBundleAt: plugIns + "/" + name, frameworks: plugIn.bundledFrameworks ?? [])
      candidates.addInfoPlist(plugIn)
    }
  }

  /// The names in a bundle's `Frameworks` folder, sorted (at most 10,000).
  static func frameworks(inBundleAt path: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path + "/Frameworks")) ?? []
    let sorted = names.filter { !$0.hasPrefix(".") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return Array(sorted.prefix(10_000))
  }

  /// The versions the Intune and MSAL frameworks among `frameworks` give in their `Info.plist`s (1 MiB at most each).
  static func frameworkVersions(inBundleAt path: String, frameworks: [String]) -> [String: BundledFrameworkVersion] {
    var versions: [String: BundledFrameworkVersion] = [:]
    for name in frameworks where BundledFrameworkVersion.isRead(name) {
      let plist = path + "/Frameworks/" + name + "/Info.plist"
      guard SourceFolderWalker.isRegularFile(plist), let handle = FileHandle(forReadingAtPath: plist) else { continue }
      defer { try? handle.close() }
      let data = (try? handle.read(upToCount: FrameworkBundleVersion.maximumInfoPlistSize + 1)) ?? nil
      guard let data, data.count <= FrameworkBundleVersion.maximumInfoPlistSize,
        let read = BundledFrameworkVersion(infoPlist: [UInt8](data))
      else { continue }
      versions[name] = read
    }
    return versions
  }
}

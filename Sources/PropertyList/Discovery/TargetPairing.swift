import Foundation

/// Turns collected files into targets: classifies each Info.plist, pairs it with its entitlements,
/// and ties each extension to its containing app.
struct TargetPairing {
  /// Used to expand `$(…)` in bundle identifiers before comparing them; `nil` compares them as written.
  let buildSettings: BuildSettings?

  /// The targets made of `candidates`, sorted by display path.
  func targets(from candidates: DiscoveryCandidates) -> [DiscoveredTarget] {
    var pairedEntitlements: Set<String> = []
    var targets: [DiscoveredTarget] = []
    let located = candidates.entitlements.map { candidate in
      LocatedEntitlements(
        candidate: candidate,
        folderIdentity: candidate.plist.filePath.map {
          DiscoveryPaths.identity(of: Self.folder(of: $0))
        })
    }
    for candidate in candidates.infoPlists {
      var entitlements: DiscoveryCandidates.Candidate?
      if candidate.plist.location == .sourceFile, let filePath = candidate.plist.filePath {
        entitlements = Self.entitlements(for: filePath, among: located)
      }
      if let entitlements { pairedEntitlements.insert(entitlements.identity) }
      targets.append(Self.target(infoPlist: candidate.plist, entitlements: entitlements?.plist))
    }
    for candidate in candidates.entitlements
    where !candidate.isPairingOnly && !pairedEntitlements.contains(candidate.identity) {
      targets.append(DiscoveredTarget(kind: .entitlementsOnly, infoPlist: nil, entitlements: candidate.plist))
    }
    targets.sort { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) }
    linkExtensions(&targets)
    return targets
  }

  /// The kind, extension point and bundle identifier read from the plist.
  private static func target(infoPlist: DiscoveredPlist, entitlements: DiscoveredPlist?) -> DiscoveredTarget {
    guard let root = infoPlist.root, root.entries != nil else {
      return DiscoveredTarget(kind: .unclassified, infoPlist: infoPlist, entitlements: entitlements)
    }
    let bundleIdentifier = root["CFBundleIdentifier"]?.string
    if let extensionDictionary = root["NSExtension"] {
      return DiscoveredTarget(
        kind: .appExtension, infoPlist: infoPlist, entitlements: entitlements,
        extensionPointIdentifier: extensionDictionary["NSExtensionPointIdentifier"]?.string,
        bundleIdentifier: bundleIdentifier)
    }
    if let attributes = root["EXAppExtensionAttributes"] {
      return DiscoveredTarget(
        kind: .appExtension, infoPlist: infoPlist, entitlements: entitlements,
        extensionPointIdentifier: attributes["EXExtensionPointIdentifier"]?.string, bundleIdentifier: bundleIdentifier)
    }
    return DiscoveredTarget(
      kind: .app, infoPlist: infoPlist, entitlements: entitlements, bundleIdentifier: bundleIdentifier)
  }

  /// The entitlements of the Info.plist at `plistPath`: in its folder, the one named after the
  /// plist (`X.entitlements` for `X-Info.plist`) or the folder, else the only one there; failing
  /// that, the only one anywhere named after the folder.
  private static func entitlements(
    for plistPath: String, among entitlements: [LocatedEntitlements]
  ) -> DiscoveryCandidates.Candidate? {
    let folderIdentity = DiscoveryPaths.identity(of: folder(of: plistPath))
    let fileName = (plistPath as NSString).lastPathComponent
    var preferredNames = [((folderIdentity as NSString).lastPathComponent) + ".entitlements"]
    if fileName.hasSuffix("-Info.plist") {
      preferredNames.insert(String(fileName.dropLast("-Info.plist".count)) + ".entitlements", at: 0)
    }
    let inFolder = entitlements.filter { $0.folderIdentity == folderIdentity }.map(\.candidate)
    for name in preferredNames {
      if let match = inFolder.first(where: { ($0.plist.displayPath as NSString).lastPathComponent == name }) {
        return match
      }
    }
    if inFolder.count == 1 { return inFolder[0] }
    let byFolderName = entitlements.map(\.candidate).filter {
      !$0.isPairingOnly && ($0.plist.displayPath as NSString).lastPathComponent == preferredNames.last
    }
    return byFolderName.count == 1 ? byFolderName[0] : nil
  }

  /// An entitlements file with the symlink-free path of its folder (`nil` inside an archive).
  private struct LocatedEntitlements {
    var candidate: DiscoveryCandidates.Candidate
    var folderIdentity: String?
  }

  /// The folder of `path`, `.` for a bare file name.
  private static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  /// The identifier as a comparable string: expanded when it holds references, `nil` when they
  /// cannot be expanded.
  private func comparableIdentifier(_ identifier: String?) -> String? {
    guard let identifier, !identifier.isEmpty else { return nil }
    guard identifier.contains("$(") || identifier.contains("${") else { return identifier }
    return buildSettings?.resolve(identifier).resolvedText
  }

  /// Ties each extension to an app: by bundle layout, then `IntuneMAMSettings.ContainingAppBundleId`,
  /// then bundle-identifier prefix. Among several apps that qualify, the one nearest in the tree wins.
  private func linkExtensions(_ targets: inout [DiscoveredTarget]) {
    let apps = targets.filter { $0.kind == .app }
    let appIdentifiers = apps.map { comparableIdentifier($0.bundleIdentifier) }
    for index in targets.indices where targets[index].kind == .appExtension {
      let target = targets[index]
      if let layoutApp = Self.layoutAppPath(ofExtensionAt: target.displayPath),
        apps.contains(where: { $0.displayPath == layoutApp })
      {
        targets[index].containingAppPath = layoutApp
        targets[index].containingAppEvidence = .bundleLayout
        continue
      }
      let declared = comparableIdentifier(
        target.infoPlist?.root?.value(at: ["IntuneMAMSettings", "ContainingAppBundleId"])?.string)
      if let declared {
        let matches = apps.indices.filter { appIdentifiers[$0] == declared }.map { apps[$0].displayPath }
        if let nearest = Self.nearest(matches, to: target.displayPath) {
          targets[index].containingAppPath = nearest
          targets[index].containingAppEvidence = .intuneContainingAppBundleId
          continue
        }
      }
      guard let own = comparableIdentifier(target.bundleIdentifier) else { continue }
      let prefixed = apps.indices.filter { appIdentifiers[$0].map { own.hasPrefix($0 + ".") } ?? false }
      let longest = prefixed.map { appIdentifiers[$0]?.count ?? 0 }.max()
      let best = prefixed.filter { appIdentifiers[$0]?.count == longest }.map { apps[$0].displayPath }
      if let nearest = Self.nearest(best, to: target.displayPath) {
        targets[index].containingAppPath = nearest
        targets[index].containingAppEvidence = .bundleIdentifierPrefix
      }
    }
  }

  /// `…/Y.app/Info.plist` for `…/Y.app/PlugIns/X.appex/Info.plist`, else `nil`.
  static func layoutAppPath(ofExtensionAt path: String) -> String? {
    var components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard components.count >= 4, components[components.count - 1] == "Info.plist",
      components[components.count - 2].hasSuffix(".appex"), components[components.count - 3] == "PlugIns",
      components[components.count - 4].hasSuffix(".app")
    else { return nil }
    components.removeLast(3)
    return components.joined(separator: "/") + "/Info.plist"
  }

  /// The path in `paths` sharing the most leading components with `path` (the first on a tie).
  private static func nearest(_ paths: [String], to path: String) -> String? {
    let components = path.split(separator: "/")
    func shared(_ other: String) -> Int {
      zip(components, other.split(separator: "/")).prefix { $0 == $1 }.count
    }
    return paths.max { shared($0) < shared($1) || (shared($0) == shared($1) && $0 > $1) }
  }
}

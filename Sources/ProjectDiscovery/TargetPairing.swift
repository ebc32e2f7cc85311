import Foundation
import SharelintBase
import XcodeModel

/// Turns collected files into targets: classifies each Info.plist, pairs it with its entitlements,
/// and ties each extension to its containing app.
struct TargetPairing {
  /// Used to expand `$(…)` in bundle identifiers before comparing them; `nil` compares them as written.
  let buildSettings: BuildSettings?

  /// The targets made of `candidates`, sorted by display path.
  func targets(from candidates: DiscoveryCandidates) -> [DiscoveredTarget] {
    var pairedEntitlements: Set<String> = []
    var targets: [DiscoveredTarget] = []
    let entitlements = EntitlementsIndex(candidates.entitlements)
    for candidate in candidates.infoPlists {
      var paired: DiscoveryCandidates.Candidate?
      if candidate.plist.location == .sourceFile, let filePath = candidate.plist.filePath {
        paired = entitlements.entitlements(
          for: filePath, folderIdentity: candidate.folderIdentity ?? FileIdentity.of(Self.folder(of: filePath)))
      }
      if let paired { pairedEntitlements.insert(paired.identity) }
      var target = Self.target(infoPlist: candidate.plist, entitlements: paired?.plist)
      target.bundledFrameworks = candidate.bundledFrameworks
      target.bundledFrameworkVersions = candidate.bundledFrameworkVersions
      targets.append(target)
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
    let facts = infoPlist.pairingFacts
    guard facts.isDictionary else {
      return DiscoveredTarget(kind: .unclassified, infoPlist: infoPlist, entitlements: entitlements)
    }
    return DiscoveredTarget(
      kind: facts.isExtension ? .appExtension : .app, infoPlist: infoPlist, entitlements: entitlements,
      extensionPointIdentifier: facts.extensionPointIdentifier, bundleIdentifier: facts.bundleIdentifier)
  }

  /// Entitlements files by folder and by name, so that pairing each Info.plist does not search them all.
  private struct EntitlementsIndex {
    /// By the symlink-free path of their folder, in the order found.
    var byFolder: [String: [DiscoveryCandidates.Candidate]] = [:]
    /// The ones a pairing may use anywhere in the tree (not pairing-only), by file name.
    var byName: [String: [DiscoveryCandidates.Candidate]] = [:]

    init(_ candidates: [DiscoveryCandidates.Candidate]) {
      for candidate in candidates {
        if let filePath = candidate.plist.filePath {
          let folderIdentity = candidate.folderIdentity ?? FileIdentity.of(TargetPairing.folder(of: filePath))
          byFolder[folderIdentity, default: []].append(candidate)
        }
        if !candidate.isPairingOnly {
          byName[PathText.lastComponent(of: candidate.plist.displayPath), default: []].append(candidate)
        }
      }
    }

    /// The entitlements of the Info.plist at `plistPath`, in the folder whose symlink-free path is
    /// `folderIdentity`: there, the one named after the plist (`X.entitlements` for `X-Info.plist`) or the
    /// folder, else the only one there; failing that, the only one anywhere named after the folder.
    func entitlements(for plistPath: String, folderIdentity: String) -> DiscoveryCandidates.Candidate? {
      let fileName = PathText.lastComponent(of: plistPath)
      var preferredNames = [PathText.lastComponent(of: folderIdentity) + ".entitlements"]
      if fileName.hasSuffix("-Info.plist") {
        preferredNames.insert(String(fileName.dropLast("-Info.plist".count)) + ".entitlements", at: 0)
      }
      let inFolder = byFolder[folderIdentity] ?? []
      for name in preferredNames {
        if let match = inFolder.first(where: { PathText.lastComponent(of: $0.plist.displayPath) == name }) {
          return match
        }
      }
      if inFolder.count == 1 { return inFolder[0] }
      let byFolderName = preferredNames.last.flatMap { byName[$0] } ?? []
      return byFolderName.count == 1 ? byFolderName[0] : nil
    }
  }

  /// The folder of `path`, `.` for a bare file name.
  fileprivate static func folder(of path: String) -> String {
    let folder = PathText.removingLastComponent(of: path)
    return folder.isEmpty ? "." : folder
  }

  /// The identifier as a comparable string: expanded when it holds references, `nil` when they
  /// cannot be expanded.
  private func comparableIdentifier(_ identifier: String?) -> String? {
    guard let identifier, !identifier.isEmpty else { return nil }
    guard Self.mayHoldReferences(identifier) else { return identifier }
    return buildSettings?.resolve(identifier).resolvedText
  }

  /// Whether `identifier` may hold a reference, looked for in its bytes (Foundation's `contains` took half of
  /// pairing's time on 10,000 targets).
  private static func mayHoldReferences(_ identifier: String) -> Bool {
    BuildSettingText.mayHoldReferences(identifier)
  }

  /// Ties each extension to an app: by bundle layout, then `IntuneMAMSettings.ContainingAppBundleId`,
  /// then bundle-identifier prefix. Among several apps that qualify, the one nearest in the tree wins.
  private func linkExtensions(_ targets: inout [DiscoveredTarget]) {
    var appPaths: Set<String> = []
    var appsByIdentifier: [String: [String]] = [:]   // comparable bundle identifier → app display paths
    for target in targets where target.kind == .app {
      appPaths.insert(target.displayPath)
      if let identifier = comparableIdentifier(target.bundleIdentifier) {
        appsByIdentifier[identifier, default: []].append(target.displayPath)
      }
    }
    for index in targets.indices where targets[index].kind == .appExtension {
      let target = targets[index]
      if let layoutApp = Self.layoutAppPath(ofExtensionAt: target.displayPath), appPaths.contains(layoutApp) {
        targets[index].containingAppPath = layoutApp
        targets[index].containingAppEvidence = .bundleLayout
        continue
      }
      if let declared = comparableIdentifier(target.infoPlist?.pairingFacts.containingAppBundleIdentifier),
        let nearest = Self.nearest(appsByIdentifier[declared] ?? [], to: target.displayPath)
      {
        targets[index].containingAppPath = nearest
        targets[index].containingAppEvidence = .intuneContainingAppBundleId
        continue
      }
      guard let own = comparableIdentifier(target.bundleIdentifier) else { continue }
      // The apps whose identifier followed by "." starts the extension's, longest identifier first.
      var prefix = Substring(own)
      while let dot = prefix.lastIndex(of: ".") {
        prefix = prefix[..<dot]
        guard let apps = appsByIdentifier[String(prefix)] else { continue }
        if let nearest = Self.nearest(apps, to: target.displayPath) {
          targets[index].containingAppPath = nearest
          targets[index].containingAppEvidence = .bundleIdentifierPrefix
        }
        break
      }
    }
  }

  /// `…/Y.app/Info.plist` for `…/Y.app/PlugIns/X.appex/Info.plist`, else `nil`.
  static func layoutAppPath(ofExtensionAt path: String) -> String? {
    guard path.hasSuffix(".appex/Info.plist") else { return nil }
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
    guard paths.count > 1 else { return paths.first }
    let components = path.split(separator: "/")
    func shared(_ other: String) -> Int {
      zip(components, other.split(separator: "/")).prefix { $0 == $1 }.count
    }
    return paths.max { shared($0) < shared($1) || (shared($0) == shared($1) && $0 > $1) }
  }
}

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
    // Usually in that order already (the walk lists each folder's names sorted): checked, not sorted again.
    let isSorted = targets.indices.dropFirst().allSatisfy { index in
      !targets[index].displayPath.utf8.lexicographicallyPrecedes(targets[index - 1].displayPath.utf8)
    }
    if !isSorted { targets.sort { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) } }
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
    /// A folder (symlink-free) and a file name in it.
    struct FolderAndName: Hashable {
      var folder: String
      var name: String
    }

    /// The first found of each name in each folder, by the symlink-free path of the folder.
    var firstByFolderAndName: [FolderAndName: DiscoveryCandidates.Candidate] = [:]
    /// How many there are in each folder, and the first found there.
    var byFolder: [String: (count: Int, first: DiscoveryCandidates.Candidate)] = [:]
    /// The ones a pairing may use anywhere in the tree (not pairing-only), by file name: how many, and the first.
    var byName: [String: (count: Int, first: DiscoveryCandidates.Candidate)] = [:]

    init(_ candidates: [DiscoveryCandidates.Candidate]) {
      for candidate in candidates {
        let name = PathText.lastComponent(of: candidate.plist.displayPath)
        if let filePath = candidate.plist.filePath {
          let folderIdentity = candidate.folderIdentity ?? FileIdentity.of(TargetPairing.folder(of: filePath))
          let key = FolderAndName(folder: folderIdentity, name: name)
          if firstByFolderAndName[key] == nil { firstByFolderAndName[key] = candidate }
          byFolder[folderIdentity] = byFolder[folderIdentity].map { ($0.count + 1, $0.first) } ?? (1, candidate)
        }
        if !candidate.isPairingOnly {
          byName[name] = byName[name].map { ($0.count + 1, $0.first) } ?? (1, candidate)
        }
      }
    }

    /// The entitlements of the Info.plist at `plistPath`, in the folder whose symlink-free path is
    /// `folderIdentity`: there, the one named after the plist (`X.entitlements` for `X-Info.plist`) or the
    /// folder, else the only one there; failing that, the only one anywhere named after the folder.
    func entitlements(for plistPath: String, folderIdentity: String) -> DiscoveryCandidates.Candidate? {
      // Most Info.plists have no entitlements in their folder, and many trees none anywhere.
      guard byFolder[folderIdentity] != nil || !byName.isEmpty else { return nil }
      let fileName = PathText.lastComponent(of: plistPath)
      var preferredNames = [PathText.lastComponent(of: folderIdentity) + ".entitlements"]
      if fileName.hasSuffix("-Info.plist") {
        preferredNames.insert(String(fileName.dropLast("-Info.plist".count)) + ".entitlements", at: 0)
      }
      for name in preferredNames {
        if let match = firstByFolderAndName[FolderAndName(folder: folderIdentity, name: name)] { return match }
      }
      if let inFolder = byFolder[folderIdentity], inFolder.count == 1 { return inFolder.first }
      guard let byFolderName = preferredNames.last.flatMap({ byName[$0] }), byFolderName.count == 1 else { return nil }
      return byFolderName.first
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
  ///
  /// Linear in the targets and the length of their paths and identifiers: the apps sharing an identifier are
  /// searched through a tree of their paths (`NearestPaths`), the identifiers through a tree of their dot-separated
  /// parts (`IdentifierPrefixes`). Comparing each extension with every app that shares its identifier took 15 s
  /// for 1,500 pairs of one bundle identifier, and looking each prefix of a long identifier up whole was quadratic
  /// in its length.
  private func linkExtensions(_ targets: inout [DiscoveredTarget]) {
    var appPaths: Set<String> = []
    var appsByIdentifier: [String: [String]] = [:]   // comparable bundle identifier → app display paths
    for index in targets.indices where targets[index].kind == .app {   // by index: a target is large to copy
      appPaths.insert(targets[index].displayPath)
      if let identifier = comparableIdentifier(targets[index].bundleIdentifier) {
        appsByIdentifier[identifier, default: []].append(targets[index].displayPath)
      }
    }
    var nearestByIdentifier: [String: NearestPaths] = [:]
    func nearestApp(identifiedBy identifier: String, to path: String) -> String? {
      if let known = nearestByIdentifier[identifier] { return known.nearest(to: path) }
      guard let apps = appsByIdentifier[identifier] else { return nil }
      // One app of an identifier (the usual case) needs no tree.
      if apps.count == 1 { return apps[0] }
      let index = NearestPaths(apps)
      nearestByIdentifier[identifier] = index
      return index.nearest(to: path)
    }
    var prefixes: IdentifierPrefixes?
    for index in targets.indices where targets[index].kind == .appExtension {
      let path = targets[index].displayPath
      if let layoutApp = Self.layoutAppPath(ofExtensionAt: path), appPaths.contains(layoutApp) {
        targets[index].containingAppPath = layoutApp
        targets[index].containingAppEvidence = .bundleLayout
        continue
      }
      if let declared = comparableIdentifier(targets[index].infoPlist?.pairingFacts.containingAppBundleIdentifier),
        let nearest = nearestApp(identifiedBy: declared, to: path)
      {
        targets[index].containingAppPath = nearest
        targets[index].containingAppEvidence = .intuneContainingAppBundleId
        continue
      }
      guard let own = comparableIdentifier(targets[index].bundleIdentifier) else { continue }
      // The app identifier that, followed by ".", starts the extension's: the longest.
      if prefixes == nil { prefixes = IdentifierPrefixes(appsByIdentifier.keys) }
      guard let prefix = prefixes?.longestDottedPrefix(of: own),
        let nearest = nearestApp(identifiedBy: prefix, to: path)
      else { continue }
      targets[index].containingAppPath = nearest
      targets[index].containingAppEvidence = .bundleIdentifierPrefix
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
}

/// Paths (the apps that share a bundle identifier) in a tree of their components, answering which shares the most
/// leading components with a given path — the first in string order on a tie — in the time of walking that path.
struct NearestPaths {
  /// A component of some paths.
  private struct Node {
    /// The next components, by name.
    var children: [Substring: Int] = [:]
    /// The smallest (string order) of the paths through this node.
    var smallest: String
  }

  private var nodes: [Node]

  /// The tree of `paths` (not empty).
  init(_ paths: [String]) {
    nodes = [Node(smallest: paths[0])]
    for path in paths {
      var node = 0
      if path < nodes[0].smallest { nodes[0].smallest = path }
      for component in path.split(separator: "/") {
        if let child = nodes[node].children[component] {
          node = child
          if path < nodes[node].smallest { nodes[node].smallest = path }
        } else {
          nodes.append(Node(smallest: path))
          nodes[node].children[component] = nodes.count - 1
          node = nodes.count - 1
        }
      }
    }
  }

  /// The path sharing the most leading components with `path` (components split at `/`, empty ones dropped), the
  /// smallest in string order among those sharing as many.
  func nearest(to path: String) -> String {
    var node = 0
    for component in path.split(separator: "/") {
      guard let child = nodes[node].children[component] else { break }
      node = child
    }
    return nodes[node].smallest
  }
}

/// Bundle identifiers, answering which is the longest that, followed by `.`, starts a given identifier. Each dotted
/// prefix of the identifier with no more parts than the longest of them is looked up whole, which needs no tree (and
/// building the tree of 5,000 apps' identifiers was most of pairing's time). Past `directLookupParts` parts, the
/// identifiers go in a tree of their dot-separated parts (`PrefixTree`), answering in the time of walking the
/// identifier once: looking up each prefix of an identifier of thousands of parts would be quadratic in its length.
struct IdentifierPrefixes {
  /// The most parts of the longest identifier for which each prefix is looked up whole.
  static let directLookupParts = 16

  /// The identifiers by their text, when looked up whole.
  private var byText: [Substring: String] = [:]
  /// The most dot-separated parts of an identifier: a longer prefix cannot be one.
  private var mostParts = 0
  /// The tree, when an identifier has more than `directLookupParts` parts.
  private var tree: PrefixTree?

  /// The identifiers of `identifiers`.
  init(_ identifiers: some Sequence<String>) {
    for identifier in identifiers {
      byText[Substring(identifier)] = identifier
      mostParts = max(mostParts, identifier.split(separator: ".", omittingEmptySubsequences: false).count)
    }
    if mostParts > Self.directLookupParts { tree = PrefixTree(byText.values) }
  }

  /// The longest identifier that, followed by `.`, starts `identifier` (never `identifier` itself).
  func longestDottedPrefix(of identifier: String) -> String? {
    if let tree { return tree.longestDottedPrefix(of: identifier) }
    var longest: String?
    var parts = 0
    var rest = identifier[...]
    while parts < mostParts, let dot = rest.firstIndex(of: ".") {
      parts += 1
      if let found = byText[identifier[..<dot]] { longest = found }
      rest = identifier[identifier.index(after: dot)...]
    }
    return longest
  }
}

/// Bundle identifiers in a tree of their dot-separated parts, answering which is the longest that, followed by
/// `.`, starts a given identifier, in the time of walking that identifier once.
private struct PrefixTree {
  /// A part of some identifiers.
  private struct Node {
    /// The next parts, by text.
    var children: [Substring: Int] = [:]
    /// The identifier that ends here, if one does.
    var identifier: String?
  }

  private var nodes = [Node()]

  /// The tree of `identifiers`.
  init(_ identifiers: some Sequence<String>) {
    for identifier in identifiers {
      var node = 0
      for part in identifier.split(separator: ".", omittingEmptySubsequences: false) {
        if let child = nodes[node].children[part] {
          node = child
        } else {
          nodes.append(Node())
          nodes[node].children[part] = nodes.count - 1
          node = nodes.count - 1
        }
      }
      nodes[node].identifier = identifier
    }
  }

  /// The longest identifier of the tree that, followed by `.`, starts `identifier` (never `identifier` itself).
  func longestDottedPrefix(of identifier: String) -> String? {
    let parts = identifier.split(separator: ".", omittingEmptySubsequences: false)
    var node = 0
    var longest: String?
    for part in parts.dropLast() {
      guard let child = nodes[node].children[part] else { break }
      node = child
      if let found = nodes[node].identifier { longest = found }
    }
    return longest
  }
}

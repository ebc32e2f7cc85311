import Foundation
import PropertyList
import SharelintBase
import Synchronization
import UniformTypes
import URLSchemes

/// Whether the Intune rules apply to a target: forced on or off by `.sharelint.yml` (`intune: true|false`),
/// or decided from what the target shows (`intune: auto`, the default).
public enum IntuneMode: String, Sendable, CaseIterable {
  /// Every target counts as an Intune app (also what `configure` uses: running it says the app uses Intune).
  case on = "true"
  /// No target does; the Intune rules are off.
  case off = "false"
  /// A target counts when `IntuneEvidence.find` finds a sign of the Intune App SDK.
  case auto
}

/// Why a target counts as using the Intune App SDK: the first sign found, in the order of the cases.
public enum IntuneEvidence: Sendable, Hashable {
  /// `.sharelint.yml` (or the command) says so: `intune: true`, or `configure`.
  case forced
  /// The Info.plist has `IntuneMAMSettings`.
  case settingsDictionary(file: String)
  /// A URL scheme or queried scheme is an `-intunemam` twin, which only the SDK uses.
  case managedTwinScheme(String, file: String)
  /// A `com.microsoft.intune.mam.` type in the activation rule or the document types.
  case intuneType(String, file: String)
  /// The entitlements grant the SDK's keychain group.
  case keychainGroup(String, file: String)
  /// The extension's containing app counts as an Intune app.
  indirect case containingApp(IntuneEvidence)
  /// A Podfile, Podfile.lock, Package.resolved or Xcode project beside or above the target links the SDK.
  case dependency(file: String, name: String)

  /// The note a finding of an Intune rule carries, saying why the target counts as an Intune app; nil when
  /// the reason is plain to see (`IntuneMAMSettings` in the same Info.plist).
  public var note: String? {
    switch self {
    case .settingsDictionary: return nil
    default: return "the Intune rules apply because " + reason
    }
  }

  /// Why, as a clause: "'waze-intunemam' is a URL scheme of App/Info.plist".
  public var reason: String {
    switch self {
    case .forced: return "the configuration says the app uses Intune (intune: true, or configure)"
    case .settingsDictionary(let file): return "\(file) has IntuneMAMSettings"
    case .managedTwinScheme(let scheme, let file): return "\(file) lists the Intune twin scheme '\(scheme)'"
    case .intuneType(let type, let file): return "\(file) names the Intune type '\(type)'"
    case .keychainGroup(let group, let file): return "\(file) grants the Intune keychain group '\(group)'"
    case .containingApp(let evidence): return "the containing app counts as an Intune app: " + evidence.reason
    case .dependency(let file, let name): return "\(file) links the Intune App SDK ('\(name)')"
    }
  }

  /// The first sign that `target` uses the Intune App SDK, or nil.
  static func find(in target: LintTarget) -> IntuneEvidence? {
    switch target.settings.intuneMode {
    case .on: return .forced
    case .off: return nil
    case .auto: break
    }
    if let evidence = find(inInfoPlist: target.infoPlist) { return evidence }
    if let entitlements = target.entitlements, let evidence = find(inEntitlements: entitlements) { return evidence }
    if target.kind == .appExtension, let app = target.containingAppInfoPlist,
      let evidence = find(inInfoPlist: app)
    {
      return .containingApp(evidence)
    }
    return target.settings.intuneDependencies?.dependency(near: target.infoPlist.source.name)
  }

  /// A sign in an Info.plist: `IntuneMAMSettings`, a twin scheme, an Intune type.
  static func find(inInfoPlist document: PropertyListDocument) -> IntuneEvidence? {
    let root = document.root
    let file = document.source.name
    if root["IntuneMAMSettings"] != nil { return .settingsDictionary(file: file) }
    let urlSchemes = (root["CFBundleURLTypes"]?.elements ?? []).flatMap { $0["CFBundleURLSchemes"]?.elements ?? [] }
    let querySchemes = root["LSApplicationQueriesSchemes"]?.elements ?? []
    for node in urlSchemes + querySchemes {
      if let scheme = node.string, IntuneSchemeLists.isManagedTwin(scheme) {
        return .managedTwinScheme(scheme, file: file)
      }
    }
    var types: [PropertyListNode] = (root["CFBundleDocumentTypes"]?.elements ?? []).flatMap {
      $0["LSItemContentTypes"]?.elements ?? []
    }
    types += (root["UTImportedTypeDeclarations"]?.elements ?? []).compactMap { $0["UTTypeIdentifier"] }
    for node in types {
      if let type = node.string, IntuneMAMTypes.isIntuneMAMType(type) { return .intuneType(type, file: file) }
    }
    if let rule = root.value(at: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"])?.string,
      let type = firstIntuneType(in: rule)
    {
      return .intuneType(type, file: file)
    }
    return nil
  }

  /// A sign in entitlements: the SDK's keychain group.
  static func find(inEntitlements document: PropertyListDocument) -> IntuneEvidence? {
    for node in document.root["keychain-access-groups"]?.elements ?? [] {
      guard let group = node.string else { continue }
      if group.hasSuffix(KeychainAccessGroups.intuneGroup) {
        return .keychainGroup(group, file: document.source.name)
      }
    }
    return nil
  }

  /// The first `com.microsoft.intune.mam.…` type written in a predicate's text.
  static func firstIntuneType(in predicate: String) -> String? {
    guard let start = predicate.range(of: IntuneMAMTypes.prefix) else { return nil }
    let tail = predicate[start.lowerBound...].prefix { !"\"' )".contains($0) }
    return String(tail)
  }
}

/// Finds the files beside or above a target that link the Intune App SDK: a `Podfile` or `Podfile.lock`
/// naming an Intune pod, a `Package.resolved` naming the SDK's package, or an Xcode project that links the
/// SDK's framework. Looks from the target's folder up to the folder that holds `.git` (or the root), and
/// remembers each folder's answer, so a run over many targets reads each file once. Safe to share between
/// threads.
public final class IntuneDependencyLookup: Sendable {
  /// What names the SDK in each kind of file (compared case-insensitively).
  static let markers: [(file: String, names: [String])] = [
    ("Podfile", ["intunemam"]),
    ("Podfile.lock", ["intunemam"]),
    ("Package.resolved", ["ms-intune-app-sdk-ios", "intunemam"]),
    ("Package.swift", ["ms-intune-app-sdk-ios"]),
    ("Cartfile", ["ms-intune-app-sdk-ios"]),
  ]
  /// What names the SDK inside a `project.pbxproj`.
  static let projectMarkers = ["IntuneMAMSwift.framework", "IntuneMAMSwift.xcframework", "IntuneMAM.framework",
                               "ms-intune-app-sdk-ios"]

  private let answers = Mutex<[String: IntuneEvidence?]>([:])

  /// A lookup with nothing remembered yet.
  public init() {}

  /// The evidence found for the file at `path` (an Info.plist), looking in its folder and above.
  public func dependency(near path: String) -> IntuneEvidence? {
    let current = FileManager.default.currentDirectoryPath
    let absolute = path.hasPrefix("/") ? path : current + "/" + path
    guard case .dependency(let file, let name)? = answer(forFolder: PathText.removingLastComponent(of: absolute)) else {
      return nil
    }
    // Shown as the user would write it: relative to the working folder when inside it.
    return .dependency(file: PathText.relativeToWorkingFolder(file), name: name)
  }

  private func answer(forFolder folder: String) -> IntuneEvidence? {
    if let known = answers.withLock({ $0[folder] }) { return known }
    var evidence = Self.evidence(inFolder: folder)
    if evidence == nil, !FileManager.default.fileExists(atPath: folder + "/.git") {
      let parent = PathText.removingLastComponent(of: folder)
      if !parent.isEmpty, parent != folder { evidence = answer(forFolder: parent) }
    }
    answers.withLock { $0[folder] = .some(evidence) }
    return evidence
  }

  /// The evidence in one folder's own files, or nil.
  static func evidence(inFolder folder: String) -> IntuneEvidence? {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "/" : folder) else {
      return nil
    }
    let present = Set(names)
    for (file, markerNames) in markers where present.contains(file) {
      if let name = firstMarker(markerNames, inFileAt: folder + "/" + file) {
        return .dependency(file: folder + "/" + file, name: name)
      }
    }
    for name in names.sorted() where name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
      let container = folder + "/" + name
      let candidates = [
        container + "/project.pbxproj", container + "/xcshareddata/swiftpm/Package.resolved",
        container + "/project.xcworkspace/xcshareddata/swiftpm/Package.resolved",
      ]
      for file in candidates {
        let markerNames = file.hasSuffix(".pbxproj") ? projectMarkers : ["ms-intune-app-sdk-ios"]
        if let marker = firstMarker(markerNames, inFileAt: file) { return .dependency(file: file, name: marker) }
      }
    }
    return nil
  }

  /// The first of `names` the file contains, ignoring case; nil for files over 64 MB or unreadable.
  static func firstMarker(_ names: [String], inFileAt path: String) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      (attributes[.size] as? Int ?? 0) <= 64 << 20,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    let text = String(decoding: data, as: UTF8.self).lowercased()
    return names.first { text.contains($0.lowercased()) }
  }
}

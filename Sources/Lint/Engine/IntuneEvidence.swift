import Foundation
import IntuneKnowledge
import PropertyList
import SharelintBase
import Synchronization
import UniformTypes
import URLSchemes
import XcodeModel

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

/// Why a target counts as using the Intune App SDK: the first sign found.
///
/// A target of an Xcode project counts by what **that target** builds, in the job's configuration: its own
/// (preprocessed) Info.plist, what it links (frameworks phase, Swift package products, its Podfile block's pods,
/// what the podspecs of its `:path` pods and Flutter or React Native plug-ins bring in, `OTHER_LDFLAGS`), its own
/// entitlements, and a dependency of the app's `package.json` or `pubspec.yaml` on a plug-in known to wrap the SDK
/// (`IntunePlugins`) when its block calls the plug-in installer. Never by a sibling's files or a folder above it.
///
/// An extension counts only by its own signs, never by its containing app's: the guides link the SDK into every
/// extension that uses it ("stage 3" build step 1: the app embeds it, each extension links it without embedding)
/// and give each such extension its own `IntuneMAMSettings` with `ContainingAppBundleId` (the SDK developer
/// guide's settings table). An extension of an Intune app that links nothing and has no Intune settings is not
/// managed by the SDK (an AutoFill or widget extension): the Intune rules about its Info.plist would be noise.
///
/// An app that only lists `-intunemam` schemes in `LSApplicationQueriesSchemes` is not an Intune app either: any
/// app may launch managed apps that way. A twin among its own `CFBundleURLSchemes` counts (only the SDK answers
/// them).
///
/// Loose files (no project) count by their own Info.plist and entitlements, a built bundle by the SDK framework
/// it carries, and, as a fallback, by a Podfile, Podfile.lock, Package.resolved, Package.swift or Cartfile naming
/// the SDK beside or above them.
public enum IntuneEvidence: Sendable, Hashable {
  /// `.sharelint.yml` (or the command) says so: `intune: true`, or `configure`.
  case forced
  /// The Info.plist has `IntuneMAMSettings`.
  case settingsDictionary(file: String)
  /// A URL scheme of the app is an `-intunemam` twin, which only the SDK uses.
  case managedTwinScheme(String, file: String)
  /// A `com.microsoft.intune.mam.` type in the activation rule or the document types.
  case intuneType(String, file: String)
  /// The entitlements grant the SDK's keychain group.
  case keychainGroup(String, file: String)
  /// The Xcode project's target links the SDK: the project's display path, the target's name, how it links it.
  case linked(project: String, target: String, library: XcodeLinkedLibrary)
  /// A built bundle carries the SDK's framework: the bundle's display path, the framework's name.
  case bundledFramework(bundle: String, framework: String)
  /// A Podfile, Podfile.lock, Package.resolved, Package.swift or Cartfile beside or above loose files names the SDK.
  case dependency(file: String, name: String)
  /// The app's `package.json` or `pubspec.yaml` depends on a plug-in that wraps the SDK (`IntunePlugins`), and the
  /// target's Podfile block calls the plug-in installer (`use_native_modules!`, `flutter_install_all_ios_pods`).
  case pluginPackage(file: String, package: String)

  /// The note a finding of an Intune rule carries, saying why the target counts as an Intune app; nil when
  /// the reason is plain to see (`IntuneMAMSettings` in the same Info.plist).
  public var note: String? {
    switch self {
    case .settingsDictionary: return nil
    default: return "the Intune rules apply because " + reason
    }
  }

  /// Why, as a clause: "App.xcodeproj target 'App' links IntuneMAMSwift.xcframework".
  public var reason: String {
    switch self {
    case .forced: return "the configuration says the app uses Intune (intune: true, or configure)"
    case .settingsDictionary(let file): return "\(file) has IntuneMAMSettings"
    case .managedTwinScheme(let scheme, let file): return "\(file) registers the Intune twin URL scheme '\(scheme)'"
    case .intuneType(let type, let file): return "\(file) names the Intune type '\(type)'"
    case .keychainGroup(let group, let file): return "\(file) grants the Intune keychain group '\(group)'"
    case .linked(let project, let target, let library): return "\(project) target '\(target)' \(library.description)"
    case .bundledFramework(let bundle, let framework): return "\(bundle) carries Frameworks/\(framework)"
    case .dependency(let file, let name): return "\(file) links the Intune App SDK ('\(name)')"
    case .pluginPackage(let file, let package):
      return "\(file) depends on '\(package)', a plug-in that brings in the Intune App SDK"
    }
  }

  /// The first sign that `target` uses the Intune App SDK, or nil.
  static func find(in target: LintTarget) -> IntuneEvidence? {
    switch target.settings.intuneMode {
    case .on: return .forced
    case .off: return nil
    case .auto: break
    }
    let facts = target.settings.buildFacts
    let file = target.infoPlist.source.name
    if target.infoPlist.root["IntuneMAMSettings"] != nil { return .settingsDictionary(file: file) }
    if let facts, let evidence = find(inBuild: facts) { return evidence }
    if let evidence = find(inInfoPlist: target.infoPlist) { return evidence }
    if let entitlements = target.entitlements, let evidence = find(inEntitlements: entitlements) { return evidence }
    if facts?.isProjectTarget == true { return nil }
    return target.settings.intuneDependencies?.dependency(near: file)
  }

  /// A sign in what the build links or carries.
  static func find(inBuild facts: TargetBuildFacts) -> IntuneEvidence? {
    switch facts.origin {
    case .project(let project, let target, _):
      if let library = facts.linked.first(where: isIntuneSDK) {
        return .linked(project: project, target: target, library: library)
      }
      let plugin = facts.project?.pluginPackageDependencies.first { wrappedByPlugin($0) == .intuneSDK }
      return plugin.map { .pluginPackage(file: $0.file, package: $0.name) }
    case .bundle(let bundle):
      let framework = facts.bundledFrameworks.first { isIntuneSDK(stem: XcodeLinkedFileKind.stem(of: $0)) }
      guard let framework else { return nil }
      return .bundledFramework(bundle: bundle, framework: framework)
    }
  }

  /// What the known plug-in `dependency` names brings in (`IntunePlugins`), or nil.
  public static func wrappedByPlugin(_ dependency: PluginPackageDependency) -> IntunePlugins.Wrapped? {
    dependency.isPub ? IntunePlugins.pubPackages[dependency.name] : IntunePlugins.npmPackages[dependency.name]
  }

  /// The identity of the Intune App SDK's Swift package (microsoftconnect/ms-intune-app-sdk-ios).
  public static let sdkPackageIdentity = IntuneSDKDistribution.packageIdentity

  /// Whether `library` is the Intune App SDK: `IntuneMAMSwift`, `IntuneMAMStatic`, `IntuneMAMSwiftStub`,
  /// `IntuneMAM` (`libIntuneMAM.a`, the 2016 framework), the File Provider library `libIntuneMAMSwiftFileProvider`,
  /// a pod of those names, a product of the SDK's Swift package (`ms-intune-app-sdk-ios`).
  public static func isIntuneSDK(_ library: XcodeLinkedLibrary) -> Bool {
    // A .NET project's NuGet package of the SDK (`IntuneSDKDistribution.nuGetPackages`), read into the model as a
    // linked file named by the package.
    if IntuneSDKDistribution.nuGetPackage(named: library.name) != nil { return true }
    if case .packageProduct(let product) = library.source,
      product.product.package?.identity == sdkPackageIdentity
    {
      return true
    }
    return isIntuneSDK(stem: library.stem)
  }

  /// Whether a library's stem (`IntuneMAMSwift`, `IntuneMAM`) names a part of the SDK that is linked: any
  /// `IntuneMAM…` but the configurator tool and the resources bundle.
  static func isIntuneSDK(stem: String) -> Bool {
    IntuneSDKDistribution.isSDKStem(stem)
  }

  /// A sign in an Info.plist: `IntuneMAMSettings`, a twin URL scheme of its own, an Intune type.
  static func find(inInfoPlist document: PropertyListDocument) -> IntuneEvidence? {
    let root = document.root
    let file = document.source.name
    if root["IntuneMAMSettings"] != nil { return .settingsDictionary(file: file) }
    // Queried twins are not a sign: any app may launch managed apps through them.
    let urlSchemes = (root["CFBundleURLTypes"]?.elements ?? []).flatMap { $0["CFBundleURLSchemes"]?.elements ?? [] }
    for node in urlSchemes {
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
    // In the bytes: Foundation's `range(of:)` was a tenth of finding a target's evidence.
    var text = predicate
    let offset = text.withUTF8 { ByteSearch.firstOffset(of: intuneTypePrefix, in: $0) }
    guard let offset else { return nil }
    let start = predicate.utf8.index(predicate.utf8.startIndex, offsetBy: offset)
    let tail = predicate[start...].prefix { !"\"' )".contains($0) }
    return String(tail)
  }

  /// The bytes of `IntuneMAMTypes.prefix`.
  private static let intuneTypePrefix = Array(IntuneMAMTypes.prefix.utf8)
}

/// Finds the files beside or above loose files (no project) that link the Intune App SDK: a `Podfile` or
/// `Podfile.lock` naming an Intune pod, a `Package.resolved` or `Package.swift` naming the SDK's package, a
/// `Cartfile` naming it, a `.csproj` referencing a `Microsoft.Intune…` NuGet package (Xamarin, .NET MAUI).
/// A project's files are left out: its targets are linted through the project model, and
/// a target it has that links the SDK says nothing about files no target of it builds. Looks from the files'
/// folder up to the folder that holds `.git` (or the root), and remembers each folder's answer, so a run over many
/// targets reads each file once. Safe to share between threads.
public final class IntuneDependencyLookup: Sendable {
  /// The files looked at in each folder, in this order.
  static let fileNames = [
    "Podfile", "Podfile.lock", "Package.resolved", "Package.swift", "Cartfile", "Cartfile.resolved",
  ]

  /// The answer of each folder asked about or climbed, by absolute path.
  private let answers: Mutex<[String: Answer]>
  private let workingFolder = FileManager.default.currentDirectoryPath
  /// What the discovery walk kept of the names in the folders it listed: those folders are not listed again.
  private let listedFolders: ListedFolders

  /// A lookup with nothing remembered yet. `listedFolders` holds what `ListedFolders.isKept` kept of the names of
  /// folders already listed (by a discovery walk): those folders are not listed again.
  public init(listedFolders: ListedFolders = .none) {
    self.listedFolders = listedFolders
    // Room for an answer per folder listed and a few above: grown while held, the table made the other threads
    // wait on its lock (a tenth of the lookup's time on 10,000 targets).
    answers = Mutex([String: Answer](minimumCapacity: listedFolders.count + 64))
  }

  /// Whether the lookup looks at a file named `name` in a folder (a package manifest, a `.csproj`), or it ends
  /// the climb (`.git`): the names of a folder a walk listed that it needs (`ListedFolders.isKept`).
  public static func isLookedAt(_ name: String) -> Bool {
    name == ".git" || fileNames.contains(name) || name.hasSuffix(".csproj")
  }

  /// A folder's answer, shared by the folders that have it: the evidence is a large value, and a table of them,
  /// copied in and out under the lock, was most of the lookup's time.
  private final class Answer: Sendable {
    let evidence: IntuneEvidence?
    static let none = Answer(nil)
    init(_ evidence: IntuneEvidence?) { self.evidence = evidence }
  }

  /// The evidence found for the file at `path` (an Info.plist), looking in its folder and above.
  public func dependency(near path: String) -> IntuneEvidence? {
    let absolute = path.hasPrefix("/") ? path : workingFolder + "/" + path
    guard case .dependency(let file, let name)? = answer(forFolder: PathText.removingLastComponent(of: absolute)) else {
      return nil
    }
    // Shown as the user would write it: relative to the working folder when inside it.
    return .dependency(file: PathText.relativeToWorkingFolder(file), name: name)
  }

  /// The evidence in `start` or the nearest folder above it that has some, climbing (without recursion) until a
  /// folder holding `.git`, the top of the file system, or the repository boundary (above the linted folders
  /// nothing is read); every folder climbed remembers the answer.
  private func answer(forFolder start: String) -> IntuneEvidence? {
    var climbed: [String] = []
    var folder = start
    var evidence: IntuneEvidence?
    while true {
      if let known = answers.withLock({ $0[folder] }) {
        evidence = known.evidence
        break
      }
      climbed.append(folder)
      let names: [String]
      if let listed = listedFolders.names(inFolder: folder) {
        names = listed   // a folder the walk listed, inside the boundary
      } else {
        switch RepositoryFile.listFolder(folder.isEmpty ? "/" : folder) {
        case .success(let listed): names = listed
        case .failure(.refused): names = [".git"]   // the boundary: the search ends here
        case .failure: names = []
        }
      }
      if let found = Self.evidence(inFolder: folder, holding: names) {
        evidence = found
        break
      }
      let parent = PathText.removingLastComponent(of: folder)
      if names.contains(".git") || parent.isEmpty || parent == folder { break }
      folder = parent
    }
    let answer = evidence.map(Answer.init) ?? Answer.none
    answers.withLock { answers in
      for folder in climbed { answers[folder] = answer }
    }
    return evidence
  }

  /// The evidence in the files `names` of one folder, or nil.
  static func evidence(inFolder folder: String, holding names: [String]) -> IntuneEvidence? {
    guard !names.isEmpty else { return nil }   // most folders a walk listed: it kept none of their names
    let present = Set(names)
    for file in fileNames where present.contains(file) {
      let path = folder + "/" + file
      if let name = intuneName(inFileAt: path, named: file) { return .dependency(file: path, name: name) }
    }
    // A project of another format here (`ProjectFormats`: a .NET app takes the SDK from NuGet,
    // `Microsoft.Intune.Maui.Essentials.iOS`) whose iOS app or extension links the SDK.
    let projectFiles = ProjectFormats.projectFiles(inFolder: folder, names: names, hasCommittedXcodeProject: false)
    for path in projectFiles {
      if let library = intuneLibraryLinkedForIOS(byProjectAt: path) { return .dependency(file: path, name: library) }
    }
    return nil
  }

  /// The first Intune library an iOS app or extension target of the project at `path` links, read through its
  /// format into the project model: conditions are evaluated as its build evaluates them, so a NuGet package an
  /// `ItemGroup` limits to Android, or a Mac Catalyst target's, does not count.
  static func intuneLibraryLinkedForIOS(byProjectAt path: String) -> String? {
    let report = XcodeTargetsReport(paths: [path])
    for target in report.targets where ProjectPlan.nonIOSPlatform(of: target) == nil {
      for configuration in target.configurations {
        let linked = target.buildFacts.linkedLibraries(in: configuration)
        if let library = linked.first(where: IntuneEvidence.isIntuneSDK) { return library.name }
      }
    }
    return nil
  }

  /// The name under which the file at `path` brings in the SDK: a pod of the Podfile (commented-out lines do not
  /// count) or of Podfile.lock, a pinned package, a Cartfile entry, the package URL in a Package.swift.
  static func intuneName(inFileAt path: String, named file: String) -> String? {
    switch file {
    case "Podfile":
      let podfile = Podfile(path: path)
      let pods = podfile?.targets.flatMap(\.pods) ?? []
      return pods.first { IntuneEvidence.isIntuneSDK(stem: $0.rootName) }?.name
    case "Podfile.lock":
      return PodfileLock(path: path)?.versions.keys.sorted().first { IntuneEvidence.isIntuneSDK(stem: $0) }
    case "Package.resolved":
      let pins = PackageResolved(path: path)?.pins ?? []
      return pins.first { pin in
        pin.identity == IntuneSDKDistribution.packageIdentity || pin.identity.contains(IntuneSDKDistribution.stemPrefix)
      }?.identity
    case "Cartfile", "Cartfile.resolved":
      let entries = Cartfile(path: path)?.entries ?? []
      let entry = entries.first { entry in
        let name = entry.name.lowercased()
        return name == IntuneSDKDistribution.packageIdentity || name.hasPrefix(IntuneSDKDistribution.stemPrefix)
      }
      return entry?.source
    default:
      return firstMarker([IntuneSDKDistribution.packageIdentity], inFileAt: path)
    }
  }

  /// The first of `names` the file contains, ignoring case; nil for files over 4 MB or unreadable.
  static func firstMarker(_ names: [String], inFileAt path: String) -> String? {
    guard case .success(let bytes) = RepositoryFile.read(path, limit: 4 << 20) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self).lowercased()
    return names.first { text.contains($0.lowercased()) }
  }
}

import SharelintBase

/// What one target of an Xcode project builds with, beyond its settings: what it links (its frameworks phase,
/// Swift package products, CocoaPods pods, Carthage), what it embeds and signs, its Run Script phases, its
/// Copy Bundle Resources files, the targets it depends on, every app that embeds it, and the versions the
/// dependency managers resolved. Per configuration, `linkedLibraries(in:)` adds `OTHER_LDFLAGS` and leaves out
/// pods limited to other configurations.
///
/// Built by `XcodeProject.buildFacts(of:files:cache:)`; other project readers (XcodeGen) can fill one too.
public struct XcodeTargetBuildFacts: Sendable {
  /// A Swift package product the target links, with its package and the resolved version.
  public struct PackageProduct: Hashable, Sendable {
    /// The product.
    public var product: XcodeSwiftPackageProduct
    /// The version `Package.resolved` pins the package to (`19.6.0`, `main@1a2b3c4`), when known.
    public var resolvedVersion: String?
  }

  /// A pod the target links, from its block in the Podfile.
  public struct Pod: Hashable, Sendable {
    /// The `pod` line.
    public var pod: Podfile.Pod
    /// The Podfile it is written in.
    public var podfile: String
    /// The version `Podfile.lock` lists, when known.
    public var lockedVersion: String?
  }

  /// A library a local pod or plug-in's podspec brings in (`s.vendored_frameworks`, `s.dependency`).
  public struct PluginLibrary: Hashable, Sendable {
    /// The podspec's entry.
    public var library: Podspec.Library
    /// The pod's or plug-in's name.
    public var plugin: String
    /// The podspec, relative to the working folder.
    public var podspec: String
    /// Where the app names the plug-in (`ios/Podfile:12`, `.flutter-plugins-dependencies`).
    public var origin: String
    /// `CFBundleShortVersionString` of a framework the plug-in vendors, when the repository holds it.
    public var bundleVersion: String?

    /// A library `podspec` brings in through the plug-in `plugin`, which the app names at `origin`.
    public init(
      library: Podspec.Library, plugin: String, podspec: String, origin: String, bundleVersion: String? = nil
    ) {
      self.library = library
      self.plugin = plugin
      self.podspec = podspec
      self.origin = origin
      self.bundleVersion = bundleVersion
    }
  }

  /// A file of a frameworks phase, with the version its bundle gives.
  public struct LinkedFile: Hashable, Sendable {
    /// The build file: its name, reference and `Weak` attribute.
    public var file: XcodeBuildFile
    /// `CFBundleShortVersionString` of the framework (an xcframework's iOS slice), when the repository holds it.
    public var bundleVersion: String?
  }

  /// A file a copy-files phase copies into the bundle.
  public struct EmbeddedFile: Hashable, Sendable {
    /// The build file: its name, reference and `CodeSignOnCopy`/`RemoveHeadersOnCopy` attributes.
    public var file: XcodeBuildFile
    /// Where it goes.
    public var destination: XcodeCopyDestination
    /// The phase's name as Xcode shows it ("Embed Frameworks").
    public var phaseName: String
    /// Whether the phase copies only when installing (archives).
    public var onlyWhenInstalling: Bool

    /// Whether Xcode signs the copy ("Embed & Sign").
    public var isSigned: Bool { file.signsOnCopy }
  }

  /// A Carthage dependency of the project, with the version `Cartfile.resolved` gives.
  public struct CarthageDependency: Hashable, Sendable {
    /// The `Cartfile.resolved` entry, else the `Cartfile` one.
    public var entry: Cartfile.Entry
    /// The file it is written in.
    public var file: String
    /// Whether `entry.version` is the resolved version (from `Cartfile.resolved`) rather than a requirement.
    public var isResolved: Bool
  }

  /// The target's name.
  public var targetName: String
  /// The `.xcodeproj` it belongs to.
  public var project: String
  /// Every build phase, in order.
  public var phases: [XcodeBuildPhase] = []
  /// The files of the frameworks phases ("Link Binary With Libraries") that name a file (package products are
  /// in `packageProducts`), each with the version its bundle's `Info.plist` gives when the repository holds it.
  public var linkedFiles: [LinkedFile] = []
  /// The Swift package products the target depends on.
  public var packageProducts: [PackageProduct] = []
  /// The pods of the target's block in the Podfile (inherited ones included), when a Podfile applies.
  public var pods: [Pod] = []
  /// What the local pods and plug-ins of the target's Podfile block bring in (their podspecs' vendored frameworks
  /// and dependencies).
  public var pluginLibraries: [PluginLibrary] = []
  /// The app's `package.json` / `pubspec.yaml` dependencies, when the target's block calls a plug-in installer.
  public var pluginPackageDependencies: [PluginPackageDependency] = []
  /// Every pod `Podfile.lock` lists with its version (those the target's pods bring in among them), when the
  /// Podfile has a block for the target.
  public var lockedPods: [String: String] = [:]
  /// The pods of `lockedPods` the target's own pods bring in (themselves included), when Podfile.lock lists what
  /// each pod depends on; nil when it does not, and then any locked pod may be the target's.
  public var lockedPodsBroughtIn: Set<String>?
  /// Every package `Package.resolved` pins (identities), when the target links a Swift package product: the
  /// resolved graph is the whole project's, so these are the packages the target's products may bring in.
  public var packageGraphIdentities: Set<String> = []
  /// The project's Carthage dependencies (Carthage has no targets: they are the project's, for every target).
  public var carthage: [CarthageDependency] = []
  /// What the copy-files phases copy into the bundle (frameworks, extensions, anything).
  public var embedded: [EmbeddedFile] = []
  /// The Run Script phases.
  public var scriptPhases: [XcodeBuildPhase] = []
  /// The files of the Copy Bundle Resources phases.
  public var resources: [XcodeBuildFile] = []
  /// The names of the targets it depends on.
  public var dependencies: [String] = []
  /// The names of every app that embeds it, in the project's order, then those of other projects
  /// (`CrossProjectEmbed`).
  public var containingApps: [String] = []
  /// For each of `containingApps`, the app's project when it is another than the target's (as
  /// `XcodeTargetsReport.Target.project` shows projects), nil when it is the same; shorter than `containingApps` (often
  /// empty) when the last apps are of the same project: `containingAppProjects(count:)` pads it.
  public var containingAppProjects: [String?] = []
  /// The names of the targets it embeds (for an app: its extensions, watch app, App Clip).
  public var embeddedTargets: [String] = []
  /// What could not be read in the files the facts come from (a Podfile block never closed…).
  public var notes: [XcodeProjectNote] = []
  /// The Swift, Objective-C and C files the target compiles.
  public var compiledSources = XcodeCompiledSources()
  /// The sources of what the target builds with from the same repository: the project's targets it depends on or
  /// links (frameworks, libraries; not apps or extensions), and the local Swift packages it links (their `Sources`
  /// folder).
  public var dependencySources = XcodeCompiledSources()

  /// Empty facts for `targetName` of `project`.
  public init(targetName: String, project: String) {
    self.targetName = targetName
    self.project = project
  }

  /// `containingAppProjects`, one for each of the first `count` containing apps (nil for an app of the same project).
  public func containingAppProjects(count: Int) -> [String?] {
    let known = containingAppProjects.prefix(count)
    return Array(known) + Array(repeating: nil, count: count - known.count)
  }

  /// `lockedPods` without those only other targets' pods bring in (another block of the same Podfile), when
  /// Podfile.lock says what brings what in.
  public var targetLockedPods: [String: String] {
    guard let broughtIn = lockedPodsBroughtIn else { return lockedPods }
    return lockedPods.filter { broughtIn.contains($0.key) }
  }

  /// The files embedded into the bundle's `Frameworks` folder (`dstSubfolderSpec = 10`).
  public var embeddedFrameworks: [EmbeddedFile] { embedded.filter { $0.destination.isFrameworks } }

  /// The script phase named `name` (as Xcode shows it), when there is one.
  public func scriptPhase(named name: String) -> XcodeBuildPhase? {
    scriptPhases.first { $0.displayName == name }
  }

  /// The libraries and frameworks `OTHER_LDFLAGS` links in `configuration` (its expanded value; references that
  /// cannot be expanded are left out).
  public static func linkerFlags(in configuration: XcodeTargetConfiguration) -> [XcodeLinkerFlag] {
    guard configuration.settings.value(of: "OTHER_LDFLAGS") != nil else { return [] }
    let resolution = configuration.settings.resolve("$(OTHER_LDFLAGS)")
    if let text = resolution.resolvedText {
      // `$(SRCROOT)/lib/libX.a` is absolute; shown, like every other path, relative to the working folder.
      return XcodeLinkerFlag.flags(in: text).map { flag in
        guard flag.kind == .forceLoad, flag.argument.hasPrefix("/") else { return flag }
        let relative = PathText.relativeToWorkingFolder(PathText.tidied(flag.argument))
        return XcodeLinkerFlag(kind: .forceLoad, argument: relative, isWeak: false, written: "-force_load \(relative)")
      }
    }
    // Some reference could not be expanded (a Pods xcconfig the repository lacks): the words of each assignment
    // that hold no reference still count.
    let words = configuration.settings.definitions(of: "OTHER_LDFLAGS").map(\.value).joined(separator: " ")
    return XcodeLinkerFlag.flags(in: words).filter { !$0.written.contains("$(") && !$0.written.contains("${") }
  }

  /// Everything the target links in `configuration`, one list: frameworks-phase files, package products, pods
  /// (those limited to other configurations left out) and `OTHER_LDFLAGS`, in that order.
  public func linkedLibraries(in configuration: XcodeTargetConfiguration) -> [XcodeLinkedLibrary] {
    var libraries: [XcodeLinkedLibrary] = []
    for linked in linkedFiles {
      libraries.append(
        XcodeLinkedLibrary(
          name: linked.file.name, stem: XcodeLinkedFileKind.stem(of: linked.file.name), version: linked.bundleVersion,
          source: .frameworksPhase(linked.file)))
    }
    for product in packageProducts {
      libraries.append(
        XcodeLinkedLibrary(
          name: product.product.productName, stem: product.product.productName, version: product.resolvedVersion,
          source: .packageProduct(product)))
    }
    for pod in pods where pod.pod.isLinked(in: configuration.name) {
      libraries.append(
        XcodeLinkedLibrary(name: pod.pod.name, stem: pod.pod.rootName, version: pod.lockedVersion, source: .pod(pod)))
    }
    for plugin in pluginLibraries {
      let written = plugin.library.name
      let stem =
        plugin.library.isDependency
        ? (written.split(separator: "/", maxSplits: 1).first.map(String.init) ?? written)
        : XcodeLinkedFileKind.stem(of: PathText.lastComponent(of: written))
      libraries.append(
        XcodeLinkedLibrary(
          name: plugin.library.isDependency ? written : PathText.lastComponent(of: written), stem: stem,
          version: plugin.bundleVersion, source: .plugin(plugin)))
    }
    for flag in Self.linkerFlags(in: configuration) {
      libraries.append(
        XcodeLinkedLibrary(name: flag.fileName, stem: flag.stem, version: nil, source: .linkerFlag(flag)))
    }
    return libraries
  }
}

/// Something a target links, whichever way: a frameworks-phase file, a Swift package product, a pod, a linker
/// flag.
public struct XcodeLinkedLibrary: Hashable, Sendable {
  /// How the target links it.
  public enum Source: Hashable, Sendable {
    /// A file of a "Link Binary With Libraries" phase.
    case frameworksPhase(XcodeBuildFile)
    /// A Swift package product.
    case packageProduct(XcodeTargetBuildFacts.PackageProduct)
    /// A pod of the target's Podfile block.
    case pod(XcodeTargetBuildFacts.Pod)
    /// An `OTHER_LDFLAGS` flag.
    case linkerFlag(XcodeLinkerFlag)
    /// A local pod's or plug-in's podspec (Flutter, React Native, Capacitor, Cordova).
    case plugin(XcodeTargetBuildFacts.PluginLibrary)
  }

  /// What it is called where it is written: `IntuneMAMSwift.xcframework`, the product or pod name,
  /// `libIntuneMAM.a` for `-force_load …/libIntuneMAM.a`.
  public var name: String
  /// The name without `lib` and extension (the pod's name without its subspec): what two ways of linking the
  /// same library share (`IntuneMAMSwift`, `IntuneMAM`).
  public var stem: String
  /// The version, when known (bundle `Info.plist`, `Package.resolved`, `Podfile.lock`).
  public var version: String?
  /// How it is linked.
  public var source: Source

  /// A clause for notes: `links IntuneMAMSwift.xcframework`, `links the Swift package product 'IntuneMAMSwift'
  /// (ms-intune-app-sdk-ios 19.6.0)`, `links the pod 'IntuneMAMSwift' 19.6.0 (ios/Podfile:12)`,
  /// `links libIntuneMAM.a through OTHER_LDFLAGS '-force_load …'`.
  public var description: String {
    switch source {
    case .frameworksPhase:
      return "links \(name)" + (version.map { " \($0)" } ?? "")
    case .packageProduct(let product):
      let package = product.product.package?.identity
      let detail = [package, version].compactMap { $0 }.joined(separator: " ")
      return "links the Swift package product '\(name)'" + (detail.isEmpty ? "" : " (\(detail))")
    case .pod(let pod):
      return "links the pod '\(name)'" + (version.map { " \($0)" } ?? "") + " (\(pod.podfile):\(pod.pod.line))"
    case .linkerFlag(let flag):
      return "links \(name) through OTHER_LDFLAGS '\(flag.written)'"
    case .plugin(let plugin):
      let what = plugin.library.isDependency ? "the pod '\(name)'" : name
      return "links \(what) through the plug-in '\(plugin.plugin)' (\(plugin.podspec):\(plugin.library.line), "
        + "named in \(plugin.origin))"
    }
  }
}

extension XcodeTargetBuildFacts {
  /// Whether the package `identity` may come in through another package the target links: `Package.resolved`
  /// pins it and the target links a product of some other package (a Capacitor, React Native or Flutter plug-in's
  /// package that depends on it, a local package of the app's own).
  public func mayLinkThroughAnotherPackage(_ identity: String) -> Bool {
    packageGraphIdentities.contains(identity)
      && packageProducts.contains { $0.product.package.map { $0.identity != identity } ?? true }
  }
}

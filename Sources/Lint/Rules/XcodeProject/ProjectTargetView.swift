import IntuneKnowledge
import SharelintBase
import XcodeModel

/// What the project rules read of a target of an Xcode project in one configuration: its build facts, its
/// settings as Xcode evaluates them, and where each thing is written in the project's files.
struct ProjectTargetView {
  let target: LintTarget
  let facts: TargetBuildFacts
  let build: XcodeTargetBuildFacts
  let configuration: XcodeTargetConfiguration
  let sources: XcodeProjectSources

  /// The view of `target`, when it is a target of an Xcode project (not loose files or a built bundle).
  init?(_ target: LintTarget) {
    guard let facts = target.settings.buildFacts, let build = facts.project, let configuration = facts.configuration,
      let sources = facts.sources
    else { return nil }
    self.target = target
    self.facts = facts
    self.build = build
    self.configuration = configuration
    self.sources = sources
  }

  var targetName: String { build.targetName }
  var configurationName: String { configuration.name }
  /// `App › Debug`: how findings name the build.
  var place: String { "\(targetName) › \(configurationName)" }

  /// Whether the target builds an app (not an extension, a watch app or an App Clip).
  var isApp: Bool { facts.productType == "com.apple.product-type.application" }
  /// Whether the target builds an app extension.
  var isExtension: Bool { (facts.productType ?? "").contains("extension") }

  /// What it links of the Intune App SDK in this configuration.
  var intuneLibraries: [XcodeLinkedLibrary] { facts.linked.filter(IntuneEvidence.isIntuneSDK) }

  /// What it links of MSAL: a library or framework named MSAL, or a product of MSAL's Swift package.
  var msalLibrary: XcodeLinkedLibrary? {
    facts.linked.first { $0.stem.lowercased() == "msal" }
      ?? facts.linked.first { IntuneSDKDistribution.nuGetPackage(named: $0.name)?.bringsMSAL == true }
      ?? facts.linked.first { library in
      guard case .packageProduct(let product) = library.source else { return false }
      return product.product.package?.identity == MSALDistribution.packageIdentity
    }
  }

  /// The MSAL version `Podfile.lock` lists, when the target's Podfile block brings MSAL in (directly or through
  /// another pod; any pod of the file when the lock does not say what brings what in).
  var lockedMSALVersion: String? {
    build.targetLockedPods.first { MSALDistribution.isMSALPod($0.key) }?.value
  }

  /// MSAL's Carthage entry, when the project has one.
  var carthageMSAL: XcodeTargetBuildFacts.CarthageDependency? {
    build.carthage.first { $0.entry.name.lowercased().contains("microsoft-authentication-library") }
  }

  /// Whether the target links MSAL, whichever way (`msalLibrary`, `lockedMSALVersion`, `carthageMSAL`).
  var linksMSAL: Bool { msalLibrary != nil || lockedMSALVersion != nil || carthageMSAL != nil }

  /// The identity of MSAL's Swift package.
  static let msalPackageIdentity = MSALDistribution.packageIdentity

  /// Whether MSAL may come in without a line of the target's own: a package the target links depends on MSAL's
  /// (`Package.resolved` pins it), the app's `package.json` or `pubspec.yaml` depends on a known sign-in or Intune
  /// plug-in (`IntunePlugins`), or a pod named for a sign-in or Intune plug-in is locked (a React Native,
  /// Flutter or Capacitor plug-in whose podspec vendors MSAL, as `mattermost-intune` does).
  var mayLinkMSALIndirectly: Bool {
    build.pluginPackageDependencies.contains { IntuneEvidence.wrappedByPlugin($0) != nil }
      || build.mayLinkThroughAnotherPackage(Self.msalPackageIdentity) || build.targetLockedPods.keys.contains { name in
      let lowered = name.lowercased()
      return lowered.contains("msal")
        || lowered.contains("intune") && !IntuneEvidence.isIntuneSDK(stem: String(name.prefix { $0 != "/" }))
    }
  }

  /// The version of MSAL the target links, when known, with how it links it (for notes): the version `msalLibrary`
  /// gives (its framework's `Info.plist`, `Package.resolved`, `Podfile.lock`), else `Podfile.lock`'s for a pod
  /// another pod brings in, else `Cartfile.resolved`'s. Nil for a branch or a revision.
  var msalVersion: (version: ReleaseVersion, origin: String)? {
    if let library = msalLibrary {
      // An Intune NuGet package that carries MSAL is versioned as the Intune SDK: its version says nothing of MSAL's.
      if IntuneSDKDistribution.nuGetPackage(named: library.name) != nil { return nil }
      guard let text = library.version ?? lockedMSALVersion, let version = ReleaseVersion(text) else { return nil }
      return (version, library.version == nil ? "\(library.description), MSAL \(text) in Podfile.lock"
        : library.description)
    }
    if let text = lockedMSALVersion, let version = ReleaseVersion(text) {
      return (version, "gets the pod 'MSAL' \(text) through another pod (Podfile.lock)")
    }
    if let carthage = carthageMSAL, carthage.isResolved, let version = ReleaseVersion(carthage.entry.version) {
      return (version, "gets MSAL \(carthage.entry.version) from Carthage (\(carthage.file):\(carthage.entry.line))")
    }
    return nil
  }

  /// Its Swift and Objective-C sources, when the project names some.
  var sourceCode: TargetSourceCode? {
    guard let code = facts.sourceCode, code.hasSources else { return nil }
    return code
  }

  /// The SDK's version, from the first Intune library whose version is known (the framework's own `Info.plist`,
  /// `Package.resolved`, `Podfile.lock`), with that library.
  var sdkVersion: (version: ReleaseVersion, library: XcodeLinkedLibrary)? {
    for library in intuneLibraries {
      if let text = library.version, let version = ReleaseVersion(text) { return (version, library) }
    }
    for (name, text) in build.lockedPods.sorted(by: { $0.key < $1.key })
    where IntuneEvidence.isIntuneSDK(stem: String(name.prefix { $0 != "/" })) {
      if let version = ReleaseVersion(text), let library = intuneLibraries.first { return (version, library) }
    }
    return nil
  }

  /// The assignment that decides `name`, when one does (a built-in or `-D` value included).
  func decidingDefinition(of name: String) -> BuildSettingDefinition? {
    configuration.settings.definitions(of: name).last
  }

  /// `name`'s value as Xcode evaluates it (empty when undefined).
  func value(of name: String) -> String {
    configuration.settings.evaluate("$(\(name))").value
  }

  /// How a message shows `name`'s value: `'12.0'`, followed by ` (from '$(RECOMMENDED_VERSION)')` when the deciding
  /// assignment writes references.
  func shownValue(of name: String) -> String {
    let value = value(of: name)
    return BuildSettingEvaluation.shown(value, written: decidingDefinition(of: name)?.value ?? value)
  }

  /// Whether `name` evaluates to YES, `default` when nothing assigns it.
  func isYes(_ name: String, default: Bool) -> Bool {
    guard decidingDefinition(of: name) != nil else { return `default` }
    return ["YES", "TRUE", "1"].contains(value(of: name).uppercased())
  }

  /// Where `name`'s deciding assignment is written, else the configuration's `buildSettings`.
  func settingSite(_ name: String) -> (text: SourceText, range: ByteRange)? {
    if let definition = decidingDefinition(of: name), let site = sources.site(of: definition) { return site }
    return sources.configurationSite(targetName: targetName, configuration: configurationName)
  }

  /// Where the target is written (its name in the `project.pbxproj`).
  var targetSite: (text: SourceText, range: ByteRange)? { sources.targetSite(targetName) }

  /// Reports `message` at `site` (nothing when the site is unknown: no finding without a place to show).
  func report(
    _ message: String, at site: (text: SourceText, range: ByteRange)?, keyPath: String, notes: [String] = [],
    fix: LintFix? = nil, into findings: inout Findings
  ) {
    guard let site else { return }
    findings.report(message, in: site.text, range: site.range, keyPath: keyPath, notes: notes, fix: fix)
  }

  /// The fix giving `name` the value `value` where it is decided, unsafe when that also changes other targets; nil
  /// when no edit can be made (an XcodeGen spec, a `-D` value, a value continued over lines).
  func settingFix(_ name: String, to value: String, findings: Findings) -> (fix: LintFix?, notes: [String]) {
    if sources.isGenerated {
      let location = decidingDefinition(of: name).map { "\($0.origin)" } ?? "the target's settings"
      let generator = sources.generator ?? "XcodeGen"
      return (nil, ["not fixed automatically: the project is generated by \(generator); set \(name) = \(value) in "
        + location])
    }
    guard let edit = sources.settingEdit(name, to: value, targetName: targetName, configuration: configuration) else {
      return (nil, [])
    }
    let title = "set \(name) = \(value) (\(edit.location))"
    guard edit.otherTargets.isEmpty else {
      let others = edit.otherTargets.prefix(3).joined(separator: ", ")
        + (edit.otherTargets.count > 3 ? " and \(edit.otherTargets.count - 3) more" : "")
      return (findings.fix(title, .unsafe, file: edit.file, edits: edit.edits),
              ["the fix is unsafe: \(edit.location) also sets \(name) for \(others)"])
    }
    return (findings.fix(title, .safe, file: edit.file, edits: edit.edits), [])
  }
}

extension XcodeLinkedLibrary {
  /// The build file of a frameworks phase, when it is linked that way.
  var frameworksPhaseFile: XcodeBuildFile? {
    if case .frameworksPhase(let file) = source { return file }
    return nil
  }

  /// Whether it is a framework (`.framework`, `.xcframework`): what "Embed & Sign" applies to.
  var isFrameworkBundle: Bool {
    let kind = XcodeLinkedFileKind(fileName: name)
    return kind == .framework || kind == .xcframework
  }
}

/// The parts of the Intune App SDK by what they are.
enum IntuneSDKParts {
  /// The dynamic frameworks an app embeds and signs: the Swift framework and its stub, the 2016–2020 framework,
  /// the telemetry framework (19.3.1 and later).
  static func isDynamicFramework(_ library: XcodeLinkedLibrary) -> Bool {
    guard library.isFrameworkBundle else { return false }
    return IntuneSDKDistribution.dynamicFrameworkStems.contains(library.stem.lowercased())
  }

  /// Whether the library is the SDK built with Swift (11.0.2 and later): anything of it but the Objective-C
  /// `IntuneMAM.framework` and `libIntuneMAM.a`.
  static func hasSwift(_ library: XcodeLinkedLibrary) -> Bool {
    IntuneEvidence.isIntuneSDK(library) && library.stem.lowercased() != IntuneSDKDistribution.legacyStem
  }

  /// Whether a file name is a framework of the SDK (dynamic or static) that a bundle may carry.
  static func isSDKFramework(fileName: String) -> Bool {
    let kind = XcodeLinkedFileKind(fileName: fileName)
    guard kind == .framework || kind == .xcframework else { return false }
    return IntuneEvidence.isIntuneSDK(stem: XcodeLinkedFileKind.stem(of: fileName))
  }

  /// The frameworks that need `IntuneMAMSwiftStub` beside them: the Swift framework and the static framework.
  static func needsStub(_ library: XcodeLinkedLibrary) -> Bool {
    library.isFrameworkBundle && ["intunemamswift", "intunemamstatic"].contains(library.stem.lowercased())
  }

  /// The static libraries of the SDK (`libIntuneMAM.a`, the deprecated `libIntuneMAMSwift.xcframework`), which need
  /// `IntuneMAMResources.bundle`.
  static func isStaticLibrary(_ library: XcodeLinkedLibrary) -> Bool {
    let lowered = library.name.lowercased()
    return lowered.hasPrefix("libintunemam") && !lowered.contains("fileprovider")
      && (lowered.hasSuffix(".a") || lowered.hasSuffix(".xcframework"))
  }
}

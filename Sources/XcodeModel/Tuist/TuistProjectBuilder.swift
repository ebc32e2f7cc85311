import Foundation
import PropertyList
import SharelintBase

/// Builds the project `tuist generate` would write from what a `Project.swift` says in literals, without running
/// it: `Project(name:…, settings:…, targets: [.target(…), Target(…), Target.target(…)])`, and for each target its
/// `name`, `destinations`/`platform`, `product`, `bundleId`, `deploymentTargets`, `infoPlist`, `entitlements`,
/// `settings` and `dependencies`, as Tuist's generator turns them into build settings and phases:
/// - configurations: the project's `settings: .settings(configurations: [.debug(name:…), .release(name:…)])`, else
///   `Debug` and `Release`; an `xcconfig:` path is the configuration's base configuration;
/// - target settings: Xcode's recommended ones for the platform and product, the deployment target,
///   `PRODUCT_BUNDLE_IDENTIFIER` from `bundleId`, `INFOPLIST_FILE` and `CODE_SIGN_ENTITLEMENTS` from the files,
///   then the project's and the target's `base` and per-configuration settings (literal strings only);
/// - Info.plists: a file (`"path"`, `.file(path:)`), or the one Tuist writes to `Derived/InfoPlists/` for
///   `.default`, `.extendingDefault(with:)` and `.dictionary(…)` (its default keys, then the literal ones);
///   entitlements: a file, or `Derived/Entitlements/` for `.dictionary(…)`;
/// - dependencies: `.target(name:)` is a target dependency, and an app embeds the extensions, app clips and
///   dynamic frameworks it depends on; `.xcframework(path:)`, `.framework(path:)`, `.sdk(name:…)`,
///   `.package(product:)` and `.external(name:)` are linked.
///
/// Whatever a manifest computes — an interpolated bundle id, a variable from `ProjectDescriptionHelpers`, a helper
/// that makes the targets — is a note at the line it is written on, naming `tuist generate`; nothing is guessed.
/// Files are looked at only within the builder's `RepositoryBoundary`.
struct TuistProjectBuilder {
  let manifestPath: String
  let manifest: SwiftManifest
  let rootFolder: String
  let boundary: RepositoryBoundary
  /// The note for a manifest that yields no project: what generates it, and that it is not read.
  let manifestNote: XcodeProjectNote
  /// What the manifest computes and what it names that is not there, located; the workspace reader adds its own.
  var notes: [XcodeProjectNote] = []
  private(set) var generatedPlists: [XcodeGenGeneratedPlist] = []
  /// The targets of other projects the apps depend on (`.project(target:path:)`), which Tuist embeds.
  private(set) var crossProjectEmbeds: [CrossProjectEmbed] = []
  /// Whether every target of the manifest was read (none is computed, no list of them is).
  private(set) var readsEveryTarget = true
  /// Whether some `settings:` value of the manifest is computed (a helper's constant, a call), so that the build
  /// settings read are not all the build has: set while a `settings:` value is read.
  private var settingsLeftUnread = false
  /// Whether the project's own `settings:` is computed in part: then no target's settings are all known.
  private(set) var projectSettingsUnread = false
  /// The targets whose own `settings:` is computed in part.
  private(set) var targetsWithUnreadSettings: Set<String> = []
  private var notesGiven: Set<XcodeProjectNote> = []
  private var objects: [String: XcodeObject] = [:]

  /// The callees that make a target.
  static let targetCallees: Set<String> = [
    "Target", ".target", "Target.target", "ProjectDescription.Target", "Target.init", ".init",
  ]
  /// The callees that make a project.
  static let projectCallees: Set<String> = ["Project", "ProjectDescription.Project", "Project.init"]
  /// What to run to see what a manifest computes.
  static let generateAdvice = "only 'tuist generate' can evaluate it (lint the generated project to check it)"

  init(manifestPath: String, manifest: SwiftManifest, manifestNote: XcodeProjectNote, boundary: RepositoryBoundary) {
    self.manifestPath = manifestPath
    self.manifestNote = manifestNote
    self.manifest = manifest
    rootFolder = PathText.removingLastComponent(of: manifestPath)
    self.boundary = boundary
  }

  mutating func note(_ message: String, at value: SwiftManifestValue) {
    let note = XcodeProjectNote(message, file: manifestPath, line: value.line)
    if notesGiven.insert(note).inserted { notes.append(note) }
  }

  /// One target as the manifest writes it.
  private struct TargetSpec {
    var name: String
    var value: SwiftManifestValue
    var arguments: [String: SwiftManifestValue]
    /// XcodeGen's (and the pbxproj's) product type suffix: `application`, `app-extension`, `framework`…
    var type: String
    var platform: String
    var id: String { "tuist.target.\(name)" }
    var productID: String { "tuist.product.\(name)" }
    var productType: String { "com.apple.product-type.\(type)" }
    var isApplication: Bool { type.hasPrefix("application") }
    var isExtension: Bool {
      type.hasPrefix("app-extension") || type == "extensionkit-extension" || type.hasPrefix("watchkit")
        || type == "tv-app-extension"
    }
    var isStatic: Bool { type == "library.static" || type == "framework.static" }
    var productFileName: String {
      if isApplication { return "\(name).app" }
      if isExtension { return "\(name).appex" }
      switch type {
      case "framework", "framework.static": return "\(name).framework"
      case "library.static": return "lib\(name).a"
      case "library.dynamic": return "lib\(name).dylib"
      case "bundle", "bundle.unit-test", "bundle.ui-testing": return "\(name).\(type == "bundle" ? "bundle" : "xctest")"
      default: return name
      }
    }
  }

  /// Tuist's products (`Product`) as product types.
  static let productTypes: [String: String] = [
    "app": "application", "appExtension": "app-extension", "framework": "framework",
    "staticFramework": "framework.static", "staticLibrary": "library.static", "dynamicLibrary": "library.dynamic",
    "unitTests": "bundle.unit-test", "uiTests": "bundle.ui-testing", "bundle": "bundle",
    "watch2App": "application.watchapp2", "watch2Extension": "watchkit2-extension",
    "appClip": "application.on-demand-install-capable", "messagesExtension": "app-extension.messages",
    "stickerPackExtension": "app-extension.messages-sticker-pack", "extensionKitExtension": "extensionkit-extension",
    "tvTopShelfExtension": "tv-app-extension", "commandLineTool": "tool", "xpc": "xpc-service",
    "systemExtension": "system-extension", "macro": "tool",
  ]

  // MARK: - Building

  mutating func build(source: SourceText) -> XcodeProject {
    var projectName = PathText.lastComponent(of: rootFolder.isEmpty ? "." : rootFolder)
    var targets: [PBXNativeTarget] = []
    var projectConfigurations: [XCBuildConfiguration] = []
    if let projectCall = findProject() {
      let arguments = Self.labelled(projectCall.arguments)
      if let nameValue = arguments["name"] {
        if let name = manifest.resolved(nameValue).string {
          projectName = name
        } else {
          note("the project's name is \(nameValue.shown): \(Self.generateAdvice)", at: nameValue)
        }
      }
      let configurations = configurationNames(arguments["settings"])
      settingsLeftUnread = false
      let projectSettings = settingsByConfiguration(arguments["settings"], configurations: configurations)
      projectSettingsUnread = settingsLeftUnread
      var targetSpecs: [TargetSpec] = []
      if let targetsValue = arguments["targets"] {
        let notesBefore = notes.count
        var names: Set<String> = []
        var repeatedNames: Set<String> = []
        for element in arrayElements(targetsValue, what: "the project's targets") {
          guard targetSpecs.count < XcodeTargetsReport.maximumTargets else {
            note(
              "the project has more than \(XcodeTargetsReport.maximumTargets) targets: this one and the rest are not "
                + "read", at: element)
            break
          }
          guard let spec = targetSpec(manifest.resolved(element), writtenAs: element) else { continue }
          guard names.insert(spec.name).inserted else {
            if repeatedNames.insert(spec.name).inserted {
              note("a second target is named '\(spec.name)' (tuist generate refuses it): it is not read", at: element)
            }
            continue
          }
          targetSpecs.append(spec)
        }
        if notes.count > notesBefore { readsEveryTarget = false }
      }
      let targetsByName = Dictionary(targetSpecs.map { ($0.name, $0) }) { first, _ in first }
      for config in configurations {
        var settings = XcodeGenSettingDictionary()
        for (key, value) in projectSettings[config.name] ?? [] { settings.set(key, value.text, at: value.location) }
        projectConfigurations.append(
          XCBuildConfiguration(
            id: "tuist.project.\(config.name)", name: config.name, buildSettings: settings.definitions,
            baseConfiguration: config.xcconfig.map { .init(path: PathText.joined(rootFolder, $0), displayName: $0) }))
      }
      for spec in targetSpecs {
        targets.append(target(spec, configurations: configurations, targets: targetsByName))
      }
      // A literal project whose targets are all computed (or that has none) yields nothing to lint.
      if targets.isEmpty { notes.append(manifestNote) }
    }
    return project(
      name: projectName, source: source, targets: targets, configurations: projectConfigurations)
  }

  /// The `Project(…)` call of the manifest, or `nil` with a note when it is made by code.
  private mutating func findProject() -> (callee: String, arguments: [SwiftManifestArgument])? {
    let candidates = manifest.bindings.values.sorted { $0.line < $1.line } + manifest.expressions
    if let call = candidates.compactMap(\.call).first(where: { Self.projectCallees.contains($0.callee) }) {
      return call
    }
    // `let project = Project.app(…)` or `makeProject(…)`: a helper, which only running the manifest can evaluate.
    let helper =
      manifest.bindings["project"] ?? candidates.first { $0.call?.callee.hasPrefix("Project.") == true }
    if let helper {
      note(
        "the project is made by \(helper.shown), code (of ProjectDescriptionHelpers or the manifest): its targets, "
          + "bundle ids and plists are not read; \(Self.generateAdvice)", at: helper)
    } else {
      notes.append(manifestNote)
    }
    return nil
  }

  /// The elements of an array value, or of the arrays joined with `+` (`[a] + (flag ? [b] : [])`), with a note for
  /// each part that is computed.
  mutating func arrayElements(_ value: SwiftManifestValue, what: String) -> [SwiftManifestValue] {
    var elements: [SwiftManifestValue] = []
    for operand in manifest.resolved(value).operands {
      if let array = manifest.resolved(operand).elements {
        elements += array
      } else {
        note(
          "\(what) \(operand.line == value.line ? "are" : "include") \(manifest.resolved(operand).shown), not an array "
            + "literal: what it holds is not read; \(Self.generateAdvice)", at: operand)
      }
    }
    return elements
  }

  /// The target written as `value` (`written` before names were resolved), or `nil` with a note.
  private mutating func targetSpec(_ value: SwiftManifestValue, writtenAs written: SwiftManifestValue) -> TargetSpec? {
    guard let call = value.call, Self.targetCallees.contains(call.callee) else {
      note("a target is \(written.shown), not a literal target: it is not read; \(Self.generateAdvice)", at: written)
      return nil
    }
    let arguments = Self.labelled(call.arguments)
    guard let nameValue = arguments["name"], let name = manifest.resolved(nameValue).string, !name.isEmpty else {
      let shown = arguments["name"]?.shown ?? "missing"
      note("a target's name is \(shown): the target is not read; \(Self.generateAdvice)", at: value)
      return nil
    }
    guard let productValue = arguments["product"], let product = productValue.name,
      let type = Self.productTypes[String(product.split(separator: ".").last ?? "")]
    else {
      let shown = arguments["product"]?.shown ?? "missing"
      note("the target '\(name)' has the product \(shown): it is not read; \(Self.generateAdvice)", at: value)
      return nil
    }
    return TargetSpec(
      name: name, value: value, arguments: arguments, type: type,
      platform: platform(destinations: arguments["destinations"], platform: arguments["platform"]))
  }

  /// The platform of `destinations:` (`.iOS`, `[.iPhone, .iPad]`, `.macOS`…) or of the older `platform:`.
  private func platform(destinations: SwiftManifestValue?, platform: SwiftManifestValue?) -> String {
    var names: [String] = []
    for value in [destinations, platform].compactMap({ $0 }) {
      let value = manifest.resolved(value)
      names += ([value] + (value.elements ?? [])).compactMap { $0.name?.split(separator: ".").last.map(String.init) }
    }
    for name in names {
      switch name {
      case "iOS", "iPhone", "iPad", "macWithiPadDesign", "macCatalyst": return "iOS"
      case "macOS", "mac": return "macOS"
      case "tvOS", "appleTv", "appleTV": return "tvOS"
      case "watchOS", "appleWatch": return "watchOS"
      case "visionOS", "appleVision", "appleVisionWithiPadDesign": return "visionOS"
      default: continue
      }
    }
    return "iOS"
  }

  // MARK: - Settings

  /// A configuration of the project: its name and its `xcconfig:` path (relative to the manifest's folder).
  private struct Configuration {
    var name: String
    var xcconfig: String?
    var value: SwiftManifestValue?
  }

  /// A setting's literal text and where it is written.
  private struct SettingText {
    var text: String
    var location: XcodeGenLocation
  }

  /// The configurations of the project's `settings:` (`.debug(name: "Beta")`, `.release(name: .release)`), else
  /// Tuist's `Debug` and `Release`.
  private mutating func configurationNames(_ settings: SwiftManifestValue?) -> [Configuration] {
    var configurations: [Configuration] = []
    if let settings, let call = manifest.resolved(settings).call,
      let list = Self.labelled(call.arguments)["configurations"]
    {
      for element in manifest.resolved(list).elements ?? [] {
        guard let entry = manifest.resolved(element).call else { continue }
        let arguments = Self.labelled(entry.arguments)
        guard let nameValue = arguments["name"] else { continue }
        let name: String
        if let text = manifest.resolved(nameValue).string {
          name = text
        } else if let member = nameValue.name, member == ".debug" || member == ".release" {
          name = member == ".debug" ? "Debug" : "Release"
        } else if case .call(".configuration", let inner) = nameValue.kind, let text = inner.first?.value.string {
          name = text
        } else {
          note("a configuration's name is \(nameValue.shown): it is not read; \(Self.generateAdvice)", at: nameValue)
          continue
        }
        let xcconfig = arguments["xcconfig"].flatMap { path($0) }
        configurations.append(Configuration(name: name, xcconfig: xcconfig, value: element))
      }
    }
    return configurations.isEmpty ? [Configuration(name: "Debug"), Configuration(name: "Release")] : configurations
  }

  /// The literal build settings of a `settings:` value by configuration name: `base`, then the configuration's own
  /// `settings:`. A setting sharelint reads (bundle id, Info.plist, entitlements) that is not a literal is a note.
  private mutating func settingsByConfiguration(
    _ settings: SwiftManifestValue?, configurations: [Configuration]
  ) -> [String: [(String, SettingText)]] {
    guard let settings else { return [:] }
    let resolved = manifest.resolved(settings)
    guard let call = resolved.call else {
      note("the settings are \(settings.shown): \(Self.generateAdvice)", at: settings)
      settingsLeftUnread = true
      return [:]
    }
    let arguments = Self.labelled(call.arguments)
    let base = arguments["base"].map { literalSettings($0) } ?? []
    var result: [String: [(String, SettingText)]] = [:]
    for configuration in configurations { result[configuration.name] = base }
    // `.settings(base:debug:release:)`, Tuist 3's form: the settings of the configurations of each variant.
    for (label, variant) in [("debug", "Debug"), ("release", "Release")] {
      guard let values = arguments[label] else { continue }
      let settings = literalSettings(values)
      for configuration in configurations where configuration.name == variant || (configurations.count > 2
        && configuration.name.lowercased().contains(label))
      {
        result[configuration.name, default: base] += settings
      }
    }
    for element in arguments["configurations"].flatMap({ manifest.resolved($0).elements }) ?? [] {
      guard let entry = manifest.resolved(element).call else { continue }
      let entryArguments = Self.labelled(entry.arguments)
      let name =
        entryArguments["name"].flatMap { manifest.resolved($0).string }
        ?? (entryArguments["name"]?.name == ".debug" ? "Debug" : entryArguments["name"]?.name == ".release"
          ? "Release" : nil)
      guard let name, let values = entryArguments["settings"] else { continue }
      result[name, default: base] += literalSettings(values)
    }
    return result
  }

  /// The settings of a `[String: SettingValue]` literal whose values are literal strings (or `.string("…")`,
  /// `.array([…])`).
  private mutating func literalSettings(_ value: SwiftManifestValue) -> [(String, SettingText)] {
    let resolved = manifest.resolved(value)
    guard case .dictionary(let pairs) = resolved.kind else {
      // `SettingsDictionary().…`, helpers, a constant of a type (`BuildSetting.Project.debug`): code.
      note("the build settings are \(value.shown): \(Self.generateAdvice)", at: value)
      settingsLeftUnread = true
      return []
    }
    var settings: [(String, SettingText)] = []
    for (key, setting) in pairs {
      guard let name = key.string else { continue }
      let setting = manifest.resolved(setting)
      var text = literalString(setting)
      if text == nil, let elements = setting.elements ?? setting.call?.arguments.first?.value.elements,
        setting.call == nil || setting.call?.callee == ".array"
      {
        let strings = elements.compactMap(\.string)
        if strings.count == elements.count { text = strings.joined(separator: " ") }
      }
      guard let text else {
        if ["PRODUCT_BUNDLE_IDENTIFIER", "INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"].contains(name) {
          note("\(name) is \(setting.shown): \(Self.generateAdvice)", at: setting)
        }
        continue
      }
      settings.append((name, SettingText(text: text, location: location(of: key))))
    }
    return settings
  }

  private func location(of value: SwiftManifestValue) -> XcodeGenLocation {
    XcodeGenLocation(file: manifestPath, line: value.line, column: value.column)
  }

  /// A path value (`"a/b"`, `.relativeToManifest("…")`, `.relativeToCurrentFile("…")`,
  /// `.relativeToRoot("…")`, `.path("…")`) relative to the manifest's folder, or `nil` with a note.
  mutating func path(_ value: SwiftManifestValue) -> String? {
    let resolved = manifest.resolved(value)
    if let text = resolved.string { return text }
    if let call = resolved.call, let text = call.arguments.first.flatMap({ manifest.resolved($0.value).string }) {
      switch call.callee {
      case ".relativeToManifest", ".relativeToCurrentFile", ".path", "Path.relativeToManifest":
        return text
      case ".relativeToRoot", "Path.relativeToRoot":
        if let prefix = pathToRoot() { return prefix + text }
        note("\(value.shown) is relative to a Tuist root that is not found: \(Self.generateAdvice)", at: value)
        return nil
      default:
        break
      }
    }
    note("a path is \(value.shown): \(Self.generateAdvice)", at: value)
    return nil
  }

  /// The path from the manifest's folder to Tuist's root (the nearest folder above with `Tuist/`, `Tuist.swift` or
  /// `.git`), as `../` repeated; `nil` when none is found within the boundary, 16 folders up at most.
  private func pathToRoot() -> String? {
    var folder = rootFolder.isEmpty ? "." : rootFolder
    var prefix = ""
    for _ in 0..<16 {
      for marker in ["Tuist", "Tuist.swift", ".git"]
      where RepositoryEntry.at(PathText.joined(folder, marker), boundary: boundary) != .missing
        && RepositoryEntry.at(PathText.joined(folder, marker), boundary: boundary).refusal == nil
      {
        return prefix
      }
      folder = PathText.joined(folder, "..")
      prefix += "../"
    }
    return nil
  }

  // MARK: - Targets

  private mutating func target(
    _ spec: TargetSpec, configurations: [Configuration], targets: [String: TargetSpec]
  ) -> PBXNativeTarget {
    let arguments = spec.arguments
    let targetLocation = location(of: spec.value)
    var derived = XcodeGenSettingDictionary()
    for (key, value) in XcodeGenSettingPresets.platform(spec.platform)
      + XcodeGenSettingPresets.product(spec.type, platform: spec.platform)
    {
      derived.set(key, value, at: targetLocation)
    }
    derived.set("PRODUCT_NAME", arguments["productName"].flatMap { manifest.resolved($0).string } ?? spec.name,
      at: location(of: arguments["productName"] ?? spec.value))
    if let deployment = arguments["deploymentTargets"] ?? arguments["deploymentTarget"],
      let version = deploymentVersion(deployment),
      let setting = XcodeGenSettingPresets.deploymentTargetSetting(of: spec.platform)
    {
      derived.set(setting, version, at: location(of: deployment))
    }
    if let bundleIdValue = arguments["bundleId"] {
      let resolved = manifest.resolved(bundleIdValue)
      if let bundleId = resolved.string {
        derived.set("PRODUCT_BUNDLE_IDENTIFIER", bundleId, at: location(of: bundleIdValue))
      } else {
        note(
          "the bundle id of '\(spec.name)' is \(resolved.shown), not a plain string literal: \(Self.generateAdvice)",
          at: bundleIdValue)
      }
    }
    if let infoPlist = infoPlistPath(of: spec) { derived.set("INFOPLIST_FILE", infoPlist.text, at: infoPlist.location) }
    if let entitlements = entitlementsPath(of: spec) {
      derived.set("CODE_SIGN_ENTITLEMENTS", entitlements.text, at: entitlements.location)
    }
    settingsLeftUnread = false
    let targetSettings = settingsByConfiguration(arguments["settings"], configurations: configurations)
    if settingsLeftUnread { targetsWithUnreadSettings.insert(spec.name) }
    // A target's own configurations (`.debug(name:…, xcconfig:)`) give the `.xcconfig` its configuration is based on.
    let targetXcconfigs = arguments["settings"] == nil ? [] : configurationNames(arguments["settings"])
    var configurationObjects: [XCBuildConfiguration] = []
    for config in configurations {
      var settings = derived
      for (key, value) in targetSettings[config.name] ?? [] { settings.set(key, value.text, at: value.location) }
      let xcconfig = targetXcconfigs.first { $0.name == config.name }?.xcconfig
      configurationObjects.append(
        XCBuildConfiguration(
          id: "tuist.configuration.\(spec.name).\(config.name)", name: config.name,
          buildSettings: settings.definitions,
          baseConfiguration: xcconfig.map { .init(path: PathText.joined(rootFolder, $0), displayName: $0) }))
    }
    let list = XCConfigurationList(
      id: "tuist.configurations.\(spec.name)", configurations: configurationObjects,
      defaultConfigurationName: configurations.first?.name)
    addObject(
      spec.productID, isa: "PBXFileReference",
      ["path": .string(spec.productFileName), "sourceTree": .string("BUILT_PRODUCTS_DIR")])
    let linking = dependencies(of: spec, targets: targets)
    // Each `sources:` glob's folder holds sources the target compiles, as a folder Xcode keeps in step with the disk
    // does; what its `excluding:` leaves out (a file or a whole folder) is the folder's exception set for the target.
    // The glob's own file pattern is not applied.
    var sourceGroupIDs: [String] = []
    for (offset, folder) in sourceFolders(of: spec).enumerated() {
      let id = "\(spec.id).sources.\(offset)"
      var exceptionIDs: [String] = []
      if !folder.excluded.isEmpty {
        let exceptionID = id + ".excluded"
        addObject(
          exceptionID, isa: "PBXFileSystemSynchronizedBuildFileExceptionSet",
          ["target": .string(spec.id), "membershipExceptions": .array(folder.excluded)])
        exceptionIDs.append(exceptionID)
      }
      addObject(
        id, isa: "PBXFileSystemSynchronizedRootGroup",
        ["path": .string(folder.path), "sourceTree": .string("SOURCE_ROOT"), "exceptions": .array(exceptionIDs)])
      sourceGroupIDs.append(id)
    }
    addObject(
      spec.id, isa: "PBXNativeTarget",
      [
        "name": .string(spec.name), "productName": .string(spec.name), "productType": .string(spec.productType),
        "productReference": .string(spec.productID), "buildConfigurationList": .string(list.id),
        "buildPhases": .array(linking.phases), "dependencies": .array(linking.dependencies),
        "packageProductDependencies": .array(linking.products), "fileSystemSynchronizedGroups": .array(sourceGroupIDs),
      ])
    addObject(list.id, isa: "XCConfigurationList", ["buildConfigurations": .array(configurationObjects.map(\.id))])
    return PBXNativeTarget(
      id: spec.id, isa: "PBXNativeTarget", name: spec.name, productType: spec.productType, productName: spec.name,
      productReferenceID: spec.productID, buildConfigurationList: list, buildPhaseIDs: linking.phases,
      dependencyIDs: linking.dependencies, line: spec.value.line)
  }

  /// A folder of a target's sources, relative to the manifest's, and what `excluding:` leaves out of it (paths
  /// relative to the folder: files, and folders whose every file is left out).
  struct SourceFolder: Equatable {
    var path: String
    var excluded: [String] = []
  }

  /// The folders (relative to the manifest's) of the target's `sources:` globs: `"Sources/**"`, `["A/**", "B.swift"]`,
  /// `.glob("A/**", excluding: …)`, `.paths([…])`, `SourceFilesList(globs: […])`; computed ones are a note.
  /// `excluding:` (one path or a list: "glob patterns for source files that will be excluded", tuist/tuist
  /// `docs/generated/structs/SourceFileGlob.md` at d3fd42a5da464509f46a9d5614f26dc0d4e78dd7, relative to the
  /// manifest's folder) is applied where it names a file or a folder's every file (`"A/Old.swift"`, `"A/Legacy/**"`)
  /// inside the glob's folder; an exclusion with a pattern in a name (`"A/**/*Tests.swift"`) is not applied.
  private mutating func sourceFolders(of spec: TargetSpec) -> [SourceFolder] {
    guard let written = spec.arguments["sources"] else { return [] }
    var pending: [(value: SwiftManifestValue, excluding: [String])] = [(written, [])]
    var folders: [SourceFolder] = []
    var steps = 0
    while let next = pending.popLast(), steps < 1_000 {
      steps += 1
      let (value, excluding) = (manifest.resolved(next.value), next.excluding)
      if let text = literalString(value) {
        guard let folder = XcodeCompiledSources.folder(ofPattern: text) else { continue }
        let excluded = excluding.compactMap { Self.excludedPath($0, inFolder: folder) }
        if let index = folders.firstIndex(where: { $0.path == folder }) {
          // A folder two globs name compiles what either keeps.
          folders[index].excluded = folders[index].excluded.filter(excluded.contains)
        } else {
          folders.append(SourceFolder(path: folder, excluded: excluded))
        }
      } else if let elements = value.elements {
        pending += elements.reversed().map { ($0, excluding) }
      } else if let call = value.call, let first = call.arguments.first,
        [".glob", "SourceFileGlob.glob", ".paths", "SourceFilesList", ".sourceFilesList", "SourceFilesList.init"]
          .contains(call.callee)
      {
        var exclusions = excluding
        if let written = call.arguments.first(where: { $0.label == "excluding" })?.value {
          let resolved = manifest.resolved(written)
          for element in resolved.elements ?? [resolved] {
            if let text = literalString(manifest.resolved(element)) { exclusions.append(text) }
          }
        }
        pending.append((first.value, exclusions))
      } else {
        note("the sources of '\(spec.name)' include \(value.shown): \(Self.generateAdvice)", at: value)
      }
    }
    return folders
  }

  /// What the exclusion glob `pattern` (relative to the manifest's folder) leaves out of `folder`, relative to it: the
  /// file or folder it names (`A/Old.swift`, `A/Legacy` for `A/Legacy/**`); nil for a pattern with a wildcard in
  /// a name, or a path outside the folder.
  static func excludedPath(_ pattern: String, inFolder folder: String) -> String? {
    var components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    while components.last == "**" { components.removeLast() }
    guard !components.isEmpty, !components.contains(".."), !pattern.hasPrefix("/"),
      !components.contains(where: { $0.contains(where: { "*?[{".contains($0) }) })
    else { return nil }
    let path = components.joined(separator: "/")
    if folder == "." { return path }
    guard path.hasPrefix(folder + "/") else { return nil }
    return String(path.dropFirst(folder.count + 1))
  }

  /// The version of `deploymentTargets: .iOS("15.0")` (or the older `.iOS(targetVersion: "15.0", devices: …)`).
  private func deploymentVersion(_ value: SwiftManifestValue) -> String? {
    guard let call = manifest.resolved(value).call else { return nil }
    let argument = call.arguments.first { $0.label == nil || $0.label == "targetVersion" || $0.label == "iOS" }
    return argument.flatMap { manifest.resolved($0.value).string }
  }

  /// `INFOPLIST_FILE` for the target's `infoPlist:` (Tuist's default when there is none), recording the plist
  /// Tuist writes when it writes one.
  private mutating func infoPlistPath(of spec: TargetSpec) -> SettingText? {
    let written = spec.arguments["infoPlist"]
    let value = written.map { manifest.resolved($0) }
    let at = location(of: written ?? spec.value)
    if let value, let path = filePath(value) { return path.map { SettingText(text: $0, location: at) } }
    var extra: [(key: SwiftManifestValue, value: SwiftManifestValue)] = []
    var defaults = Self.defaultInfoPlist(of: spec)
    switch value?.kind {
    case nil:
      break
    case .name(let name) where name == ".default" || name == "InfoPlist.default":
      break
    case .call(let callee, let arguments) where [".extendingDefault", "InfoPlist.extendingDefault", ".dictionary",
      "InfoPlist.dictionary"].contains(callee):
      guard let dictionary = arguments.first.map({ manifest.resolved($0.value) }),
        case .dictionary(let pairs) = dictionary.kind
      else {
        note(
          "the Info.plist of '\(spec.name)' extends \(arguments.first?.value.shown ?? "nothing"), not a literal "
            + "dictionary: \(Self.generateAdvice)", at: written ?? spec.value)
        return nil
      }
      extra = pairs
      if callee.hasSuffix("dictionary") { defaults = [] }
    default:
      note(
        "the Info.plist of '\(spec.name)' is \(written?.shown ?? "missing"): \(Self.generateAdvice)",
        at: written ?? spec.value)
      return nil
    }
    let path = "Derived/InfoPlists/\(spec.name)-Info.plist"
    guard let entries = plistEntries(extra, defaults: defaults, what: "the Info.plist of '\(spec.name)'", at: at)
    else { return nil }
    generatePlist(at: path, entries: entries, location: at)
    return SettingText(text: path, location: at)
  }

  /// `CODE_SIGN_ENTITLEMENTS` for the target's `entitlements:`, recording the plist Tuist writes for a dictionary.
  private mutating func entitlementsPath(of spec: TargetSpec) -> SettingText? {
    guard let written = spec.arguments["entitlements"] else { return nil }
    let value = manifest.resolved(written)
    let at = location(of: written)
    if let path = filePath(value) { return path.map { SettingText(text: $0, location: at) } }
    if let call = value.call, call.callee == ".dictionary" || call.callee == "Entitlements.dictionary",
      let dictionary = call.arguments.first.map({ manifest.resolved($0.value) }),
      case .dictionary(let pairs) = dictionary.kind
    {
      let path = "Derived/Entitlements/\(spec.name).entitlements"
      guard let entries = plistEntries(pairs, defaults: [], what: "the entitlements of '\(spec.name)'", at: at)
      else { return nil }
      generatePlist(at: path, entries: entries, location: at)
      return SettingText(text: path, location: at)
    }
    note("the entitlements of '\(spec.name)' are \(written.shown): \(Self.generateAdvice)", at: written)
    return nil
  }

  /// The path of a file value (`"path"`, `.file(path:)`, `InfoPlist.file(path:)`, `Entitlements.file(path:)`);
  /// `.some(nil)` when it is a file whose path is computed (noted), `nil` when it is no file value.
  private mutating func filePath(_ value: SwiftManifestValue) -> String?? {
    if let text = value.string { return .some(text) }
    guard let call = value.call, call.callee == ".file" || call.callee.hasSuffix(".file"),
      let argument = call.arguments.first
    else { return nil }
    return .some(path(argument.value))
  }

  // MARK: - Generated plists

  /// The keys Tuist writes into every default Info.plist (`InfoPlistContentProvider`), and for an iOS app
  /// `LSRequiresIPhoneOS`.
  private static func defaultInfoPlist(of spec: TargetSpec) -> [PropertyListValue.Entry] {
    var entries: [PropertyListValue.Entry] = [
      .init("CFBundleDevelopmentRegion", .string("$(DEVELOPMENT_LANGUAGE)")),
      .init("CFBundleExecutable", .string("$(EXECUTABLE_NAME)")),
      .init("CFBundleIdentifier", .string("$(PRODUCT_BUNDLE_IDENTIFIER)")),
      .init("CFBundleInfoDictionaryVersion", .string("6.0")),
      .init("CFBundleName", .string("$(PRODUCT_NAME)")),
      .init("CFBundlePackageType", .string("$(PRODUCT_BUNDLE_PACKAGE_TYPE)")),
      .init("CFBundleShortVersionString", .string("1.0")),
      .init("CFBundleVersion", .string("1")),
    ]
    if spec.isApplication, spec.platform == "iOS" { entries.append(.init("LSRequiresIPhoneOS", .boolean(true))) }
    return entries
  }

  /// `defaults` with the literal `pairs` over them, or `nil` with a note when one is not a literal.
  private mutating func plistEntries(
    _ pairs: [(key: SwiftManifestValue, value: SwiftManifestValue)], defaults: [PropertyListValue.Entry],
    what: String, at location: XcodeGenLocation
  ) -> [PropertyListValue.Entry]? {
    var entries = defaults
    for (key, value) in pairs {
      guard let name = key.string else {
        note("a key of \(what) is \(key.shown): \(Self.generateAdvice)", at: key)
        return nil
      }
      switch plistValue(value, depth: 0) {
      case .success(let converted):
        entries.removeAll { $0.key == name }
        entries.append(.init(name, converted))
      case .failure(let computed):
        note(
          "'\(name)' of \(what) is \(computed.value.shown), not a literal: the plist is not read; "
            + Self.generateAdvice, at: computed.value)
        return nil
      }
    }
    return entries.sorted { $0.key < $1.key }
  }

  /// A `Plist.Value` literal as a plist value (strings, numbers, booleans, arrays, dictionaries, and
  /// `.string(…)`, `.boolean(…)`, `.integer(…)`, `.real(…)`, `.array(…)`, `.dictionary(…)`), or the part that is
  /// not one. Its depth is bounded by the parser's (`SwiftManifestParser.maximumDepth`).
  private func plistValue(_ written: SwiftManifestValue, depth: Int) -> Result<PropertyListValue, PlistValueProblem> {
    let value = manifest.resolved(written)
    guard depth <= SwiftManifestParser.maximumDepth else { return .failure(PlistValueProblem(value: written)) }
    if let text = literalString(value) { return .success(.string(text)) }
    switch value.kind {
    case .boolean(let flag): return .success(.boolean(flag))
    case .number(let text):
      if let integer = Int(text) { return .success(.integer(integer)) }
      if let real = Double(text) { return .success(.real(real)) }
    case .array(let elements):
      var converted: [PropertyListValue] = []
      for element in elements {
        switch plistValue(element, depth: depth + 1) {
        case .success(let item): converted.append(item)
        case .failure(let problem): return .failure(problem)
        }
      }
      return .success(.array(converted))
    case .dictionary(let pairs):
      var entries: [PropertyListValue.Entry] = []
      for (key, item) in pairs {
        guard let name = key.string else { return .failure(PlistValueProblem(value: key)) }
        switch plistValue(item, depth: depth + 1) {
        case .success(let converted):
          entries.removeAll { $0.key == name }
          entries.append(.init(name, converted))
        case .failure(let problem): return .failure(problem)
        }
      }
      return .success(.dictionary(entries.sorted { $0.key < $1.key }))
    case .call(let callee, let arguments):
      guard [".string", ".boolean", ".integer", ".real", ".array", ".dictionary"].contains(callee),
        arguments.count == 1
      else { break }
      return plistValue(arguments[0].value, depth: depth + 1)
    default:
      break
    }
    return .failure(PlistValueProblem(value: written))
  }

  /// A string literal, also written `.string("…")`, `Plist.Value(stringLiteral: …)`, `SettingValue(stringLiteral:
  /// …)` or `.init(stringLiteral: …)` (a name bound to a literal resolved).
  private func literalString(_ written: SwiftManifestValue) -> String? {
    let value = manifest.resolved(written)
    if let text = value.string { return text }
    guard let call = value.call, call.arguments.count == 1, let argument = call.arguments.first else { return nil }
    let wraps =
      (call.callee == ".string" && argument.label == nil)
      || (argument.label == "stringLiteral"
        && ["Plist.Value", "SettingValue", ".init", "ProjectDescription.Plist.Value"].contains(call.callee))
    return wraps ? manifest.resolved(argument.value).string : nil
  }

  /// The part of a plist value that is not a literal.
  private struct PlistValueProblem: Error {
    var value: SwiftManifestValue
  }

  /// Records the plist Tuist writes at `path` (relative to the manifest's folder) when the repository does not
  /// have it.
  private mutating func generatePlist(at path: String, entries: [PropertyListValue.Entry], location: XcodeGenLocation)
  {
    let file = PathText.joined(rootFolder, path)
    let shown = file.hasPrefix("/") ? PathText.relativeToWorkingFolder(file) : file
    switch RepositoryEntry.at(file, boundary: boundary) {
    case .missing:
      break
    case .refused(let refusal):
      notes.append(location.note("'\(path)' is \(refusal.consequence); it is read as Tuist would write it"))
    case .file, .folder:
      return
    }
    guard let text = try? XMLPlistWriter.document(.dictionary(entries), style: .xcode) else {
      notes.append(location.note("the plist Tuist would write at '\(path)' cannot be written as XML"))
      return
    }
    generatedPlists.append(
      XcodeGenGeneratedPlist(
        path: shown, definedAt: "\(location.file):\(location.line)", bytes: Array(text.utf8), generator: "Tuist"))
  }

  // MARK: - Dependencies

  private struct Linking {
    var phases: [String] = []
    var dependencies: [String] = []
    var products: [String] = []
  }

  /// The build phases (link, then embed), target dependencies and package products of `spec`'s `dependencies:`.
  private mutating func dependencies(of spec: TargetSpec, targets: [String: TargetSpec]) -> Linking {
    var linking = Linking()
    var linked: [String] = []
    var embedded: [(phase: String, file: String)] = []
    let embedAttributes: ObjectField = .dictionary([("ATTRIBUTES", .array(["CodeSignOnCopy", "RemoveHeadersOnCopy"]))])
    let embeds = spec.isApplication
    guard let written = spec.arguments["dependencies"] else { return linking }
    for (index, element) in arrayElements(written, what: "the dependencies of '\(spec.name)'").enumerated() {
      let prefix = "tuist.dependency.\(spec.name).\(index)"
      guard let call = manifest.resolved(element).call else {
        note("a dependency of '\(spec.name)' is \(element.shown): \(Self.generateAdvice)", at: element)
        continue
      }
      let arguments = Self.labelled(call.arguments)
      let first = call.arguments.first.map { manifest.resolved($0.value) }
      switch call.callee {
      case ".target", "TargetDependency.target":
        var named = arguments["name"] ?? first
        // `.target(shareExtension)`: the overload taking the target itself (a `let` bound to `.target(name: …)`).
        if arguments["name"] == nil, let target = first?.call {
          named = Self.labelled(target.arguments)["name"]
        }
        guard let name = named.flatMap({ manifest.resolved($0).string }) else {
          note("a dependency of '\(spec.name)' names \(element.shown): \(Self.generateAdvice)", at: element)
          continue
        }
        guard let other = targets[name] else { continue }
        linking.dependencies.append(prefix)
        addObject(prefix, isa: "PBXTargetDependency", ["target": .string(other.id)])
        if ["framework", "framework.static", "library.static", "library.dynamic"].contains(other.type) {
          addObject(prefix + ".link", isa: "PBXBuildFile", ["fileRef": .string(other.productID)])
          linked.append(prefix + ".link")
        }
        guard embeds, !other.isStatic else { continue }
        let phase: String
        if other.type == "extensionkit-extension" {
          phase = "extensionKit"
        } else if other.isExtension {
          phase = "extensions"
        } else if other.type == "application.on-demand-install-capable" {
          phase = "appClips"
        } else if other.isApplication, other.platform == "watchOS" || other.type == "application.watchapp2" {
          phase = "watch"
        } else if other.type == "framework" {
          phase = "frameworks"
        } else {
          continue
        }
        addObject(
          prefix + ".embed", isa: "PBXBuildFile", ["fileRef": .string(other.productID), "settings": embedAttributes])
        embedded.append((phase, prefix + ".embed"))
      case ".xcframework", ".framework", "TargetDependency.xcframework", "TargetDependency.framework":
        guard let pathValue = arguments["path"] ?? first, let path = path(pathValue) else { continue }
        addObject(prefix, isa: "PBXFileReference", ["path": .string(path), "sourceTree": .string("SOURCE_ROOT")])
        addObject(prefix + ".link", isa: "PBXBuildFile", ["fileRef": .string(prefix)])
        linked.append(prefix + ".link")
        if embeds {
          addObject(prefix + ".embed", isa: "PBXBuildFile", ["fileRef": .string(prefix), "settings": embedAttributes])
          embedded.append(("frameworks", prefix + ".embed"))
        }
      case ".sdk", "TargetDependency.sdk":
        guard let name = (arguments["name"] ?? first).flatMap({ manifest.resolved($0).string }) else { continue }
        let kind = arguments["type"]?.name ?? ".framework"
        let path =
          kind == ".library" ? "usr/lib/lib\(name).tbd"
          : name.hasSuffix(".framework") ? "System/Library/Frameworks/\(name)"
          : "System/Library/Frameworks/\(name).framework"
        addObject(prefix, isa: "PBXFileReference", ["path": .string(path), "sourceTree": .string("SDKROOT")])
        addObject(prefix + ".link", isa: "PBXBuildFile", ["fileRef": .string(prefix)])
        linked.append(prefix + ".link")
      case ".package", ".external", "TargetDependency.package", "TargetDependency.external":
        guard let product = (arguments["product"] ?? arguments["name"] ?? first)
          .flatMap({ manifest.resolved($0).string })
        else { continue }
        let productID = prefix + ".product"
        addObject(productID, isa: "XCSwiftPackageProductDependency", ["productName": .string(product)])
        linking.products.append(productID)
        addObject(productID + ".link", isa: "PBXBuildFile", ["productRef": .string(productID)])
        linked.append(productID + ".link")
      case ".project", "TargetDependency.project":
        // Another project's target, which `XcodeTargetsReport` finds once every project is read.
        guard embeds, let name = arguments["target"].flatMap({ manifest.resolved($0).string }),
          let pathValue = arguments["path"], let path = path(pathValue)
        else { continue }
        crossProjectEmbeds.append(
          CrossProjectEmbed(
            appTargetID: spec.id, project: .folder(PathText.joined(rootFolder, path)), target: .targetName(name),
            name: name, writtenAs: ".project(target:path:)", file: manifestPath, line: element.line))
      default:
        continue   // a library, a macro
      }
    }
    if !linked.isEmpty {
      let id = "tuist.phase.\(spec.name).link"
      addObject(id, isa: "PBXFrameworksBuildPhase", ["files": .array(linked)])
      linking.phases.append(id)
    }
    for destination in EmbedDestination.embedding {
      let files = embedded.filter { $0.phase == destination.key }.map(\.file)
      guard !files.isEmpty else { continue }
      let id = "tuist.phase.\(spec.name).embed.\(destination.key)"
      addObject(
        id, isa: "PBXCopyFilesBuildPhase",
        [
          "name": .string(destination.name), "dstSubfolderSpec": .string(destination.spec),
          "dstPath": .string(destination.path), "files": .array(files),
        ])
      linking.phases.append(id)
    }
    return linking
  }

  // MARK: - Objects

  private indirect enum ObjectField {
    case string(String)
    case array([String])
    case dictionary([(String, ObjectField)])
  }

  private mutating func addObject(_ id: String, isa: String, _ fields: KeyValuePairs<String, ObjectField>) {
    func node(_ field: ObjectField) -> OpenStepNode {
      let range = ByteRange.empty(at: 0)
      switch field {
      case .string(let text): return OpenStepNode(.string(text), range: range)
      case .array(let texts):
        return OpenStepNode(.array(texts.map { OpenStepNode(.string($0), range: range) }), range: range)
      case .dictionary(let pairs):
        return OpenStepNode(
          .dictionary(OpenStepDictionary(pairs.map { OpenStepEntry(key: $0.0, keyRange: range, value: node($0.1)) })),
          range: range)
      }
    }
    let entries = [OpenStepEntry(key: "isa", keyRange: .empty(at: 0), value: node(.string(isa)))]
      + fields.map { OpenStepEntry(key: $0.key, keyRange: .empty(at: 0), value: node($0.value)) }
    objects[id] = XcodeObject(id: id, fields: OpenStepDictionary(entries), range: .empty(at: 0))
  }

  private mutating func project(
    name: String, source: SourceText, targets: [PBXNativeTarget], configurations: [XCBuildConfiguration]
  ) -> XcodeProject {
    let projectList = XCConfigurationList(
      id: "tuist.project.configurations", configurations: configurations,
      defaultConfigurationName: configurations.first?.name)
    addObject(
      projectList.id, isa: "XCConfigurationList", ["buildConfigurations": .array(configurations.map(\.id))])
    let rootID = "tuist.project"
    addObject(rootID, isa: "PBXProject", ["buildConfigurationList": .string(projectList.id), "targets": .array(
      targets.map(\.id))])
    let project = PBXProject(
      id: rootID, buildConfigurationList: projectList, targetIDs: targets.map(\.id), mainGroupID: nil,
      projectDirPath: "")
    var model = XcodeProject(
      xcodeGenSpec: manifestPath, name: name, source: source, objects: objects, project: project, targets: targets,
      boundary: boundary)
    model.crossProjectEmbeds = crossProjectEmbeds
    return model
  }

  /// The arguments by label (the first of each label; unlabelled ones left out).
  static func labelled(_ arguments: [SwiftManifestArgument]) -> [String: SwiftManifestValue] {
    var result: [String: SwiftManifestValue] = [:]
    for argument in arguments {
      if let label = argument.label, result[label] == nil { result[label] = argument.value }
    }
    return result
  }
}

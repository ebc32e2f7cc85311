import BoundedYAML
import Foundation
import PropertyList
import SharelintBase

/// Builds the project XcodeGen would generate from a merged spec, following XcodeGen's generator
/// (`PBXProjGenerator`, `SettingsBuilder`, `InfoPlistGenerator`, as its Docs/ProjectSpec.md describes them):
/// - configurations: `configs` (else `Debug`/`Release`), sorted by name, each with its `configFiles` entry;
/// - project settings: `SDKROOT` when every target has one platform, presets for the configuration's type,
///   `options.deploymentTarget`, then `settings` (groups, `base`, then `configs` entries whose name the
///   configuration's contains, case-insensitively, unless another configuration has exactly that name);
/// - target settings: presets for the platform and product type, `deploymentTarget`, then `settings`; presets a
///   configuration's `.xcconfig` defines are dropped, so the file wins; then `CODE_SIGN_ENTITLEMENTS` from
///   `entitlements.path`, `INFOPLIST_FILE` from the settings, else `info.path`, else the first `Info.plist` among
///   the target's sources, and `PRODUCT_BUNDLE_IDENTIFIER` = `bundleIdPrefix` + `.` + the target's name (only
///   letters, digits, `-` and `.`; `_` becomes `-`) when no level defines one;
/// - dependencies: a target dependency for `target:`, and an app embeds what it depends on (extensions into
///   PlugIns, ExtensionKit extensions, App Clips and watch apps into their folders, frameworks into Frameworks)
///   unless `embed: false` or the dependency is static; `framework:`, `sdk:`, `carthage:` and `package:` are
///   linked.
///
/// The files the spec names (`.xcconfig` files, sources searched for an Info.plist, `info:` and `entitlements:`
/// paths) are looked at only within the builder's `RepositoryBoundary`.
struct XcodeGenProjectBuilder {
  let spec: XcodeGenValue
  let specPath: String
  let rootFolder: String
  let budget: YAMLBudget
  /// The folders the files the spec names may be looked at in.
  let boundary: RepositoryBoundary
  private(set) var notes: [XcodeProjectNote] = []
  private(set) var generatedPlists: [XcodeGenGeneratedPlist] = []
  /// The paths of `generatedPlists`, for finding one in constant time.
  private var generatedPlistPaths: Set<String> = []
  /// The notes already given, each given once.
  private var notesGiven: Set<XcodeProjectNote> = []

  private var objects: [String: XcodeObject] = [:]
  private var settingGroups: [String: XcodeGenValue] = [:]
  private var configs: [(name: String, type: String?)] = []
  private var projectConfigFiles: [String: String] = [:]
  private var xcconfigNames: [String: Set<String>] = [:]
  private let xcconfigReader: XcconfigReader

  /// The contents a fix gave spec files.
  let overlay: XcodeFileOverlay

  init(
    spec: XcodeGenValue, specPath: String, budget: YAMLBudget, boundary: RepositoryBoundary = .current,
    overlay: XcodeFileOverlay = XcodeFileOverlay()
  ) {
    self.spec = spec
    self.specPath = specPath
    rootFolder = PathText.removingLastComponent(of: specPath)
    self.budget = budget
    self.boundary = boundary
    self.overlay = overlay
    xcconfigReader = XcconfigReader(boundary: boundary)
  }

  /// Adds `note` unless it was given already.
  private mutating func note(_ note: XcodeProjectNote) {
    if notesGiven.insert(note).inserted { notes.append(note) }
  }

  /// One target of the spec, as far as the project needs it.
  private struct TargetSpec {
    var name: String
    var location: XcodeGenLocation
    var value: XcodeGenValue
    var type: String
    var platform: String
    /// The first line after the target's own text in its file (the next target's or top-level key), nil when it runs
    /// to the end: what lies outside came from a template or another file.
    var ownTextEnd: Int?
    var id: String { "xcodegen.target.\(name)" }
    var productID: String { "xcodegen.product.\(name)" }

    var productType: String { type.isEmpty ? "" : "com.apple.product-type.\(type)" }
    var isApplication: Bool { type.hasPrefix("application") }
    var isExtension: Bool {
      type.hasPrefix("app-extension") || type == "extensionkit-extension" || type.hasPrefix("watchkit")
        || type == "tv-app-extension"
    }
    var isTest: Bool {
      type.hasPrefix("bundle.unit-test") || type == "bundle.ui-testing" || type == "bundle.ocunit-test"
    }
    var isStatic: Bool { type == "library.static" || type == "framework.static" }
    var productFileName: String {
      if isApplication { return "\(name).app" }
      if isExtension { return "\(name).appex" }
      switch type {
      case "framework", "framework.static": return "\(name).framework"
      case "library.static": return "lib\(name).a"
      case "library.dynamic": return "lib\(name).dylib"
      case "bundle": return "\(name).bundle"
      default: return isTest ? "\(name).xctest" : name
      }
    }
  }

  /// The lines of the targets' and the top-level keys, file by file, for finding where a target's own text ends.
  private struct KeyLines {
    private var linesByFile: [String: [Int]] = [:]

    init(_ entries: [XcodeGenValue.Entry]) {
      for entry in entries { linesByFile[entry.keyLocation.file, default: []].append(entry.keyLocation.line) }
      for file in linesByFile.keys { linesByFile[file]?.sort() }
    }

    /// The first key line after `location` in its file, nil when none follows.
    func first(after location: XcodeGenLocation) -> Int? {
      guard let lines = linesByFile[location.file] else { return nil }
      var low = 0
      var high = lines.count
      while low < high {
        let middle = (low + high) / 2
        if lines[middle] <= location.line { low = middle + 1 } else { high = middle }
      }
      return low < lines.count ? lines[low] : nil
    }
  }

  // MARK: - Building

  mutating func build() throws(XcodeProjectError) -> XcodeProject {
    guard let name = spec["name"]?.string, !name.isEmpty else {
      throw spec.location.error("the spec has no 'name' (the project's name)")
    }
    let options = spec["options"]
    let presets = XcodeGenSettingPresets.Selection(options?["settingPresets"]?.string)
    for entry in spec["settingGroups"]?.entries ?? [] { settingGroups[entry.key] = entry.value }
    configs = (spec["configs"]?.entries ?? []).map { ($0.key, $0.value.string) }.sorted { $0.name < $1.name }
    if configs.isEmpty { configs = [("Debug", "debug"), ("Release", "release")] }
    for entry in spec["configFiles"]?.entries ?? [] {
      if let path = entry.value.string { projectConfigFiles[entry.key] = path }
    }

    var targetSpecs: [TargetSpec] = []
    let keyLines = KeyLines((spec["targets"]?.entries ?? []) + (spec.entries ?? []))
    for entry in spec["targets"]?.entries ?? [] {
      try budget.chargeExpansion(at: entry.keyLocation)
      let targetName = entry.value["name"]?.string ?? entry.key
      guard entry.value.entries != nil else {
        notes.append(entry.keyLocation.note("the target '\(targetName)' is not a mapping; it is left out"))
        continue
      }
      guard let type = entry.value["type"]?.string ?? (entry.value["legacy"] != nil ? "" : nil) else {
        notes.append(entry.keyLocation.note("the target '\(targetName)' has no 'type'; it is left out"))
        continue
      }
      let platform = entry.value["platform"]?.string ?? (entry.value["supportedDestinations"] != nil ? "auto" : "iOS")
      targetSpecs.append(
        TargetSpec(
          name: targetName, location: entry.keyLocation, value: entry.value, type: type, platform: platform,
          ownTextEnd: keyLines.first(after: entry.keyLocation)))
    }
    targetSpecs.sort { $0.name < $1.name }
    let targetsByName = Dictionary(targetSpecs.map { ($0.name, $0) }) { first, _ in first }

    // Project level.
    var projectConfigurations: [XCBuildConfiguration] = []
    for config in configs {
      var settings = XcodeGenSettingDictionary()
      let nameLocation = spec.entry("name")?.keyLocation ?? spec.location
      if let platform = targetSpecs.first?.platform, targetSpecs.allSatisfy({ $0.platform == platform }),
        let sdk = XcodeGenSettingPresets.sdk(of: platform)
      {
        settings.set("SDKROOT", sdk, at: nameLocation)
      }
      if let type = config.type, presets.project {
        for (key, value) in XcodeGenSettingPresets.base + XcodeGenSettingPresets.configuration(type) {
          settings.set(key, value, at: nameLocation)
        }
      }
      for entry in options?["deploymentTarget"]?.entries ?? [] {
        if let setting = XcodeGenSettingPresets.deploymentTargetSetting(of: entry.key),
          let version = Self.deploymentTarget(entry.value)
        {
          settings.set(setting, version, at: entry.keyLocation)
        }
      }
      if let file = projectConfigFiles[config.name] {
        for name in xcconfigDefinitions(file) { settings.remove(name) }
      }
      settings.merge(try buildSettings(XcodeGenSettings(spec["settings"]), config: config.name, depth: 0))
      projectConfigurations.append(
        XCBuildConfiguration(
          id: "xcodegen.project.\(config.name)", name: config.name, buildSettings: settings.definitions,
          baseConfiguration: baseConfiguration(projectConfigFiles[config.name])))
    }
    let projectList = XCConfigurationList(
      id: "xcodegen.project.configurations", configurations: projectConfigurations,
      defaultConfigurationName: options?["defaultConfig"]?.string ?? configs.first?.name)
    let projectSettingsByConfig = Dictionary(
      projectConfigurations.map { ($0.name, Set($0.buildSettings.filter(\.conditions.isEmpty).map(\.name))) }
    ) { first, _ in first }

    // Targets.
    var targets: [PBXNativeTarget] = []
    var packageReferences: [String: String] = [:]
    for (index, entry) in (spec["packages"]?.entries ?? []).enumerated() {
      let id = "xcodegen.package.\(index)"
      packageReferences[entry.key] = id
      addPackageReference(id: id, entry.value)
    }
    for target in targetSpecs {
      let linking = try dependencies(of: target, targets: targetsByName, packages: packageReferences)
      let configurations = try targetConfigurations(
        target, presets: presets, bundleIdPrefix: options?.entry("bundleIdPrefix"),
        projectSettings: projectSettingsByConfig, objCLinkingRequiredAt: linking.objCLinkingRequiredAt)
      let list = XCConfigurationList(
        id: "xcodegen.configurations.\(target.name)", configurations: configurations,
        defaultConfigurationName: projectList.defaultConfigurationName)
      addObject(
        target.productID, isa: "PBXFileReference",
        ["path": .string(target.productFileName), "sourceTree": .string("BUILT_PRODUCTS_DIR")])
      let (phaseIDs, dependencyIDs, productIDs) = (linking.phases, linking.dependencies, linking.products)
      // Each `sources:` path is a folder (or file) whose sources the target compiles, as a folder Xcode keeps in
      // step with the disk is (`excludes` globs are not applied).
      let sourcePaths = (target.value["sources"].map { $0.elements ?? [$0] } ?? []).compactMap {
        $0.string ?? $0["path"]?.string
      }
      var sourceGroupIDs: [String] = []
      for (offset, path) in sourcePaths.enumerated() {
        let id = "\(target.id).sources.\(offset)"
        addObject(
          id, isa: "PBXFileSystemSynchronizedRootGroup", ["path": .string(path), "sourceTree": .string("SOURCE_ROOT")])
        sourceGroupIDs.append(id)
      }
      addObject(
        target.id, isa: target.type.isEmpty ? "PBXLegacyTarget" : "PBXNativeTarget",
        [
          "name": .string(target.name), "productName": .string(target.name),
          "productType": .string(target.productType), "productReference": .string(target.productID),
          "buildConfigurationList": .string(list.id), "buildPhases": .array(phaseIDs),
          "dependencies": .array(dependencyIDs), "packageProductDependencies": .array(productIDs),
          "fileSystemSynchronizedGroups": .array(sourceGroupIDs),
        ])
      addObject(list.id, isa: "XCConfigurationList", ["buildConfigurations": .array(configurations.map(\.id))])
      targets.append(
        PBXNativeTarget(
          id: target.id, isa: target.type.isEmpty ? "PBXLegacyTarget" : "PBXNativeTarget", name: target.name,
          productType: target.type.isEmpty ? nil : target.productType, productName: target.name,
          productReferenceID: target.productID, buildConfigurationList: list, buildPhaseIDs: phaseIDs,
          dependencyIDs: dependencyIDs, line: target.location.line))
    }
    let rootID = "xcodegen.project"
    addObject(
      projectList.id, isa: "XCConfigurationList", ["buildConfigurations": .array(projectConfigurations.map(\.id))])
    addObject(
      rootID, isa: "PBXProject",
      [
        "buildConfigurationList": .string(projectList.id), "targets": .array(targets.map(\.id)),
        "packageReferences": .array(packageReferences.values.sorted()),
      ])
    let project = PBXProject(
      id: rootID, buildConfigurationList: projectList, targetIDs: targets.map(\.id), mainGroupID: nil,
      projectDirPath: "")
    let source = SourceText(
      name: specPath,
      bytes: overlay.bytes(at: specPath)
        ?? (try? RepositoryFile.read(specPath, limit: BoundedYAMLReader.maximumFileSize, boundary: boundary).get())
        ?? [])
    return XcodeProject(
      xcodeGenSpec: specPath, name: name, source: source, objects: objects, project: project, targets: targets,
      boundary: boundary)
  }

  /// `deploymentTarget`'s version as XcodeGen writes it: `15` is `15.0`.
  private static func deploymentTarget(_ value: XcodeGenValue) -> String? {
    guard let text = value.string, !text.isEmpty else { return nil }
    return text.contains(".") ? text : text + ".0"
  }

  // MARK: - Settings

  /// The settings of `settings` for the configuration named `config`: its groups, `base`, then the `configs`
  /// entries that apply.
  private mutating func buildSettings(_ settings: XcodeGenSettings, config: String, depth: Int)
    throws(XcodeProjectError) -> XcodeGenSettingDictionary
  {
    var result = XcodeGenSettingDictionary()
    for group in settings.groups {
      guard let name = group.string else { continue }
      guard depth < 32 else { throw group.location.error("setting groups name setting groups more than 32 deep") }
      guard let groupValue = settingGroups[name] else {
        note(group.location.note("the setting group '\(name)' is not defined; it is left out"))
        continue
      }
      result.merge(try buildSettings(XcodeGenSettings(groupValue), config: config, depth: depth + 1))
    }
    for entry in settings.base {
      try budget.chargeExpansion(at: entry.keyLocation)
      if let text = entry.value.buildSettingText { result.set(entry.key, text, at: entry.keyLocation) }
    }
    for variant in settings.configs where config.lowercased().contains(variant.variant.lowercased()) {
      let exact = configs.first { $0.name == variant.variant }
      if let exact, exact.name != config { continue }
      result.merge(try buildSettings(variant.settings, config: config, depth: depth + 1))
    }
    return result
  }

  /// The names an `.xcconfig` of the spec (a path relative to the spec's folder) assigns without conditions,
  /// includes followed as Xcode follows them (the including files' folders, then the project's); none when it
  /// cannot be read.
  private mutating func xcconfigDefinitions(_ path: String) -> Set<String> {
    if let names = xcconfigNames[path] { return names }
    let file = PathText.joined(rootFolder, path)
    guard RepositoryEntry.at(file, boundary: boundary).isFile else { return [] }
    let searchPaths = [rootFolder.isEmpty ? "." : rootFolder]
    let definitions = xcconfigReader.load(path: file, searchPaths: searchPaths).definitions
    let names = Set(definitions.filter(\.conditions.isEmpty).map(\.name))
    xcconfigNames[path] = names
    return names
  }

  private func baseConfiguration(_ path: String?) -> XCBuildConfiguration.BaseConfiguration? {
    path.map { .init(path: PathText.joined(rootFolder, $0), displayName: $0) }
  }

  /// The configurations of `target`, one per configuration of the project.
  private mutating func targetConfigurations(
    _ target: TargetSpec, presets: XcodeGenSettingPresets.Selection, bundleIdPrefix: XcodeGenValue.Entry?,
    projectSettings: [String: Set<String>], objCLinkingRequiredAt: XcodeGenLocation?
  ) throws(XcodeProjectError) -> [XCBuildConfiguration] {
    var configFiles: [String: String] = [:]
    for entry in target.value["configFiles"]?.entries ?? [] {
      if let path = entry.value.string { configFiles[entry.key] = path }
    }
    let info = target.value["info"]
    let entitlements = target.value["entitlements"]
    let infoLocation = target.value.entry("info")?.keyLocation ?? target.location
    let entitlementsLocation = target.value.entry("entitlements")?.keyLocation ?? target.location
    var searchedSources = false
    var infoPlistInSources: String?
    var configurations: [XCBuildConfiguration] = []
    for config in configs {
      var settings = XcodeGenSettingDictionary()
      if presets.targets {
        let platform = target.platform == "auto"
          ? (target.value["supportedDestinations"]?.elements?.first?.string ?? "iOS") : target.platform
        for (key, value) in XcodeGenSettingPresets.platform(platform)
          + XcodeGenSettingPresets.product(target.type, platform: platform)
        {
          settings.set(key, value, at: target.location)
        }
        if target.platform == "auto" { settings.set("SDKROOT", "auto", at: target.location) }
      }
      if let entry = target.value.entry("deploymentTarget"), let version = Self.deploymentTarget(entry.value),
        let setting = XcodeGenSettingPresets.deploymentTargetSetting(of: target.platform)
      {
        settings.set(setting, version, at: entry.keyLocation)
      }
      for file in [configFiles[config.name], projectConfigFiles[config.name]].compactMap({ $0 }) {
        for name in xcconfigDefinitions(file) { settings.remove(name) }
      }
      settings.merge(try buildSettings(XcodeGenSettings(target.value["settings"]), config: config.name, depth: 0))
      let targetDefines = settings.defines("PRODUCT_BUNDLE_IDENTIFIER")
      let infoPlistSetting = settings["INFOPLIST_FILE"]

      if let entitlements, let path = entitlements["path"]?.string {
        settings.set("CODE_SIGN_ENTITLEMENTS", path, at: entitlementsLocation)
        generatePlist(
          at: path, of: target, entry: target.value.entry("entitlements"), defaults: [], location: entitlementsLocation)
      }
      if infoPlistSetting == nil {
        if let info, let path = info["path"]?.string {
          settings.set("INFOPLIST_FILE", path, at: infoLocation)
        } else {
          if !searchedSources {
            searchedSources = true
            infoPlistInSources = firstInfoPlist(inSources: target.value["sources"])
          }
          if let path = infoPlistInSources {
            settings.set("INFOPLIST_FILE", path, at: target.value.entry("sources")?.keyLocation ?? target.location)
          }
        }
      }
      if let info, let path = info["path"]?.string {
        generatePlist(
          at: path, of: target, entry: target.value.entry("info"), defaults: Self.defaultInfoPlist(of: target),
          location: infoLocation)
      }
      if let bundleIdPrefix, let prefix = bundleIdPrefix.value.string, !targetDefines,
        !(configFiles[config.name].map { xcconfigDefinitions($0).contains("PRODUCT_BUNDLE_IDENTIFIER") } ?? false),
        !(projectSettings[config.name]?.contains("PRODUCT_BUNDLE_IDENTIFIER") ?? false),
        !(projectConfigFiles[config.name].map { xcconfigDefinitions($0).contains("PRODUCT_BUNDLE_IDENTIFIER") }
          ?? false)
      {
        settings.set(
          "PRODUCT_BUNDLE_IDENTIFIER", prefix + "." + Self.bundleIdentifierComponent(target.name),
          at: bundleIdPrefix.value.location)
      }
      if let location = objCLinkingRequiredAt {
        // A linked static library (or a target with `requiresObjCLinking`) adds `-ObjC` to the linker's flags.
        let written = settings["OTHER_LDFLAGS"]?.value ?? "$(inherited)"
        settings.set("OTHER_LDFLAGS", written + " -ObjC", at: location)
      }
      configurations.append(
        XCBuildConfiguration(
          id: "xcodegen.configuration.\(target.name).\(config.name)", name: config.name,
          buildSettings: settings.definitions, baseConfiguration: baseConfiguration(configFiles[config.name])))
    }
    return configurations
  }

  /// The target's name as XcodeGen puts it in a bundle identifier: `_` becomes `-`, then only letters, digits, `-`
  /// and `.` are kept.
  static func bundleIdentifierComponent(_ name: String) -> String {
    String(
      name.replacingOccurrences(of: "_", with: "-").unicodeScalars.filter { scalar in
        CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "."
      }.map(Character.init))
  }

  /// The path (relative to the spec's folder) of the first file named `Info.plist` among the target's sources:
  /// a source that is one, or the first found walking a source folder in name order. The walk is bounded, follows
  /// no symbolic link to a folder, and lists nothing the boundary refuses.
  private func firstInfoPlist(inSources sources: XcodeGenValue?) -> String? {
    guard let sources else { return nil }
    let paths = (sources.elements ?? [sources]).compactMap { $0.string ?? $0["path"]?.string }
    var visited = 0
    for source in paths {
      let full = PathText.joined(rootFolder, source)
      switch RepositoryEntry.at(full, boundary: boundary) {
      case .file:
        if PathText.lastComponent(of: source) == "Info.plist" { return source }
        continue
      case .missing, .refused:
        continue
      case .folder:
        break
      }
      var pending: [(path: String, relative: String, depth: Int)] = [(full, source, 0)]
      while let (folder, relative, depth) = pending.popLast(), visited < 20_000 {
        let names = ((try? RepositoryFile.listFolder(folder, boundary: boundary).get()) ?? []).sorted()
        var subfolders: [(String, String, Int)] = []
        for name in names {
          visited += 1
          let child = PathText.joined(folder, name)
          var status = stat()
          guard lstat(child, &status) == 0 else { continue }
          if (status.st_mode & S_IFMT) == S_IFDIR {
            if depth < 16 { subfolders.append((child, PathText.joined(relative, name), depth + 1)) }
          } else if name == "Info.plist" {
            return PathText.joined(relative, name)
          }
        }
        pending += subfolders.reversed()
      }
    }
    return nil
  }

  // MARK: - Generated plists

  /// The keys XcodeGen writes into every generated Info.plist (`InfoPlistGenerator`).
  private static func defaultInfoPlist(of target: TargetSpec) -> [PropertyListValue.Entry] {
    var entries: [PropertyListValue.Entry] = [
      .init("CFBundleDevelopmentRegion", .string("$(DEVELOPMENT_LANGUAGE)")),
      .init("CFBundleIdentifier", .string("$(PRODUCT_BUNDLE_IDENTIFIER)")),
      .init("CFBundleInfoDictionaryVersion", .string("6.0")),
      .init("CFBundleName", .string("$(PRODUCT_NAME)")),
      .init("CFBundleShortVersionString", .string("1.0")),
      .init("CFBundleVersion", .string("1")),
    ]
    if target.type != "bundle" { entries.append(.init("CFBundleExecutable", .string("$(EXECUTABLE_NAME)"))) }
    let packageType: String? =
      switch target.type {
      case "bundle.unit-test", "bundle.ui-testing", "bundle": "BNDL"
      case "application", "application.watchapp2": "APPL"
      case "framework": "FMWK"
      case "xpc-service", "app-extension": "XPC!"
      default: nil
      }
    if let packageType { entries.append(.init("CFBundlePackageType", .string(packageType))) }
    return entries
  }

  /// Records the plist XcodeGen writes at `path` (relative to the spec's folder) — `defaults` with the `properties`
  /// of `entry` (`info:` or `entitlements:` of `target`) over them — when the repository does not have it, or when
  /// `properties` is a mapping (XcodeGen then rewrites the file from it on every generate).
  private mutating func generatePlist(
    at path: String, of target: TargetSpec, entry: XcodeGenValue.Entry?, defaults: [PropertyListValue.Entry],
    location: XcodeGenLocation
  ) {
    let file = PathText.joined(rootFolder, path)
    let shown = file.hasPrefix("/") ? PathText.relativeToWorkingFolder(file) : file
    guard !generatedPlistPaths.contains(shown) else { return }
    let properties = entry?.value["properties"]
    var isCommitted = false
    switch RepositoryEntry.at(file, boundary: boundary) {
    case .missing:
      break
    case .refused(let refusal):
      // XcodeGen writes the file when it generates the project: what it writes is linted, nothing of the file read.
      note(location.note("'\(path)' is \(refusal.consequence); it is read as XcodeGen would write it"))
    case .file:
      // XcodeGen rewrites the file from `properties:` on every generate: the spec is the truth.
      guard properties?.entries?.isEmpty == false else { return }
      isCommitted = true
    case .folder:
      return
    }
    var entries = defaults
    for entry in properties?.entries ?? [] {
      entries.removeAll { $0.key == entry.key }
      entries.append(.init(entry.key, Self.plistValue(entry.value)))
    }
    entries.sort { $0.key < $1.key }
    guard let text = try? XMLPlistWriter.document(.dictionary(entries), style: .xcode) else {
      notes.append(location.note("the plist XcodeGen would write at '\(path)' cannot be written as XML"))
      return
    }
    generatedPlistPaths.insert(shown)
    let spec = entry.map {
      XcodeGenPlistSpec(
        entry: $0, defaultKeys: defaults.map(\.key), uneditable: Self.uneditableReason($0, of: target))
    }
    generatedPlists.append(
      XcodeGenGeneratedPlist(
        path: shown, definedAt: "\(location.file):\(location.line)", bytes: Array(text.utf8),
        isCommitted: isCommitted, spec: spec))
  }

  /// Why the keys of `entry` (a target's `info:` or `entitlements:`) cannot be changed by editing the spec's text
  /// where they are written: a key written outside the target's own text came from a target template (shared with
  /// other targets) or another file; a key expanded from `${…}` is not the text written. Nil when they can.
  private static func uneditableReason(_ entry: XcodeGenValue.Entry, of target: TargetSpec) -> String? {
    func isOwn(_ location: XcodeGenLocation) -> Bool {
      location.file == target.location.file && location.line > target.location.line
        && location.line < (target.ownTextEnd ?? Int.max)
    }
    guard isOwn(entry.keyLocation) else {
      return "'\(entry.key)' of the target '\(target.name)' comes from a target template or another spec file"
    }
    var pending: [XcodeGenValue] = [entry.value]
    var visited = 0
    while let value = pending.popLast(), visited < 100_000 {
      visited += 1
      guard isOwn(value.location) else {
        return "part of '\(entry.key)' of the target '\(target.name)' comes from a target template, a YAML alias "
          + "or another spec file"
      }
      for child in value.entries ?? [] {
        guard isOwn(child.keyLocation) else {
          return "'\(child.key)' of the target '\(target.name)' comes from a target template, a YAML merge key or "
            + "another spec file"
        }
        pending.append(child.value)
      }
      pending += value.elements ?? []
    }
    return nil
  }

  /// A spec value as the plist value XcodeGen writes for it (dictionary keys sorted, as Foundation writes them).
  private static func plistValue(_ value: XcodeGenValue) -> PropertyListValue {
    switch value.kind {
    case .scalar(let scalar):
      switch scalar.kind {
      case .boolean(let flag): return .boolean(flag)
      case .integer(let number): return .integer(number)
      case .real(let number): return .real(number)
      case .string: return .string(scalar.text)
      }
    case .sequence(let elements):
      return .array(elements.map(plistValue))
    case .mapping(let entries):
      return .dictionary(entries.map { .init($0.key, plistValue($0.value)) }.sorted { $0.key < $1.key })
    }
  }

  // MARK: - Dependencies

  private enum Field {
    case string(String)
    case array([String])
    case dictionary([(String, Field)])
  }

  private mutating func addObject(_ id: String, isa: String, _ fields: [(String, Field)]) {
    func node(_ field: Field) -> OpenStepNode {
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
      + fields.map { OpenStepEntry(key: $0.0, keyRange: .empty(at: 0), value: node($0.1)) }
    objects[id] = XcodeObject(id: id, fields: OpenStepDictionary(entries), range: .empty(at: 0))
  }

  private mutating func addObject(_ id: String, isa: String, _ fields: KeyValuePairs<String, Field>) {
    addObject(id, isa: isa, fields.map { ($0.key, $0.value) })
  }

  /// A Swift package of `packages:`: remote (`url` or `github`, with its version requirement) or local (`path`).
  private mutating func addPackageReference(id: String, _ value: XcodeGenValue) {
    if let path = value["path"]?.string {
      addObject(id, isa: "XCLocalSwiftPackageReference", ["relativePath": .string(path)])
      return
    }
    let url = value["url"]?.string ?? value["github"]?.string.map { "https://github.com/\($0)" } ?? ""
    var requirement: [(String, Field)] = []
    let kinds: [(String, String, String)] = [
      ("from", "upToNextMajorVersion", "minimumVersion"), ("majorVersion", "upToNextMajorVersion", "minimumVersion"),
      ("minorVersion", "upToNextMinorVersion", "minimumVersion"), ("exactVersion", "exactVersion", "version"),
      ("version", "exactVersion", "version"), ("branch", "branch", "branch"), ("revision", "revision", "revision"),
    ]
    if let (key, kind, field) = kinds.first(where: { value[$0.0] != nil }), let text = value[key]?.string {
      requirement = [("kind", .string(kind)), (field, .string(text))]
    } else if let minimum = value["minVersion"]?.string, let maximum = value["maxVersion"]?.string {
      requirement = [
        ("kind", .string("versionRange")), ("minimumVersion", .string(minimum)), ("maximumVersion", .string(maximum)),
      ]
    }
    addObject(
      id, isa: "XCRemoteSwiftPackageReference",
      [("repositoryURL", .string(url)), ("requirement", .dictionary(requirement))])
  }

  /// What `target`'s dependencies add to the project.
  private struct Linking {
    /// The build phases (frameworks, then embedding), the target dependencies and the package products.
    var phases: [String]
    var dependencies: [String]
    var products: [String]
    /// Where the first linked dependency that needs `-ObjC` is named, when one does.
    var objCLinkingRequiredAt: XcodeGenLocation?
  }

  /// The build phases (frameworks, then embedding), target dependencies and package products of `target`.
  private mutating func dependencies(
    of target: TargetSpec, targets: [String: TargetSpec], packages: [String: String]
  ) throws(XcodeProjectError) -> Linking {
    var objCLinkingRequiredAt: XcodeGenLocation?
    var linked: [String] = []
    var embedded: [(phase: String, file: String)] = []   // phase key, build file ID
    var dependencyIDs: [String] = []
    var productIDs: [String] = []
    let embedAttributes: Field = .dictionary([("ATTRIBUTES", .array(["CodeSignOnCopy", "RemoveHeadersOnCopy"]))])
    let embedsDependencies = target.isApplication || target.isTest
    for (index, dependency) in (target.value["dependencies"]?.elements ?? []).enumerated() {
      try budget.chargeExpansion(at: dependency.location)
      let prefix = "xcodegen.dependency.\(target.name).\(index)"
      let embedFlag = dependency["embed"]?.bool
      if let reference = dependency["target"]?.string {
        guard let other = targets[reference] else { continue }   // another project's target
        dependencyIDs.append(prefix)
        addObject(prefix, isa: "PBXTargetDependency", ["target": .string(other.id)])
        let isDynamic = !other.isStatic
        if dependency["link"]?.bool ?? (["framework", "framework.static", "library.static", "library.dynamic"]
          .contains(other.type) && (isDynamic || target.isApplication || target.isExtension || target.isTest))
        {
          addObject(prefix + ".link", isa: "PBXBuildFile", ["fileRef": .string(other.productID)])
          linked.append(prefix + ".link")
          if objCLinkingRequiredAt == nil,
            other.value["requiresObjCLinking"]?.bool ?? (other.type == "library.static")
          {
            objCLinkingRequiredAt = dependency.location
          }
        }
        let embeds = embedFlag ?? (isDynamic && (target.isApplication || (target.isTest
          && ["framework", "bundle"].contains(other.type))))
        guard embeds else { continue }
        addObject(
          prefix + ".embed", isa: "PBXBuildFile", ["fileRef": .string(other.productID), "settings": embedAttributes])
        let phase: String
        if other.type == "extensionkit-extension" {
          phase = "extensionKit"
        } else if other.isExtension {
          phase = "extensions"
        } else if other.type == "application.on-demand-install-capable" {
          phase = "appClips"
        } else if other.type.hasPrefix("framework") {
          phase = "frameworks"
        } else if other.isApplication, other.platform == "watchOS" {
          phase = "watch"
        } else {
          phase = "resources"
        }
        embedded.append((phase, prefix + ".embed"))
      } else if let path = dependency["framework"]?.string {
        addObject(prefix, isa: "PBXFileReference", ["path": .string(path), "sourceTree": .string("SOURCE_ROOT")])
        if dependency["link"]?.bool ?? true {
          addObject(prefix + ".link", isa: "PBXBuildFile", ["fileRef": .string(prefix)])
          linked.append(prefix + ".link")
        }
        if embedFlag ?? embedsDependencies {
          addObject(prefix + ".embed", isa: "PBXBuildFile", ["fileRef": .string(prefix), "settings": embedAttributes])
          embedded.append(("frameworks", prefix + ".embed"))
        }
      } else if let name = dependency["sdk"]?.string {
        let path =
          name.contains("/") ? name
          : name.hasSuffix(".framework") ? "System/Library/Frameworks/\(name)" : "usr/lib/\(name)"
        let root = dependency["root"]?.string ?? (name.contains("/") ? "BUILT_PRODUCTS_DIR" : "SDKROOT")
        addObject(prefix, isa: "PBXFileReference", ["path": .string(path), "sourceTree": .string(root)])
        addObject(prefix + ".link", isa: "PBXBuildFile", ["fileRef": .string(prefix)])
        linked.append(prefix + ".link")
      } else if let name = dependency["carthage"]?.string {
        let buildPath = spec["options"]?["carthageBuildPath"]?.string ?? "Carthage/Build"
        let folder = dependency["linkType"]?.string == "static" ? "\(target.platform)/Static" : target.platform
        addObject(
          prefix, isa: "PBXFileReference",
          ["path": .string("\(buildPath)/\(folder)/\(name).framework"), "sourceTree": .string("SOURCE_ROOT")])
        addObject(prefix + ".link", isa: "PBXBuildFile", ["fileRef": .string(prefix)])
        linked.append(prefix + ".link")
        if embedFlag == true {
          addObject(prefix + ".embed", isa: "PBXBuildFile", ["fileRef": .string(prefix), "settings": embedAttributes])
          embedded.append(("frameworks", prefix + ".embed"))
        }
      } else if let name = dependency["package"]?.string {
        let products = dependency["products"]?.strings ?? [dependency["product"]?.string ?? name]
        for (offset, product) in products.enumerated() {
          let productID = "\(prefix).product.\(offset)"
          var fields: [(String, Field)] = [("productName", .string(product))]
          if let package = packages[name] { fields.append(("package", .string(package))) }
          addObject(productID, isa: "XCSwiftPackageProductDependency", fields)
          productIDs.append(productID)
          if dependency["link"]?.bool ?? true {
            addObject(productID + ".link", isa: "PBXBuildFile", ["productRef": .string(productID)])
            linked.append(productID + ".link")
          }
        }
      }
    }
    var phases: [String] = []
    if !linked.isEmpty {
      let id = "xcodegen.phase.\(target.name).link"
      addObject(id, isa: "PBXFrameworksBuildPhase", ["files": .array(linked)])
      phases.append(id)
    }
    // Before the embedding phases, the bundle resources its dependencies give (a copy-files phase to Resources).
    let destinations = [(key: "resources", name: "Copy Bundle Resources", spec: "7", path: "")]
      + EmbedDestination.embedding
    for destination in destinations {
      let files = embedded.filter { $0.phase == destination.key }.map(\.file)
      guard !files.isEmpty else { continue }
      let id = "xcodegen.phase.\(target.name).embed.\(destination.key)"
      addObject(
        id, isa: "PBXCopyFilesBuildPhase",
        [
          "name": .string(destination.name), "dstSubfolderSpec": .string(destination.spec),
          "dstPath": .string(destination.path), "files": .array(files),
        ])
      phases.append(id)
    }
    return Linking(
      phases: phases, dependencies: dependencyIDs, products: productIDs, objCLinkingRequiredAt: objCLinkingRequiredAt)
  }
}

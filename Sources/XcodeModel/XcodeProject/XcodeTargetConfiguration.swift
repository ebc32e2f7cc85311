import Foundation
import SharelintBase

/// A build setting's value for one target and configuration: as written, expanded, and where the
/// assignment that decided it was written.
public struct XcodeResolvedSetting: Hashable, Sendable {
  /// The setting's name, e.g. `PRODUCT_BUNDLE_IDENTIFIER`.
  public var name: String
  /// The value as written in the deciding assignment, references unexpanded.
  public var written: String
  /// The value with every reference expanded, or `nil` when some could not be (see `unresolved`).
  public var resolved: String?
  /// The references that could not be expanded; empty when `resolved` is set.
  public var unresolved: [UnresolvedBuildSettingReference]
  /// Where the deciding assignment was written.
  public var origin: BuildSettingDefinition.Origin

  /// A setting with these fields.
  public init(
    name: String, written: String, resolved: String?, unresolved: [UnresolvedBuildSettingReference],
    origin: BuildSettingDefinition.Origin
  ) {
    self.name = name
    self.written = written
    self.resolved = resolved
    self.unresolved = unresolved
    self.origin = origin
  }

  /// The expanded value, or the written one when it could not be expanded.
  public var value: String { resolved ?? written }
}

/// The build settings of one target in one configuration, for an iOS device build (sdk
/// `iphoneos18.0`, arch `arm64`), in Xcode's order, lowest first: built-in defaults, the project
/// configuration's `.xcconfig`, the project's `buildSettings`, the target configuration's
/// `.xcconfig`, the target's `buildSettings`. `$(inherited)` at a level stands for the levels below.
public struct XcodeTargetConfiguration: Sendable {
  /// The SDK conditions are evaluated for (`[sdk=iphoneos*]` matches it).
  public static let sdk = "iphoneos18.0"
  /// The architecture conditions are evaluated for.
  public static let architecture = "arm64"

  /// The target's name.
  public let targetName: String
  /// The configuration's name: `Debug`, `Release`…
  public let name: String
  /// Every assignment that applies, each with its origin; `settings.resolve("$(NAME)")` expands one.
  public let settings: BuildSettings
  /// What could not be known: `.xcconfig` files the repository lacks, base configurations outside it.
  public let notes: [XcodeProjectNote]
  /// What makes the settings unusable: malformed `.xcconfig` files, include cycles, settings that
  /// refer to themselves.
  public let errors: [XcodeProjectError]
  /// The folder `INFOPLIST_FILE` and `CODE_SIGN_ENTITLEMENTS` are relative to (`SRCROOT`).
  public let sourceRoot: String

  /// `PRODUCT_BUNDLE_IDENTIFIER`.
  public let bundleIdentifier: XcodeResolvedSetting?
  /// `INFOPLIST_FILE`, its value made a path from the working folder.
  public let infoPlistPath: XcodeResolvedSetting?
  /// Whether `GENERATE_INFOPLIST_FILE = YES`.
  public let generatesInfoPlist: Bool
  /// Whether `INFOPLIST_PREPROCESS = YES`.
  public let preprocessesInfoPlist: Bool
  /// `INFOPLIST_PREPROCESSOR_DEFINITIONS`.
  public let preprocessorDefinitions: XcodeResolvedSetting?
  /// `INFOPLIST_PREFIX_HEADER`, its value made a path from the working folder.
  public let prefixHeader: XcodeResolvedSetting?
  /// The `INFOPLIST_KEY_*` settings (generated Info.plist entries), sorted by name.
  public let infoPlistKeys: [XcodeResolvedSetting]
  /// `CODE_SIGN_ENTITLEMENTS` (its `[sdk=iphoneos*]` variant when there is one), made a path from
  /// the working folder.
  public let entitlementsPath: XcodeResolvedSetting?

  /// The settings with these levels, lowest first.
  init(
    targetName: String, name: String, settings: BuildSettings, notes: [XcodeProjectNote],
    errors: [XcodeProjectError], sourceRoot: String
  ) {
    self.targetName = targetName
    self.name = name
    self.settings = settings
    self.sourceRoot = sourceRoot
    var errors = errors
    var reportedCycles: Set<String> = []
    func setting(_ settingName: String, isPath: Bool = false) -> XcodeResolvedSetting? {
      guard let definition = settings.definitions(of: settingName).last, !definition.value.isEmpty else {
        return nil
      }
      let resolution = settings.resolve("$(\(settingName))")
      var resolved = resolution.resolvedText
      if isPath, let text = resolved {
        // `$(SRCROOT)/…` is absolute; shown, like every other path, relative to the working folder inside it.
        resolved = text.isEmpty ? text : PathText.relativeToWorkingFolder(PathText.joined(sourceRoot, text))
      }
      for reference in resolution.unresolvedReferences where reference.reason == .cycle {
        guard reportedCycles.insert(reference.name).inserted else { continue }
        let (file, line) = Self.location(of: definition.origin)
        errors.append(XcodeProjectError(reference.message, file: file ?? targetName, line: line))
      }
      return XcodeResolvedSetting(
        name: settingName, written: definition.value, resolved: resolved,
        unresolved: resolution.unresolvedReferences, origin: definition.origin)
    }
    bundleIdentifier = setting("PRODUCT_BUNDLE_IDENTIFIER")
    infoPlistPath = setting("INFOPLIST_FILE", isPath: true)
    generatesInfoPlist = setting("GENERATE_INFOPLIST_FILE")?.resolved == "YES"
    preprocessesInfoPlist = setting("INFOPLIST_PREPROCESS")?.resolved == "YES"
    preprocessorDefinitions = setting("INFOPLIST_PREPROCESSOR_DEFINITIONS")
    prefixHeader = setting("INFOPLIST_PREFIX_HEADER", isPath: true)
    infoPlistKeys = settings.names.filter { $0.hasPrefix("INFOPLIST_KEY_") }.compactMap { setting($0) }
    entitlementsPath = setting("CODE_SIGN_ENTITLEMENTS", isPath: true)
    self.notes = notes
    self.errors = errors
  }

  private static func location(of origin: BuildSettingDefinition.Origin) -> (String?, Int?) {
    switch origin {
    case .xcconfig(let file, let line), .project(let file, let line): return (file, line)
    case .commandLine, .builtIn: return (nil, nil)
    }
  }
}

extension XcodeProject {
  /// The configurations of `target`, in the target's order, each with its settings resolved.
  public func configurations(of target: PBXNativeTarget) -> [XcodeTargetConfiguration] {
    var cache = XcconfigCache()
    return configurations(of: target, cache: &cache)
  }

  /// The settings of `target` in the configuration named `configurationName`, when it has one.
  public func configuration(named configurationName: String, of target: PBXNativeTarget)
    -> XcodeTargetConfiguration?
  {
    var cache = XcconfigCache()
    guard let configuration = target.buildConfigurationList?.configuration(named: configurationName) else {
      return nil
    }
    return settings(of: target, in: configuration, cache: &cache)
  }

  /// The configurations of `target`, reading each `.xcconfig` file once through `cache`.
  func configurations(of target: PBXNativeTarget, cache: inout XcconfigCache) -> [XcodeTargetConfiguration] {
    (target.buildConfigurationList?.configurations ?? []).map { settings(of: target, in: $0, cache: &cache) }
  }

  private func settings(
    of target: PBXNativeTarget, in configuration: XCBuildConfiguration, cache: inout XcconfigCache
  ) -> XcodeTargetConfiguration {
    var settings = BuildSettings(conditionValues: [
      "sdk": XcodeTargetConfiguration.sdk, "arch": XcodeTargetConfiguration.architecture,
      "config": configuration.name,
    ])
    var notes: [XcodeProjectNote] = []
    var errors: [XcodeProjectError] = []
    for definition in builtInSettings(of: target, configuration: configuration.name) { settings.add(definition) }
    let projectConfiguration = project.buildConfigurationList?.configuration(named: configuration.name)
    for level in [projectConfiguration, configuration] {
      guard let level else { continue }
      if let base = level.baseConfiguration {
        for definition in cache.definitions(of: base, configuration: level.name, notes: &notes, errors: &errors) {
          settings.add(definition)
        }
      }
      for definition in level.buildSettings { settings.add(definition) }
    }
    return XcodeTargetConfiguration(
      targetName: target.name, name: configuration.name, settings: settings, notes: notes, errors: errors,
      sourceRoot: sourceRoot)
  }

  /// What Xcode defines before any level of the project, as far as an Info.plist or a bundle
  /// identifier can use it. Build folders (`BUILT_PRODUCTS_DIR`, `TARGET_BUILD_DIR`…) stay undefined.
  private func builtInSettings(of target: PBXNativeTarget, configuration: String) -> [BuildSettingDefinition] {
    // Xcode's SRCROOT is absolute: `$(SRCROOT)/App/Info.plist` must not be put under the project's folder again
    // when the project was named by a relative path.
    let root = PathText.joined(FileManager.default.currentDirectoryPath, sourceRoot.isEmpty ? "." : sourceRoot)
    var values: [(String, String)] = [
      ("TARGET_NAME", target.name), ("TARGETNAME", "$(TARGET_NAME)"),
      ("PRODUCT_NAME", "$(TARGET_NAME)"),
      ("PROJECT_NAME", name), ("PROJECT", "$(PROJECT_NAME)"),
      ("PROJECT_DIR", root), ("SRCROOT", "$(PROJECT_DIR)"), ("SOURCE_ROOT", "$(PROJECT_DIR)"),
      ("PROJECT_FILE_PATH", path),
      ("CONFIGURATION", configuration),
      ("PLATFORM_NAME", "iphoneos"), ("SDKROOT", "iphoneos"), ("EFFECTIVE_PLATFORM_NAME", "-iphoneos"),
      ("CURRENT_ARCH", XcodeTargetConfiguration.architecture), ("ARCHS", XcodeTargetConfiguration.architecture),
      ("EXECUTABLE_PREFIX", ""), ("EXECUTABLE_SUFFIX", ""),
      ("EXECUTABLE_NAME", "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)"),
      ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
      ("DEVELOPMENT_LANGUAGE", "en"),
      ("GENERATE_INFOPLIST_FILE", "NO"), ("INFOPLIST_PREPROCESS", "NO"),
    ]
    if let productType = target.productType { values.append(("PRODUCT_TYPE", productType)) }
    if let wrapper = target.wrapperExtension {
      values += [
        ("WRAPPER_EXTENSION", wrapper), ("WRAPPER_SUFFIX", ".$(WRAPPER_EXTENSION)"),
        ("WRAPPER_NAME", "$(PRODUCT_NAME)$(WRAPPER_SUFFIX)"), ("FULL_PRODUCT_NAME", "$(WRAPPER_NAME)"),
        // iOS bundles are shallow: the contents are the bundle's top folder.
        ("CONTENTS_FOLDER_PATH", "$(WRAPPER_NAME)"), ("INFOPLIST_PATH", "$(CONTENTS_FOLDER_PATH)/Info.plist"),
      ]
    } else {
      values.append(("FULL_PRODUCT_NAME", "$(EXECUTABLE_NAME)"))
    }
    return values.map { BuildSettingDefinition(name: $0.0, value: $0.1, origin: .builtIn) }
  }
}

/// The definitions of the `.xcconfig` files of one project, each file read once.
struct XcconfigCache {
  private enum Entry {
    case definitions([BuildSettingDefinition])
    case missing(XcodeProjectNote)
    case failed(XcodeProjectError)
  }

  private var entries: [String: Entry] = [:]

  /// The definitions of `base`; a file the repository lacks (or one it includes without `?`) adds
  /// a note, a malformed one or an include cycle adds an error, and both give no definitions.
  mutating func definitions(
    of base: XCBuildConfiguration.BaseConfiguration, configuration: String, notes: inout [XcodeProjectNote],
    errors: inout [XcodeProjectError]
  ) -> [BuildSettingDefinition] {
    guard let path = base.path else {
      notes.append(
        XcodeProjectNote(
          "the base configuration '\(base.displayName)' of '\(configuration)' is not a file of the repository; "
            + "its settings are unknown"))
      return []
    }
    let entry: Entry
    if let cached = entries[path] {
      entry = cached
    } else {
      entry = Self.read(path)
      entries[path] = entry
    }
    switch entry {
    case .definitions(let definitions): return definitions
    case .missing(let note):
      notes.append(note)
      return []
    case .failed(let error):
      errors.append(error)
      return []
    }
  }

  private static func read(_ path: String) -> Entry {
    guard FileManager.default.fileExists(atPath: path) else {
      return .missing(
        XcodeProjectNote(
          "'\(path)' does not exist (generated, or kept out of the repository); its settings are unknown"))
    }
    do {
      return .definitions(try XcconfigLoader().definitions(fromFileAt: path))
    } catch let error as BuildSettingsError {
      if error.kind == .unreadableFile {
        return .missing(
          XcodeProjectNote(error.message + "; its settings are unknown", file: error.file, line: error.line))
      }
      return .failed(XcodeProjectError(error.message, file: error.file ?? path, line: error.line))
    } catch {
      return .failed(XcodeProjectError("\(error)", file: path))
    }
  }
}

import Foundation
import SharelintBase

/// A build setting's value for one target and configuration: as written, as Xcode evaluates it, and where the
/// assignment that decided it was written.
public struct XcodeResolvedSetting: Hashable, Sendable {
  /// The setting's name, e.g. `PRODUCT_BUNDLE_IDENTIFIER`.
  public var name: String
  /// The value as written in the deciding assignment, references unexpanded.
  public var written: String
  /// The value as Xcode evaluates it (undefined settings empty), when it is usable: nothing undefined left it
  /// empty or a part of it missing (see `BuildSettingResolution`); `nil` otherwise (see `unresolved`).
  public var resolved: String?
  /// The references that make the value unusable; empty when `resolved` is set.
  public var unresolved: [UnresolvedBuildSettingReference]
  /// Where the deciding assignment was written.
  public var origin: BuildSettingDefinition.Origin
  /// The value as Xcode evaluates it, usable or not: what the build has.
  public var xcodeValue: String
  /// The settings the value refers to (directly or through others) that nothing defines, each once.
  public var undefinedNames: [String]

  /// A setting with these fields; `xcodeValue` defaults to `resolved`, else `written`.
  public init(
    name: String, written: String, resolved: String?, unresolved: [UnresolvedBuildSettingReference],
    origin: BuildSettingDefinition.Origin, xcodeValue: String? = nil, undefinedNames: [String] = []
  ) {
    self.name = name
    self.written = written
    self.resolved = resolved
    self.unresolved = unresolved
    self.origin = origin
    self.xcodeValue = xcodeValue ?? resolved ?? written
    self.undefinedNames = undefinedNames
  }

  /// The expanded value, or the written one when it is not usable.
  public var value: String { resolved ?? written }

  /// `'value'`, followed by ` (from 'written')` when references made it: how messages show a setting.
  public var shownValue: String { BuildSettingEvaluation.shown(xcodeValue, written: written) }
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
  /// What Xcode would report and go on from, each located where it can be: `.xcconfig` files the repository
  /// lacks or cannot read, missing includes, include cycles, malformed `.xcconfig` lines, settings that loop,
  /// files found only by ignoring case, base configurations outside the repository.
  public let notes: [XcodeProjectNote]
  /// What makes a setting's value unusable though the project reads: a value past the size limit, settings
  /// nested past the depth limit. Neither stops the rest being read.
  public let errors: [XcodeProjectError]
  /// The folder `INFOPLIST_FILE` and `CODE_SIGN_ENTITLEMENTS` are relative to (`SRCROOT`).
  public let sourceRoot: String

  /// `PRODUCT_BUNDLE_IDENTIFIER`.
  public let bundleIdentifier: XcodeResolvedSetting?
  /// `INFOPLIST_FILE`, its value made a path from the working folder (the file's name on disk when it is
  /// found only by ignoring case).
  public let infoPlistPath: XcodeResolvedSetting?
  /// Whether `GENERATE_INFOPLIST_FILE = YES`.
  public let generatesInfoPlist: Bool
  /// Whether `INFOPLIST_PREPROCESS = YES`.
  public let preprocessesInfoPlist: Bool
  /// `INFOPLIST_PREPROCESSOR_DEFINITIONS`.
  public let preprocessorDefinitions: XcodeResolvedSetting?
  /// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`.
  public let otherPreprocessorFlags: XcodeResolvedSetting?
  /// `INFOPLIST_PREFIX_HEADER`, its value made a path from the working folder.
  public let prefixHeader: XcodeResolvedSetting?
  /// The `INFOPLIST_KEY_*` settings (generated Info.plist entries), sorted by name.
  public let infoPlistKeys: [XcodeResolvedSetting]
  /// `CODE_SIGN_ENTITLEMENTS` (its `[sdk=iphoneos*]` variant when there is one), made a path from
  /// the working folder (the file's name on disk when it is found only by ignoring case).
  public let entitlementsPath: XcodeResolvedSetting?
  /// `DEVELOPMENT_TEAM`.
  public let developmentTeam: XcodeResolvedSetting?
  /// The `.xcconfig` files the configuration reads (base configurations and their includes), as shown.
  public internal(set) var xcconfigFiles: [String] = []
  /// The `.xcconfig` files it would read that the repository lacks (base configurations, includes), as shown.
  public internal(set) var missingXcconfigFiles: [String] = []

  /// The settings with these levels, lowest first.
  init(
    targetName: String, name: String, settings: BuildSettings, notes: [XcodeProjectNote],
    errors: [XcodeProjectError], sourceRoot: String, finder: CaseInsensitiveFileFinder = CaseInsensitiveFileFinder()
  ) {
    self.targetName = targetName
    self.name = name
    self.settings = settings
    self.sourceRoot = sourceRoot
    var notes = notes
    var errors = errors
    var reported: Set<String> = []
    var evaluator = BuildSettingEvaluator(settings: settings)
    func located(_ origin: BuildSettingDefinition.Origin?) -> (file: String?, line: Int?) {
      origin.map(Self.location(of:)) ?? (nil, nil)
    }
    func setting(_ settingName: String, isPath: Bool = false) -> XcodeResolvedSetting? {
      guard let definition = settings.definitions(of: settingName).last, !definition.value.isEmpty else {
        return nil
      }
      let evaluation = evaluator.evaluate("$(\(settingName))")
      var resolved = evaluation.resolution.resolvedText
      var xcodeValue = evaluation.value
      if isPath {
        // `$(SRCROOT)/…` is absolute; shown, like every other path, relative to the working folder inside it.
        func path(_ text: String) -> String {
          text.isEmpty ? text : PathText.relativeToWorkingFolder(PathText.joined(sourceRoot, text))
        }
        xcodeValue = path(xcodeValue)
        let found = xcodeValue.isEmpty ? nil : finder.findIgnoringCase(xcodeValue)
        if let actual = found?.caseDifference {
          let (file, line) = located(definition.origin)
          notes.append(
            XcodeProjectNote(
              "\(settingName) '\(xcodeValue)' is '\(actual)' on disk: found ignoring case, as Xcode's "
                + "case-insensitive disk does", file: file, line: line))
          xcodeValue = actual
          resolved = resolved.map { _ in actual }
        } else if found == nil, !xcodeValue.isEmpty, let refusal = finder.refusal(toRead: xcodeValue) {
          // Nothing of it is looked at; whoever reads the plist lints it as a file the repository lacks.
          let (file, line) = located(definition.origin)
          notes.append(
            XcodeProjectNote("\(settingName) '\(xcodeValue)' is \(refusal.consequence)", file: file, line: line))
          resolved = resolved.map(path)
        } else {
          resolved = resolved.map(path)
        }
      }
      for problem in evaluation.cycles + evaluation.problems {
        let key = "\(problem.name)\u{0}\(problem.reason)\u{0}\(String(describing: problem.origin))"
        guard reported.insert(key).inserted else { continue }
        let (file, line) = located(problem.origin ?? definition.origin)
        switch problem.reason {
        case .cycle, .unknownModifier, .unterminated:
          notes.append(XcodeProjectNote(problem.message, file: file, line: line))
        case .tooLarge, .tooDeep:
          errors.append(XcodeProjectError(problem.message, file: file ?? targetName, line: line))
        case .undefined:
          break
        }
      }
      return XcodeResolvedSetting(
        name: settingName, written: definition.value, resolved: resolved,
        unresolved: evaluation.resolution.unresolvedReferences, origin: definition.origin, xcodeValue: xcodeValue,
        undefinedNames: evaluation.undefinedNames)
    }
    bundleIdentifier = setting("PRODUCT_BUNDLE_IDENTIFIER")
    infoPlistPath = setting("INFOPLIST_FILE", isPath: true)
    generatesInfoPlist = setting("GENERATE_INFOPLIST_FILE")?.xcodeValue == "YES"
    preprocessesInfoPlist = setting("INFOPLIST_PREPROCESS")?.xcodeValue == "YES"
    preprocessorDefinitions = setting("INFOPLIST_PREPROCESSOR_DEFINITIONS")
    otherPreprocessorFlags = setting("INFOPLIST_OTHER_PREPROCESSOR_FLAGS")
    prefixHeader = setting("INFOPLIST_PREFIX_HEADER", isPath: true)
    infoPlistKeys = settings.names.filter { $0.hasPrefix("INFOPLIST_KEY_") }.compactMap { setting($0) }
    entitlementsPath = setting("CODE_SIGN_ENTITLEMENTS", isPath: true)
    developmentTeam = setting("DEVELOPMENT_TEAM")
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
    var cache = XcconfigCache(boundary: boundary)
    return configurations(of: target, cache: &cache)
  }

  /// The settings of `target` in the configuration named `configurationName`, when it has one.
  public func configuration(named configurationName: String, of target: PBXNativeTarget)
    -> XcodeTargetConfiguration?
  {
    var cache = XcconfigCache(boundary: boundary)
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
    var xcconfigFiles: [String] = []
    var missingXcconfigFiles: [String] = []
    for definition in builtInSettings(of: target, configuration: configuration.name) { settings.add(definition) }
    let projectConfiguration = project.buildConfigurationList?.configuration(named: configuration.name)
    for level in [projectConfiguration, configuration] {
      guard let level else { continue }
      if let base = level.baseConfiguration {
        for definition in cache.definitions(
          of: base, configuration: level.name, sourceRoot: sourceRoot, notes: &notes, files: &xcconfigFiles,
          missing: &missingXcconfigFiles)
        {
          settings.add(definition)
        }
      }
      for definition in level.buildSettings { settings.add(definition) }
    }
    var configuration = XcodeTargetConfiguration(
      targetName: target.name, name: configuration.name, settings: settings, notes: notes, errors: [],
      sourceRoot: sourceRoot, finder: cache.finder)
    configuration.xcconfigFiles = xcconfigFiles.map(PathText.relativeToWorkingFolder)
    configuration.missingXcconfigFiles = missingXcconfigFiles.map(PathText.relativeToWorkingFolder)
    return configuration
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

/// The definitions of the `.xcconfig` files of the projects of one run, each file read once (see
/// `XcconfigReader`) within a `RepositoryBoundary`, with what Xcode would report about them as notes.
struct XcconfigCache {
  private struct Entry {
    var definitions: [BuildSettingDefinition]
    var notes: [XcodeProjectNote]
    var files: [String] = []
    var missing: [String] = []
  }

  private var entries: [String: Entry] = [:]
  private let reader: XcconfigReader
  /// Contents to read instead of the files on disk.
  let overlay: XcodeFileOverlay
  /// Finds files by name ignoring case where the disk cares and Xcode's does not.
  let finder: CaseInsensitiveFileFinder
  /// The folders files may be read from.
  let boundary: RepositoryBoundary

  /// A cache reading `overlay`'s contents instead of the files it names, and nothing `boundary` refuses.
  init(overlay: XcodeFileOverlay = XcodeFileOverlay(), boundary: RepositoryBoundary = .current) {
    self.overlay = overlay
    self.boundary = boundary
    reader = XcconfigReader(overlay: overlay, boundary: boundary)
    finder = CaseInsensitiveFileFinder(boundary: boundary)
  }

  /// The definitions of `base`, its includes looked up in the including files' folders and then in
  /// `sourceRoot` (swift-build's `WorkspaceSettingsCache.getCachedMacroConfigFile`); a file the repository
  /// lacks or cannot read, a missing include, a cycle or a malformed line adds a located note, and whatever
  /// could be read still counts.
  mutating func definitions(
    of base: XCBuildConfiguration.BaseConfiguration, configuration: String, sourceRoot: String,
    notes: inout [XcodeProjectNote], files: inout [String], missing: inout [String]
  ) -> [BuildSettingDefinition] {
    guard let written = base.path else {
      missing.append(base.displayName)
      notes.append(
        XcodeProjectNote(
          "the base configuration '\(base.displayName)' of '\(configuration)' is not a file of the repository; "
            + "its settings are unknown"))
      return []
    }
    let key = "\(written)\u{0}\(sourceRoot)"
    let entry: Entry
    if let cached = entries[key] {
      entry = cached
    } else {
      entry = read(written, sourceRoot: sourceRoot)
      entries[key] = entry
    }
    notes += entry.notes
    files += entry.files
    missing += entry.missing
    return entry.definitions
  }

  private func read(_ written: String, sourceRoot: String) -> Entry {
    var path = written
    var notes: [XcodeProjectNote] = []
    if let found = finder.findIgnoringCase(written), let actual = found.caseDifference {
      notes.append(
        XcodeProjectNote(
          "'\(written)' is '\(actual)' on disk: found ignoring case, as Xcode's case-insensitive disk does"))
      path = actual
    }
    if overlay.bytes(at: path) == nil, let refusal = RepositoryEntry.at(path, boundary: boundary).refusal {
      notes.append(XcodeProjectNote("'\(written)' is \(refusal.consequence); its settings are unknown"))
      return Entry(definitions: [], notes: notes, missing: [written])
    }
    guard overlay.bytes(at: path) != nil || RepositoryEntry.at(path, boundary: boundary) != .missing else {
      notes.append(
        XcodeProjectNote(
          "'\(written)' does not exist (generated, or kept out of the repository); its settings are unknown"))
      return Entry(definitions: [], notes: notes, missing: [written])
    }
    let load = reader.load(path: path, searchPaths: [sourceRoot.isEmpty ? "." : sourceRoot])
    for diagnostic in load.diagnostics {
      var message = diagnostic.message
      if load.isFileReadFailure { message += "; its settings are unknown" }
      notes.append(XcodeProjectNote(message, file: diagnostic.file, line: diagnostic.line))
    }
    let folder = PathText.removingLastComponent(of: path)
    return Entry(
      definitions: load.definitions, notes: notes, files: load.files,
      missing: (load.isFileReadFailure ? [path] : []) + load.missingIncludes.map { PathText.joined(folder, $0) })
  }
}

extension XcodeTargetConfiguration {
  /// The `INFOPLIST_KEY_*` settings Xcode writes into a generated Info.plist as a key of the same name (see
  /// `GeneratedInfoPlistKeys`): not `INFOPLIST_KEY_LSApplicationQueriesSchemes`, which no Xcode reads.
  public var writtenInfoPlistKeys: [XcodeResolvedSetting] {
    infoPlistKeys.filter {
      GeneratedInfoPlistKeys.isRead($0.name) && !GeneratedInfoPlistKeys.generationSettings.contains($0.name)
    }
  }

  /// The Info.plist Xcode would generate from the settings alone (`GENERATE_INFOPLIST_FILE`, `INFOPLIST_KEY_*`):
  /// `CFBundleIdentifier` as `$(PRODUCT_BUNDLE_IDENTIFIER)`, each `INFOPLIST_KEY_NAME` as `NAME` (`YES`/`NO` as
  /// booleans), and for an extension an empty `NSExtension`. What a target whose `INFOPLIST_FILE` is not in the
  /// repository is linted from.
  public func generatedInfoPlist(isExtension: Bool) -> [UInt8] {
    func escaped(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    }
    var body = "\t<key>CFBundleIdentifier</key>\n\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n"
    for setting in writtenInfoPlistKeys {
      let key = GeneratedInfoPlistKeys.key(forSetting: setting.name)
      guard !key.isEmpty, key != "CFBundleIdentifier" else { continue }
      let value: String
      switch setting.xcodeValue {
      case "YES": value = "<true/>"
      case "NO": value = "<false/>"
      default: value = "<string>\(escaped(setting.written))</string>"
      }
      body += "\t<key>\(escaped(key))</key>\n\t\(value)\n"
    }
    if isExtension, !infoPlistKeys.contains(where: { $0.name == "INFOPLIST_KEY_NSExtension" }) {
      body += "\t<key>NSExtension</key>\n\t<dict/>\n"
    }
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \(body)</dict>
      </plist>

      """
    return Array(xml.utf8)
  }
}

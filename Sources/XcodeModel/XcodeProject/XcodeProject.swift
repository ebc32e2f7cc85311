import Foundation
import SharelintBase

/// An Xcode project (`X.xcodeproj`) read from its `project.pbxproj`: the objects, the root
/// `PBXProject`, its targets with their configurations, file paths resolved through the group
/// tree, and which app embeds which extension.
public struct XcodeProject: Sendable {
  /// The `.xcodeproj` folder, as given.
  public let path: String
  /// The project's name: the folder's name without `.xcodeproj` (`PROJECT_NAME`).
  public let name: String
  /// The `project.pbxproj` file's path, as shown in locations.
  public let pbxprojPath: String
  /// The `project.pbxproj` text, for turning offsets into lines.
  public let source: SourceText
  /// Every object, by identifier.
  public let objects: [String: XcodeObject]
  /// The root object.
  public let project: PBXProject
  /// The targets, in the project's order.
  public let targets: [PBXNativeTarget]
  /// The folder relative paths are taken from (`SRCROOT`): the folder holding the `.xcodeproj`, then
  /// `projectDirPath`. Empty for the working folder.
  public let sourceRoot: String
  /// For each embedded target's identifier, the identifier of the first app target that embeds it.
  public let containingAppIDs: [String: String]
  /// For each embedded target's identifier, the identifiers of every app target that embeds it, in the
  /// project's target order (an extension two app flavours embed has two).
  public let allContainingAppIDs: [String: [String]]
  /// Each target's position in `targets`, by identifier.
  let targetIndexByID: [String: Int]
  /// For each product file reference, the identifier of the target that builds it.
  let targetIDByProduct: [String: String]
  /// For each app target's identifier, the identifiers of the targets it embeds, in the project's order.
  let embeddedTargetIDs: [String: [String]]
  /// The folders synchronized with the disk and the files each target's exception sets list in them.
  let synchronizedGroups: SynchronizedGroupIndex
  let groupTree: GroupTree
  /// The folders the files the project names (`.xcconfig` files, dependency files) may be read from.
  public let boundary: RepositoryBoundary
  /// The names the project's format writes build settings under, by the build setting each is read as
  /// (`CODE_SIGN_ENTITLEMENTS` → `CodesignEntitlements` in a .NET project); empty when the format writes Xcode's
  /// own names. Set by the format's reader.
  public internal(set) var settingNamesAsWritten: [String: String] = [:]
  /// The targets of other projects that the app targets embed (`XcodeTargetsReport` resolves them once every project
  /// is read). Found in an Xcode project's embed phases and dependencies; set by the reader of another format.
  public internal(set) var crossProjectEmbeds: [CrossProjectEmbed] = []

  /// The name the user writes the build setting `name` under in this project (`CodesignEntitlements` for
  /// `CODE_SIGN_ENTITLEMENTS` in a .NET project), for messages; `name` itself in an Xcode project.
  public func writtenName(ofSetting name: String) -> String {
    settingNamesAsWritten[name] ?? name
  }

  /// Reads the project at `path` (the `.xcodeproj` folder), and later the files it names, within `boundary`.
  public init(path: String, boundary: RepositoryBoundary = .current) throws(XcodeProjectError) {
    let pbxproj = PathText.joined(path, "project.pbxproj")
    switch RepositoryFile.read(pbxproj, limit: OpenStepPlistParser.maximumSize, boundary: boundary) {
    case .success(let bytes):
      try self.init(path: path, pbxprojBytes: bytes, boundary: boundary)
    case .failure(.missing):
      throw XcodeProjectError("the project has no project.pbxproj", file: pbxproj)
    case .failure(let failure):
      throw XcodeProjectError("the project file \(failure)", file: pbxproj)
    }
  }

  /// Reads the project at `path` (the `.xcodeproj` folder, used for names and relative paths) from
  /// the bytes of its `project.pbxproj`; the files it names are read within `boundary`.
  public init(path: String, pbxprojBytes: [UInt8], boundary: RepositoryBoundary = .current)
    throws(XcodeProjectError)
  {
    self.boundary = boundary
    let trimmed = XcodePath.withoutTrailingSlash(path)
    self.path = trimmed
    let folderName = PathText.lastComponent(of: trimmed)
    name = folderName.hasSuffix(".xcodeproj") ? String(folderName.dropLast(".xcodeproj".count)) : folderName
    pbxprojPath = PathText.joined(trimmed, "project.pbxproj")
    let source = SourceText(name: pbxprojPath, bytes: pbxprojBytes)
    self.source = source
    let file = pbxprojPath
    func error(_ message: String, at offset: Int) -> XcodeProjectError {
      let position = source.position(of: offset)
      return XcodeProjectError(message, file: file, line: position.line, column: position.column)
    }

    let root: OpenStepNode
    do {
      root = try OpenStepPlistParser.parse(pbxprojBytes)
    } catch let failure {
      throw error(failure.message, at: failure.offset)
    }
    guard let top = root.dictionary else {
      throw error("expected a dictionary at the top of the project", at: root.range.start)
    }
    guard let objectsNode = top["objects"], let objectsDictionary = objectsNode.dictionary else {
      throw error("the project has no 'objects' dictionary", at: top["objects"]?.range.start ?? root.range.start)
    }
    var objects: [String: XcodeObject] = [:]
    objects.reserveCapacity(objectsDictionary.count)
    for entry in objectsDictionary.entries {
      guard let fields = entry.value.dictionary else {
        throw error("object '\(entry.key)' is not a dictionary", at: entry.value.range.start)
      }
      objects[entry.key] = XcodeObject(id: entry.key, fields: fields, range: entry.value.range)
    }
    self.objects = objects
    guard let rootEntry = top.entry("rootObject"), let rootID = rootEntry.value.string else {
      throw error("the project has no 'rootObject'", at: root.range.start)
    }
    guard let rootObject = objects[rootID], rootObject.isa == "PBXProject" else {
      throw error("the root object '\(rootID)' is not a PBXProject", at: rootEntry.value.range.start)
    }

    let projectDirPath = rootObject.fields.string("projectDirPath") ?? ""
    let container = PathText.removingLastComponent(of: trimmed)
    sourceRoot = projectDirPath.hasPrefix("/") ? projectDirPath : PathText.joined(container, projectDirPath)

    let reader = ObjectReader(objects: objects, source: source, file: file)
    let mainGroupID = rootObject.fields.string("mainGroup")
    let groupTree = GroupTree(objects: objects, mainGroupID: mainGroupID, sourceRoot: sourceRoot)
    self.groupTree = groupTree
    // A target listed twice is one target (Xcode shows it once): each is read once, in its first place.
    var listedTargets: Set<String> = []
    let targetIDs = rootObject.fields.strings("targets").filter { listedTargets.insert($0).inserted }
    project = PBXProject(
      id: rootID,
      buildConfigurationList: reader.configurationList(
        rootObject.fields.string("buildConfigurationList"), groupTree: groupTree),
      targetIDs: targetIDs, mainGroupID: mainGroupID, projectDirPath: projectDirPath)
    var targets: [PBXNativeTarget] = []
    for id in project.targetIDs {
      guard let object = objects[id] else { continue }
      targets.append(
        PBXNativeTarget(
          id: id, isa: object.isa, name: object.fields.string("name") ?? id,
          productType: object.fields.string("productType"), productName: object.fields.string("productName"),
          productReferenceID: object.fields.string("productReference"),
          buildConfigurationList: reader.configurationList(
            object.fields.string("buildConfigurationList"), groupTree: groupTree),
          buildPhaseIDs: object.fields.strings("buildPhases"), dependencyIDs: object.fields.strings("dependencies"),
          line: source.lineIndex(of: object.range.start) + 1))
    }
    self.targets = targets
    (targetIndexByID, targetIDByProduct, allContainingAppIDs) = Self.indexes(targets: targets, objects: objects)
    containingAppIDs = allContainingAppIDs.compactMapValues(\.first)
    embeddedTargetIDs = Self.embeddedTargetIDs(targets: targets, containingApps: allContainingAppIDs)
    synchronizedGroups = SynchronizedGroupIndex(objects: objects)
    crossProjectEmbeds = Self.crossProjectEmbeds(
      targets: targets, objects: objects, groupTree: groupTree, source: source, file: file)
  }

  /// The target named `name`.
  public func target(named name: String) -> PBXNativeTarget? {
    targets.first { $0.name == name }
  }

  /// The app target that embeds `target`, when one does (the first in the project's order when several do).
  public func containingApp(of target: PBXNativeTarget) -> PBXNativeTarget? {
    guard let id = containingAppIDs[target.id] else { return nil }
    return self.target(withID: id)
  }

  /// The target whose identifier is `id`.
  public func target(withID id: String) -> PBXNativeTarget? {
    targetIndexByID[id].map { targets[$0] }
  }

  /// Every app target that embeds `target`, in the project's order.
  public func containingApps(of target: PBXNativeTarget) -> [PBXNativeTarget] {
    guard let ids = allContainingAppIDs[target.id] else { return [] }
    return ids.compactMap(self.target(withID:))
  }

  /// The path of the file or group `id` resolved through the group tree, or `nil` when it is not a
  /// file of the repository (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`…) or unknown.
  public func path(ofFileReference id: String) -> String? {
    // A plug-in's example app names the plug-in in a `node_modules` a checkout lacks: it is the repository's own.
    groupTree.path(of: id).map { OwnNodePackage.resolved($0, boundary: boundary) }
  }

  /// Targets by identifier and by product, and every app embedding each target: what lookups by target need,
  /// worked out once per project.
  static func indexes(targets: [PBXNativeTarget], objects: [String: XcodeObject])
    -> (byID: [String: Int], byProduct: [String: String], containingApps: [String: [String]])
  {
    let byID = Dictionary(targets.enumerated().map { ($1.id, $0) }) { first, _ in first }
    let byProduct = Dictionary(targets.compactMap { target in target.productReferenceID.map { ($0, target.id) } }) {
      first, _ in first
    }
    return (byID, byProduct, containment(targets: targets, objects: objects))
  }

  /// For each app, the targets it embeds (the inverse of `containingApps`), in the order of `targets`.
  static func embeddedTargetIDs(targets: [PBXNativeTarget], containingApps: [String: [String]]) -> [String: [String]] {
    var embedded: [String: [String]] = [:]
    for target in targets {
      for app in containingApps[target.id] ?? [] { embedded[app, default: []].append(target.id) }
    }
    return embedded
  }

  /// The build files of `app`'s phases that embed another target's product: its `PBXCopyFilesBuildPhase`s into
  /// PlugIns (`dstSubfolderSpec = 13`), the products folder (`16`: ExtensionKit extensions, watch apps, App Clips) or
  /// `$(EXTENSIONS_FOLDER_PATH)`, in order.
  static func embeddingBuildFileIDs(of app: PBXNativeTarget, objects: [String: XcodeObject]) -> [String] {
    app.buildPhaseIDs.flatMap { phaseID -> [String] in
      guard let phase = objects[phaseID], phase.isa == "PBXCopyFilesBuildPhase" else { return [] }
      let spec = phase.fields.string("dstSubfolderSpec")
      let destination = phase.fields.string("dstPath") ?? ""
      guard spec == "13" || spec == "16" || destination.contains("EXTENSIONS_FOLDER_PATH") else { return [] }
      return phase.fields.strings("files")
    }
  }

  /// Which apps embed which target: an app's `PBXCopyFilesBuildPhase` into PlugIns
  /// (`dstSubfolderSpec = 13`), the products folder (`16`: ExtensionKit extensions, watch apps, App
  /// Clips) or `$(EXTENSIONS_FOLDER_PATH)`, whose build files are another target's product; then,
  /// for extensions no phase embeds, every app that depends on them.
  static func containment(targets: [PBXNativeTarget], objects: [String: XcodeObject]) -> [String: [String]] {
    var targetByProduct: [String: String] = [:]
    for target in targets {
      if let product = target.productReferenceID { targetByProduct[product] = target.id }
    }
    var containing: [String: [String]] = [:]
    for app in targets where app.isApplication {
      for fileID in embeddingBuildFileIDs(of: app, objects: objects) {
        guard let reference = objects[fileID]?.fields.string("fileRef"), let embedded = targetByProduct[reference],
          embedded != app.id, containing[embedded]?.contains(app.id) != true
        else { continue }
        containing[embedded, default: []].append(app.id)
      }
    }
    let embeddedByPhase = Set(containing.keys)
    let extensionIDs = Set(targets.lazy.filter(\.isExtension).map(\.id))
    for app in targets where app.isApplication {
      for dependencyID in app.dependencyIDs {
        guard let dependency = objects[dependencyID], let targetID = dependency.fields.string("target"),
          !embeddedByPhase.contains(targetID), targetID != app.id, extensionIDs.contains(targetID),
          containing[targetID]?.contains(app.id) != true
        else { continue }
        containing[targetID, default: []].append(app.id)
      }
    }
    return containing
  }
}

/// Reads configuration lists and configurations out of the objects.
private struct ObjectReader {
  let objects: [String: XcodeObject]
  let source: SourceText
  let file: String

  func configurationList(_ id: String?, groupTree: GroupTree? = nil) -> XCConfigurationList? {
    guard let id, let list = objects[id] else { return nil }
    let configurations = list.fields.strings("buildConfigurations").compactMap { configurationID in
      objects[configurationID].map { configuration($0, groupTree: groupTree) }
    }
    return XCConfigurationList(
      id: id, configurations: configurations,
      defaultConfigurationName: list.fields.string("defaultConfigurationName"))
  }

  private func configuration(_ object: XcodeObject, groupTree: GroupTree?) -> XCBuildConfiguration {
    var definitions: [BuildSettingDefinition] = []
    for entry in object.fields["buildSettings"]?.dictionary?.entries ?? [] {
      let value: String
      switch entry.value.value {
      case .string(let text): value = text
      case .array(let elements): value = elements.compactMap(\.string).joined(separator: " ")
      default: continue
      }
      let (name, conditions) = XcodeSettingKey.split(entry.key)
      definitions.append(
        BuildSettingDefinition(
          name: name, value: value, conditions: conditions,
          origin: .project(file: file, line: source.lineIndex(of: entry.keyRange.start) + 1)))
    }
    // Within one level an assignment for the same conditions as another replaces it; a conditional
    // one is more specific than an unconditional one, so it comes after it whatever the written order.
    definitions = definitions.enumerated().sorted { left, right in
      let leftRank = left.element.conditions.isEmpty ? 0 : 1
      let rightRank = right.element.conditions.isEmpty ? 0 : 1
      return (leftRank, left.offset) < (rightRank, right.offset)
    }.map(\.element)
    return XCBuildConfiguration(
      id: object.id, name: object.fields.string("name") ?? object.id, buildSettings: definitions,
      baseConfiguration: baseConfiguration(of: object, groupTree: groupTree))
  }

  private func baseConfiguration(of object: XcodeObject, groupTree: GroupTree?)
    -> XCBuildConfiguration.BaseConfiguration?
  {
    if let referenceID = object.fields.string("baseConfigurationReference") {
      let reference = objects[referenceID]
      let written = reference?.fields.string("path") ?? reference?.fields.string("name") ?? referenceID
      return .init(path: groupTree?.path(of: referenceID), displayName: written)
    }
    if let anchorID = object.fields.string("baseConfigurationReferenceAnchor"),
      let relative = object.fields.string("baseConfigurationReferenceRelativePath")
    {
      let anchorPath = groupTree?.path(of: anchorID)
      return .init(path: anchorPath.map { PathText.joined($0, relative) }, displayName: relative)
    }
    return nil
  }
}

/// Parses build-setting keys of a `buildSettings` dictionary.
enum XcodeSettingKey {
  /// `NAME[sdk=iphoneos*][arch=*]` split into the name and its conditions; a key that is not of
  /// that shape is kept whole, with no conditions.
  static func split(_ key: String) -> (name: String, conditions: [BuildSettingCondition]) {
    guard let open = key.firstIndex(of: "[") else { return (key, []) }
    let name = String(key[..<open]).trimmingSpaces
    var conditions: [BuildSettingCondition] = []
    var rest = key[open...]
    while let first = rest.first, first == "[" {
      guard let close = rest.firstIndex(of: "]") else { return (key, []) }
      let inside = rest[rest.index(after: rest.startIndex)..<close]
      guard let equals = inside.firstIndex(of: "=") else { return (key, []) }
      conditions.append(
        BuildSettingCondition(
          parameter: String(inside[..<equals]).trimmingSpaces,
          pattern: String(inside[inside.index(after: equals)...]).trimmingSpaces))
      rest = rest[rest.index(after: close)...].drop { $0 == " " }
    }
    guard rest.isEmpty else { return (key, []) }
    return (name, conditions)
  }
}

/// The folders Xcode 16 keeps in step with the disk (`PBXFileSystemSynchronizedRootGroup`), in identifier order,
/// and for each target the files its `PBXFileSystemSynchronizedBuildFileExceptionSet`s list in each of them: what
/// `compiledSources(of:)` asks of every target, worked out once per project (asked of all the objects for each
/// target, it took time growing with the square of the targets).
struct SynchronizedGroupIndex: Sendable {
  /// A group's exception set naming a target.
  struct Exceptions: Sendable {
    /// The group's identifier.
    var groupID: String
    /// The paths the set lists (`membershipExceptions`), relative to the group's folder.
    var members: [String]
  }

  /// For each target's identifier, the exception sets naming it, by group in identifier order, each group's sets in
  /// the order it lists them.
  private(set) var exceptionsByTarget: [String: [Exceptions]] = [:]

  /// The index of `objects`.
  init(objects: [String: XcodeObject]) {
    let groups = objects.values.filter { $0.isa == "PBXFileSystemSynchronizedRootGroup" }.sorted { $0.id < $1.id }
    for group in groups {
      for id in group.fields.strings("exceptions") {
        guard let exception = objects[id], exception.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet",
          let target = exception.fields.string("target")
        else { continue }
        exceptionsByTarget[target, default: []].append(
          Exceptions(groupID: group.id, members: exception.fields.strings("membershipExceptions")))
      }
    }
  }
}

/// Resolves paths through the group tree: `<group>` paths are relative to the parent group's,
/// `SOURCE_ROOT` ones to the source root, `<absolute>` ones are absolute.
struct GroupTree {
  private let objects: [String: XcodeObject]
  private let sourceRoot: String
  private var parents: [String: String] = [:]

  init(objects: [String: XcodeObject], mainGroupID: String?, sourceRoot: String) {
    self.objects = objects
    self.sourceRoot = sourceRoot
    guard let mainGroupID else { return }
    var pending = [mainGroupID]
    var seen: Set<String> = [mainGroupID]
    while let group = pending.popLast() {
      for child in objects[group]?.fields.strings("children") ?? [] where seen.insert(child).inserted {
        parents[child] = group
        pending.append(child)
      }
    }
  }

  /// The path of `id`, or `nil` when it is not inside the repository.
  func path(of id: String) -> String? {
    var components: [String] = []
    var current: String? = id
    var steps = 0
    while let currentID = current, steps < 1_000 {
      steps += 1
      guard let object = objects[currentID] else { return nil }
      let path = object.fields.string("path") ?? ""
      switch object.fields.string("sourceTree") ?? "<group>" {
      case "<absolute>":
        return PathText.joined(path, components.reversed().joined(separator: "/"))
      case "SOURCE_ROOT":
        return PathText.joined(PathText.joined(sourceRoot, path), components.reversed().joined(separator: "/"))
      case "<group>":
        if !path.isEmpty { components.append(path) }
        current = parents[currentID]
      default:
        return nil
      }
    }
    guard current == nil else { return nil }
    return PathText.joined(sourceRoot, components.reversed().joined(separator: "/"))
  }
}

/// Path helpers of the project model (lexical joining is `PathText.joined`).
enum XcodePath {
  /// `path` without trailing slashes (but `/` stays).
  static func withoutTrailingSlash(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }
}

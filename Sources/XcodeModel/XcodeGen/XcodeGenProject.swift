import BoundedYAML
import Foundation
import SharelintBase

/// An XcodeGen project: a `project.yml` (and the specs it includes) read as the Xcode project
/// `xcodegen generate` would write, for repositories that commit the spec and not the `.xcodeproj`. `project` is
/// the same model a `project.pbxproj` gives — targets, configurations with build settings (presets, setting
/// groups, per-configuration settings, `.xcconfig` files), Info.plist and entitlements paths, which app embeds
/// which extension — with each setting located in the YAML that defines it.
public struct XcodeGenProject: Sendable {
  /// The spec file read, as given.
  public let specPath: String
  /// The project XcodeGen would generate. Its `path` and `pbxprojPath` are the spec's path.
  public let project: XcodeProject
  /// Every spec file read, the root first.
  public let specFiles: [String]
  /// What could not be known: includes that are missing or depend on the environment, undefined templates and
  /// setting groups, targets of an unknown type.
  public let notes: [XcodeProjectNote]
  /// The plists XcodeGen writes when it generates the project (`info:` and `entitlements:` of a target): those the
  /// repository does not have, and those it has that XcodeGen rewrites from `properties:`.
  public let generatedPlists: [XcodeGenGeneratedPlist]
  /// The bytes of each spec file read (`specFiles`), by the path it was read at.
  public let specTexts: [String: [UInt8]]

  /// Reads the spec at `specPath` (a `project.yml`) and the files it includes, and looks at the files it names,
  /// within `boundary`.
  /// - Throws: a located `XcodeProjectError` for a spec that cannot be used: unreadable, not YAML, no `name`,
  ///   an include cycle, or input past the bounds (file size, nesting, expansion of aliases and templates).
  /// `overlay` gives the contents a fix made of spec files, read instead of the files.
  public init(
    specPath: String, boundary: RepositoryBoundary = .current, overlay: XcodeFileOverlay = XcodeFileOverlay()
  ) throws(XcodeProjectError) {
    let budget = YAMLBudget.xcodeGenSpec()
    let loader = try XcodeGenSpecLoader(path: specPath, budget: budget, boundary: boundary, overlay: overlay)
    var builder = XcodeGenProjectBuilder(
      spec: loader.spec, specPath: specPath, budget: budget, boundary: boundary, overlay: overlay)
    project = try builder.build()
    self.specPath = specPath
    specFiles = loader.files
    specTexts = loader.texts
    notes = loader.notes + builder.notes
    generatedPlists = builder.generatedPlists
  }

  /// Whether the file at `path`, named by a user, is a spec to read: a spec's name (`isSpecName`), or any YAML file
  /// that begins a spec (a top-level `name:`), as `xcodegen --spec FILE` reads it.
  public static func isSpecFile(_ path: String, boundary: RepositoryBoundary = .current) -> Bool {
    let name = PathText.lastComponent(of: path)
    if isSpecName(name) { return true }
    return (name.hasSuffix(".yml") || name.hasSuffix(".yaml"))
      && GeneratedProjectFolder.beginsASpec(path, boundary: boundary)
  }

  /// Whether a file name is that of a project spec: `project.yml` or `project.yaml` (XcodeGen's default), or such a
  /// name with a suffix (`project-ios.yml`, `project_app.yaml`) for repositories with several specs.
  public static func isSpecName(_ name: String) -> Bool {
    guard name.hasPrefix("project"), name.hasSuffix(".yml") || name.hasSuffix(".yaml") else { return false }
    let stem = name.dropFirst("project".count).prefix { $0 != "." }
    guard name.count == "project".count + stem.count + (name.hasSuffix(".yml") ? 4 : 5) else { return false }
    return stem.isEmpty || stem.first == "-" || stem.first == "_"
  }
}

/// A plist a project generator writes when it generates the project — XcodeGen's `info:` (its `properties:` over the
/// keys XcodeGen always writes) or `entitlements:` of a target, Tuist's `infoPlist: .extendingDefault(with:)` — that
/// is not in the repository, or that is and that XcodeGen rewrites from the spec's `properties:` on every
/// `xcodegen generate` (`FileWriter.writePlists`): what the build will use. A .NET app's Info.plist with the
/// PartialAppManifest items the build merges over it is one too (`mergedBy`).
public struct XcodeGenGeneratedPlist: Hashable, Sendable {
  /// The path it is written to, as the target's `INFOPLIST_FILE` or `CODE_SIGN_ENTITLEMENTS` resolves (relative
  /// to the working folder).
  public internal(set) var path: String
  /// Where the spec defines it: `file:line`.
  public let definedAt: String
  /// The XML plist the generator would write.
  public let bytes: [UInt8]
  /// When the file is in the repository and the build merges others over it (a .NET app's PartialAppManifest
  /// items), what merges it, in the notes' words ("the .NET build with the PartialAppManifest 'X' (App.csproj:12)");
  /// `bytes` are then the merged plist. Nil for a file XcodeGen writes.
  public let mergedBy: String?
  /// For a merged plist, the file (its display path) each key path a merged file set comes from
  /// (`NSFaceIDUsageDescription`, `IntuneMAMSettings.ADALClientId`: key paths joined with `.`); keys of the file
  /// merged into are not listed.
  public let keyOrigins: [String: String]
  /// Whether the repository has the file: XcodeGen overwrites it, so a fix of it is lost.
  public let isCommitted: Bool
  /// Whether the spec writing it sits beside a committed `.xcodeproj` whose targets build the file: the committed
  /// project is what builds, and the next `xcodegen generate` rewrites the file from the spec.
  public internal(set) var besideCommittedProject = false
  /// Where its keys are written in the spec, for locating findings and writing fixes; nil when not known.
  package let spec: XcodeGenPlistSpec?

  /// The generator that writes it, as named in notes: `XcodeGen`, `Tuist`.
  public let generator: String

  /// A generated plist written by `generator`, or (with `mergedBy`) a plist the build merges from several files.
  public init(
    path: String, definedAt: String, bytes: [UInt8], generator: String = "XcodeGen", mergedBy: String? = nil,
    keyOrigins: [String: String] = [:]
  ) {
    self.init(
      path: path, definedAt: definedAt, bytes: bytes, isCommitted: false, spec: nil, generator: generator,
      mergedBy: mergedBy, keyOrigins: keyOrigins)
  }

  /// A generated plist whose keys `spec` locates.
  package init(
    path: String, definedAt: String, bytes: [UInt8], isCommitted: Bool, spec: XcodeGenPlistSpec?,
    generator: String = "XcodeGen", mergedBy: String? = nil, keyOrigins: [String: String] = [:]
  ) {
    self.generator = generator
    self.path = path
    self.definedAt = definedAt
    self.bytes = bytes
    self.isCommitted = isCommitted
    self.spec = spec
    self.mergedBy = mergedBy
    self.keyOrigins = keyOrigins
  }
}

/// Where a generated plist's keys are written in an XcodeGen spec: the target's `info:` or `entitlements:` entry
/// (a mapping with `path:` and, usually, `properties:`), as read, each value with its location.
package struct XcodeGenPlistSpec: Hashable, Sendable {
  /// The `info:` or `entitlements:` entry.
  package let entry: YAMLValue.Entry
  /// The keys XcodeGen writes whatever `properties:` says (`CFBundleIdentifier`…), which `properties:` overrides.
  package let defaultKeys: [String]
  /// Why the spec's text cannot be edited to change the keys (they come from a target template, or from several
  /// places); nil when it can.
  package let uneditable: String?

  package init(entry: YAMLValue.Entry, defaultKeys: [String], uneditable: String?) {
    self.entry = entry
    self.defaultKeys = defaultKeys
    self.uneditable = uneditable
  }

  /// The `properties:` mapping, when the entry has one.
  package var properties: YAMLValue.Entry? { entry.value.entry("properties") }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.entry.keyLocation == rhs.entry.keyLocation && lhs.defaultKeys == rhs.defaultKeys
      && lhs.uneditable == rhs.uneditable
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(entry.keyLocation)
  }
}

extension XcodeProject {
  /// A project built from an XcodeGen spec at `specPath`: its objects are those `xcodegen generate` would write
  /// (targets, configuration lists, product references, dependencies, link and embed phases), its settings come
  /// located in the spec.
  init(
    xcodeGenSpec specPath: String, name: String, source: SourceText, objects: [String: XcodeObject],
    project: PBXProject, targets: [PBXNativeTarget], boundary: RepositoryBoundary
  ) {
    self.boundary = boundary
    path = specPath
    self.name = name
    pbxprojPath = specPath
    self.source = source
    self.objects = objects
    self.project = project
    self.targets = targets
    sourceRoot = PathText.removingLastComponent(of: specPath)
    groupTree = GroupTree(objects: objects, mainGroupID: nil, sourceRoot: sourceRoot)
    (targetIndexByID, targetIDByProduct, allContainingAppIDs) = Self.indexes(targets: targets, objects: objects)
    containingAppIDs = allContainingAppIDs.compactMapValues(\.first)
    embeddedTargetIDs = Self.embeddedTargetIDs(targets: targets, containingApps: allContainingAppIDs)
    synchronizedGroups = SynchronizedGroupIndex(objects: objects)
  }
}

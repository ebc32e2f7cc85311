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
  /// The plists XcodeGen writes when it generates the project (`info:` and `entitlements:` of a target) that the
  /// repository does not have.
  public let generatedPlists: [XcodeGenGeneratedPlist]

  /// Reads the spec at `specPath` (a `project.yml`) and the files it includes, and looks at the files it names,
  /// within `boundary`.
  /// - Throws: a located `XcodeProjectError` for a spec that cannot be used: unreadable, not YAML, no `name`,
  ///   an include cycle, or input past the bounds (file size, nesting, expansion of aliases and templates).
  public init(specPath: String, boundary: RepositoryBoundary = .current) throws(XcodeProjectError) {
    let budget = YAMLBudget.xcodeGenSpec()
    let loader = try XcodeGenSpecLoader(path: specPath, budget: budget, boundary: boundary)
    var builder = XcodeGenProjectBuilder(spec: loader.spec, specPath: specPath, budget: budget, boundary: boundary)
    project = try builder.build()
    self.specPath = specPath
    specFiles = loader.files
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
/// is not in the repository: what the build will use.
public struct XcodeGenGeneratedPlist: Hashable, Sendable {
  /// The path it is written to, as the target's `INFOPLIST_FILE` or `CODE_SIGN_ENTITLEMENTS` resolves (relative
  /// to the working folder).
  public let path: String
  /// Where the spec defines it: `file:line`.
  public let definedAt: String
  /// The XML plist the generator would write.
  public let bytes: [UInt8]
  /// The generator that writes it, as named in notes: `XcodeGen`, `Tuist`.
  public let generator: String

  /// A generated plist, written by `generator`.
  public init(path: String, definedAt: String, bytes: [UInt8], generator: String = "XcodeGen") {
    self.path = path
    self.definedAt = definedAt
    self.bytes = bytes
    self.generator = generator
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

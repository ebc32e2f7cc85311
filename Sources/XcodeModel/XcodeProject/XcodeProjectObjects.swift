import SharelintBase

/// One entry of a `project.pbxproj`'s `objects`: its identifier, its `isa` and its fields.
public struct XcodeObject: Hashable, Sendable {
  /// The 24-hex-digit identifier (any string is accepted).
  public let id: String
  /// The object's class, e.g. `PBXNativeTarget`; empty when the object has none.
  public let isa: String
  /// The object's fields, `isa` included.
  public let fields: OpenStepDictionary
  /// Where the object's dictionary was written.
  public let range: ByteRange

  /// The object `id` with `fields`, written at `range`.
  public init(id: String, fields: OpenStepDictionary, range: ByteRange) {
    self.id = id
    self.isa = fields.string("isa") ?? ""
    self.fields = fields
    self.range = range
  }
}

/// A build configuration (`XCBuildConfiguration`) of a project or target: its name, its
/// `buildSettings` as definitions located in the `project.pbxproj`, and its base `.xcconfig`.
public struct XCBuildConfiguration: Hashable, Sendable {
  /// The object's identifier.
  public let id: String
  /// `Debug`, `Release`…
  public let name: String
  /// The `buildSettings` entries in written order, array values joined with spaces, each keyed by
  /// its name with its `[sdk=…]` conditions split off and located at its key's line.
  public let buildSettings: [BuildSettingDefinition]
  /// The base configuration file (`baseConfigurationReference`, or Xcode 16's
  /// `baseConfigurationReferenceAnchor` + `baseConfigurationReferenceRelativePath`), when there is one.
  public let baseConfiguration: BaseConfiguration?

  /// The `.xcconfig` a configuration is based on.
  public struct BaseConfiguration: Hashable, Sendable {
    /// The file's path (relative to the working folder when the project's path is), or `nil` when
    /// it is not a file of the repository (`BUILT_PRODUCTS_DIR`, `SDKROOT`, a dangling reference).
    public let path: String?
    /// How the project names it, for notes: the path, or the reference's name.
    public let displayName: String

    /// A base configuration at `path`, named `displayName`.
    public init(path: String?, displayName: String) {
      self.path = path
      self.displayName = displayName
    }
  }

  /// A configuration with these fields.
  public init(
    id: String, name: String, buildSettings: [BuildSettingDefinition], baseConfiguration: BaseConfiguration?
  ) {
    self.id = id
    self.name = name
    self.buildSettings = buildSettings
    self.baseConfiguration = baseConfiguration
  }
}

/// An `XCConfigurationList`: the configurations of a project or a target.
public struct XCConfigurationList: Hashable, Sendable {
  /// The object's identifier.
  public let id: String
  /// The configurations, in written order.
  public let configurations: [XCBuildConfiguration]
  /// `defaultConfigurationName`, when given.
  public let defaultConfigurationName: String?

  /// A list of `configurations`.
  public init(id: String, configurations: [XCBuildConfiguration], defaultConfigurationName: String?) {
    self.id = id
    self.configurations = configurations
    self.defaultConfigurationName = defaultConfigurationName
  }

  /// The configuration named `name`.
  public func configuration(named name: String) -> XCBuildConfiguration? {
    configurations.first { $0.name == name }
  }
}

/// The root `PBXProject` object.
public struct PBXProject: Hashable, Sendable {
  /// The object's identifier.
  public let id: String
  /// The project-level configurations.
  public let buildConfigurationList: XCConfigurationList?
  /// The identifiers of the targets, in the project's order.
  public let targetIDs: [String]
  /// The identifier of the main group, the root of the file tree.
  public let mainGroupID: String?
  /// `projectDirPath`: the source root relative to the folder holding the `.xcodeproj` (usually empty).
  public let projectDirPath: String

  /// A project with these fields.
  public init(
    id: String, buildConfigurationList: XCConfigurationList?, targetIDs: [String], mainGroupID: String?,
    projectDirPath: String
  ) {
    self.id = id
    self.buildConfigurationList = buildConfigurationList
    self.targetIDs = targetIDs
    self.mainGroupID = mainGroupID
    self.projectDirPath = projectDirPath
  }
}

/// A target: `PBXNativeTarget` (or an aggregate or legacy target, which have no product type).
public struct PBXNativeTarget: Hashable, Sendable {
  /// The object's identifier.
  public let id: String
  /// The object's class: `PBXNativeTarget`, `PBXAggregateTarget`, `PBXLegacyTarget`.
  public let isa: String
  /// The target's name (`TARGET_NAME`).
  public let name: String
  /// `com.apple.product-type.application`, `com.apple.product-type.app-extension`…; `nil` when absent.
  public let productType: String?
  /// `productName`, when given.
  public let productName: String?
  /// The identifier of the `PBXFileReference` of the built product.
  public let productReferenceID: String?
  /// The target's configurations.
  public let buildConfigurationList: XCConfigurationList?
  /// The identifiers of the build phases, in order.
  public let buildPhaseIDs: [String]
  /// The identifiers of the `PBXTargetDependency` objects.
  public let dependencyIDs: [String]
  /// The line of the target's object in the `project.pbxproj`.
  public let line: Int

  /// A target with these fields.
  public init(
    id: String, isa: String, name: String, productType: String?, productName: String?, productReferenceID: String?,
    buildConfigurationList: XCConfigurationList?, buildPhaseIDs: [String], dependencyIDs: [String], line: Int
  ) {
    self.id = id
    self.isa = isa
    self.name = name
    self.productType = productType
    self.productName = productName
    self.productReferenceID = productReferenceID
    self.buildConfigurationList = buildConfigurationList
    self.buildPhaseIDs = buildPhaseIDs
    self.dependencyIDs = dependencyIDs
    self.line = line
  }

  /// Whether the product is an app: an iOS app, a watch app, an App Clip, a Messages app…
  public var isApplication: Bool {
    productType?.hasPrefix("com.apple.product-type.application") ?? false
  }

  /// Whether the product is an extension: app extensions of every kind, ExtensionKit and WatchKit
  /// extensions.
  public var isExtension: Bool {
    guard let productType else { return false }
    return productType.hasPrefix("com.apple.product-type.app-extension")
      || productType.hasPrefix("com.apple.product-type.extensionkit-extension")
      || productType.hasPrefix("com.apple.product-type.watchkit2-extension")
      || productType.hasPrefix("com.apple.product-type.tv-app-extension")
  }

  /// The bundle's file extension (`WRAPPER_EXTENSION`) for the product type, when it is a bundle.
  public var wrapperExtension: String? {
    guard let productType else { return nil }
    if isApplication { return "app" }
    if isExtension { return "appex" }
    switch productType {
    case "com.apple.product-type.framework": return "framework"
    case "com.apple.product-type.bundle": return "bundle"
    case "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing": return "xctest"
    default: return nil
    }
  }
}

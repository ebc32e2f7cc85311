import SharelintBase

/// A build phase of a target: what it compiles, links, copies or runs, as the `project.pbxproj` writes it.
public struct XcodeBuildPhase: Hashable, Sendable {
  /// What the phase does.
  public enum Kind: Hashable, Sendable {
    /// `PBXFrameworksBuildPhase`: "Link Binary With Libraries".
    case frameworks
    /// `PBXResourcesBuildPhase`: "Copy Bundle Resources".
    case resources
    /// `PBXSourcesBuildPhase`: "Compile Sources".
    case sources
    /// `PBXHeadersBuildPhase`.
    case headers
    /// `PBXCopyFilesBuildPhase`: "Embed Frameworks", "Embed Foundation Extensions", any "Copy Files".
    case copyFiles(XcodeCopyDestination)
    /// `PBXShellScriptBuildPhase`: a Run Script phase.
    case shellScript(XcodeShellScript)
    /// Any other phase (`PBXRezBuildPhase`, `PBXAppleScriptBuildPhase`, an unknown `isa`).
    case other
  }

  /// The phase object's identifier.
  public let id: String
  /// The phase object's class, e.g. `PBXCopyFilesBuildPhase`.
  public let isa: String
  /// What the phase does.
  public let kind: Kind
  /// The phase's `name` (Xcode shows "Embed Frameworks", "[CP] Embed Pods Frameworks"…), when written.
  public let name: String?
  /// The files it lists, in written order.
  public let files: [XcodeBuildFile]
  /// Whether it runs only when installing (`runOnlyForDeploymentPostprocessing = 1`: archives, not
  /// ordinary builds).
  public let runsOnlyForInstall: Bool
  /// The line of the phase's object in the `project.pbxproj`.
  public let line: Int

  /// A phase with these fields.
  public init(
    id: String, isa: String, kind: Kind, name: String?, files: [XcodeBuildFile], runsOnlyForInstall: Bool,
    line: Int
  ) {
    self.id = id
    self.isa = isa
    self.kind = kind
    self.name = name
    self.files = files
    self.runsOnlyForInstall = runsOnlyForInstall
    self.line = line
  }

  /// The name Xcode shows: the written name, or the default name of the phase's kind.
  public var displayName: String {
    if let name, !name.isEmpty { return name }
    switch kind {
    case .frameworks: return "Frameworks"
    case .resources: return "Resources"
    case .sources: return "Sources"
    case .headers: return "Headers"
    case .copyFiles: return "Copy Files"
    case .shellScript: return "Run Script"
    case .other: return isa
    }
  }

  /// The copy destination, for a copy-files phase.
  public var copyDestination: XcodeCopyDestination? {
    if case .copyFiles(let destination) = kind { return destination }
    return nil
  }

  /// The script, for a Run Script phase.
  public var shellScript: XcodeShellScript? {
    if case .shellScript(let script) = kind { return script }
    return nil
  }
}

/// Where a copy-files phase copies to: `dstSubfolderSpec` and `dstPath`.
public struct XcodeCopyDestination: Hashable, Sendable {
  /// `dstSubfolderSpec`: 1 wrapper, 6 executables, 7 resources, 10 frameworks, 11 shared frameworks,
  /// 12 shared support, 13 plug-ins, 16 products folder; `nil` when missing or not a number.
  public let subfolderSpec: Int?
  /// `dstPath`, as written (`$(EXTENSIONS_FOLDER_PATH)`, `$(CONTENTS_FOLDER_PATH)/Watch`…).
  public let path: String

  /// The destination `subfolderSpec` + `path`.
  public init(subfolderSpec: Int?, path: String) {
    self.subfolderSpec = subfolderSpec
    self.path = path
  }

  /// The bundle's `Frameworks` folder (`dstSubfolderSpec = 10`): what "Embed & Sign" copies into.
  public var isFrameworks: Bool { subfolderSpec == 10 }
  /// The bundle's `PlugIns` folder (`13`): app extensions.
  public var isPlugIns: Bool { subfolderSpec == 13 }
  /// A folder extensions are embedded in: `PlugIns`, `$(EXTENSIONS_FOLDER_PATH)` (ExtensionKit) or
  /// the products folder (`16`: watch apps, App Clips).
  public var embedsBundles: Bool {
    subfolderSpec == 13 || subfolderSpec == 16 || path.contains("EXTENSIONS_FOLDER_PATH")
  }
  /// A short description: "Frameworks", "PlugIns", "Products/$(EXTENSIONS_FOLDER_PATH)", "spec 7/sub".
  public var description: String {
    let folder: String
    switch subfolderSpec {
    case 1: folder = "Wrapper"
    case 6: folder = "Executables"
    case 7: folder = "Resources"
    case 10: folder = "Frameworks"
    case 11: folder = "SharedFrameworks"
    case 12: folder = "SharedSupport"
    case 13: folder = "PlugIns"
    case 16: folder = "Products"
    case let spec?: folder = "spec \(spec)"
    case nil: folder = "unknown"
    }
    return path.isEmpty ? folder : folder + "/" + path
  }
}

/// The script of a Run Script phase (`PBXShellScriptBuildPhase`).
public struct XcodeShellScript: Hashable, Sendable {
  /// `shellPath`, default `/bin/sh`.
  public let shellPath: String
  /// `shellScript`, escapes decoded.
  public let script: String
  /// `inputPaths`.
  public let inputPaths: [String]
  /// `outputPaths`.
  public let outputPaths: [String]
  /// `inputFileListPaths`.
  public let inputFileListPaths: [String]
  /// `outputFileListPaths`.
  public let outputFileListPaths: [String]
  /// `alwaysOutOfDate = 1`: "Based on dependency analysis" unchecked.
  public let alwaysOutOfDate: Bool

  /// A script with these fields.
  public init(
    shellPath: String, script: String, inputPaths: [String], outputPaths: [String], inputFileListPaths: [String],
    outputFileListPaths: [String], alwaysOutOfDate: Bool
  ) {
    self.shellPath = shellPath
    self.script = script
    self.inputPaths = inputPaths
    self.outputPaths = outputPaths
    self.inputFileListPaths = inputFileListPaths
    self.outputFileListPaths = outputFileListPaths
    self.alwaysOutOfDate = alwaysOutOfDate
  }
}

/// One entry of a build phase (`PBXBuildFile`): a file reference or a Swift package product, with the
/// settings Xcode's "Embed & Sign" and "Weak" write.
public struct XcodeBuildFile: Hashable, Sendable {
  /// What the entry names.
  public enum Item: Hashable, Sendable {
    /// A file (`PBXFileReference`, `PBXReferenceProxy`, `PBXVariantGroup`…).
    case file(XcodeFileReference)
    /// A Swift package product (`productRef` → `XCSwiftPackageProductDependency`).
    case packageProduct(XcodeSwiftPackageProduct)
    /// A `fileRef` or `productRef` naming no object, or an entry with neither: the identifier written, if any.
    case dangling(String?)
  }

  /// The `PBXBuildFile`'s identifier (or the identifier written in the phase, when it names no object).
  public let id: String
  /// What it names.
  public let item: Item
  /// `settings = {ATTRIBUTES = (…); }`: `CodeSignOnCopy`, `RemoveHeadersOnCopy`, `Weak`…
  public let attributes: [String]
  /// The line of the build file's object (or of the phase, for a dangling identifier).
  public let line: Int

  /// An entry with these fields.
  public init(id: String, item: Item, attributes: [String], line: Int) {
    self.id = id
    self.item = item
    self.attributes = attributes
    self.line = line
  }

  /// The name Xcode shows: the file's name (`IntuneMAMSwift.xcframework`), the product's name, or the
  /// identifier of a dangling entry.
  public var name: String {
    switch item {
    case .file(let reference): return reference.fileName
    case .packageProduct(let product): return product.productName
    case .dangling(let id): return id ?? self.id
    }
  }

  /// Whether Xcode signs the copy (`CodeSignOnCopy`: "Embed & Sign").
  public var signsOnCopy: Bool { attributes.contains("CodeSignOnCopy") }
  /// Whether Xcode strips headers from the copy (`RemoveHeadersOnCopy`).
  public var removesHeadersOnCopy: Bool { attributes.contains("RemoveHeadersOnCopy") }
  /// Whether the link is weak (`Weak`: "Optional").
  public var isWeak: Bool { attributes.contains("Weak") }

  /// The file reference, when the entry names a file.
  public var fileReference: XcodeFileReference? {
    if case .file(let reference) = item { return reference }
    return nil
  }

  /// The package product, when the entry names one.
  public var packageProduct: XcodeSwiftPackageProduct? {
    if case .packageProduct(let product) = item { return product }
    return nil
  }
}

/// A file a phase names, as its reference writes it and resolved through the group tree.
public struct XcodeFileReference: Hashable, Sendable {
  /// The reference's identifier.
  public let id: String
  /// The reference's class: `PBXFileReference`, `PBXReferenceProxy` (another project's product)…
  public let isa: String
  /// `name`, when written.
  public let name: String?
  /// `path`, when written.
  public let path: String?
  /// `sourceTree`: `<group>`, `SOURCE_ROOT`, `BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`, `<absolute>`…
  public let sourceTree: String
  /// `explicitFileType` or `lastKnownFileType` (`wrapper.xcframework`, `archive.ar`,
  /// `sourcecode.text-based-dylib-definition`…).
  public let fileType: String?
  /// The file's path from the working folder, when it is a file of the repository (not one in the SDK or the
  /// build folder).
  public let resolvedPath: String?
  /// The target whose product this is, when it is one of the project's products.
  public let productOfTargetID: String?
  /// The version a project format states for what it links, when it does (a .NET `PackageReference`'s `Version`,
  /// written by the reader as the reference's `version` field; Xcode writes none).
  public let declaredVersion: String?

  /// A reference with these fields.
  public init(
    id: String, isa: String, name: String?, path: String?, sourceTree: String, fileType: String?,
    resolvedPath: String?, productOfTargetID: String?, declaredVersion: String? = nil
  ) {
    self.declaredVersion = declaredVersion
    self.id = id
    self.isa = isa
    self.name = name
    self.path = path
    self.sourceTree = sourceTree
    self.fileType = fileType
    self.resolvedPath = resolvedPath
    self.productOfTargetID = productOfTargetID
  }

  /// The file's name: the last component of `path`, else `name` (Xcode shows `name` when both are written,
  /// but `path` is what is linked).
  public var fileName: String {
    if let path, !path.isEmpty { return PathText.lastComponent(of: path) }
    return name ?? id
  }

  /// What kind of binary or bundle the file is, from its name and type.
  public var kind: XcodeLinkedFileKind { XcodeLinkedFileKind(fileName: fileName, fileType: fileType) }
}

/// What a linked or embedded file is, by its extension (or file type when the name has none).
public enum XcodeLinkedFileKind: String, Hashable, Sendable, CaseIterable {
  /// `X.framework`.
  case framework
  /// `X.xcframework`.
  case xcframework
  /// `libX.a`.
  case staticLibrary = "static-library"
  /// `libX.tbd`: a text stub of a system library.
  case textStub = "tbd"
  /// `libX.dylib`.
  case dynamicLibrary = "dylib"
  /// `X.bundle`.
  case bundle
  /// `X.appex`.
  case appExtension = "appex"
  /// `X.app`.
  case application = "app"
  /// Anything else.
  case other

  /// The kind of `fileName` (or, without a known extension, of `fileType`).
  public init(fileName: String, fileType: String? = nil) {
    let lowered = fileName.lowercased()
    for (suffix, kind) in Self.suffixes where lowered.hasSuffix(suffix) {
      self = kind
      return
    }
    switch fileType ?? "" {
    case "wrapper.framework": self = .framework
    case "wrapper.xcframework": self = .xcframework
    case "archive.ar": self = .staticLibrary
    case "sourcecode.text-based-dylib-definition": self = .textStub
    case "compiled.mach-o.dylib": self = .dynamicLibrary
    case "wrapper.plug-in", "wrapper.extensionkit-extension", "wrapper.app-extension": self = .appExtension
    case "wrapper.application": self = .application
    case "wrapper.cfbundle": self = .bundle
    default: self = .other
    }
  }

  private static let suffixes: [(String, XcodeLinkedFileKind)] = [
    (".xcframework", .xcframework), (".framework", .framework), (".a", .staticLibrary), (".tbd", .textStub),
    (".dylib", .dynamicLibrary), (".bundle", .bundle), (".appex", .appExtension), (".app", .application),
  ]

  /// The library's name without `lib` and the extension: `IntuneMAM` for `libIntuneMAM.a`,
  /// `IntuneMAMSwift` for `IntuneMAMSwift.xcframework`.
  public static func stem(of fileName: String) -> String {
    var stem = Substring(fileName)
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
    let lowered = fileName.lowercased()
    let isLibrary =
      lowered.hasSuffix(".a") || lowered.hasSuffix(".tbd") || lowered.hasSuffix(".dylib")
      || lowered.hasPrefix("lib") && lowered.hasSuffix(".xcframework")
    if isLibrary, stem.hasPrefix("lib"), stem.count > 3 { stem = stem.dropFirst(3) }
    return String(stem)
  }
}

/// A Swift package product a target depends on (`XCSwiftPackageProductDependency`).
public struct XcodeSwiftPackageProduct: Hashable, Sendable {
  /// The object's identifier.
  public let id: String
  /// `productName`; Xcode writes `plugin:Name` for build-tool plug-ins.
  public let productName: String
  /// The package, when the dependency names one (`package = …`).
  public let package: XcodeSwiftPackageReference?

  /// A product with these fields.
  public init(id: String, productName: String, package: XcodeSwiftPackageReference?) {
    self.id = id
    self.productName = productName
    self.package = package
  }
}

/// A Swift package a project refers to: `XCRemoteSwiftPackageReference` (URL and version requirement)
/// or `XCLocalSwiftPackageReference` (a folder).
public struct XcodeSwiftPackageReference: Hashable, Sendable {
  /// The object's identifier.
  public let id: String
  /// `repositoryURL` of a remote package.
  public let repositoryURL: String?
  /// `relativePath` (or `path`) of a local package.
  public let localPath: String?
  /// `requirement`: `kind` (`upToNextMajorVersion`, `upToNextMinorVersion`, `exactVersion`, `versionRange`,
  /// `branch`, `revision`) with `minimumVersion`, `maximumVersion`, `version`, `branch` or `revision`.
  public let requirement: [String: String]

  /// A package with these fields.
  public init(id: String, repositoryURL: String?, localPath: String?, requirement: [String: String]) {
    self.id = id
    self.repositoryURL = repositoryURL
    self.localPath = localPath
    self.requirement = requirement
  }

  /// The package's identity as SwiftPM derives it: the URL's (or folder's) last component without `.git`,
  /// lowercased (`ms-intune-app-sdk-ios`).
  public var identity: String {
    let location = XcodePath.withoutTrailingSlash(repositoryURL ?? localPath ?? id)
    var last = PathText.lastComponent(of: location)
    if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
    return last.lowercased()
  }

  /// The requirement as SwiftPM's manifests write it: `from: 19.0.0`, `exact: 1.2.3`, `branch: main`,
  /// `19.0.0..<20.0.0`, `local`; empty when unknown.
  public var requirementDescription: String {
    if localPath != nil, repositoryURL == nil { return "local" }
    let minimum = requirement["minimumVersion"] ?? ""
    switch requirement["kind"] ?? "" {
    case "upToNextMajorVersion": return "from: \(minimum)"
    case "upToNextMinorVersion": return "upToNextMinor: \(minimum)"
    case "exactVersion": return "exact: \(requirement["version"] ?? "")"
    case "versionRange": return "\(minimum)..<\(requirement["maximumVersion"] ?? "")"
    case "branch": return "branch: \(requirement["branch"] ?? "")"
    case "revision": return "revision: \(requirement["revision"] ?? "")"
    case let kind: return kind
    }
  }
}

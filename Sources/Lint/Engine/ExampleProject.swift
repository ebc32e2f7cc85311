import Foundation
/// A small Xcode project for the examples of the project rules (and the samples made from them): apps and
/// extensions with their settings, linked and embedded frameworks, Swift package products, resources and Run Script
/// phases, written as Xcode writes a `project.pbxproj` (sorted sections, tabs, `/* comments */`), identifiers
/// numbered in order.
///
/// `↓` marks where a finding starts: in a setting's value (`"ENABLE_BITCODE": "↓YES"`), or, with the `mark…`
/// fields, before a configuration's `buildSettings` key, a target's name, a build file's object, or a package
/// product's `XCSwiftPackageProductDependency` object.
public struct ExampleProject: Sendable {
  /// How a framework is embedded ("Embed" column of Xcode's General tab).
  public enum Embedding: Sendable {
    /// "Do Not Embed".
    case none
    /// "Embed Without Signing".
    case embed
    /// "Embed & Sign".
    case embedAndSign
  }

  /// A framework or library a target links.
  public struct Framework: Sendable {
    /// The file's path from the project's folder (`Frameworks/IntuneMAMSwift.xcframework`).
    public var path: String
    /// How the target embeds it.
    public var embedding: Embedding
    /// Whether `↓` goes before its build file in the frameworks phase.
    public var markLink: Bool
    /// Whether `↓` goes before its build file in the embed phase.
    public var markEmbed: Bool

    /// A framework at `path`.
    public init(_ path: String, embedding: Embedding = .none, markLink: Bool = false, markEmbed: Bool = false) {
      self.path = path
      self.embedding = embedding
      self.markLink = markLink
      self.markEmbed = markEmbed
    }

    var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The dynamic Intune App SDK as the guide links it in an app: `IntuneMAMSwift.xcframework` and its stub,
    /// each "Embed & Sign".
    public static let intuneSDK: [Framework] = [
      .init("IntuneMAMSwift.xcframework", embedding: .embedAndSign),
      .init("IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
    ]
    /// `intuneSDK` kept in the project's `Frameworks` folder.
    public static let intuneSDKInFrameworksFolder: [Framework] = [
      .init("Frameworks/IntuneMAMSwift.xcframework", embedding: .embedAndSign),
      .init("Frameworks/IntuneMAMSwiftStub.xcframework", embedding: .embedAndSign),
    ]
  }

  /// A product of a Swift package a target links ("Frameworks, Libraries, and Embedded Content").
  public struct PackageProduct: Sendable {
    /// The product's name (`IntuneMAMSwift`).
    public var name: String
    /// The package's repository URL.
    public var packageURL: String
    /// Whether `↓` goes before its `XCSwiftPackageProductDependency` object.
    public var mark: Bool

    /// The product `name` of the package at `packageURL` (by default the Intune App SDK's).
    public init(
      _ name: String, package packageURL: String = "https://github.com/microsoftconnect/ms-intune-app-sdk-ios",
      mark: Bool = false
    ) {
      self.name = name
      self.packageURL = packageURL
      self.mark = mark
    }

    /// The package's name as Xcode's comments show it: the URL's last component.
    var packageName: String { packageURL.split(separator: "/").last.map(String.init) ?? packageURL }
  }

  /// An app or app extension target.
  public struct Target: Sendable {
    /// The target's name, also its folder and its product's name.
    public var name: String
    /// Whether it is an app extension (embedded by the first app).
    public var isExtension: Bool
    /// Its settings in every configuration (`INFOPLIST_FILE` and `PRODUCT_BUNDLE_IDENTIFIER` are added).
    public var settings: [String: String]
    /// Settings of one configuration only, by configuration name, over `settings`.
    public var settingsByConfiguration: [String: [String: String]]
    /// What it links.
    public var frameworks: [Framework]
    /// Its Copy Bundle Resources files, by path from the project's folder.
    public var resources: [String]
    /// The scripts of its Run Script phases.
    public var scripts: [String]
    /// Where `↓` goes before its name (`name = ↓App;`).
    public var markName: Bool
    /// The configurations whose `buildSettings` key gets `↓`.
    public var markConfigurations: Set<String>
    /// The resources whose build file gets `↓`.
    public var markResources: Set<String>
    /// The indexes in `scripts` of the Run Script phases whose object gets `↓`.
    public var markScripts: Set<Int> = []
    /// The `.xcconfig` file each configuration is based on, by configuration name (path from the project's folder).
    public var baseConfigurations: [String: String] = [:]
    /// Its "Compile Sources" files, by path from the project's folder (`App/AppDelegate.swift`); their text is the
    /// example's `files`.
    public var sources: [String] = []
    /// The Swift package products it links (frameworks phase and `packageProductDependencies`).
    public var packageProducts: [PackageProduct] = []

    /// A target; everything but its name optional.
    public init(
      _ name: String, isExtension: Bool = false, settings: [String: String] = [:],
      settingsByConfiguration: [String: [String: String]] = [:], frameworks: [Framework] = [],
      resources: [String] = [], scripts: [String] = [], sources: [String] = [],
      packageProducts: [PackageProduct] = [], markName: Bool = false, markConfigurations: Set<String> = [],
      markResources: Set<String> = []
    ) {
      self.name = name
      self.isExtension = isExtension
      self.settings = settings
      self.settingsByConfiguration = settingsByConfiguration
      self.frameworks = frameworks
      self.resources = resources
      self.scripts = scripts
      self.sources = sources
      self.packageProducts = packageProducts
      self.markName = markName
      self.markConfigurations = markConfigurations
      self.markResources = markResources
    }
  }

  /// The targets; extensions are embedded by the first app.
  public var targets: [Target]
  /// The project-level settings of every configuration.
  public var projectSettings: [String: String]
  /// The configurations, in order.
  public var configurations: [String]
  /// The project's name (its `.xcodeproj` folder's, without the extension).
  public var name = "App"

  /// A project of `targets` with `Debug` and `Release`.
  public init(
    targets: [Target], projectSettings: [String: String] = [:], configurations: [String] = ["Debug", "Release"]
  ) {
    self.targets = targets
    self.projectSettings = projectSettings
    self.configurations = configurations
  }

  // MARK: - Rendering

  /// The section of a phase kind that lists files by name (`PBXResourcesBuildPhase`, `PBXSourcesBuildPhase`), one
  /// phase per target that has one: the phase's identifier, the files' paths and their build files' identifiers.
  private static func filesPhaseSection(
    _ kind: String, phases: [(id: String?, paths: [String], buildFileIDs: [String])]
  ) -> [String] {
    guard phases.contains(where: { $0.id != nil }) else { return [] }
    var lines = ["/* Begin PBX\(kind)BuildPhase section */"]
    for case let (phase?, paths, buildFileIDs) in phases {
      lines += [
        "\t\t\(phase) /* \(kind) */ = {", "\t\t\tisa = PBX\(kind)BuildPhase;",
        "\t\t\tbuildActionMask = 2147483647;", "\t\t\tfiles = (",
      ]
      for (index, path) in paths.enumerated() {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        lines.append("\t\t\t\t\(buildFileIDs[index]) /* \(name) in \(kind) */,")
      }
      lines += ["\t\t\t);", "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};"]
    }
    return lines + ["/* End PBX\(kind)BuildPhase section */", ""]
  }

  /// The `project.pbxproj` text, markers included.
  public func render() -> String {
    var ids = IdentifierSequence()
    let rootID = ids.next()
    let mainGroupID = ids.next()
    let productsGroupID = ids.next()
    let frameworksGroupID = ids.next()
    let projectListID = ids.next()
    let projectConfigurationIDs = configurations.map { _ in ids.next() }

    struct RenderedTarget {
      var target: Target
      var id: String
      var productID: String
      var listID: String
      var configurationIDs: [String]
      var frameworksPhaseID: String
      var resourcesPhaseID: String?
      var embedPhaseID: String?
      var embedExtensionsPhaseID: String?
      var scriptPhaseIDs: [String]
      var linkFileIDs: [String]
      var embedFileIDs: [String: String]
      var resourceFileIDs: [String]
      var embeddedExtensionFileIDs: [(fileID: String, target: Int)]
      var sourcesPhaseID: String?
      var sourceFileIDs: [String]
      var productIDs: [(dependency: String, buildFile: String)]
    }
    var fileReferences: [String: String] = [:]   // path → id, in first-use order
    var fileOrder: [String] = []
    func reference(_ path: String) -> String {
      if let known = fileReferences[path] { return known }
      let id = ids.next()
      fileReferences[path] = id
      fileOrder.append(path)
      return id
    }
    let firstApp = targets.firstIndex { !$0.isExtension }
    var rendered: [RenderedTarget] = []
    for target in targets {
      for path in target.baseConfigurations.values.sorted() { _ = reference(path) }
      let id = ids.next()
      let productID = ids.next()
      let listID = ids.next()
      let configurationIDs = configurations.map { _ in ids.next() }
      let frameworksPhaseID = ids.next()
      var linkFileIDs: [String] = []
      var embedFileIDs: [String: String] = [:]
      for framework in target.frameworks {
        _ = reference(framework.path)
        linkFileIDs.append(ids.next())
      }
      let resourceFileIDs = target.resources.map { path -> String in
        _ = reference(path)
        return ids.next()
      }
      let resourcesPhaseID = target.resources.isEmpty ? nil : ids.next()
      let embedded = target.frameworks.filter { $0.embedding != .none }
      for framework in embedded { embedFileIDs[framework.path] = ids.next() }
      let embedPhaseID = embedded.isEmpty ? nil : ids.next()
      let scriptPhaseIDs = target.scripts.map { _ in ids.next() }
      // Numbered after everything else of the target, so examples without sources keep their identifiers.
      let sourceFileIDs = target.sources.map { path -> String in
        _ = reference(path)
        return ids.next()
      }
      let sourcesPhaseID = target.sources.isEmpty ? nil : ids.next()
      // Likewise for package products.
      let productIDs = target.packageProducts.map { _ in (dependency: ids.next(), buildFile: ids.next()) }
      rendered.append(
        RenderedTarget(
          target: target, id: id, productID: productID, listID: listID, configurationIDs: configurationIDs,
          frameworksPhaseID: frameworksPhaseID, resourcesPhaseID: resourcesPhaseID, embedPhaseID: embedPhaseID,
          embedExtensionsPhaseID: nil, scriptPhaseIDs: scriptPhaseIDs, linkFileIDs: linkFileIDs,
          embedFileIDs: embedFileIDs, resourceFileIDs: resourceFileIDs, embeddedExtensionFileIDs: [],
          sourcesPhaseID: sourcesPhaseID, sourceFileIDs: sourceFileIDs, productIDs: productIDs))
    }
    if let firstApp {
      var embeddedExtensions: [(String, Int)] = []
      for (index, target) in targets.enumerated() where target.isExtension {
        embeddedExtensions.append((ids.next(), index))
      }
      if !embeddedExtensions.isEmpty {
        rendered[firstApp].embeddedExtensionFileIDs = embeddedExtensions
        rendered[firstApp].embedExtensionsPhaseID = ids.next()
      }
    }
    // One XCRemoteSwiftPackageReference per package, numbered last.
    var packageIDs: [String: String] = [:]   // URL → id
    var packageOrder: [PackageProduct] = []
    for target in targets {
      for product in target.packageProducts where packageIDs[product.packageURL] == nil {
        packageIDs[product.packageURL] = ids.next()
        packageOrder.append(product)
      }
    }
    func packageComment(_ product: PackageProduct) -> String {
      "XCRemoteSwiftPackageReference \"\(product.packageName)\""
    }

    func productName(_ target: Target) -> String { target.name + (target.isExtension ? ".appex" : ".app") }
    func quoted(_ text: String) -> String {
      let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "_$+/:.-↓".unicodeScalars.contains(scalar))
      } || (text.hasPrefix("↓") && text.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "." })
      if plain { return text }
      let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n")
      return "\"\(escaped)\""
    }
    func settingLine(_ key: String, _ value: String) -> String {
      // `↓` stays outside the quotes, where the value's range starts.
      if value.hasPrefix("↓") { return "\t\t\t\t\(quoted(key)) = ↓\(quoted(String(value.dropFirst())));" }
      return "\t\t\t\t\(quoted(key)) = \(quoted(value));"
    }

    var lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;",
                 "\tobjects = {", ""]
    // PBXBuildFile
    lines.append("/* Begin PBXBuildFile section */")
    var buildFiles: [(id: String, line: String)] = []
    for item in rendered {
      for (index, framework) in item.target.frameworks.enumerated() {
        let marker = framework.markLink ? "↓" : ""
        buildFiles.append((item.linkFileIDs[index],
          "\t\t\(item.linkFileIDs[index]) /* \(framework.name) in Frameworks */ = \(marker){isa = PBXBuildFile; "
            + "fileRef = \(fileReferences[framework.path]!) /* \(framework.name) */; };"))
        if let embedID = item.embedFileIDs[framework.path] {
          let attributes = framework.embedding == .embedAndSign
            ? "CodeSignOnCopy, RemoveHeadersOnCopy, " : "RemoveHeadersOnCopy, "
          let marker = framework.markEmbed ? "↓" : ""
          buildFiles.append((embedID,
            "\t\t\(embedID) /* \(framework.name) in Embed Frameworks */ = \(marker){isa = PBXBuildFile; "
              + "fileRef = \(fileReferences[framework.path]!) /* \(framework.name) */; "
              + "settings = {ATTRIBUTES = (\(attributes)); }; };"))
        }
      }
      for (index, path) in item.target.resources.enumerated() {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let marker = item.target.markResources.contains(path) ? "↓" : ""
        buildFiles.append((item.resourceFileIDs[index],
          "\t\t\(item.resourceFileIDs[index]) /* \(name) in Resources */ = \(marker){isa = PBXBuildFile; "
            + "fileRef = \(fileReferences[path]!) /* \(name) */; };"))
      }
      for (index, path) in item.target.sources.enumerated() {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        buildFiles.append((item.sourceFileIDs[index],
          "\t\t\(item.sourceFileIDs[index]) /* \(name) in Sources */ = {isa = PBXBuildFile; "
            + "fileRef = \(fileReferences[path]!) /* \(name) */; };"))
      }
      for (index, product) in item.target.packageProducts.enumerated() {
        let ids = item.productIDs[index]
        buildFiles.append((ids.buildFile,
          "\t\t\(ids.buildFile) /* \(product.name) in Frameworks */ = {isa = PBXBuildFile; "
            + "productRef = \(ids.dependency) /* \(product.name) */; };"))
      }
      for (fileID, targetIndex) in item.embeddedExtensionFileIDs {
        let product = productName(targets[targetIndex])
        buildFiles.append((fileID,
          "\t\t\(fileID) /* \(product) in Embed Foundation Extensions */ = {isa = PBXBuildFile; "
            + "fileRef = \(rendered[targetIndex].productID) /* \(product) */; "
            + "settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };"))
      }
    }
    lines += buildFiles.sorted { $0.id < $1.id }.map(\.line)
    lines += ["/* End PBXBuildFile section */", ""]

    // PBXCopyFilesBuildPhase
    var copyPhases: [(id: String, lines: [String])] = []
    for item in rendered {
      if let phaseID = item.embedPhaseID {
        let files = item.target.frameworks.compactMap { framework in
          item.embedFileIDs[framework.path].map { "\t\t\t\t\($0) /* \(framework.name) in Embed Frameworks */," }
        }
        copyPhases.append((phaseID, Self.copyPhase(phaseID, name: "Embed Frameworks", spec: 10, files: files)))
      }
      if let phaseID = item.embedExtensionsPhaseID {
        let files = item.embeddedExtensionFileIDs.map { fileID, targetIndex in
          "\t\t\t\t\(fileID) /* \(productName(targets[targetIndex])) in Embed Foundation Extensions */,"
        }
        copyPhases.append(
          (phaseID, Self.copyPhase(phaseID, name: "Embed Foundation Extensions", spec: 13, files: files)))
      }
    }
    if !copyPhases.isEmpty {
      lines.append("/* Begin PBXCopyFilesBuildPhase section */")
      lines += copyPhases.sorted { $0.id < $1.id }.flatMap(\.lines)
      lines += ["/* End PBXCopyFilesBuildPhase section */", ""]
    }

    // PBXFileReference
    lines.append("/* Begin PBXFileReference section */")
    var references: [(id: String, line: String)] = []
    for path in fileOrder {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      let type = Self.fileType(of: name)
      references.append((fileReferences[path]!,
        "\t\t\(fileReferences[path]!) /* \(name) */ = {isa = PBXFileReference; lastKnownFileType = \(type); "
          + "path = \(quoted(path)); sourceTree = \"<group>\"; };"))
    }
    for item in rendered {
      let product = productName(item.target)
      let type = item.target.isExtension ? "\"wrapper.app-extension\"" : "wrapper.application"
      references.append((item.productID,
        "\t\t\(item.productID) /* \(product) */ = {isa = PBXFileReference; explicitFileType = \(type); "
          + "includeInIndex = 0; path = \(product); sourceTree = BUILT_PRODUCTS_DIR; };"))
    }
    lines += references.sorted { $0.id < $1.id }.map(\.line)
    lines += ["/* End PBXFileReference section */", ""]

    // PBXFrameworksBuildPhase
    lines.append("/* Begin PBXFrameworksBuildPhase section */")
    for item in rendered {
      lines += [
        "\t\t\(item.frameworksPhaseID) /* Frameworks */ = {", "\t\t\tisa = PBXFrameworksBuildPhase;",
        "\t\t\tbuildActionMask = 2147483647;", "\t\t\tfiles = (",
      ]
      for (index, framework) in item.target.frameworks.enumerated() {
        lines.append("\t\t\t\t\(item.linkFileIDs[index]) /* \(framework.name) in Frameworks */,")
      }
      for (index, product) in item.target.packageProducts.enumerated() {
        lines.append("\t\t\t\t\(item.productIDs[index].buildFile) /* \(product.name) in Frameworks */,")
      }
      lines += ["\t\t\t);", "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};"]
    }
    lines += ["/* End PBXFrameworksBuildPhase section */", ""]

    // PBXGroup
    lines += [
      "/* Begin PBXGroup section */", "\t\t\(mainGroupID) = {", "\t\t\tisa = PBXGroup;", "\t\t\tchildren = (",
    ]
    for path in fileOrder {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      lines.append("\t\t\t\t\(fileReferences[path]!) /* \(name) */,")
    }
    lines += [
      "\t\t\t\t\(frameworksGroupID) /* Frameworks */,", "\t\t\t\t\(productsGroupID) /* Products */,", "\t\t\t);",
      "\t\t\tsourceTree = \"<group>\";", "\t\t};", "\t\t\(frameworksGroupID) /* Frameworks */ = {",
      "\t\t\tisa = PBXGroup;", "\t\t\tchildren = (", "\t\t\t);", "\t\t\tname = Frameworks;",
      "\t\t\tsourceTree = \"<group>\";", "\t\t};", "\t\t\(productsGroupID) /* Products */ = {", "\t\t\tisa = PBXGroup;",
      "\t\t\tchildren = (",
    ]
    for item in rendered { lines.append("\t\t\t\t\(item.productID) /* \(productName(item.target)) */,") }
    lines += ["\t\t\t);", "\t\t\tname = Products;", "\t\t\tsourceTree = \"<group>\";", "\t\t};",
              "/* End PBXGroup section */", ""]

    // PBXNativeTarget
    lines.append("/* Begin PBXNativeTarget section */")
    for item in rendered {
      let target = item.target
      lines += [
        "\t\t\(item.id) /* \(target.name) */ = {", "\t\t\tisa = PBXNativeTarget;",
        "\t\t\tbuildConfigurationList = \(item.listID) /* Build configuration list for PBXNativeTarget "
          + "\"\(target.name)\" */;",
        "\t\t\tbuildPhases = (",
      ]
      if let phase = item.sourcesPhaseID { lines.append("\t\t\t\t\(phase) /* Sources */,") }
      lines.append("\t\t\t\t\(item.frameworksPhaseID) /* Frameworks */,")
      if let phase = item.resourcesPhaseID { lines.append("\t\t\t\t\(phase) /* Resources */,") }
      if let phase = item.embedPhaseID { lines.append("\t\t\t\t\(phase) /* Embed Frameworks */,") }
      if let phase = item.embedExtensionsPhaseID { lines.append("\t\t\t\t\(phase) /* Embed Foundation Extensions */,") }
      for phase in item.scriptPhaseIDs { lines.append("\t\t\t\t\(phase) /* ShellScript */,") }
      lines += [
        "\t\t\t);", "\t\t\tbuildRules = (", "\t\t\t);", "\t\t\tdependencies = (", "\t\t\t);",
        "\t\t\tname = \(target.markName ? "↓" : "")\(quoted(target.name));",
      ]
      if !target.packageProducts.isEmpty {
        lines.append("\t\t\tpackageProductDependencies = (")
        for (index, product) in target.packageProducts.enumerated() {
          lines.append("\t\t\t\t\(item.productIDs[index].dependency) /* \(product.name) */,")
        }
        lines.append("\t\t\t);")
      }
      lines += [
        "\t\t\tproductName = \(quoted(target.name));",
        "\t\t\tproductReference = \(item.productID) /* \(productName(target)) */;",
        "\t\t\tproductType = \"com.apple.product-type.\(target.isExtension ? "app-extension" : "application")\";",
        "\t\t};",
      ]
    }
    lines += ["/* End PBXNativeTarget section */", ""]

    // PBXProject
    lines += [
      "/* Begin PBXProject section */", "\t\t\(rootID) /* Project object */ = {", "\t\t\tisa = PBXProject;",
      "\t\t\tbuildConfigurationList = \(projectListID) /* Build configuration list for PBXProject \"\(name)\" */;",
      "\t\t\tcompatibilityVersion = \"Xcode 14.0\";", "\t\t\tdevelopmentRegion = en;",
      "\t\t\tmainGroup = \(mainGroupID);",
    ]
    if !packageOrder.isEmpty {
      lines.append("\t\t\tpackageReferences = (")
      for product in packageOrder {
        lines.append("\t\t\t\t\(packageIDs[product.packageURL]!) /* \(packageComment(product)) */,")
      }
      lines.append("\t\t\t);")
    }
    lines += [
      "\t\t\tproductRefGroup = \(productsGroupID) /* Products */;",
      "\t\t\tprojectDirPath = \"\";", "\t\t\tprojectRoot = \"\";", "\t\t\ttargets = (",
    ]
    for item in rendered { lines.append("\t\t\t\t\(item.id) /* \(item.target.name) */,") }
    lines += ["\t\t\t);", "\t\t};", "/* End PBXProject section */", ""]

    // PBXResourcesBuildPhase
    lines += Self.filesPhaseSection(
      "Resources", phases: rendered.map { ($0.resourcesPhaseID, $0.target.resources, $0.resourceFileIDs) })

    // PBXShellScriptBuildPhase
    if rendered.contains(where: { !$0.scriptPhaseIDs.isEmpty }) {
      lines.append("/* Begin PBXShellScriptBuildPhase section */")
      for item in rendered {
        for (index, phase) in item.scriptPhaseIDs.enumerated() {
          lines += [
            "\t\t\(phase) /* ShellScript */ = \(item.target.markScripts.contains(index) ? "↓" : ""){",
            "\t\t\tisa = PBXShellScriptBuildPhase;",
            "\t\t\tbuildActionMask = 2147483647;", "\t\t\tfiles = (", "\t\t\t);", "\t\t\tinputPaths = (", "\t\t\t);",
            "\t\t\toutputPaths = (", "\t\t\t);", "\t\t\trunOnlyForDeploymentPostprocessing = 0;",
            "\t\t\tshellPath = /bin/sh;", "\t\t\tshellScript = \(quoted(item.target.scripts[index]));", "\t\t};",
          ]
        }
      }
      lines += ["/* End PBXShellScriptBuildPhase section */", ""]
    }

    // PBXSourcesBuildPhase
    lines += Self.filesPhaseSection(
      "Sources", phases: rendered.map { ($0.sourcesPhaseID, $0.target.sources, $0.sourceFileIDs) })

    // XCBuildConfiguration
    lines.append("/* Begin XCBuildConfiguration section */")
    var configurationObjects: [(id: String, lines: [String])] = []
    for (index, name) in configurations.enumerated() {
      var object = ["\t\t\(projectConfigurationIDs[index]) /* \(name) */ = {", "\t\t\tisa = XCBuildConfiguration;",
                    "\t\t\tbuildSettings = {"]
      var settings = ["SDKROOT": "iphoneos"]
      settings.merge(projectSettings) { _, new in new }
      object += settings.sorted { $0.key < $1.key }.map { settingLine($0.key, $0.value) }
      object += ["\t\t\t};", "\t\t\tname = \(name);", "\t\t};"]
      configurationObjects.append((projectConfigurationIDs[index], object))
    }
    for item in rendered {
      let target = item.target
      for (index, name) in configurations.enumerated() {
        let marker = target.markConfigurations.contains(name) ? "↓" : ""
        var object = ["\t\t\(item.configurationIDs[index]) /* \(name) */ = {", "\t\t\tisa = XCBuildConfiguration;"]
        if let base = target.baseConfigurations[name], let id = fileReferences[base] {
          let file = base.split(separator: "/").last.map(String.init) ?? base
          object.append("\t\t\tbaseConfigurationReference = \(id) /* \(file) */;")
        }
        object.append("\t\t\t\(marker)buildSettings = {")
        let identifier = target.isExtension ? "com.contoso.notes.\(target.name.lowercased())" : "com.contoso.notes"
        var settings = [
          "INFOPLIST_FILE": "\(target.name)/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": identifier,
          "PRODUCT_NAME": "$(TARGET_NAME)",
        ]
        settings.merge(target.settings) { _, new in new }
        settings.merge(target.settingsByConfiguration[name] ?? [:]) { _, new in new }
        object += settings.sorted { $0.key < $1.key }.map { settingLine($0.key, $0.value) }
        object += ["\t\t\t};", "\t\t\tname = \(name);", "\t\t};"]
        configurationObjects.append((item.configurationIDs[index], object))
      }
    }
    lines += configurationObjects.sorted { $0.id < $1.id }.flatMap(\.lines)
    lines += ["/* End XCBuildConfiguration section */", ""]

    // XCConfigurationList
    lines.append("/* Begin XCConfigurationList section */")
    var lists: [(id: String, lines: [String])] = []
    func list(_ id: String, owner: String, configurationIDs: [String]) -> [String] {
      var list = ["\t\t\(id) /* Build configuration list for \(owner) */ = {", "\t\t\tisa = XCConfigurationList;",
                  "\t\t\tbuildConfigurations = ("]
      for (index, name) in configurations.enumerated() {
        list.append("\t\t\t\t\(configurationIDs[index]) /* \(name) */,")
      }
      list += ["\t\t\t);", "\t\t\tdefaultConfigurationIsVisible = 0;",
               "\t\t\tdefaultConfigurationName = \(configurations.last ?? "Release");", "\t\t};"]
      return list
    }
    lists.append((projectListID, list(projectListID, owner: "PBXProject \"\(name)\"",
                                      configurationIDs: projectConfigurationIDs)))
    for item in rendered {
      lists.append((item.listID, list(item.listID, owner: "PBXNativeTarget \"\(item.target.name)\"",
                                      configurationIDs: item.configurationIDs)))
    }
    lines += lists.sorted { $0.id < $1.id }.flatMap(\.lines)
    lines.append("/* End XCConfigurationList section */")
    if !packageOrder.isEmpty {
      lines += ["", "/* Begin XCRemoteSwiftPackageReference section */"]
      for product in packageOrder {
        lines += [
          "\t\t\(packageIDs[product.packageURL]!) /* \(packageComment(product)) */ = {",
          "\t\t\tisa = XCRemoteSwiftPackageReference;", "\t\t\trepositoryURL = \"\(product.packageURL)\";",
          "\t\t\trequirement = {", "\t\t\t\tkind = upToNextMajorVersion;", "\t\t\t\tminimumVersion = 21.7.1;",
          "\t\t\t};", "\t\t};",
        ]
      }
      lines += [
        "/* End XCRemoteSwiftPackageReference section */", "", "/* Begin XCSwiftPackageProductDependency section */",
      ]
      var dependencies: [(id: String, lines: [String])] = []
      for item in rendered {
        for (index, product) in item.target.packageProducts.enumerated() {
          let id = item.productIDs[index].dependency
          dependencies.append((id, [
            "\t\t\(id) /* \(product.name) */ = \(product.mark ? "↓" : ""){",
            "\t\t\tisa = XCSwiftPackageProductDependency;",
            "\t\t\tpackage = \(packageIDs[product.packageURL]!) /* \(packageComment(product)) */;",
            "\t\t\tproductName = \(quoted(product.name));", "\t\t};",
          ]))
        }
      }
      lines += dependencies.sorted { $0.id < $1.id }.flatMap(\.lines)
      lines.append("/* End XCSwiftPackageProductDependency section */")
    }
    lines += ["\t};", "\trootObject = \(rootID) /* Project object */;"]
    lines += ["}", ""]
    return lines.joined(separator: "\n")
  }

  private static func copyPhase(_ id: String, name: String, spec: Int, files: [String]) -> [String] {
    ["\t\t\(id) /* \(name) */ = {", "\t\t\tisa = PBXCopyFilesBuildPhase;", "\t\t\tbuildActionMask = 2147483647;",
     "\t\t\tdstPath = \"\";", "\t\t\tdstSubfolderSpec = \(spec);", "\t\t\tfiles = ("]
      + files + ["\t\t\t);", "\t\t\tname = \"\(name)\";", "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};"]
  }

  private static func fileType(of name: String) -> String {
    let lowered = name.lowercased()
    if lowered.hasSuffix(".xcframework") { return "wrapper.xcframework" }
    if lowered.hasSuffix(".framework") { return "wrapper.framework" }
    if lowered.hasSuffix(".a") { return "archive.ar" }
    if lowered.hasSuffix(".bundle") { return "\"wrapper.plug-in\"" }
    if lowered.hasSuffix(".plist") { return "text.plist.xml" }
    if lowered.hasSuffix(".xcconfig") { return "text.xcconfig" }
    if lowered.hasSuffix(".swift") { return "sourcecode.swift" }
    if lowered.hasSuffix(".m") { return "sourcecode.c.objc" }
    if lowered.hasSuffix(".mm") { return "sourcecode.cpp.objcpp" }
    if !lowered.contains(".") { return "folder" }
    return "file"
  }
}

extension ExampleProject {
  /// The prefix of an example file's text that holds bytes rather than text (a binary's header), in base64.
  public static let base64Prefix = "base64:"

  /// The bytes of an example file written as `text`: its UTF-8, or the bytes after `base64Prefix`.
  public static func fileBytes(_ text: String) -> [UInt8] {
    guard text.hasPrefix(base64Prefix), let data = Data(base64Encoded: String(text.dropFirst(base64Prefix.count)))
    else { return Array(text.utf8) }
    return [UInt8](data)
  }
}

/// Identifiers as Xcode writes them (24 hexadecimal digits), numbered in order.
private struct IdentifierSequence {
  private var count = 0

  mutating func next() -> String {
    count += 1
    let digits = String(count, radix: 16, uppercase: true)
    return "5A1E" + String(repeating: "0", count: 20 - digits.count) + digits
  }
}

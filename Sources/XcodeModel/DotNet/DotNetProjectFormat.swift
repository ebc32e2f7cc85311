import Foundation
import PropertyList
import SharelintBase

/// A .NET project (`*.csproj`) that builds an iOS app: SDK-style .NET MAUI and `net-ios` projects, and legacy
/// Xamarin.iOS projects, read into the project model as `DotNetProjectReader` describes.
public enum DotNetProjectFormat: ProjectFormat {
  public static let displayName = ".NET project"

  public static func projectFiles(
    inFolder folder: String, names: [String], hasCommittedXcodeProject: Bool, boundary: RepositoryBoundary
  ) -> [String] {
    names.filter { $0.hasSuffix(".csproj") }.sorted().compactMap { name in
      let path = PathText.joined(folder, name)
      return RepositoryEntry.at(path, boundary: boundary).isFile ? path : nil
    }
  }

  public static func isProjectFile(_ path: String, boundary: RepositoryBoundary) -> Bool {
    path.hasSuffix(".csproj") && RepositoryEntry.at(path, boundary: boundary).isFile
  }

  public static func read(_ path: String, boundary: RepositoryBoundary) throws(XcodeProjectError)
    -> ProjectFormatReading
  {
    try read(path, boundary: boundary, overlay: XcodeFileOverlay())
  }

  /// The project with the Info.plist and PartialAppManifest files as a fix left them (`overlay`): a fix of the
  /// merged Info.plist is written into them.
  public static func read(_ path: String, boundary: RepositoryBoundary, overlay: XcodeFileOverlay)
    throws(XcodeProjectError) -> ProjectFormatReading
  {
    var reader = try DotNetProjectReader(path: path, boundary: boundary)
    reader.manifestOverlay = overlay
    let project = try reader.build()
    return ProjectFormatReading(
      project: project, files: reader.files.paths, notes: reader.notes, generatedPlists: reader.mergedPlists)
  }

  /// The NuGet packages the project's iOS app links (`PackageReference`, and for legacy projects the packages
  /// their `Reference` hint paths and imports come from), conditions evaluated for each configuration and iOS
  /// target framework; empty when the project builds no iOS app or cannot be read.
  public static func iOSPackageReferences(inProjectAt path: String, boundary: RepositoryBoundary = .current)
    -> [String]
  {
    guard var reader = try? DotNetProjectReader(path: path, boundary: boundary), (try? reader.build()) != nil else {
      return []
    }
    return reader.iOSPackages
  }
}

/// Reads a `.csproj` as the targets the .NET build makes of it, following what dotnet/macios and .NET MAUI do:
/// - SDK-style projects: one target per Apple platform of `TargetFramework(s)` (`-ios` an iOS app, `-maccatalyst`
///   its own target built with `SDKROOT = macosx`; `-android`, `-windows` and the rest ignored); legacy Xamarin.iOS
///   projects (`ProjectTypeGuids` naming Xamarin.iOS, or an import of `Xamarin.iOS`'s targets): one iOS app,
///   configurations evaluated for the `iPhone` platform (the device build, the one signed);
/// - configurations `Debug` and `Release`, and any other a condition names (`'$(Configuration)|…' == 'Name|…'`);
/// - per configuration, the build settings the rules read: `ApplicationId` → `PRODUCT_BUNDLE_IDENTIFIER` (not for
///   legacy projects, whose Info.plist's `CFBundleIdentifier` is the truth), `ApplicationDisplayVersion` →
///   `MARKETING_VERSION`, `ApplicationVersion` → `CURRENT_PROJECT_VERSION`, `SupportedOSPlatformVersion` →
///   `IPHONEOS_DEPLOYMENT_TARGET`, `CodesignKey` → `CODE_SIGN_IDENTITY`, the app manifest → `INFOPLIST_FILE` and
///   the entitlements the build signs with → `CODE_SIGN_ENTITLEMENTS`, each located where the project sets it;
/// - what the app links: `PackageReference` and `NativeReference` items in a frameworks phase (one file per package).
struct DotNetProjectReader {
  let path: String
  let boundary: RepositoryBoundary
  private(set) var files: MSBuildFiles
  private(set) var notes: [XcodeProjectNote] = []
  /// The NuGet packages the iOS target links, for `DotNetProjectFormat.iOSPackageReferences`.
  private(set) var iOSPackages: [String] = []
  /// The Info.plists as the build merges its PartialAppManifest items over them, by the Info.plist's path.
  private(set) var mergedPlists: [XcodeGenGeneratedPlist] = []
  /// The app extensions of other projects the apps embed (`AdditionalAppExtensions`).
  private(set) var crossProjectEmbeds: [CrossProjectEmbed] = []
  /// The Info.plist and partial manifests' contents as a fix left them, read instead of the files.
  var manifestOverlay = XcodeFileOverlay()
  private var notesGiven: Set<XcodeProjectNote> = []
  private var objects: [String: XcodeObject] = [:]

  /// The ProjectTypeGuid of Xamarin.iOS projects.
  static let xamarinIOSProjectType = "FEACFBD2-3405-455C-9665-78FE426C6842"
  /// The `ProjectTypeGuids` entry of a legacy Xamarin.iOS app extension project ("iOS Unified App Extension").
  static let xamarinIOSAppExtensionProjectType = "EE2C853D-36AF-4FDB-B1AD-8E90477E2198"

  init(path: String, boundary: RepositoryBoundary) throws(XcodeProjectError) {
    self.path = path
    self.boundary = boundary
    files = try MSBuildFiles(projectPath: path, boundary: boundary)
  }

  private mutating func note(_ note: XcodeProjectNote) {
    if notesGiven.insert(note).inserted { notes.append(note) }
  }

  /// One Apple platform the project builds an app for.
  private struct Platform {
    /// `ios` or `maccatalyst`.
    var identifier: String
    /// The target framework (`net8.0-ios18`), empty for a legacy project.
    var targetFramework: String
    var sdk: String { identifier == "maccatalyst" ? "macosx" : "iphoneos" }
    /// The folder of a .NET MAUI single project holding the platform's files.
    var mauiFolderProperty: String { identifier == "maccatalyst" ? "MacCatalystProjectFolder" : "iOSProjectFolder" }
    var mauiFolderName: String { identifier == "maccatalyst" ? "MacCatalyst" : "iOS" }
  }

  mutating func build() throws(XcodeProjectError) -> XcodeProject {
    let document = try files.document(at: path)
    guard document.root.name == "Project" else {
      throw XcodeProjectError(
        "the root element is '\(document.root.name)', not 'Project'", file: path, line: document.root.line)
    }
    let folder = files.projectFolder
    let boundary = boundary
    let exists: @Sendable (String) -> Bool? = { relative in
      let full = PathText.joined(folder, relative)
      switch RepositoryEntry.at(full, boundary: boundary) {
      case .file, .folder: return true
      case .missing: return false
      case .refused: return nil
      }
    }
    let isSDKStyle =
      document.root.attribute("Sdk") != nil
      || document.children(of: document.root).contains {
        $0.name == "Sdk" || ($0.name == "Import" && $0.attribute("Sdk") != nil)
      }
    let defaultPlatform = isSDKStyle ? "AnyCPU" : "iPhone"
    let outer = evaluate(globals: ["Configuration": "Debug", "Platform": defaultPlatform], exists: exists)
    let projectTypes = outer.value(of: "ProjectTypeGuids").uppercased()
    let isLegacyIOS =
      !isSDKStyle
      && (projectTypes.contains(Self.xamarinIOSProjectType)
        || projectTypes.contains(Self.xamarinIOSAppExtensionProjectType)
        || document.elements.contains { element in
          element.name == "Import" && (element.attribute("Project") ?? "").contains("Xamarin.iOS")
        })
    var platforms: [Platform] = []
    let frameworksProperty = outer.property("TargetFrameworks") ?? outer.property("TargetFramework")
    if isSDKStyle {
      let monikers = (outer.value(of: "TargetFrameworks").isEmpty
        ? outer.value(of: "TargetFramework") : outer.value(of: "TargetFrameworks")).split(separator: ";")
      var seen: Set<String> = []
      for moniker in monikers {
        let framework = DotNetTargetFramework(String(moniker))
        guard ["ios", "maccatalyst"].contains(framework.platform), seen.insert(framework.platform).inserted else {
          continue
        }
        platforms.append(Platform(identifier: framework.platform, targetFramework: framework.moniker))
      }
    } else if isLegacyIOS {
      platforms.append(Platform(identifier: "ios", targetFramework: ""))
    }
    let isApp = outer.value(of: "OutputType").lowercased() == "exe"
    // An app extension project is a library the app's build embeds (`IsAppExtension`, set by the project; legacy
    // Xamarin.iOS ones say so in `ProjectTypeGuids`).
    let isAppExtension =
      !isApp
      && (outer.value(of: "IsAppExtension").lowercased() == "true"
        || (!isSDKStyle && projectTypes.contains(Self.xamarinIOSAppExtensionProjectType)))
    // Another library or an Android-only project builds no app sharelint reads: what it cannot evaluate does not
    // matter.
    if !isApp && !isAppExtension { platforms = [] }
    if !platforms.isEmpty { for evaluationNote in outer.notes { note(evaluationNote) } }

    let configurationNames = Self.configurationNames(in: files, document: document)
    let projectName = document.source.name
    let stem = PathText.lastComponent(of: path).split(separator: ".").dropLast().joined(separator: ".")
    var targets: [PBXNativeTarget] = []
    var projectConfigurations: [XCBuildConfiguration] = []
    for name in configurationNames {
      projectConfigurations.append(
        XCBuildConfiguration(id: "dotnet.project.\(name)", name: name, buildSettings: [], baseConfiguration: nil))
    }
    let projectList = XCConfigurationList(
      id: "dotnet.project.configurations", configurations: projectConfigurations, defaultConfigurationName: "Debug")
    addObject(
      projectList.id, isa: "XCConfigurationList", ["buildConfigurations": .array(projectConfigurations.map(\.id))],
      offset: 0)
    for platform in platforms {
      let targetName = platform.identifier == "ios" ? stem : "\(stem) (Mac Catalyst)"
      let targetID = "dotnet.target.\(platform.identifier)"
      var configurations: [XCBuildConfiguration] = []
      var linked: [LinkedReference] = []
      for configuration in configurationNames {
        var globals = ["Configuration": configuration, "Platform": defaultPlatform]
        if !platform.targetFramework.isEmpty { globals["TargetFramework"] = platform.targetFramework }
        let evaluation = evaluate(globals: globals, exists: exists)
        for evaluationNote in evaluation.notes { note(evaluationNote) }
        let settings = buildSettings(
          evaluation, platform: platform, isSDKStyle: isSDKStyle, frameworksProperty: frameworksProperty,
          projectName: projectName, stem: stem, exists: exists)
        configurations.append(
          XCBuildConfiguration(
            id: "\(targetID).\(configuration)", name: configuration, buildSettings: settings, baseConfiguration: nil))
        // Located at the configuration's own PropertyGroup, where a finding about a setting it lacks is shown.
        if let group = evaluation.configurationGroup {
          addObject("\(targetID).\(configuration)", isa: "XCBuildConfiguration", [:], offset: group.offset)
        }
        mergePartialManifests(evaluation, settings: settings)
        if isApp {
          declareAdditionalAppExtensions(evaluation, appTargetID: targetID)
          declareExtensionProjects(evaluation, appTargetID: targetID, platform: platform)
        }
        for reference in linkedReferences(evaluation, projectFile: projectName)
        where !linked.contains(where: { $0.name == reference.name }) {
          linked.append(reference)
        }
      }
      if platform.identifier == "ios" {
        iOSPackages = linked.filter { !$0.path.contains("/") && !$0.path.hasSuffix("framework") }.map(\.name)
      }
      var phaseIDs: [String] = []
      if !linked.isEmpty {
        var buildFileIDs: [String] = []
        for (index, reference) in linked.enumerated() {
          let fileID = "\(targetID).link.\(index)"
          // A version the project does not state (`Version="$(MauiVersion)"`, set by the SDK) is none, not "".
          if let version = reference.version {
            addObject(
              fileID, isa: "PBXFileReference",
              [
                "path": .string(reference.path), "name": .string(reference.name),
                "sourceTree": .string("SOURCE_ROOT"), "version": .string(version),
              ],
              offset: reference.offset)
          } else {
            addObject(
              fileID, isa: "PBXFileReference",
              ["path": .string(reference.path), "name": .string(reference.name), "sourceTree": .string("SOURCE_ROOT")],
              offset: reference.offset)
          }
          addObject(fileID + ".build", isa: "PBXBuildFile", ["fileRef": .string(fileID)], offset: reference.offset)
          buildFileIDs.append(fileID + ".build")
        }
        let phaseID = "\(targetID).frameworks"
        addObject(phaseID, isa: "PBXFrameworksBuildPhase", ["files": .array(buildFileIDs)], offset: 0)
        phaseIDs.append(phaseID)
      }
      let list = XCConfigurationList(
        id: "\(targetID).configurations", configurations: configurations, defaultConfigurationName: "Debug")
      addObject(
        list.id, isa: "XCConfigurationList", ["buildConfigurations": .array(configurations.map(\.id))], offset: 0)
      let productID = "\(targetID).product"
      addObject(
        productID, isa: "PBXFileReference",
        [
          "path": .string(isAppExtension ? "\(stem).appex" : "\(stem).app"),
          "sourceTree": .string("BUILT_PRODUCTS_DIR"),
        ], offset: 0)
      let productType = isAppExtension ? "com.apple.product-type.app-extension" : "com.apple.product-type.application"
      addObject(
        targetID, isa: "PBXNativeTarget",
        [
          "name": .string(targetName), "productName": .string(stem), "productType": .string(productType),
          "productReference": .string(productID), "buildConfigurationList": .string(list.id),
          "buildPhases": .array(phaseIDs), "dependencies": .array([]),
        ], offset: 0)
      targets.append(
        PBXNativeTarget(
          id: targetID, isa: "PBXNativeTarget", name: targetName, productType: productType, productName: stem,
          productReferenceID: productID, buildConfigurationList: list, buildPhaseIDs: phaseIDs, dependencyIDs: [],
          line: frameworksProperty?.line ?? document.root.line))
    }
    let rootID = "dotnet.project"
    addObject(
      rootID, isa: "PBXProject",
      ["buildConfigurationList": .string(projectList.id), "targets": .array(targets.map(\.id))], offset: 0)
    let project = PBXProject(
      id: rootID, buildConfigurationList: projectList, targetIDs: targets.map(\.id), mainGroupID: nil,
      projectDirPath: "")
    var model = XcodeProject(
      xcodeGenSpec: path, name: stem, source: document.source, objects: objects, project: project, targets: targets,
      boundary: boundary)
    model.settingNamesAsWritten = Self.settingNamesAsWritten
    model.crossProjectEmbeds = crossProjectEmbeds
    if !isSDKStyle { model.settingNamesAsWritten["PRODUCT_BUNDLE_IDENTIFIER"] = "CFBundleIdentifier" }
    return model
  }

  private mutating func evaluate(globals: [String: String], exists: @escaping @Sendable (String) -> Bool?)
    -> MSBuildEvaluation
  {
    MSBuildEvaluation(files: &files, globals: globals, exists: exists)
  }

  /// `Debug` and `Release`, then every other configuration a condition compares `$(Configuration)` with, in the
  /// order first named.
  static func configurationNames(in files: MSBuildFiles, document: MSBuildXMLDocument) -> [String] {
    var names = ["Debug", "Release"]
    for element in document.elements {
      guard let condition = element.attribute("Condition"), condition.contains("$(Configuration)") else { continue }
      let quoted = condition.split(separator: "'", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      guard let left = quoted.firstIndex(where: { $0.contains("$(Configuration)") }), left + 1 < quoted.count else {
        continue
      }
      let leftParts = quoted[left].split(separator: "|", omittingEmptySubsequences: false)
      let rightParts = quoted[left + 1].split(separator: "|", omittingEmptySubsequences: false)
      let position = leftParts.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "$(Configuration)" }
      guard let position,
        position < rightParts.count
      else { continue }
      let name = rightParts[position].trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty, !name.contains("$"), name.count <= 64, PrintableText.isPrintable(name),
        !names.contains(name)
      else { continue }
      names.append(name)
      if names.count >= 16 { break }
    }
    return names
  }

  // MARK: - Settings

  /// The MSBuild property each build setting is read from, as the project writes it: what messages about a setting
  /// name (a legacy project's bundle identifier is its Info.plist's `CFBundleIdentifier` instead).
  static let settingNamesAsWritten = [
    "PRODUCT_BUNDLE_IDENTIFIER": "ApplicationId", "MARKETING_VERSION": "ApplicationDisplayVersion",
    "CURRENT_PROJECT_VERSION": "ApplicationVersion", "IPHONEOS_DEPLOYMENT_TARGET": "SupportedOSPlatformVersion",
    "CODE_SIGN_IDENTITY": "CodesignKey", "CODE_SIGN_ENTITLEMENTS": "CodesignEntitlements",
  ]

  /// The build settings of one configuration of `platform`.
  private func buildSettings(
    _ evaluation: MSBuildEvaluation, platform: Platform, isSDKStyle: Bool,
    frameworksProperty: MSBuildEvaluation.Property?, projectName: String, stem: String,
    exists: @Sendable (String) -> Bool?
  ) -> [BuildSettingDefinition] {
    var settings: [BuildSettingDefinition] = []
    let rootOrigin = BuildSettingDefinition.Origin.project(file: projectName, line: 1)
    func origin(_ property: MSBuildEvaluation.Property) -> BuildSettingDefinition.Origin {
      .project(file: property.file, line: property.line)
    }
    func add(_ name: String, from property: String, transform: (String) -> String = { $0 }) {
      guard let found = evaluation.property(property), !found.value.isEmpty else { return }
      settings.append(BuildSettingDefinition(name: name, value: transform(found.value), origin: origin(found)))
    }
    settings.append(
      BuildSettingDefinition(
        name: "SDKROOT", value: platform.sdk, origin: frameworksProperty.map(origin) ?? rootOrigin))
    let productName = evaluation.value(of: "AssemblyName").isEmpty ? stem : evaluation.value(of: "AssemblyName")
    settings.append(BuildSettingDefinition(name: "PRODUCT_NAME", value: productName, origin: rootOrigin))
    if isSDKStyle { add("PRODUCT_BUNDLE_IDENTIFIER", from: "ApplicationId") }
    add("MARKETING_VERSION", from: "ApplicationDisplayVersion")
    add("CURRENT_PROJECT_VERSION", from: "ApplicationVersion")
    if platform.identifier == "ios" { add("IPHONEOS_DEPLOYMENT_TARGET", from: "SupportedOSPlatformVersion") }
    add("CODE_SIGN_IDENTITY", from: "CodesignKey")
    if let manifest = appManifest(evaluation, platform: platform, isSDKStyle: isSDKStyle, exists: exists) {
      settings.append(BuildSettingDefinition(name: "INFOPLIST_FILE", value: manifest.path, origin: manifest.origin))
      if !settings.contains(where: { $0.name == "PRODUCT_BUNDLE_IDENTIFIER" }),
        let written = bundleIdentifier(inManifest: manifest.path)
      {
        // Without `ApplicationId` the build keeps the Info.plist's own `CFBundleIdentifier` (dotnet/macios
        // `CompileAppManifest`): the bundle identifier is the one written there, located in the Info.plist.
        settings.append(
          BuildSettingDefinition(name: "PRODUCT_BUNDLE_IDENTIFIER", value: written.value, origin: written.origin))
      }
    }
    if let entitlements = signingEntitlements(evaluation, platform: platform, isSDKStyle: isSDKStyle, exists: exists) {
      settings.append(
        BuildSettingDefinition(name: "CODE_SIGN_ENTITLEMENTS", value: entitlements.path, origin: entitlements.origin))
    }
    return settings
  }

  /// The `CFBundleIdentifier` the Info.plist at `manifest` (relative to the project's folder) writes, with its place;
  /// nil when the file cannot be read or has none.
  private func bundleIdentifier(inManifest manifest: String) -> (value: String, origin: BuildSettingDefinition.Origin)? {
    let path = PathText.joined(files.projectFolder, manifest)
    guard case .success(let bytes) = RepositoryFile.read(path, limit: 4 << 20, boundary: boundary),
      let document = try? PropertyListDocument(bytes: bytes, name: path),
      let node = document.value(at: ["CFBundleIdentifier"]), case .string(let value) = node.value, !value.isEmpty
    else { return nil }
    let shown = path.hasPrefix("/") ? PathText.relativeToWorkingFolder(path) : path
    let line = node.elementRange.map { document.position(of: $0.start).line } ?? 1
    return (value, .project(file: shown, line: line))
  }

  /// A path as MSBuild writes it (`Platforms\iOS\Info.plist`), with `/` and relative to the project's folder.
  static func slashed(_ path: String) -> String {
    var text = path.replacingOccurrences(of: "\\", with: "/")
    while text.hasPrefix("./") { text.removeFirst(2) }
    return text
  }

  /// The folder of a MAUI single project that holds `platform`'s files (`Platforms/iOS/`), or nil when the project
  /// is no single project.
  private func mauiPlatformFolder(_ evaluation: MSBuildEvaluation, platform: Platform) -> String? {
    guard evaluation.value(of: "SingleProject").lowercased() == "true" else { return nil }
    let explicit = evaluation.value(of: platform.mauiFolderProperty)
    if !explicit.isEmpty {
      return Self.slashed(explicit.hasSuffix("/") || explicit.hasSuffix("\\") ? explicit : explicit + "/")
    }
    var platforms = evaluation.value(of: "PlatformsProjectFolder")
    if platforms.isEmpty { platforms = "Platforms/" }
    platforms = Self.slashed(platforms)
    if !platforms.hasSuffix("/") { platforms += "/" }
    return platforms + platform.mauiFolderName + "/"
  }

  /// The Info.plist the build takes as the app manifest, as dotnet/macios's `_DetectAppManifest` finds it: the
  /// `AppBundleManifest` property, else the first `None`, `BundleResource` or `Content` item whose logical name is
  /// `Info.plist` (a `LogicalName`, or its path without the resource prefix), else, for a MAUI single project, the
  /// platform folder's `Info.plist`, else (SDK-style projects include every file) the project folder's.
  private func appManifest(
    _ evaluation: MSBuildEvaluation, platform: Platform, isSDKStyle: Bool, exists: (String) -> Bool?
  ) -> (path: String, origin: BuildSettingDefinition.Origin)? {
    if let explicit = evaluation.property("AppBundleManifest"), !explicit.value.isEmpty {
      return (Self.slashed(explicit.value), .project(file: explicit.file, line: explicit.line))
    }
    let resourcePrefix = Self.slashed(evaluation.value(of: "IPhoneResourcePrefix"))
    for item in evaluation.items where ["None", "BundleResource", "Content"].contains(item.type) {
      let include = Self.slashed(item.include)
      // The name in the bundle: `LogicalName`, else `Link` (the path the IDE shows the file at), else the path.
      let named = item.metadata["logicalname"] ?? item.metadata["link"]
      var logical = named.map(Self.slashed) ?? include
      guard PathText.lastComponent(of: logical) == "Info.plist" else { continue }
      if named == nil, !resourcePrefix.isEmpty, logical.hasPrefix(resourcePrefix + "/") {
        logical = String(logical.dropFirst(resourcePrefix.count + 1))
      }
      if logical == "Info.plist" { return (include, .project(file: item.file, line: item.line)) }
    }
    let rootOrigin = BuildSettingDefinition.Origin.project(file: files.projectPath, line: 1)
    if let folder = mauiPlatformFolder(evaluation, platform: platform), exists(folder + "Info.plist") == true {
      return (folder + "Info.plist", rootOrigin)
    }
    if isSDKStyle, exists("Info.plist") == true { return ("Info.plist", rootOrigin) }
    return nil
  }

  /// The entitlements the build signs with. `CodesignEntitlements` as the project sets it, with the defaults of
  /// the build:
  /// - dotnet/macios `msbuild/Xamarin.Shared/Xamarin.Shared.props` (d0107f435002688f0f6dd9241ddeca330b181630),
  ///   imported before the project: `CodesignEntitlements` is `Entitlements.plist` when it is empty, the project
  ///   folder has an `Entitlements.plist` and `EnableDefaultCodesignEntitlements` is not `false`;
  /// - dotnet/maui `src/Controls/src/Build.Tasks/nuget/buildTransitive/netstandard2.0/
  ///   Microsoft.Maui.Controls.SingleProject.Before.targets` (1c4348cc9e399a2fc41b6a9cc1286f966a985456), imported
  ///   after the project: in a single project (`SingleProject` true) building for iOS or Mac Catalyst,
  ///   `CodesignEntitlements` becomes `$(iOSProjectFolder)Entitlements.plist` (or the Mac Catalyst folder's)
  ///   whenever that file exists, whatever the project set.
  /// Legacy Xamarin.iOS projects get only what they set.
  private func signingEntitlements(
    _ evaluation: MSBuildEvaluation, platform: Platform, isSDKStyle: Bool, exists: (String) -> Bool?
  ) -> (path: String, origin: BuildSettingDefinition.Origin)? {
    let rootOrigin = BuildSettingDefinition.Origin.project(file: files.projectPath, line: 1)
    if isSDKStyle, let folder = mauiPlatformFolder(evaluation, platform: platform),
      exists(folder + "Entitlements.plist") == true
    {
      return (folder + "Entitlements.plist", rootOrigin)
    }
    if let set = evaluation.property("CodesignEntitlements"), !set.value.isEmpty {
      return (Self.slashed(set.value), .project(file: set.file, line: set.line))
    }
    if isSDKStyle, evaluation.value(of: "EnableDefaultCodesignEntitlements").lowercased() != "false",
      exists("Entitlements.plist") == true
    {
      return ("Entitlements.plist", rootOrigin)
    }
    return nil
  }

  // MARK: - App extensions built elsewhere

  /// Declares the app extensions another build makes that the app embeds: `AdditionalAppExtensions` items, which
  /// dotnet/macios copies into the app as `Include/BuildOutput/Name.appex` and signs with `Include/Name.entitlements`
  /// when that file exists (`msbuild/Xamarin.Shared/Xamarin.Shared.targets`, `_ExtendAppExtensionReferences`, at
  /// d0107f435002688f0f6dd9241ddeca330b181630). The extension is the target building `Name` in the Xcode project(s)
  /// in the `Include` folder: `XcodeTargetsReport` finds it once every project is read, and the app becomes its
  /// containing app; a folder or target it cannot find is its located note.
  private mutating func declareAdditionalAppExtensions(_ evaluation: MSBuildEvaluation, appTargetID: String) {
    for item in evaluation.items where item.type == "AdditionalAppExtensions" {
      let include = Self.slashed(item.include)
      let name = item.metadata["name"] ?? ""
      let folder = PathText.tidied(PathText.joined(files.projectFolder, include))
      let product = name.isEmpty ? PathText.lastComponent(of: folder) : name
      let embed = CrossProjectEmbed(
        appTargetID: appTargetID, project: .folder(folder), target: .productName(product), name: product,
        writtenAs: "AdditionalAppExtensions", file: item.file, line: item.line)
      if !crossProjectEmbeds.contains(embed) { crossProjectEmbeds.append(embed) }
    }
  }

  /// Declares the app extension projects the app embeds: `ProjectReference` items with `IsAppExtension` set, whose
  /// build dotnet/macios copies into the app's PlugIns (`msbuild/Xamarin.Shared/Xamarin.Shared.targets`,
  /// `_ResolveAppExtensionReferences`, at d0107f435002688f0f6dd9241ddeca330b181630). The extension is the target of
  /// the referenced project for the app's platform: `XcodeTargetsReport` reads that project (within the boundary),
  /// and the app becomes its containing app; a project or target it cannot find is its located note.
  private mutating func declareExtensionProjects(
    _ evaluation: MSBuildEvaluation, appTargetID: String, platform: Platform
  ) {
    for item in evaluation.items
    where item.type == "ProjectReference" && item.metadata["isappextension"]?.lowercased() == "true" {
      let path = PathText.tidied(PathText.joined(files.projectFolder, Self.slashed(item.include)))
      let name = PathText.lastComponent(of: path)
      let stem = name.split(separator: ".").dropLast().joined(separator: ".")
      let target = platform.identifier == "ios" ? stem : "\(stem) (Mac Catalyst)"
      let embed = CrossProjectEmbed(
        appTargetID: appTargetID, project: .project(path), target: .targetName(target), name: name,
        writtenAs: "ProjectReference (IsAppExtension)", file: item.file, line: item.line)
      if !crossProjectEmbeds.contains(embed) { crossProjectEmbeds.append(embed) }
    }
  }

  // MARK: - Partial manifests

  /// The most partial manifests merged into one Info.plist.
  static let maximumPartialManifests = 16

  /// Records the Info.plist of `settings` as the build merges the configuration's PartialAppManifest items over it
  /// (dotnet/macios `msbuild/Xamarin.MacDev.Tasks/Tasks/CompileAppManifest.cs`, `MergePartialPLists`, at
  /// d0107f435002688f0f6dd9241ddeca330b181630): each in order, a key of the partial replacing the Info.plist's
  /// (dictionaries merged key by key at any depth, `merging`), or kept when the item's `Overwrite` is `false`. A
  /// file that cannot be read is a note; the first merge of an Info.plist is the one kept.
  private mutating func mergePartialManifests(_ evaluation: MSBuildEvaluation, settings: [BuildSettingDefinition]) {
    let partials = evaluation.items.filter { $0.type == "PartialAppManifest" }
    guard !partials.isEmpty,
      let infoPlist = settings.last(where: { $0.name == "INFOPLIST_FILE" })?.value
    else { return }
    let file = PathText.joined(files.projectFolder, infoPlist)
    let shown = file.hasPrefix("/") ? PathText.relativeToWorkingFolder(file) : file
    guard !mergedPlists.contains(where: { $0.path == shown }) else { return }
    func read(_ path: String, at item: MSBuildEvaluation.Item?) -> PropertyListValue? {
      let overlaid = manifestOverlay.bytes(at: path).map { Result<[UInt8], RepositoryFile.Failure>.success($0) }
      switch overlaid ?? RepositoryFile.read(path, limit: 4 << 20, boundary: boundary) {
      case .success(let bytes):
        if let document = try? PropertyListDocument(bytes: bytes, name: path) { return document.root.value }
        if let item {
          note(XcodeProjectNote("the PartialAppManifest '\(path)' is no plist: not merged", file: item.file, line: item.line))
        }
        return nil
      case .failure(let failure):
        if let item {
          note(
            XcodeProjectNote(
              "the PartialAppManifest '\(path)' \(failure.description): not merged", file: item.file, line: item.line))
        }
        return nil
      }
    }
    guard case .dictionary(var merged)? = read(file, at: nil) else { return }
    var mergedNames: [String] = []
    var origins: [String: String] = [:]
    for item in partials.prefix(Self.maximumPartialManifests) {
      let path = PathText.joined(files.projectFolder, Self.slashed(item.include))
      guard case .dictionary(let partial)? = read(path, at: item) else { continue }
      let overwrite = item.metadata["overwrite"]?.lowercased() != "false"
      let shownPartial = path.hasPrefix("/") ? PathText.relativeToWorkingFolder(path) : path
      let (result, keyPathsSet) = Self.merging(partial, into: merged, overwrite: overwrite)
      merged = result
      // Where each key path the partial sets comes from: this partial, and no longer whatever set what it replaced.
      for keyPath in keyPathsSet {
        origins = origins.filter { !$0.key.hasPrefix(keyPath + ".") }
        origins[keyPath] = shownPartial
      }
      mergedNames.append("'\(Self.slashed(item.include))' (\(item.file):\(item.line))")
    }
    guard !mergedNames.isEmpty,
      let text = try? XMLPlistWriter.document(.dictionary(merged), style: .xcode)
    else { return }
    let manifests = mergedNames.count == 1 ? "PartialAppManifest" : "PartialAppManifests"
    mergedPlists.append(
      XcodeGenGeneratedPlist(
        path: shown, definedAt: mergedNames[0], bytes: Array(text.utf8),
        mergedBy: "the .NET build with the \(manifests) \(mergedNames.joined(separator: ", "))",
        keyOrigins: origins))
  }

  /// `partial`'s entries merged into `base` as dotnet/macios merges a PartialAppManifest
  /// (`msbuild/Xamarin.MacDev.Tasks/Tasks/CompileAppManifest.cs`, `MergePartialPlistDictionary`, at
  /// d0107f435002688f0f6dd9241ddeca330b181630), and the key paths (joined with `.`) the partial set, in order:
  /// - a key `base` lacks is added after its keys (Xamarin.MacDev's `PDictionary` indexer appends a new key and keeps
  ///   an existing key in its place: xamarin/Xamarin.MacDev `Xamarin.MacDev/PListObject.cs` at
  ///   5b7cf7c1a99fd3b12c7235d2778990023e84eb9c);
  /// - a key `base` has is kept as it is when `overwrite` is false (the item's `Overwrite` metadata);
  /// - otherwise, when both values are dictionaries, they are merged the same way, at any depth; any other value
  ///   (an array too) replaces the old one whole.
  /// The dictionaries being merged are kept in a list rather than recursing, so the depth of the input costs no
  /// stack; it is bounded by the plist reader's nesting limit.
  static func merging(
    _ partial: [PropertyListValue.Entry], into base: [PropertyListValue.Entry], overwrite: Bool
  ) -> (entries: [PropertyListValue.Entry], keyPathsSet: [String]) {
    /// A dictionary being merged: its entries so far, the partial's entries merged into it, how many of those are
    /// done, its key path, and its index in the enclosing dictionary's entries (nil for the top).
    struct Level {
      var entries: [PropertyListValue.Entry]
      let incoming: [PropertyListValue.Entry]
      var next = 0
      let keyPath: String
      let indexInParent: Int?
    }
    var levels = [Level(entries: base, incoming: partial, keyPath: "", indexInParent: nil)]
    var keyPathsSet: [String] = []
    while var level = levels.popLast() {
      guard level.next < level.incoming.count else {
        // This dictionary is merged: it replaces its old value in the enclosing one, or is the result.
        guard let index = level.indexInParent, !levels.isEmpty else { return (level.entries, keyPathsSet) }
        levels[levels.count - 1].entries[index].value = .dictionary(level.entries)
        continue
      }
      let entry = level.incoming[level.next]
      level.next += 1
      let keyPath = level.keyPath.isEmpty ? entry.key : level.keyPath + "." + entry.key
      if let index = level.entries.firstIndex(where: { $0.key == entry.key }) {
        guard overwrite else {
          levels.append(level)
          continue
        }
        if case .dictionary(let existing) = level.entries[index].value, case .dictionary(let incoming) = entry.value {
          levels.append(level)
          levels.append(Level(entries: existing, incoming: incoming, keyPath: keyPath, indexInParent: index))
          continue
        }
        level.entries[index].value = entry.value
      } else {
        level.entries.append(entry)
      }
      keyPathsSet.append(keyPath)
      levels.append(level)
    }
    return (base, keyPathsSet)  // not reached: the top level returns when its entries are done
  }

  // MARK: - Linking

  /// Something a target links: a NuGet package (by its id) or a native reference (by its path), with the version
  /// the project states for it and the byte offset of its element when it is written in the project file.
  private struct LinkedReference {
    var name: String
    var path: String
    var version: String?
    var offset: Int
  }

  /// What one evaluation links: `PackageReference` items (by package name, with their `Version`), `NativeReference`
  /// items (by path), and for legacy projects the NuGet packages (`packages/<Name>.<version>/…`) that `Reference`
  /// hint paths and imports come from.
  private func linkedReferences(_ evaluation: MSBuildEvaluation, projectFile: String) -> [LinkedReference] {
    var linked: [LinkedReference] = []
    for item in evaluation.items {
      let offset = item.file == projectFile ? item.offset : 0
      switch item.type {
      case "PackageReference":
        let version = item.metadata["version"].flatMap { $0.isEmpty ? nil : $0 }
        linked.append(LinkedReference(name: item.include, path: item.include, version: version, offset: offset))
      case "NativeReference":
        let path = Self.slashed(item.include)
        linked.append(LinkedReference(name: PathText.lastComponent(of: path), path: path, offset: offset))
      case "Reference":
        if let hint = item.metadata["hintpath"], let package = Self.nuGetPackage(inPath: hint) {
          linked.append(LinkedReference(name: package.id, path: package.id, version: package.version, offset: offset))
        }
      default:
        continue
      }
    }
    if let document = files.documentsRead[projectFile] {
      for element in document.elements where element.name == "Import" {
        guard let project = element.attribute("Project"), let package = Self.nuGetPackage(inPath: project) else {
          continue
        }
        linked.append(
          LinkedReference(name: package.id, path: package.id, version: package.version, offset: element.offset))
      }
    }
    return linked
  }

  /// The NuGet package a legacy project's path points into, and its version: `Name` and `1.2.3` of
  /// `…packages\Name.1.2.3\…`.
  static func nuGetPackage(inPath path: String) -> (id: String, version: String)? {
    let parts = slashed(path).split(separator: "/")
    guard let index = parts.firstIndex(where: { $0.lowercased() == "packages" }), index + 1 < parts.count else {
      return nil
    }
    let folder = parts[index + 1].split(separator: ".")
    guard let firstNumber = folder.firstIndex(where: { $0.allSatisfy(\.isNumber) }), firstNumber > 0 else {
      return nil
    }
    return (folder[..<firstNumber].joined(separator: "."), folder[firstNumber...].joined(separator: "."))
  }

  // MARK: - Objects

  private enum Field {
    case string(String)
    case array([String])
  }

  private mutating func addObject(_ id: String, isa: String, _ fields: KeyValuePairs<String, Field>, offset: Int) {
    let range = ByteRange.empty(at: offset)
    func node(_ field: Field) -> OpenStepNode {
      switch field {
      case .string(let text): return OpenStepNode(.string(text), range: range)
      case .array(let texts):
        return OpenStepNode(.array(texts.map { OpenStepNode(.string($0), range: range) }), range: range)
      }
    }
    let entries = [OpenStepEntry(key: "isa", keyRange: range, value: node(.string(isa)))]
      + fields.map { OpenStepEntry(key: $0.key, keyRange: range, value: node($0.value)) }
    objects[id] = XcodeObject(id: id, fields: OpenStepDictionary(entries), range: range)
  }
}


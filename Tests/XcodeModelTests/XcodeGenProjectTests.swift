import BoundedYAML
import Foundation
import SharelintBase
import Testing

@testable import XcodeModel

/// A folder of files written for one test, removed when it ends.
final class SpecFolder: Sendable {
  let path: String

  init(_ files: [String: String]) throws {
    path = FileManager.default.temporaryDirectory
      .appendingPathComponent("sharelint-xcodegen-\(UUID().uuidString)").path
    for (name, text) in files { try write(name, text) }
  }

  func write(_ name: String, _ text: String) throws {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: PathText.removingLastComponent(of: file), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
  }

  var spec: String { path + "/project.yml" }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// An app and its share extension in two files joined with `include:`, the way XcodeGen repositories split them.
private let appAndShare: [String: String] = [
  "project.yml": """
    name: Contoso
    include:
      - Share/target.yml
    options:
      bundleIdPrefix: com.contoso
    targets:
      Contoso:
        type: application
        platform: iOS
        sources: [App]
        dependencies:
          - target: Contoso_Share
    """,
  "Share/target.yml": """
    targets:
      Contoso_Share:
        type: app-extension
        platform: iOS
        configFiles:
          Release: Share.xcconfig
        info:
          path: Info.plist
    """,
  "Share/Share.xcconfig": "SHARE_ONLY = yes\n",
  "App/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n",
]

@Suite("XcodeGen specs read as the project xcodegen generates")
struct XcodeGenProjectTests {
  private func read(_ files: [String: String]) throws -> (SpecFolder, XcodeGenProject) {
    let folder = try SpecFolder(files)
    return (folder, try XcodeGenProject(specPath: folder.spec))
  }

  private func configuration(_ project: XcodeGenProject, _ target: String, _ name: String = "Debug") throws
    -> XcodeTargetConfiguration
  {
    let found = try #require(project.project.target(named: target))
    return try #require(project.project.configuration(named: name, of: found))
  }

  /// XcodeGen's SpecFile: an included file's paths are relative to its folder; PBXProjGenerator: the bundle id is
  /// `bundleIdPrefix` + the name with `_` as `-`, an app embeds the extension it depends on.
  @Test func appAndShareExtensionJoinedByInclude() throws {
    let (folder, project) = try read(appAndShare)
    let root = PathText.relativeToWorkingFolder(folder.path)
    #expect(project.specFiles == [folder.spec, folder.path + "/Share/target.yml"])
    #expect(project.project.targets.map(\.name) == ["Contoso", "Contoso_Share"])
    #expect(project.project.targets.map(\.productType) == [
      "com.apple.product-type.application", "com.apple.product-type.app-extension",
    ])
    #expect(project.project.project.buildConfigurationList?.configurations.map(\.name) == ["Debug", "Release"])
    let share = try configuration(project, "Contoso_Share")
    #expect(share.bundleIdentifier?.value == "com.contoso.Contoso-Share")
    #expect(share.bundleIdentifier?.origin == .project(file: folder.spec, line: 5))
    #expect(share.infoPlistPath?.value == root + "/Share/Info.plist")
    #expect(share.infoPlistPath?.origin == .project(file: folder.path + "/Share/target.yml", line: 7))
    let release = try configuration(project, "Contoso_Share", "Release")
    #expect(release.settings.value(of: "SHARE_ONLY") == "yes")
    #expect(share.settings.value(of: "SHARE_ONLY") == nil)
    let app = try configuration(project, "Contoso")
    #expect(app.bundleIdentifier?.value == "com.contoso.Contoso")
    // No INFOPLIST_FILE, no info: the first Info.plist among the sources.
    #expect(app.infoPlistPath?.value == root + "/App/Info.plist")
    #expect(app.settings.value(of: "SDKROOT") == "iphoneos")
    #expect(app.settings.value(of: "PRODUCT_NAME") == "$(TARGET_NAME)")
    let shareTarget = try #require(project.project.target(named: "Contoso_Share"))
    #expect(project.project.containingApp(of: shareTarget)?.name == "Contoso")
  }

  /// SettingsBuilder.getBuildSettings: groups, then `base`, then each `configs` entry whose name the configuration's
  /// contains (case-insensitively) unless another configuration has exactly that name.
  @Test func settingGroupsAndConfigVariants() throws {
    let (_, project) = try read([
      "project.yml": """
        name: Groups
        configs:
          Debug: debug
          Staging Debug: debug
          Release: release
        settingGroups:
          base_group:
            CHAIN: group
            FROM_GROUP: yes
          app_group:
            groups: [base_group]
            base:
              CHAIN: app-group
            configs:
              staging:
                ENVIRONMENT: staging
        settings:
          base:
            PROJECT_LEVEL: "1"
        targets:
          App:
            type: application
            platform: iOS
            settings:
              groups: [app_group, missing_group]
              base:
                PRODUCT_BUNDLE_IDENTIFIER: io.example.app
              configs:
                Debug:
                  ONLY_DEBUG: exact
                debug:
                  ANY_DEBUG: [a, b]
        """
    ])
    #expect(project.project.project.buildConfigurationList?.configurations.map(\.name) == [
      "Debug", "Release", "Staging Debug",
    ])
    let debug = try configuration(project, "App", "Debug")
    #expect(debug.settings.value(of: "CHAIN") == "app-group")
    #expect(debug.settings.value(of: "FROM_GROUP") == "YES")
    #expect(debug.settings.value(of: "ONLY_DEBUG") == "exact")
    #expect(debug.settings.value(of: "ANY_DEBUG") == "a b")
    #expect(debug.settings.value(of: "ENVIRONMENT") == nil)
    #expect(debug.settings.value(of: "PROJECT_LEVEL") == "1")
    #expect(debug.settings.value(of: "SWIFT_ACTIVE_COMPILATION_CONDITIONS") == "DEBUG")
    let staging = try configuration(project, "App", "Staging Debug")
    #expect(staging.settings.value(of: "ENVIRONMENT") == "staging")
    // `Debug` names a configuration exactly, so it is not applied to `Staging Debug`; `debug` is.
    #expect(staging.settings.value(of: "ONLY_DEBUG") == nil)
    #expect(staging.settings.value(of: "ANY_DEBUG") == "a b")
    #expect(try configuration(project, "App", "Release").settings.value(of: "ANY_DEBUG") == nil)
    #expect(project.notes.map(\.message) == ["the setting group 'missing_group' is not defined; it is left out"])
  }

  /// SettingsBuilder: presets an `.xcconfig` of the configuration defines are dropped so the file wins, and no
  /// bundle id is made up when any level (the xcconfig included) defines one.
  @Test func configFilesWinOverPresetsAndBundleIdPrefix() throws {
    let (folder, project) = try read([
      "project.yml": """
        name: Configured
        options:
          bundleIdPrefix: io.example
          deploymentTarget:
            iOS: 15
        configFiles:
          Debug: Config/Project.xcconfig
          Release: Config/Project.xcconfig
        targets:
          App:
            type: application
            platform: iOS
            configFiles:
              Debug: Config/App.xcconfig
          Widget:
            type: app-extension
            platform: iOS
            deploymentTarget: "16.4"
        """,
      "Config/Project.xcconfig": "SDKROOT = iphoneos17.0\n",
      "Config/App.xcconfig": "#include \"Base.xcconfig\"\n",
      "Config/Base.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = io.example.from-xcconfig\n",
    ])
    let app = try configuration(project, "App")
    #expect(app.bundleIdentifier?.value == "io.example.from-xcconfig")
    #expect(app.settings.value(of: "SDKROOT") == "iphoneos17.0")
    #expect(app.settings.value(of: "IPHONEOS_DEPLOYMENT_TARGET") == "15.0")
    let appRelease = try configuration(project, "App", "Release")
    #expect(appRelease.bundleIdentifier?.value == "io.example.App")
    let widget = try configuration(project, "Widget")
    #expect(widget.settings.value(of: "IPHONEOS_DEPLOYMENT_TARGET") == "16.4")
    let base = try #require(project.project.target(named: "App")?.buildConfigurationList?.configurations.first)
    #expect(base.baseConfiguration?.path == folder.path + "/Config/App.xcconfig")
  }

  /// FileWriter.writePlists and InfoPlistGenerator: `info.properties` over the keys XcodeGen always writes; the
  /// plist is recorded when the repository does not have it, or when it does and XcodeGen rewrites it from
  /// `properties:` (committed), with where the spec writes its keys.
  @Test func infoPropertiesGiveThePlistXcodeGenWrites() throws {
    let (folder, project) = try read([
      "project.yml": """
        name: Generated
        targets:
          Share:
            type: app-extension
            platform: iOS
            info:
              path: Share/Info.plist
              properties:
                CFBundleShortVersionString: "2.1"
                NSExtension:
                  NSExtensionPointIdentifier: com.apple.share-services
                  NSExtensionAttributes:
                    NSExtensionActivationSupportsImageWithMaxCount: 10
                    NSExtensionActivationSupportsText: true
            entitlements:
              path: Share/Share.entitlements
              properties:
                com.apple.security.application-groups: [group.io.example]
        """,
      "Share/Share.entitlements": "<plist version=\"1.0\"><dict/></plist>\n",
    ])
    let root = PathText.relativeToWorkingFolder(folder.path)
    #expect(
      project.generatedPlists.map { "\($0.path) \($0.isCommitted)" }.sorted() == [
        root + "/Share/Info.plist false", root + "/Share/Share.entitlements true",
      ])
    let plist = try #require(project.generatedPlists.first { $0.path.hasSuffix("Info.plist") })
    #expect(plist.definedAt == folder.spec + ":6")
    #expect(plist.spec?.properties?.value.entries?.map(\.key) == ["CFBundleShortVersionString", "NSExtension"])
    #expect(plist.spec?.uneditable == nil)
    let entitlements = try #require(project.generatedPlists.first { $0.path.hasSuffix(".entitlements") })
    #expect(String(decoding: entitlements.bytes, as: UTF8.self).contains("<string>group.io.example</string>"))
    let text = String(decoding: plist.bytes, as: UTF8.self)
    #expect(text.contains("<key>CFBundleIdentifier</key>\n\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"))
    #expect(text.contains("<key>CFBundlePackageType</key>\n\t<string>XPC!</string>"))
    #expect(text.contains("<key>CFBundleShortVersionString</key>\n\t<string>2.1</string>"))
    #expect(text.contains("<key>NSExtensionActivationSupportsImageWithMaxCount</key>\n\t\t\t<integer>10</integer>"))
    #expect(text.contains("<key>NSExtensionActivationSupportsText</key>\n\t\t\t<true/>"))
    let share = try configuration(project, "Share")
    #expect(share.entitlementsPath?.value == root + "/Share/Share.entitlements")
  }

  /// PBXProjGenerator: every app that depends on an extension embeds it (Embed Foundation Extensions, PlugIns);
  /// `embed: false` leaves the copy phase out.
  @Test func extensionEmbeddedInTwoApps() throws {
    let (_, project) = try read([
      "project.yml": """
        name: Flavours
        targets:
          AppFree:
            type: application
            platform: iOS
            dependencies: [{target: Share}]
          AppPro:
            type: application
            platform: iOS
            dependencies:
              - target: Share
              - target: Widget
                embed: false
          Share:
            type: app-extension
            platform: iOS
          Widget:
            type: app-extension
            platform: iOS
        """
    ])
    let model = project.project
    func embedded(by app: String) -> [String] {
      let target = model.target(named: app)
      return (target?.buildPhaseIDs ?? []).flatMap { id -> [String] in
        guard let phase = model.objects[id], phase.isa == "PBXCopyFilesBuildPhase",
          phase.fields.string("dstSubfolderSpec") == "13"
        else { return [] }
        return phase.fields.strings("files").compactMap { model.objects[$0]?.fields.string("fileRef") }
          .compactMap { reference in model.targets.first { $0.productReferenceID == reference }?.name }
      }
    }
    #expect(embedded(by: "AppFree") == ["Share"])
    #expect(embedded(by: "AppPro") == ["Share"])
    let share = try #require(model.target(named: "Share"))
    #expect(model.containingApp(of: share)?.name == "AppFree")
    let widget = try #require(model.target(named: "Widget"))
    #expect(model.containingApp(of: widget)?.name == "AppPro")
  }

  /// Template.swift: templates (those a template names first) merged under the target, `${target_name}` and
  /// `templateAttributes` replaced; SpecFile: `:REPLACE` replaces, lists append, YAML `<<` merges.
  @Test func templatesMergeKeysAndReplace() throws {
    let (_, project) = try read([
      "project.yml": """
        name: Templated
        defaults: &defaults
          type: app-extension
          platform: iOS
        targetTemplates:
          Base:
            <<: *defaults
            settings:
              base:
                PRODUCT_BUNDLE_IDENTIFIER: io.example.${target_name}
          Extension:
            templates: [Base]
            settings:
              base:
                FLAVOUR: ${flavour}
        targets:
          Share:
            templates: [Extension]
            templateAttributes:
              flavour: blue
          Plain:
            <<: *defaults
            type: application
        """
    ])
    let share = try configuration(project, "Share")
    #expect(share.bundleIdentifier?.value == "io.example.Share")
    #expect(share.settings.value(of: "FLAVOUR") == "blue")
    #expect(project.project.target(named: "Share")?.productType == "com.apple.product-type.app-extension")
    #expect(project.project.target(named: "Plain")?.productType == "com.apple.product-type.application")

    let base = try XcodeGenValue.parse("a: {x: 1, list: [1]}\nb: 2")
    let over = try XcodeGenValue.parse("a: {y: 2, list: [2]}\nb:REPLACE: 3")
    let merged = try XcodeGenSpecLoader.merged(over, onto: base, budget: .xcodeGenSpec())
    #expect(merged["a"]?.entries?.map(\.key) == ["x", "list", "y"])
    #expect(merged["a"]?["list"]?.strings == ["1", "2"])
    #expect(merged["b"]?.string == "3")
  }

  // MARK: - Bounds

  /// A "billion laughs": nine levels of nine aliases. Yams composes it by sharing nodes; materializing it stops at
  /// the budget with a located error, quickly and in little memory.
  @Test(.timeLimit(.minutes(1))) func aliasBombIsALocatedError() throws {
    var text = "name: Bomb\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
      text += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
    }
    text += "targets: {}\n"
    let folder = try SpecFolder(["project.yml": text])
    #expect {
      try XcodeGenProject(specPath: folder.spec)
    } throws: { error in
      let error = error as? XcodeProjectError
      return error?.file == folder.spec && error?.line != nil && error?.column != nil
        && error?.message.hasPrefix("the spec expands to more than") == true
    }
  }

  /// Yams hashes every mapping key to find duplicates: an aliased key would cost its whole expansion before any
  /// budget could stop it, so a file with anchors may not put an alias in a key.
  @Test(.timeLimit(.minutes(1))) func aliasInAKeyIsRefusedBeforeParsing() throws {
    var text = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...12 {
      text += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
    }
    for key in ["? *l12\n: x\n", "*l12 : x\n", "[*l12]: x\n", "{ *l12: x }\n"] {
      let folder = try SpecFolder(["project.yml": text + key])
      #expect {
        try XcodeGenProject(specPath: folder.spec)
      } throws: { error in
        (error as? XcodeProjectError)?.line == 14
      }
    }
  }

  @Test func includeCycleIsALocatedError() throws {
    let folder = try SpecFolder([
      "project.yml": "name: Cycle\ninclude: [A/a.yml]\n",
      "A/a.yml": "include:\n  - ../B/b.yml\n",
      "B/b.yml": "include: ../A/a.yml\n",
    ])
    #expect {
      try XcodeGenProject(specPath: folder.spec)
    } throws: { error in
      guard let error = error as? XcodeProjectError else { return false }
      return error.file == folder.path + "/B/b.yml" && error.line == 1 && error.column == 10
        && error.message.hasPrefix("include cycle: ") && error.message.hasSuffix("a.yml")
    }
  }

  @Test func deepNestingAndHugeFilesAreLocatedErrors() throws {
    let deep = try SpecFolder(["project.yml": "name: Deep\nx: " + String(repeating: "[", count: 100_000) + "\n"])
    #expect {
      try XcodeGenProject(specPath: deep.spec)
    } throws: { error in
      let error = error as? XcodeProjectError
      return error?.line == 2 && error?.message.contains("nest more than") == true
    }
    let indented = (0..<100).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
    let deepBlock = try SpecFolder(["project.yml": "name: Deep\n" + indented + " x\n"])
    #expect(throws: XcodeProjectError.self) { try XcodeGenProject(specPath: deepBlock.spec) }
    let huge = try SpecFolder(["project.yml": "name: Huge\n# " + String(repeating: "x", count: 5 << 20) + "\n"])
    #expect {
      try XcodeGenProject(specPath: huge.spec)
    } throws: { error in
      (error as? XcodeProjectError)?.message.contains("more than the 4194304 bytes read") == true
    }
  }

  /// An include may name anything: a device or a FIFO is never read (the read would not end), a missing file is a
  /// note and the rest of the spec still counts.
  @Test(.timeLimit(.minutes(1))) func includesThatAreNoRegularFilesAreNotRead() throws {
    let folder = try SpecFolder([
      "project.yml": """
        name: Odd
        include: [/dev/zero, fifo.yml, missing.yml]
        targets:
          App: {type: application, platform: iOS}
        """
    ])
    #expect(mkfifo(folder.path + "/fifo.yml", 0o600) == 0)
    let project = try XcodeGenProject(specPath: folder.spec)
    #expect(project.project.targets.map(\.name) == ["App"])
    #expect(project.notes.map(\.message) == [
      "the included spec '/dev/zero' is in the system's /dev: never read; what it defines is unknown",
      "the included spec '\(folder.path)/fifo.yml' is a FIFO, not a regular file: not read; what it defines is "
        + "unknown",
      "the included spec '\(folder.path)/missing.yml' does not exist; what it defines is unknown",
    ])
    #expect(project.notes.allSatisfy { $0.file == folder.spec && $0.line == 2 })
  }

  @Test func invalidYAMLAndMissingNameAreLocated() throws {
    let broken = try SpecFolder(["project.yml": "name: Broken\ntargets:\n  App: [\n"])
    #expect {
      try XcodeGenProject(specPath: broken.spec)
    } throws: { error in
      let error = error as? XcodeProjectError
      return error?.message.hasPrefix("invalid YAML") == true && error?.line != nil
    }
    let nameless = try SpecFolder(["project.yml": "targets: {}\n"])
    #expect(throws: XcodeProjectError.self) { try XcodeGenProject(specPath: nameless.spec) }
  }

  /// A spec nested as deep as the prescan allows is read on a thread with a small stack (Yams composes
  /// recursively; 512 KiB is a secondary thread's stack on macOS).
  @Test func nestingAtTheLimitFitsASmallStack() throws {
    let depth = BoundedYAMLReader.maximumNesting - 1
    let text =
      "name: Nested\nx: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
    let folder = try SpecFolder(["project.yml": text])
    let spec = folder.spec
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var outcome: Result<XcodeGenProject, XcodeProjectError>?
    let thread = Thread {
      do throws(XcodeProjectError) {
        outcome = .success(try XcodeGenProject(specPath: spec))
      } catch {
        outcome = .failure(error)
      }
      finished.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    finished.wait()
    #expect(throws: Never.self) { try outcome?.get() }
  }

  // MARK: - Finding generated projects

  @Test func specIsTheFoldersProjectUnlessAProjectIsCommitted() throws {
    let folder = try SpecFolder([
      "project.yml": "name: App\n",
      "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme": "<Scheme/>\n",
      "App.xcworkspace/xcshareddata/WorkspaceSettings.xcsettings": "<plist/>\n",
    ])
    let generated = GeneratedProjectFolder(folder: folder.path)
    #expect(generated.projectFiles == [folder.spec])
    #expect(generated.uncommittedProjectNames == ["App.xcodeproj", "App.xcworkspace"])
    #expect(XcodeTargetsReport.containers(under: folder.path) == [folder.spec])
    try folder.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{}\n")
    let committed = GeneratedProjectFolder(folder: folder.path)
    #expect(committed.projectFiles.isEmpty && committed.uncommittedProjectNames.isEmpty)
    #expect(
      XcodeTargetsReport.containers(under: folder.path) == [
        folder.path + "/App.xcodeproj", folder.path + "/App.xcworkspace",
      ])
  }

  /// Repositories with several apps keep a spec each (`xcodegen --spec project-app.yml`) and share included ones.
  @Test func suffixedSpecsAreProjectsAndIncludedSpecsAreNot() throws {
    let folder = try SpecFolder([
      "project-app.yml":
        "name: App\ninclude: [project-common.yml]\ntargets:\n  App: {type: application, platform: iOS}\n",
      "project-common.yml": "name: Common\noptions:\n  bundleIdPrefix: io.example\n",
      "project-notes.md.yml": "name: Not a spec name\n",
      "projects.yml": "name: Not a spec name either\n",
    ])
    #expect(GeneratedProjectFolder(folder: folder.path).projectFiles == [
      folder.path + "/project-app.yml", folder.path + "/project-common.yml",
    ])
    let report = XcodeTargetsReport(paths: [folder.path])
    #expect(report.errors.isEmpty)
    #expect(report.projectPaths == [folder.path + "/project-app.yml"])
    #expect(report.targets.first?.configurations.first?.bundleIdentifier?.value == "io.example.App")
  }

  /// PBXProjGenerator: a target that links a static library gets `-ObjC` after its own `OTHER_LDFLAGS`.
  @Test func linkedStaticLibraryAddsObjCLinking() throws {
    let (_, project) = try read([
      "project.yml": """
        name: Linking
        targets:
          App:
            type: application
            platform: iOS
            settings:
              OTHER_LDFLAGS: -lz
            dependencies: [{target: Kit}, {framework: Vendor/Intune.xcframework}, {sdk: Contacts.framework}]
          Kit:
            type: library.static
            platform: iOS
        """
    ])
    let app = try configuration(project, "App")
    #expect(app.settings.value(of: "OTHER_LDFLAGS") == "-lz -ObjC")
    let model = project.project
    let linked = (model.target(named: "App")?.buildPhaseIDs ?? []).compactMap { model.objects[$0] }
      .filter { $0.isa == "PBXFrameworksBuildPhase" }.flatMap { $0.fields.strings("files") }
      .compactMap { model.objects[$0]?.fields.string("fileRef") }
      .compactMap { model.objects[$0]?.fields.string("path") }
    #expect(linked == ["libKit.a", "Vendor/Intune.xcframework", "System/Library/Frameworks/Contacts.framework"])
  }

  @Test func tuistManifestIsNamedInALocatedNote() throws {
    let folder = try SpecFolder([
      "Project.swift": "// Tuist\nimport ProjectDescription\n\nlet project = Project(name: \"App\")\n",
      "Tuist/Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\n",
      "Other/Project.swift": "import Foundation\n",
    ])
    let generated = GeneratedProjectFolder(folder: folder.path)
    // The project manifest is read (`TuistFormat`); one that yields no target keeps its note.
    #expect(generated.projectFiles == [folder.path + "/Project.swift"] && generated.tuistManifests.isEmpty)
    let note = try #require(TuistManifest(path: folder.path + "/Project.swift")?.note)
    #expect(note.file == folder.path + "/Project.swift" && note.line == 2)
    #expect(note.message.contains("'tuist generate'"))
    #expect(GeneratedProjectFolder(folder: folder.path + "/Other").projectFiles.isEmpty)
    let report = XcodeTargetsReport(paths: [folder.path])
    #expect(report.notes == [note])
    #expect(report.errors.isEmpty && report.targets.isEmpty)
  }
}

extension XcodeGenValue {
  /// The value of YAML `text`, for tests.
  static func parse(_ text: String) throws -> XcodeGenValue {
    try #require(try BoundedYAMLReader.read(Array(text.utf8), file: "test.yml", budget: .xcodeGenSpec()))
  }
}

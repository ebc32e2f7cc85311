import Foundation
import PropertyList
import SharelintBase
import TestSupport
import Testing

@testable import XcodeModel

/// An app with a share extension it embeds, a dynamic framework and unit tests, written as Tuist 4 writes them.
private let appWithShareExtension = """
  import ProjectDescription

  /* The app's bundle id prefix. */
  let prefix = "com.contoso"

  let project = Project(
    name: "Contoso",
    targets: [
      .target(
        name: "Contoso",
        destinations: .iOS,
        product: .app,
        bundleId: "com.contoso.app", // the store's id
        deploymentTargets: .iOS("16.0"),
        infoPlist: .file(path: "App/Info.plist"),
        entitlements: "App/App.entitlements",
        sources: ["App/**/*.swift", .glob("Shared/**", excluding: ["Shared/Tests/**"])],
        dependencies: [
          .target(name: "Share"),
          .target(name: "Kit"),
          .xcframework(path: "Vendor/IntuneMAMSwift.xcframework"),
        ]
      ),
      .target(
        name: "Share",
        destinations: [.iPhone, .iPad],
        product: .appExtension,
        bundleId: "com.contoso.app.share",
        infoPlist: .extendingDefault(with: [
          "CFBundleDisplayName": "Contoso",
          "NSExtension": [
            "NSExtensionPointIdentifier": "com.apple.share-services",
            "NSExtensionAttributes": [
              "NSExtensionActivationRule": [
                "NSExtensionActivationSupportsWebURLWithMaxCount": 1,
              ],
            ],
          ],
        ]),
        entitlements: .file(path: .relativeToManifest("Share/Share.entitlements"))
      ),
      Target.target(
        name: "Kit",
        destinations: .iOS,
        product: .framework,
        bundleId: "com.contoso.kit",
        infoPlist: "Kit/Info.plist"
      ),
      .target(
        name: "ContosoTests",
        destinations: .iOS,
        product: .unitTests,
        bundleId: "\\(prefix).tests",
        infoPlist: .default,
        dependencies: [.target(name: "Contoso")]
      ),
    ]
  )
  """

@Suite("Tuist manifests read where they are literal")
struct TuistProjectTests {
  private func folder(_ manifest: String, files: [String: String] = [:]) throws -> SpecFolder {
    var all = files
    all["Project.swift"] = manifest
    return try SpecFolder(all)
  }

  @Test func literalTargetsGiveBundleIdsPlistsAndEmbeddedExtensions() throws {
    let folder = try folder(
      appWithShareExtension,
      files: ["App/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n", "Kit/Info.plist": "<plist/>\n"])
    let report = XcodeTargetsReport(paths: [folder.path])
    #expect(report.errors.isEmpty)
    #expect(report.targets.map(\.name) == ["Contoso", "Share"])
    let app = try #require(report.targets.first)
    let debug = try #require(app.configurations.first)
    #expect(app.configurations.map(\.name) == ["Debug", "Release"])
    #expect(debug.bundleIdentifier?.resolved == "com.contoso.app")
    #expect(debug.bundleIdentifier?.origin == .project(file: folder.path + "/Project.swift", line: 13))
    #expect(debug.infoPlistPath?.resolved == folder.path + "/App/Info.plist")
    #expect(debug.entitlementsPath?.resolved == folder.path + "/App/App.entitlements")
    #expect(debug.settings.value(of: "IPHONEOS_DEPLOYMENT_TARGET") == "16.0")
    #expect(app.buildFacts.linkedFiles.map(\.file.name) == ["Kit.framework", "IntuneMAMSwift.xcframework"])
    #expect(app.buildFacts.compiledSources.folders.map(\.path) == [folder.path + "/App", folder.path + "/Shared"])
    // `excluding:` leaves the folder it names out of the glob's folder, for this target.
    #expect(app.buildFacts.compiledSources.folders.map(\.exceptions) == [[], ["Tests"]])

    let share = try #require(report.targets.last)
    #expect(share.containingApp == "Contoso")
    let shareDebug = try #require(share.configurations.first)
    #expect(shareDebug.bundleIdentifier?.resolved == "com.contoso.app.share")
    #expect(shareDebug.entitlementsPath?.resolved == folder.path + "/Share/Share.entitlements")
    let generatedPath = folder.path + "/Derived/InfoPlists/Share-Info.plist"
    #expect(shareDebug.infoPlistPath?.resolved == generatedPath)
    let generated = try #require(report.generatedPlists[generatedPath])
    #expect(generated.generator == "Tuist" && generated.definedAt == folder.path + "/Project.swift:29")
    let plist = try XMLPlistReader.read(SourceText(name: generatedPath, bytes: generated.bytes)).root.value
    #expect(plist.value(at: [.key("CFBundleDisplayName")]) == .string("Contoso"))
    #expect(plist.value(at: [.key("CFBundleIdentifier")]) == .string("$(PRODUCT_BUNDLE_IDENTIFIER)"))
    let rule = ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"].map(PropertyListPathComponent.key)
    #expect(plist.value(at: rule + [.key("NSExtensionActivationSupportsWebURLWithMaxCount")]) == .integer(1))

    // The framework is no app: its Info.plist is claimed by the project and not linted as one.
    #expect(report.otherTargetFiles.contains(folder.path + "/Kit/Info.plist"))
    // The tests' interpolated bundle id is not guessed: a located note names `tuist generate`.
    let note = try #require(report.notes.first { $0.message.contains("'ContosoTests'") })
    #expect(note.line == 53 && note.message.contains("'tuist generate'"))
    #expect(note.message.contains("'\"\\(prefix).tests\"'"))
  }

  /// `.target(share)` names the target itself (Tuist's overload taking a `Target`), here a `let` bound to a literal
  /// `.target(name: …)`: the app embeds it as it would `.target(name: "Share")`.
  @Test func aDependencyOnATargetBoundToALetIsEmbedded() throws {
    let folder = try folder(
      """
      import ProjectDescription

      let share: Target = .target(
        name: "Share", destinations: .iOS, product: .appExtension, bundleId: "com.contoso.app.share",
        infoPlist: "Share/Info.plist")

      let project = Project(
        name: "Contoso",
        targets: [
          .target(
            name: "Contoso", destinations: .iOS, product: .app, bundleId: "com.contoso.app",
            infoPlist: "App/Info.plist", dependencies: [.target(share)]),
          share,
        ])
      """,
      files: ["App/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n", "Share/Info.plist": "<plist/>\n"])
    let report = XcodeTargetsReport(paths: [folder.path])
    let share = try #require(report.targets.first { $0.name == "Share" })
    #expect(share.containingApp == "Contoso")
    #expect(report.notes.isEmpty, "\(report.notes)")
  }

  /// What an `excluding:` glob leaves out of a sources folder: a file or a whole folder inside it, never a guess.
  @Test func excludingGlobsBecomeTheFoldersExceptions() {
    #expect(TuistProjectBuilder.excludedPath("Shared/Tests/**", inFolder: "Shared") == "Tests")
    #expect(TuistProjectBuilder.excludedPath("Shared/Old.swift", inFolder: "Shared") == "Old.swift")
    #expect(TuistProjectBuilder.excludedPath("Tests/**", inFolder: ".") == "Tests")
    #expect(TuistProjectBuilder.excludedPath("Shared/**/*Tests.swift", inFolder: "Shared") == nil)
    #expect(TuistProjectBuilder.excludedPath("Other/Tests/**", inFolder: "Shared") == nil)
    #expect(TuistProjectBuilder.excludedPath("Shared/../Secret/**", inFolder: "Shared") == nil)
    #expect(TuistProjectBuilder.excludedPath("**", inFolder: "Shared") == nil)
  }

  @Test func interpolatedBundleIdIsALocatedNoteNotAValue() throws {
    let folder = try folder(
      """
      import ProjectDescription
      import ProjectDescriptionHelpers

      let project = Project(
        name: "App",
        targets: [
          .target(
            name: "App", destinations: .iOS, product: .app,
            bundleId: "\\(bundlePrefix).app",
            infoPlist: .extendingDefault(with: ["IntuneMAMSettings": ["ADALClientId": clientId]])
          ),
        ]
      )
      """)
    let report = XcodeTargetsReport(paths: [folder.path])
    let app = try #require(report.targets.first)
    #expect(app.configurations.first?.bundleIdentifier == nil)
    #expect(app.configurations.first?.infoPlistPath == nil)
    let lines = report.notes.filter { $0.message.contains("'tuist generate'") }.map(\.line)
    #expect(lines == [9, 10])
    #expect(report.notes.contains { $0.message.contains("'IntuneMAMSettings'") && $0.message.contains("'clientId'") })
  }

  @Test func projectMadeByAHelperIsANoteAndNoTargets() throws {
    let folder = try folder(
      """
      import ProjectDescription
      import ProjectDescriptionHelpers

      let project = Project.app(name: "App", platform: .iOS, additionalTargets: ["Share"])
      """)
    let report = XcodeTargetsReport(paths: [folder.path])
    #expect(report.targets.isEmpty && report.errors.isEmpty)
    let note = try #require(report.notes.first)
    #expect(note.line == 4 && note.message.contains("'Project.app(…)'") && note.message.contains("tuist generate"))
  }

  @Test func literalProjectWithoutTargetsKeepsTheManifestNote() throws {
    let folder = try folder("// Tuist\nimport ProjectDescription\n\nlet project = Project(name: \"App\")\n")
    let report = XcodeTargetsReport(paths: [folder.path])
    let note = try #require(TuistManifest(path: folder.path + "/Project.swift")?.note)
    #expect(note.line == 2)
    #expect(report.notes == [note])
    #expect(report.targets.isEmpty && report.errors.isEmpty)
  }

  @Test func olderTargetInitializerAndBoundVariables() throws {
    let folder = try folder(
      """
      import ProjectDescription
      let bundleId: String = "com.contoso.legacy"
      let app = Target(
        name: "Legacy",
        platform: .iOS,
        product: .app,
        bundleId: bundleId,
        deploymentTarget: .iOS(targetVersion: "14.0", devices: .iphone),
        infoPlist: InfoPlist.file(path: "Info.plist"),
        settings: .settings(base: ["CODE_SIGN_ENTITLEMENTS": "Legacy.entitlements"],
                            configurations: [.debug(name: "Debug"),
                                             .release(name: "Store", xcconfig: "Configs/Store.xcconfig")])
      )
      let project = Project(
        name: "Legacy",
        settings: .settings(configurations: [.debug(name: "Debug"), .release(name: "Store")]),
        targets: [app]
      )
      """, files: ["Configs/Store.xcconfig": "MARKETING_VERSION = 3.0\n"])
    let report = XcodeTargetsReport(paths: [folder.path])
    let target = try #require(report.targets.first)
    #expect(target.configurations.map(\.name) == ["Debug", "Store"])
    let store = try #require(target.configurations.last)
    #expect(store.bundleIdentifier?.resolved == "com.contoso.legacy")
    #expect(store.entitlementsPath?.resolved == folder.path + "/Legacy.entitlements")
    #expect(store.settings.value(of: "IPHONEOS_DEPLOYMENT_TARGET") == "14.0")
    #expect(store.settings.value(of: "MARKETING_VERSION") == "3.0")
    #expect(target.configurations.first?.settings.value(of: "MARKETING_VERSION") == nil)
    #expect(report.notes.isEmpty)
  }

  @Test func literalPartsOfConcatenatedTargetsAreReadAndTheRestNoted() throws {
    let folder = try folder(
      """
      import ProjectDescription

      public let version = "2.1"
      let isAppStore = Environment.isAppStore.getBoolean(default: false)

      let project = Project(
        name: "Mixed",
        targets: [makeAppTarget()]
          + (isAppStore ? [] : [makeDevTarget()])
          + [
            .target(
              name: "Share", destinations: .iOS, product: .appExtension, bundleId: "com.contoso.share",
              infoPlist: .extendingDefault(with: ["CFBundleShortVersionString": Plist.Value(stringLiteral: version)]),
              dependencies: [.external(name: "Kit")] + (isAppStore ? [] : [.external(name: "Debug")])
            ),
          ]
      )
      """)
    let reading = try TuistFormat.read(folder.path + "/Project.swift", boundary: .current)
    #expect(reading.project.targets.map(\.name) == ["Share"])
    #expect(!reading.readsEveryTarget)
    #expect(reading.notes.map(\.line) == [9, 8, 14])
    #expect(reading.notes[1].message.contains("'makeAppTarget(…)'"))
    let plist = try #require(reading.generatedPlists.first)
    let value = try XMLPlistReader.read(SourceText(name: plist.path, bytes: plist.bytes)).root.value
    #expect(value.value(at: [.key("CFBundleShortVersionString")]) == .string("2.1"))
    let report = XcodeTargetsReport(paths: [folder.path])
    #expect(report.partlyReadProjects == [folder.path + "/Project.swift"])
    #expect(report.targets.first?.buildFacts.packageProducts.map(\.product.productName) == ["Kit"])
  }

  @Test func aRepeatedTargetNameIsReadOnceWithOneNote() throws {
    let target = ".target(name: \"A\", destinations: .iOS, product: .app, bundleId: \"com.a\"),\n"
    let folder = try folder(
      "import ProjectDescription\nlet project = Project(name: \"P\", targets: [\n"
        + String(repeating: target, count: 5) + "])\n")
    let reading = try TuistFormat.read(folder.path + "/Project.swift", boundary: .current)
    #expect(reading.project.targets.map(\.name) == ["A"])
    #expect(reading.notes.map(\.line) == [4])
    #expect(!reading.readsEveryTarget)
  }

  @Test func committedProjectWinsOverTheManifest() throws {
    let folder = try folder(appWithShareExtension, files: ["Contoso.xcodeproj/project.pbxproj": "{}"])
    let generated = GeneratedProjectFolder(folder: folder.path)
    #expect(generated.projectFiles.isEmpty)
    #expect(TuistFormat.isProjectFile(folder.path + "/Project.swift", boundary: .current))
  }

  @Test func parserSkipsCommentsAndReadsLiterals() throws {
    let source = """
      // let project = Project(name: "Commented")
      let a = "x\\ty" /* block /* nested */ */
      let b = [1, 2.5, true, .member, Name.chain]
      let c = ["k": #"raw "quoted""#, "m": \"""
        first
          second
        \"""]
      let d = value + 1
      let e = f { $0 }
      var info = ["k": "first"]
      info["k"] = "second"
      """
    var lexer = SwiftManifestLexer(bytes: Array(source.utf8), file: "M.swift")
    let manifest = try SwiftManifestParser(file: "M.swift").parse(try lexer.tokens())
    #expect(manifest.bindings["a"]?.string == "x\ty")
    let b = try #require(manifest.bindings["b"]?.elements)
    #expect(b.map(\.shown) == ["'1'", "'2.5'", "'true'", "'.member'", "'Name.chain'"])
    guard case .dictionary(let pairs) = manifest.bindings["c"]?.kind else {
      Issue.record("c is not a dictionary")
      return
    }
    #expect(pairs.map(\.value.string) == ["raw \"quoted\"", "first\n  second"])
    #expect(manifest.bindings["d"]?.shown == "an expression ('+')")
    #expect(manifest.bindings["e"]?.shown == "an expression (a closure)")
    #expect(manifest.bindings["info"]?.shown == "an expression (a 'var' the manifest may change)")
    #expect(manifest.expressions.map(\.shown) == ["an expression ('=')"])
  }

  @Test func deepOrUnbalancedManifestsAreLocatedErrors() throws {
    let deep = "let x = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
    var lexer = SwiftManifestLexer(bytes: Array(deep.utf8), file: "Deep.swift")
    let tokens = try lexer.tokens()
    #expect(throws: XcodeProjectError.self) { try SwiftManifestParser(file: "Deep.swift").parse(tokens) }
    do {
      _ = try SwiftManifestParser(file: "Deep.swift").parse(tokens)
    } catch {
      #expect(error.line == 1 && error.column == 9 + SwiftManifestParser.maximumDepth)
    }
    for source in ["let x = Project(name: \"a\"", "let x = [1)]", "let s = \"open\n", "/* open"] {
      var lexer = SwiftManifestLexer(bytes: Array(source.utf8), file: "Bad.swift")
      #expect(throws: XcodeProjectError.self) {
        _ = try SwiftManifestParser(file: "Bad.swift").parse(try lexer.tokens())
      }
    }
  }

  @Test func randomManifestsAreReadOrRefusedWithoutCrashing() throws {
    let pieces = [
      "Project(", "name:", "\"A\"", "targets:", "[", "]", "(", ")", "{", "}", ",", ".target(", "product:", ".app",
      ".appExtension", "bundleId:", "\"com.x\\(y)\"", "infoPlist:", ".extendingDefault(with:", "[:]", "\"k\":",
      "1", "true", "+", "?", "let", "x", "=", "\n", "//c\n", "/*", "*/", "\"\"\"\nq\n\"\"\"", "#\"r\"#", ".", ":",
      "dependencies:", ".target(name:", "\"B\"", "entitlements:", ".file(path:", "\"\\u{1b}\"", "é", "\\",
    ]
    var random = SeededGenerator(seed: 27)
    var read = 0
    for _ in 0..<400 {
      let count = Int.random(in: 1...80, using: &random)
      let text = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined(separator: " ")
      var lexer = SwiftManifestLexer(bytes: Array(text.utf8), file: "R.swift")
      guard let tokens = try? lexer.tokens(), let manifest = try? SwiftManifestParser(file: "R.swift").parse(tokens)
      else { continue }
      var builder = TuistProjectBuilder(
        manifestPath: "R.swift", manifest: manifest, manifestNote: XcodeProjectNote("none"), boundary: .current)
      let project = builder.build(source: SourceText(name: "R.swift", bytes: Array(text.utf8)))
      #expect(project.targets.allSatisfy { !$0.name.isEmpty })
      read += 1
    }
    #expect(read > 0)
  }

  @Test func unreadableManifestIsAnErrorOfTheReport() throws {
    let folder = try folder("import ProjectDescription\nlet project = Project(name: \"A\", targets: [\n")
    let report = XcodeTargetsReport(paths: [folder.path])
    #expect(report.errors.count == 1)
    #expect(report.errors.first?.file == folder.path + "/Project.swift" && report.errors.first?.line == 2)
  }
}

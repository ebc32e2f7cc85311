import Foundation
import Lint
import Testing
import XcodeModel

/// Writes small projects: each target with its build settings (Debug only), the files its frameworks phase links
/// (`Frameworks/NAME`), the Swift package products it depends on, the targets it embeds into PlugIns.
enum ProjectSketch {
  struct Target {
    var name: String
    var isExtension = false
    var settings: String
    var links: [String] = []
    var packageProducts: [(product: String, url: String)] = []
    var embeds: [String] = []
  }

  static func pbxproj(_ targets: [Target]) -> String {
    var objects = ""
    var files: [String] = []
    var packages: [String] = []
    for target in targets {
      let name = target.name
      var phases: [String] = []
      var linkEntries: [String] = []
      for (index, file) in target.links.enumerated() {
        let reference = "R\(name)\(index)"
        files.append(reference)
        objects += "\t\t\(reference) = {isa = PBXFileReference; path = \"\(file)\"; sourceTree = \"<group>\"; };\n"
        objects += "\t\tB\(reference) = {isa = PBXBuildFile; fileRef = \(reference); };\n"
        linkEntries.append("B\(reference)")
      }
      var productIDs: [String] = []
      for (index, product) in target.packageProducts.enumerated() {
        let package = "K\(name)\(index)"
        packages.append(package)
        objects +=
          "\t\t\(package) = {isa = XCRemoteSwiftPackageReference; repositoryURL = \"\(product.url)\"; "
          + "requirement = {kind = upToNextMajorVersion; minimumVersion = 19.0.0; }; };\n"
        objects +=
          "\t\tD\(package) = {isa = XCSwiftPackageProductDependency; package = \(package); "
          + "productName = \(product.product); };\n"
        objects += "\t\tBD\(package) = {isa = PBXBuildFile; productRef = D\(package); };\n"
        linkEntries.append("BD\(package)")
        productIDs.append("D\(package)")
      }
      if !linkEntries.isEmpty {
        objects +=
          "\t\tF\(name) = {isa = PBXFrameworksBuildPhase; files = (\(linkEntries.joined(separator: ", ")), ); };\n"
        phases.append("F\(name)")
      }
      if !target.embeds.isEmpty {
        let entries = target.embeds.map { "E\(name)\($0)" }
        for embedded in target.embeds {
          objects += "\t\tE\(name)\(embedded) = {isa = PBXBuildFile; fileRef = P\(embedded); };\n"
        }
        objects +=
          "\t\tC\(name) = {isa = PBXCopyFilesBuildPhase; dstPath = \"\"; dstSubfolderSpec = 13; "
          + "files = (\(entries.joined(separator: ", ")), ); };\n"
        phases.append("C\(name)")
      }
      let type = target.isExtension ? "com.apple.product-type.app-extension" : "com.apple.product-type.application"
      objects +=
        "\t\tP\(name) = {isa = PBXFileReference; path = \(name).\(target.isExtension ? "appex" : "app"); "
        + "sourceTree = BUILT_PRODUCTS_DIR; };\n"
      objects +=
        "\t\tT\(name) = {isa = PBXNativeTarget; buildConfigurationList = L\(name); "
        + "buildPhases = (\(phases.joined(separator: ", "))); dependencies = (); name = \(name); "
        + "packageProductDependencies = (\(productIDs.joined(separator: ", "))); productReference = P\(name); "
        + "productType = \"\(type)\"; };\n"
      objects += "\t\tL\(name) = {isa = XCConfigurationList; buildConfigurations = (G\(name), ); };\n"
      objects += "\t\tG\(name) = {isa = XCBuildConfiguration; buildSettings = {\(target.settings)}; name = Debug; };\n"
    }
    return """
      // !$*UTF8*$!
      {
      \tobjects = {
      \t\tPROJ = {isa = PBXProject; buildConfigurationList = PL; mainGroup = MAIN; projectDirPath = ""; \
      packageReferences = (\(packages.joined(separator: ", "))); targets = (\(targets.map { "T\($0.name)" }
        .joined(separator: ", "))); };
      \t\tMAIN = {isa = PBXGroup; children = (FW, ); sourceTree = "<group>"; };
      \t\tFW = {isa = PBXGroup; children = (\(files.joined(separator: ", "))); path = Frameworks; \
      sourceTree = "<group>"; };
      \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, ); };
      \t\tPD = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
      \(objects)\t};
      \trootObject = PROJ;
      }
      """
  }

  /// `target`'s Info.plist and bundle id settings: `NAME/Info.plist`, `com.example.NAME`.
  static func settings(_ name: String, _ extra: String = "") -> String {
    "INFOPLIST_FILE = \(name)/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = com.example.\(name); \(extra)"
  }
}

/// Which project targets count as Intune apps: by what each builds, never by a sibling's files or a folder above.
@Suite struct ProjectIntuneEvidenceTests {
  /// An Info.plist body with a queried scheme without its twin: US001 speaks about it in an Intune app only.
  static let queries = "<key>LSApplicationQueriesSchemes</key>\n<array>\n\t<string>waze</string>\n</array>"

  /// Lints `files` (plus the project of `targets`) with `rules`; returns "FILE-FOLDER CODE" per finding and the
  /// findings.
  static func lint(
    _ targets: [ProjectSketch.Target], files: [String: String], rules: Set<String> = ["US001"]
  ) async throws -> [LintDiagnostic] {
    var all = files
    all["App.xcodeproj/project.pbxproj"] = ProjectSketch.pbxproj(targets)
    let folder = try XcodeFolder(all)
    var options = LintSession.Options(paths: [folder.path])
    options.onlyRules = rules
    let report = try await LintSession.run(options)
    #expect(report.problems.isEmpty, "\(report.problems)")
    return report.diagnostics
  }

  /// The reason the finding's Intune note gives, from the project's name on (the project's path is a temporary
  /// folder's).
  static func evidenceNote(_ finding: LintDiagnostic?) -> String? {
    guard let note = finding?.notes.first(where: { $0.hasPrefix("the Intune rules apply because ") }) else {
      return nil
    }
    return note.range(of: "App.xcodeproj").map { String(note[$0.lowerBound...]) } ?? note
  }

  static func folderOf(_ finding: LintDiagnostic) -> String {
    finding.file.split(separator: "/").dropLast().last.map(String.init) ?? ""
  }

  @Test func aSiblingThatLinksNothingIsNoIntuneApp() async throws {
    let findings = try await Self.lint(
      [
        .init(name: "App", settings: ProjectSketch.settings("App"), links: ["IntuneMAMSwift.xcframework"]),
        .init(name: "Other", settings: ProjectSketch.settings("Other")),
      ],
      files: [
        "App/Info.plist": RuleExample.document(for: Self.queries),
        "Other/Info.plist": RuleExample.document(for: Self.queries),
        // The old folder-based evidence took this Podfile for every target beside it.
        "Podfile": "target 'App' do\n  pod 'IntuneMAMSwift'\nend\n",
      ])
    #expect(findings.map(Self.folderOf) == ["App"])
    #expect(Self.evidenceNote(findings.first) == "App.xcodeproj target 'App' links IntuneMAMSwift.xcframework")
  }

  @Test func everyWayOfLinkingTheSDKCounts() async throws {
    let findings = try await Self.lint(
      [
        .init(name: "Static", settings: ProjectSketch.settings("Static"), links: ["IntuneMAMStatic.xcframework"]),
        .init(name: "Library", settings: ProjectSketch.settings("Library"), links: ["libIntuneMAM.a"]),
        .init(name: "Stub", settings: ProjectSketch.settings("Stub"), links: ["IntuneMAMSwiftStub.xcframework"]),
        .init(
          name: "FileProvider", settings: ProjectSketch.settings("FileProvider"),
          links: ["libIntuneMAMSwiftFileProvider.xcframework"]),
        .init(
          name: "Package", settings: ProjectSketch.settings("Package"),
          packageProducts: [("IntuneMAMSwift", "https://github.com/microsoftconnect/ms-intune-app-sdk-ios")]),
        .init(
          name: "Flags",
          settings: ProjectSketch.settings("Flags", "OTHER_LDFLAGS = \"-force_load lib/libIntuneMAM.a\";")),
        .init(name: "Pods", settings: ProjectSketch.settings("Pods")),
        .init(name: "Nothing", settings: ProjectSketch.settings("Nothing"), links: ["IntuneMAMResources.bundle"]),
      ],
      files: [
        "Static/Info.plist": RuleExample.document(for: Self.queries),
        "Library/Info.plist": RuleExample.document(for: Self.queries),
        "Stub/Info.plist": RuleExample.document(for: Self.queries),
        "FileProvider/Info.plist": RuleExample.document(for: Self.queries),
        "Package/Info.plist": RuleExample.document(for: Self.queries),
        "Flags/Info.plist": RuleExample.document(for: Self.queries),
        "Pods/Info.plist": RuleExample.document(for: Self.queries),
        "Nothing/Info.plist": RuleExample.document(for: Self.queries),
        "Podfile": "target 'Pods' do\n  pod 'IntuneMAMSwift', '~> 19.0'\nend\n",
        "Podfile.lock": "PODS:\n  - IntuneMAMSwift (19.6.0)\n",
      ])
    let notes = Dictionary(findings.map { (Self.folderOf($0), Self.evidenceNote($0) ?? "") }) { first, _ in first }
    #expect(Set(notes.keys) == ["Static", "Library", "Stub", "FileProvider", "Package", "Flags", "Pods"])
    #expect(
      notes["FileProvider"] == "App.xcodeproj target 'FileProvider' links libIntuneMAMSwiftFileProvider.xcframework")
    #expect(
      notes["Package"]
        == "App.xcodeproj target 'Package' links the Swift package product 'IntuneMAMSwift' (ms-intune-app-sdk-ios)")
    #expect(notes["Pods"]?.hasPrefix("App.xcodeproj target 'Pods' links the pod 'IntuneMAMSwift' 19.6.0 (") == true)
    #expect(notes["Pods"]?.hasSuffix("/Podfile:2)") == true)
    #expect(
      notes["Flags"] == "App.xcodeproj target 'Flags' links libIntuneMAM.a through OTHER_LDFLAGS "
        + "'-force_load lib/libIntuneMAM.a'")
  }

  @Test func aFreeVariantWhoseSettingsSitInsideAnUndefinedIfdefIsNoIntuneApp() async throws {
    let plist = """
      #ifdef INTUNE
      <key>IntuneMAMSettings</key>
      <dict/>
      #endif
      \(Self.queries)
      """
    let preprocess = "INFOPLIST_PREPROCESS = YES;"
    let findings = try await Self.lint(
      [
        .init(
          name: "App",
          settings: ProjectSketch.settings("App", preprocess + " INFOPLIST_PREPROCESSOR_DEFINITIONS = INTUNE;")),
        .init(name: "Free", settings: ProjectSketch.settings("Free", preprocess)),
      ],
      files: ["App/Info.plist": RuleExample.document(for: plist), "Free/Info.plist": RuleExample.document(for: plist)])
    #expect(findings.map(Self.folderOf) == ["App"])
    #expect(Self.evidenceNote(findings.first) == nil)  // IntuneMAMSettings in its own Info.plist needs no note
  }

  @Test func anAppThatOnlyQueriesIntunemamSchemesIsNoIntuneApp() async throws {
    let queries = """
      <key>LSApplicationQueriesSchemes</key>
      <array>
      \t<string>waze</string>
      \t<string>ms-outlook-intunemam</string>
      \t<string>tel-intunemam</string>
      </array>
      """
    let findings = try await Self.lint(
      [.init(name: "Launcher", settings: ProjectSketch.settings("Launcher"))],
      files: ["Launcher/Info.plist": RuleExample.document(for: queries)])
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }

  @Test func anExtensionCountsByWhatItLinksNotByItsContainingApp() async throws {
    let share = """
      <key>NSExtension</key>
      <dict>
      \t<key>NSExtensionAttributes</key>
      \t<dict>
      \t\t<key>NSExtensionActivationRule</key>
      \t\t<string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers \
      UTI-CONFORMS-TO "public.image").@count >= 1).@count >= 1</string>
      \t</dict>
      \t<key>NSExtensionPointIdentifier</key>
      \t<string>com.apple.share-services</string>
      </dict>
      """
    let findings = try await Self.lint(
      [
        .init(
          name: "App", settings: ProjectSketch.settings("App"), links: ["IntuneMAMSwift.xcframework"],
          embeds: ["Share", "AutoFill"]),
        .init(
          name: "Share", isExtension: true, settings: ProjectSketch.settings("Share"),
          links: ["IntuneMAMSwift.xcframework"]),
        .init(name: "AutoFill", isExtension: true, settings: ProjectSketch.settings("AutoFill")),
      ],
      files: [
        "App/Info.plist": RuleExample.document(for: "<key>IntuneMAMSettings</key>\n<dict/>"),
        "Share/Info.plist": RuleExample.document(for: share),
        "AutoFill/Info.plist": RuleExample.document(for: share),
      ],
      rules: ["AR004"])
    #expect(findings.map(Self.folderOf) == ["Share"])
    #expect(Self.evidenceNote(findings.first) == "App.xcodeproj target 'Share' links IntuneMAMSwift.xcframework")
  }

  @Test func aMacCatalystEntitlementsFileIsNotTheIOSBuilds() async throws {
    let intuneGroup = """
      <key>keychain-access-groups</key>
      <array>
      \t<string>$(AppIdentifierPrefix)com.microsoft.intune.mam</string>
      </array>
      """
    let findings = try await Self.lint(
      [
        .init(
          name: "App",
          settings: ProjectSketch.settings("App", "\"CODE_SIGN_ENTITLEMENTS[sdk=macosx*]\" = Mac.entitlements;")),
        .init(
          name: "Both",
          settings: ProjectSketch.settings(
            "Both",
            "CODE_SIGN_ENTITLEMENTS = Both/Both.entitlements; "
              + "\"CODE_SIGN_ENTITLEMENTS[sdk=macosx*]\" = Mac.entitlements;")),
      ],
      files: [
        "App/Info.plist": RuleExample.document(for: Self.queries),
        "Both/Info.plist": RuleExample.document(for: Self.queries),
        "Both/Both.entitlements": RuleExample.document(for: "<key>keychain-access-groups</key>\n<array/>"),
        "Mac.entitlements": RuleExample.document(for: intuneGroup),
      ])
    #expect(findings.isEmpty, "\(findings.map { "\($0.file): \($0.message) \($0.notes)" })")
  }

  /// An app of a Capacitor, React Native or Flutter plug-in gets the SDK and MSAL from the plug-in: a pod named for
  /// Intune that vendors the SDK's framework, or a package of the app's own that depends on the SDK's and MSAL's
  /// packages (Package.resolved pins them). XC001 and XC011 must not say it links neither.
  @Test func theSDKAndMSALThatAPlugInBringsInAreLinked() async throws {
    let settings = """
      <key>IntuneMAMSettings</key>
      <dict>
      \t<key>ADALClientId</key>
      \t<string>6c7e8096-f593-4d72-807f-a5f86dcc9c77</string>
      </dict>
      """
    let resolved = """
      {
        "pins" : [
          { "identity" : "microsoft-authentication-library-for-objc", "kind" : "remoteSourceControl",
            "location" : "https://github.com/AzureAD/microsoft-authentication-library-for-objc",
            "state" : { "revision" : "4a1b2c", "version" : "1.9.0" } },
          { "identity" : "ms-intune-app-sdk-ios", "kind" : "remoteSourceControl",
            "location" : "https://github.com/microsoftconnect/ms-intune-app-sdk-ios",
            "state" : { "revision" : "5d6e7f", "version" : "21.2.0" } }
        ],
        "version" : 2
      }
      """
    let throughPackage = try await Self.lint(
      [
        .init(
          name: "App", settings: ProjectSketch.settings("App"),
          packageProducts: [("CapApp-SPM", "https://github.com/example/cap-app-spm")]),
      ],
      files: [
        "App/Info.plist": RuleExample.document(for: settings),
        "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved": resolved,
      ],
      rules: ["XC001", "XC011"])
    #expect(throughPackage.isEmpty, "\(throughPackage.map(\.message))")
    let throughPod = try await Self.lint(
      [.init(name: "App", settings: ProjectSketch.settings("App"), links: ["Pods_App.framework"])],
      files: [
        "App/Info.plist": RuleExample.document(for: settings),
        "Podfile": "platform :ios, '17.0'\ntarget 'App' do\n  pod 'CapacitorCommunityIntune', :path => '..'\nend\n",
        "Podfile.lock": """
          PODS:
            - CapacitorCommunityIntune (8.0.0):
              - MSAL (~> 1.9.0)
            - MSAL (1.9.0)

          DEPENDENCIES:
            - CapacitorCommunityIntune (from `..`)
          """,
      ],
      rules: ["XC001", "XC011"])
    #expect(throughPod.isEmpty, "\(throughPod.map(\.message))")
    // Without the pins, a package of the app's own brings in neither: both findings stand.
    let unresolved = try await Self.lint(
      [
        .init(
          name: "App", settings: ProjectSketch.settings("App"),
          packageProducts: [("CapApp-SPM", "https://github.com/example/cap-app-spm")]),
      ],
      files: ["App/Info.plist": RuleExample.document(for: settings)],
      rules: ["XC001", "XC011"])
    #expect(unresolved.map(\.code).sorted() == ["XC001", "XC011"], "\(unresolved.map(\.message))")
  }
}

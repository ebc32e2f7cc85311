import Foundation
import PropertyList
import SharelintBase
import XcodeModel

/// IM022: a target links (or a built bundle carries) the Intune App SDK, and its Info.plist has no
/// `IntuneMAMSettings`.
struct IntuneSDKWithoutSettingsRule: LintRule {
  static let description = RuleDescription(
    identifier: "intune-sdk-without-settings",
    family: .intuneSettings, number: 22,
    summary: "a target links the Intune App SDK but its Info.plist has no IntuneMAMSettings",
    whatItDoes: """
      Through the build facts: an app or extension target of an Xcode project that links the SDK in the \
      configuration (frameworks phase, Swift package, pod, `OTHER_LDFLAGS`), or a built bundle that carries its \
      framework, whose Info.plist (as built in that configuration) has no `IntuneMAMSettings` dictionary. The \
      finding is at the Info.plist's top dictionary; IM007 and IM008, which name single missing keys, leave such a \
      target to this rule. An app whose Swift or Objective-C sources beside its Info.plist set \
      `IntuneMAMSettings.aadClientIdOverride` (the 2020 guide's run-time alternative) is not reported.
      """,
    whyItMatters: """
      The 2020 and "stage 3" guides' settings table lives in "the IntuneMAMSettings dictionary of the app's \
      Info.plist": `ADALClientId` and `ADALRedirectUri` (required for every app by "stage 3", so the SDK signs \
      in with the app's own Entra registration), `ContainingAppBundleId` (required in every extension), \
      `AppGroupIdentifiers`. IntuneMAMConfigurator writes the dictionary; a target linking the SDK without it was \
      never configured, or lost the dictionary in a merge or a generated Info.plist (`GENERATE_INFOPLIST_FILE` \
      cannot write it): the SDK cannot enroll the app, or an extension cannot find its app's enrollment \
      (microsoftconnect/ms-intune-app-sdk-ios issues #340, #538).
      """,
    useInstead: """
      Run IntuneMAMConfigurator or `sharelint configure -i Info.plist -e App.entitlements`, then add the app's \
      Entra registration (`ADALClientId`, `ADALRedirectUri`) or, in an extension, `ContainingAppBundleId`.
      """,
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
        ]),
        infoPlist: RuleExample.document(for: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          """).replacingOccurrences(of: "<plist version=\"1.0\">\n<dict>", with: "<plist version=\"1.0\">\n↓<dict>"),
        markedFile: "App/Info.plist",
        messages: [
          "'App' links the Intune App SDK (IntuneMAMSwift.xcframework) but its Info.plist has no IntuneMAMSettings; "
            + "the SDK has no Entra registration to enroll the app with (ADALClientId, ADALRedirectUri)",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
        ])),
      RuleExample(
        project: ExampleProject(targets: [.init("App")]),
        infoPlist: """
          <key>CFBundleIdentifier</key>
          <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          """),
    ],
    guideSteps: [40]
  )

  /// What the build links or carries of the SDK, as a name, when `target` has no `IntuneMAMSettings` at all: then
  /// this rule reports the target, and the rules naming single missing settings stay silent.
  static func linkedSDKWithoutSettings(_ target: LintTarget) -> String? {
    guard target.infoPlist.root["IntuneMAMSettings"] == nil, let facts = target.settings.buildFacts,
      target.settings.intuneMode != .off
    else { return nil }
    switch facts.origin {
    case .project:
      return facts.linked.first(where: IntuneEvidence.isIntuneSDK)?.name
    case .bundle:
      return facts.bundledFrameworks.first { IntuneEvidence.isIntuneSDK(stem: XcodeLinkedFileKind.stem(of: $0)) }
    }
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let linked = Self.linkedSDKWithoutSettings(target) else { return }
    if target.kind == .app, case .project? = target.settings.buildFacts?.origin,
      Self.setsRegistrationInCode(near: target.infoPlist.source.name)
    {
      return
    }
    let name: String
    if case .project(_, let targetName, _)? = target.settings.buildFacts?.origin {
      name = "'\(targetName)' links"
    } else {
      name = "the bundle carries"
    }
    let consequence = target.kind == .app
      ? "the SDK has no Entra registration to enroll the app with (ADALClientId, ADALRedirectUri)"
      : "the extension has no ContainingAppBundleId to find its app's enrollment with"
    findings.report(
      "\(name) the Intune App SDK (\(linked)) but its Info.plist has no IntuneMAMSettings; \(consequence)",
      in: target.infoPlist, range: openingTagRange(of: target.infoPlist.root), keyPath: "IntuneMAMSettings")
  }

  /// Whether source text assigns `aadClientIdOverride` (`IntuneMAMSettings.aadClientIdOverride = …`, or
  /// `[IntuneMAMSettings setAadClientIdOverride:…]`), not only reads it.
  static func setsOverride(in text: String) -> Bool {
    if text.contains("setAadClientIdOverride:") { return true }
    var rest = text[...]
    while let found = rest.range(of: "aadClientIdOverride") {
      let after = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" }
      if after.hasPrefix("=") && !after.hasPrefix("==") { return true }
      rest = rest[found.upperBound...]
    }
    return false
  }

  /// The folders a search of sources leaves out: dependencies, build products, bundles.
  static let skippedFolders: Set<String> = ["pods", "carthage", "build", "deriveddata", "node_modules", ".git"]

  /// Whether a Swift or Objective-C file in the folder of the Info.plist at `infoPlistPath`, or below it, sets
  /// `aadClientIdOverride` (at most 2,000 files of 512 KiB in 2,000 folders, six folders deep, looked at; only
  /// what the repository boundary admits).
  static func setsRegistrationInCode(near infoPlistPath: String) -> Bool {
    let root = PathText.removingLastComponent(of: infoPlistPath)
    var folders = [(root.isEmpty ? "." : root, 0)]
    var files = 0
    var foldersListed = 0
    let manager = FileManager.default
    while let (folder, depth) = folders.popLast() {
      foldersListed += 1
      if foldersListed > 2_000 { return false }
      for name in ((try? RepositoryFile.listFolder(folder).get()) ?? []).sorted() {
        let path = PathText.joined(folder, name)
        let lowered = name.lowercased()
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
        if isFolder.boolValue {
          if depth < 6, !skippedFolders.contains(lowered), !lowered.contains(".") { folders.append((path, depth + 1)) }
          continue
        }
        guard [".swift", ".m", ".mm"].contains(where: { lowered.hasSuffix($0) }) else { continue }
        files += 1
        if files > 2_000 { return false }
        guard case .success(let bytes) = RepositoryFile.read(path, limit: 512 << 10, prefixOnly: true) else { continue }
        if setsOverride(in: String(decoding: bytes, as: UTF8.self)) { return true }
      }
    }
    return false
  }
}

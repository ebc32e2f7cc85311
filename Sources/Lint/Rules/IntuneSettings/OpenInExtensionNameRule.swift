import Foundation
import PropertyList
import SharelintBase
import XcodeModel

/// IM025: the "Open in" action extension is not named "Open in <app>", or not localized where its app's name is.
struct OpenInExtensionNameRule: LintRule {
  static let description = RuleDescription(
    identifier: "open-in-extension-name",
    family: .intuneSettings, number: 25,
    summary: "the Open-in extension is not named \"Open in\" and its app's name, or not localized where the app is",
    whatItDoes: """
      For an extension with `IntuneMAMSettings.OpenInActionExtension` = YES: its name (`CFBundleDisplayName`, else \
      `CFBundleName`, build settings expanded) must start with "Open in" and, when the containing app's name is \
      known, go on with that name (or a part of it: "Open in Fabrikam" for "Fabrikam Field"); so must \
      the name in an English or Base `InfoPlist.strings` beside its \
      Info.plist (`en.lproj/`, `Base.lproj/`). Every language the containing app localizes its name in \
      (`CFBundleDisplayName` or `CFBundleName` in its `<lang>.lproj/InfoPlist.strings`) needs the extension's name \
      localized too. The strings files are read in UTF-8 or UTF-16, as Xcode writes them; other languages' wording \
      is the translator's and is not checked. Built bundles (whose strings files are compiled) are not checked.
      """,
    whyItMatters: """
      The 2020 SDK developer guide, "Sharing data via UIActivityViewController", step 4: "Name the action \
      extension 'Open in' followed by the application name. Localize the Info.plist as needed." The share sheet \
      shows that name under the extension's icon: a managed file can be opened in the app only through this \
      extension, and users who do not recognize it as the app do not find it (microsoftconnect/ms-intune-app-sdk-ios \
      issue #63: the "Open in" action was not where users looked). Where the app's own name is localized, an \
      English-only "Open in Notes" in a German share sheet is the one entry users cannot read.
      """,
    useInstead: """
      `<key>CFBundleDisplayName</key><string>Open in Notes</string>` in the extension's Info.plist, and \
      `"CFBundleDisplayName" = "In Notes öffnen";` in its `de.lproj/InfoPlist.strings` for each language the \
      app is localized in.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
          .init("OpenIn", isExtension: true, frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework"), .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
        ]),
        infoPlist: OpenInExtensionNameRule.exampleAppInfoPlist,
        files: [
          "OpenIn/Info.plist": OpenInExtensionNameRule.exampleExtensionInfoPlist("↓↓<string>Send to Notes</string>"),
          "App/de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"Notizen\";\n",
        ],
        markedFile: "OpenIn/Info.plist",
        messages: [
          "the Open-in extension is named 'Send to Notes'; the guide names it \"Open in\" and the app's name "
            + "('Open in Notes')",
          "the app's name is localized in 'de' and the Open-in extension's is not; add CFBundleDisplayName to its "
            + "de.lproj/InfoPlist.strings",
        ]),
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
          .init("OpenIn", isExtension: true, frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework"), .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
        ]),
        infoPlist: OpenInExtensionNameRule.exampleAppInfoPlist,
        files: [
          "OpenIn/Info.plist": OpenInExtensionNameRule.exampleExtensionInfoPlist("<string>Open in Notes</string>"),
          "OpenIn/en.lproj/InfoPlist.strings": "/* English */\n\"CFBundleDisplayName\" = ↓\"Notes Share\";\n",
        ],
        markedFile: "OpenIn/en.lproj/InfoPlist.strings",
        messages: [
          "the Open-in extension's en.lproj/InfoPlist.strings names it 'Notes Share'; the guide names it \"Open in\" "
            + "and the app's name ('Open in Notes')",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
          .init("OpenIn", isExtension: true, frameworks: [
            .init("Frameworks/IntuneMAMSwift.xcframework"), .init("Frameworks/IntuneMAMSwiftStub.xcframework"),
          ]),
        ]),
        infoPlist: OpenInExtensionNameRule.exampleAppInfoPlist,
        files: [
          "OpenIn/Info.plist": OpenInExtensionNameRule.exampleExtensionInfoPlist("<string>Open in Notes</string>"),
          "App/de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"Notizen\";\n",
          "OpenIn/de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"In Notizen öffnen\";\n",
        ]),
    ],
    guideSteps: [68]
  )

  static let exampleAppInfoPlist =
    RuleExample.intuneAppInfoPlist + "\n<key>CFBundleDisplayName</key>\n<string>Notes</string>"

  /// The Info.plist body of the examples' Open-in extension, its `CFBundleDisplayName` value element given.
  static func exampleExtensionInfoPlist(_ displayName: String) -> String {
    """
    <key>CFBundleDisplayName</key>
    \(displayName)
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>IntuneMAMSettings</key>
    <dict>
    \t<key>ContainingAppBundleId</key>
    \t<string>com.contoso.notes</string>
    \t<key>OpenInActionExtension</key>
    \t<true/>
    </dict>
    <key>NSExtension</key>
    <dict>
    \t<key>NSExtensionPointIdentifier</key>
    \t<string>com.apple.ui-services</string>
    </dict>
    """
  }

  /// The keys that name a bundle, in the order iOS prefers them.
  static let nameKeys = ["CFBundleDisplayName", "CFBundleName"]
  /// The longest `.lproj` folder list read.
  static let maximumLanguages = 500

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .appExtension, intuneFlagIsOn(target.intuneSettings?["OpenInActionExtension"]),
      target.settings.buildFacts.map({ $0.isProjectTarget }) ?? true
    else { return }
    let settings = InfoPlistSchemes.buildSettings(for: target)
    let appName = Self.containingAppName(target)
    let expected = appName.map { " ('Open in \($0)')" } ?? ""
    let guideName = "the guide names it \"Open in\" and the app's name\(expected)"

    // The name in the Info.plist (the development language's).
    let nameNode = Self.nameKeys.lazy.compactMap { target.infoPlist.root[$0] }.first
    if let nameNode, let written = nameNode.string {
      let name = settings.resolve(written).resolvedText ?? written
      if !name.contains("$("), !Self.isOpenInName(name, appName: appName) {
        findings.report(
          "the Open-in extension is named '\(name)'; \(guideName)", about: nameNode, in: target.infoPlist)
      }
    }

    // The English and Base strings files beside it, and the languages the app's name is localized in.
    let folder = PathText.removingLastComponent(of: target.infoPlist.source.name)
    let own = Self.localizedNames(inFolder: folder)
    for (language, file) in own.sorted(by: { $0.key < $1.key }) where Self.isEnglish(language) {
      guard let entry = Self.nameKeys.lazy.compactMap({ file[$0] }).first,
        !Self.isOpenInName(entry.value, appName: appName)
      else { continue }
      findings.report(
        "the Open-in extension's \(language).lproj/InfoPlist.strings names it '\(entry.value)'; \(guideName)",
        in: file.source,
        range: entry.valueRange, keyPath: "CFBundleDisplayName")
    }
    guard let app = target.containingAppInfoPlist else { return }
    let appLanguages = Self.localizedNames(inFolder: PathText.removingLastComponent(of: app.source.name))
      .filter { language, file in
        !Self.isEnglish(language) && Self.nameKeys.contains { file[$0] != nil }
      }.keys
    let missing = appLanguages.filter { language in
      guard let file = own[language] else { return true }
      return !Self.nameKeys.contains { file[$0] != nil }
    }.sorted()
    guard !missing.isEmpty else { return }
    let files = missing.prefix(3).map { "\($0).lproj/InfoPlist.strings" }.joined(separator: ", ")
      + (missing.count > 3 ? " and \(missing.count - 3) more" : "")
    let languages = missing.map { "'\($0)'" }.joined(separator: ", ")
    let message = "the app's name is localized in \(languages) and the Open-in extension's is not; add "
      + "CFBundleDisplayName to its \(files)"
    if let nameNode {
      findings.report(message, about: nameNode, in: target.infoPlist)
    } else {
      findings.report(
        message, in: target.infoPlist, range: openingTagRange(of: target.infoPlist.root),
        keyPath: "CFBundleDisplayName")
    }
  }

  /// Whether `name` is "Open in" followed by the app's name (any case; a shortened name the app's contains, or one
  /// containing it, counts: "Open in Fabrikam" for "Fabrikam Field"), or, when the app's name is unknown, starts with
  /// "Open in".
  static func isOpenInName(_ name: String, appName: String?) -> Bool {
    let lowered = name.lowercased().trimmingCharacters(in: .whitespaces)
    guard lowered.hasPrefix("open in ") else { return false }
    guard let appName else { return true }
    let rest = lowered.dropFirst("open in ".count).trimmingCharacters(in: .whitespaces)
    let app = appName.lowercased().trimmingCharacters(in: .whitespaces)
    return !rest.isEmpty && (app.contains(rest) || rest.contains(app))
  }

  /// The containing app's name (its `CFBundleDisplayName`, else `CFBundleName`), when it is written out (no build
  /// setting the extension's own settings would expand wrongly).
  static func containingAppName(_ target: LintTarget) -> String? {
    guard let app = target.containingAppInfoPlist else { return nil }
    for key in nameKeys {
      if let name = app.root[key]?.string, !name.isEmpty { return name.contains("$") ? nil : name }
    }
    return nil
  }

  /// Whether `language` (an `.lproj` folder's name) is the guide's English, or Base.
  static func isEnglish(_ language: String) -> Bool {
    let lowered = language.lowercased()
    return lowered == "base" || lowered == "en" || lowered.hasPrefix("en-") || lowered.hasPrefix("en_")
      || lowered == "english"
  }

  /// The `InfoPlist.strings` of each `<language>.lproj` folder in `folder` that reads, by language.
  static func localizedNames(inFolder folder: String) -> [String: StringsFile] {
    let names = (try? RepositoryFile.listFolder(folder.isEmpty ? "." : folder).get()) ?? []
    var files: [String: StringsFile] = [:]
    for name in names.sorted().prefix(maximumLanguages) where name.hasSuffix(".lproj") && name.count > 6 {
      let path = PathText.joined(PathText.joined(folder, name), "InfoPlist.strings")
      guard case .success(let bytes) = RepositoryFile.read(path, limit: StringsFile.maximumSize),
        !bytes.starts(with: Array("bplist".utf8)),
        let file = try? StringsFile(bytes: bytes, name: PathText.relativeToWorkingFolder(path))
      else { continue }
      files[String(name.dropLast(6))] = file
    }
    return files
  }
}

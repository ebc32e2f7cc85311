import Foundation
import PropertyList
import SharelintBase
import XcodeModel

/// IM024: `SplashIconFile` names a file with `.png`, or an image the target does not bundle (with its @2x and @3x
/// versions).
struct SplashIconNotBundledRule: LintRule {
  static let keys = ["SplashIconFile", "SplashIconFile~ipad"]

  static let description = RuleDescription(
    identifier: "splash-icon-not-bundled",
    family: .intuneSettings, number: 24,
    summary: "SplashIconFile names the image with '.png', or an image the target does not bundle at @2x and @3x",
    whatItDoes: """
      Reads `IntuneMAMSettings.SplashIconFile` and `SplashIconFile~ipad`. A name ending in `.png` is reported (the \
      fix takes the extension off). For a target of an Xcode project, the name must also be an image the target \
      bundles: `NAME@2x.png` and `NAME@3x.png` (or `NAME.png` with them) in its Copy Bundle Resources, or an \
      image set `NAME.imageset` in an asset catalog it copies; an image bundled without its @2x or @3x version is \
      reported with the missing ones. Loose files and built bundles are checked for the extension only.
      """,
    whyItMatters: """
      The 2016 SDK developer guide, "Splash image file (optional)": "add the file name with the key names \
      SplashIconFile and SplashIconFile~ipad … Image size and requirements: … remove the .png extension from the \
      file name … use the @2x suffix … and the @3x suffix for the 3x version". The SDK looks the image up by that \
      name in the app's bundle when it shows its "managed by your organization" screen at launch; a name it does \
      not find falls back to one of the app's icons, and a missing scale is stretched from another.
      """,
    useInstead: """
      `<key>SplashIconFile</key><string>CompanyLogo</string>` with `CompanyLogo@2x.png` and `CompanyLogo@3x.png` \
      (or a `CompanyLogo` image set) in the target's resources.
      """,
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>SplashIconFile</key>
        \t↓<string>CompanyLogo.png</string>
        </dict>
        """,
        messages: ["'SplashIconFile' is 'CompanyLogo.png'; the guide names the image without '.png' ('CompanyLogo')"],
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>SplashIconFile</key>
          \t<string>CompanyLogo</string>
          </dict>
          """),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder,
            resources: ["App/Splash@2x.png"]),
        ]),
        infoPlist: RuleExample.intuneAppInfoPlist.replacingOccurrences(
          of: "</dict>",
          with: "\t<key>SplashIconFile</key>\n\t↓<string>CompanyLogo</string>\n\t<key>SplashIconFile~ipad</key>\n"
            + "\t↓<string>Splash</string>\n</dict>"),
        markedFile: "App/Info.plist",
        messages: [
          "'SplashIconFile' names 'CompanyLogo', an image 'App' does not bundle: no CompanyLogo@2x.png, "
            + "CompanyLogo@3x.png or 'CompanyLogo' image set in its Copy Bundle Resources",
          "'SplashIconFile~ipad' names 'Splash', bundled by 'App' without Splash@3x.png",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder,
            resources: ["App/Splash@2x.png", "App/Splash@3x.png", "App/Assets.xcassets"]),
        ]),
        infoPlist: RuleExample.intuneAppInfoPlist.replacingOccurrences(
          of: "</dict>",
          with: "\t<key>SplashIconFile</key>\n\t<string>CompanyLogo</string>\n\t<key>SplashIconFile~ipad</key>\n"
            + "\t<string>Splash</string>\n</dict>"),
        files: ["App/Assets.xcassets/CompanyLogo.imageset/Contents.json": "{\"images\": []}\n"]),
    ],
    guideSteps: [53]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let settings = target.intuneSettings else { return }
    let view = ProjectTargetView(target)
    for key in Self.keys {
      guard let node = settings[key], let name = node.string, !name.isEmpty else { continue }
      if name.lowercased().hasSuffix(".png") {
        let stem = String(name.dropLast(4))
        let length = name.utf8.count
        let fix = findings.fix(
          "remove '.png' from '\(name)'", .safe, in: target.infoPlist,
          [.editString(
            at: node.path, edits: [TextEdit(range: ByteRange(start: length - 4, end: length), replacement: "")])])
        findings.report(
          "'\(key)' is '\(name)'; the guide names the image without '.png' ('\(stem)')", about: node,
          in: target.infoPlist, fix: fix)
        continue
      }
      guard let view else { continue }
      let bundled = Self.bundledScales(of: name, in: view)
      if bundled.imageSet { continue }
      let missing = ["@2x", "@3x"].filter { !bundled.scales.contains($0) }
      if bundled.scales.isEmpty {
        findings.report(
          "'\(key)' names '\(name)', an image '\(view.targetName)' does not bundle: no \(name)@2x.png, \(name)@3x.png "
            + "or '\(name)' image set in its Copy Bundle Resources",
          about: node, in: target.infoPlist)
      } else if !missing.isEmpty {
        findings.report(
          "'\(key)' names '\(name)', bundled by '\(view.targetName)' without "
            + missing.map { "\(name)\($0).png" }.joined(separator: " and "),
          about: node, in: target.infoPlist)
      }
    }
  }

  /// The scales (`""`, `@2x`, `@3x`) of `NAME.png` in the target's Copy Bundle Resources, and whether an asset catalog
  /// it copies holds `NAME.imageset`.
  static func bundledScales(of name: String, in view: ProjectTargetView) -> (scales: Set<String>, imageSet: Bool) {
    var scales: Set<String> = []
    var imageSet = false
    let lowered = name.lowercased()
    for file in view.build.resources {
      let fileName = file.name.lowercased()
      for scale in ["", "@2x", "@3x"] where fileName == lowered + scale + ".png" { scales.insert(scale) }
      if fileName.hasSuffix(".xcassets"), let path = file.fileReference?.resolvedPath,
        catalog(at: path, holdsImageSet: lowered)
      {
        imageSet = true
      }
    }
    return (scales, imageSet)
  }

  /// Whether the asset catalog at `path` holds an image set `name` (any case), in its folders up to four deep (at
  /// most 10,000 entries looked at).
  static func catalog(at path: String, holdsImageSet name: String) -> Bool {
    var folders = [(path, 0)]
    var seen = 0
    while let (folder, depth) = folders.popLast() {
      let entries = (try? RepositoryFile.listFolder(folder).get()) ?? []
      for entry in entries {
        seen += 1
        if seen > 10_000 { return false }
        let lowered = entry.lowercased()
        if lowered == name + ".imageset" { return true }
        if depth < 4, !lowered.contains("."), !entry.hasPrefix(".") {
          folders.append((folder + "/" + entry, depth + 1))
        }
      }
    }
    return false
  }
}

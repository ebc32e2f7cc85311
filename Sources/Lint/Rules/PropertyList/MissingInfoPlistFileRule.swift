import Foundation
import PropertyList
import SharelintBase
import XcodeModel

/// PL004: `INFOPLIST_FILE` names a file the repository does not have.
struct MissingInfoPlistFileRule: LintRule {
  static let description = RuleDescription(
    identifier: "missing-info-plist-file",
    family: .propertyList, number: 4,
    summary: "INFOPLIST_FILE names a file that is not in the repository",
    whatItDoes: """
      Resolves the target's `INFOPLIST_FILE` as Xcode does (from `SRCROOT`, ignoring case as a Mac's disk \
      does) and reports when no such file exists. The target is then linted from what Xcode would generate \
      without it (`GENERATE_INFOPLIST_FILE`, `INFOPLIST_KEY_*`) and from its entitlements.
      """,
    whyItMatters: """
      Xcode stops the build when the Info.plist it is told to process is missing ("Build input file cannot \
      be found"). A file that a script writes before the build, or one kept out of the repository, cannot be \
      checked: the bundle identifier, URL schemes and IntuneMAMSettings it holds are unknown to every other \
      rule, which then see only the generated keys.
      """,
    useInstead: """
      Commit the Info.plist, point `INFOPLIST_FILE` at the right path, or remove the setting and let Xcode \
      generate the file (`GENERATE_INFOPLIST_FILE = YES` with `INFOPLIST_KEY_*` settings).
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        ↓<key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        """,
        messages: ["INFOPLIST_FILE names 'Contoso/Generated/Info.plist', which is not in the repository"],
        configuration: "build_settings:\n  INFOPLIST_FILE: Contoso/Generated/Info.plist\n"),
    ],
    nonTriggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        """),
    ]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let settings = target.settings.buildSettings
    guard let definition = settings.definitions(of: "INFOPLIST_FILE").last, !definition.value.isEmpty else { return }
    let evaluation = settings.evaluate("$(INFOPLIST_FILE)")
    guard !evaluation.value.isEmpty, !evaluation.isIncomplete else { return }
    let root = settings.evaluate("$(SRCROOT)").value
    let value = evaluation.value
    let path = value.hasPrefix("/") || root.isEmpty ? value : PathText.joined(root, value)
    guard CaseInsensitiveFileFinder().findIgnoringCase(path) == nil else { return }
    let shown = PathText.relativeToWorkingFolder(PathText.tidied(path))
    let document = target.infoPlist
    let firstKey = document.root.entries?.first.flatMap { $0.key.elementRange ?? $0.value.elementRange }
    var notes = ["INFOPLIST_FILE is set at \(definition.origin)"]
    if evaluation.value != definition.value { notes[0] += " to '\(definition.value)'" }
    notes.append(
      "linted from the keys Xcode generates (GENERATE_INFOPLIST_FILE, INFOPLIST_KEY_*) and the entitlements")
    findings.report(
      "INFOPLIST_FILE names '\(shown)', which is not in the repository", in: document,
      range: firstKey ?? document.root.elementRange, keyPath: "", notes: notes)
  }
}

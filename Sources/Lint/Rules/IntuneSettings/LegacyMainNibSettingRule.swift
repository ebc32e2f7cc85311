import IntuneKnowledge
import PropertyList

/// IM010: main nib or storyboard settings left under `IntuneMAMSettings`.
struct LegacyMainNibSettingRule: LintRule {
  /// Each legacy key under `IntuneMAMSettings` and the top-level key iOS reads instead.
  static let topLevelKeys: [(legacy: String, topLevel: String)] = [
    ("MainNibFile", "NSMainNibFile"),
    ("MainNibFile~ipad", "NSMainNibFile~ipad"),
    ("MainNibFile~iphone", "NSMainNibFile~iphone"),
    ("MainStoryboardFile", "UIMainStoryboardFile"),
    ("MainStoryboardFile~ipad", "UIMainStoryboardFile~ipad"),
    ("MainStoryboardFile~iphone", "UIMainStoryboardFile~iphone"),
  ]

  static let description = RuleDescription(
    identifier: "legacy-main-nib-setting",
    family: .intuneSettings, number: 10,
    summary: "a main nib or storyboard setting is still under IntuneMAMSettings",
    whatItDoes: """
      Finds `MainNibFile`, `MainStoryboardFile` and their `~ipad`/`~iphone` variants under \
      `IntuneMAMSettings`, where SDKs before 12.0.12 wanted them moved.
      """,
    whyItMatters: """
      Since SDK 12.0.12 the SDK no longer launches the main interface from `IntuneMAMSettings`; iOS \
      reads only the top-level `NSMainNibFile`/`UIMainStoryboardFile`. A setting left only under \
      `IntuneMAMSettings` means the app launches on the device without its main interface (a black \
      window). IntuneMAMConfigurator moves them back on every run.
      """,
    useInstead: "Move the value to the top-level `NSMainNibFile…`/`UIMainStoryboardFile…` key.",
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.fabrikam.field</string>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ADALClientId</key>
        \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
        \t↓<key>MainNibFile</key>
        \t<string>MainWindow</string>
        \t↓<key>MainNibFile~ipad</key>
        \t<string>MainWindow-iPad</string>
        </dict>
        <key>LSRequiresIPhoneOS</key>
        <true/>
        <key>UIRequiredDeviceCapabilities</key>
        <array>
        \t<string>arm64</string>
        </array>
        """,
        messages: [
          "'MainNibFile' under IntuneMAMSettings is ignored since SDK 12.0.12; iOS reads top-level 'NSMainNibFile'",
          """
          'MainNibFile~ipad' under IntuneMAMSettings is ignored since SDK 12.0.12; iOS reads top-level \
          'NSMainNibFile~ipad'
          """,
        ],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.fabrikam.field</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>ADALClientId</key>
          \t<string>6a3c8f1e-2b7d-4f0a-9c51-3e8d2a7b14f6</string>
          </dict>
          <key>LSRequiresIPhoneOS</key>
          <true/>
          <key>NSMainNibFile</key>
          <string>MainWindow</string>
          <key>NSMainNibFile~ipad</key>
          <string>MainWindow-iPad</string>
          <key>UIRequiredDeviceCapabilities</key>
          <array>
          \t<string>arm64</string>
          </array>
          """),
      RuleExample(
        """
        <key>IntuneMAMSettings</key>
        <dict>
        \t↓<key>MainStoryboardFile</key>
        \t<string>Main</string>
        </dict>
        <key>UIMainStoryboardFile</key>
        <string>Main</string>
        """,
        messages: [
          """
          'MainStoryboardFile' under IntuneMAMSettings is ignored since SDK 12.0.12; iOS reads top-level \
          'UIMainStoryboardFile'
          """,
        ],
        corrected: """
          <key>IntuneMAMSettings</key>
          <dict>
          </dict>
          <key>UIMainStoryboardFile</key>
          <string>Main</string>
          """),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        </dict>
        <key>NSMainNibFile</key>
        <string>MainWindow</string>
        """),
    ],
    guideSteps: [60],
    guideAndVendor: """
      The 2016 guide (build step 5) asked apps to move `NSMainNibFile`/`UIMainStoryboardFile` under \
      `IntuneMAMSettings` as `MainNibFile`/`MainStoryboardFile`, and the 2017 configurator did so. Since SDK 12.0.12 \
      the opposite holds (MicrosoftDocs/IntuneDocs#3027) and IntuneMAMConfigurator 21.7.1 moves them back to the \
      top level; this rule follows the current SDK.
      """,
    adviceSinceSDK: ReleaseVersion(12, 0, 12)
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let entries = target.intuneSettings?.entries else { return }
    let document = target.infoPlist
    let root = document.root
    let legacyEntries = entries.filter { entry in Self.topLevelKeys.contains { $0.legacy == entry.key.text } }
    guard let firstLegacy = legacyEntries.first else { return }

    // One fix moves every legacy key: their insertions can share a position, which separate fixes
    // could not (overlapping edits are skipped).
    var changes: [PlistChange] = []
    var moved: Set<String> = []
    for entry in legacyEntries where !moved.contains(entry.key.text) {
      moved.insert(entry.key.text)
      guard let topLevel = Self.topLevelKeys.first(where: { $0.legacy == entry.key.text })?.topLevel else { continue }
      if root[topLevel] == nil {
        let lastEntry = entries.last { $0.key.text == entry.key.text } ?? entry
        changes.append(.insertEntry(
          into: [], key: topLevel, value: lastEntry.value.value, after: keySortingBefore(topLevel, in: root)))
      }
    }
    for key in moved.sorted() {
      changes.append(.removeEntries(from: [.key("IntuneMAMSettings")], key: key))
    }
    let names = legacyEntries.map(\.key.text)
    let title = "move " + Array(Set(names)).sorted().map { "'\($0)'" }.joined(separator: ", ")
      + " from IntuneMAMSettings to the top level"
    let fix = findings.fix(title, .safe, in: document, changes)

    for entry in legacyEntries {
      let legacy = entry.key.text
      let topLevel = Self.topLevelKeys.first { $0.legacy == legacy }?.topLevel ?? legacy
      var notes: [String] = []
      if let existing = root[topLevel] {
        let shown = existing.string.map { "'\($0)'" } ?? existing.type.nameWithArticle
        notes.append("top-level '\(topLevel)' is already \(shown); the fix keeps it")
      }
      let isFirst = entry.key.elementRange == firstLegacy.key.elementRange && entry.key.text == firstLegacy.key.text
      if !isFirst { notes.append("the fix of '\(firstLegacy.key.text)' moves this setting too") }
      findings.report(
        "'\(legacy)' under IntuneMAMSettings is ignored since SDK 12.0.12; iOS reads top-level '\(topLevel)'",
        aboutKeyOf: entry, in: document, notes: notes, fix: isFirst ? fix : nil)
    }
  }
}

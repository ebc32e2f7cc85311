import PropertyList

/// IM011: an Intune-managed app without `NSFaceIDUsageDescription`.
struct MissingFaceIDUsageRule: LintRule {
  /// The text the fix writes; the app's owner should replace it with their own words.
  static let defaultUsageDescription = "Face ID is used to unlock your organization's data in this app."

  static let description = RuleDescription(
    identifier: "missing-face-id-usage",
    family: .intuneSettings, number: 11,
    summary: "an Intune-managed app has no NSFaceIDUsageDescription",
    whatItDoes: """
      In apps (not extensions), requires the top-level `NSFaceIDUsageDescription`; the finding points \
      at `IntuneMAMSettings`, the reason the key is needed. When a misspelling of the key is there \
      (`NSFaceIDUsageScription`), the finding offers no fix and names it: PL005 renames it.
      """,
    whyItMatters: """
      An Intune app protection policy can let users open the app with Face ID instead of the Intune \
      PIN. iOS needs this text to ask the user for Face ID; without it Face ID does not work for the \
      app on the device and users must type their PIN every time. IntuneMAMConfigurator does not add \
      it: Microsoft's integration guide asks for it by hand "with a default message".
      """,
    useInstead: "Add `NSFaceIDUsageDescription` with a sentence telling users why the app uses Face ID.",
    fixApplicabilities: [.unsafe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.fabrikam.field</string>
        ↓<key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        </dict>
        <key>UILaunchStoryboardName</key>
        <string>LaunchScreen</string>
        """,
        messages: ["'NSFaceIDUsageDescription' is missing; Intune's Face ID app access needs it"],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.fabrikam.field</string>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>AutoEnrollOnLaunch</key>
          \t<true/>
          </dict>
          <key>NSFaceIDUsageDescription</key>
          <string>\(defaultUsageDescription)</string>
          <key>UILaunchStoryboardName</key>
          <string>LaunchScreen</string>
          """),
      RuleExample(
        """
        ↓<key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        </dict>
        <key>NSFaceIDUsageScription</key>
        <string>Unlock your notes with Face ID.</string>
        """,
        messages: ["'NSFaceIDUsageDescription' is missing; Intune's Face ID app access needs it"]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        </dict>
        <key>NSFaceIDUsageDescription</key>
        <string>Unlock your notes with Face ID.</string>
        """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>ContainingAppBundleId</key>
        \t<string>com.contoso.notes</string>
        </dict>
        <key>NSExtension</key>
        <dict>
        \t<key>NSExtensionPointIdentifier</key>
        \t<string>com.apple.share-services</string>
        </dict>
        """),
    ],
    guideSteps: [62]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let root = target.infoPlist.root
    let key = "NSFaceIDUsageDescription"
    // With GENERATE_INFOPLIST_FILE = YES, Xcode adds INFOPLIST_KEY_NSFaceIDUsageDescription to the built plist.
    guard target.kind == .app, root[key] == nil, target.settings.generatedInfoPlistKeys[key] == nil else { return }
    let intuneKeyRange = root.entries?.last { $0.key.text == "IntuneMAMSettings" }?.key.elementRange
    // A misspelled key (`NSFaceIDUsageScription`) is PL005's to rename: adding the right key next to it would
    // leave the wrong one, and the text the author wrote would lose to the default one.
    let misspellings = InfoPlistKeySpelling.misspellings(of: key, in: target)
    var notes = ["IntuneMAMConfigurator does not add it; the fix writes a default text to review"]
    var fix: LintFix?
    if misspellings.isEmpty {
      fix = findings.fix(
        "add '\(key)' with a default text", .unsafe, in: target.infoPlist,
        [.insertEntry(
          into: [], key: key, value: .string(Self.defaultUsageDescription), after: keySortingBefore(key, in: root))])
    } else {
      notes = [InfoPlistKeySpelling.renameNote(for: misspellings, fixWithheld: false)]
    }
    findings.report(
      "'\(key)' is missing; Intune's Face ID app access needs it", in: target.infoPlist,
      range: intuneKeyRange ?? openingTagRange(of: root), keyPath: key, notes: notes, fix: fix)
  }
}

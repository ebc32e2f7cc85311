import IntuneKnowledge
import PropertyList

/// PL005: a top-level Info.plist key that looks like a misspelling of a key Apple documents.
struct MisspelledInfoPlistKeyRule: LintRule {
  static let description = RuleDescription(
    identifier: "misspelled-info-plist-key",
    family: .propertyList, number: 5,
    summary: "a top-level Info.plist key looks like a misspelling of a documented key the file lacks",
    whatItDoes: """
      Compares each top-level key of an Info.plist with the keys of Apple's Information Property List \
      reference and reports one that is not documented but is a near miss of a documented key the file lacks: \
      the same letters in another case, or within one edit (two for keys of 20 letters or more, a swap of \
      neighbouring letters counting as one) of exactly one documented key with the same first two letters. \
      Keys of the app's own (another prefix, a documented key with text before or after it, \
      `SNAKE_CASE`, reverse-DNS), `~ipad`/`~iphone` variants of documented keys, and near misses of a key that \
      is present are left alone.
      """,
    whyItMatters: """
      iOS reads Info.plist keys by their exact spelling, so a misspelled key is as good as missing: with \
      `NSFaceIDUsageScription` instead of `NSFaceIDUsageDescription` Face ID is not offered to the app, a \
      misspelled `NSCameraUsageDescription` ends the app when it asks for the camera and App Store Connect \
      rejects the build, a misspelled `UIBackgroundModes` leaves background audio off. And a rule that adds the \
      missing key (IM011 for Face ID, US002 for `LSApplicationQueriesSchemes`) would add it next to the \
      misspelled one: while this rule runs, their fixes wait for its rename. A warning rather than an error, \
      as IM001 (the same check for Intune settings): the match is judged on spelling alone, and in an Intune \
      app IM011 still reports the missing Face ID text as an error.
      """,
    useInstead: "The documented key, spelled exactly (keys are case-sensitive): `NSFaceIDUsageDescription`.",
    fixApplicabilities: [.safe],
    defaultSeverity: .warning,
    requiresIntune: false,
    triggeringExamples: [
      RuleExample(
        """
        <key>CFBundleIdentifier</key>
        <string>com.fabrikam.field</string>
        ↓<key>NSFaceIDUsageScription</key>
        <string>Unlock your field notes with Face ID.</string>
        <key>UILaunchStoryboardName</key>
        <string>LaunchScreen</string>
        """,
        messages: ["'NSFaceIDUsageScription' is not a key iOS reads; did you mean 'NSFaceIDUsageDescription'?"],
        corrected: """
          <key>CFBundleIdentifier</key>
          <string>com.fabrikam.field</string>
          <key>NSFaceIDUsageDescription</key>
          <string>Unlock your field notes with Face ID.</string>
          <key>UILaunchStoryboardName</key>
          <string>LaunchScreen</string>
          """),
      RuleExample(
        """
        ↓<key>UIBackgroundmodes</key>
        <array>
        \t<string>audio</string>
        </array>
        <key>UISupportedInterfaceOrientations</key>
        <array>
        \t<string>UIInterfaceOrientationPortrait</string>
        </array>
        ↓<key>UISupportedInterfaceOrientation~ipad</key>
        <array>
        \t<string>UIInterfaceOrientationPortrait</string>
        \t<string>UIInterfaceOrientationLandscapeLeft</string>
        </array>
        """,
        messages: [
          "'UIBackgroundmodes' is not a key iOS reads (keys are case-sensitive); did you mean 'UIBackgroundModes'?",
          """
          'UISupportedInterfaceOrientation~ipad' is not a key iOS reads; did you mean \
          'UISupportedInterfaceOrientations~ipad'?
          """,
        ],
        corrected: """
          <key>UIBackgroundModes</key>
          <array>
          \t<string>audio</string>
          </array>
          <key>UISupportedInterfaceOrientations</key>
          <array>
          \t<string>UIInterfaceOrientationPortrait</string>
          </array>
          <key>UISupportedInterfaceOrientations~ipad</key>
          <array>
          \t<string>UIInterfaceOrientationPortrait</string>
          \t<string>UIInterfaceOrientationLandscapeLeft</string>
          </array>
          """),
    ],
    nonTriggeringExamples: [
      // Documented keys that are near each other, and a device variant.
      RuleExample("""
        <key>NSCalendarsUsageDescription</key>
        <string>Add your shifts to your calendar.</string>
        <key>NSCalendarsFullAccessUsageDescription</key>
        <string>Add your shifts to your calendar.</string>
        <key>NSPhotoLibraryUsageDescription</key>
        <string>Attach photos to a report.</string>
        <key>NSPhotoLibraryAddUsageDescription</key>
        <string>Save scanned receipts.</string>
        <key>UISupportedInterfaceOrientations~ipad</key>
        <array>
        \t<string>UIInterfaceOrientationPortrait</string>
        </array>
        <key>UTExportedTypeDeclarations</key>
        <array/>
        <key>UTImportedTypeDeclarations</key>
        <array/>
        """),
      // Keys of the app's own and of its SDKs.
      RuleExample("""
        <key>FBUserTrackingUsageDescription</key>
        <string>Measure our ads.</string>
        <key>NSCameraUsageDescriptionForScanner</key>
        <string>Scan badges.</string>
        <key>AppIdentifierPrefix</key>
        <string>$(AppIdentifierPrefix)</string>
        <key>GADApplicationIdentifier</key>
        <string>ca-app-pub-3940256099942544~1458002511</string>
        <key>API_KEY</key>
        <string>placeholder</string>
        """),
      // The documented key is there: the near miss is a leftover, not why it is missing.
      RuleExample("""
        <key>NSCameraUsageDescription</key>
        <string>Scan receipts.</string>
        <key>NSCameraUsageDescripton</key>
        <string>Scan receipts.</string>
        """),
    ],
    referenceData: AppleInfoPlistKeys.referenceData
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    let document = target.infoPlist
    let misspelled = InfoPlistKeySpelling.misspelledKeys(in: target)
    let byIntended = Dictionary(grouping: misspelled, by: \.intended)
    for key in misspelled {
      let group = byIntended[key.intended, default: []]
      var notes: [String] = []
      var fix: LintFix?
      if group.count == 1 {
        fix = findings.fix(
          "rename '\(key.written)' to '\(key.intended)'", .safe, in: document,
          [.renameKey(in: [], key: key.written, to: key.intended)])
      } else {
        // Renaming both would write the documented key twice: which one holds the right value is the author's call.
        let others = group.lazy.filter { $0.written != key.written }
        let names = InfoPlistKeySpelling.quotedList(others.map(\.written), count: group.count - 1)
        let verb = group.count == 2 ? "looks" : "look"
        notes.append("\(names) also \(verb) like '\(key.intended)': keep the one with the right value and rename it")
      }
      let caseNote = key.differsOnlyInCase ? " (keys are case-sensitive)" : ""
      findings.report(
        "'\(key.written)' is not a key iOS reads\(caseNote); did you mean '\(key.intended)'?",
        aboutKeyOf: key.entry, in: document, notes: notes, fix: fix)
    }
  }
}

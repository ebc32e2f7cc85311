import IntuneKnowledge
import SharelintBase

/// IM006: `MaxFileProtectionLevel` that is not one of the documented `NSFileProtectionType` names.
struct InvalidFileProtectionLevelRule: LintRule {
  static let description = RuleDescription(
    identifier: "invalid-file-protection-level",
    family: .intuneSettings, number: 6,
    summary: "MaxFileProtectionLevel is not a documented NSFileProtectionType",
    whatItDoes: """
      Checks that `MaxFileProtectionLevel` is `NSFileProtectionComplete`, \
      `NSFileProtectionCompleteUnlessOpen`, `NSFileProtectionCompleteUntilFirstUserAuthentication` or \
      `NSFileProtectionNone`, and names the intended one for Swift spellings like \
      `completeUntilFirstUserAuthentication`.
      """,
    whyItMatters: """
      An unknown value caps nothing, so files get the level the policy asks for, by default \
      `NSFileProtectionComplete`: ten seconds after the device locks the app loses access to its \
      protected files, which breaks lock-screen UI, background work and databases (Microsoft's settings \
      table recommends `NSFileProtectionCompleteUntilFirstUserAuthentication` for such apps).
      """,
    useInstead: "Write the Objective-C constant name, e.g. `NSFileProtectionCompleteUntilFirstUserAuthentication`.",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>MaxFileProtectionLevel</key>
        \t↓<string>completeUntilFirstUserAuthentication</string>
        </dict>
        """,
        messages: [
          """
          'completeUntilFirstUserAuthentication' is not a file protection level the SDK knows; did you mean \
          'NSFileProtectionCompleteUntilFirstUserAuthentication'?
          """,
        ]),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>MaxFileProtectionLevel</key>
        \t↓<string>NSFileProtectionCompleteUnlessOpened</string>
        </dict>
        """,
        messages: [
          """
          'NSFileProtectionCompleteUnlessOpened' is not a file protection level the SDK knows; did you mean \
          'NSFileProtectionCompleteUnlessOpen'?
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>MaxFileProtectionLevel</key>
        \t<string>NSFileProtectionCompleteUntilFirstUserAuthentication</string>
        </dict>
        """),
    ],
    guideSteps: [52]
  )

  /// The documented level `text` was meant to be: the same name without the `NSFileProtection`
  /// prefix or in another case (Swift's `.completeUntilFirstUserAuthentication`), else the nearest.
  static func intendedLevel(for text: String) -> String {
    func core(_ name: String) -> String {
      var lowered = name.lowercased().trimmingCharacters(in: .whitespaces)
      for prefix in ["fileprotectiontype.", ".", "nsfileprotection"] where lowered.hasPrefix(prefix) {
        lowered.removeFirst(prefix.count)
      }
      return lowered
    }
    let levels = IntuneSettingsCatalog.fileProtectionLevels
    let wantedCore = core(text)
    if let exact = levels.first(where: { core($0) == wantedCore }) { return exact }
    // Each level's distance is worked out once, not again in every comparison of a sort.
    let wanted = Array(wantedCore)
    let distances = levels.map { EditDistance.levenshtein(wanted, Array(core($0))) }
    return distances.indices.min { distances[$0] < distances[$1] }.map { levels[$0] } ?? levels[0]
  }

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let value = target.intuneSettings?["MaxFileProtectionLevel"], let text = value.string,
      !IntuneSettingsCatalog.fileProtectionLevels.contains(text)
    else { return }
    findings.report(
      "'\(text)' is not a file protection level the SDK knows; did you mean '\(Self.intendedLevel(for: text))'?",
      about: value, in: target.infoPlist,
      notes: [
        "documented values: " + IntuneSettingsCatalog.fileProtectionLevels.map { "'\($0)'" }.joined(separator: ", ")
      ])
  }
}

import PropertyList

/// IM023: `VerboseLoggingEnabled` is on in a build that ships.
struct VerboseLoggingInReleaseRule: LintRule {
  static let key = "VerboseLoggingEnabled"

  static let description = RuleDescription(
    identifier: "verbose-logging-in-release",
    family: .intuneSettings, number: 23,
    summary: "VerboseLoggingEnabled turns on the Intune SDK's verbose logging in a build that ships",
    whatItDoes: """
      Finds `IntuneMAMSettings.VerboseLoggingEnabled` set to YES (as the SDK reads a flag) in a build that ships: \
      for a target of an Xcode project, a configuration that does not build for debugging (a name without \
      "Debug", no `DEBUG` in `SWIFT_ACTIVE_COMPILATION_CONDITIONS` or `GCC_PREPROCESSOR_DEFINITIONS`), with the \
      Info.plist it builds; loose files and built bundles as they are.
      """,
    whyItMatters: """
      The settings tables of the 2020 and "stage 3" guides: "If set to YES, Intune will log in verbose mode" \
      (default NO), listed with `MAMTelemetryUsePPE` among the settings for testing an integration. Verbose logs \
      of a shipped app fill users' devices and diagnostic uploads with the SDK's account, policy and enrollment \
      details, which the default level leaves out.
      """,
    useInstead: """
      Remove the key, or set it only in a debug configuration (an `#if DEBUG` block of a preprocessed Info.plist, \
      or a Debug-only `INFOPLIST_FILE`). No automatic fix: a test build may want it.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>VerboseLoggingEnabled</key>
        \t↓<true/>
        </dict>
        """,
        messages: [
          "'VerboseLoggingEnabled' is on in a build that ships: the Intune SDK logs in verbose mode, which the guides "
            + "leave to testing",
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>VerboseLoggingEnabled</key>
        \t<false/>
        </dict>
        """),
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            settingsByConfiguration: ["Debug": ["INFOPLIST_FILE": "App/Info-Debug.plist"]],
            frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
        ]),
        files: ["App/Info-Debug.plist": RuleExample.intuneAppInfoPlist.replacingOccurrences(
          of: "</dict>", with: "\t<key>VerboseLoggingEnabled</key>\n\t<true/>\n</dict>")]),
    ],
    guideSteps: [59]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard DebugConfiguration.isDebug(target) != true, let node = target.intuneSettings?[Self.key], intuneFlagIsOn(node)
    else { return }
    findings.report(
      "'\(Self.key)' is on in a build that ships: the Intune SDK logs in verbose mode, which the guides leave to "
        + "testing",
      about: node, in: target.infoPlist)
  }
}

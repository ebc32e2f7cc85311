import PropertyList

/// IM021: `MAMTelemetryUsePPE` is on, which sends the SDK's telemetry to Microsoft's test back end.
struct TelemetryToTestBackendRule: LintRule {
  static let key = "MAMTelemetryUsePPE"

  static let description = RuleDescription(
    identifier: "telemetry-to-test-backend",
    family: .intuneSettings, number: 21,
    summary: "MAMTelemetryUsePPE sends the SDK's telemetry to the pre-production back end",
    whatItDoes: """
      Finds `IntuneMAMSettings.MAMTelemetryUsePPE` set to YES (as the SDK reads a flag: `<true/>`, a non-zero \
      number, or a string such as "YES") in a build that ships. For a target of an Xcode project, only \
      configurations that do not build for debugging are checked (a name without "Debug", no `DEBUG` in \
      `SWIFT_ACTIVE_COMPILATION_CONDITIONS` or `GCC_PREPROCESSOR_DEFINITIONS`), each with the Info.plist it \
      builds (preprocessed, or its own `INFOPLIST_FILE`): a key kept to Debug is not reported. Loose files and \
      built bundles, whose configuration is unknown, are checked as they are.
      """,
    whyItMatters: """
      The settings tables (stage 3 and 2020 guides, "Configure settings for the Intune App SDK"; the 2016 guide) \
      reserve it for testing: "use this when testing your app with Intune policy so that test telemetry data \
      doesn't mix up with customer data". Left on in a build that ships, the SDK's telemetry from real devices \
      goes to Microsoft's pre-production service, where nobody supporting the customer's tenant sees it. No \
      public issue reports it; the step is the guides' own.
      """,
    useInstead: """
      Remove the key, or set it only in a test configuration (an `#if` of a preprocessed Info.plist, or a \
      configuration-specific Info.plist). No automatic fix: a test build may want it.
      """,
    fixApplicabilities: [],
    defaultSeverity: .warning,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>MAMTelemetryUsePPE</key>
        \t↓<true/>
        </dict>
        """,
        messages: [
          """
          'MAMTelemetryUsePPE' is on: the Intune SDK sends its telemetry to Microsoft's pre-production back end, \
          which the guides reserve for testing; keep it out of builds that ship
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>MAMTelemetryDisabled</key>
        \t<true/>
        \t<key>MAMTelemetryUsePPE</key>
        \t<false/>
        </dict>
        """),
    ],
    guideSteps: [59]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard DebugConfiguration.isDebug(target) != true, let node = target.intuneSettings?[Self.key], intuneFlagIsOn(node)
    else { return }
    findings.report(
      "'\(Self.key)' is on: the Intune SDK sends its telemetry to Microsoft's pre-production back end, which the "
        + "guides reserve for testing; keep it out of builds that ship",
      about: node, in: target.infoPlist)
  }
}

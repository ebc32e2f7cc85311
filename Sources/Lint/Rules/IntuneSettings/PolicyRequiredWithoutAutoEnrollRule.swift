/// IM003: `MAMPolicyRequired` YES without `AutoEnrollOnLaunch` YES.
struct PolicyRequiredWithoutAutoEnrollRule: LintRule {
  static let description = RuleDescription(
    identifier: "policy-required-without-auto-enroll",
    family: .intuneSettings, number: 3,
    summary: "MAMPolicyRequired is set without AutoEnrollOnLaunch",
    whatItDoes: "Finds `MAMPolicyRequired` set to YES while `AutoEnrollOnLaunch` is absent or NO.",
    whyItMatters: """
      With `MAMPolicyRequired` the SDK blocks the app from starting until it has an app protection \
      policy, and without `AutoEnrollOnLaunch` nothing enrolls it at launch: a fresh install stops at \
      the SDK's block screen before the app's own sign-in code can run. Microsoft's settings table: \
      "When setting MAMPolicyRequired to YES, AutoEnrollOnLaunch should also be set to YES."
      """,
    useInstead: "Set `AutoEnrollOnLaunch` to `<true/>` next to `MAMPolicyRequired`.",
    fixApplicabilities: [],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunh</key>
        \t<true/>
        \t<key>MAMPolicyRequired</key>
        \t↓<true/>
        </dict>
        """,
        messages: [
          """
          'MAMPolicyRequired' is YES but 'AutoEnrollOnLaunch' is not set; a new install is blocked at launch with \
          nothing to enroll it
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        \t<key>MAMPolicyRequired</key>
        \t<true/>
        </dict>
        """),
      RuleExample("""
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>MAMPolicyRequired</key>
        \t<false/>
        </dict>
        """),
    ],
    guideSteps: [47]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard let settings = target.intuneSettings, let policyRequired = settings["MAMPolicyRequired"],
      intuneFlagIsOn(policyRequired), !intuneFlagIsOn(settings["AutoEnrollOnLaunch"])
    else { return }
    let state = settings["AutoEnrollOnLaunch"] == nil ? "is not set" : "is NO"
    findings.report(
      "'MAMPolicyRequired' is YES but 'AutoEnrollOnLaunch' \(state); a new install is blocked at launch "
        + "with nothing to enroll it",
      about: policyRequired, in: target.infoPlist)
  }
}

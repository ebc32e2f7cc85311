import PropertyList

/// IM018: the app schedules background tasks but `FinishLaunchingAtStartup` is not YES.
struct BackgroundTasksWithoutFinishLaunchingRule: LintRule {
  static let key = "FinishLaunchingAtStartup"
  static let backgroundTasksKey = "BGTaskSchedulerPermittedIdentifiers"

  static let description = RuleDescription(
    identifier: "background-tasks-without-finish-launching",
    family: .intuneSettings, number: 18,
    summary: "the app declares BGTaskScheduler identifiers but FinishLaunchingAtStartup is not YES",
    whatItDoes: """
      In apps whose Info.plist lists `BGTaskSchedulerPermittedIdentifiers`, requires \
      `IntuneMAMSettings.FinishLaunchingAtStartup` to be YES.
      """,
    whyItMatters: """
      `BGTaskScheduler` requires every task to be registered before `application(_:didFinishLaunchingWithOptions:)` \
      returns. The Intune SDK holds back the end of launching until its own startup (and enrollment UI) is done \
      unless `FinishLaunchingAtStartup` is YES, so the app's registration comes too late and iOS raises \
      "All launch handlers must be registered before application finishes launching": the app crashes at launch \
      on the device (ms-intune-app-sdk-ios#132). The stage 3 settings table ("Configure settings for the Intune \
      App SDK") says to set it to YES when the app uses `[BGTaskScheduler registerForTaskWithIdentifier:]`.
      """,
    useInstead: "Add `FinishLaunchingAtStartup` = YES under `IntuneMAMSettings`; the fix adds it when it is missing.",
    fixApplicabilities: [.safe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        """
        <key>BGTaskSchedulerPermittedIdentifiers</key>
        <array>
        \t<string>com.contoso.notes.refresh</string>
        </array>
        <key>IntuneMAMSettings</key>
        ↓<dict>
        \t<key>AutoEnrollOnLaunch</key>
        \t<true/>
        </dict>
        """,
        messages: [
          """
          IntuneMAMSettings has no 'FinishLaunchingAtStartup' = YES; the app declares \
          'BGTaskSchedulerPermittedIdentifiers', and BGTaskScheduler crashes the app at launch when the Intune SDK \
          holds back the end of launching
          """,
        ],
        corrected: """
          <key>BGTaskSchedulerPermittedIdentifiers</key>
          <array>
          \t<string>com.contoso.notes.refresh</string>
          </array>
          <key>IntuneMAMSettings</key>
          <dict>
          \t<key>AutoEnrollOnLaunch</key>
          \t<true/>
          \t<key>FinishLaunchingAtStartup</key>
          \t<true/>
          </dict>
          """),
      RuleExample("""
        <key>BGTaskSchedulerPermittedIdentifiers</key>
        <array>
        \t<string>com.contoso.notes.refresh</string>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>FinishLaunchingAtStartup</key>
        \t↓<false/>
        </dict>
        """,
        messages: [
          """
          'FinishLaunchingAtStartup' is not YES; the app declares 'BGTaskSchedulerPermittedIdentifiers', and \
          BGTaskScheduler crashes the app at launch when the Intune SDK holds back the end of launching
          """,
        ]),
    ],
    nonTriggeringExamples: [
      RuleExample("""
        <key>BGTaskSchedulerPermittedIdentifiers</key>
        <array>
        \t<string>com.contoso.notes.refresh</string>
        </array>
        <key>IntuneMAMSettings</key>
        <dict>
        \t<key>FinishLaunchingAtStartup</key>
        \t<true/>
        </dict>
        """),
      RuleExample("""
        <key>BGTaskSchedulerPermittedIdentifiers</key>
        <array/>
        <key>IntuneMAMSettings</key>
        <dict/>
        """),
    ],
    guideSteps: [56]
  )

  func check(_ target: LintTarget, into findings: inout Findings) {
    guard target.kind == .app, let identifiers = target.infoPlist.root[Self.backgroundTasksKey]?.elements,
      !identifiers.isEmpty
    else { return }
    let setting = target.intuneSettings?[Self.key]
    guard !intuneFlagIsOn(setting) else { return }
    let reason = "the app declares '\(Self.backgroundTasksKey)', and BGTaskScheduler crashes the app at launch "
      + "when the Intune SDK holds back the end of launching"
    if let setting {
      findings.report("'\(Self.key)' is not YES; \(reason)", about: setting, in: target.infoPlist)
      return
    }
    let fix = target.intuneSettings.map { settings in
      findings.fix(
        "add '\(Self.key)' = YES to 'IntuneMAMSettings'", .safe, in: target.infoPlist,
        [.insertEntry(
          into: settings.path, key: Self.key, value: .boolean(true), after: keySortingBefore(Self.key, in: settings))])
    }
    findings.reportMissingIntuneSetting(
      "no '\(Self.key)' = YES", consequence: reason, key: Self.key, of: target, fix: fix)
  }
}

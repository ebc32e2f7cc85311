/// XC005: bitcode is on in a configuration that links the Intune App SDK.
struct BitcodeEnabledRule: TargetRule {
  static let description = RuleDescription(
    identifier: "bitcode-enabled-with-intune-sdk",
    family: .xcodeProject, number: 5,
    summary: "ENABLE_BITCODE is YES in a configuration that links the Intune App SDK",
    whatItDoes: """
      Evaluates `ENABLE_BITCODE` as Xcode does (xcconfig files, project and target levels, conditions; undefined is \
      NO, Xcode 14's default) in every configuration of a target that links the Intune App SDK, and reports YES.
      """,
    whyItMatters: """
      The SDK ships without bitcode: the link fails with "does not contain bitcode" (microsoftconnect/\
      ms-intune-app-sdk-ios issues #9, #60, #72, #86, #135). The integration guide ("stage 3", Xcode build \
      settings) says the app "should set Enable Bitcode (ENABLE_BITCODE) to NO".
      """,
    useInstead: """
      `ENABLE_BITCODE = NO` where the YES is written (the fix edits that value: in the `.xcconfig` that assigns it, \
      or in the project file).
      """,
    fixApplicabilities: [.safe, .unsafe],
    defaultSeverity: .error,
    requiresIntune: true,
    triggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init(
            "App",
            settingsByConfiguration: ["Release": ["ENABLE_BITCODE": "↓YES"]],
            frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
        ]),
        messages: [
          "'ENABLE_BITCODE' is 'YES'; the Intune App SDK has no bitcode and the guide asks for NO",
        ],
        corrected: ExampleProject(targets: [
          .init(
            "App",
            settingsByConfiguration: ["Release": ["ENABLE_BITCODE": "NO"]],
            frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
        ])),
      RuleExample(
        project: ExampleProject(
          targets: [
            .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
            .init("Share", isExtension: true, frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
          ],
          projectSettings: ["ENABLE_BITCODE": "↓YES"]),
        messages: [String](
          repeating: "'ENABLE_BITCODE' is 'YES'; the Intune App SDK has no bitcode and the guide asks for NO",
          count: 2),
        corrected: ExampleProject(
          targets: [
            .init("App", frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
            .init("Share", isExtension: true, frameworks: [.init("Frameworks/IntuneMAMStatic.xcframework")]),
          ],
          projectSettings: ["ENABLE_BITCODE": "NO"])),
    ],
    nonTriggeringExamples: [
      RuleExample(
        project: ExampleProject(targets: [
          .init("App", frameworks: ExampleProject.Framework.intuneSDKInFrameworksFolder),
        ])),
      RuleExample(
        project: ExampleProject(targets: [.init("App", settings: ["ENABLE_BITCODE": "YES"])]),
        infoPlist: "<key>CFBundleIdentifier</key>\n<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"),
    ],
    guideSteps: [13]
  )

  func check(_ target: ProjectTargetFacts, into findings: inout Findings) {
    target.inEachConfiguration(into: &findings) { check($0, into: &$1) }
  }

  /// Reports what is wrong in the configuration `view` shows.
  private func check(_ view: ProjectTargetView, into findings: inout Findings) {
    guard !view.intuneLibraries.isEmpty,
      view.isYes("ENABLE_BITCODE", default: false)
    else { return }
    let (fix, notes) = view.settingFix("ENABLE_BITCODE", to: "NO", findings: findings)
    view.report(
      "'ENABLE_BITCODE' is '\(view.value(of: "ENABLE_BITCODE"))'; the Intune App SDK has no bitcode and the guide "
        + "asks for NO",
      at: view.settingSite("ENABLE_BITCODE"), keyPath: "ENABLE_BITCODE", notes: notes, fix: fix,
      into: &findings)
  }
}
